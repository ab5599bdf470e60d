"""tessera.jax.timing() against `tessera run --chip C --json` on the same kernel and inputs:
the same simulated seconds, and per kernel the same steps, DMAs and bytes."""
from __future__ import annotations

import json
import subprocess
import warnings

import jax
import numpy as np
import pytest

import export_suite
import tessera
from conftest import KERNELS, SUITE, cli, inputs_of


def cli_report(tmp_path, name, chip, how="--json"):
    """Exports the suite kernel for TPU as the conformance suite does, then runs it with the
    CLI on the same inputs; returns the --json report (how="--report": the text report)."""
    k = KERNELS[name]
    xs = inputs_of(k)
    text = export_suite.export_one(k, xs, "new")
    (tmp_path / "module.mlir").write_text(text)
    paths = []
    for i, x in enumerate(xs):
        paths.append(str(tmp_path / f"in_{i}.npy"))
        export_suite.save_npy(paths[-1], x)
    p = subprocess.run([cli(), "run", str(tmp_path / "module.mlir"), *paths, "--chip", chip, how],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    if how == "--report":  # the report follows the outputs' lines
        return p.stdout[p.stdout.index("timing model:"):]
    # the report is the JSON object that ends stdout (older CLIs print the output lines first)
    return json.loads(p.stdout[p.stdout.index("{"):])


def timed(tj, name, chip, **more):
    """The suite kernel jitted and run once (compiled outside), then run inside timing()."""
    k = KERNELS[name]
    xs = inputs_of(k)
    with tj.enabled():
        f = jax.jit(k.build(False))
        jax.block_until_ready(f(*xs))
        with tj.timing(chip=chip, **more) as t:
            jax.block_until_ready(f(*xs))
    return t


@pytest.mark.parametrize("name,chip", [("flash_attention", "v5e"), ("block_sparse_matmul", "v5p"),
                                       ("emit_pipeline_matmul", "v6e")])
def test_timing_equals_cli(tessera_jax, tmp_path, name, chip):
    want = cli_report(tmp_path, name, chip)
    t = timed(tessera_jax, name, chip)
    assert want["simulated_seconds"] > 0
    assert t.simulated_seconds == pytest.approx(want["simulated_seconds"], rel=1e-12)
    assert len(t.kernels) == want["kernels"] == 1
    got, cli_k = t.kernels[0], want["kernels_detail"][0]
    assert got["name"] == cli_k["name"]
    for key in ("steps", "dmas", "bytes_moved", "flops", "verdict"):
        assert got[key] == cli_k[key], key
    assert got["simulated_seconds"] == pytest.approx(cli_k["seconds"], rel=1e-12)


def test_two_calls_and_trace(tessera_jax, tmp_path):
    k = KERNELS["matmul_f32"]
    xs = inputs_of(k)
    with tessera_jax.enabled(chip="v5e"):
        f = jax.jit(k.build(False))
        with tessera_jax.timing() as t:
            jax.block_until_ready(f(*xs))
            jax.block_until_ready(f(*xs))
        jax.block_until_ready(f(*xs))  # after the block: not timed
    assert len(t.kernels) == 2
    one = t.kernels[0]["simulated_seconds"]
    assert one > 0 and t.kernels[1]["simulated_seconds"] == pytest.approx(one, rel=1e-12)
    assert t.simulated_seconds >= 2 * one * (1 - 1e-12)
    # 64x256x256 in (32,128) x (128,128) blocks: 2*2*2 steps, each 32x128x128 multiply-adds
    assert t.kernels[0]["steps"] == 8 and t.kernels[0]["flops"] == 8 * 2 * 32 * 128 * 128
    trace = tmp_path / "trace.json"
    t.write_trace(trace)
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    assert any(e.get("ph") == "X" for e in events)


def test_one_session_at_a_time(tessera_jax):
    with pytest.warns(RuntimeWarning, match="no kernel call ran"):
        with tessera_jax.timing():
            with pytest.raises(tessera.KernelError, match="open already"):
                with tessera_jax.timing():
                    pass
    with pytest.warns(RuntimeWarning, match="no kernel call ran"):
        with tessera_jax.timing() as t:  # the next one opens
            pass
    assert t.kernels == [] and t.simulated_seconds == 0


def test_calls_still_running_at_the_end_are_timed(tessera_jax):
    """jit dispatches asynchronously: a call that returned but has not run yet when the block
    ends is waited for."""
    build, _ref, make = SUITE.flash_attention(bh=2, s=1024, d=128, bq=128, bk=128)  # takes a while
    xs = [jax.device_put(np.asarray(x)) for x in make(np.random.default_rng(0))]
    with tessera_jax.enabled(check=False):
        f = jax.jit(build(False))
        jax.block_until_ready(f(*xs))
        with tessera_jax.timing() as t:
            y = f(*xs)  # kept, not waited for
    assert len(t.kernels) == 1 and t.kernels[0]["steps"] == 2 * 8 * 8
    assert y.shape == (2, 1024, 128)


@pytest.mark.parametrize("name,chip", [("flash_attention", "v5e"), ("block_sparse_matmul", "v5p"),
                                       ("matmul_bf16", "v5e")])
def test_timing_only_equals_full(tessera_jax, name, chip):
    """timing(timing_only=True): the same simulated seconds as a full timing run, to the bit,
    every call without computing (the suite's kernels branch on program ids and scalar
    prefetch only)."""
    full = timed(tessera_jax, name, chip)
    fast = timed(tessera_jax, name, chip, timing_only=True)
    assert full.simulated_seconds > 0 and fast.simulated_seconds == full.simulated_seconds
    assert (full.calls, full.timing_only_calls) == (1, 0)
    assert (fast.calls, fast.timing_only_calls) == (1, 1)
    assert fast.kernels[0]["steps"] == full.kernels[0]["steps"]
    assert fast.kernels[0]["dmas"] == full.kernels[0]["dmas"]


def test_timing_only_option_checked(tessera_jax):
    with pytest.raises(ValueError, match="timing_only"):
        with tessera_jax.timing(timing_only="yes"):
            pass


def test_timing_without_enable(tessera_jax):
    """timing() routes the TPU pallas_calls of its block to tessera itself: no enable() needed
    (JAX alone fails: "Only interpret mode is supported on CPU backend"); after the block the
    function is JAX's again."""
    k = KERNELS["matmul_f32"]
    xs = inputs_of(k)
    f = jax.jit(k.build(False))
    assert tessera_jax.current() is None
    with tessera_jax.timing(chip="v5e") as t:
        got = f(*xs)
        jax.block_until_ready(got)
    np.testing.assert_allclose(np.asarray(got), np.asarray(jax.jit(k.ref)(*xs)), rtol=k.rtol, atol=k.atol)
    # 64x256x256 in (32,128) x (128,128) blocks: 2*2*2 steps, each 32x128x128 multiply-adds
    assert t.calls == 1 and t.kernels[0]["steps"] == 8 and t.kernels[0]["flops"] == 8 * 2 * 32 * 128 * 128
    assert tessera_jax.current() is None
    with pytest.raises(ValueError, match="Only interpret mode is supported on CPU"):
        f(*xs)


def test_timing_warns_when_no_kernel_ran(tessera_jax):
    k = KERNELS["matmul_f32"]
    xs = inputs_of(k)
    with tessera_jax.enabled():
        f = jax.jit(k.build(False))
        with pytest.warns(RuntimeWarning, match="no kernel call ran inside the block"):
            with tessera_jax.timing() as t:
                jax.block_until_ready(jax.jit(lambda a, b: a @ b)(*xs))  # XLA's, no kernel
        assert t.calls == 0 and t.simulated_seconds == 0
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a block whose kernel ran is silent
            with tessera_jax.timing() as t:
                jax.block_until_ready(f(*xs))
        assert t.calls == 1


@pytest.mark.parametrize("name,chip", [("matmul_f32", "v5e"), ("block_sparse_matmul", "v5p")])
def test_timing_prints_the_cli_report(tessera_jax, tmp_path, name, chip):
    """str(Timing) is `tessera run --report`'s text for the same kernel and inputs."""
    want = cli_report(tmp_path, name, chip, "--report")
    t = timed(tessera_jax, name, chip)
    assert str(t) == want
    assert repr(t).startswith(f"<tessera.jax.Timing chip='{chip}' calls=1 ")


@pytest.mark.parametrize("name,value", [("chip", 5), ("chip", ""), ("chip", "v99"), ("trace", "no"), ("trace", None),
                                        ("timing_only", 1), ("timing_only", "yes"), ("timing_only", None)])
def test_timing_bad_options(tessera_jax, name, value):
    """A bad option is a ValueError naming it, before any session opens."""
    with pytest.raises(ValueError, match=f"tessera: ({name}|chip)"):
        with tessera_jax.timing(**{name: value}):
            pass
    with pytest.warns(RuntimeWarning):
        with tessera_jax.timing():  # no session was left open
            pass
