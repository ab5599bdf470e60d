"""Every kernel of the JAX suite (tools/jax/suite_kernels.py), called live through
tessera.jax, against its plain jax.numpy reference: alone, under vmap (a batched grid), inside
a bigger jitted function, and inside lax.fori_loop / lax.scan."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

from conftest import KERNELS, assert_close, inputs_of


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_kernel(tessera_jax, name):
    k = KERNELS[name]
    xs = inputs_of(k)
    want = jax.jit(k.ref)(*xs)
    with tessera_jax.enabled():
        fn = jax.jit(k.build(False))
        text = fn.lower(*xs).as_text()
        got = fn(*xs)
    assert "@tessera_tpu_custom_call" in text and "@tpu_custom_call" not in text
    assert_close(got, want, k.rtol, k.atol, name)


def _second_inputs(k):
    """Another input set of the same shapes: float inputs redrawn where they are not zero
    (block-sparse operands keep their zero blocks), integer ones (scalar prefetch: block lists,
    counts) kept."""
    rng = np.random.default_rng(99)
    return [np.where(x == 0, x, rng.standard_normal(x.shape).astype(x.dtype))
            if np.issubdtype(x.dtype, np.floating) or x.dtype.name == "bfloat16" else x
            for x in inputs_of(k)]


# Their operands are whole arrays in pl.ANY; batched, they would need a block per batch
# element, which JAX's TPU lowering refuses (on a TPU as well).
ANY_OPERANDS = {"manual_dma", "emit_pipeline_matmul"}
# A bitcast of a ref across widths: batched, JAX's TPU lowering gives a memref_bitcast whose
# ranks differ, which Mosaic's verifier rejects (on a TPU as well).
REF_BITCASTS = {"packed_bf16_pages"}


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_vmap(tessera_jax, name):
    k = KERNELS[name]
    xs = [np.stack([a, b]) for a, b in zip(inputs_of(k), _second_inputs(k))]
    want = jax.jit(jax.vmap(k.ref))(*xs)
    with tessera_jax.enabled():
        fn = jax.jit(jax.vmap(k.build(False)))
        if name in ANY_OPERANDS:
            with pytest.raises(ValueError, match="in memory space ANY only blocks having the same"):
                fn(*xs)
            return
        if name in REF_BITCASTS:
            with pytest.raises(Exception, match="'tpu.memref_bitcast' op Ranks do not match"):
                fn(*xs)
            return
        got = fn(*xs)
    assert_close(got, want, k.rtol, k.atol, name + " under vmap")


def _scaled(xs):
    # exact: a power of two, for f32 and bf16 alike
    return [x * 0.5 if jnp.issubdtype(x.dtype, jnp.floating) else x for x in xs]


def _bigger(kernel):
    def f(*xs):
        outs = kernel(*_scaled(xs))
        outs = [o + 1 if jnp.issubdtype(o.dtype, jnp.floating) else o * 3 for o in
                (outs if isinstance(outs, (list, tuple)) else [outs])]
        return outs, jnp.sum(jnp.tanh(xs[-1].astype(jnp.float32)))
    return f


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_inside_a_bigger_jit(tessera_jax, name):
    k = KERNELS[name]
    xs = inputs_of(k)
    want = jax.jit(_bigger(k.ref))(*xs)
    with tessera_jax.enabled():
        got = jax.jit(_bigger(k.build(False)))(*xs)
    # the +1 after the kernel rounds: no exact comparison
    assert_close(got[0], want[0], max(k.rtol, 1e-6), max(k.atol, 1e-6), name + " in a bigger jit")
    assert_close(got[1], want[1], 1e-6, 1e-6, name + " beside the kernel")


def test_fori_loop_and_scan(tessera_jax):
    k = KERNELS["elementwise"]
    x, y = inputs_of(k)

    def loop(kernel):
        def f(x, y):
            x = lax.fori_loop(0, 3, lambda i, x: kernel(x, y) * 0.5, x)
            _, ys = lax.scan(lambda c, xi: (c, kernel(xi, y)), 0.0, jnp.stack([x, y, x * 2]))
            return x, ys
        return f

    want = jax.jit(loop(k.ref))(x, y)
    with tessera_jax.enabled():
        got = jax.jit(loop(k.build(False)))(x, y)
    assert_close(got, want, 1e-5, 1e-5, "fori_loop and scan")
