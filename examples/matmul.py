"""A gridded Pallas TPU matmul run on the CPU through tessera, checked against numpy.

The grid is (rows, columns, K): each step multiplies one block of x by one block of y and adds
the product into an f32 VMEM accumulator, written to the output block at the last K step; the
K axis is last and "arbitrary", so the output block stays in VMEM across it.

It also shows what a TPU does to an f32 dot at default precision: the MXU takes its operands
as bf16 (with f32 accumulation), and tessera does the same inside a kernel. Against numpy in
float64 the default-precision result is off by what bf16 rounding gives; precision=HIGHEST
(or `with jax.default_matmul_precision("highest"):` around the call) computes in full f32.

    python examples/matmul.py
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import tessera.jax


def matmul(x, y, bm=128, bn=128, bk=256, precision=None):
    m, k = x.shape
    n = y.shape[1]

    def matmul_kernel(x_ref, y_ref, o_ref, acc_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            acc_ref[...] = jnp.zeros_like(acc_ref)

        acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], precision=precision,
                                preferred_element_type=jnp.float32)

        @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
        def _():
            o_ref[...] = acc_ref[...].astype(o_ref.dtype)

    return pl.pallas_call(
        matmul_kernel,
        grid=(m // bm, n // bn, k // bk),
        in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                  pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j)),
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
    )(x, y)


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((512, 1024), np.float32)
    y = rng.standard_normal((1024, 256), np.float32)
    exact = x.astype(np.float64) @ y.astype(np.float64)

    tessera.jax.enable(chip="v5e")   # TPU pallas_calls in jax.jit now run on tessera
    default = np.asarray(jax.jit(matmul)(x, y))
    highest = np.asarray(jax.jit(lambda a, b: matmul(a, b, precision=jax.lax.Precision.HIGHEST))(x, y))
    with jax.default_matmul_precision("highest"):   # the same, for every dot in the block
        inherited = np.asarray(jax.jit(matmul)(x, y))
    tessera.jax.disable()

    # default precision: the product of the inputs rounded to bf16, accumulated in f32
    as_bf16 = lambda a: a.astype(jnp.bfloat16).astype(np.float64)
    np.testing.assert_allclose(default, as_bf16(x) @ as_bf16(y), rtol=1e-4, atol=1e-3)
    # HIGHEST: f32 products and sums, as numpy's float32 matmul
    np.testing.assert_allclose(highest, exact, rtol=1e-5, atol=1e-3)
    np.testing.assert_array_equal(inherited, highest)
    err_default, err_highest = np.abs(default - exact).max(), np.abs(highest - exact).max()
    assert err_default > 0.05 and err_highest < 1e-3, (err_default, err_highest)
    print(f"matmul f32 512x1024 @ 1024x256, grid (4, 2, 4): max error against numpy float64 "
          f"{err_default:.3f} at default precision (bf16 operands), {err_highest:.1e} at HIGHEST: ok")


if __name__ == "__main__":
    main()
