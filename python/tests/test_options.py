"""enable/disable/enabled and their options: jit's cache never keeps a lowering made under
other options, interpret= keeps JAX's behaviour, every option runs kernels right, bad options
fail at once, and each distinct kernel compiles once."""
from __future__ import annotations

import jax
import numpy as np
import pytest
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

from tessera import _native
from conftest import KERNELS, assert_close, inputs_of


def test_jitted_before_enable_is_lowered_again(tessera_jax):
    k = KERNELS["softmax"]
    xs = inputs_of(k)
    want = jax.jit(k.ref)(*xs)
    f = jax.jit(k.build(False))
    with pytest.raises(ValueError, match="Only interpret mode is supported on CPU"):
        f(*xs)
    tessera_jax.enable()
    assert_close(f(*xs), want, k.rtol, k.atol, "after enable()")
    assert "tessera_tpu_custom_call" in f.lower(*xs).as_text()
    with tessera_jax.enabled(chip="v5p"):
        assert 'chip = "v5p"' in f.lower(*xs).as_text()
        assert_close(f(*xs), want, k.rtol, k.atol, "enabled(chip='v5p')")
    assert 'chip = "v5e"' in f.lower(*xs).as_text()
    tessera_jax.disable()
    with pytest.raises(ValueError, match="Only interpret mode is supported on CPU"):
        f(*xs)  # not the lowering made while enabled
    assert tessera_jax.current() is None


def test_interpret_keeps_jax_behaviour(tessera_jax):
    k = KERNELS["elementwise"]
    xs = inputs_of(k)
    want = jax.jit(k.ref)(*xs)
    tessera_jax.enable()
    for interpret in (True, pltpu.InterpretParams()):
        f = jax.jit(k.build(interpret))
        assert "tessera_tpu_custom_call" not in f.lower(*xs).as_text()
        assert_close(f(*xs), want, k.check_rtol or k.rtol, k.check_atol or k.atol, f"interpret={interpret}")
    if hasattr(pltpu, "reset_tpu_interpret_mode_state"):
        pltpu.reset_tpu_interpret_mode_state()


@pytest.mark.parametrize("opts", [dict(dma_order="on-wait"), dict(dma_order="random", seed=5),
                                  dict(zero_copy=True), dict(host_helpers=-1), dict(host_helpers=1),
                                  dict(poison=True), dict(check=False), dict(chip="7x")])
def test_options_run_right(tessera_jax, opts):
    for name in ("flash_attention", "manual_dma", "io_alias"):
        k = KERNELS[name]
        xs = inputs_of(k)
        with tessera_jax.enabled(**opts):
            got = jax.jit(k.build(False))(*xs)
        assert_close(got, jax.jit(k.ref)(*xs), k.rtol, k.atol, f"{name} {opts}")


def test_bad_options(tessera_jax):
    with pytest.raises(ValueError, match="dma_order"):
        tessera_jax.enable(dma_order="sideways")
    with pytest.raises(ValueError, match="v99"):
        tessera_jax.enable(chip="v99")
    with pytest.raises(ValueError, match="host_helpers"):
        tessera_jax.enable(host_helpers=100)
    assert tessera_jax.current() is None


def test_compiled_once(tessera_jax):
    k = KERNELS["layernorm"]
    xs = inputs_of(k)
    before = _native.ffi_lib.tsr_ffi_compilations()
    with tessera_jax.enabled():
        f = jax.jit(k.build(False))
        for _ in range(3):
            f(*xs)
        g = jax.jit(lambda *a: k.build(False)(*a) * 2)  # the same kernel in another function
        g(*xs)
    assert _native.ffi_lib.tsr_ffi_compilations() - before == 1


def test_poison_in_an_output(tessera_jax):
    def half(x_ref, o_ref):
        o_ref[:, :64] = x_ref[:, :64]  # the right half of the block is never written

    x = np.ones((8, 128), np.float32)
    f = jax.jit(lambda x: pl.pallas_call(half, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x))
    import tessera
    with pytest.raises(tessera.KernelError, match="poison"):
        with tessera_jax.enabled(poison=True):
            f(x)
    with tessera_jax.enabled():
        np.testing.assert_array_equal(np.asarray(f(x))[:, :64], x[:, :64])
