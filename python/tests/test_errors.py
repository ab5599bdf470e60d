"""Kernel failures are Python exceptions with tessera's message, never a dead process, and
the next call works: a race, an op tessera does not run, a payload that does not parse,
operands that disagree with the kernel, an op budget overrun, a deadlock."""
from __future__ import annotations

import json

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import export_suite
import tessera
from conftest import KERNELS, REPO, assert_close, inputs_of


def racy_kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    o_ref[...] = buf[...] * 2.0  # reads the buffer while the DMA that fills it is in flight
    copy.wait()


def racy(x):
    return pl.pallas_call(racy_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                          scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), pltpu.SemaphoreType.DMA(())])(x)


def _fill(buf):
    buf[...] = jnp.zeros(buf.shape, buf.dtype)  # the store, in a helper


def racy_helper_kernel(x_hbm, o_ref, buf, sem):
    copy = pltpu.make_async_copy(x_hbm, buf, sem)
    copy.start()
    _fill(buf)  # writes the buffer the DMA in flight fills
    copy.wait()
    o_ref[...] = buf[...]


def racy_helper(x):
    return pl.pallas_call(racy_helper_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                          scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), pltpu.SemaphoreType.DMA(())])(x)


def two_races_kernel(x_hbm, o_ref, buf, buf2, sem):
    first, second = (pltpu.make_async_copy(x_hbm, b, sem.at[i]) for i, b in enumerate((buf, buf2)))
    first.start()
    second.start()
    o_ref[...] = buf[...] + buf2[...]  # two loads, each of a buffer whose DMA is in flight
    first.wait()
    second.wait()


def two_races(x):
    return pl.pallas_call(two_races_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                          scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), pltpu.VMEM(x.shape, x.dtype),
                                          pltpu.SemaphoreType.DMA((2,))])(x)


def stochastic_kernel(x_ref, bits_ref, o_ref):
    # tpu.stochastic_convert: refused (src/ops/mosaic_refused.def)
    o_ref[...] = pltpu.stochastic_round(x_ref[...], bits_ref[...], target_dtype=jnp.bfloat16)


def unsupported(x):
    bits = jnp.zeros(x.shape, jnp.uint32)
    return pl.pallas_call(stochastic_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, jnp.bfloat16))(x, bits)


def forever_kernel(x_ref, o_ref):
    o_ref[...] = jax.lax.while_loop(lambda v: v[0, 0] > -1.0, lambda v: v + 1.0, x_ref[...])


def forever(x):
    return pl.pallas_call(forever_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def good_call_works():
    k = KERNELS["softmax"]
    xs = inputs_of(k)
    assert_close(jax.jit(k.build(False))(*xs), jax.jit(k.ref)(*xs), k.rtol, k.atol, "the next call")


X = np.arange(8 * 128, dtype=np.float32).reshape(8, 128) / 100


def test_race_is_a_kernel_error(tessera_jax):
    with pytest.raises(tessera.KernelError, match="race on core 0") as e:
        with tessera_jax.enabled():
            jax.jit(racy)(X)
    assert e.value.status == "TSR_ERR_RACE" and e.value.kernel == "racy_kernel"
    assert "test_errors.py" in str(e.value)  # the load's source location
    with tessera_jax.enabled():
        good_call_works()
    with tessera_jax.enabled(check=False):
        # without the checkers it runs: eager DMAs have moved the data by the load
        np.testing.assert_array_equal(jax.jit(racy)(X), X * 2)


def shared_block_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0


def shared_block(x):
    """A parallel grid of 4 whose output index map ignores the grid: every step writes the one
    output block. On v5p the cores split the grid (core 0 indices 0-1, core 1 indices 2-3) and
    both write the block back, each after its last step."""
    return pl.pallas_call(shared_block_kernel, out_shape=jax.ShapeDtypeStruct((8, 128), x.dtype), grid=(4,),
                          in_specs=[pl.BlockSpec((8, 128), lambda i: (i, 0))],
                          out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
                          compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)))(x)


def test_cores_sharing_an_output_block(tessera_jax, capfd):
    """Two cores writing back one output block race: with the checkers it is a KernelError that
    names both writes and the fix; without them the call runs and warns."""
    x = np.arange(32 * 128, dtype=np.float32).reshape(32, 128)
    both = ("out0 block (0, 0) is written back by core 0 at grid index (1,) (its step 1) and by core 1 at grid "
            "index (3,) (its step 1): the cores run at once")
    with pytest.raises(tessera.KernelError) as e:
        with tessera_jax.enabled(chip="v5p"):
            jax.jit(shared_block)(x)
    assert e.value.status == "TSR_ERR_RACE" and "race on core 0 and core 1: " + both in str(e.value), str(e.value)
    assert 'mark axis 0 "arbitrary" so that one core runs it, or give each core its own output block' in str(e.value)
    capfd.readouterr()
    with tessera_jax.enabled(chip="v5p", check=False):
        got = np.asarray(jax.jit(shared_block)(x))
    # whichever core's write landed last: core 0's last block (rows 8-15) or core 1's (24-31)
    assert any(np.array_equal(got, x[r:r + 8] * 2) for r in (8, 24))
    assert "tessera: warning: " + both in capfd.readouterr().err
    with tessera_jax.enabled(chip="v5e"):  # one core runs the grid in order: the last block
        np.testing.assert_array_equal(jax.jit(shared_block)(x), x[24:32] * 2)


def test_location_is_the_call_site_chain(tessera_jax):
    """A store in a helper the kernel calls is placed by its whole call-site chain, innermost
    first: the helper's line, then the line of the kernel that called it."""
    import inspect
    import re
    lines, first = inspect.getsourcelines(_fill)
    store = first + next(i for i, line in enumerate(lines) if "buf[...] =" in line)
    lines, first = inspect.getsourcelines(racy_helper_kernel)
    call = first + next(i for i, line in enumerate(lines) if "_fill(buf)" in line)
    with pytest.raises(tessera.KernelError) as e:
        with tessera_jax.enabled():
            jax.jit(racy_helper)(X)
    where = (rf"kernel store at \S*test_errors\.py:{store}:\d+ \(_fill\) called from "
             rf"\S*test_errors\.py:{call}:\d+ \(racy_helper_kernel\)")
    assert e.value.status == "TSR_ERR_RACE" and re.search(where, str(e.value)), str(e.value)
    # the module places the store at callsite(chain at chain) (Pallas inlines a lowering it
    # keeps): the chain once
    assert not re.search(rf"\(racy_helper_kernel\) called from \S*test_errors\.py:{store}:", str(e.value)), str(e.value)


def test_every_finding_in_the_error(tessera_jax):
    """A Python caller has no checker report to read: the error lists each finding."""
    with pytest.raises(tessera.KernelError) as e:
        with tessera_jax.enabled():
            jax.jit(two_races)(X)
    lines = str(e.value).splitlines()
    assert lines[0].endswith("2 findings:"), lines
    assert len(lines) == 3 and lines[1].startswith("  1. race on core 0") and lines[2].startswith("  2. race on core 0")
    assert lines[1] != lines[2] and all("test_errors.py" in line for line in lines[1:])
    assert e.value.findings == [line[len("  1. "):] for line in lines[1:]]


def test_every_finding_from_tessera_run():
    """tessera.run words several findings as the FFI handler does, with the same findings."""
    with export_suite.abstract_tpu_mesh():
        exp = jax.export.export(jax.jit(two_races), platforms=["tpu"])(X)
    with pytest.raises(tessera.KernelError) as e:
        tessera.run(exp, X)
    assert e.value.status == "TSR_ERR_RACE" and str(e.value).startswith("2 findings:\n  1. race on core 0")
    assert len(e.value.findings) == 2 and all(f.startswith("race on core 0") for f in e.value.findings)
    assert e.value.findings[0] != e.value.findings[1]
    # check=False: no race checker (eager DMAs have landed by the loads), with or without the
    # poison checks, which find nothing here
    for poison in (False, True):
        out, = tessera.run(exp, X, check=False, poison=poison)
        np.testing.assert_array_equal(out, X + X)


def test_race_under_enable(tessera_jax):
    """enable() for the whole process: JAX raises the failure of a call it dispatched itself,
    with tessera's message; kernel_errors() gives it as KernelError."""
    tessera_jax.enable()
    f = jax.jit(racy)
    with pytest.raises(Exception, match="tessera: kernel 'racy_kernel': .*race on core 0") as e:
        f(X)
    assert not isinstance(e.value, tessera.KernelError)
    with pytest.raises(tessera.KernelError, match="race on core 0"):
        with tessera_jax.kernel_errors():
            f(X)
    good_call_works()


def test_unsupported_op_at_jit_time(tessera_jax):
    """An op tessera does not run is found when the call is lowered (the kernel is compiled
    then), so it is a KernelError even under enable()."""
    tessera_jax.enable()
    with pytest.raises(tessera.KernelError, match=r"kernel 'stochastic_kernel': Mosaic kernel: "
                       r"unsupported op tpu.stochastic_convert at .*test_errors.py:\d+:\d+: stochastic rounding"):
        jax.jit(unsupported)(X)
    good_call_works()


def test_op_budget(tessera_jax):
    with pytest.raises(tessera.KernelError, match="forever_kernel.*ops"):
        with tessera_jax.enabled(max_ops=100_000):
            jax.block_until_ready(jax.jit(forever)(X))
    with tessera_jax.enabled():
        good_call_works()


def _payload(name: str) -> str:
    import export_suite
    with open(f"{REPO}/tests/jax_suite/{name}/v_new/module.mlir") as f:
        return json.dumps(export_suite.backend_configs(f.read())[0])


def _ffi(payload, out, *args, **attrs):
    call = jax.ffi.ffi_call("tessera_tpu_custom_call", out)
    return jax.jit(lambda *a: call(*a, payload=payload, kernel_name="hand_made", **attrs))(*args)


def test_payload_that_disagrees_with_the_buffers(tessera_jax):
    """The FFI call made by hand: a payload whose kernel takes other operands than XLA passes
    is an error (never a read past a buffer), and so is a payload that does not parse."""
    tessera_jax.enable()  # registers the target
    io_alias = _payload("io_alias")  # x + 3y over (32, 256) arrays
    x = np.ones((32, 256), np.float32)
    out = jax.ShapeDtypeStruct((32, 256), jnp.float32)
    np.testing.assert_array_equal(_ffi(io_alias, out, x, x * 2), x * 7)
    cases = [((x,), "kernel 'hand_made' takes 0 dynamic grid bounds .* the call has 1 operands"),
             ((x, np.ones((8, 256), np.float32)), "hand_made"),  # shorter than its blocks reach
             ((x, np.ones((32, 256), np.int8)), "does not match the kernel's memref")]
    for args, message in cases:
        with pytest.raises(tessera.KernelError, match=message):
            with tessera_jax.kernel_errors():
                _ffi(io_alias, out, *args)
    with pytest.raises(tessera.KernelError, match="not valid JSON"):
        with tessera_jax.kernel_errors():
            _ffi(io_alias[:-5], out, x, x)
    with pytest.raises(tessera.KernelError, match="unknown attribute 'colour'"):
        with tessera_jax.kernel_errors():
            _ffi(io_alias, out, x, x, colour="blue")
    np.testing.assert_array_equal(_ffi(io_alias, out, x, x), x * 4)


def test_deadlock(tessera_jax):
    def kernel(x_ref, o_ref, sem):
        pl.semaphore_wait(sem, 1)  # nobody signals it
        o_ref[...] = x_ref[...]

    f = jax.jit(lambda x: pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                                         scratch_shapes=[pltpu.SemaphoreType.REGULAR(())])(x))
    with pytest.raises(tessera.KernelError, match="deadlock") as e:
        with tessera_jax.enabled():
            f(X)
    assert e.value.status == "TSR_ERR_DEADLOCK"
    with tessera_jax.enabled():
        good_call_works()


def test_pinned_buffer_named(tessera_jax):
    """A pinned buffer (jax's state pin(): a memref-typed operand of the TPU call) is refused
    by name when the function is lowered, not with MLIR's "Cannot cast type to
    RankedTensorType"; XLA's CPU backend cannot make one anyway (it has no Pin)."""
    from jax._src.state.primitives import pin, unpin

    def double(x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2

    def f(x):
        return unpin(pl.pallas_call(double, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                                    input_output_aliases={0: 0})(pin(x)))
    x = np.ones((8, 128), np.float32)
    with tessera_jax.enabled():
        with pytest.raises(tessera.KernelError, match=r"kernel 'double': operand 0 \(float32\[8,128\]\) is a pinned "
                                                      r"buffer .* does not run kernels on pinned buffers") as e:
            jax.jit(f).lower(x)
    assert e.value.status == "TSR_ERR_UNSUPPORTED"
    with pytest.raises(Exception, match="Pin"):  # XLA:CPU alone
        jax.jit(lambda x: unpin(pin(x)))(x)
