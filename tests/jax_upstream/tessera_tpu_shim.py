"""The pytest plugin that runs JAX's own Pallas TPU test files on a CPU through tessera.

Loaded by tests/jax_upstream/run.py as `pytest -p tessera_tpu_shim`. The test files are not
edited; everything they need from outside is here (docs/jax_upstream.md):

1. Always: the JAX test utilities that the jax wheel does not ship but the test files import
   (jax._src.pallas.pallas_test_util, jax._src.hypothesis_test_util) are imported from the
   JAX source tree at the pinned tag (--tessera-upstream), as they are in JAX's repository.
2. With --tessera-chip CHIP (the TPU run): the device under test is a TPU of that chip, and
   the interpret classes (INTERPRET = True) are left out (they run "the usual way", without
   this option, in a run of their own):
   - jtu.device_under_test() is "tpu" (JAX's own --jax_test_dut flag), so the tests' device
     checks (jtu.test_device_matches(["tpu"]), jtu.is_device_tpu(...),
     jtu.is_device_tpu_at_least(n)) answer as on a TPU;
   - the device kind those checks read (xla_bridge.devices()[0].device_kind, in jtu only)
     is the chip's JAX device kind ("TPU v5 lite" for v5e, "TPU v5" for v5p, ...), the one
     tessera.jax gives Pallas's own TPU questions;
   - tessera.jax.enable(chip=CHIP): every pallas_call without interpret= (and pl.core_map
     over a TensorCore mesh) that jax.jit lowers for the CPU runs through tessera, with its
     race and semaphore checkers;
   - matmuls in the kernels default to full f32 precision (jax_default_matmul_precision
     "highest"): the tests compare a kernel's dot with jnp.dot at the default precision,
     which on a TPU is one bf16 pass on both sides, but XLA:CPU computes the reference at
     f32 whatever the precision says; tessera computes a default-precision f32 dot as a TPU
     does (bf16 inputs), so without this the two sides would differ by bf16's rounding.
   - devices have the chip's TensorCore count as num_cores (a TPU device's attribute, which
     tests and pltpu.create_tensorcore_mesh read from jax.devices()[0]).
   Nothing else is changed: jax.devices() are still the CPU devices, so a test that asks a
   device for other TPU-only attributes fails, and is counted as such.
   With --tessera-interpret as well (tests/production/run.py --interpret: the comparison with
   JAX's interpret mode on the same cases), the device is the same TPU but tessera is not
   enabled: every pallas_call that passes no interpret= runs in JAX's TPU interpret mode
   (interpret=pltpu.InterpretParams(out_of_bounds_reads="uninitialized"): production kernels
   read SMEM metadata past the array, inside its layout's tile padding, which a TPU reads and
   interpret mode, which models no padding, would refuse under its default "raise").
   With --tessera-oob-reads uninitialized (tests/production/run.py, for the same reason):
   tessera.jax's out_of_bounds_reads="uninitialized", so that a kernel's read past an array
   gives poison and a warning, which run.py lists to be judged by reading the kernel, rather
   than stopping the case (the default, "raise", is what the JAX test files get).
   With --tessera-device-kind as well (tests/production/run.py: production kernels pick
   their block sizes and code paths from jax.devices()[0].device_kind, outside jtu), the
   devices' own device_kind is the chip's, for everything in the process, and they have a
   TPU's coords (device i at (i, 0, 0)) and core_on_chip (0), which tests sort meshes by.
   With --tessera-plugin instead (run.py --plugin): JAX's TPU backend is tessera's PJRT plugin
   (TESSERA_TPU set by the caller; docs/pjrt.md): jax.devices() are the simulated TPU chips
   and JAX compiles every program for them, so none of the above is needed; only the
   interpret classes are left out, as above. The run stops at once if the default backend
   is not that TPU (a plugin that did not load would otherwise make every test skip).
3. --tessera-hypothesis-examples N: the Hypothesis tests run N examples each instead of what
   the test file's profile says (tpu_pallas_pipeline_test.py: 200), same derandomized seed,
   and stop at the first failing example without shrinking it (the report needs the first
   error line, and shrinking reruns kernels up to 1024^3 for minutes).
4. --tessera-results FILE: one JSON line per test, written as the test ends (outcome, seconds,
   class, the first line of the error or skip reason, and tessera's warnings on its stderr),
   for run.py's report; a run cut short keeps the records of the tests it finished.
5. --tessera-skip FILE: the tests listed (Class::test, one a line) are not run (run.py
   --resume: those recorded already).
6. --tessera-compile-cache DIR: JAX's persistent compilation cache in DIR, so that a rerun
   does not compile the tests' own XLA:CPU computations again (most of a case's time).
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import json
import os
import sys
import time
from typing import Any

import pytest

# the upstream modules this plugin provides, and where they are in JAX's source tree
UPSTREAM_MODULES = {
    "jax._src.pallas.pallas_test_util": "jax/_src/pallas/pallas_test_util.py",
    "jax._src.hypothesis_test_util": "jax/_src/hypothesis_test_util.py",
}


class _UpstreamFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of UPSTREAM_MODULES in the JAX source tree `root`."""

    def __init__(self, roots: list[str]):
        self.roots = roots

    def find_spec(self, name, path=None, target=None):
        rel = UPSTREAM_MODULES.get(name)
        for root in self.roots if rel else []:
            file = os.path.join(root, rel)
            if os.path.exists(file):
                return importlib.util.spec_from_file_location(name, file)
        return None


def pytest_addoption(parser: pytest.Parser) -> None:
    g = parser.getgroup("tessera", "JAX's Pallas TPU tests through tessera")
    g.addoption("--tessera-upstream", help="JAX source trees at the pinned tag (holding jax/_src/...), separated by os.pathsep")
    g.addoption("--tessera-chip", help="run the TPU test classes on this tessera chip (v5e, v5p, v6e)")
    g.addoption("--tessera-interpret", action="store_true",
                help="with --tessera-chip: the same TPU, kernels in JAX's interpret mode instead of tessera")
    g.addoption("--tessera-device-kind", action="store_true",
                help="with --tessera-chip: every device's device_kind is the chip's, not only as jtu sees it")
    g.addoption("--tessera-oob-reads", choices=("raise", "uninitialized"), default="raise",
                help="with --tessera-chip: tessera.jax's out_of_bounds_reads (production kernels: uninitialized, "
                     "as their interpret comparison)")
    g.addoption("--tessera-plugin", action="store_true",
                help="the TPU is tessera's PJRT plugin (TESSERA_TPU set): leave the interpret classes out")
    g.addoption("--tessera-hypothesis-examples", type=int,
                help="examples per Hypothesis test (default: the test file's profile)")
    g.addoption("--tessera-results", help="write one JSON record per test to this file")
    g.addoption("--tessera-compile-cache", help="keep XLA:CPU's compiled executables in this folder across runs")
    g.addoption("--tessera-skip", help="a file of test ids (Class::test, one a line) not to run: exactly those, where "
                "pytest's --deselect also drops every test whose id starts with one (test_x1 drops test_x10)")


class _DeviceView:
    """A device whose device_kind is the simulated chip's; the rest is the real device's."""

    def __init__(self, device: Any, kind: str):
        self._device, self.device_kind = device, kind

    def __getattr__(self, name: str) -> Any:
        return getattr(self._device, name)


class _XlaBridgeView:
    """jtu's view of xla_bridge: devices() are _DeviceViews; everything else is xla_bridge's."""

    def __init__(self, xla_bridge: Any, kind: str):
        self._xb, self._kind = xla_bridge, kind

    def devices(self, *args: Any, **kwargs: Any) -> list[_DeviceView]:
        return [_DeviceView(d, self._kind) for d in self._xb.devices(*args, **kwargs)]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._xb, name)


def _become_tpu(chip: str, device_kind: bool = False, interpret: bool = False, oob_reads: str = "raise") -> None:
    import jax
    from jax._src import test_util as jtu
    import tessera.jax as tj

    if interpret:
        _interpret_every_pallas_call()
    else:
        tj.enable(chip=chip, out_of_bounds_reads=oob_reads)
    kind, cores = tj._device_kind(chip)
    jax.config.update("jax_test_dut", "tpu")
    device_class = type(jax.devices()[0])
    if not hasattr(device_class, "num_cores"):
        device_class.num_cores = property(lambda self: cores)
    if device_kind:
        device_class.device_kind = property(lambda self: kind)
        # the TPU topology attributes kernels' tests order their meshes by: one chip per
        # device, in a row
        if not hasattr(device_class, "coords"):
            device_class.coords = property(lambda self: (self.id, 0, 0))
        if not hasattr(device_class, "core_on_chip"):
            device_class.core_on_chip = property(lambda self: 0)
    jax.config.update("jax_default_matmul_precision", "highest")
    if not isinstance(jtu.xla_bridge, _XlaBridgeView):
        jtu.xla_bridge = _XlaBridgeView(jtu.xla_bridge, kind)


def _interpret_every_pallas_call() -> None:
    """pl.pallas_call without interpret= (or interpret=False) runs in JAX's TPU interpret
    mode: the test files call it through the module attribute, which this replaces."""
    import functools
    from jax.experimental import pallas as pl
    from jax.experimental.pallas import tpu as pltpu

    call = pl.pallas_call

    @functools.wraps(call)
    def interpreted(*args, interpret=False, **kwargs):
        return call(*args, interpret=interpret or pltpu.InterpretParams(out_of_bounds_reads="uninitialized"),
                    **kwargs)

    pl.pallas_call = interpreted


def _persistent_cache(path: str) -> None:
    """XLA:CPU's compiled executables kept on disk from one run to the next: most of a case's
    time is XLA compiling the test's own reference computations (jax.random over each new
    shape, 1 to 10 s here), not its kernel. Only compiles that took a second or more are
    kept (JAX's default threshold); the kernel's payload is part of the key, and tessera
    compiles the kernel anew in each process either way."""
    import jax
    from jax._src import compilation_cache
    os.makedirs(path, exist_ok=True)
    jax.config.update("jax_compilation_cache_dir", path)
    # now, not at the first compile: JaxTestCase fails a test in which the cache object or
    # a config value (the cache's entry size) changes
    compilation_cache._initialize_cache()


def pytest_configure(config: pytest.Config) -> None:
    root = config.getoption("--tessera-upstream")
    if root:
        sys.meta_path.insert(0, _UpstreamFinder([os.path.abspath(r) for r in root.split(os.pathsep)]))
    chip = config.getoption("--tessera-chip")
    if chip:
        _become_tpu(chip, config.getoption("--tessera-device-kind"), config.getoption("--tessera-interpret"),
                    config.getoption("--tessera-oob-reads"))
    if config.getoption("--tessera-plugin"):
        import jax
        backend = jax.default_backend()
        if backend != "tpu" or not os.environ.get("TESSERA_TPU"):
            raise pytest.UsageError(f"--tessera-plugin: JAX's default backend is {backend!r} "
                                    f"(TESSERA_TPU={os.environ.get('TESSERA_TPU')!r}), not tessera's TPU")
    cache = config.getoption("--tessera-compile-cache")
    if cache:
        _persistent_cache(cache)
    path = config.getoption("--tessera-results")
    config._tessera_results = open(path, "w") if path else None  # type: ignore[attr-defined]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    examples = config.getoption("--tessera-hypothesis-examples")
    if examples is not None and "hypothesis" in sys.modules:
        # after the test files were imported: they load their own profile when imported
        import hypothesis as hp
        hp.settings.register_profile("tessera", parent=hp.settings.default, max_examples=examples,
                                     phases=[hp.Phase.explicit, hp.Phase.reuse, hp.Phase.generate],
                                     report_multiple_bugs=False)
        hp.settings.load_profile("tessera")
    skip = set()
    if config.getoption("--tessera-skip"):
        with open(config.getoption("--tessera-skip")) as f:
            skip = {line.strip() for line in f if line.strip()}
    interpret_out = bool(config.getoption("--tessera-chip") or config.getoption("--tessera-plugin"))
    keep, drop = [], []
    for item in items:
        out = interpret_out and getattr(getattr(item, "cls", None), "INTERPRET", False)
        (drop if out or item.nodeid.split("::", 1)[-1] in skip else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _first_line(report: pytest.TestReport) -> str:
    if report.skipped and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2]).removeprefix("Skipped: ")
    crash = getattr(report.longrepr, "reprcrash", None)
    text = crash.message if crash is not None else str(report.longrepr or "")
    lines = [line for line in text.splitlines() if line.strip()]
    first = lines[0] if lines else ""
    if first.rstrip().endswith("findings:") and len(lines) > 1:  # tessera's "N findings:", then each
        first += " " + lines[1].strip()
    return first[:2000]  # long enough for a location that is a whole call-site chain


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any):
    start = time.perf_counter()
    reports: list[pytest.TestReport] = []
    item._tessera_reports = reports  # type: ignore[attr-defined]
    yield
    seconds = time.perf_counter() - start
    outcome, message = "passed", ""
    # tessera's warnings on the test's stderr (reads out of bounds, ...), once each
    warnings = list(dict.fromkeys(
        line.split("tessera: warning: ", 1)[1][:1000] for r in reports
        for line in (r.capstderr or "").splitlines() if "tessera: warning: " in line))
    for r in reports:
        if r.failed:
            outcome = "failed" if r.when == "call" else "error"
            message = _first_line(r)
            break
        if r.skipped:
            outcome, message = "skipped", _first_line(r)
    out = item.config._tessera_results  # type: ignore[attr-defined]
    if out is not None:
        cls = getattr(item, "cls", None)
        out.write(json.dumps({
            "id": item.nodeid.split("::", 1)[-1], "file": os.path.basename(str(item.path)),
            "class": cls.__name__ if cls else "", "outcome": outcome,
            "seconds": round(seconds, 4), "message": message,
            **({"warnings": warnings} if warnings else {})}) + "\n")
        out.flush()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any):
    out = yield
    reports = getattr(item, "_tessera_reports", None)
    if reports is not None:
        reports.append(out.get_result())


def pytest_unconfigure(config: pytest.Config) -> None:
    out = getattr(config, "_tessera_results", None)
    if out is not None:
        out.close()
