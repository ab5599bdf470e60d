"""JAX's own library of Pallas TPU kernels (jax.experimental.pallas.ops.tpu), written by JAX's
authors for real models, run under jax.jit through tessera and checked against independent
references: the same computation in jax.numpy, JAX's own reference function where the library
ships one, or (for the integer PRNG kernels) jax.random and JAX's TPU interpret mode.

None of these kernels is in tessera's own suite. Matmuls in them use the default precision,
which on a TPU (and in tessera, docs/mosaic.md) rounds f32 operands to bf16; the references
are exact f32, so the tests ask for full precision (`jax_default_matmul_precision`), which
the kernels' dots inherit, and compare at f32 tolerances."""
from __future__ import annotations

import importlib

import numpy as np
import pytest

import jax
import jax.numpy as jnp

import tessera.jax

tpu_ops = pytest.importorskip("jax.experimental.pallas.ops.tpu")

CHIPS = ["v5e", "v5p"]


@pytest.fixture(autouse=True)
def full_precision():
    with jax.default_matmul_precision("highest"):
        yield


def normal(seed, shape, dtype=jnp.float32):
    return jax.random.normal(jax.random.PRNGKey(seed), shape, dtype)


def run(chip, f, *args):
    with tessera.jax.enabled(chip=chip, check=True):
        return jax.block_until_ready(jax.jit(f)(*args))


def close(got, want, rtol=2e-5, atol=2e-5):
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(want, np.float64), rtol=rtol, atol=atol)


def causal_attention(q, k, v, scale):
    s = jnp.einsum("...qd,...kd->...qk", q, k) * scale
    n = q.shape[-2]
    s = jnp.where(jnp.tril(jnp.ones((n, n), bool)), s, -jnp.inf)
    return jnp.einsum("...qk,...kd->...qd", jax.nn.softmax(s, axis=-1), v)


@pytest.mark.parametrize("chip", CHIPS)
def test_megablox_gmm_and_tgmm(chip):
    gmm_mod = importlib.import_module("jax.experimental.pallas.ops.tpu.megablox.gmm")

    m, k, n = 512, 256, 256
    sizes = [100, 156, 0, 256]  # ragged groups, an empty one, one spanning tiles
    lhs, rhs, dout = normal(0, (m, k)), normal(1, (len(sizes), k, n)), normal(2, (m, n))
    group_sizes = jnp.array(sizes, jnp.int32)
    starts = np.concatenate([[0], np.cumsum(sizes)])

    got = run(chip, lambda a, b, g: gmm_mod.gmm(a, b, g, tiling=(128, 128, 128)), lhs, rhs, group_sizes)
    want = jnp.concatenate([lhs[s:e] @ rhs[i] for i, (s, e) in enumerate(zip(starts[:-1], starts[1:]))])
    close(got, want, rtol=1e-4, atol=1e-4)

    got = run(chip, lambda a, b, g: gmm_mod.tgmm(a.T, b, g, tiling=(128, 128, 128)), lhs, dout, group_sizes)
    want = jnp.stack([lhs[s:e].T @ dout[s:e] for s, e in zip(starts[:-1], starts[1:])])
    close(got, want, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("chip", CHIPS)
def test_flash_attention_forward_and_gradients(chip):
    from jax.experimental.pallas.ops.tpu import flash_attention as fa

    b, h, s, d = 1, 2, 256, 128
    q, k, v = (normal(i, (b, h, s, d)) for i in range(3))
    blocks = fa.BlockSizes(block_q=128, block_k_major=128, block_k=128, block_b=1,
                           block_q_major_dkv=128, block_k_major_dkv=128, block_k_dkv=128,
                           block_q_dkv=128, block_k_major_dq=128, block_k_dq=128, block_q_dq=128)

    def kernel_loss(q, k, v):
        return jnp.sum(fa.flash_attention(q, k, v, causal=True, sm_scale=0.5, block_sizes=blocks) ** 2)

    def reference_loss(q, k, v):
        return jnp.sum(causal_attention(q, k, v, 0.5) ** 2)

    got = run(chip, lambda q, k, v: fa.flash_attention(q, k, v, causal=True, sm_scale=0.5, block_sizes=blocks), q, k, v)
    close(got, causal_attention(q, k, v, 0.5))
    got = run(chip, jax.grad(kernel_loss, argnums=(0, 1, 2)), q, k, v)
    want = jax.grad(reference_loss, argnums=(0, 1, 2))(q, k, v)
    for g, w in zip(got, want):
        close(g, w, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("chip", CHIPS)
def test_paged_attention(chip):
    from jax.experimental.pallas.ops.tpu.paged_attention import paged_attention

    heads, d, page, pages_per_seq, batch, total_pages = 4, 128, 16, 8, 2, 32
    q = normal(0, (batch, heads, d))
    k_pages, v_pages = normal(1, (heads, total_pages, page, d)), normal(2, (heads, total_pages, page, d))
    lengths = jnp.array([37, 128], jnp.int32)  # one sequence ends inside a page
    order = jax.random.permutation(jax.random.PRNGKey(3), total_pages)
    page_indices = order[: batch * pages_per_seq].reshape(batch, pages_per_seq).astype(jnp.int32)

    got = run(chip, lambda *a: paged_attention(*a, pages_per_compute_block=4), q, k_pages, v_pages, lengths, page_indices)
    # the kernel itself truncates the f32 pages it loads to bf16 before its dots (arith.truncf
    # in its Mosaic body), so the reference takes the pages rounded alike
    k_pages, v_pages = (p.astype(jnp.bfloat16).astype(jnp.float32) for p in (k_pages, v_pages))
    for b in range(batch):
        n = int(lengths[b])
        keys = k_pages[:, page_indices[b]].reshape(heads, -1, d)[:, :n]
        values = v_pages[:, page_indices[b]].reshape(heads, -1, d)[:, :n]
        weights = jax.nn.softmax(jnp.einsum("hd,hkd->hk", q[b], keys), axis=-1)
        close(got[b], jnp.einsum("hk,hkd->hd", weights, values))


@pytest.mark.parametrize("chip", CHIPS)
def test_ragged_paged_attention(chip):
    from jax.experimental.pallas.ops.tpu.ragged_paged_attention import kernel as rpa

    q_heads, kv_heads, d, page, pages_per_seq, total_pages = 8, 4, 128, 16, 8, 64
    q_lens, kv_lens = [5, 1, 40], [37, 100, 64]  # prefill and decode mixed
    q = normal(0, (64, q_heads, d))
    kv_pages = normal(1, (total_pages, page, 2 * kv_heads, d))
    kv_len = jnp.array(kv_lens + [0], jnp.int32)
    order = jax.random.permutation(jax.random.PRNGKey(2), total_pages)
    page_indices = order[: 4 * pages_per_seq].reshape(4, pages_per_seq).astype(jnp.int32)
    cu_q_lens = jnp.array(np.concatenate([[0], np.cumsum(q_lens), [sum(q_lens)]]), jnp.int32)
    num_seqs = jnp.array([len(q_lens)], jnp.int32)
    args = (q, kv_pages, kv_len, page_indices, cu_q_lens, num_seqs)

    got = run(chip, lambda *a: rpa.ragged_paged_attention(
        *a, sm_scale=0.1, num_kv_pages_per_block=4, num_queries_per_block=16), *args)
    want = rpa.ref_ragged_paged_attention(*args, sm_scale=0.1)
    n = sum(q_lens)  # rows past the last sequence's queries are padding
    close(got[:n], want[:n])


@pytest.mark.parametrize("chip", CHIPS)
def test_splash_attention(chip):
    from jax.experimental.pallas.ops.tpu.splash_attention import splash_attention_kernel as sk
    from jax.experimental.pallas.ops.tpu.splash_attention import splash_attention_mask as sm

    h, s, d = 2, 256, 128
    q, k, v = (normal(i, (h, s, d)) for i in range(3))
    mask = sm.MultiHeadMask([sm.CausalMask((s, s)) for _ in range(h)])
    blocks = sk.BlockSizes(block_q=128, block_kv=128, block_kv_compute=128)
    kernel = sk.make_splash_mha(mask, head_shards=1, q_seq_shards=1, block_sizes=blocks)
    if chip == "v5p":
        # The kernel keeps its running max, sum and accumulator in three outputs it throws away
        # (out0-out2, "m/l/o scratch"), whose index maps give every grid step block (0, 0). The
        # heads axis is parallel: v5p's cores take a head each and both write those blocks back
        # after their last step (3 of the 2x2 q and kv blocks, grid index (head, 1, 1)), a
        # race the checkers report. The attention (out3) is each core's own: right.
        with pytest.raises(tessera.KernelError) as e:
            run(chip, kernel, q, k, v)
        assert e.value.status == "TSR_ERR_RACE" and len(e.value.findings) == 3, str(e.value)
        for i, f in enumerate(e.value.findings):
            assert f.startswith(f"race on core 0 and core 1: out{i} block (0, 0) is written back by core 0 at grid "
                                "index (0, 1, 1) (its step 3) and by core 1 at grid index (1, 1, 1) (its step 3)"), f
        with tessera.jax.enabled(chip=chip, check=False):
            got = jax.block_until_ready(jax.jit(kernel)(q, k, v))
        close(got, causal_attention(q, k, v, 1.0))
        return
    close(run(chip, kernel, q, k, v), causal_attention(q, k, v, 1.0))


@pytest.mark.parametrize("chip", CHIPS)
def test_prng_kernels(chip):
    from jax.experimental.pallas import tpu as pltpu
    from jax.experimental.pallas.ops.tpu.random import philox, threefry

    key = jnp.array([[0, 42]], jnp.uint32)
    shape = (256, 512)
    got = run(chip, lambda k: threefry.plthreefry_random_bits(k, 32, shape), key)
    with jax.threefry_partitionable(True):  # the kernel's counter layout is the partitionable one
        want = jax.random.bits(jax.random.wrap_key_data(key[0], impl="threefry2x32"), shape, jnp.uint32)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))

    got = run(chip, lambda k: philox.philox_random_bits(k, 32, shape), key)
    with pltpu.force_tpu_interpret_mode():  # JAX's own TPU interpreter as the peer
        want = jax.jit(lambda k: philox.philox_random_bits(k, 32, shape))(key)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
    assert len(np.unique(np.asarray(got))) > shape[0] * shape[1] * 0.99  # not a constant


def test_timing_of_library_kernels():
    """The timing model on kernels it was not written against: each call gets a positive
    simulated time on v5e, and a timing-only run (nothing computed, docs/timing.md) runs
    without computing and gives exactly the same figure."""
    from jax.experimental.pallas.ops.tpu import flash_attention as fa
    from jax.experimental.pallas.ops.tpu.paged_attention import paged_attention
    from jax.experimental.pallas.ops.tpu.splash_attention import splash_attention_kernel as sk
    from jax.experimental.pallas.ops.tpu.splash_attention import splash_attention_mask as sm
    gmm_mod = importlib.import_module("jax.experimental.pallas.ops.tpu.megablox.gmm")

    mask = sm.MultiHeadMask([sm.CausalMask((256, 256)) for _ in range(2)])
    cases = {
        "gmm": (lambda a, b, g: gmm_mod.gmm(a, b, g, tiling=(128, 128, 128)),
                (normal(0, (512, 256)), normal(1, (4, 256, 256)), jnp.array([100, 156, 0, 256], jnp.int32))),
        "flash": (lambda q, k, v: fa.flash_attention(q, k, v, causal=True),
                  tuple(normal(i, (1, 2, 256, 128)) for i in range(3))),
        "paged": (lambda *a: paged_attention(*a, pages_per_compute_block=4),
                  (normal(0, (2, 4, 128)), normal(1, (4, 32, 16, 128)), normal(2, (4, 32, 16, 128)),
                   jnp.array([37, 128], jnp.int32), jnp.arange(16, dtype=jnp.int32).reshape(2, 8))),
        "splash": (sk.make_splash_mha(mask, head_shards=1, q_seq_shards=1),
                   tuple(normal(i, (2, 256, 128)) for i in range(3))),
    }
    for name, (fn, args) in cases.items():
        with tessera.jax.enabled(check=False), tessera.jax.timing(chip="v5e") as full:
            jax.block_until_ready(jax.jit(fn)(*args))
        with tessera.jax.enabled(check=False), tessera.jax.timing(chip="v5e", timing_only=True) as only:
            jax.block_until_ready(jax.jit(fn)(*args))
        assert full.calls == only.calls == 1 and full.simulated_seconds > 0, (name, full.calls, only.calls)
        assert only.simulated_seconds == full.simulated_seconds, (name, only.simulated_seconds, full.simulated_seconds)
        assert only.timing_only_calls == 1, (name, only.timing_only_calls)  # none needed its data
