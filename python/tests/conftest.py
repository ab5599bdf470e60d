"""Shared pieces of the package's tests: the JAX suite's kernels (tools/jax/suite_kernels.py),
their inputs as the conformance suite makes them, and result comparison."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "tools", "jax"))

import jax  # noqa: E402

jax.config.update("jax_platforms", "cpu")

import export_suite  # noqa: E402

SUITE = export_suite.load_suite()
KERNELS = {k.name: k for k in SUITE.KERNELS}


def inputs_of(kernel) -> list[np.ndarray]:
    return [np.asarray(x) for x in kernel.make_inputs(np.random.default_rng(export_suite.seed_of(kernel.name)))]


def as_list(x) -> list:
    return list(x) if isinstance(x, (list, tuple)) else [x]


def assert_close(got, want, rtol, atol, what=""):
    got, want = as_list(got), as_list(want)
    assert len(got) == len(want), what
    for i, (g, w) in enumerate(zip(got, want)):
        g, w = np.asarray(g), np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype, f"{what} output {i}: {g.dtype}{g.shape} vs {w.dtype}{w.shape}"
        np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol,
                                   err_msg=f"{what} output {i}")


def run_script(name: str, *args: str) -> subprocess.CompletedProcess:
    """Runs python/tests/NAME with ARGS in a process of its own (the CPU device count is fixed
    when JAX starts), the tessera this process imported first on its path (not a source
    tree's, which has no libraries)."""
    import tessera
    paths = [os.path.dirname(os.path.dirname(os.path.abspath(tessera.__file__)))] + [p for p in sys.path if p]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    return subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), name), *args],
                          env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture
def tessera_jax():
    """tessera.jax with its global state put back after the test (options, kernels, machines)."""
    import tessera.jax as tj
    yield tj
    tj.disable()
    from tessera import _native
    _native.ffi_lib.tsr_ffi_release()


def cli() -> str:
    path = os.environ.get("TSR_CLI", os.path.join(REPO, "build", "tessera"))
    assert os.access(path, os.X_OK), f"the tessera CLI is not at {path} (set TSR_CLI)"
    return path
