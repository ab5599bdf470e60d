#!/usr/bin/env python3
"""Runs JAX's own Pallas TPU test files on this CPU, their TPU classes through tessera.

The test files come from JAX's repository at the tag of the pinned jax (JAX_TAG; the wheel
does not ship them): from --upstream DIR, else the project's shared folder
(../shared/upstream/jax), else a copy cached under build/jax_upstream/, else they are
downloaded (GitHub's tarball of the tag; only the files needed are extracted, each checked
against its pinned SHA-256). They are run from there, unedited, under pytest with the plugin
tessera_tpu_shim.py (what is shimmed and why: its docstring, docs/jax_upstream.md).

  tests/jax_upstream/run.py [--upstream DIR] [--chip v5e,v5p] [--files F,...] [--interpret]
                            [--subset FILE] [-k EXPR] [--hypothesis-examples N]
                            [--json OUT] [--markdown OUT] [--failures-markdown OUT]
                            [--strict] [--quiet]
                            [--write-subset FILE --subset-seconds S]
                            [--resume [--rerun-failed]] [--no-run] [--compile-cache DIR]
                            [--plugin]

For each chip and file it runs the file's TPU classes as that chip (the device checks answer
"TPU", every pallas_call without interpret= runs through tessera) and prints passed / failed /
errors / skipped and wall time per test class; --interpret also runs each file the usual way
(no tessera, no TPU: its *InterpretTest classes run, the rest skip), for the comparison. Each
failure is classified by the first rule of failures.tsv whose pattern matches "ID: first error
line" (tessera bug, not yet supported, TPU-compiler internals, CPU reference, race in the
test, test harness); --markdown
writes the figures and the failures by reason (docs/jax_upstream.md takes them),
--failures-markdown the table of every failure (docs/jax_upstream_failures.md). --subset runs only
the tests listed (one "file::Class::test" a line; CI: subset.txt) and --strict then exits 1
unless every one passes; without --subset, --strict exits 1 on an unclassified failure.
--write-subset writes the passing tests, the quickest of each class first, up to S seconds.
--resume keeps the records of a run cut short (build/jax_upstream/results/) and runs the rest
(the wall time is then the last part's; --rerun-failed runs its failures again, after a fix);
--no-run reports on those records without running anything. XLA:CPU's compiled executables
are kept across runs in --compile-cache (default build/jax_upstream/xla_cache; '' for none):
most of a case's time is XLA compiling the test's own computations, not its kernel.
--plugin runs the TPU classes through tessera's PJRT plugin instead (TESSERA_TPU=CHIP, no
JAX_PLATFORMS=cpu; docs/pjrt.md): JAX's TPU backend is tessera's, the tests' device checks
answer from the devices themselves, and tessera runs the whole program (no XLA:CPU, no compile
cache); its records are kept apart from the FFI path's ("v5e-plugin"), and a chip may name its
devices (--chip v5e:4). --files may also name tpu_pallas_distributed_test.py (OPTIONAL below):
taken from the tag's tarball, cached under build/jax_upstream/, when the tree given lacks it.
With --missing-ok, such a file that is neither there nor downloadable (a machine without
network) is skipped with a message saying where to put it, instead of failing the run; a
download that arrives but does not match its pinned SHA-256 still fails.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import time
import urllib.request
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
JAX_TAG = "jax-v0.10.2"  # the pinned jax (tools/jax/requirements.txt, python/requirements.txt)
TARBALL = f"https://github.com/jax-ml/jax/archive/refs/tags/{JAX_TAG}.tar.gz"
TARBALL_MAX_BYTES = 256 << 20
# The files the run needs from JAX's repository at JAX_TAG, with their SHA-256 (GitHub's
# generated tarballs are not byte-stable over the years; the files in them are).
NEEDED = {
    "tests/pallas/tpu_pallas_test.py": "f9cfdd61022eaf8760f1ae6079a60f777f2f2c1226520142ac495be29f20bcf8",
    "tests/pallas/tpu_pallas_pipeline_test.py": "3da93c1c5a4b8b089b30765f5cc441ed6180efae43b33f637e9783cf7da22a05",
    "jax/_src/pallas/pallas_test_util.py": "4c74634552275e9e938e3ab3782f8411a1a74325935630a47ecee9d972ba5ef6",
    "jax/_src/hypothesis_test_util.py": "29cf430f64f90137fd9d5f74e6b38eeb88e877b44293196df1423c5171c4937c",
}
# Files a run may ask for with --files beside the default ones: looked for beside them, else
# taken from the tag's tarball (cached under build/jax_upstream/) with the same checks.
OPTIONAL = {
    "tests/pallas/tpu_pallas_distributed_test.py": "03af6fe709ccea299eee0a9df917ed29fac608f0315001cb994978e5d2fd8384",
}
FILES = ["tpu_pallas_test.py", "tpu_pallas_pipeline_test.py"]
CACHE = REPO / "build" / "jax_upstream"
CATEGORIES = ("tessera bug", "not yet supported", "TPU-compiler internals", "CPU reference", "race in the test",
              "test harness")


def fail(msg: str) -> None:
    print(f"tests/jax_upstream/run.py: {msg}", file=sys.stderr)
    sys.exit(2)


class Unreachable(Exception):
    """The tag's tarball could not be downloaded (no network, or the host refused)."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def complete(root: Path) -> bool:
    return all((root / rel).is_file() for rel in NEEDED)


def download(dest: Path, url: str) -> None:
    """The tag's tarball from GitHub; only NEEDED and OPTIONAL are extracted, each file checked."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    print(f"fetching JAX's test files at {JAX_TAG} from {url}", file=sys.stderr)
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            data = r.read(TARBALL_MAX_BYTES + 1)
    except OSError as e:
        raise Unreachable(f"cannot download {url}: {e}") from e
    if len(data) > TARBALL_MAX_BYTES:
        fail(f"{url}: larger than {TARBALL_MAX_BYTES >> 20} MiB; not a JAX source tarball")
    found: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for m in tar:
                rel = m.name.split("/", 1)[1] if "/" in m.name else ""
                if (rel in NEEDED or rel in OPTIONAL) and m.isfile():
                    f = tar.extractfile(m)
                    found[rel] = f.read() if f else b""
    except (tarfile.TarError, OSError, EOFError) as e:
        fail(f"{url}: not a readable tar.gz ({e})")
    for rel, want in {**NEEDED, **OPTIONAL}.items():
        if rel not in found:
            fail(f"{url}: has no {rel}")
        got = hashlib.sha256(found[rel]).hexdigest()
        if got != want:
            fail(f"{url}: {rel} has SHA-256 {got}, not the pinned {want} (is {JAX_TAG} the tag of the pinned jax?)")
    tmp = dest.with_name(dest.name + ".part")
    for rel, body in found.items():
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp / rel).write_bytes(body)
    if dest.exists():
        import shutil
        shutil.rmtree(dest)
    tmp.rename(dest)  # whole or not at all


def find_upstream(explicit: str | None, url: str) -> Path:
    if explicit:
        root = Path(explicit)
        if not complete(root):
            fail(f"--upstream {root}: missing one of {', '.join(NEEDED)}")
        return root
    for c in (REPO.parent / "shared/upstream/jax", Path("/work/shared/upstream/jax")):
        if complete(c):
            return c
    cached = CACHE / JAX_TAG
    if complete(cached) and all(sha256(cached / r) == h for r, h in NEEDED.items()):
        return cached
    try:
        download(cached, url)
    except Unreachable as e:
        fail(f"{e} (give the JAX source tree at {JAX_TAG} with --upstream DIR)")
    return cached


def tree_with(upstream: Path, file: str, url: str, missing_ok: bool = False) -> Path | None:
    """The source tree to run `file` from: `upstream`, or for a file it lacks that the run
    knows (OPTIONAL), the tag's files cached under build/jax_upstream/ (downloaded once).
    None (with a message) when that download is unreachable and `missing_ok`."""
    rel = f"tests/pallas/{file}"
    if (upstream / rel).is_file():
        return upstream
    if rel not in OPTIONAL:
        fail(f"{upstream}: has no {rel}")
    cached = CACHE / JAX_TAG
    if not all((cached / r).is_file() and sha256(cached / r) == h for r, h in {**NEEDED, **OPTIONAL}.items()):
        try:
            download(cached, url)
        except Unreachable as e:
            where = (f"{upstream / rel}, or run once where GitHub is reachable (it is kept in "
                     f"{cached.relative_to(REPO) if cached.is_relative_to(REPO) else cached})")
            if not missing_ok:
                fail(f"{e}; {file} is needed: put JAX's copy at {JAX_TAG} at {where}")
            print(f"tests/jax_upstream/run.py: skipped {file}: {e}; to run it, put JAX's copy at "
                  f"{JAX_TAG} at {where}", file=sys.stderr)
            return None
    return cached


def pytest_run(py: str, upstream: Path, file: str, chip: str | None, ids: list[str] | None,
               kexpr: str | None, examples: int | None, results: Path, quiet: bool,
               skip: list[str] = (), compile_cache: str = "", plugin: bool = False) -> float:
    args = ["--tessera-upstream", str(upstream)]
    if examples is not None:
        args += ["--tessera-hypothesis-examples", str(examples)]
    path = upstream / "tests" / "pallas" / file
    targets = [f"{path}::{i}" for i in ids] if ids is not None else [str(path)]
    return run_pytest(py, upstream / "tests" / "pallas", targets, chip, results, quiet, args,
                      kexpr, skip, compile_cache, [], plugin=plugin)


def run_pytest(py: str, rootdir: Path, targets: list[str], chip: str | None, results: Path,
               quiet: bool, args: list[str] = (), kexpr: str | None = None, skip: list[str] = (),
               compile_cache: str = "", pythonpath: list[str] = (), timeout: float | None = None,
               plugin: bool = False) -> float:
    """pytest on `targets` with the shim (tessera_tpu_shim.py) as `chip` (None: the usual
    way; with `plugin`, JAX's TPU is tessera's PJRT plugin as `chip`), run from `rootdir`, one
    JSON record a test in `results`; its wall seconds. Also the runner of
    tests/production/run.py. A run past `timeout` seconds is stopped; the records of the tests
    it finished stay."""
    args = [py, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tessera_tpu_shim", "-q",
            "--no-header", "-rN", "--tessera-results", str(results), "--rootdir", str(rootdir), *args]
    if chip and plugin:
        args += ["--tessera-plugin"]
    elif chip:
        args += ["--tessera-chip", chip]
    if compile_cache and not plugin:
        args += ["--tessera-compile-cache", compile_cache]
    if kexpr:
        args += ["-k", kexpr]
    if skip:  # not pytest's --deselect, which drops every test whose id starts with one given
        skip_file = results.with_suffix(".skip")
        skip_file.write_text("".join(f"{i}\n" for i in skip))
        args += ["--tessera-skip", str(skip_file)]
    args += targets
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONDONTWRITEBYTECODE="1",  # nothing written upstream
               PYTHONPATH=os.pathsep.join([str(HERE), *pythonpath, os.environ.get("PYTHONPATH", "")]))
    if plugin and chip:  # JAX's TPU is the plugin (docs/pjrt.md); the CPU backend stays beside it
        env.pop("JAX_PLATFORMS")
        env["TESSERA_TPU"] = chip
    start = time.perf_counter()
    try:
        out = subprocess.run(args, env=env, cwd=str(rootdir), timeout=timeout,
                             stdout=subprocess.DEVNULL if quiet else None,
                             stderr=subprocess.STDOUT if quiet else None)
        rc = out.returncode
    except subprocess.TimeoutExpired:
        rc = None
        print(f"pytest on {targets[0]}: stopped after {timeout:.0f} s", file=sys.stderr)
    seconds = time.perf_counter() - start
    if skip:
        skip_file.unlink()
    if rc not in (0, 1, 5, None):  # passed, some failed, nothing collected
        print(f"pytest on {targets[0]} exited {rc}", file=sys.stderr)
    return seconds


def read_records(path: Path) -> list[dict]:
    if not path.exists():
        return []
    latest = {}  # a test run again (--rerun-failed) counts once, as it last ran
    for line in path.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            latest.pop(r["id"], None)
            latest[r["id"]] = r
    return list(latest.values())


def load_rules(path: Path = HERE / "failures.tsv",
               categories: tuple[str, ...] = CATEGORIES) -> list[tuple[re.Pattern, str, str]]:
    rules = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[1] not in categories:
            fail(f"{path.name} line {n}: want PATTERN<TAB>CATEGORY<TAB>REASON, CATEGORY one of {categories}")
        rules.append((re.compile(parts[0]), parts[1], parts[2]))
    return rules


def classify(rec: dict, rules) -> tuple[str, str]:
    text = f"{rec['class']}::{rec['id'].split('::')[-1]}: {rec['message']}"
    for pat, cat, why in rules:
        if pat.search(text):
            return cat, why
    return "unclassified", ""


def counts(recs: list[dict]) -> dict[str, float]:
    c = defaultdict(float)
    for r in recs:
        c[r["outcome"]] += 1
        c["seconds"] += r["seconds"]
    return c


def table(rows: list[tuple], head: tuple) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(x) for x in r) + " |" for r in rows]
    return "\n".join(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--upstream", help=f"JAX's source tree at {JAX_TAG} (tests/pallas, jax/_src)")
    ap.add_argument("--url", default=TARBALL, help="where to download the tag's tarball from")
    ap.add_argument("--chip", default="v5e,v5p")
    ap.add_argument("--files", default=",".join(FILES))
    ap.add_argument("--interpret", action="store_true", help="also run each file the usual way")
    ap.add_argument("--subset")
    ap.add_argument("-k", dest="kexpr")
    ap.add_argument("--hypothesis-examples", type=int, default=10)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--json")
    ap.add_argument("--markdown", help="write the figures and the failures by reason")
    ap.add_argument("--failures-markdown", help="write the table of every failure")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--resume", action="store_true",
                    help="keep the tests recorded by an earlier run cut short, run the rest")
    ap.add_argument("--rerun-failed", action="store_true",
                    help="with --resume: run the failures again too (after a fix)")
    ap.add_argument("--no-run", action="store_true",
                    help="run nothing: report on the records of earlier runs")
    ap.add_argument("--compile-cache", default=str(CACHE / "xla_cache"),
                    help="JAX's persistent compilation cache for the runs ('' for none)")
    ap.add_argument("--plugin", action="store_true",
                    help="run the TPU classes through tessera's PJRT plugin (TESSERA_TPU=CHIP) instead of the FFI path")
    ap.add_argument("--missing-ok", action="store_true",
                    help="skip an optional file (--files) that is not there and cannot be downloaded")
    ap.add_argument("--write-subset")
    ap.add_argument("--subset-seconds", type=float, default=120)
    a = ap.parse_args()

    upstream = find_upstream(a.upstream, a.url)
    files = a.files.split(",")
    subset: dict[str, list[str]] | None = None
    if a.subset:
        subset = defaultdict(list)
        for line in Path(a.subset).read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                f, _, rest = line.strip().partition("::")
                subset[f].append(rest)
        files = [f for f in files if subset.get(f)]
    rules = load_rules()
    out_dir = CACHE / "results"
    out_dir.mkdir(parents=True, exist_ok=True)

    runs = []  # (mode, file, wall seconds, records)
    skipped_files: set[str] = set()  # not there and not downloadable (--missing-ok)
    # a plugin run's records and report rows are the chip's with "-plugin"
    modes = [c + ("-plugin" if a.plugin else "") for c in a.chip.split(",") if c] + (["interpret"] if a.interpret else [])
    for mode in modes:
        for f in files:
            # a subset's records are kept apart from the whole run's, which --no-run reports on
            res = out_dir / f"{mode}-{f}{'.subset' if subset is not None else ''}.jsonl"
            if a.no_run:
                recs = read_records(res)
                if mode == "interpret":
                    recs = [r for r in recs if "Interpret" in r["class"]]
                runs.append((mode, f, None, recs))
                continue
            done = read_records(res) if a.resume else []
            if a.rerun_failed:  # those run again, with the tests not yet run
                res.write_text("".join(json.dumps(r) + "\n" for r in done
                                       if r["outcome"] in ("passed", "skipped")))
                done = read_records(res)
            tree = None if f in skipped_files else tree_with(upstream, f, a.url, a.missing_ok)
            if tree is None:  # said so once: not tried again for the next chip
                skipped_files.add(f)
                continue
            part = res.with_suffix(".part") if done else res
            wall = pytest_run(a.python, tree, f, None if mode == "interpret" else mode.removesuffix("-plugin"),
                              subset[f] if subset is not None else None, a.kexpr,
                              a.hypothesis_examples, part, a.quiet, [r["id"] for r in done], a.compile_cache,
                              a.plugin)
            if done:  # the earlier records, then this run's
                res.write_text(res.read_text() + part.read_text())
                part.unlink()
            recs = read_records(res)
            if mode == "interpret":  # the file the usual way: its interpret classes are the ones that run
                recs = [r for r in recs if "Interpret" in r["class"]]
            runs.append((mode, f, wall, recs))

    md = [f"JAX {JAX_TAG} test files from {upstream}; Hypothesis tests at "
          f"{a.hypothesis_examples} examples each.", ""]
    rows, failures = [], []
    for mode, f, wall, recs in runs:
        by_class = defaultdict(list)
        for r in recs:
            by_class[r["class"]].append(r)
        for cls in sorted(by_class):
            c = counts(by_class[cls])
            rows.append((mode, f, cls, int(c["passed"]), int(c["failed"]), int(c["error"]),
                         int(c["skipped"]), f"{c['seconds']:.1f}"))
        c = counts(recs)
        rows.append((mode, f, "**all**", int(c["passed"]), int(c["failed"]), int(c["error"]),
                     int(c["skipped"]), f"{c['seconds']:.1f}" + (f" (wall {wall:.1f})" if wall else "")))
        for r in recs:
            if r["outcome"] in ("failed", "error"):
                cat, why = classify(r, rules)
                failures.append((mode, f, r, cat, why))
    head = ("run", "file", "class", "passed", "failed", "errors", "skipped", "seconds")
    md += [table(rows, head), ""]

    summary = defaultdict(lambda: defaultdict(int))
    for mode, f, r, cat, why in failures:
        summary[mode][cat] += 1
    for mode in modes:
        if mode == "interpret":
            continue
        if not any(m == mode for m, *_ in runs) and skipped_files:
            md.append(f"- {mode}: nothing run ({', '.join(sorted(skipped_files))} not available)")
            continue
        tpu = [r for m, _, _, recs in runs if m == mode for r in recs]
        ran = [r for r in tpu if r["outcome"] != "skipped"]
        internals = summary[mode]["TPU-compiler internals"]
        passed = sum(r["outcome"] == "passed" for r in tpu)
        denom = len(ran) - internals
        md.append(f"- {mode}: {passed} of {denom} run cases that do not check TPU-compiler "
                  f"internals pass ({100.0 * passed / max(1, denom):.1f}%); failures by class: " +
                  ", ".join(f"{k} {v}" for k, v in sorted(summary[mode].items())))
    md.append("")
    # by reason, then every failure (one row per test, the chips it fails on)
    reasons = defaultdict(lambda: defaultdict(set))
    per_test: dict[tuple, dict] = {}
    for mode, f, r, cat, why in failures:
        reasons[(cat, why)][mode].add((f, r["id"]))
        key = (f, r["id"])
        row = per_test.setdefault(key, {"modes": [], "cat": cat, "why": why, "msg": r["message"]})
        row["modes"].append(mode)
    rrows = [(cat, why or "-", *(len(reasons[(cat, why)].get(m, ())) for m in modes))
             for cat, why in sorted(reasons, key=lambda k: (CATEGORIES.index(k[0]) if k[0] in CATEGORIES else 9, k[1]))]
    md += [table(rrows, ("class", "why", *modes)), ""]
    frows = [(f, f"`{i}`", ",".join(v["modes"]), v["cat"],
              "`" + v["msg"].replace("|", "\\|").replace("`", "'")[:160] + "`")
             for (f, i), v in sorted(per_test.items())]
    ftext = table(frows, ("file", "test", "fails on", "class", "first error line")) + "\n"
    text = "\n".join(md)
    if not a.quiet:
        print(text)
    else:
        for line in md:
            if line.startswith("- "):
                print(line)
    if a.markdown:
        Path(a.markdown).write_text(text)
    if a.failures_markdown:
        Path(a.failures_markdown).write_text(ftext)
    if a.json:
        Path(a.json).write_text(json.dumps([{"run": m, "file": f, "wall": w, "records": recs}
                                            for m, f, w, recs in runs], indent=1))
    if a.write_subset:
        write_subset(Path(a.write_subset), runs, a.subset_seconds)

    if a.strict:
        bad = []
        if subset is not None:
            for mode, f, wall, recs in runs:
                got = {r["id"]: r for r in recs}
                for want in subset[f]:
                    r = got.get(want)
                    if r is None or r["outcome"] != "passed":
                        bad.append(f"{mode} {f}::{want}: {r['outcome'] + ': ' + r['message'] if r else 'did not run'}")
        else:
            bad = [f"{m} {f}::{r['id']}: {r['message']}" for m, f, r, cat, _ in failures if cat == "unclassified"]
        for b in bad:
            print("FAIL", b)
        return 1 if bad else 0
    return 0


def write_subset(path: Path, runs, budget: float) -> None:
    """Passing tests on every chip run, the quickest of each class in turn, up to `budget`
    seconds of the slowest chip's time."""
    passed: dict[tuple[str, str], float] = {}
    chips = {m for m, *_ in runs if m != "interpret"}
    seen: dict[tuple[str, str], set] = defaultdict(set)
    for mode, f, _, recs in runs:
        if mode == "interpret":
            continue
        for r in recs:
            if r["outcome"] == "passed":
                key = (f, r["id"])
                seen[key].add(mode)
                passed[key] = max(passed.get(key, 0.0), r["seconds"])
    ok = {k: s for k, s in passed.items() if seen[k] == chips}
    by_class = defaultdict(list)
    for (f, i), s in ok.items():
        by_class[(f, i.split("::")[0])].append((s, i))
    for v in by_class.values():
        v.sort()
    chosen, total, rnd = [], 0.0, 0
    while True:
        took = False
        for key in sorted(by_class):
            v = by_class[key]
            if rnd < len(v) and total + v[rnd][0] <= budget:
                chosen.append(f"{key[0]}::{v[rnd][1]}")
                total += v[rnd][0]
                took = True
        if not took:
            break
        rnd += 1
    path.write_text("# tests/jax_upstream/run.py --write-subset: passing on " + ",".join(sorted(chips)) +
                    f", the quickest of each class in turn, {total:.0f} s of test time\n" +
                    "\n".join(sorted(chosen)) + "\n")


if __name__ == "__main__":
    sys.exit(main())
