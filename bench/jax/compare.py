#!/usr/bin/env python3
"""Speed comparison: `tessera run` on JAX-exported Pallas TPU kernels against JAX's own
interpreters running the same pallas_call on this CPU.

For each kernel of a representative subset it
  1. builds the inputs (fixed seed) and exports the pallas_call for TPU (forward-compatible IR),
     writing module.mlir, in_*.npy and expected_*.npy (jax.numpy reference) to a work folder;
  2. calls JAX with interpret=pltpu.InterpretParams() (TPU interpret mode) and interpret=True
     (HLO interpret mode) once (trace + compile + run: "first call"), each result checked
     against the reference;
  3. runs --repeat rounds, each timing one warm call per JAX mode and then `tessera run
     module.mlir in_*.npy --expect expected_*.npy --rtol R --atol A` on the default chip (v5e)
     and with --chip v5p (two TensorCores): a whole process (parse, load, run, compare), and
     the run itself as JAX's warm call is timed (a process with --repeat 3, whose --dump
     report gives the median of the runs after the first). Interleaving the two sides keeps a
     machine whose speed drifts from favouring either; each figure is a median over rounds;
  4. times the live path too: the same pallas_call jitted with tessera.jax enabled (the Python
     package: the kernel runs through XLA's FFI inside the jitted call), warm, in the same
     rounds, on inputs already in JAX arrays, as users call jitted functions;
  5. times the kernel's jax.numpy reference jitted by XLA on the CPU (warm, same rounds): the
     same computation compiled and fused by XLA, the bar for an interpreter of the kernel;
  6. prints one line per figure with the ratio JAX time / tessera time (> 1: tessera faster);
  7. measures this machine's limits (STREAM-like bandwidth, the BLAS's rate, exps per second)
     and states each kernel's bound from its bytes, FLOPs and exps, with tessera's run as a
     multiple of it;
  8. times a many-device kernel too, the ring all-gather under jax.shard_map over 8 CPU devices
     (4 with --quick), live through tessera.jax against TPU interpret mode, in a process of its
     own (bench/jax/shard_map_ring.py: the device count is fixed when JAX starts).
A kernel tessera cannot run yet is reported as such; the JAX figures are still recorded. The
live column needs the tessera package (pip install .; make test installs it into python/.venv).

Usage: python/.venv/bin/python bench/jax/compare.py [--tessera build/tessera] [--quick]
         [--repeat N] [--results bench/RESULTS.md] [--json] [--strict] [--workdir DIR] [KERNEL...]
Exit: 0 figures measured (whatever tessera's status, unless --strict), 1 a JAX result
disagreed with the reference or an export failed (or, with --strict, tessera could not run a
kernel, live or as the CLI, or its outputs differed), 2 bad usage.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tools", "jax"))
import export_suite as es  # noqa: E402


def subset(suite, quick):
    """(name, what, factory kwargs, rtol, atol). Sizes keep each JAX run well under 60 s."""
    if quick:
        return [
            ("add_grid", "add f32[256,512], (16,128) blocks, grid 16x4", suite.add_grid,
             dict(m=256, n=512, bm=16, bn=128), 1e-6, 1e-6),
            ("matmul_f32", "matmul f32 256^3, (128,128,128) blocks", suite.matmul,
             dict(m=256, k=256, n=256, bm=128, bk=128, bn=128), 1e-4, 1e-3),
            ("flash_attention", "causal flash attention 1x256x128, 128 blocks",
             suite.flash_attention, dict(bh=1, s=256, d=128, bq=128, bk=128), 1e-4, 1e-4),
            ("block_sparse_matmul", "block-sparse matmul 256^3, 128 blocks, density 0.5",
             suite.block_sparse_matmul, dict(m=256, k=256, n=256, bm=128, bk=128, bn=128),
             1e-4, 1e-3),
            ("threefry", "threefry-2x32 bits u32[64,256] x2, (16,256) blocks", suite.threefry,
             dict(m=64, n=256, bm=16), 0, 0),
        ]
    return [
        ("add_grid", "add f32[2048,2048], (64,256) blocks, grid 32x8 = 256 steps",
         suite.add_grid, dict(m=2048, n=2048, bm=64, bn=256), 1e-6, 1e-6),
        ("matmul_f32", "matmul f32 1024^3, (256,256,256) blocks, grid 4x4x4, VMEM accumulator",
         suite.matmul, dict(m=1024, k=1024, n=1024, bm=256, bk=256, bn=256), 1e-4, 1e-2),
        ("flash_attention", "causal flash attention fwd 4x1024x128, (128,128) blocks, "
         "grid 4x8x8", suite.flash_attention, dict(bh=4, s=1024, d=128, bq=128, bk=128),
         1e-4, 1e-4),
        ("block_sparse_matmul", "block-sparse matmul f32 1024^3, (128,128,128) blocks, "
         "density 0.3, scalar prefetch", suite.block_sparse_matmul,
         dict(m=1024, k=1024, n=1024, bm=128, bk=128, bn=128, density=0.3), 1e-4, 1e-2),
        ("threefry", "threefry-2x32 random bits u32[256,512] x2 (181 uint32 ops per element), "
         "(64,512) blocks, grid 4", suite.threefry, dict(m=256, n=512, bm=64), 0, 0),
    ]


MANY_DEVICES = "ring_allgather_shard_map"


def shard_map_ring(repeat, quick, limit):
    """bench/jax/shard_map_ring.py's figures (a dict), or {"error": why}."""
    args = [sys.executable, os.path.join(HERE, "shard_map_ring.py"), "--devices", "4" if quick else "8",
            "--repeat", str(max(3, repeat))]
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {limit} s"}
    lines = [ln for ln in (p.stdout + p.stderr).splitlines() if ln.strip()]
    if p.returncode != 0:
        return {"error": f"exit {p.returncode}: {lines[-1] if lines else '(no output)'}"}
    return json.loads(p.stdout.strip().splitlines()[-1])


def close(a, b, rtol, atol):
    import numpy as np
    a = np.asarray(a).astype(np.float64)
    b = np.asarray(b).astype(np.float64)
    return a.shape == b.shape and bool(np.all(np.abs(a - b) <= atol + rtol * np.abs(b)))


def jax_call(fn, inputs):
    """Seconds of one call of a jitted function (until its results are ready), and the results."""
    import jax
    t0 = time.perf_counter()
    out = jax.block_until_ready(fn(*inputs))
    return time.perf_counter() - t0, out


REPORT_TIME = re.compile(r"^report: .*?, ([0-9.]+) ms \(kernels ([0-9.]+) ms\)", re.M)


class TesseraTimer:
    """`tessera run` of one exported module, one round at a time: the wall time of a whole
    process, and the in-process time of the graph as JAX's warm jitted call is timed (a process
    with --repeat 3, whose --dump report gives the median of the runs after the first: the run
    itself, without process start, module parsing or .npy I/O)."""

    def __init__(self, tessera, wd, nin, nout, rtol, atol, limit, extra=()):
        cmd = [tessera, "run", os.path.join(wd, "module.mlir")]
        cmd += [os.path.join(wd, f"in_{i}.npy") for i in range(nin)]
        # --no-check: JAX's interpret mode runs without its race detector by default, so
        # tessera runs without its (default-on) race and semaphore checkers too
        # no -o: the outputs are checked in-process (--expect); JAX's timing writes no files
        cmd += ["--no-check", "--dump", "report", "--expect"]
        cmd += [os.path.join(wd, f"expected_{i}.npy") for i in range(nout)]
        cmd += ["--rtol", repr(rtol), "--atol", repr(atol)] + list(extra)
        self.cmd, self.limit = cmd, limit
        self.process, self.warm, self.error = [], [], None
        self.split = False  # the report says the grid ran in parts at once (host split)

    def _once(self, args):
        try:
            p = subprocess.run(args, capture_output=True, text=True, timeout=self.limit)
        except subprocess.TimeoutExpired:
            self.error = f"timed out after {self.limit} s"
            return None
        if p.returncode != 0:
            lines = [ln for ln in (p.stdout + p.stderr).splitlines() if ln.strip()]
            self.error = f"exit {p.returncode}: {lines[0] if lines else '(no output)'}"
            return None
        return p.stdout

    def round(self):
        if self.error:
            return
        t0 = time.perf_counter()
        if self._once(self.cmd) is None:
            return
        self.process.append(time.perf_counter() - t0)
        out = self._once(self.cmd + ["--repeat", "3"])
        m = REPORT_TIME.search(out) if out else None
        if m:
            self.warm.append(float(m.group(1)) / 1e3)
            self.split = self.split or re.search(r"split into [0-9]+ parts", out) is not None

    def result(self):
        """(median process seconds, median warm-run seconds, status)"""
        if self.error:
            return None, None, self.error
        return (statistics.median(self.process), statistics.median(self.warm) if self.warm else None,
                "checked equal (--expect)" + ("; host split" if self.split else ""))


def tessera_live():
    """tessera.jax, or the reason it cannot be had."""
    try:
        import tessera.jax as live
        return live, ""
    except Exception as ex:  # noqa: BLE001 - the package is optional here
        return None, f"tessera package not importable ({type(ex).__name__}: {ex})"


def best_time(fn, repeat, threads=1):
    """The least seconds of fn(part, parts) over repeat tries, run on `threads` threads at once
    (numpy's ufuncs and BLAS calls release the GIL)."""
    from concurrent.futures import ThreadPoolExecutor
    fn(0, 1)
    best = float("inf")
    with ThreadPoolExecutor(threads) as pool:
        for _ in range(max(5, repeat)):
            t0 = time.perf_counter()
            list(pool.map(lambda k: fn(k, threads), range(threads)))
            best = min(best, time.perf_counter() - t0)
    return best


def machine_rates(np, repeat):
    """This machine's limits, measured in this run: STREAM-like bandwidth (an add of two f32
    arrays of 64 MiB each into a third, counted as STREAM counts it: 3 arrays), the BLAS's rate
    (the better of numpy's, all cores, and the OpenBLAS tessera links, on an f32 1024^3
    matmul), and f32 exps per second (numpy's vectorised exp, on arrays that stay in cache).
    Each the best of one thread and one per CPU."""
    rng = np.random.default_rng(0)
    n = 16 << 20
    x, y, o = (rng.standard_normal(n, np.float32) for _ in range(3))

    def add(k, parts):
        s = slice(n * k // parts, n * (k + 1) // parts)
        np.add(x[s], y[s], out=o[s])
    cpus = os.cpu_count() or 1
    t = min(best_time(add, repeat, th) for th in sorted({1, cpus}))
    a = rng.standard_normal((1024, 1024), np.float32)
    b = rng.standard_normal((1024, 1024), np.float32)
    mm = best_time(lambda k, parts: a @ b, repeat)
    linked = linked_blas_seconds(np, a, b, repeat, cpus)
    e_in = rng.standard_normal((cpus, 1 << 14), np.float32)
    e_out = np.empty_like(e_in)

    def exps(k, parts):
        for _ in range(64):
            np.exp(e_in[k], out=e_out[k])
    te = [(best_time(exps, repeat, th), th) for th in sorted({1, cpus})]
    exp_rate = max(64 * (1 << 14) * th / t_ for t_, th in te)
    best = min(mm, linked) if linked else mm
    return {"stream_gbs": 3 * 4 * n / t / 1e9, "blas_gflops": 2 * 1024 ** 3 / best / 1e9,
            "blas_1024_s": best, "numpy_blas_1024_s": mm, "linked_blas_1024_s": linked,
            "exp_per_s": exp_rate}


def linked_blas_seconds(np, a, b, repeat, cpus):
    """Seconds of the f32 1024^3 matmul on the OpenBLAS tessera links (the shared library of
    the build whose archive the CLI links), as tessera calls it: one thread per call, here
    a band of rows per CPU at once; the best of one thread and one per CPU. None when the
    library does not load. numpy's own OpenBLAS is another build (scipy-openblas)."""
    import ctypes
    import ctypes.util
    name = ctypes.util.find_library("openblas")
    if not name:
        return None
    before = os.environ.get("OPENBLAS_NUM_THREADS")
    os.environ["OPENBLAS_NUM_THREADS"] = "1"  # read once, when it loads: no idle pool
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    finally:
        if before is None:
            del os.environ["OPENBLAS_NUM_THREADS"]
        else:
            os.environ["OPENBLAS_NUM_THREADS"] = before
    lib.openblas_set_num_threads(1)
    n = a.shape[0]
    c = np.empty_like(a)
    fp = ctypes.POINTER(ctypes.c_float)
    pb = b.ctypes.data_as(fp)

    def gemm(k, parts):  # ctypes lets go of the GIL during the call
        r0, r1 = n * k // parts, n * (k + 1) // parts
        lib.cblas_sgemm(101, 111, 111, r1 - r0, n, n, ctypes.c_float(1.0),
                        ctypes.cast(a.ctypes.data + 4 * r0 * n, fp), n, pb, n,
                        ctypes.c_float(0.0),
                        ctypes.cast(c.ctypes.data + 4 * r0 * n, fp), n)
    t = min(best_time(gemm, repeat, th) for th in sorted({1, cpus}))
    if not np.allclose(c, a @ b, rtol=1e-4, atol=1e-3):
        raise RuntimeError(f"{name}: cblas_sgemm through ctypes gave a wrong product")
    return t


def kernel_work(name, kw, inputs):
    """What bounds a kernel on this machine: bytes that must cross memory, matmul FLOPs and
    exps, from its sizes (and, for the block-sparse matmul, its nonzero block count)."""
    w = {"bytes": 0, "flops": 0, "exps": 0}
    if name == "add_grid":
        w["bytes"] = 3 * 4 * kw["m"] * kw["n"]
    elif name == "matmul_f32":
        w["flops"] = 2 * kw["m"] * kw["k"] * kw["n"]
    elif name == "flash_attention":
        bh, s, d, bq, bk = kw["bh"], kw["s"], kw["d"], kw["bq"], kw["bk"]
        # the kernel skips the blocks wholly above the diagonal (pl.when)
        blocks = sum(1 for qi in range(s // bq) for ki in range(s // bk) if ki * bk < (qi + 1) * bq)
        w["flops"] = bh * blocks * 2 * (2 * bq * bk * d)   # q k^T and p v
        w["exps"] = bh * blocks * (bq * bk + bq)           # p, and the rescale alpha per row
    elif name == "block_sparse_matmul":
        nnz = int(inputs[1].sum())                         # nonzero (bm, bk) blocks of a
        w["flops"] = nnz * (kw["n"] // kw["bn"]) * 2 * kw["bm"] * kw["bk"] * kw["bn"]
    return w


def bound_of(w, rates):
    """Seconds no implementation on this machine can beat for that work, and its terms."""
    parts = []
    if w["bytes"]:
        parts.append((w["bytes"] / (rates["stream_gbs"] * 1e9),
                      f"{w['bytes'] / 2**20:.0f} MiB / {rates['stream_gbs']:.1f} GB/s"))
    if w["flops"]:
        parts.append((w["flops"] / (rates["blas_gflops"] * 1e9),
                      f"{w['flops'] / 1e9:.2f} GFLOP / {rates['blas_gflops']:.0f} GFLOP/s"))
    if w["exps"]:
        parts.append((w["exps"] / rates["exp_per_s"],
                      f"{w['exps'] / 1e6:.1f} M exp / {rates['exp_per_s'] / 1e9:.2f} G exp/s"))
    if not parts:
        # integer arithmetic (threefry) has no measured machine rate here; its bar is XLA's
        # fused jit of the same computation, in the table above
        return None, "no bound modelled for this kernel (kernel_work); see XLA:CPU jit"
    return sum(p[0] for p in parts), " + ".join(p[1] for p in parts)


def machine():
    model, family, number = "", "", ""
    try:
        for ln in open("/proc/cpuinfo"):
            key, _, val = ln.partition(":")
            key, val = key.strip(), val.strip()
            if key == "model name" and not model:
                model = val
            elif key == "cpu family" and not family:
                family = val
            elif key == "model" and not number:
                number = val
    except OSError:
        pass
    if family:  # "AMD EPYC" alone does not say which generation (family 25: Zen 3/4, 26: Zen 5)
        model += f" (family {family}, model {number})"
    mem = ""
    try:
        for ln in open("/proc/meminfo"):
            if ln.startswith("MemTotal"):
                mem = f"{int(ln.split()[1]) / 2**20:.0f} GiB"
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {mem}, {platform.platform()}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tessera", default=os.path.join(REPO, "build", "tessera"))
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke test)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=int, default=300, help="seconds per tessera run")
    ap.add_argument("--results", help="write a Markdown report here (e.g. bench/RESULTS.md)")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 also when tessera cannot run a kernel or its outputs differ (CI)")
    ap.add_argument("--json", action="store_true",
                    help="a JSON array on stdout, one object per figure (the rest on stderr)")
    ap.add_argument("--workdir", help="keep exported modules and .npy files here")
    ap.add_argument("kernels", nargs="*")
    a = ap.parse_args()
    if a.repeat < 1:
        ap.error("--repeat must be >= 1")

    import numpy as np
    import jax
    import jaxlib
    from jax.experimental.pallas import tpu as pltpu
    jax.config.update("jax_platforms", "cpu")
    suite = es.load_suite()
    todo = subset(suite, a.quick)
    known = [t[0] for t in todo] + [MANY_DEVICES]
    if any(k not in known for k in a.kernels):
        print(f"unknown kernel; known: {' '.join(known)}", file=sys.stderr)
        return 2
    todo = [t for t in todo if not a.kernels or t[0] in a.kernels]
    tessera = a.tessera if os.path.isfile(a.tessera) and os.access(a.tessera, os.X_OK) else None
    live, live_why = tessera_live()
    work = a.workdir or tempfile.mkdtemp(prefix="tessera-bench-jax-")
    rows, bad = [], False
    env = {k: os.environ.get(k, "(unset)") for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    human = sys.stderr if a.json else sys.stdout  # --json: stdout holds the array alone
    print(f"# jax {jax.__version__}, jaxlib {jaxlib.__version__}; {machine()}", file=human)
    print(f"# tessera: {tessera or 'not found at ' + a.tessera}; "
          + ", ".join(f"{k}={v}" for k, v in env.items()), file=human)
    print(f"# live: {'tessera.jax from ' + os.path.dirname(live.__file__) if live else live_why}", file=human)
    load_before = os.getloadavg()[0]
    print(f"# load average: {load_before:.2f}", file=human)
    for name, what, factory, kw, rtol, atol in todo:
        build, ref, make_inputs = factory(**kw)
        k = suite.Kernel(name, what, build, ref, make_inputs, rtol, atol)
        inputs = [np.asarray(x) for x in make_inputs(np.random.default_rng(es.seed_of(name)))]
        with es.abstract_tpu_mesh():
            expected = jax.jit(ref)(*inputs)
        expected = [np.asarray(e) for e in (expected if isinstance(expected, (list, tuple))
                                             else (expected,))]
        wd = os.path.join(work, name)
        os.makedirs(wd, exist_ok=True)
        try:
            module = es.export_one(k, inputs, "fwd")
        except Exception as ex:  # noqa: BLE001
            print(f"{name}: export failed: {ex}", file=human)
            bad = True
            continue
        with open(os.path.join(wd, "module.mlir"), "w") as f:
            f.write(module)
        for i, x in enumerate(inputs):
            es.save_npy(os.path.join(wd, f"in_{i}.npy"), x)
        for i, x in enumerate(expected):
            es.save_npy(os.path.join(wd, f"expected_{i}.npy"), x)
        row = {"kernel": name, "what": what, "work": kernel_work(name, kw, inputs)}
        # JAX's first calls (trace, compile, run), then rounds that take one warm JAX call per
        # mode and one tessera round per chip in turn, so that a machine whose speed drifts
        # (a shared VM) slows both sides alike; the figures are medians over the rounds
        modes = (("tpu_interpret", pltpu.InterpretParams()), ("hlo_interpret", True))
        fns, warm = {}, {}
        xla_fn, xla_warm = jax.jit(ref), []
        with es.abstract_tpu_mesh():
            jax.block_until_ready(xla_fn(*inputs))
        for mode, ip in modes:
            fns[mode] = jax.jit(build(ip))
            with es.abstract_tpu_mesh():
                cold, out = jax_call(fns[mode], inputs)
            out = out if isinstance(out, (list, tuple)) else (out,)
            ok = len(out) == len(expected) and all(close(o, e, rtol, atol)
                                                   for o, e in zip(out, expected))
            bad |= not ok
            row[mode] = {"cold_s": cold, "equal": ok}
            warm[mode] = []
        # live: the same pallas_call jitted while tessera.jax is enabled; without the checkers,
        # as the CLI runs with --no-check (and JAX's interpret mode without its race detector)
        live_fn, live_in, live_warm, live_hot = None, None, [], []
        row["tessera_live"] = {"cold_s": None, "warm_s": None, "hot_s": None, "equal": False, "status": live_why}
        if live:
            try:
                with live.enabled(check=False):
                    live_fn = jax.jit(build(False))
                    live_in = [jax.device_put(x) for x in inputs]
                    cold, out = jax_call(live_fn, live_in)
                out = out if isinstance(out, (list, tuple)) else (out,)
                ok = len(out) == len(expected) and all(close(o, e, rtol, atol)
                                                       for o, e in zip(out, expected))
                row["tessera_live"].update(cold_s=cold, equal=ok,
                                           status="checked equal" if ok else "DIFFERENT")
                if not ok:
                    live_fn = None
            except Exception as ex:  # noqa: BLE001 - reported, and fails --strict
                row["tessera_live"]["status"] = f"{type(ex).__name__}: {str(ex).splitlines()[0]}"
                live_fn = None
        # the same module on a chip with two TensorCores too: its parallel grid dimensions are
        # split across two cores, i.e. two host threads (the default chip, v5e, has one); a
        # grid without one splits core 0's share over core 1's idle thread (the host split)
        timers = {}
        if tessera:
            for key, extra in (("tessera", ()), ("tessera_v5p", ("--chip", "v5p"))):
                timers[key] = TesseraTimer(tessera, wd, len(inputs), len(expected), rtol, atol,
                                           a.timeout, extra)
        for _ in range(a.repeat):
            for mode, _ip in modes:
                with es.abstract_tpu_mesh():
                    warm[mode].append(jax_call(fns[mode], inputs)[0])
            with es.abstract_tpu_mesh():
                xla_warm.append(jax_call(xla_fn, inputs)[0])
            # XLA's worker threads spin for a while after a call: let them go idle, or they
            # take a CPU from the tessera process that follows
            time.sleep(0.1)
            for timer in timers.values():
                timer.round()
            if live_fn:
                with live.enabled(check=False):
                    live_warm.append(jax_call(live_fn, live_in)[0])
                    # two more calls back to back, timed as `tessera run --repeat 3` times its
                    # run (the median of the runs after the first): the first call of a round
                    # comes after other work and finds the CPU caches holding someone else's
                    # data, which the run figure does not pay (docs/jax.md "What a call costs")
                    live_hot.append(statistics.median(jax_call(live_fn, live_in)[0] for _ in range(2)))
        pltpu.reset_tpu_interpret_mode_state()
        if live_warm:
            row["tessera_live"]["warm_s"] = statistics.median(live_warm)
            row["tessera_live"]["hot_s"] = statistics.median(live_hot)
        for mode, _ip in modes:
            row[mode]["warm_s"] = statistics.median(warm[mode])
        row["xla_cpu"] = {"warm_s": statistics.median(xla_warm)}
        for key in ("tessera", "tessera_v5p"):
            t, run, status = (timers[key].result() if key in timers
                              else (None, None, "tessera binary not found"))
            row[key] = {"s": t, "run_s": run, "status": status}
        t, t2 = row["tessera"]["s"], row["tessera_v5p"]["s"]
        if a.strict and (t is None or t2 is None or row["tessera_live"]["warm_s"] is None):
            bad = True
        rows.append(row)
        report_row(row, a.json)
    many = None
    if not a.kernels or MANY_DEVICES in a.kernels:
        many = shard_map_ring(a.repeat, a.quick, a.timeout) if live else {"error": live_why}
        bad |= a.strict and "error" in many
        report_many(many, a.json)
    if not a.workdir:
        shutil.rmtree(work, ignore_errors=True)
    rates = machine_rates(np, a.repeat)
    for r in rows:
        r["bound_s"], r["bound_terms"] = bound_of(r["work"], rates)
        run = r["tessera"]["run_s"]
        if a.json:
            JSON_FIGURES.append({"name": f"{r['kernel']}/bound", "value": run, "unit": "s",
                                 "baseline": r["bound_s"], "terms": r["bound_terms"],
                                 "multiple": run / r["bound_s"] if run and r["bound_s"] else None})
        else:
            print(f"{r['kernel']:20s} bound {fmt(r['bound_s'])} ({r['bound_terms']}); tessera run "
                  f"{fmt(run)}: {multiple_text(run, r['bound_s'])}")
    if not a.json:
        print(f"# this machine: STREAM-like {rates['stream_gbs']:.1f} GB/s, BLAS "
              f"{rates['blas_gflops']:.0f} GFLOP/s ({blas_text(rates)}), "
              f"exp {rates['exp_per_s'] / 1e9:.2f} G/s")
    load = (load_before, os.getloadavg()[0])
    if not a.json:
        print(f"# load average: {load[1]:.2f}")
    if a.results:
        write_results(a, rows, jax.__version__, jaxlib.__version__, np.__version__, env, tessera,
                      rates, load, many)
    if a.json:
        print(json.dumps(JSON_FIGURES, indent=1))
    return 1 if bad else 0


def blas_text(rates):
    """Which BLAS gave the bound's rate, with the other's time."""
    mm, linked = rates["numpy_blas_1024_s"], rates["linked_blas_1024_s"]
    if not linked:
        return f"numpy's, all cores, f32 1024^3 in {fmt(mm)}; tessera's OpenBLAS did not load"
    return (f"the better of numpy's OpenBLAS, all cores, f32 1024^3 in {fmt(mm)}, and the "
            f"OpenBLAS tessera links, one thread per call and a band of rows per CPU, in "
            f"{fmt(linked)}")


def fmt(s):
    return "-" if s is None else (f"{s * 1e3:.1f} ms" if s < 1 else f"{s:.2f} s")


def multiple_text(t, bound):
    return f"{t / bound:.2f}x the bound" if t and bound else "-"


def ratio_text(base, t, status=""):
    return ("%.1fx" % (base / t)) if t else ("n/a" + (": " + status if status else ""))


JSON_FIGURES = []  # --json: printed as one array when the run ends


def report_row(r, as_json):
    t, run = r["tessera"]["s"], r["tessera"]["run_s"]
    v = r["tessera_v5p"]
    for mode in ("tpu_interpret", "hlo_interpret"):
        j = r[mode]
        if as_json:
            JSON_FIGURES.append(({"name": f"{r['kernel']}/{mode}", "value": t, "unit": "s",
                              "baseline": j["warm_s"], "baseline_cold": j["cold_s"],
                              "ratio": j["warm_s"] / t if t else None,
                              "run_s": run, "run_ratio": j["warm_s"] / run if run else None,
                              "jax_equal": j["equal"], "tessera_status": r["tessera"]["status"],
                              "v5p_s": v["s"], "v5p_run_s": v["run_s"],
                              "v5p_ratio": j["warm_s"] / v["s"] if v["s"] else None,
                              "v5p_run_ratio": j["warm_s"] / v["run_s"] if v["run_s"] else None}))
        else:
            print(f"{r['kernel']:20s} vs {mode:13s}: JAX warm {fmt(j['warm_s']):>9s} "
                  f"(first call {fmt(j['cold_s'])}, {'equal' if j['equal'] else 'DIFFERENT'})"
                  f"  tessera process {fmt(t):>9s} ratio {ratio_text(j['warm_s'], t, r['tessera']['status'])}"
                  f"  run {fmt(run):>9s} ratio {ratio_text(j['warm_s'], run)}", flush=True)
    x = r["xla_cpu"]["warm_s"]
    if as_json:
        JSON_FIGURES.append({"name": f"{r['kernel']}/xla_cpu", "value": run, "unit": "s",
                             "baseline": x, "ratio": x / run if run else None})
    else:
        print(f"{r['kernel']:20s} vs XLA:CPU jit of the jnp reference: warm {fmt(x):>9s}  "
              f"tessera run {fmt(run):>9s} ratio {ratio_text(x, run)}", flush=True)
    j = r["tpu_interpret"]
    lv = r["tessera_live"]
    if as_json:
        JSON_FIGURES.append(({"name": f"{r['kernel']}/live", "value": lv["warm_s"], "unit": "s",
                          "first_s": lv["cold_s"], "status": lv["status"],
                          "ratio_tpu_interpret": j["warm_s"] / lv["warm_s"] if lv["warm_s"] else None,
                          "ratio_hlo_interpret": (r["hlo_interpret"]["warm_s"] / lv["warm_s"]
                                                  if lv["warm_s"] else None),
                          "live_over_run": lv["warm_s"] / run if lv["warm_s"] and run else None}))
        JSON_FIGURES.append({"name": f"{r['kernel']}/live_back_to_back", "value": lv["hot_s"], "unit": "s",
                             "ratio_tpu_interpret": j["warm_s"] / lv["hot_s"] if lv["hot_s"] else None,
                             "live_over_run": lv["hot_s"] / run if lv["hot_s"] and run else None})
    else:
        print(f"{r['kernel']:20s} vs tpu_interpret, tessera --chip v5p: process {fmt(v['s']):>9s} "
              f"ratio {ratio_text(j['warm_s'], v['s'], v['status'])}  run {fmt(v['run_s']):>9s} "
              f"ratio {ratio_text(j['warm_s'], v['run_s'])}", flush=True)
        print(f"{r['kernel']:20s} live (jax.jit, tessera.jax): warm {fmt(lv['warm_s']):>9s} "
              f"(first call {fmt(lv['cold_s'])}, {lv['status']})  ratio vs tpu_interpret "
              f"{ratio_text(j['warm_s'], lv['warm_s'])}, vs hlo_interpret "
              f"{ratio_text(r['hlo_interpret']['warm_s'], lv['warm_s'])}; live / run "
              f"{(lv['warm_s'] / run) if lv['warm_s'] and run else float('nan'):.2f}", flush=True)
        print(f"{r['kernel']:20s} live back to back (as the run is timed): {fmt(lv['hot_s']):>9s}  ratio vs "
              f"tpu_interpret {ratio_text(j['warm_s'], lv['hot_s'])}; live / run "
              f"{(lv['hot_s'] / run) if lv['hot_s'] and run else float('nan'):.2f}", flush=True)


def report_many(m, as_json):
    """The shard_map ring's line (or JSON figure)."""
    if "error" in m:
        if as_json:
            JSON_FIGURES.append({"name": f"{MANY_DEVICES}/live", "value": None, "status": m["error"]})
        else:
            print(f"{MANY_DEVICES:20s} live under shard_map: n/a: {m['error']}", flush=True)
        return
    w, f = m["warm_seconds"], m["first_seconds"]
    if as_json:
        JSON_FIGURES.append({"name": f"{MANY_DEVICES}/live", "value": w["tessera"], "unit": "s",
                             "devices": m["devices"], "first_s": f["tessera"], "baseline": w["tpu_interpret"],
                             "baseline_cold": f["tpu_interpret"], "ratio_tpu_interpret": m["ratio_warm"]})
    else:
        print(f"{MANY_DEVICES:20s} live under shard_map, {m['devices']} devices: warm {fmt(w['tessera']):>9s} "
              f"(first call {fmt(f['tessera'])}, equal to jnp.tile)  vs tpu_interpret {fmt(w['tpu_interpret'])} "
              f"(first call {fmt(f['tpu_interpret'])}): ratio {m['ratio_warm']:.1f}x", flush=True)


def many_lines(m):
    """RESULTS.md's section for the shard_map ring."""
    if m is None:
        return []
    lines = ["", "Many devices: the ring all-gather (tools/jax/multichip_kernels.py) under `jax.shard_map` "
             "over CPU devices, each device's f32 shard sent around the ring by remote copies, live "
             "through `tessera.jax.enabled(check=False)` (the devices' calls meet in one simulated "
             "machine) against TPU interpret mode with `dma_execution_mode=\"eager\"` (its default, "
             "\"on_wait\", gives this kernel wrong rows in jax 0.10.2; bench/jax/shard_map_ring.py), "
             "both warm, alternating, checked against `jnp.tile`.", "",
             "| kernel | devices, shard | TPU interpret warm / first | tessera live warm / first | ratio |",
             "|---|---|---|---|---|"]
    if "error" in m:
        return lines + [f"| {MANY_DEVICES} | - | - | n/a: {m['error']} | - |"]
    w, f = m["warm_seconds"], m["first_seconds"]
    return lines + [f"| {MANY_DEVICES} | {m['devices']}, f32{m['shard']} | {fmt(w['tpu_interpret'])} / "
                    f"{fmt(f['tpu_interpret'])} | {fmt(w['tessera'])} / {fmt(f['tessera'])} | "
                    f"{m['ratio_warm']:.1f}x |"]


KEPT_MARK = "<!-- bench/jax/compare.py rewrites what is above this line and keeps what follows. -->"


def write_results(a, rows, jv, jlv, npv, env, tessera, rates, load, many=None):
    cmd = "python/.venv/bin/python bench/jax/compare.py" + (" --quick" if a.quick else "") \
        + f" --repeat {a.repeat} --results {a.results}"
    lines = [
        "# Speed: tessera against JAX's interpreters",
        "",
        "Generated by `bench/jax/compare.py` (see docs/jax_suite.md). Wall times on one machine in",
        "one run; JAX \"warm\" is the median of repeated calls after a first call that traces and",
        "compiles (\"first call\"). tessera is timed two ways: the whole `tessera run` process",
        "(start, parse the exported module, load the .npy inputs, run, compare the outputs with",
        "--expect), and the run itself in-process (the StableHLO graph and its kernels: what",
        "JAX's warm jitted call does) as `tessera run --repeat 3 --dump report` gives it: the",
        "median of the runs after the first, timed as JAX's warm calls are. JAX's warm calls and",
        "tessera's runs alternate, round by round; each figure is the median over the rounds.",
        "Ratio = JAX warm time / tessera time (> 1: tessera faster). Goal: >= 100x against TPU",
        "interpret mode.",
        "",
        f"- machine: {machine()}",
        f"- versions: jax {jv}, jaxlib {jlv}, numpy {npv}; Python {platform.python_version()}",
        f"- environment: " + ", ".join(f"{k}={v}" for k, v in env.items()),
        f"- tessera: {os.path.relpath(tessera, REPO) if tessera else 'not built'}",
        f"- command: `{cmd}`",
        f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
        f"- load average (1 min) at the start and the end: {load[0]:.2f}, {load[1]:.2f} (other "
        f"processes on the machine's {os.cpu_count()} CPUs slow threaded runs most)",
        "",
        "| kernel | what | TPU interpret (InterpretParams) warm / first | HLO interpret (True) "
        "warm / first | JAX results | tessera process / run | ratio vs TPU interpret "
        "(process / run) | ratio vs HLO interpret (process / run) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        t, run = r["tessera"]["s"], r["tessera"]["run_s"]
        tp, hl = r["tpu_interpret"], r["hlo_interpret"]
        eq = "equal to reference" if tp["equal"] and hl["equal"] else "DIFFERENT"
        ts = f"{fmt(t)} / {fmt(run)}" if t else f"cannot run yet ({r['tessera']['status']})"
        if t and r["tessera"]["status"].endswith("host split"):
            ts += " (host split)"
        lines.append(
            f"| {r['kernel']} | {r['what']} | {fmt(tp['warm_s'])} / {fmt(tp['cold_s'])} | "
            f"{fmt(hl['warm_s'])} / {fmt(hl['cold_s'])} | {eq} | {ts} | "
            f"{ratio_text(tp['warm_s'], t)} / {ratio_text(tp['warm_s'], run)} | "
            f"{ratio_text(hl['warm_s'], t)} / {ratio_text(hl['warm_s'], run)} |")
    lines += ["", "\"(host split)\": the default chip, v5e, has one TensorCore, run by one host "
              "thread; where a kernel's body keeps no hidden state and its steps turn out not to "
              "depend on each other, tessera runs parts of its leading grid dimension at once on the idle CPUs too "
              "(parts cut by the data, claimed by the CPUs as they come free), with the results and DMA counts of the run in order (the host "
              "split, docs/architecture.md). Otherwise the idle CPUs share big matmul blocks "
              "and copies.",
              "", "The same modules with `--chip v5p`: a chip with two TensorCores, so each kernel's "
              "parallel grid dimensions are split across two cores, run as two host threads. A "
              "grid with no parallel dimension runs on core 0, and the host split gives parts of "
              "it to core 1's idle thread (\"(host split)\"). "
              "Outputs checked with --expect as above.", "",
              "| kernel | tessera --chip v5p process / run | ratio vs TPU interpret (process / run) |",
              "|---|---|---|"]
    for r in rows:
        v, tp = r["tessera_v5p"], r["tpu_interpret"]["warm_s"]
        vs = f"{fmt(v['s'])} / {fmt(v['run_s'])}" if v["s"] else f"cannot run ({v['status']})"
        if v["s"] and v["status"].endswith("host split"):
            vs += " (host split)"
        lines.append(f"| {r['kernel']} | {vs} | {ratio_text(tp, v['s'])} / {ratio_text(tp, v['run_s'])} |")
    lines += ["", "Live: the same pallas_call in `jax.jit` with `tessera.jax.enabled(check=False)` (the "
              "Python package; the kernel runs through XLA's FFI inside the jitted call, the rest of "
              "the graph on XLA:CPU), a warm call on inputs already in JAX arrays, timed in the same "
              "rounds. \"live / run\": against the in-process `tessera run` figure above (what the "
              "FFI path adds). \"back to back\": the median of two more calls made right after it, "
              "as `tessera run --repeat 3` times its run (the runs after the first); the first call "
              "of a round finds the CPU caches holding the other work's data (docs/jax.md, \"What "
              "a call costs\").", "",
              "| kernel | live warm / first | ratio vs TPU interpret | ratio vs HLO interpret | "
              "live / run | live back to back | its ratio vs TPU interpret | its live / run |",
              "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lv, run = r["tessera_live"], r["tessera"]["run_s"]
        if lv["warm_s"] is None:
            lines.append(f"| {r['kernel']} | n/a: {lv['status']} | - | - | - | - | - | - |")
            continue
        over = f"{lv['warm_s'] / run:.2f}" if run else "-"
        hot_over = f"{lv['hot_s'] / run:.2f}" if run else "-"
        lines.append(f"| {r['kernel']} | {fmt(lv['warm_s'])} / {fmt(lv['cold_s'])} | "
                     f"{ratio_text(r['tpu_interpret']['warm_s'], lv['warm_s'])} | "
                     f"{ratio_text(r['hlo_interpret']['warm_s'], lv['warm_s'])} | {over} | "
                     f"{fmt(lv['hot_s'])} | {ratio_text(r['tpu_interpret']['warm_s'], lv['hot_s'])} | "
                     f"{hot_over} |")
    lines += ["", "The same computation compiled by XLA: each kernel's jax.numpy reference in "
              "`jax.jit` on XLA:CPU (fused and vectorised by XLA, every CPU), warm, in the same "
              "rounds, against tessera's in-process run. Ratio = XLA time / tessera run time "
              "(> 1: tessera faster). Goal for the threefry kernel: 0.5 or better.", "",
              "| kernel | XLA:CPU jit warm | tessera run | ratio |", "|---|---|---|---|"]
    for r in rows:
        x, run = r["xla_cpu"]["warm_s"], r["tessera"]["run_s"]
        lines.append(f"| {r['kernel']} | {fmt(x)} | {fmt(run)} | {ratio_text(x, run)} |")
    lines += ["", "## Against this machine's bound", "",
              "What no implementation could beat on this machine, from limits measured in the same "
              f"run: STREAM-like bandwidth {rates['stream_gbs']:.1f} GB/s (two f32 arrays of 64 MiB "
              "added into a third by numpy, counted as STREAM counts: 3 arrays), the BLAS at "
              f"{rates['blas_gflops']:.0f} GFLOP/s ({blas_text(rates)}) and "
              f"{rates['exp_per_s'] / 1e9:.2f} G f32 exps/s "
              "(numpy's vectorised exp, in cache), each the best of one thread and one per CPU. A "
              "kernel's bound adds its terms: bytes that must cross memory (inputs read once, "
              "outputs written once), matmul FLOPs (flash attention's causal kernel skips the "
              "blocks above the diagonal; the block-sparse matmul counts its nonzero blocks) and "
              "exps. Multiple = tessera run (in-process, the table above) / bound; the goal is "
              "within 1.5x.", "",
              "| kernel | bound (terms) | bound | tessera run | multiple |", "|---|---|---|---|---|"]
    for r in rows:
        run = r["tessera"]["run_s"]
        lines.append(f"| {r['kernel']} | {r['bound_terms']} | {fmt(r['bound_s'])} | {fmt(run)} | "
                     f"{multiple_text(run, r['bound_s'])} |")
    for r in rows:
        if r["kernel"] == "matmul_f32":
            tp = r["tpu_interpret"]["warm_s"]
            lines += ["", f"Note: against TPU interpret mode's {fmt(tp)} for the matmul, no "
                      f"interpreter of it could exceed about {tp / rates['blas_1024_s']:.0f}x on "
                      "this machine, whose f32 matmul blocks run on a BLAS too (OpenBLAS)."]
    lines += many_lines(many)
    # the hand-written notes after the marker (what the figures mean, the host) stay
    kept = ""
    if os.path.exists(a.results):
        old = open(a.results, encoding="utf-8").read()
        if KEPT_MARK in old:
            kept = "\n" + old[old.index(KEPT_MARK):]
    with open(a.results, "w") as f:
        f.write("\n".join(lines) + "\n" + kept)


if __name__ == "__main__":
    sys.exit(main())
