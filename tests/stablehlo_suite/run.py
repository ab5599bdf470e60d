#!/usr/bin/env python3
"""Runs StableHLO's own test suites through `tessera run` and counts what passes.

The suites (openxla/stablehlo at commit 3c9301c116f97fbaf696959a0ede32712aec587b: a checkout
named by --upstream, else the one beside the repository in the project's CI; never copied into
this repository):
  stablehlo/tests/interpret/**/*.mlir  cases split on `// -----`, each a function that checks
                                       its results with the check dialect
  stablehlo/testdata/*.mlir            JAX-generated: @main computes an op on constants and
                                       checks it with `custom_call @check.expect_*`
A case passes when tessera runs it to the end (every check holding); it is unsupported when
tessera refuses it with a message saying what is not supported (a dtype, an op), and fails
otherwise (a check that does not hold, any other error, a crash, a time-out).

  tests/stablehlo_suite/run.py [--tessera build/tessera] [--form text|generic|bytecode]
                               [--subset FILE] [--filter REGEX] [-j N] [--strict] [--quiet]
                               [--write-subset FILE]

Prints pass/fail/unsupported per op family and in total, the first line of each failure, and
the unsupported cases grouped by reason. --form generic runs each case after `tessera dis`
printed it in MLIR's generic form; --form bytecode after `tessera dis --emit-bytecode 6`.
--strict exits 1 when a case fails (or, with --subset, when a listed case does not pass).
--write-subset writes the first passing case of each op family (tests/stablehlo_suite/subset.txt,
which tests/cli/stablehlo_suite.sh runs in CI).
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parents[2]
DTYPE_WORD = re.compile(r"^(bool|u?int\d+|float\d+|bfloat16|complex\d+|\d+)$")


class Case(NamedTuple):
    name: str    # suite-relative id: testdata/abs_float32_20_20.mlir, interpret/while.mlir#2
    family: str  # what the counts are grouped by: the op the file tests
    path: Path   # the file tessera runs (a split case is written to a temporary file)
    disabled: str = ""  # why StableHLO's own CI does not run it (its RUN-DISABLED(...) line)


class Result(NamedTuple):
    case: Case
    verdict: str  # pass, fail, unsupported
    message: str


def find_upstream(explicit: str | None) -> Path:
    candidates = [Path(explicit)] if explicit else [
        REPO.parent / "shared/upstream/stablehlo/stablehlo",
        Path("/work/shared/upstream/stablehlo/stablehlo"),
    ]
    for c in candidates:
        if (c / "testdata").is_dir() and (c / "tests/interpret").is_dir():
            return c
    sys.exit("run.py: StableHLO's suites not found (looked in %s); pass --upstream DIR"
             % ", ".join(str(c) for c in candidates))


def testdata_family(stem: str) -> str:
    words = []
    for w in stem.split("_"):
        if DTYPE_WORD.match(w):
            break
        words.append(w)
    return "_".join(words) or stem


def collect(upstream: Path, tmp: Path) -> list[Case]:
    cases = []
    for f in sorted((upstream / "testdata").glob("*.mlir")):
        with open(f) as fh:
            m = re.match(r"// RUN-DISABLED\(([^)]*)\)", fh.readline())
        cases.append(Case("testdata/" + f.name, testdata_family(f.stem), f, m.group(1) if m else ""))
    interpret = upstream / "tests/interpret"
    for f in sorted(interpret.rglob("*.mlir")):
        rel = f.relative_to(interpret).as_posix()
        family = "interpret/" + rel[:-len(".mlir")]
        chunks = re.split(r"^(?://\s*)*// -----\s*$", f.read_text(), flags=re.M)
        for i, chunk in enumerate(chunks):
            if "func.func" not in chunk:
                continue
            out = tmp / ("interpret_%s_%d.mlir" % (rel.replace("/", "_")[:-5], i))
            out.write_text(chunk)
            cases.append(Case("interpret/%s#%d" % (rel, i), family, out))
    return cases


def first_line(text: str, path: Path) -> str:
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        # "tessera run: /tmp/.../case.mlir: msg" -> "msg"
        line = line.replace("tessera run: ", "", 1).replace(str(path) + ": ", "")
        return line
    return ""


def convert(tessera: str, case: Case, form: str, tmp: Path) -> tuple[Path | None, str]:
    if form == "text":
        return case.path, ""
    out = tmp / (re.sub(r"[^A-Za-z0-9_.]", "_", case.name) + (".mlirbc" if form == "bytecode" else ".generic.mlir"))
    cmd = [tessera, "dis", str(case.path)]
    if form == "bytecode":
        cmd = [tessera, "dis", "--emit-bytecode", "6", "-o", str(out), str(case.path)]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return None, "tessera dis: " + first_line(p.stderr, case.path)
    if form == "generic":
        out.write_text(p.stdout)
    return out, ""


def run_case(tessera: str, case: Case, form: str, tmp: Path, timeout: float) -> Result:
    try:
        path, err = convert(tessera, case, form, tmp)
        if path is None:
            return Result(case, "unsupported" if "not supported" in err else "fail", err)
        p = subprocess.run([tessera, "run", str(path)], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Result(case, "fail", "timed out after %g s" % timeout)
    if p.returncode == 0:
        return Result(case, "pass", "")
    msg = first_line(p.stderr, path)
    if p.returncode < 0:
        return Result(case, "fail", "killed by signal %d: %s" % (-p.returncode, msg))
    if p.returncode == 1 and "not supported" in msg:
        return Result(case, "unsupported", msg)
    return Result(case, "fail", msg or "exit %d" % p.returncode)


def reason(msg: str) -> str:
    """An unsupported message without its location and values, to group cases by."""
    msg = re.sub(r"^.*?(\S+\.mlir(:\d+)+|unknown location): ", "", msg)
    msg = re.sub(r"\bin @\S+: ", "", msg)
    return msg


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tessera", default=str(REPO / "build/tessera"))
    ap.add_argument("--upstream", help="the stablehlo/stablehlo folder of the pinned StableHLO")
    ap.add_argument("--form", choices=["text", "generic", "bytecode"], default="text")
    ap.add_argument("--subset", help="a file listing case names (one a line, # comments)")
    ap.add_argument("--filter", help="only cases whose name matches this regular expression")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--quiet", action="store_true", help="totals and failures only")
    ap.add_argument("--write-subset", help="write the first passing case of each family to this file")
    args = ap.parse_args()

    upstream = find_upstream(args.upstream)
    with tempfile.TemporaryDirectory(prefix="stablehlo_suite.") as td:
        tmp = Path(td)
        cases = collect(upstream, tmp)
        if args.subset:
            wanted = [l.strip() for l in Path(args.subset).read_text().splitlines()]
            wanted = [w for w in wanted if w and not w.startswith("#")]
            by_name = {c.name: c for c in cases}
            missing = [w for w in wanted if w not in by_name]
            if missing:
                print("run.py: the subset names cases the suites do not have: " + ", ".join(missing))
                return 1
            cases = [by_name[w] for w in wanted]
        if args.filter:
            cases = [c for c in cases if re.search(args.filter, c.name)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(lambda c: run_case(args.tessera, c, args.form, tmp, args.timeout), cases))

    if args.write_subset:
        first = {}
        for r in sorted(results, key=lambda r: r.case.name):
            if r.verdict == "pass" and r.case.family not in first:
                first[r.case.family] = r.case.name
        with open(args.write_subset, "w") as f:
            f.write("# The first passing case of each op family of StableHLO's suites (run.py --write-subset):\n"
                    "# tests/cli/stablehlo_suite.sh runs them in CI; every one must pass.\n")
            for fam in sorted(first):
                f.write(first[fam] + "\n")
    per = defaultdict(lambda: {"pass": 0, "fail": 0, "unsupported": 0})
    for r in results:
        per[r.case.family][r.verdict] += 1
    total = {k: sum(v[k] for v in per.values()) for k in ("pass", "fail", "unsupported")}
    if not args.quiet:
        print("%-40s %6s %6s %11s" % ("op family", "pass", "fail", "unsupported"))
        for fam in sorted(per):
            v = per[fam]
            print("%-40s %6d %6d %11d" % (fam, v["pass"], v["fail"], v["unsupported"]))
    print("total (%s form): %d cases: %d pass, %d fail, %d unsupported"
          % (args.form, len(results), total["pass"], total["fail"], total["unsupported"]))
    disabled = [r for r in results if r.case.disabled]
    if disabled:
        print("StableHLO's CI disables %d of these cases (RUN-DISABLED: its interpreter does not run them or is "
              "inaccurate); tessera passes %d of them" % (len(disabled), sum(r.verdict == "pass" for r in disabled)))
    fails = [r for r in results if r.verdict == "fail"]
    if fails:
        print("\nfailures (first line of each):")
        for r in fails:
            note = " [RUN-DISABLED upstream: %s]" % r.case.disabled if r.case.disabled else ""
            print("  %s%s: %s" % (r.case.name, note, r.message))
    unsup = defaultdict(list)
    for r in results:
        if r.verdict == "unsupported":
            unsup[reason(r.message)].append(r.case.name)
    if unsup and not args.quiet:
        print("\nunsupported, by reason:")
        for why, names in sorted(unsup.items(), key=lambda kv: -len(kv[1])):
            print("  %4d  %s  (e.g. %s)" % (len(names), why, names[0]))
    if args.strict and (fails or (args.subset and total["unsupported"])):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
