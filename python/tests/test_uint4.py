"""uint4 arrays into and out of a kernel through the FFI handler: packed two to a byte by XLA,
the same nibbles as int4 to the kernel (its i4 is signless; extui reads 8..15 as 8..15)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl


def test_uint4_in_and_out(tessera_jax):
    def kernel(x_ref, wide_ref, inc_ref):
        wide_ref[...] = x_ref[...].astype(jnp.int32) * 3
        inc_ref[...] = x_ref[...] + jnp.uint4(1)  # wraps at 16

    x = (np.arange(32 * 128) % 16).astype(jnp.uint4).reshape(32, 128)
    shapes = (jax.ShapeDtypeStruct((32, 128), jnp.int32), jax.ShapeDtypeStruct((32, 128), jnp.uint4))
    with tessera_jax.enabled(chip="v5e"):
        wide, inc = jax.jit(lambda x: pl.pallas_call(kernel, out_shape=shapes)(x))(x)
    ref = np.arange(32 * 128).reshape(32, 128) % 16
    np.testing.assert_array_equal(np.asarray(wide), ref * 3)
    assert inc.dtype == jnp.uint4
    np.testing.assert_array_equal(np.asarray(inc).astype(np.int32), (ref + 1) % 16)
