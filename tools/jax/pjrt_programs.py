#!/usr/bin/env python3
"""Writes tests/pjrt/programs/: programs exactly as the pinned jaxlib hands them to tessera's
PJRT plugin's compile (<name>.mlirbc, a StableHLO portable artifact, and <name>.options.pb, its
serialized xla.CompileOptionsProto), captured with TESSERA_PJRT_DUMP while JAX runs them on the
plugin. tests/pjrt/test_pjrt.c compiles and runs them through GetPjrtApi as jaxlib does and
checks the results against loops of its own.

Usage: python/.venv/bin/python tools/jax/pjrt_programs.py BUILD_DIR [OUT]
(BUILD_DIR holds libtessera_pjrt.so; OUT defaults to tests/pjrt/programs)
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, "..", "..")

# Each program runs in a fresh process so that exactly its own compiles are dumped.
PROGRAMS = {
    # a graph without kernels: small integers, so that every rounding gives the same f32
    "graph": """
x = np.arange(32, dtype=np.float32).reshape(4, 8) - 10
y = (np.arange(24, dtype=np.float32).reshape(8, 3) % 5) - 2
f = jax.jit(lambda x, y: (jnp.maximum(x, 0) @ y + 1, (x > 0).sum()))
f(x, y)
""",
    # a Pallas kernel over a grid of 4 blocks, its first argument donated to the result, with
    # its author's cost estimate (what cost_analysis() reports)
    "pallas_add": """
from jax.experimental import pallas as pl
def kernel(x_ref, y_ref, o_ref):
    o_ref[...] = x_ref[...] + y_ref[...] * 2.0
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
cost = pl.CostEstimate(flops=8192, transcendentals=3, bytes_accessed=49152)
f = jax.jit(lambda x, y: pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(4,),
                                        in_specs=[spec, spec], out_specs=spec, cost_estimate=cost)(x, y),
            donate_argnums=0)
f(np.ones((32, 128), np.float32), np.ones((32, 128), np.float32))
""",
    # four devices: shard_map over a 1-D mesh with a psum (f32[4,4] split by rows, f32[1,4] out)
    "shard_map_psum": """
from jax.sharding import NamedSharding, PartitionSpec as P
mesh = jax.make_mesh((4,), ("x",))
f = jax.jit(jax.shard_map(lambda a: jax.lax.psum(a * 2, "x"), mesh=mesh, in_specs=P("x"), out_specs=P()))
f(jax.device_put(np.ones((4, 4), np.float32), NamedSharding(mesh, P("x"))))
""",
    # four devices: jit of a 2x2 mesh, f32[4,6] split over both axes, its output left to the
    # compiler (tessera makes it whole on every device)
    "jit_2x2": """
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
mesh = jax.make_mesh((2, 2), ("x", "y"), axis_types=(AxisType.Auto, AxisType.Auto))
f = jax.jit(lambda a: (a * 2 + 1, a.sum(axis=1)), out_shardings=(NamedSharding(mesh, P("x", "y")), None))
f(jax.device_put(np.ones((4, 6), np.float32), NamedSharding(mesh, P("x", "y"))))
""",
}
DEVICES = {"shard_map_psum": "v5e:4", "jit_2x2": "v5e:4"}

PRELUDE = "import jax, jax.numpy as jnp, numpy as np\n"


def main() -> int:
    build = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, "tests", "pjrt", "programs")
    os.makedirs(out, exist_ok=True)
    for name, code in PROGRAMS.items():
        with tempfile.TemporaryDirectory() as dump:
            env = dict(os.environ, TESSERA_TPU=DEVICES.get(name, "v5e"), TESSERA_PJRT_DUMP=dump,
                       TESSERA_PJRT_LIBRARY=os.path.join(build, "libtessera_pjrt.so"))
            subprocess.run([sys.executable, "-c", PRELUDE + code], env=env, check=True)
            programs = sorted(glob.glob(os.path.join(dump, "*.mlirbc")))
            if len(programs) != 1:
                raise SystemExit(f"{name}: {len(programs)} programs compiled, expected 1")
            stem = programs[0][:-len(".mlirbc")]
            shutil.copy(stem + ".mlirbc", os.path.join(out, name + ".mlirbc"))
            shutil.copy(stem + ".options.pb", os.path.join(out, name + ".options.pb"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
