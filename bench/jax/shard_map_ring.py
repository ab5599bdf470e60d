#!/usr/bin/env python3
"""The ring all-gather under jax.shard_map over N CPU devices: JAX's TPU interpret mode
(interpret=pltpu.InterpretParams(dma_execution_mode="eager"), which simulates the devices'
remote copies) against the
same pallas_call run through tessera (tessera.jax.enabled(check=False): the devices' calls meet
in one simulated machine), both warm, in alternating rounds; each result checked against
jnp.tile. A process of its own (bench/jax/compare.py starts it): the CPU device count is fixed
when JAX starts.

With jax 0.10.2, interpret mode's default dma_execution_mode="on_wait" gives this kernel rows
that differ from jnp.tile (other devices' blocks, differing from run to run), and its calls
stop making progress once a device's output reaches 128 KiB (4 devices x 64 rows or 8 x 32 of
128 f32 columns), in either mode: hence "eager" and the default 16 rows.

Usage: python bench/jax/shard_map_ring.py [--devices 8] [--rows 16] [--cols 128] [--repeat 5]
Prints one JSON object: seconds per mode (median of warm calls) and the ratio."""
import argparse
import json
import os
import statistics
import sys
import time

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--devices", type=int, default=8)
ap.add_argument("--rows", type=int, default=16)
ap.add_argument("--cols", type=int, default=128)
ap.add_argument("--repeat", type=int, default=5)
a = ap.parse_args()
N, R, C = a.devices, a.rows, a.cols
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={N}"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.experimental import pallas as pl  # noqa: E402
from jax.experimental.pallas import tpu as pltpu  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "tools", "jax"))
from multichip_kernels import ring_allgather_kernel  # noqa: E402

jax.config.update("jax_platforms", "cpu")
mesh = jax.make_mesh((N,), ("x",))


def ring(interpret):
    def f(x):
        any_spec = pl.BlockSpec(memory_space=pl.ANY)
        return pl.pallas_call(ring_allgather_kernel(N, R), out_shape=jax.ShapeDtypeStruct((N * R, C), jnp.float32),
                              in_specs=[any_spec], out_specs=any_spec,
                              scratch_shapes=[pltpu.SemaphoreType.DMA] * 3, interpret=interpret)(x)
    return jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))


def main():
    x_np = np.random.default_rng(0).standard_normal((N * R, C), np.float32)
    x = jax.device_put(jnp.asarray(x_np), NamedSharding(mesh, P("x")))
    want = np.tile(x_np, (N, 1))
    import tessera.jax as tj
    interp = ring(pltpu.InterpretParams(dma_execution_mode="eager"))
    live = ring(False)
    opts = dict(check=False)

    def call_live():
        with tj.enabled(**opts):
            return jax.block_until_ready(live(x))

    first = {}
    t0 = time.perf_counter()
    got = np.asarray(jax.block_until_ready(interp(x)))
    first["tpu_interpret"] = time.perf_counter() - t0
    assert np.array_equal(got, want), "TPU interpret mode's ring all-gather differs from jnp.tile"
    t0 = time.perf_counter()
    got = np.asarray(call_live())
    first["tessera"] = time.perf_counter() - t0
    assert np.array_equal(got, want), "tessera's ring all-gather differs from jnp.tile"
    times = {"tpu_interpret": [], "tessera": []}
    for _ in range(a.repeat):  # alternating, so that a machine whose speed drifts slows both alike
        t0 = time.perf_counter()
        jax.block_until_ready(interp(x))
        times["tpu_interpret"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        call_live()
        times["tessera"].append(time.perf_counter() - t0)
    med = {k: statistics.median(v) for k, v in times.items()}
    print(json.dumps({"kernel": "ring_allgather", "devices": N, "shard": [R, C], "dtype": "f32",
                      "first_seconds": first, "warm_seconds": med,
                      "ratio_warm": med["tpu_interpret"] / med["tessera"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
