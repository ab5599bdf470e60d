"""pltpu.create_tensorcore_mesh() on the CPU while tessera is enabled: the chip's TensorCores
(a CPU device has no num_cores), so pl.core_map runs its body once per core of the chip."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def per_core_rows(cores: int):
    """Core c writes 7 * (c + n) into row c; n, a traced scalar, reaches the kernel as an SMEM
    operand whose window has no bounds."""
    @jax.jit
    def f(n):
        out = jax.empty_ref(jax.ShapeDtypeStruct((cores, 8, 128), jnp.int32))

        @pl.core_map(pltpu.create_tensorcore_mesh("core"))
        def _():
            def body(v):
                c = jax.lax.axis_index("core")
                v[...] = jnp.full(v.shape, 7, jnp.int32) * (c + n)
                pltpu.sync_copy(v, out.at[c])
            pl.run_scoped(body, pltpu.VMEM((8, 128), jnp.int32))
        return jax.freeze(out)
    return f


@pytest.mark.parametrize("chip,cores", [("v5e", 1), ("v5p", 2)])
def test_core_map_over_the_chips_cores(tessera_jax, chip, cores):
    with tessera_jax.enabled(chip=chip):
        assert pltpu.create_tensorcore_mesh("core").shape == {"core": cores}
        got = np.asarray(per_core_rows(cores)(jnp.int32(3)))
    want = np.broadcast_to((7 * np.arange(3, cores + 3, dtype=np.int32))[:, None, None], (cores, 8, 128))
    np.testing.assert_array_equal(got, want)


def test_explicit_cores_and_disabled(tessera_jax):
    with tessera_jax.enabled(chip="v5p"):
        assert pltpu.create_tensorcore_mesh("core", num_cores=3).shape == {"core": 3}
    with pytest.raises(AttributeError):  # JAX's own behaviour on a CPU device
        pltpu.create_tensorcore_mesh("core")
