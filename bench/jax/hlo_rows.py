"""The graph interpreter's row paths (gathers of whole rows, reductions with one-op bodies)
against its element-at-a-time paths (TSR_HLO_FUSE=0), through the PJRT plugin.

    python bench/jax/hlo_rows.py [ROUNDS] [CALLS]

Each round runs every case in a fresh process (TESSERA_TPU=v6e) twice, once each way, which
way goes first alternating from round to round; a process times CALLS warm calls of each
jitted case (wall and process CPU seconds per call, the CPU time counting the plugin's worker
thread). Prints the medians over the rounds, their ratios and the load average, and checks
that both ways gave the same bytes (an MD5 of each output). Needs `pip install .` (or
TESSERA_PJRT_LIBRARY) and JAX; bench/RESULTS.md has figures."""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import hashlib, json, sys, time
import jax, jax.numpy as jnp, numpy as np
calls = int(sys.argv[1])
rng = np.random.default_rng(0)
table = jnp.asarray(rng.standard_normal((2048, 8192), np.float32).astype(jnp.bfloat16))
rows = jnp.asarray(rng.integers(0, 2048, 4096).astype(np.int32))
x = jnp.asarray(rng.standard_normal((2048, 4096), np.float32))
cases = {
    "gather 4096 rows of 8192 bf16": (jax.jit(lambda t, i: t[i]), (table, rows)),
    "sum over rows, 2048x4096 f32": (jax.jit(lambda x: x.sum(axis=1)), (x,)),
    "sum over columns, 2048x4096 f32": (jax.jit(lambda x: x.sum(axis=0)), (x,)),
    "max over rows, 2048x8192 bf16": (jax.jit(lambda t: t.max(axis=1)), (table,)),
}
out = {}
for name, (f, args) in cases.items():
    r = f(*args).block_until_ready()
    md5 = hashlib.md5(np.asarray(r).tobytes()).hexdigest()
    w0, c0 = time.perf_counter(), time.process_time()
    for _ in range(calls):
        f(*args).block_until_ready()
    out[name] = {"wall": (time.perf_counter() - w0) / calls, "cpu": (time.process_time() - c0) / calls, "md5": md5}
print(json.dumps(out))
"""


def one(mode: str, calls: int) -> dict:
    env = dict(os.environ, TESSERA_TPU="v6e")
    env.pop("JAX_PLATFORMS", None)
    if mode == "element":
        env["TSR_HLO_FUSE"] = "0"
    else:
        env.pop("TSR_HLO_FUSE", None)
    p = subprocess.run([sys.executable, "-c", CHILD, str(calls)], env=env, capture_output=True, text=True, timeout=3600)
    if p.returncode:
        sys.exit(f"hlo_rows.py: the {mode} run failed:\n{p.stderr[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    res = {"element": [], "rows": []}
    loads = [os.getloadavg()[0]]
    for r in range(rounds):
        for mode in (("element", "rows") if r % 2 == 0 else ("rows", "element")):
            res[mode].append(one(mode, calls))
            loads.append(os.getloadavg()[0])
    same = all(a[n]["md5"] == b[n]["md5"] for a in res["element"] for b in res["rows"] for n in a)
    print(f"{rounds} rounds of {calls} warm calls, alternating; load average {min(loads):.1f} to {max(loads):.1f}")
    print("| case | element ms (wall / CPU) | rows ms (wall / CPU) | CPU ratio |")
    print("|---|---|---|---|")
    for name in res["rows"][0]:
        med = {m: {k: 1e3 * statistics.median(x[name][k] for x in res[m]) for k in ("wall", "cpu")} for m in res}
        print(f"| {name} | {med['element']['wall']:.1f} / {med['element']['cpu']:.1f} | {med['rows']['wall']:.1f} / "
              f"{med['rows']['cpu']:.1f} | {med['element']['cpu'] / med['rows']['cpu']:.1f}x |")
    print("outputs identical both ways:", same)
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
