"""Every command and snippet in README.md and docs/*.md runs as written, and every example runs.

    python/.venv/bin/python tests/docs/check_docs.py [--list] [--no-examples] [--lang sh|python] [FILE ...]

Run by scripts/test.sh after the Python package is installed (build/tessera and the package
must exist); the Python it runs under runs the Python blocks and examples/*.py.

- ```sh blocks run with bash (-e -o pipefail), ```python blocks with this Python, each in a
  scratch folder that links the repository's top-level entries, so that `build/tessera ...`
  and `tests/...` resolve and what a block writes (out/, t.json) lands in the scratch folder.
  A block that needs mpirun is skipped, saying so, where mpirun is missing; Open MPI's
  run-as-root and oversubscribe switches are set in the environment, as docs/mpi.md says.
- examples/*.py run one by one (each checks its own results; examples/*.c are ctest cases).
- --lang python runs the Python blocks and the examples only (scripts/wheel.sh: against an
  installed wheel, in a venv of its own, where build/ is not needed).
- A block that cannot run as written says so on the line right before its fence:
      <!-- not run: REASON -->          shown, not run (REASON says why: keep these few)
      <!-- excerpt of examples/F -->    its lines, in order, are lines of examples/F (their
                                          indentation aside; a line that is just `...` stands
                                          for lines left out), which runs as an example
      <!-- file: NAME -->               not run: saved as NAME in the folder of every later
                                          block of the same page (the text says "save this as
                                          NAME"), for a command block to run
  ```c blocks must carry one of the two (C examples build as ctest cases); other fences
  (plain, mlir, json: output, syntax, diagrams) are not run. A block that builds (make,
  cmake) must be marked not run: through the links it would reconfigure the real build/.
- Blocks run with the folder of this Python first on PATH, so that `python` is this Python.

Exits 1 when a block or an example fails, naming the file and line."""
from __future__ import annotations

import argparse
import dataclasses
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUN = {"sh": "sh", "bash": "sh", "shell": "sh", "python": "python"}
MARK = re.compile(r"^<!--\s*(not run:|excerpt of|file:)\s*(.*?)\s*-->\s*$")
TIMEOUT_S = 300


@dataclasses.dataclass
class Block:
    path: str          # relative to ROOT
    line: int          # of the opening fence, from 1
    lang: str
    text: str
    mark: str = ""     # "", "not run:", "excerpt of" or "file:"
    arg: str = ""      # the reason, the file an excerpt comes from, or the name to save as

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


def blocks_of(path: str) -> list[Block]:
    lines = open(os.path.join(ROOT, path), encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not re.match(r"^```\s*$", lines[j]):
            j += 1
        b = Block(path, i + 1, m.group(1), "\n".join(lines[i + 1:j]) + "\n")
        mark = MARK.match(lines[i - 1]) if i > 0 else None
        if mark:
            b.mark, b.arg = mark.group(1), mark.group(2)
        out.append(b)
        i = j + 1
    return out


def excerpt_problem(b: Block) -> str | None:
    """None when every line of the block is a line of its file, in order."""
    src = os.path.join(ROOT, b.arg)
    if not os.path.isfile(src):
        return f"{b.arg} does not exist"
    have = [s.strip() for s in open(src, encoding="utf-8").read().split("\n")]
    k = 0
    for want in (s.strip() for s in b.text.split("\n")):
        if not want or want == "...":
            continue
        while k < len(have) and have[k] != want:
            k += 1
        if k == len(have):
            return f"this line is not in {b.arg} (after the lines before it): {want}"
        k += 1
    return None


def scratch_dir() -> str:
    d = tempfile.mkdtemp(prefix="tsr_docs_")
    for name in os.listdir(ROOT):
        if name != ".git":
            os.symlink(os.path.join(ROOT, name), os.path.join(d, name))
    return d


def run(cmd: list[str], cwd: str, env: dict[str, str]) -> tuple[bool, str, float]:
    t = time.monotonic()
    try:
        r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
        ok, out = r.returncode == 0, r.stdout + r.stderr + ("" if r.returncode == 0 else f"\n(exit {r.returncode})")
    except subprocess.TimeoutExpired as e:
        ok, out = False, f"{e.stdout or ''}{e.stderr or ''}\n(still running after {TIMEOUT_S} s)"
    return ok, out, time.monotonic() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", help="Markdown files to check (default: README.md docs/*.md)")
    ap.add_argument("--list", action="store_true", help="list the blocks and what is done with each")
    ap.add_argument("--no-examples", action="store_true", help="do not run examples/*.py")
    ap.add_argument("--lang", choices=sorted(set(RUN.values())), help="run only the blocks of this kind")
    a = ap.parse_args()
    files = a.files or ["README.md"] + sorted(os.path.join("docs", f) for f in os.listdir(os.path.join(ROOT, "docs"))
                                               if f.endswith(".md"))
    blocks = [b for f in files for b in blocks_of(f)]
    failed: list[str] = []

    def fail(where: str, why: str, text: str = "") -> None:
        failed.append(where)
        print(f"FAIL {where}: {why}")
        if text:
            print("    " + text.rstrip().replace("\n", "\n    "))

    todo = []
    for b in blocks:
        if b.mark == "excerpt of":
            why = excerpt_problem(b)
            if why:
                fail(b.where, "an excerpt that is not its file's: " + why)
            elif a.list:
                print(f"{b.where} {b.lang}: excerpt of {b.arg}")
        elif b.mark == "not run:":
            if not b.arg:
                fail(b.where, "'not run:' without a reason")
            elif a.list:
                print(f"{b.where} {b.lang}: not run: {b.arg}")
        elif b.mark == "file:":
            if not re.fullmatch(r"[\w.-]+", b.arg):
                fail(b.where, f"'file:' needs a plain file name, not {b.arg!r}")
            elif a.list:
                print(f"{b.where} {b.lang}: saved as {b.arg} for the blocks after it")
        elif b.lang == "c":
            fail(b.where, "a C block must be '<!-- excerpt of examples/F.c -->' or '<!-- not run: REASON -->'")
        elif b.lang in RUN and a.lang and RUN[b.lang] != a.lang:
            if a.list:
                print(f"{b.where} {b.lang}: not run (--lang {a.lang})")
        elif b.lang in RUN:
            todo.append(b)
            if a.list:
                print(f"{b.where} {b.lang}: run")
    examples = [] if a.no_examples or a.lang == "sh" else sorted(os.path.join("examples", f) for f in os.listdir(os.path.join(ROOT, "examples"))
                                              if f.endswith(".py"))
    if a.list:
        for e in examples:
            print(f"{e}: run")
        return 1 if failed else 0

    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
               OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1", PYTHONDONTWRITEBYTECODE="1")
    work = scratch_dir()
    ran = passed = skipped = 0
    try:
        for b in todo:
            if "mpirun" in b.text and not shutil.which("mpirun"):
                print(f"skip {b.where}: needs mpirun, which is not installed")
                skipped += 1
                continue
            d = tempfile.mkdtemp(dir=work)  # each block in a fresh folder beside the links
            for name in os.listdir(work):
                if os.path.islink(os.path.join(work, name)):
                    os.symlink(os.readlink(os.path.join(work, name)), os.path.join(d, name))
            for f in blocks:  # the files the page said to save before this block
                if f.mark == "file:" and f.path == b.path and f.line < b.line:
                    with open(os.path.join(d, f.arg), "w") as out:
                        out.write(f.text)
            if RUN[b.lang] == "sh":
                cmd = ["bash", "-e", "-o", "pipefail", "-c", b.text]
            else:
                with open(os.path.join(d, "snippet.py"), "w") as f:
                    f.write(b.text)
                cmd = [sys.executable, "snippet.py"]
            ok, out, s = run(cmd, d, env)
            ran += 1
            passed += ok
            if ok:
                print(f"ok   {b.where} {b.lang} ({s:.1f} s)")
            else:
                fail(f"{b.where} {b.lang}", "exited non-zero; the block:", b.text)
                print("  its output (the end):\n    " + "\n    ".join(out.rstrip().split("\n")[-25:]))
        for e in examples:
            ok, out, s = run([sys.executable, os.path.join(ROOT, e)], work, env)
            ran += 1
            passed += ok
            if ok:
                print(f"ok   {e} ({s:.1f} s): {out.strip().splitlines()[-1] if out.strip() else ''}")
            else:
                fail(e, "exited non-zero; its output (the end):", "\n".join(out.rstrip().split("\n")[-25:]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"docs: {passed} of {ran} blocks and examples ran clean, {skipped} skipped; "
          f"{len(failed)} failed" + (": " + ", ".join(failed) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
