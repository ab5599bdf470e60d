"""tessera lower (docs/lowering.md) checked by JAX itself: jaxlib's MLIR parser with the Mosaic
dialect registered reads every lowered kernel, as text and as the serialized body in the lowered
module's backend_config, and its verifier accepts it. (tests/cli/lower.sh checks that the lowered
modules run to the original's bits.)"""
from __future__ import annotations

import base64
import glob
import json
import os
import re
import subprocess

import pytest

from conftest import REPO, cli, jax_older_than

# tessera lower writes the Mosaic dialect as jaxlib 0.10.2 reads it (stable_mosaic version 15,
# docs/lowering.md); jaxlib 0.10.0 and 0.10.1 read versions up to 11 and 13, whose ops have
# fewer operands (tpu.enqueue_dma)
pytestmark = pytest.mark.skipif(jax_older_than("0.10.2"), reason="jaxlib before 0.10.2 cannot read the Mosaic "
                                "dialect version tessera lower writes (15)")

MODULES = sorted(glob.glob(os.path.join(REPO, "tests", "jax_suite", "*", "v_new", "module.mlir")) +
                 glob.glob(os.path.join(REPO, "tests", "jax_suite", "*", "v_fwd", "module.mlir")) +
                 glob.glob(os.path.join(REPO, "tests", "conformance", "jax_export_backcompat", "*", "module.mlir")) +
                 [os.path.join(REPO, "tests", "conformance", "seed_my_call", "module.mlir"),
                  os.path.join(REPO, "tests", "conformance", "seed_my_call", "kernel.mosaic.mlir")])


def mosaic_context():
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib import tpu
    ctx = jmlir.make_ir_context()
    tpu.register_dialect(ctx)
    return ctx


def name_of(path: str) -> str:
    return os.path.relpath(path, REPO)


def lower(path: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([cli(), "lower", path, *args], capture_output=True, text=True)


@pytest.mark.parametrize("path", MODULES, ids=name_of)
def test_lowered_kernel_verifies_in_jaxlib(path):
    from jax._src.lib.mlir import ir
    for chip in ("v5e", "v5p"):
        r = lower(path, "--body-only", "--chip", chip)
        assert r.returncode == 0, r.stderr
        bodies = [b for b in re.split(r"^// .*lowered by tessera\n", r.stdout, flags=re.M) if b.strip()]
        assert bodies
        for text in bodies:
            assert "window_params = [{transform" not in text and "iteration_bounds = array<i64: " not in text.replace(
                "iteration_bounds = array<i64: 2>", "")
            with mosaic_context(), ir.Location.unknown():
                assert '"tpu.wait_dma"(' not in text  # the legacy wait is written as wait_dma2, nested too
                m = ir.Module.parse(text)
                assert m.operation.verify()
                ops = {op.operation.name for op in m.body.operations[0].regions[0].blocks[0].operations}
                assert "scf.for" in ops or "scf.if" in ops


def backend_bodies(module_text: str) -> list[str]:
    out = []
    for m in re.finditer(r'backend_config = "((?:[^"\\]|\\.)*)"', module_text):
        s = re.sub(r'\\([0-9A-Fa-f]{2}|["\\])', lambda mm: mm.group(1) if len(mm.group(1)) == 1 else chr(int(mm.group(1), 16)),
                   m.group(1))
        out.append(json.loads(s)["custom_call_config"]["body"])
    return out


@pytest.mark.parametrize("path", [p for p in MODULES if p.endswith("module.mlir")], ids=name_of)
def test_serialized_body_deserializes_and_verifies(path):
    """The body in backend_config is JAX's serialization: bytecode in the stable_mosaic form,
    which jaxlib's mosaic-serde pass turns back into the current dialect."""
    from jax._src.lib.mlir import ir, passmanager
    r = lower(path)
    assert r.returncode == 0, r.stderr
    bodies = backend_bodies(r.stdout)
    assert bodies
    for b in bodies:
        with mosaic_context() as ctx:
            ctx.allow_unregistered_dialects = True
            m = ir.Module.parse(base64.b64decode(b))
            assert int(str(m.operation.attributes["stable_mosaic.version"]).split(":")[0]) >= 1
            passmanager.PassManager.parse("builtin.module(mosaic-serde{serialize=false})").run(m.operation)
            assert m.operation.verify()
            assert "tpu.enqueue_dma" in str(m)
