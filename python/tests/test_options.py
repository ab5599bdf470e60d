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


# Every option of enable()/enabled() with values of the wrong type, out of range, None or
# unknown: each is a ValueError naming the option at once, never a failure at the first call
# (std::bad_cast from MLIR for an integer past int64, an AttributeError for chip=None, a
# float or a bool taken as an integer, a string taken as True).
BAD_OPTIONS = [("chip", v) for v in (None, 5, b"v5e", "", "v5e\0", "x" * 300 + ".json")] + \
    [(k, v) for k in ("check", "poison", "zero_copy") for v in ("no", None, 2, 1.0)] + \
    [("dma_order", v) for v in (None, "EAGER", ["eager"])] + \
    [("host_helpers", v) for v in (None, 1.5, "3", 65, -2, True)] + \
    [(k, v) for k in ("seed", "max_ops") for v in (2**63, -1, 1.5, None, "3", True)] + \
    [("timeout", v) for v in (0, -1, float("nan"), float("inf"), 1e300, None, "5", True)] + \
    [("colour", "blue")]


@pytest.mark.parametrize("name,value", BAD_OPTIONS)
def test_bad_option_values(tessera_jax, name, value):
    with pytest.raises(ValueError, match=rf"tessera: (unknown option ')?{name}"):
        tessera_jax.enable(**{name: value})
    with pytest.raises(ValueError, match=rf"tessera: (unknown option ')?{name}"):
        with tessera_jax.enabled(**{name: value}):
            pass
    assert tessera_jax.current() is None


def test_option_values_kept(tessera_jax, tmp_path, monkeypatch):
    """Integers of numpy's types and the largest int64 pass and reach the kernel call; a
    relative chip JSON path is made absolute, so a later chdir does not lose the file."""
    (tmp_path / "chip.json").write_text('{"base": "v5p"}')
    monkeypatch.chdir(tmp_path)
    opts = tessera_jax.Options.make(chip="chip.json", seed=np.int64(2**63 - 1), max_ops=np.uint32(10**9),
                                    host_helpers=np.int8(-1), check=np.bool_(False), timeout=np.float32(2))
    assert opts.chip == str(tmp_path / "chip.json") and type(opts.seed) is int and opts.seed == 2**63 - 1
    assert opts.check is False and opts.host_helpers == -1 and opts.timeout == 2.0
    k = KERNELS["softmax"]
    xs = inputs_of(k)
    with tessera_jax.enabled(chip="chip.json", dma_order="random", seed=2**63 - 1, max_ops=2**63 - 1):
        monkeypatch.chdir("/")
        assert_close(jax.jit(k.build(False))(*xs), jax.jit(k.ref)(*xs), k.rtol, k.atol, "extreme options")
        assert tessera_jax.current().chip == str(tmp_path / "chip.json")


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
