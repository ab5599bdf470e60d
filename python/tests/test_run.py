"""tessera.run and tessera.inspect: an exported module (jax.export.Exported, its serialized
bytes, StableHLO text) run in this process through the C library."""
from __future__ import annotations

import jax
import numpy as np
import pytest

import export_suite
import tessera
from conftest import KERNELS, REPO, assert_close, inputs_of


def exported(name):
    k = KERNELS[name]
    xs = inputs_of(k)
    with export_suite.abstract_tpu_mesh():
        return jax.export.export(jax.jit(k.build(False)), platforms=["tpu"])(*xs), xs


@pytest.mark.parametrize("name", ["layernorm", "reductions", "edge_600", "block_sparse_matmul", "matmul_int8"])
def test_run_forms(name):
    k = KERNELS[name]
    exp, xs = exported(name)
    want = jax.jit(k.ref)(*xs)
    for module in (exp, exp.serialize(), exp.mlir_module()):
        assert_close(tessera.run(module, *xs), want, k.rtol, k.atol, f"{name} from {type(module).__name__}")
    assert_close(tessera.run(exp, *xs, chip="v5p", check=False, zero_copy=True), want, k.rtol, k.atol, name)


def test_run_bare_kernel_and_conformance():
    """A bare Mosaic kernel as Pallas prints it (its operands are the arrays), and the matmul
    JAX's export back-compatibility suite ran on a TPU, against the TPU's output."""
    x = np.arange(8 * 128, dtype=np.float32).reshape(8, 128)
    with open(f"{REPO}/tests/conformance/seed_my_call/kernel.mosaic.mlir") as f:
        out, = tessera.run(f.read(), x, x * 3)
    np.testing.assert_array_equal(out, x * 4)
    d = f"{REPO}/tests/conformance/jax_export_backcompat/mosaic_matmul"
    with open(f"{d}/module.mlir") as f:
        text = f.read()
    # the module computes its own inputs (iota): it takes none
    out, = tessera.run(text)
    np.testing.assert_allclose(out, np.load(f"{d}/expected_0.npy"), rtol=1e-3)


def test_inspect():
    exp, xs = exported("flash_attention")
    text = tessera.inspect(exp)
    assert "== kernel 0:" in text and "grid (1, 4, 2)" in text
    assert "DMA plan" in text or "step 0" in text


def test_errors():
    exp, xs = exported("softmax")
    with pytest.raises(ValueError, match="takes 1 inputs, 2 given"):
        tessera.run(exp, *xs, *xs)
    with pytest.raises(tessera.KernelError, match="read: "):
        tessera.run("module {", *xs)
    with pytest.raises(tessera.KernelError, match=r"run: .*"):
        tessera.run(exp, np.ones((3, 3), np.float32))
    with pytest.raises(TypeError, match="jax.export.Exported"):
        tessera.run(42)
    with pytest.raises(ValueError, match="v99"):
        tessera.run(exp, *xs, chip="v99")


def test_bytes_that_are_not_a_module():
    """Bytes that are not a serialized Exported are a ValueError that says so, not the
    flatbuffer reader's struct.error or AttributeError."""
    exp, _ = exported("softmax")
    for junk in (b"garbage", bytearray(8), exp.serialize()[:40]):
        with pytest.raises(ValueError, match="not a serialized jax.export.Exported"):
            tessera.run(junk)
        with pytest.raises(ValueError, match="not a serialized jax.export.Exported"):
            tessera.inspect(junk)


@pytest.mark.parametrize("name,value", [("chip", 5), ("chip", ""), ("chip", b"v5e"), ("check", "no"), ("check", None),
                                        ("poison", "yes"), ("zero_copy", None), ("dma_order", 3),
                                        ("host_helpers", 100), ("host_helpers", -5), ("host_helpers", 1.5),
                                        ("host_helpers", None)])
def test_run_bad_options(name, value):
    exp, xs = exported("softmax")
    with pytest.raises(ValueError, match=f"tessera: {name}"):
        tessera.run(exp, *xs, **{name: value})


@pytest.mark.parametrize("name,value", [("steps", -1), ("steps", 1.5), ("steps", None), ("steps", 2**40), ("chip", 5)])
def test_inspect_bad_options(name, value):
    exp, _ = exported("flash_attention")
    with pytest.raises(ValueError, match=f"tessera: {name}"):
        tessera.inspect(exp, **{name: value})
