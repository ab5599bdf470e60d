"""Exports tessera's shard_map conformance modules (tests/shard_map/) from
jax.shard_map over 4 and 8 devices for TPU (jax 0.10.2, platforms=["tpu"], on fake CPU
devices), with inputs and expected outputs computed by plain jax.numpy on the global arrays.

  tools/jax/.venv/bin/python tools/jax/shard_map_suite.py [--out DIR] [NAME...]

Each case writes DIR/NAME/module.mlir (Exported.mlir_module(): sdy.mesh,
sdy.manual_computation, the collectives and the tpu_custom_call), in_<i>.npy and
expected_<i>.npy; module_gspmd.mlir is the same program in the form before Shardy (the
@Sharding / @SPMDFullToShardShape / @SPMDShardToFullShape custom calls around a call of the
body). Cases with a Pallas kernel are exported at the forward-compatible Mosaic IR version
(11, module.mlir) and also at the newest (15, module_v15.mlir). A
graph without a kernel is run on XLA:CPU's fake devices and must agree with the reference
before anything is written. (The ring kernel under TPU interpret mode of jax 0.10.2 leaves
blocks of its output NaN on some devices, barrier or not; tessera's runs are checked against
the jnp reference, and tests/test_multichip.c checks the kernel alone against plain C.)"""
import argparse, functools, os, sys, zlib
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
import numpy as np
import jax, jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P, NamedSharding
from jax._src import tpu_custom_call
from multichip_kernels import ring_allgather_kernel  # the shared copy
# locations name this file as tools/jax/shard_map_suite.py wherever the checkout is
jax.config.update("jax_hlo_source_file_canonicalization_regex", r".*/(?=tools/jax/)")

R, C = 8, 128

def mesh_of(shape, names):
  n = int(np.prod(shape))
  return jax.make_mesh(shape, names, devices=jax.devices()[:n])

# ---- Pallas: a ring all-gather over axis "x" of N devices (remote DMAs, DMA semaphores) ----
def ring_allgather(n):
  kernel = ring_allgather_kernel(n, R, barrier=True)
  def call(x, interpret=False):
    any_ = pl.BlockSpec(memory_space=pl.ANY)
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((n * R, C), jnp.float32), in_specs=[any_],
                          out_specs=any_, scratch_shapes=[pltpu.SemaphoreType.DMA] * 3,
                          compiler_params=pltpu.CompilerParams(collective_id=0),
                          interpret=pltpu.InterpretParams() if interpret else False)(x)
  return call

# ---- the cases: (mesh shape, axis names, shard_map body(interpret), in_specs, out_specs,
#      input shapes, reference on the global arrays, has a kernel) ----
def right_permute(n):
  body = lambda interp: (lambda x: jax.lax.ppermute(x, "x", [(i, (i + 1) % n) for i in range(n)]))
  ref = lambda x: jnp.roll(x, R, axis=0)  # device d gets device d-1's rows
  return ((n,), ("x",), body, (P("x"),), P("x"), [(n * R, C)], ref, False)

def psum(n):
  body = lambda interp: (lambda x: jax.lax.psum(x * 2.0, "x") + 1.0)
  ref = lambda x: jnp.tile(jnp.sum(x.reshape(n, R, C) * 2.0, axis=0) + 1.0, (n, 1))
  return ((n,), ("x",), body, (P("x"),), P("x"), [(n * R, C)], ref, False)

def reduce_scatter(n):
  # every device holds a (n*R, C) block (the global array is n of them); each gets its slice of the sum
  body = lambda interp: (lambda x: jax.lax.psum_scatter(x, "x", scatter_dimension=0, tiled=True))
  ref = lambda x: jnp.sum(x.reshape(n, n * R, C), axis=0)
  return ((n,), ("x",), body, (P("x"),), P("x"), [(n * n * R, C)], ref, False)

def all_to_all(n):
  body = lambda interp: (lambda x: jax.lax.all_to_all(x, "x", 0, 1, tiled=True))
  def ref(x):  # device d's block (R, C): row part q goes to device q, placed at column block d
    blocks = x.reshape(n, n, R // n, C)  # [device, part, rows, cols]
    return jnp.concatenate([jnp.concatenate([blocks[d, q] for d in range(n)], axis=1) for q in range(n)], axis=0)
  return ((n,), ("x",), body, (P("x"),), P("x"), [(n * R, C)], ref, False)

def mesh_2d():
  # a 2x4 mesh: psum over "y" (replica groups of 4), all_gather over "x" (groups of 2)
  body = lambda interp: (lambda x: jax.lax.all_gather(jax.lax.psum(x, "y"), "x", axis=0, tiled=True))
  def ref(x):  # x sharded (x rows, y cols): shards (R, C/4)
    s = x.reshape(2, R, 4, C // 4).sum(axis=2)  # [x, rows, cols]: the sum over y of each row block
    full = s.reshape(2 * R, C // 4)  # gathered over x: every device has it
    return jnp.tile(full, (2, 4))
  return ((2, 4), ("x", "y"), body, (P("x", "y"),), P("x", "y"), [(2 * R, C)], ref, False)

def ring_loop(n):
  # a ring all-reduce in jnp: n-1 trips of a fori_loop, each passing a block to the right
  # (a collective_permute inside a stablehlo.while) and adding what arrives
  def body(interp):
    def f(x):
      def step(i, carry):
        acc, blk = carry
        blk = jax.lax.ppermute(blk, "x", [(j, (j + 1) % n) for j in range(n)])
        return acc + blk, blk
      return jax.lax.fori_loop(0, n - 1, step, (x, x))[0]
    return f
  ref = lambda x: jnp.tile(jnp.sum(x.reshape(n, R, C), axis=0), (n, 1))
  return ((n,), ("x",), body, (P("x"),), P("x"), [(n * R, C)], ref, False)

def cond_psum(n):
  # lax.cond on a value every device agrees on (a psum), with a psum in the branch taken
  def body(interp):
    def f(x):
      total = jax.lax.psum(jnp.sum(x), "x")
      return jax.lax.cond(total < 0, lambda v: jax.lax.psum(v, "x"), lambda v: -v, x)
    return f
  def ref(x):
    return jnp.where(jnp.sum(x) < 0, jnp.tile(jnp.sum(x.reshape(n, R, C), axis=0), (n, 1)), -x)
  return ((n,), ("x",), body, (P("x"),), P("x"), [(n * R, C)], ref, False)

def ring_kernel(n):
  # the graph around the kernel: scale, ring all-gather (Pallas), then a psum of the gathered
  # array's row sums and a right permute of the result
  def body(interp):
    k = ring_allgather(n)
    def f(x):
      g = k(x * 0.5, interpret=interp)
      s = jax.lax.psum(g, "x")
      return jax.lax.ppermute(s + g, "x", [(i, (i + 1) % n) for i in range(n)])
    return f
  def ref(x):
    g = x * 0.5  # every device's gathered array: the whole scaled input
    return jnp.tile(g * n + g, (n, 1))
  return ((n,), ("x",), body, (P("x"),), P("x"), [(n * R, C)], ref, True)

CASES = {
  "right_permute_4": functools.partial(right_permute, 4),
  "right_permute_8": functools.partial(right_permute, 8),
  "psum_4": functools.partial(psum, 4),
  "psum_8": functools.partial(psum, 8),
  "reduce_scatter_4": functools.partial(reduce_scatter, 4),
  "reduce_scatter_8": functools.partial(reduce_scatter, 8),
  "all_to_all_4": functools.partial(all_to_all, 4),
  "mesh_2x4": mesh_2d,
  "ring_loop_8": functools.partial(ring_loop, 8),
  "cond_psum_4": functools.partial(cond_psum, 4),
  "ring_allgather_4": functools.partial(ring_kernel, 4),
  "ring_allgather_8": functools.partial(ring_kernel, 8),
}

def export(name, out):
  shape, names, body, in_specs, out_specs, in_shapes, ref, has_kernel = CASES[name]()
  mesh = mesh_of(shape, names)
  rng = np.random.default_rng(zlib.crc32(name.encode()))
  ins = [rng.integers(-8, 8, size=s).astype(np.float32) for s in in_shapes]  # small integers: sums are exact
  want = [np.asarray(ref(*[jnp.asarray(a) for a in ins]))]
  def sm(interp):
    return jax.jit(jax.shard_map(body(interp), mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=False))
  if not has_kernel:  # the shard_map program itself on XLA:CPU's devices agrees with the reference
    got = sm(False)(*[jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip(ins, in_specs)])
    np.testing.assert_array_equal(np.asarray(got), want[0], err_msg=name)
  args = [jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=NamedSharding(mesh, s)) for a, s in zip(ins, in_specs)]
  d = os.path.join(out, name)
  os.makedirs(d, exist_ok=True)
  # (file, newest Mosaic IR version, Shardy): module_gspmd.mlir is the form before Shardy
  # (@Sharding, @SPMDFullToShardShape, @SPMDShardToFullShape around a call of the body)
  versions = [("module.mlir", False, True), ("module_gspmd.mlir", False, False)]
  if has_kernel: versions.append(("module_v15.mlir", True, True))
  saved = tpu_custom_call.get_ir_version
  for fname, latest, shardy in versions:
    jax.clear_caches()
    if latest: tpu_custom_call.get_ir_version = lambda ctx: None
    jax.config.update("jax_use_shardy_partitioner", shardy)
    try:
      text = jax.export.export(sm(False), platforms=["tpu"])(*args).mlir_module()
    finally:
      tpu_custom_call.get_ir_version = saved
      jax.config.update("jax_use_shardy_partitioner", True)
    with open(os.path.join(d, fname), "w") as f: f.write(text)
  for i, a in enumerate(ins): np.save(os.path.join(d, f"in_{i}.npy"), a)
  for i, a in enumerate(want): np.save(os.path.join(d, f"expected_{i}.npy"), a)
  print(name, "ok", [v[0] for v in versions])

if __name__ == "__main__":
  ap = argparse.ArgumentParser()
  ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "..", "tests", "shard_map"))
  ap.add_argument("names", nargs="*")
  a = ap.parse_args()
  for n in a.names or CASES: export(n, a.out)
