"""How long a kernel would take on a TPU: tessera.jax.timing() runs the kernel calls made inside
it under the TPU timing model of a chip (v5e here) and reports the simulated time, the DMAs and
bytes moved, and what bounds the kernel. The figures are checked against what the grid implies
(exact DMA and byte counts, and the chip's HBM bandwidth as a lower bound on the time); the
results against numpy. A timing-only session gives the same simulated time without computing.

    python examples/timing.py
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

import tessera.jax

ROWS, COLS, BLOCK = 4096, 512, 256
V5E_HBM_BYTES_PER_S = 819e9   # Google Cloud's v5e page (docs/timing.md, "Parameters and sources")


def add(x, y):
    def add_kernel(x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] + y_ref[...]

    spec = pl.BlockSpec((BLOCK, COLS), lambda i: (i, 0))
    return pl.pallas_call(add_kernel, grid=(ROWS // BLOCK,), in_specs=[spec, spec], out_specs=spec,
                          out_shape=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32))(x, y)


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((ROWS, COLS), np.float32)
    y = rng.standard_normal((ROWS, COLS), np.float32)
    f = jax.jit(add)

    tessera.jax.enable()
    with tessera.jax.timing(chip="v5e") as t:
        z = f(x, y)
    with tessera.jax.timing(chip="v5e", timing_only=True) as fast:
        # results are not computed (use them for nothing); a call whose results are dropped
        # unread must be waited for inside the block, or it may run after the block has ended
        jax.block_until_ready(f(x, y))
    tessera.jax.disable()

    np.testing.assert_array_equal(np.asarray(z), x + y)
    (k,) = t.kernels
    steps = ROWS // BLOCK
    array_bytes = ROWS * COLS * 4
    # every step fetches a block of each input and writes its output block back
    assert (k["steps"], k["dmas"], k["bytes_moved"]) == (steps, 3 * steps, 3 * array_bytes), k
    # nothing moves the bytes faster than the HBM's nominal bandwidth
    assert t.simulated_seconds >= 3 * array_bytes / V5E_HBM_BYTES_PER_S, t.simulated_seconds
    assert k["verdict"] == "HBM-bound", k
    assert fast.timing_only_calls == 1 and fast.simulated_seconds == t.simulated_seconds
    print(f"add f32[{ROWS},{COLS}], grid {steps}, on v5e: {t.simulated_seconds * 1e6:.1f} us simulated, "
          f"{k['dmas']} DMAs, {k['bytes_moved'] >> 20} MiB, {k['verdict']}; timing-only the same: ok")


if __name__ == "__main__":
    main()
