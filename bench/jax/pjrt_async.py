#!/usr/bin/env python3
"""What asynchronous dispatch through tessera's PJRT plugin buys (docs/pjrt.md, "Asynchronous
dispatch"): the same workloads in three modes, in rounds that take turns, each round a fresh
process of each mode (the mode is fixed when JAX creates its client): async (the default:
programs run on the client's worker thread, a cheap one inside Execute when the stream is idle),
async without that (TESSERA_PJRT_INLINE_US=0: every program on the worker), and sync
(TESSERA_PJRT_SYNC=1: every program inside Execute, as before the worker):

- loop: N jitted steps (a (128,128) matmul and tanh), each on the last one's result and on an
  input the host computes (numpy, about as long as a step's run) while the step before runs,
  then one block_until_ready;
- tiny: N jitted calls on an (8,128) array that cost less to run than to dispatch, then one
  block: what handing each call to the worker costs where there is nothing to overlap;
- overlap: one device call (a (512,512) matmul chain), a host-side numpy computation of about
  the same length while it runs, then the device result read back.

Prints each mode's median over the rounds (each round's figure the best of 3 tries) and its
ratio to sync (< 1: faster than sync), with the load average before and after. The machine's other load changes both modes alike within a
round; a loaded machine with few free cores shrinks what overlap can win.

Usage: python/.venv/bin/python bench/jax/pjrt_async.py [--rounds 7] [--calls 200] [--chip v5e]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = r"""
import json, sys, time
import jax, jax.numpy as jnp, numpy as np
calls = int(sys.argv[1])
rng = np.random.default_rng(0)
step = jax.jit(lambda x, b: jnp.tanh(x @ b) * 0.5 + x)
tiny = jax.jit(lambda x: x * 1.01 + 0.5)
mm = jax.jit(lambda a: jnp.tanh(a @ a) @ a)
x0 = jnp.asarray(rng.standard_normal((128, 128)), jnp.float32)
t0 = jnp.ones((8, 128), jnp.float32)
a = jnp.asarray(rng.standard_normal((512, 512)), jnp.float32) * 0.05
h = rng.standard_normal((64, 64))

def host_unit():  # a host-side computation: what a loop does to make its next input
    return np.linalg.qr(h)[1][:1, :1].astype(np.float32)

def best(f, n=3):
    return min(f() for _ in range(n))

def timed(f):
    t = time.perf_counter(); f(); return time.perf_counter() - t

# warm, and each piece alone: one step's run, one host unit, the big call
b0 = np.full((128, 128), 0.01, np.float32)
step(x0, b0).block_until_ready(); tiny(t0).block_until_ready(); mm(a).block_until_ready()
run = best(lambda: timed(lambda: step(x0, b0).block_until_ready()), 5)
unit = best(lambda: timed(host_unit), 5)
per_step = max(1, round(run / unit))  # host work of about one step's run
big = best(lambda: timed(lambda: mm(a).block_until_ready()))
per_big = max(1, round(big / unit))

def loop():  # each step's input made on the host while the step before runs
    x = x0
    for _ in range(calls):
        for _ in range(per_step - 1):
            host_unit()
        x = step(x, b0 + host_unit())
    x.block_until_ready()

def tiny_loop():  # calls that cost less to run than to dispatch: the hand-off's own cost
    y = t0
    for _ in range(calls):
        y = tiny(y)
    y.block_until_ready()

def overlap():  # one big call, the host busy beside it, then its value read
    y = mm(a)
    for _ in range(per_big):
        host_unit()
    np.asarray(y)

print(json.dumps({"loop": best(lambda: timed(loop)), "tiny": best(lambda: timed(tiny_loop)),
                  "overlap": best(lambda: timed(overlap)), "run": run, "host_step": per_step * unit,
                  "big": big, "host_big": per_big * unit}))
"""


MODES = {"async": {}, "worker only": {"TESSERA_PJRT_INLINE_US": "0"}, "sync": {"TESSERA_PJRT_SYNC": "1"}}


def run(mode: str, calls: int, chip: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("JAX_PLATFORMS", "TPU_LIBRARY_PATH", "TESSERA_PJRT_SYNC", "TESSERA_PJRT_INLINE_US")}
    env["TESSERA_TPU"] = chip
    env.update(MODES[mode])
    p = subprocess.run([sys.executable, "-c", CHILD, str(calls)], env=env, capture_output=True, text=True, timeout=900)
    if p.returncode:
        sys.exit(f"{mode} run failed:\n{p.stderr[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--chip", default="v5e")
    a = ap.parse_args()
    load0 = os.getloadavg()
    got = {m: [] for m in MODES}
    order = list(MODES)
    for r in range(a.rounds):
        # a different mode first each round, so that none always meets another's aftermath
        for mode in order[r % len(order):] + order[:r % len(order)]:
            got[mode].append(run(mode, a.calls, a.chip))
    load1 = os.getloadavg()
    med = {m: {k: statistics.median(x[k] for x in got[m]) for k in got[m][0]} for m in got}
    print(f"tessera PJRT plugin, {a.chip}, {a.rounds} rounds (each mode a fresh process a round, taking turns), "
          f"{os.cpu_count()} CPUs, load average {load0[0]:.2f} before, {load1[0]:.2f} after")
    S = med["sync"]
    what = {"loop": f"{a.calls} steps of {S['run'] * 1e3:.2f} ms run and {S['host_step'] * 1e3:.2f} ms host work each",
            "tiny": f"{a.calls} (8,128) calls then one block",
            "overlap": f"a {S['big'] * 1e3:.0f} ms device call beside {S['host_big'] * 1e3:.0f} ms of host work"}
    for k, text in what.items():
        cells = ", ".join(f"{m} {med[m][k] * 1e3:.1f} ms" + (f" ({med[m][k] / S[k]:.2f}x)" if m != "sync" else "")
                          for m in MODES)
        print(f"{k}: {text}: {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
