"""JAX's own flash attention (jax.experimental.pallas.ops.tpu.flash_attention) at small
shapes, through tessera: the forward pass and jax.grad (its custom_vjp's backward kernels run
through tessera too) against a plain jax.numpy attention.

Its f32 matmuls use the default precision, which on a TPU (and in tessera) takes bf16-rounded
operands with f32 accumulation: the results are within about 0.5% of the f32 reference's
largest value, so the tolerance is 2% of it (a wrong mask or block would be off by 100%)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental.pallas.ops.tpu import flash_attention as fa

B, H, S, D = 1, 2, 256, 128
SCALE = 1.0 / np.sqrt(D)
BLOCKS = fa.BlockSizes(block_q=128, block_k_major=128, block_k=128, block_b=1,
                       block_q_major_dkv=128, block_k_major_dkv=128, block_k_dkv=128,
                       block_q_dkv=128, block_k_major_dq=128, block_k_dq=128, block_q_dq=128)


def reference(q, k, v, causal):
    s = jnp.einsum("bhqd,bhkd->bhqk", q, k, precision="highest") * SCALE
    if causal:
        s = jnp.where(jnp.tril(jnp.ones((S, S), bool)), s, -jnp.inf)
    return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v, precision="highest")


def flash(q, k, v, causal):
    return fa.flash_attention(q, k, v, causal=causal, sm_scale=SCALE, block_sizes=BLOCKS)


def close(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    err = float(np.max(np.abs(got - want)))
    assert err <= 0.02 * float(np.max(np.abs(want))), err


@pytest.mark.parametrize("causal", [False, True])
def test_flash_attention(tessera_jax, causal):
    rng = np.random.default_rng(1)
    q, k, v = (jnp.asarray(rng.standard_normal((B, H, S, D), np.float32)) for _ in range(3))
    loss = lambda f: lambda q, k, v: jnp.sum(f(q, k, v, causal) * jnp.sin(v))  # noqa: E731
    want = reference(q, k, v, causal)
    want_grads = jax.grad(loss(reference), argnums=(0, 1, 2))(q, k, v)
    with tessera_jax.enabled():
        fwd = jax.jit(lambda q, k, v: flash(q, k, v, causal))
        text = fwd.lower(q, k, v).as_text()
        got = fwd(q, k, v)
        backward = jax.jit(jax.grad(loss(flash), argnums=(0, 1, 2)))
        grad_text = backward.lower(q, k, v).as_text()
        grads = backward(q, k, v)
    assert text.count("@tessera_tpu_custom_call") == 1
    # the forward kernel (keeping its softmax statistics) and the two backward ones (dk/dv, dq)
    assert grad_text.count("@tessera_tpu_custom_call") == 3 and "@tpu_custom_call" not in grad_text
    close(got, want)
    for g, w in zip(grads, want_grads):
        close(g, w)
