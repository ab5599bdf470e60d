#!/usr/bin/env python3
"""What the timing model costs a run: `tessera run` of bench/jax/compare.py's kernels timed
(--report: the timing model observes every event) against untimed, both with the host split
(docs/architecture.md: the timing model gets the parts' events spliced into the run in
order's, so a timed run splits as an untimed one does).

The kernels are exported from JAX as compare.py exports them (tools/jax/export_suite.py), once,
into --workdir (kept: a later call with the same folder skips the export). Then, per kernel
and chip (v5e, v5p), --repeat rounds each run one untimed and one timed process, the side that
goes first alternating from round to round so that a machine whose speed drifts slows both
alike; each figure is the in-process time of the kernel calls (`--dump report`: "kernels X
ms"), its median over the rounds, and beside it the whole process's CPU time (user + system,
which a loaded machine disturbs less than wall-clock time; it includes the start, the
parsing and the report). Prints a Markdown table with the ratios timed / untimed, the parts
the runs split into, and the load average before and after.

Usage: python/.venv/bin/python bench/jax/timed_split.py [--tessera build/tessera] [--quick]
         [--repeat N] [--workdir DIR] [KERNEL...]
"""
import argparse
import os
import re
import resource
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "tools", "jax"))
import compare  # noqa: E402
import export_suite as es  # noqa: E402

KERNELS_MS = re.compile(r"^report: .*\(kernels ([0-9.]+) ms\)", re.M)
PARTS = re.compile(r"split into ([0-9]+) parts")


def export(todo, work):
    """Writes module.mlir and in_*.npy of each kernel under work/NAME (unless already there)."""
    import numpy as np
    import jax
    jax.config.update("jax_platforms", "cpu")
    suite = es.load_suite()
    for name, what, factory, kw, rtol, atol in compare.subset(suite, todo["quick"]):
        if name not in todo["names"]:
            continue
        wd = os.path.join(work, name)
        if os.path.exists(os.path.join(wd, "module.mlir")):
            continue
        build, ref, make_inputs = factory(**kw)
        k = suite.Kernel(name, what, build, ref, make_inputs, rtol, atol)
        inputs = [np.asarray(x) for x in make_inputs(np.random.default_rng(es.seed_of(name)))]
        os.makedirs(wd, exist_ok=True)
        module = es.export_one(k, inputs, "fwd")
        for i, x in enumerate(inputs):
            es.save_npy(os.path.join(wd, f"in_{i}.npy"), x)
        with open(os.path.join(wd, "module.mlir"), "w") as f:
            f.write(module)


def run(tessera, wd, chip, timed):
    """(ms of the kernel calls, parts split into, CPU ms of the process) of one process."""
    ins = sorted((f for f in os.listdir(wd) if f.startswith("in_")), key=lambda f: int(f[3:-4]))
    cmd = [tessera, "run", os.path.join(wd, "module.mlir"), *[os.path.join(wd, f) for f in ins],
           "--chip", chip, "--no-check", "--dump", "report"] + (["--report"] if timed else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1e3
    m = KERNELS_MS.search(p.stdout + p.stderr)
    if p.returncode != 0 or not m:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: {(p.stdout + p.stderr)[-300:]}")
    parts = PARTS.search(p.stdout + p.stderr)
    return float(m.group(1)), int(parts.group(1)) if parts else 1, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tessera", default=os.path.join(REPO, "build", "tessera"))
    ap.add_argument("--quick", action="store_true", help="compare.py's small sizes")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--workdir", default=os.path.join(REPO, "build", "bench-timed-split"))
    ap.add_argument("kernels", nargs="*")
    a = ap.parse_args()
    names = a.kernels or ["add_grid", "matmul_f32", "flash_attention", "block_sparse_matmul", "threefry"]
    export({"quick": a.quick, "names": names}, a.workdir)
    load = os.getloadavg()[0]
    print(f"load average before: {load:.2f}; {os.cpu_count()} CPUs; {a.repeat} rounds, sides alternating")
    print("| kernel | chip | untimed ms | timed ms | timed / untimed | process CPU ms, untimed / timed | CPU timed / untimed | parts (untimed, timed) |")
    print("|---|---|---|---|---|---|---|---|")
    worst = 0.0
    for name in names:
        wd = os.path.join(a.workdir, name)
        for chip in ("v5e", "v5p"):
            ms = {False: [], True: []}
            cpu = {False: [], True: []}
            parts = {}
            for r in range(a.repeat):
                for timed in ((False, True) if r % 2 == 0 else (True, False)):
                    t, n, c = run(a.tessera, wd, chip, timed)
                    ms[timed].append(t)
                    cpu[timed].append(c)
                    parts[timed] = n
            u, t = statistics.median(ms[False]), statistics.median(ms[True])
            cu, ct = statistics.median(cpu[False]), statistics.median(cpu[True])
            worst = max(worst, t / u)
            print(f"| {name} | {chip} | {u:.2f} | {t:.2f} | {t / u:.3f} | {cu:.1f} / {ct:.1f} | {ct / cu:.3f} | "
                  f"{parts[False]}, {parts[True]} |", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}; worst timed / untimed: {worst:.3f}")


if __name__ == "__main__":
    main()
