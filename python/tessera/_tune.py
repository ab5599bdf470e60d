"""tessera.jax.tune: block sizes (or any parameters of a Pallas kernel) chosen on the TPU timing
model. Every candidate is exported for TPU as JAX would send it to one, then timed in this
process by the C library with a timing-only run (docs/timing.md, "Timing-only runs"): the
pipeline, DMAs and control flow run, the vector and MXU work does not, and the simulated
seconds are a full run's. Runs release the GIL (ctypes), so a thread per host CPU times
candidates at once while the main thread exports the next ones."""
from __future__ import annotations

import concurrent.futures as cf
import ctypes
import dataclasses
import itertools
import os
import sys
import threading
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from . import _check
from . import _native as n
from ._module import _module_text, _Program


@dataclasses.dataclass
class Candidate:
    """One candidate's outcome: its simulated seconds and bound verdict, or why it is invalid."""
    params: dict[str, Any]
    simulated_seconds: float | None = None
    verdict: str = ""
    timing_only: bool = False    # ran without computing (False: it had to compute, or failed)
    error: str | None = None     # why the candidate is invalid (export, block rules, VMEM, ...)

    @property
    def valid(self) -> bool:
        return self.error is None


@dataclasses.dataclass
class TuneResult:
    """Candidates sorted by simulated time (the invalid ones last, in the order given)."""
    chip: str
    candidates: list[Candidate]

    @property
    def best(self) -> Candidate:
        if not self.candidates or not self.candidates[0].valid:
            raise ValueError("tessera.jax.tune: no candidate is valid:\n" + str(self))
        return self.candidates[0]

    @property
    def best_params(self) -> dict[str, Any]:
        return self.best.params

    def __str__(self) -> str:
        rows = [("params", f"simulated ({self.chip})", "verdict")]
        for c in self.candidates:
            p = ", ".join(f"{k}={v}" for k, v in c.params.items())
            if c.valid:
                rows.append((p, _seconds(c.simulated_seconds or 0.0), c.verdict))
            else:
                rows.append((p, "invalid", (c.error or "").split(". ")[0]))
        w0, w1 = max(len(r[0]) for r in rows), max(len(r[1]) for r in rows)
        return "\n".join(f"{a:<{w0}}  {b:>{w1}}  {c}" for a, b, c in rows)


def _seconds(s: float) -> str:
    return f"{s * 1e3:.3f} ms" if s >= 1e-3 else f"{s * 1e6:.3f} us"


def _expand(candidates: Iterable[Mapping[str, Any]] | Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """A list of dicts as given, or a grid {name: values} as every combination."""
    if isinstance(candidates, Mapping):
        names = list(candidates)
        for k in names:
            v = candidates[k]
            if isinstance(v, (str, bytes)) or not isinstance(v, Iterable):
                raise ValueError(f"tessera: candidates {{name: values}} takes a list of values for {k!r}, not {v!r}")
        grid = [dict(zip(names, combo)) for combo in itertools.product(*(list(candidates[k]) for k in names))]
    elif isinstance(candidates, (str, bytes)) or not isinstance(candidates, Iterable):
        raise ValueError("tessera: candidates is a list of dicts of parameters or a dict of value lists, "
                         f"not {candidates!r}")
    else:
        grid = []
        for c in candidates:
            if not isinstance(c, Mapping):
                raise ValueError(f"tessera: each of the candidates is a dict of parameters, not {c!r}")
            grid.append(dict(c))
    for p in grid:
        for k in p:
            if not isinstance(k, str):
                raise ValueError(f"tessera: a candidate's parameter names are strings (make_call(**params) takes them), not {k!r}")
    return grid


def _export(make_call: Callable[..., Callable], params: dict[str, Any], args: Sequence[Any], chip: str) -> str:
    """The candidate's function exported for TPU (the module a TPU would get), as text."""
    import jax
    from . import jax as tj
    specs = [jax.ShapeDtypeStruct(np.shape(a), np.asarray(a).dtype) for a in args]
    with tj.enabled(chip=chip, check=False):  # answers Pallas's TPU questions with this chip
        exported = jax.export.export(jax.jit(make_call(**params)), platforms=["tpu"])(*specs)
    return _module_text(exported)


def _time(text: str, args: Sequence[Any], chip: str) -> tuple[float, str, bool]:
    """One timing-only run of an exported module on `args`: simulated seconds, the verdict,
    and whether every kernel call ran without computing. Raises KernelError when the run
    fails (VMEM overflow, a block-shape rule, ...)."""
    prog = _Program(text, chip, check=False, host_helpers=-1, timing_only=1, strict_block_shapes=True, timing=True)
    try:
        stats = n.HloStats()
        outs, n_out = prog.execute(args, stats)
        for i in range(n_out):  # not computed
            n.lib.tsr_array_free(ctypes.byref(outs[i]))
        s = n.TimingSummary()
        n.lib.tsr_timing_summarize(prog.timing(), ctypes.byref(s))
        return s.seconds, s.verdict.decode(), stats.timing_only_calls == stats.kernel_calls
    finally:
        prog.close()


class _Progress:
    """A progress bar on stderr (only when it is a terminal, or when asked)."""

    def __init__(self, total: int, show: bool):
        self.total, self.done, self.show = total, 0, show
        self.best: float | None = None
        self.lock = threading.Lock()

    def step(self, c: Candidate) -> None:
        with self.lock:
            self.done += 1
            if c.valid and c.simulated_seconds is not None and (self.best is None or c.simulated_seconds < self.best):
                self.best = c.simulated_seconds
            if self.show:
                width = 24
                fill = width * self.done // max(1, self.total)
                best = f", best {_seconds(self.best)}" if self.best is not None else ""
                sys.stderr.write(f"\rtune: [{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total}{best}")
                if self.done == self.total:
                    sys.stderr.write("\n")
                sys.stderr.flush()


def tune(make_call: Callable[..., Callable], candidates: Iterable[Mapping[str, Any]] | Mapping[str, Sequence[Any]],
         *args: Any, chip: str = "v5e", workers: int | None = None, progress: bool | None = None) -> TuneResult:
    """Times `make_call(**params)(*args)` for every candidate on `chip` with timing-only runs
    and returns the candidates sorted by simulated time, each with its bound verdict; the
    invalid ones (the export fails, a TPU block-shape rule, VMEM overflow, ...) come last
    with the reason. `candidates` is a list of dicts, or a dict of value lists (every
    combination). `make_call(**params)` returns a function that calls pl.pallas_call; `args`
    are its inputs (their values matter where the kernel reads them as scalars: scalar
    prefetch). `workers` threads time candidates at once (default: the host CPUs); a progress
    bar goes to stderr (default: when stderr is a terminal)."""
    if not callable(make_call):
        raise ValueError(f"tessera: make_call is a function of the parameters that returns the function to time, "
                         f"not {make_call!r}")
    chip = _check.chip(chip)
    n.load_chip(chip)  # an unknown chip is a ValueError here, not every candidate's error
    if workers is not None:
        workers = _check.integer("workers", workers, 1, 1024)
    if progress is not None:
        progress = _check.flag("progress", progress)
    params = _expand(candidates)
    args = [np.asarray(a) for a in args]
    results = [Candidate(p) for p in params]
    bar = _Progress(len(results), sys.stderr.isatty() if progress is None else progress)

    def timed(c: Candidate, text: str) -> None:
        try:
            c.simulated_seconds, c.verdict, c.timing_only = _time(text, args, chip)
        except Exception as e:  # noqa: BLE001 - the candidate is invalid, with the reason
            c.error = str(e)
        bar.step(c)

    with cf.ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        futures = []
        for c in results:  # exporting holds the GIL; the runs of earlier ones go on meanwhile
            try:
                text = _export(make_call, c.params, args, chip)
            except Exception as e:  # noqa: BLE001
                c.error = f"{type(e).__name__}: {e}".splitlines()[0]
                bar.step(c)
                continue
            futures.append(pool.submit(timed, c, text))
        for f in futures:
            f.result()
    order = sorted(range(len(results)), key=lambda i: (not results[i].valid, results[i].simulated_seconds or 0.0, i))
    return TuneResult(chip, [results[i] for i in order])
