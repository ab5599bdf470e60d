"""tessera.jax.timing() against `tessera run --chip C --json` on the same kernel and inputs:
the same simulated seconds, and per kernel the same steps, DMAs and bytes."""
from __future__ import annotations

import json
import subprocess

import jax
import numpy as np
import pytest

import export_suite
import tessera
from conftest import KERNELS, SUITE, cli, inputs_of


def cli_report(tmp_path, name, chip):
    """Exports the suite kernel for TPU as the conformance suite does, then runs it with the
    CLI on the same inputs; returns the --json report."""
    k = KERNELS[name]
    xs = inputs_of(k)
    text = export_suite.export_one(k, xs, "new")
    (tmp_path / "module.mlir").write_text(text)
    paths = []
    for i, x in enumerate(xs):
        paths.append(str(tmp_path / f"in_{i}.npy"))
        export_suite.save_npy(paths[-1], x)
    p = subprocess.run([cli(), "run", str(tmp_path / "module.mlir"), *paths, "--chip", chip, "--json"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    # the report is the JSON object that ends stdout (older CLIs print the output lines first)
    return json.loads(p.stdout[p.stdout.index("{"):])


@pytest.mark.parametrize("name,chip", [("flash_attention", "v5e"), ("block_sparse_matmul", "v5p"),
                                       ("emit_pipeline_matmul", "v6e")])
def test_timing_equals_cli(tessera_jax, tmp_path, name, chip):
    want = cli_report(tmp_path, name, chip)
    k = KERNELS[name]
    xs = inputs_of(k)
    with tessera_jax.enabled():
        f = jax.jit(k.build(False))
        jax.block_until_ready(f(*xs))  # compiled and run once outside
        with tessera_jax.timing(chip=chip) as t:
            jax.block_until_ready(f(*xs))
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
    with tessera_jax.timing():
        with pytest.raises(tessera.KernelError, match="open already"):
            with tessera_jax.timing():
                pass
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
    k = KERNELS[name]
    xs = inputs_of(k)
    with tessera_jax.enabled():
        f = jax.jit(k.build(False))
        jax.block_until_ready(f(*xs))
        with tessera_jax.timing(chip=chip) as full:
            jax.block_until_ready(f(*xs))
        with tessera_jax.timing(chip=chip, timing_only=True) as fast:
            jax.block_until_ready(f(*xs))
    assert full.simulated_seconds > 0 and fast.simulated_seconds == full.simulated_seconds
    assert (full.calls, full.timing_only_calls) == (1, 0)
    assert (fast.calls, fast.timing_only_calls) == (1, 1)
    assert fast.kernels[0]["steps"] == full.kernels[0]["steps"]
    assert fast.kernels[0]["dmas"] == full.kernels[0]["dmas"]


def test_timing_only_option_checked(tessera_jax):
    with pytest.raises(ValueError, match="timing_only"):
        with tessera_jax.timing(timing_only="yes"):
            pass
