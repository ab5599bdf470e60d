#!/usr/bin/env python3
"""Whole test cases of JAX's tests/pallas/tpu_pallas_test.py run three ways, through
tests/jax_upstream/run.py (its runner, unchanged): through tessera's PJRT plugin (JAX's TPU is
tessera's: --plugin), through the XLA FFI path (the TPU classes as a chip, pallas_calls
through tessera.jax), and JAX's own interpret classes on the CPU (the file's *InterpretTest
classes, each a subclass of a TPU class that sets INTERPRET = True, run "the usual way":
run.py --interpret).

The cases: every test of tests/jax_upstream/subset.txt (CI's subset) in a TPU class that has
an interpret twin in the file, and the same tests of the twin. Each round runs the three sides
one after the other, each in its own run.py (one pytest process), the order turned round from
round to round so that a change in the machine's load falls on all three; a case's figure is
the median over the rounds of its test time as the shim records it (the test alone: not the
process's start nor JAX's import). XLA:CPU's compile cache is run.py's default (warm after the
first round) for the FFI and interpret sides; the plugin compiles nothing with XLA.

Usage: python/.venv/bin/python bench/upstream_three_ways.py [--rounds 3] [--chip v5e]
         [--results bench/RESULTS.md]
--results rewrites this bench's section of that file (between its markers), keeping the rest.
"""
import argparse
import datetime
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
RUN = os.path.join(REPO, "tests", "jax_upstream", "run.py")
FILE = "tpu_pallas_test.py"
SIDES = ("plugin", "ffi", "interpret")
BEGIN = "<!-- bench/upstream_three_ways.py writes from here -->"
END = "<!-- bench/upstream_three_ways.py writes up to here -->"


def twins(source: str) -> dict[str, str]:
    """TPU class -> its interpret class, from `class XInterpretTest(X):` lines of the file."""
    return {m.group(2): m.group(1) for m in
            re.finditer(r"^class (\w+InterpretTest)\((\w+)\):", source, re.M)}


def cases(subset: str, pairs: dict[str, str]) -> list[tuple[str, str]]:
    """(TPU class::test, interpret class::test) for the subset's tests in a class with a twin."""
    out = []
    for line in open(subset):
        f, _, rest = line.strip().partition("::")
        cls, _, test = rest.partition("::")
        if f == FILE and cls in pairs:
            out.append((f"{cls}::{test}", f"{pairs[cls]}::{test}"))
    return out


def run_side(py: str, side: str, chip: str, subset: str, out: str) -> None:
    args = [py, RUN, "--files", FILE, "--subset", subset, "--json", out, "--quiet"]
    if side == "plugin":
        args += ["--chip", chip, "--plugin"]
    elif side == "ffi":
        args += ["--chip", chip]
    else:
        args += ["--chip", "", "--interpret"]
    subprocess.run(args, cwd=REPO, check=False, stdout=subprocess.DEVNULL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--chip", default="v5e")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--upstream-file", help="tpu_pallas_test.py to read the interpret classes from "
                    "(default: the one run.py finds)")
    ap.add_argument("--results")
    a = ap.parse_args()
    sys.path.insert(0, os.path.dirname(RUN))
    import run as jax_upstream  # its finder of JAX's test files, as it runs them
    path = a.upstream_file or os.path.join(jax_upstream.find_upstream(None, jax_upstream.TARBALL),
                                           "tests", "pallas", FILE)
    pairs = twins(open(path).read())
    chosen = cases(os.path.join(REPO, "tests", "jax_upstream", "subset.txt"), pairs)
    if not chosen:
        print("no case of the subset has an interpret twin", file=sys.stderr)
        return 1
    times = defaultdict(lambda: defaultdict(list))  # TPU id -> side -> [(outcome, seconds)]
    load = []
    with tempfile.TemporaryDirectory() as tmp:
        subset = os.path.join(tmp, "subset.txt")
        with open(subset, "w") as f:
            f.writelines(f"{FILE}::{t}\n{FILE}::{i}\n" for t, i in chosen)
        twin_of = {i: t for t, i in chosen}
        for r in range(a.rounds):
            order = SIDES if r % 2 == 0 else SIDES[::-1]
            for side in order:
                load.append(os.getloadavg()[0])
                print(f"round {r + 1}, {side}: load average {load[-1]:.2f}", flush=True)
                out = os.path.join(tmp, f"{r}-{side}.json")
                run_side(a.python, side, a.chip, subset, out)
                for run in json.load(open(out)) if os.path.exists(out) else []:
                    for rec in run["records"]:
                        tid = twin_of.get(rec["id"], rec["id"])
                        interp_rec = rec["id"] in twin_of
                        if (side == "interpret") == interp_rec and tid in {t for t, _ in chosen}:
                            times[tid][side].append((rec["outcome"], rec["seconds"]))
    load.append(os.getloadavg()[0])
    rows = []
    for t, _ in chosen:
        row = {"case": t}
        for side in SIDES:
            runs = times[t][side]
            row[side] = statistics.median(s for _, s in runs) if runs else None
            row[side + "_outcome"] = ",".join(sorted({o for o, _ in runs})) or "did not run"
        rows.append(row)
    both = [r for r in rows if all(r[s + "_outcome"] == "passed" for s in SIDES)]
    summary = {s: (statistics.median(r[s] for r in both), sum(r[s] for r in both)) for s in SIDES} if both else {}
    lines = [f"{'case':62} {'plugin s':>8} {'ffi s':>8} {'interp s':>8}  outcomes (plugin / ffi / interpret)"]
    cell = lambda v: f"{v:8.2f}" if v is not None else f"{'-':>8}"  # noqa: E731
    for r in rows:
        lines.append(f"{r['case'][-62:]:62} {cell(r['plugin'])} {cell(r['ffi'])} {cell(r['interpret'])}  "
                     f"{r['plugin_outcome']} / {r['ffi_outcome']} / {r['interpret_outcome']}")
    if summary:
        lines.append(f"{'median of the ' + str(len(both)) + ' cases that pass on all three':62} "
                     + " ".join(cell(summary[s][0]) for s in SIDES))
        lines.append(f"{'their total':62} " + " ".join(cell(summary[s][1]) for s in SIDES))
    print("\n".join(lines))
    print(f"load average: {min(load):.2f} to {max(load):.2f}")
    if a.results:
        write(a.results, rows, both, summary, load, a)
    return 0


def write(path, rows, both, summary, load, a):
    import jax
    sys.path.insert(0, os.path.join(HERE, "jax"))
    import compare  # the machine's description, as compare.py gives it
    s = lambda v: f"{v:.2f} s" if v is not None else "-"  # noqa: E731
    out = [BEGIN, "",
           "## Whole test cases three ways: the plugin, the FFI path, JAX's interpret classes "
           "(bench/upstream_three_ways.py)", "",
           f"Generated by `bench/upstream_three_ways.py --rounds {a.rounds} --chip {a.chip}` (its docstring "
           "says how): the cases of tests/jax_upstream/subset.txt in tpu_pallas_test.py's TPU classes that "
           "have an interpret twin, run through tessera's PJRT plugin, through the FFI path, and as the "
           "twin class in JAX's interpret mode on the CPU, each side a run.py of its own, the order turned "
           f"round every round; seconds of test time per case, median over {a.rounds} rounds.", "",
           f"- machine: {compare.machine()}; chip {a.chip}",
           f"- versions: jax {jax.__version__}",
           f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
           f"- load average (1 min) before each run: {min(load):.2f} to {max(load):.2f} (2 CPUs shared "
           "with other developers' builds and tests: compare the sides, not the times across runs)", ""]
    if summary:
        ratio = lambda x, y: f"{summary[x][0] / summary[y][0]:.2f}x"  # noqa: E731
        out += [f"| {len(both)} cases that pass on all three | plugin | FFI path | interpret classes |",
                "|---|---|---|---|",
                "| median seconds per case | " + " | ".join(s(summary[k][0]) for k in SIDES) + " |",
                "| total seconds | " + " | ".join(s(summary[k][1]) for k in SIDES) + " |",
                f"| interpret / side (median per case) | {ratio('interpret', 'plugin')} | "
                f"{ratio('interpret', 'ffi')} | 1 |", ""]
    out += ["| case | plugin | FFI path | interpret class | outcomes (plugin / FFI / interpret) |",
            "|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| `{r['case']}` | {s(r['plugin'])} | {s(r['ffi'])} | {s(r['interpret'])} | "
                   f"{r['plugin_outcome']} / {r['ffi_outcome']} / {r['interpret_outcome']} |")
    out += ["", END]
    from production_kernels import write_section  # beside this file
    write_section(path, BEGIN, END, out)


if __name__ == "__main__":
    sys.exit(main())
