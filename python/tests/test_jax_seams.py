"""The JAX internals tessera.jax uses are all in tessera/_jax_seams.py, resolve with the JAX
installed (a release the package was checked with), and a release outside that range gets a
warning that names it, not a traceback; an internal a release lacks fails where it is used,
naming it."""
from __future__ import annotations

import glob
import os
import subprocess
import sys
import warnings

import jax
import jaxlib
import pytest

import tessera
from tessera import _jax_seams as seams

PACKAGE = os.path.dirname(tessera.__file__)


def test_every_internal_is_in_the_seams_module():
    for path in glob.glob(os.path.join(PACKAGE, "*.py")):
        if os.path.basename(path) == "_jax_seams.py":
            continue
        text = open(path, encoding="utf-8").read()
        assert "jax._src" not in text, f"{path} reaches into jax._src: add what it needs to _jax_seams.py"


def test_the_installed_jax_is_checked_and_has_every_internal():
    assert jax.__version__ in seams.CHECKED and jaxlib.__version__ in seams.CHECKED
    assert seams.unknown_version() is None
    assert seams.missing == []
    assert callable(seams.pallas_call_tpu_lowering_rule) and seams.mpmd_map_p


def test_an_unknown_release_is_named_with_the_range():
    text = seams.unknown_version("0.11.0", "0.11.0")
    assert "jax 0.11.0 with jaxlib 0.11.0" in text and "0.10.0, 0.10.1, 0.10.2" in text
    assert ">=0.10.0,<0.11" in text
    assert seams.unknown_version("0.10.1", "0.10.2") is None


def test_import_under_an_unknown_release_warns_and_runs():
    """tessera.jax imported where jax says it is 0.11.0: a RuntimeWarning naming the release,
    and kernels still run (the internals resolve: the JAX underneath is the same)."""
    code = """
import warnings, jax, numpy as np
jax.__version__ = "0.11.0"
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    import tessera.jax as tj
print("WARN", [str(x.message) for x in w if issubclass(x.category, RuntimeWarning)])
from jax.experimental import pallas as pl
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0
x = np.ones((8, 128), np.float32)
with tj.enabled(check=False):
    y = jax.jit(lambda x: pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x))(x)
print("OK", float(np.asarray(y).sum()))
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "jax 0.11.0 with jaxlib" in p.stdout and "0.10.0, 0.10.1, 0.10.2" in p.stdout
    assert "OK 2048.0" in p.stdout
    assert "Traceback" not in p.stderr


def test_a_missing_internal_fails_where_used_naming_it(monkeypatch):
    monkeypatch.setattr(seams, "missing", [])
    gone = seams._get("jax._src.pallas.no_such_module", "no_such_rule")
    assert not gone and seams.missing == ["jax._src.pallas.no_such_module.no_such_rule"]
    with pytest.raises(ImportError, match=r"tessera\.jax needs jax\._src\.pallas\.no_such_module\.no_such_rule, "
                                          r"which jax .* does not have .*0\.10\.0, 0\.10\.1, 0\.10\.2"):
        gone(1, 2)
    with pytest.raises(ImportError, match="no_such_rule"):
        gone.attribute
    # a feature's internal: a warning at import naming it, and what is off
    with pytest.warns(RuntimeWarning, match="lacks jax._src.pallas.no_such_module.no_such_rule: what needs them is off"):
        seams.check()
    # one without which nothing lowers: an ImportError naming it
    monkeypatch.setattr(seams, "missing", ["jax._src.pallas.pallas_call.pallas_call_p"])
    with pytest.raises(ImportError, match=r"cannot work with jax .*: it lacks jax\._src\.pallas\.pallas_call\.pallas_call_p"):
        seams.check()


def test_the_tpu_question_of_a_device_without_a_platform():
    """jax 0.10.0's AbstractDevice has no platform: its device kind says TPU."""
    class Old:
        device_kind = "TPU v6e"

    class New:
        device_kind = "cpu"
        platform = "cpu"
    assert seams.is_tpu(Old()) and not seams.is_tpu(New()) and not seams.is_tpu(None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert seams.unknown_version() is None
