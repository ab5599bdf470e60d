#!/usr/bin/env python3
"""vLLM's production TPU kernels (vllm-project/tpu-inference, the copy tests/production/run.py
fetches and pins) called directly, warm, through tessera against JAX's TPU interpret mode on
the same inputs, and against this machine's bound.

The kernels, at the sizes of their own tests (tests/kernels/*_test.py at the pinned commit):
  rpa_v3  ragged paged attention v3 (ragged_paged_attention_kernel_v3_test.py,
          test_ragged_paged_attention_basic: 3 sequences (q, kv) = (192, 328), (128, 180),
          (64, 255), 32 q / 8 kv heads of 128, 16-row pages, f32, blocks (64, 256, 32, 128))
  gmm     megablox grouped matmul gmm_v2, what gmm_test.py tests (test_gmm: bf16 lhs
          [128, 1024] against 16 groups of [1024, 1024], no bias)
  gmm_v1  megablox gmm (v1, gmm.py, its tuned tiling) on the same inputs
  gdn_v3  gated delta-net v3, fused conv1d + recurrence (gdn_attention_v3_test.py,
          test_run_jax_gdn_attention_local "mixed": 3 sequences of 256, 128, 128 tokens,
          2 q/k heads and 8 v heads of 128, conv kernel 4): it runs clean under the checkers
  gdn_v1  gated delta-net v1, fused_gdn (fused_gdn_kernel_test.py, test_basic(13, [8, 16, 24])):
          its kernels have a real race on their state buffer (docs/findings.md), which makes the
          saved states depend on when DMAs move their data, so tessera runs it in interpret
          mode's default order (dma_order="on-wait") for both to compute the same thing.
The checkers are off on both sides (interpret mode's race detection is off by default too).

Each kernel's own jitted entry point is called as production calls it (arguments it donates,
its caches, are fresh copies each call, made before the clock starts): through tessera.jax
(chip v6e, checkers off) and with every pallas_call in JAX's TPU interpret mode
(pltpu.force_tpu_interpret_mode(InterpretParams(out_of_bounds_reads="uninitialized")): these
kernels read SMEM metadata into its tile padding, which a TPU reads and the default "raise"
refuses). Both sides compute matmuls at full f32 precision (jax_default_matmul_precision
"highest", as the tests' runs do). After one call each (trace, compile, run), tessera's outputs
are compared with interpret mode's, or, where interpret mode cannot run the kernel, with the
test's own reference; then the sides alternate, the one that goes first turned round every
round; each figure is the median over the rounds. The machine's limits (STREAM-like
bandwidth, the BLAS's f32 GEMM rate) are measured in the same run (bench/jax/compare.py's
machine_rates) and each kernel's bound is its bytes that must cross memory (every input read
once, every output written once) plus its matmul FLOPs at that rate (for gmm_v1 also the
matmuls as the kernel issues them).

Usage: python/.venv/bin/python bench/production_kernels.py [--rounds 5] [--only NAME ...]
         [--results bench/RESULTS.md]
--results rewrites this bench's section of that file (between its markers), keeping the rest.
"""
import argparse
import collections
import datetime
import functools
import importlib.util
import logging
import os
import platform
import statistics
import sys
import time
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CHIP = "v6e"
BEGIN = "<!-- bench/production_kernels.py writes from here -->"
END = "<!-- bench/production_kernels.py writes up to here -->"


# what a kernel's entry gives: a description, the jitted entry point, its arguments, the
# indices of those its jit donates, how many leading rows of the outputs are meaningful (None:
# all), the work that bounds it, tessera options, the test's own reference (checked against
# when interpret mode cannot run the kernel) and the tolerance of the comparisons
Kernel = collections.namedtuple("Kernel", "what fn args donated rows work opts ref tol",
                                defaults=({}, None, 1e-3))


def test_module(src, name):
    """A test file of the pinned tree, for its reference implementation."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(str(src), "tests", "kernels", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def setup():
    """The pinned tpu-inference tree importable as tests/production/run.py makes it (its
    stand-in modules first), JAX on the CPU, and the devices' device_kind and TensorCore count
    the chip's (the kernels pick block sizes and code paths from jax.devices()[0].device_kind)."""
    # tests/production/run.py under another name: it imports tests/jax_upstream/run.py as "run"
    spec = importlib.util.spec_from_file_location(
        "production_run", os.path.join(REPO, "tests", "production", "run.py"))
    production = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(production)  # its source finder, not its runner
    src = production.find_source(None, production.ARCHIVE, require=True)
    os.environ["TESSERA_TPU_INFERENCE"] = str(src)
    sys.path.insert(0, os.path.join(REPO, "tests", "production", "standin"))
    import jax
    jax.config.update("jax_platforms", "cpu")
    jax.config.update("jax_default_matmul_precision", "highest")
    import tessera.jax as tj
    kind, cores = tj._device_kind(CHIP)
    # as tests/jax_upstream/tessera_tpu_shim.py does with --tessera-device-kind (the interpret
    # side asks Pallas's TPU questions of the default device too)
    device = type(jax.devices()[0])
    device.device_kind = property(lambda self: kind)
    if not hasattr(device, "num_cores"):
        device.num_cores = property(lambda self: cores)
    return src


def rpa_v3(src):
    import jax.numpy as jnp
    import numpy as np
    from tpu_inference.kernels.ragged_paged_attention.v3.kernel import (
        ragged_paged_attention, ref_ragged_paged_attention)
    from tpu_inference.kernels.ragged_paged_attention.v3.util import align_to, cdiv
    rng = np.random.default_rng(1234)
    seq_lens = [(192, 328), (128, 180), (64, 255)]
    heads, kv_heads, d, page, pages, max_seq = 32, 8, 128, 16, 1000, 8
    tokens = 512
    q = jnp.asarray(rng.random((tokens, heads, d), np.float32))
    k = jnp.asarray(rng.random((tokens, kv_heads, d), np.float32))
    v = jnp.asarray(rng.random((tokens, kv_heads, d), np.float32))
    # the cache as the test lays it out: [pages, page, kv_heads * 2 (f32: packing 1), 1, d]
    pages_per_seq = cdiv(max(kv for _, kv in seq_lens), page)
    cache = np.zeros((pages, page, kv_heads * 2, 1, d), np.float32)
    table = np.zeros((max_seq, pages_per_seq), np.int32)
    used = 0
    for s, (_, kv) in enumerate(seq_lens):
        n = cdiv(kv, page)
        cache[used:used + n] = rng.random((n, page, kv_heads * 2, 1, d), np.float32)
        table[s, :n] = np.arange(used, used + n)
        used += n
    cu_q = np.zeros(max_seq + 1, np.int32)
    cu_q[1:len(seq_lens) + 1] = np.cumsum([ql for ql, _ in seq_lens])
    kv_lens = np.zeros(max_seq, np.int32)
    kv_lens[:len(seq_lens)] = [kv for _, kv in seq_lens]
    args = (q, k, v, jnp.asarray(cache), jnp.asarray(kv_lens), jnp.asarray(table.reshape(-1)),
            jnp.asarray(cu_q), jnp.asarray([0, 0, len(seq_lens)], jnp.int32))

    fn = functools.partial(ragged_paged_attention, m_block_sizes=(64, 256, 32, 128),
                           vmem_limit_bytes=100 * 1024 * 1024)
    # work: the queries, new keys and values and the cache pages the sequences use read once,
    # the output and the new tokens' rows of the cache written once; FLOPs of q k^T and p v over each
    # sequence's causal rectangle (every query against the keys up to its position)
    nq = sum(ql for ql, _ in seq_lens)
    page_bytes = sum(cdiv(kv, page) for _, kv in seq_lens) * page * kv_heads * 2 * d * 4
    moved = nq * d * 4 * (2 * heads + 2 * kv_heads) + page_bytes + nq * 2 * kv_heads * d * 4
    pairs = sum(sum(kv - ql + i + 1 for i in range(ql)) for ql, kv in seq_lens)
    flops = 2 * 2 * pairs * heads * d
    return Kernel("ragged paged attention v3, f32, 3 seqs (q, kv) (192, 328) (128, 180) (64, 255), "
            "32 q / 8 kv heads x 128, pages of 16, blocks (64, 256, 32, 128)",
            fn, args, (0, 1, 2, 3), nq, {"bytes": moved, "flops": flops},
                  ref=lambda *a: ref_ragged_paged_attention(*a), tol=1e-3)


def gmm_inputs(m, k, n, groups):
    """bf16 operands and ragged group sizes as gmm_test.py makes them."""
    import jax
    import jax.numpy as jnp
    key = jax.random.key(0)
    lhs = jax.random.normal(key, (m, k), dtype=jnp.bfloat16)
    rhs = jax.random.normal(key, (groups, k, n), dtype=jnp.bfloat16)
    dist = jax.random.uniform(jax.random.key(0), (groups - 1,), dtype=jnp.float32)
    sizes = jnp.floor(dist / jnp.sum(dist) * m).astype(jnp.int32)
    sizes = jnp.append(sizes, m - jnp.sum(sizes))
    return lhs, rhs, sizes, jnp.array(0, jnp.int32)


def gmm_work(m, k, n, groups):
    # every group's weights and lhs read once, the output (bf16, lhs's type) written once
    return {"bytes": groups * k * n * 2 + m * k * 2 + m * n * 2, "flops": 2 * m * k * n}


def gmm(src):
    from tpu_inference.kernels.megablox.gmm_v2 import gmm_v2
    m, k, n, groups = 128, 1024, 1024, 16

    def fn(lhs, rhs, sizes, off):
        return gmm_v2(lhs, rhs, sizes, group_offset=off)
    reference = test_module(src, "gmm_test").reference_gmm
    return Kernel(f"megablox gmm_v2, bf16 lhs [{m}, {k}] x {groups} groups of [{k}, {n}], ragged group sizes",
                  fn, gmm_inputs(m, k, n, groups), (), None, gmm_work(m, k, n, groups), {},
                  ref=lambda lhs, rhs, sizes, off: reference(lhs, rhs, sizes, group_offset=off),
                  tol=1e-2)  # bf16 outputs


def gmm_v1(src):
    from tpu_inference.kernels.megablox.gmm import gmm as gmm1
    m, k, n, groups = 128, 1024, 1024, 16

    def fn(lhs, rhs, sizes, off):
        return gmm1(lhs, rhs, sizes, group_offset=off)
    inputs = gmm_inputs(m, k, n, groups)
    # its tuned tiling for these sizes is (128, 1024, 1024): one tile of all m rows, which the
    # kernel multiplies whole for each group with rows in it (rows of other groups masked after)
    issued = int((inputs[2] > 0).sum()) * 2 * m * k * n
    return Kernel(f"megablox gmm (v1, tuned tiling), bf16 lhs [{m}, {k}] x {groups} groups of [{k}, {n}], ragged group sizes",
                  fn, inputs, (), None, dict(gmm_work(m, k, n, groups), issued_flops=issued), {},
                  tol=1e-2)


def gdn_v3(src):
    import jax
    import jax.numpy as jnp
    from tpu_inference.kernels.gdn.v3 import wrapper
    d_k = d_v = 128
    n_kq, n_v, ks = 2, 8, 4
    lengths = [256, 128, 128]
    max_reqs, t = len(lengths), sum(lengths)
    q_loc = jnp.array([0, 256, 384, 512])
    rngs = iter(jax.random.split(jax.random.key(0), 12))
    dim = 2 * n_kq * d_k + n_v * d_v
    qkv = jax.random.normal(next(rngs), (t, dim))
    b = jax.random.normal(next(rngs), (t, n_v))
    a = jax.random.normal(next(rngs), (t, n_v))
    conv_state = jnp.zeros((max_reqs + 1, ks - 1, dim))
    rec = jnp.zeros((max_reqs + 1, n_v, d_k, d_v))
    conv_w = jax.random.normal(next(rngs), (dim, 1, ks))
    conv_b = jax.random.normal(next(rngs), (dim,))
    a_log = jax.random.normal(next(rngs), (n_v,))
    dt_bias = jax.random.normal(jax.random.key(0), (n_v,))
    args = (qkv, b, a, conv_state, rec, conv_w, conv_b, a_log, dt_bias, q_loc,
            jnp.arange(1, max_reqs + 1), jnp.array([0, 3, 3], jnp.int32),
            jnp.asarray(lengths, jnp.int32))

    fn = functools.partial(wrapper.fused_conv1d_gdn, n_kq=n_kq, n_v=n_v, d_k=d_k, d_v=d_v, kernel_size=ks)
    state = (max_reqs + 1) * n_v * d_k * d_v * 4
    moved = t * dim * 4 + t * n_v * d_v * 4 + 2 * state
    # per token and v head: k^T S, q^T S (d_k x d_v each) and the rank-1 update k v^T
    flops = t * n_v * 3 * 2 * d_k * d_v
    ref = test_module(src, "gdn_attention_v3_test").gdn_attention_ref
    return Kernel(f"gated delta-net v3 (conv1d + recurrence), f32, 3 seqs of 256, 128, 128 tokens, "
            f"{n_kq} q/k and {n_v} v heads x 128", fn, args, (3, 4), None, {"bytes": moved, "flops": flops}, {},
                  ref=lambda *a: ref(*a, n_kq=n_kq, n_v=n_v, d_k=d_k, d_v=d_v, kernel_size=ks), tol=2e-2)


def gdn_v1(src):
    import jax
    import jax.numpy as jnp
    import numpy as np
    from tpu_inference.kernels.gdn import fused_gdn
    decode, mixed, h_qk, h_v, d = 13, [8, 16, 24], 2, 2, 128
    lens = [1] * decode + mixed
    n, t = len(lens), sum(lens)
    rng = np.random.RandomState(42)
    q, k, v = (jnp.asarray(rng.randn(t, h, d).astype(np.float32), jnp.bfloat16)
               for h in (h_qk, h_qk, h_v))
    a, b = (jnp.asarray(rng.randn(t, h_v).astype(np.float32), jnp.bfloat16) for _ in range(2))
    a_log = jnp.asarray(rng.randn(h_v).astype(np.float32))
    h0 = jnp.asarray(rng.randn(n, h_v, d, d).astype(np.float32))
    cu = jnp.asarray(np.cumsum([0] + lens).astype(np.int32))
    q, k, v = jax.nn.silu(q), jax.nn.silu(k), jax.nn.silu(v)
    fn = functools.partial(fused_gdn, b=b, has_initial_state=jnp.ones((n,), jnp.bool_),
                           distribution=jnp.array([decode, n], jnp.int32), use_qk_l2norm_in_kernel=True,
                           use_gate_in_kernel=True, A_log=a_log, dt_bias=jnp.zeros(h_v, jnp.float32))
    args = (q, k, v, cu, a, h0, jnp.arange(n, dtype=jnp.int32))
    state = n * h_v * d * d * 4
    moved = t * (2 * h_qk + h_v) * d * 2 + t * h_v * d * 2 + 2 * state
    flops = t * h_v * 3 * 2 * d * d
    return Kernel(f"gated delta-net v1 (fused_gdn: recurrent and decode kernels), bf16, {decode} decodes and "
            f"sequences of {', '.join(map(str, mixed))} tokens, {h_qk} q/k and {h_v} v heads x 128",
            fn, args, (2, 5), None, {"bytes": moved, "flops": flops},
            # the state race (docs/findings.md) makes the saved states depend on when DMAs move
            # their data: tessera in interpret mode's default order, so both compute the same
            {"dma_order": "on-wait"})


KERNELS = {"rpa_v3": rpa_v3, "gmm": gmm, "gmm_v1": gmm_v1, "gdn_v3": gdn_v3, "gdn_v1": gdn_v1}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--results")
    a = ap.parse_args()
    src = setup()
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.experimental.pallas import tpu as pltpu
    import tessera.jax as tj
    sys.path.insert(0, os.path.join(HERE, "jax"))
    import compare  # noqa: E402 - the machine's limits, measured as compare.py measures them
    logging.getLogger("jax._src.callback").setLevel(logging.CRITICAL)
    # ragged paged attention donates its new keys and values, whose buffers its program has no
    # output to reuse for: JAX warns at each compile, which says nothing about the figures
    warnings.filterwarnings("ignore", message="Some donated buffers were not usable")
    interp = pltpu.InterpretParams(out_of_bounds_reads="uninitialized")

    def once(fn, args, donated, side, opts):
        # the arguments the kernel's jit donates (as production calls it: its caches updated in
        # place) are fresh copies each call, made before the clock starts
        args = [jax.block_until_ready(jnp.array(x, copy=True)) if i in donated else x
                for i, x in enumerate(args)]
        if side == "tessera":
            ctx = tj.enabled(chip=CHIP, check=False, **opts)
        else:
            ctx = pltpu.force_tpu_interpret_mode(interp)
        with ctx:
            t0 = time.perf_counter()
            out = jax.block_until_ready(fn(*args))
            return time.perf_counter() - t0, out

    def close(got, want, rows, tol):
        """The largest difference, or None (and what differs, printed) beyond tol."""
        worst = 0.0
        for g, w in zip(jax.tree.leaves(got), jax.tree.leaves(want)):
            g = np.asarray(g, np.float64)[:rows]
            w = np.asarray(w, np.float64)[:rows]
            ok = np.isfinite(w)
            if g.shape != w.shape or not np.allclose(g[ok], w[ok], rtol=tol, atol=tol):
                bad = ~np.isclose(g, w, rtol=tol, atol=tol) & ok if g.shape == w.shape else ok
                print(f"  differ: shapes {g.shape} and {w.shape}, {int(bad.sum())} of {g.size} elements, "
                      f"first at {np.argwhere(bad)[0].tolist()}", flush=True)
                return None
            worst = max(worst, float(np.max(np.abs(g[ok] - w[ok]), initial=0.0)))
        return worst

    load = [os.getloadavg()]
    print(f"# chip {CHIP}; {a.rounds} rounds; load average {load[0][0]:.2f}", flush=True)
    rows = []
    for name, make in KERNELS.items():
        if a.only and name not in a.only:
            continue
        k = make(src)
        what, donated, opts = k.what, k.donated, k.opts
        # the kernels' own jitted entry points, called as production calls them; tessera's
        # options and interpret mode are part of jit's trace context, so each side has its own
        # compiled program
        ours = theirs = k.fn
        args = k.args
        first_t, got = once(ours, args, donated, "tessera", opts)
        error = None
        try:
            first_i, want = once(theirs, args, donated, "interpret", opts)
        except Exception as e:  # noqa: BLE001 - interpret mode's own failure is the figure
            lines = str(e).strip().splitlines() or [""]
            error = f"{type(e).__name__}: {lines[-1][:160]}"
        checked = "interpret mode's outputs"
        if error is not None:
            want, checked = None, "not checked"
            if k.ref is not None:
                want, checked = jax.block_until_ready(k.ref(*args)), "the test's reference"
        diff = close(got, want, k.rows, k.tol) if want is not None else 0.0
        if diff is None:
            print(f"{name}: tessera's output differs from {checked}: not timed", flush=True)
            rows.append({"name": name, "what": what, "error": f"tessera's output differs from {checked}"})
            continue
        t_ours, t_theirs = [], []
        for r in range(a.rounds):
            sides = ["tessera", "interpret"] if r % 2 == 0 else ["interpret", "tessera"]
            for side in sides:
                if side == "tessera":
                    t_ours.append(once(ours, args, donated, side, opts)[0])
                elif error is None:
                    t_theirs.append(once(theirs, args, donated, side, opts)[0])
        row = {"name": name, "what": what, "work": k.work, "tessera": statistics.median(t_ours),
               "tessera_first": first_t, "error": error, "diff": diff, "checked": checked,
               "spread": (min(t_ours), max(t_ours))}
        if error is None:
            row["interpret"] = statistics.median(t_theirs)
            row["interpret_first"] = first_i
            print(f"{name}: interpret {row['interpret'] * 1e3:.1f} ms, tessera {row['tessera'] * 1e3:.2f} ms, "
                  f"ratio {row['interpret'] / row['tessera']:.1f}x (max |diff| {diff:.2e})", flush=True)
        else:
            print(f"{name}: interpret fails ({error}); tessera {row['tessera'] * 1e3:.2f} ms "
                  f"(checked against {checked})", flush=True)
        rows.append(row)
    rates = compare.machine_rates(np, 5)
    load.append(os.getloadavg())
    for row in rows:
        if "work" in row:
            row["bound"], row["terms"] = compare.bound_of(
                {"bytes": row["work"]["bytes"], "flops": row["work"]["flops"], "exps": 0}, rates)
            if "issued_flops" in row["work"]:  # the matmuls as the kernel issues them
                b, t = compare.bound_of({"bytes": row["work"]["bytes"], "flops": row["work"]["issued_flops"],
                                         "exps": 0}, rates)
                row["bound_issued"], row["terms_issued"] = b, t
            print(f"{row['name']}: bound {row['terms']} = {row['bound'] * 1e3:.2f} ms; "
                  f"tessera at {row['tessera'] / row['bound']:.1f}x it", flush=True)
    print(f"# load average at the end: {load[1][0]:.2f}")
    if a.results:
        write(a.results, rows, rates, load, src, a.rounds)
    return 0


def write(path, rows, rates, load, src, rounds):
    import jax
    ms = lambda s: f"{s * 1e3:.1f} ms" if s >= 0.01 else f"{s * 1e3:.2f} ms"  # noqa: E731
    out = [BEGIN, "",
           "## vLLM's production kernels: tessera against TPU interpret mode (bench/production_kernels.py)",
           "",
           f"Generated by `bench/production_kernels.py --rounds {rounds}` (its docstring says how): kernels of "
           "tpu-inference (vllm-project/tpu-inference at "
           f"{os.path.basename(str(src)).rsplit('-', 1)[-1]}), their own jitted entry points called directly "
           "at the sizes of their own tests, warm, through tessera (`tessera.jax.enabled(chip=\"v6e\", "
           "check=False)`) and in JAX's TPU interpret mode (`InterpretParams(out_of_bounds_reads="
           "\"uninitialized\")`), the sides alternating, medians; tessera's outputs checked before timing "
           "against interpret mode's, or the test's own reference where interpret mode fails. Bound: each "
           "input read and each output written once at the STREAM-like bandwidth, plus the matmul FLOPs at "
           "the BLAS's f32 rate, both measured in the same run.",
           "",
           f"- machine: {_machine()}; chip simulated: v6e",
           f"- versions: jax {jax.__version__}; Python {platform.python_version()}",
           f"- date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
           f"- load average (1 min) at the start and the end: {load[0][0]:.2f}, {load[1][0]:.2f} "
           "(the 2 CPUs are shared with other developers' builds and tests: take the ratios, not the times)",
           f"- this machine: {rates['stream_gbs']:.1f} GB/s, {rates['blas_gflops']:.0f} GFLOP/s (f32 GEMM)",
           "",
           "| kernel | TPU interpret warm / first | tessera warm / first | ratio | bound (terms) | tessera / bound |",
           "|---|---|---|---|---|---|"]
    for r in rows:
        if "tessera" not in r:
            out.append(f"| {r['name']}: {r['what']} | - | - | {r['error']} | - | - |")
            continue
        interp = (f"{ms(r['interpret'])} / {ms(r['interpret_first'])}" if r["error"] is None
                  else f"fails: `{r['error']}` (tessera checked against {r['checked']})")
        ratio = f"{r['interpret'] / r['tessera']:.1f}x" if r["error"] is None else "-"
        out.append(f"| {r['name']}: {r['what']} | {interp} | {ms(r['tessera'])} / {ms(r['tessera_first'])} | "
                   f"{ratio} | {r['terms']} = {ms(r['bound'])} | {r['tessera'] / r['bound']:.1f}x |")
        if "bound_issued" in r:
            out.append(f"| {r['name']}, its matmuls as issued (a whole tile per group) | | | | {r['terms_issued']} = "
                       f"{ms(r['bound_issued'])} | {r['tessera'] / r['bound_issued']:.1f}x |")
    out += ["", END]
    write_section(path, BEGIN, END, out)


def write_section(path, begin, end, lines):
    """Replaces what lies between the markers `begin` and `end` (which `lines` start and end
    with) in the file at `path`, or appends it; the rest of the file is kept."""
    text = open(path).read() if os.path.exists(path) else ""
    if begin in text and end in text:
        text = text[:text.index(begin)] + "\n".join(lines) + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n"
    with open(path + ".part", "w") as f:
        f.write(text)
    os.replace(path + ".part", path)  # whole or not at all


def _machine():
    sys.path.insert(0, os.path.join(HERE, "jax"))
    import compare
    return compare.machine()


if __name__ == "__main__":
    sys.exit(main())
