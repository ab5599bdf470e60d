#!/usr/bin/env python3
"""Warm live calls of one bench kernel through tessera.jax (jax.jit, the kernel run by the XLA
FFI handler), or with --plugin CHIP through tessera's PJRT plugin (TESSERA_TPU=CHIP: the whole
jitted program on a simulated TPU device, the checkers on as the plugin always runs them): N
calls back to back, then calls that each follow a pause, or a sweep of a big
array that takes the CPU caches from the kernel's data (as the other work between compare.py's
timed calls does). Prints the medians, the minor page faults per call, and the load average:
what a call costs hot and cold (docs/jax.md, "What a call costs"), against the kernel's jax.numpy
reference jitted by XLA:CPU in the same rounds (any warm jitted call's own cost). add_8x128 (one
grid step of one (8, 128) block) is the fixed cost of a call.

Usage: python/.venv/bin/python bench/jax/live_calls.py [--calls N] [--after 20]
         [--pause S | --evict MIB] [--host-helpers H] [--check | --plugin CHIP]
         {threefry,add_grid,add_8x128}
"""
import argparse
import contextlib
import os
import resource
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tools", "jax"))

SIZES = {"threefry": dict(m=256, n=512, bm=64), "add_grid": dict(m=2048, n=2048, bm=64, bn=256),  # compare.py's
         "add_8x128": dict(m=8, n=128, bm=8, bn=128)}  # one step of one (8, 128) block: the fixed cost
SUITE_NAME = {"add_8x128": "add_grid"}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("kernel", choices=sorted(SIZES))
    ap.add_argument("--calls", type=int, default=1000, help="calls back to back")
    ap.add_argument("--after", type=int, default=20, help="calls that each follow a pause or a sweep")
    ap.add_argument("--pause", type=float, default=0.1, help="seconds of sleep before each of those")
    ap.add_argument("--evict", type=int, default=0, help="instead: MiB of an array swept before each")
    ap.add_argument("--host-helpers", type=int, default=0)
    ap.add_argument("--check", action="store_true", help="with the checkers (enable()'s default)")
    ap.add_argument("--plugin", metavar="CHIP", help="through the PJRT plugin as TESSERA_TPU=CHIP, not the FFI path")
    a = ap.parse_args()
    if a.plugin:
        # the plugin reads the switch when JAX loads it, so it is set before jax is imported
        os.environ["TESSERA_TPU"] = a.plugin
    import numpy as np
    import jax
    if not a.plugin:
        jax.config.update("jax_platforms", "cpu")
    import export_suite as es
    build, ref, make_inputs = getattr(es.load_suite(), SUITE_NAME.get(a.kernel, a.kernel))(**SIZES[a.kernel])
    inputs = [np.asarray(x) for x in make_inputs(np.random.default_rng(es.seed_of(SUITE_NAME.get(a.kernel, a.kernel))))]
    junk = np.zeros(a.evict << 18, np.float32)

    def timed(fn, xs):
        f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        t0 = time.perf_counter()
        jax.block_until_ready(fn(*xs))
        return time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0

    # the baseline: the kernel's jax.numpy reference compiled by XLA:CPU, called the same way
    # in the same rounds, the two sides taking turns first (what any warm jitted call costs)
    xla = jax.jit(ref)
    cpu = jax.devices("cpu")[0]
    xs = [jax.device_put(x, cpu) for x in inputs]
    jax.block_until_ready(xla(*xs))
    if a.plugin:
        front = contextlib.nullcontext()
        ts = [jax.device_put(x, jax.devices("tpu")[0]) for x in inputs]
    else:
        import tessera.jax as live
        front = live.enabled(check=a.check, host_helpers=a.host_helpers)
        ts = xs
    with front:
        fn = jax.jit(build(False))
        jax.block_until_ready(fn(*ts))
        hot, cold = {"tessera": [], "xla": []}, {"tessera": [], "xla": []}
        for i in range(a.calls + a.after):
            for side in (("tessera", "xla") if i % 2 == 0 else ("xla", "tessera")):
                if i >= a.calls:
                    if a.evict:
                        junk += 1
                    else:
                        time.sleep(a.pause)
                (hot if i < a.calls else cold)[side].append(
                    timed(fn, ts) if side == "tessera" else timed(xla, xs))
    path = f"the PJRT plugin ({a.plugin})" if a.plugin else "the FFI path"
    print(f"{a.kernel} through {path}, checkers {'on' if a.plugin or a.check else 'off'}")
    what = f"after a {a.evict} MiB sweep" if a.evict else f"after {a.pause} s asleep"
    for label, runs in (("back to back", hot), (what, cold)):
        med = {side: statistics.median(t for t, _ in r) for side, r in runs.items()}
        print(f"{a.kernel} {label}: median {med['tessera'] * 1e3:.3f} ms, min "
              f"{min(t for t, _ in runs['tessera']) * 1e3:.3f} ms, "
              f"{statistics.mean(f for _, f in runs['tessera']):.0f} minor faults a call; "
              f"XLA:CPU's jit of the reference {med['xla'] * 1e3:.3f} ms (ratio XLA / tessera "
              f"{med['xla'] / med['tessera']:.2f}); load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
