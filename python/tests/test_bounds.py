"""CompilerParams(disable_bounds_checks=True), honoured as a TPU does: a load, store or DMA slice
of the kernel body that reaches outside its ref does not fail the call. tessera never touches
memory outside a buffer: the part inside is done, a load reads poison (all bits set: NaN, -1)
where it reaches outside, a store writes nothing there, a DMA moves the part of its slice inside
the ref and leaves the rest of its target as it was. Without the option the same kernels fail
with a bounds error. Expected values: numpy slices of the inputs."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import export_suite
import tessera

ROWS = 16


def load_kernel(i_ref, x_ref, o_ref):
    o_ref[...] = x_ref[pl.ds(i_ref[0], 8), :]


def store_kernel(i_ref, x_ref, o_ref):
    o_ref[...] = jnp.full(o_ref.shape, -1, o_ref.dtype)
    o_ref[pl.ds(i_ref[0], 8), :] = x_ref[pl.ds(0, 8), :]


def dma_kernel(i_ref, x_hbm, o_ref, buf, sem):
    buf[...] = jnp.full(buf.shape, -5, buf.dtype)
    copy = pltpu.make_async_copy(x_hbm.at[pl.ds(i_ref[0], 8)], buf, sem)
    copy.start()
    copy.wait()
    o_ref[...] = buf[...]


def build(kind: str, dtype, unchecked: bool):
    any_in = kind == "dma"
    out_rows = ROWS if kind == "store" else 8
    scratch = [pltpu.VMEM((8, 128), dtype), pltpu.SemaphoreType.DMA(())] if any_in else []
    spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1, grid=(1,),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY) if any_in else pl.BlockSpec((ROWS, 128), lambda g, i: (0, 0))],
        out_specs=pl.BlockSpec((out_rows, 128), lambda g, i: (0, 0)), scratch_shapes=scratch)
    kernel = {"load": load_kernel, "store": store_kernel, "dma": dma_kernel}[kind]
    return lambda i, x: pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((out_rows, 128), dtype), grid_spec=spec,
                                       compiler_params=pltpu.CompilerParams(disable_bounds_checks=unchecked))(i, x)


def expected(kind: str, x: np.ndarray, i: int) -> np.ndarray:
    """What the kernel gives with bounds checks off; poison is all bits set."""
    poison = np.array(-1, np.int32).view(x.dtype) if x.dtype.itemsize == 4 else None
    if kind == "load":  # row r of the output is x[i + r] where that exists, poison elsewhere
        out = np.full((8, 128), poison, x.dtype)
        for r in range(8):
            if 0 <= i + r < ROWS:
                out[r] = x[i + r]
        return out
    if kind == "store":  # x[r] lands in row i + r where that exists; the rest keeps -1
        out = np.full((ROWS, 128), -1, x.dtype)
        for r in range(8):
            if 0 <= i + r < ROWS:
                out[i + r] = x[r]
        return out
    out = np.full((8, 128), -5, x.dtype)  # dma: the rows inside arrive, the rest keeps -5
    for r in range(8):
        if i + r < ROWS:
            out[r] = x[i + r]
    return out


CASES = [("load", 12), ("load", 100), ("load", -3), ("store", 12), ("store", 40), ("store", -5),
         ("dma", 12), ("dma", 16)]


@pytest.mark.parametrize("kind,i", CASES)
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_disable_bounds_checks(tessera_jax, capfd, kind, i, dtype):
    x = (np.arange(ROWS * 128).reshape(ROWS, 128) * 3 - 1000).astype(dtype)
    idx = np.array([i], np.int32)
    with pytest.raises(tessera.KernelError, match="out of bounds") as e:
        with tessera_jax.enabled():
            jax.jit(build(kind, dtype, False))(idx, x)
    assert e.value.status == "TSR_ERR_BOUNDS"
    with tessera_jax.enabled():
        got = np.asarray(jax.jit(build(kind, dtype, True))(idx, x))
    want = expected(kind, x, i)
    np.testing.assert_array_equal(got.view(np.int32), want.view(np.int32))  # NaN poison bit for bit
    assert "reached outside its ref; with disable_bounds_checks" in capfd.readouterr().err


def test_slice_before_its_ref_stays_an_error(tessera_jax):
    """A DMA slice that starts before its ref is refused even with bounds checks off: its
    indices would no longer be the ref's."""
    x = np.ones((ROWS, 128), np.float32)
    with pytest.raises(tessera.KernelError, match="out of bounds"):
        with tessera_jax.enabled():
            jax.jit(build("dma", np.float32, True))(np.array([-2], np.int32), x)


def test_disable_bounds_checks_in_process_run():
    """tessera.run (the StableHLO interpreter, as `tessera run`) reads the option from the
    exported module's tpu_custom_call as the FFI handler does."""
    x = (np.arange(ROWS * 128).reshape(ROWS, 128) - 7.5).astype(np.float32)
    idx = np.array([12], np.int32)
    for unchecked in (False, True):
        with export_suite.abstract_tpu_mesh():
            exp = jax.export.export(jax.jit(build("load", np.float32, unchecked)), platforms=["tpu"])(idx, x)
        if not unchecked:
            with pytest.raises(tessera.KernelError, match="out of bounds"):
                tessera.run(exp, idx, x)
            continue
        got, = tessera.run(exp, idx, x)
        np.testing.assert_array_equal(got.view(np.int32), expected("load", x, 12).view(np.int32))
