"""A pallas_call without outputs, run for its effects: lowered, compiled and run through
tessera like any other (JAX's TPU lowering emits a tpu_custom_call without results)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
import pytest

from conftest import jax_older_than


# jax 0.10.0 records no effect for has_side_effects, so jit drops the call as dead code before
# any lowering (on a TPU too): nothing reaches tessera
@pytest.mark.skipif(jax_older_than("0.10.1"), reason="jax 0.10.0 drops a pallas_call without outputs (dead code)")
def test_call_without_outputs_runs(tessera_jax):
    def kernel(x_ref):
        x_ref[...] = x_ref[...] + 1.0  # a block of VMEM, not written back: no outputs

    def f(x):
        pl.pallas_call(kernel, out_shape=(), grid=(4,),
                       in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
                       compiler_params=pltpu.CompilerParams(has_side_effects=True))(x)
        return x * 2.0

    x = np.arange(32 * 128, dtype=np.float32).reshape(32, 128)
    with tessera_jax.enabled(chip="v5e"):
        g = jax.jit(f)
        with tessera_jax.timing() as t:
            y = jax.block_until_ready(g(x))
    np.testing.assert_array_equal(np.asarray(y), x * 2.0)
    # it ran: four grid steps, each block copied in once and nothing copied out
    assert len(t.kernels) == 1
    assert t.kernels[0]["steps"] == 4
    assert t.kernels[0]["dmas"] == 4 and t.kernels[0]["bytes_moved"] == x.nbytes


def test_call_without_operands_or_outputs(tessera_jax):
    seen = []

    def kernel():
        seen.append(pl.num_programs(0))  # static: the grid is known when the kernel traces

    with tessera_jax.enabled(chip="v5p"):
        jax.jit(lambda: pl.pallas_call(kernel, out_shape=(), grid=(3,))())()
    assert seen == [3]
