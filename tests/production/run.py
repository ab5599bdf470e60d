#!/usr/bin/env python3
"""Runs vLLM's TPU kernel tests (vllm-project/tpu-inference, tests/kernels) unmodified on this
CPU, their kernels through tessera as a TPU of each chip asked for.

The kernels and their tests come from tpu-inference at the pinned commit PIN (the last one
pinned to jax 0.10.2, tessera's JAX): from --tpu-inference PATH (a clone of the repository, whose
git objects hold PIN, or a source tree at PIN), else a copy cached outside the repository
($TESSERA_CACHE, else $XDG_CACHE_HOME/tessera, else ~/.cache/tessera), else GitHub's archive of
the commit, from which only LICENSE, tpu_inference/envs.py, tpu_inference/kernels/,
tests/kernels/ and the pure-JAX reference of one test (tpu_inference/layers/common/linear.py and
sharding.py) are kept, checked against the pinned digest of those files (MANIFEST_SHA256).
Offline, with no copy, the run is skipped with a message saying so (exit 0; --require-source:
exit 2). No vLLM is installed: tests/production/standin/ provides the few modules outside the
kernels that they import (tpu_inference.logger, tpu_inference.utils, tests.test_utils; their
docstrings say what and why). Three test files also need sympy (tests/production/requirements.txt).

  tests/production/run.py [--tpu-inference PATH] [--chip v6e,7x] [--plugin | --shim]
                          [--files F,...] [-k EXPR] [--sample N]
                          [--subset FILE [--strict]] [--file-timeout S] [--resume]
                          [--no-run] [--markdown OUT] [--json OUT] [--quiet]
                          [--interpret | --interpret-only] [--require-source] [--fetch-only]

Each test file runs in its own pytest, through tests/jax_upstream/tessera_tpu_shim.py (the
plugin that makes JAX's own Pallas TPU tests run on tessera: the device is a TPU of the chip,
every TPU pallas_call runs through tessera with its checkers), with --tessera-device-kind so that
the kernels' own questions (jax.devices()[0].device_kind) get the chip's answer too. Per chip,
file and test class it reports passed / failed / errors / skipped; each failure is classified
by the first rule of tests/production/failures.tsv whose pattern matches
"file::Class::test: first error line" (the categories of tests/jax_upstream/failures.tsv, and
"kernel defect": the kernel's own bug, docs/findings.md). --interpret runs each file once more
as the first chip with every kernel in JAX's TPU interpret mode instead of tessera (the same
cases); --interpret-only runs them that way only (bench/production_vs_interpret.sh alternates
the two sides).
--plugin runs each file with JAX's TPU backend tessera's PJRT plugin instead (TESSERA_TPU=CHIP,
docs/pjrt.md): jax.devices() are the chip's TPU devices, tessera runs every program of the test
(its reference computations too), and the shim only records the results. A file whose tests
ask for more devices (DEVICES) gets them (TESSERA_TPU=v6e:8). Its records are kept apart from
the shim path's ("v6e-plugin").
--subset runs the tests listed (one "path::Class::test" a line) and --strict exits 1 unless
each passes; without --subset, --strict exits 1 on a failure classified "tessera bug" or not at
all. The figures are in docs/production.md.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "tests" / "jax_upstream"))
import run as jax_upstream  # noqa: E402 - the runner and report helpers of JAX's own test files

PIN = "3b7fec0af23e1ec19182b78f515e62bf769c7964"
ARCHIVE = f"https://github.com/vllm-project/tpu-inference/archive/{PIN}.tar.gz"
ARCHIVE_MAX_BYTES = 256 << 20
# What is kept of the repository: a path, or a folder ending in "/".
KEEP = ("LICENSE", "tpu_inference/envs.py", "tpu_inference/kernels/", "tests/kernels/",
        # the pure-JAX reference that quantized_matmul_kernel_test.py compares with
        "tpu_inference/layers/__init__.py", "tpu_inference/layers/common/__init__.py",
        "tpu_inference/layers/common/linear.py", "tpu_inference/layers/common/sharding.py")
# SHA-256 of "path\0sha256(contents)\n" over the kept files, sorted by path (the files, not
# the archive: GitHub's generated archives are not byte-stable).
MANIFEST_SHA256 = "dddfba81083edf88398612267e108ac7baffd3e35b8b838af8fbf31675b04a6d"
CATEGORIES = jax_upstream.CATEGORIES + ("kernel defect",)
RESULTS = REPO / "build" / "production"


def fail(msg: str) -> None:
    print(f"tests/production/run.py: {msg}", file=sys.stderr)
    sys.exit(2)


def kept(rel: str) -> bool:
    return any(rel == k or (k.endswith("/") and rel.startswith(k)) for k in KEEP)


def manifest(files: dict[str, bytes]) -> str:
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(f"{rel}\0{hashlib.sha256(files[rel]).hexdigest()}\n".encode())
    return h.hexdigest()


def tree_files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in root.rglob("*") if p.is_file() and kept(p.relative_to(root).as_posix())}


def cache_root() -> Path:
    if os.environ.get("TESSERA_CACHE"):
        return Path(os.environ["TESSERA_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tessera"


def from_git(repo: Path) -> dict[str, bytes] | None:
    """The kept files at PIN from a clone (or bare git directory) of the repository."""
    try:
        out = subprocess.run(["git", "-C", str(repo), "archive", "--format=tar", PIN, "--",
                              *[k.rstrip("/") for k in KEEP]], capture_output=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        fail(f"--tpu-inference {repo}: git archive failed ({e})")
    if out.returncode != 0:
        return None
    return untar(io.BytesIO(out.stdout), "r:", strip=False, where=str(repo))


def untar(data: io.BytesIO, mode: str, strip: bool, where: str) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    try:
        with tarfile.open(fileobj=data, mode=mode) as tar:
            for m in tar:
                rel = m.name.split("/", 1)[1] if strip and "/" in m.name else m.name
                if m.isfile() and kept(rel) and ".." not in rel.split("/"):
                    f = tar.extractfile(m)
                    files[rel] = f.read() if f else b""
    except (tarfile.TarError, OSError, EOFError) as e:
        fail(f"{where}: not a readable tar archive ({e})")
    return files


def download(url: str) -> dict[str, bytes] | None:
    print(f"fetching tpu-inference at {PIN[:9]} from {url}", file=sys.stderr)
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            data = r.read(ARCHIVE_MAX_BYTES + 1)
    except OSError as e:
        print(f"tests/production/run.py: cannot download {url}: {e}", file=sys.stderr)
        return None
    if len(data) > ARCHIVE_MAX_BYTES:
        fail(f"{url}: larger than {ARCHIVE_MAX_BYTES >> 20} MiB; not tpu-inference's archive")
    return untar(io.BytesIO(data), "r:gz", strip=True, where=url)


def write_tree(dest: Path, files: dict[str, bytes]) -> None:
    tmp = dest.with_name(dest.name + ".part")
    shutil.rmtree(tmp, ignore_errors=True)
    for rel, body in files.items():
        (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp / rel).write_bytes(body)
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)  # whole or not at all


def check(files: dict[str, bytes], where: str) -> None:
    got = manifest(files)
    if got != MANIFEST_SHA256:
        fail(f"{where}: the kernels and tests differ from tpu-inference at {PIN} "
             f"(digest {got}, pinned {MANIFEST_SHA256})")


def find_source(explicit: str | None, url: str, require: bool) -> Path | None:
    """The source tree to run (holding tpu_inference/kernels and tests/kernels), or None when
    there is none and it cannot be fetched."""
    if explicit:
        p = Path(explicit).resolve()
        if (p / "tests" / "kernels").is_dir() and (p / "tpu_inference" / "kernels").is_dir() \
                and not (p / ".git").exists():
            return p  # a source tree (tests/production/vendor: a part of it), taken as given
        files = from_git(p)
        if files is None:
            fail(f"--tpu-inference {p}: neither a source tree nor a git repository holding {PIN}")
        check(files, str(p))
        dest = cache_root() / f"tpu-inference-{PIN[:12]}"
        write_tree(dest, files)
        return dest
    dest = cache_root() / f"tpu-inference-{PIN[:12]}"
    if (dest / "LICENSE").is_file() and manifest(tree_files(dest)) == MANIFEST_SHA256:
        return dest
    files = download(url)
    if files is None:
        msg = (f"SKIPPED: tpu-inference at {PIN[:9]} is not cached in {dest} and cannot be fetched "
               f"(offline?); give a clone with --tpu-inference PATH")
        if require:
            fail(msg)
        print(msg)
        return None
    check(files, url)
    write_tree(dest, files)
    return dest


def test_files(src: Path) -> list[str]:
    found = [p.relative_to(src).as_posix() for p in (src / "tests" / "kernels").rglob("*.py")
             if p.name.endswith("_test.py") or p.name.startswith("test_")]
    return sorted(found)


def read_subset(path: str) -> dict[str, list[str]]:
    subset: dict[str, list[str]] = defaultdict(list)
    for line in Path(path).read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            f, _, rest = line.strip().partition("::")
            subset[f].append(rest)
    return subset


def collect(py: str, src: Path, f: str, standin: str) -> list[str]:
    """The test ids of file f ("Class::test" or "test[params]"), as pytest collects them; kept
    in RESULTS (the source is pinned), so that a report on sampled runs can say how many cases
    each class has without collecting again."""
    cache = RESULTS / f"collected-{f.replace('/', '.')}.txt"
    if cache.exists():
        return cache.read_text().splitlines()
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONDONTWRITEBYTECODE="1",
               PYTHONPATH=os.pathsep.join([standin, str(src), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([py, "-m", "pytest", "-p", "no:cacheprovider", "--collect-only", "-q", str(src / f)],
                         env=env, cwd=str(src), capture_output=True, text=True)
    ids = [line.split("::", 1)[1] for line in out.stdout.splitlines() if "::" in line]
    if out.returncode in (0, 5):  # collected (or nothing to collect): worth keeping
        cache.write_text("".join(f"{i}\n" for i in ids))
    return ids


def record_class(test_id: str) -> str:
    """The class a test's record names: "" for a plain pytest function."""
    return test_id.split("::")[0] if "::" in test_id else ""


def sample(py: str, src: Path, f: str, standin: str, n: int) -> list[str]:
    """At most n cases of each test class of file f, evenly spread over its cases in the order
    pytest collects them (the same ones every time)."""
    by_class: dict[str, list[str]] = defaultdict(list)
    for test in collect(py, src, f, standin):
        by_class[test.split("::")[0].split("[")[0]].append(test)  # a function: its parameters are its cases
    chosen = []
    for tests in by_class.values():
        step = max(1, len(tests) / n)
        chosen += [tests[int(i * step)] for i in range(min(n, len(tests)))]
    return chosen


def unfinished(res: Path, targets: list[str], done: list[dict], wall: float, timeout: float | None) -> None:
    """Records as an error the first of the cases named that has no record after its file's run:
    the case the run was in when --file-timeout stopped it or the system killed it (out of
    memory), which would otherwise vanish from the report. The cases after it did not start."""
    have = {r["id"] for r in jax_upstream.read_records(res)} | {r["id"] for r in done}
    for t in targets:
        tid = t.split("::", 1)[1]
        if tid not in have:
            why = (f"did not finish: the file's run was stopped after {wall:.0f} s (--file-timeout)"
                   if timeout is not None and wall >= timeout else
                   "did not finish: the test process ended without a result (killed, out of memory?)")
            rec = {"id": tid, "file": Path(t.split("::")[0]).name, "class": record_class(tid), "outcome": "error", "seconds": round(wall, 1), "message": why}
            with res.open("a") as out:
                out.write(json.dumps(rec) + "\n")
            return


# Files whose tests need more devices than one chip has, and how many (through the plugin, which
# gives them: TESSERA_TPU=CHIP:N). all_gather_matmul's test skips unless jax.device_count() == 8.
DEVICES = {"tests/kernels/collectives/all_gather_matmul_kernel_test.py": 8}


def plugin_devices(chip: str, f: str) -> str:
    """TESSERA_TPU for file f as `chip`: the chip as given, or the slice of the devices the file
    asks for (a chip given with its own count or mesh is kept)."""
    return f"{chip}:{DEVICES[f]}" if f in DEVICES and ":" not in chip else chip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tpu-inference", help="a clone of vllm-project/tpu-inference, or a source tree at the pin")
    ap.add_argument("--url", default=ARCHIVE)
    ap.add_argument("--chip", default="v6e,7x")
    path = ap.add_mutually_exclusive_group()
    path.add_argument("--plugin", action="store_true",
                      help="run each file with JAX's TPU backend tessera's PJRT plugin (TESSERA_TPU=CHIP)")
    path.add_argument("--shim", action="store_true",
                      help="run each file through the FFI path and the pytest shim (JAX on its CPU backend)")
    ap.add_argument("--files", help="test files (paths under tests/kernels or their names), comma-separated")
    ap.add_argument("-k", dest="kexpr")
    ap.add_argument("--subset")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--interpret", action="store_true",
                    help="also run each file as the first chip with its kernels in JAX's interpret mode")
    ap.add_argument("--interpret-only", action="store_true",
                    help="run each file only that way (as the first chip, its kernels in interpret mode)")
    ap.add_argument("--sample", type=int, default=0,
                    help="run at most N cases of each test class, spread evenly over its cases (0: all)")
    ap.add_argument("--file-timeout", type=float, default=None, help="stop a file's run after S seconds")
    ap.add_argument("--resume", action="store_true", help="keep the records of earlier runs, run the rest")
    ap.add_argument("--no-run", action="store_true", help="report on the records of earlier runs")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--compile-cache", default=str(RESULTS / "xla_cache"))
    ap.add_argument("--markdown")
    ap.add_argument("--json")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--require-source", action="store_true", help="fail (exit 2), not skip, without the source")
    ap.add_argument("--fetch-only", action="store_true", help="fetch and check the source, run nothing")
    a = ap.parse_args()

    src = find_source(a.tpu_inference, a.url, a.require_source)
    if src is None:
        return 0
    if a.fetch_only:
        print(src)
        return 0
    files = test_files(src)
    if a.files:
        want = a.files.split(",")
        files = [f for f in files if f in want or Path(f).name in want]
    subset = read_subset(a.subset) if a.subset else None
    if subset is not None:
        files = [f for f in files if subset.get(f)]
    rules = jax_upstream.load_rules(HERE / "failures.tsv", CATEGORIES)
    RESULTS.mkdir(parents=True, exist_ok=True)
    chips = [c for c in a.chip.split(",") if c]
    plugin = a.plugin
    if plugin and (a.interpret or a.interpret_only):
        fail("--interpret runs JAX's interpret mode on the CPU backend: give it without --plugin")
    # a run through the plugin keeps its records apart from the shim path's: "v6e-plugin"
    modes = ([] if a.interpret_only else [c + ("-plugin" if plugin else "") for c in chips]) + \
        (["interpret"] if a.interpret or a.interpret_only else [])
    standin = str(HERE / "standin")
    os.environ["TESSERA_TPU_INFERENCE"] = str(src)

    runs = []  # (mode, file, wall, records)
    for mode in modes:
        for f in files:
            res = RESULTS / f"{mode}-{f.replace('/', '.')}{'.subset' if subset is not None else ''}.jsonl"
            if a.no_run:
                runs.append((mode, f, None, jax_upstream.read_records(res)))
                continue
            done = jax_upstream.read_records(res) if a.resume else []
            part = res.with_suffix(".part") if done else res
            if subset is not None:
                targets = [f"{src / f}::{t}" for t in subset[f]]
            elif a.sample:
                targets = [f"{src / f}::{t}" for t in sample(a.python, src, f, standin, a.sample)] or [str(src / f)]
            else:
                targets = [str(src / f)]
            # interpret: the first chip's TPU, its kernels in JAX's interpret mode
            chip = chips[0] if mode == "interpret" else mode.removesuffix("-plugin")
            if plugin:  # the devices the file asks for, as the chip's slice (docs/production.md)
                chip = plugin_devices(chip, f)
                extra = []
            else:
                # reads out of bounds give poison and a warning (listed below), as in the
                # interpret comparison, rather than stopping the case
                extra = ["--tessera-device-kind", "--tessera-oob-reads=uninitialized"] + \
                    (["--tessera-interpret"] if mode == "interpret" else [])
            wall = jax_upstream.run_pytest(
                a.python, src, targets, chip, part, a.quiet, extra, a.kexpr, [r["id"] for r in done],
                a.compile_cache, [standin, str(src)], a.file_timeout, plugin=plugin)
            if done:
                res.write_text(res.read_text() + (part.read_text() if part.exists() else ""))
                part.unlink(missing_ok=True)
            if targets[0] != str(src / f):  # cases named: one the run stopped in (--file-timeout,
                unfinished(res, targets, done, wall, a.file_timeout)  # or killed) is recorded
            recs = [dict(r, file=f) for r in jax_upstream.read_records(res)]
            runs.append((mode, f, wall, recs))
            if not a.quiet:
                c = jax_upstream.counts(recs)
                print(f"{mode} {f}: {int(c['passed'])} passed, {int(c['failed'] + c['error'])} failed, "
                      f"{int(c['skipped'])} skipped", flush=True)
    # a sampled run: how many cases each class has, for the table and the weighted estimate
    sizes = {f: Counter(record_class(t) for t in collect(a.python, src, f, standin))
             for f in files} if a.sample and subset is None else None
    return report(a, src, modes, runs, rules, subset, sizes)


def report(a, src: Path, modes: list[str], runs, rules, subset, sizes=None) -> int:
    md = [f"tpu-inference at {PIN} (from {src}), run on tessera as each chip.", ""]
    rows, failures = [], []
    est = defaultdict(lambda: [0.0, 0.0])  # mode -> [passes, cases run], each class weighted by its size
    for mode, f, wall, recs in runs:
        by_class = defaultdict(list)
        for r in recs:
            by_class[r["class"]].append(r)
        for cls in sorted(by_class):
            c = jax_upstream.counts(by_class[cls])
            n = len(by_class[cls])
            row = [mode, f, cls, int(c["passed"]), int(c["failed"]), int(c["error"]), int(c["skipped"])]
            if sizes is not None:
                size = max(sizes[f][cls], n)
                row.append(size)
                est[mode][0] += size * c["passed"] / n
                est[mode][1] += size * (n - c["skipped"]) / n
            rows.append((*row, f"{c['seconds']:.1f}"))
        for r in recs:
            if r["outcome"] in ("failed", "error"):
                cat, why = jax_upstream.classify(dict(r, **{"class": f"{f}::{r['class']}"}), rules)
                failures.append((mode, f, r, cat, why))
    md += [jax_upstream.table(rows, ("run", "file", "class", "passed", "failed", "errors", "skipped",
                                     *(("cases",) if sizes is not None else ()), "seconds")), ""]
    for mode in modes:
        recs = [r for m, _, _, rr in runs if m == mode for r in rr]
        ran = [r for r in recs if r["outcome"] != "skipped"]
        cats = defaultdict(int)
        for m, _, _, cat, _ in failures:
            if m == mode:
                cats[cat] += 1
        internals = cats.get("TPU-compiler internals", 0)
        passed = sum(r["outcome"] == "passed" for r in recs)
        denom = len(ran) - internals
        md.append(f"- {mode}: {passed} of {denom} run cases pass ({100.0 * passed / max(1, denom):.1f}%); "
                  f"{len(recs) - len(ran)} skip; failures by class: " +
                  (", ".join(f"{k} {v}" for k, v in sorted(cats.items())) or "none"))
        if sizes is not None and est[mode][1]:
            md.append(f"- {mode}, each class weighted by its number of cases (an estimate for all "
                      f"{sum(sum(c.values()) for c in sizes.values())} cases): "
                      f"{100.0 * est[mode][0] / est[mode][1]:.1f}% of the cases that run pass")
    md.append("")
    reasons = defaultdict(lambda: defaultdict(int))
    for mode, f, r, cat, why in failures:
        reasons[(cat, why, f)][mode] += 1
    rrows = [(cat, why or "-", f, *(reasons[(cat, why, f)].get(m, 0) for m in modes))
             for cat, why, f in sorted(reasons)]
    md += [jax_upstream.table(rrows, ("class", "why", "file", *modes)), ""]
    # accesses out of bounds that gave poison (out_of_bounds_reads="uninitialized", a read into
    # SMEM tile padding) or were clipped (a kernel compiled with disable_bounds_checks): each to
    # be judged by reading the kernel (docs/findings.md)
    oob = defaultdict(set)
    for mode, f, _, recs in runs:
        for r in recs:
            for w in r.get("warnings", []):
                if w.startswith("out-of-bounds read"):
                    oob[(f, w.split(": op ", 1)[-1].split(": index")[0])].add(r["id"])
                elif " reached outside its ref" in w:  # "kernel K: OP at LOC (CHAIN) reached outside ..."
                    where = w.split(": ", 1)[-1].split(" reached outside")[0].split(" (")[0]
                    oob[(f, f"{where} (bounds checks off: clipped)")].add(r["id"])
    if oob:
        md += [jax_upstream.table([(f, f"`{where}`", len(ids)) for (f, where), ids in sorted(oob.items())],
                                  ("file", "access out of bounds (op at location)", "cases")), ""]
    text = "\n".join(md)
    print(text if not a.quiet else "\n".join(l for l in md if l.startswith("- ")))
    if a.markdown:
        Path(a.markdown).write_text(text)
    if a.json:
        Path(a.json).write_text(json.dumps([{"run": m, "file": f, "wall": w, "records": r}
                                            for m, f, w, r in runs], indent=1))
    if not a.strict:
        return 0
    bad = []
    if subset is not None:
        for mode, f, _, recs in runs:
            if mode == "interpret":
                continue
            got = {r["id"]: r for r in recs}
            for want in subset[f]:
                r = got.get(want)
                if r is None or r["outcome"] != "passed":
                    bad.append(f"{mode} {f}::{want}: " + (f"{r['outcome']}: {r['message']}" if r else "did not run"))
    else:
        bad = [f"{m} {f}::{r['id']}: {cat}: {r['message']}" for m, f, r, cat, _ in failures
               if cat in ("tessera bug", "unclassified")]
    for b in bad:
        print("FAIL", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
