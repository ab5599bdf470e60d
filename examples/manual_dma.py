"""A kernel that moves its own data: the input stays in HBM (memory_space=pl.ANY) and the body
copies it into VMEM a chunk at a time with async copies and DMA semaphores, double-buffered
(the copy of chunk i + 1 runs while chunk i is computed). Checked against numpy, in every DMA
completion order tessera offers; then the same kernel without its wait, which tessera's race
checker reports (on a TPU it would read a half-written buffer, now and then).

    python examples/manual_dma.py
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import tessera
import tessera.jax

ROWS, COLS, CHUNK = 1024, 128, 128
CHUNKS = ROWS // CHUNK


def scale_rows(x, wait=True):
    def scale_rows_kernel(x_hbm, o_ref, buf, sem):
        def copy(i, slot):
            return pltpu.make_async_copy(x_hbm.at[pl.ds(i * CHUNK, CHUNK)], buf.at[slot], sem.at[slot])

        copy(0, 0).start()

        def step(i, carry):
            slot = i % 2

            @pl.when(i + 1 < CHUNKS)
            def _():
                copy(i + 1, 1 - slot).start()   # the next chunk moves while this one is used

            if wait:
                copy(i, slot).wait()
            o_ref[pl.ds(i * CHUNK, CHUNK), :] = buf[slot] * 2.0 + 1.0
            return carry

        jax.lax.fori_loop(0, CHUNKS, step, 0)
        if not wait:   # keep the semaphores balanced: only the missing order is wrong
            for slot in range(2):
                for _ in range(CHUNKS // 2):
                    copy(0, slot).wait()

    return pl.pallas_call(
        scale_rows_kernel,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        out_shape=jax.ShapeDtypeStruct((ROWS, COLS), jnp.float32),
        scratch_shapes=[pltpu.VMEM((2, CHUNK, COLS), jnp.float32), pltpu.SemaphoreType.DMA((2,))],
    )(x)


def main():
    x = np.random.default_rng(0).standard_normal((ROWS, COLS), np.float32)
    want = x * 2.0 + 1.0
    f = jax.jit(scale_rows)
    for order in ("eager", "on-wait", "random"):
        with tessera.jax.enabled(dma_order=order, seed=1):
            np.testing.assert_array_equal(np.asarray(f(x)), want)

    # the body reads a buffer whose DMA it never waited for: a race, named with the DMA
    try:
        with tessera.jax.enabled(dma_order="on-wait"):
            np.asarray(jax.jit(lambda v: scale_rows(v, wait=False))(x))
    except tessera.KernelError as e:
        assert e.status == "TSR_ERR_RACE" and "before it was waited for" in e.findings[0], e
        print("without the wait:", e.findings[0])
    else:
        raise AssertionError("the kernel without its wait ran clean")
    print(f"manual DMA, {CHUNKS} chunks double-buffered: equal to numpy in eager, on-wait and random "
          "DMA orders; the missing wait is a race: ok")


if __name__ == "__main__":
    main()
