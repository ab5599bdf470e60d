"""Exports tessera's many-chip test kernels (tests/mosaic/mc_*.mlir) from Pallas under
jax.shard_map over 4 CPU devices (jax 0.10.2, platforms=["tpu"]).

  tools/jax/.venv/bin/python tools/jax/multichip.py OUT_DIR [--latest]

writes OUT_DIR/NAME.mlirbc (the tpu_custom_call body, Mosaic bytecode) and NAME_module.mlir
(the whole StableHLO module, with sdy.mesh and sdy.manual_computation) for each kernel; the
test files are `tessera dis NAME.mlirbc` under a comment saying what the kernel does. The
references are in tests/test_multichip.c (plain C)."""
import functools, os, sys, re, base64
N = 4
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={N}"
import jax, jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P, NamedSharding
from multichip_kernels import permute_add_kernel, ring_allgather_kernel  # the shared copies
mesh = jax.make_mesh((N,), ("x",))
R, C = 8, 128

def right(): return jax.lax.rem(jax.lax.axis_index("x") + 1, N)

def signal_kernel(x_ref, o_ref, sem, wrong=False):
  # each device tells its right neighbour it may go on, and waits to be told
  target = 0 if wrong else right()
  pltpu.semaphore_signal(sem, 1, device_id=(target,), device_id_type=pl.DeviceIdType.MESH)
  pltpu.semaphore_wait(sem, 1)
  o_ref[...] = x_ref[...] * 2.0

def barrier_kernel(x_ref, o_ref):
  me = jax.lax.axis_index("x")
  left = jax.lax.rem(me - 1 + N, N)
  b = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(b, 1, device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
  pltpu.semaphore_signal(b, 1, device_id=(right(),), device_id_type=pl.DeviceIdType.MESH)
  pltpu.semaphore_wait(b, 2)
  o_ref[...] = x_ref[...] + me.astype(jnp.float32)

def late_barrier_kernel(x_ref, o_ref, buf, send_sem, recv_sem):
  # the right permute of permute_add, with the barrier semaphore met after the copy has
  # started: a kernel with a barrier of its own gets no device barrier from XLA, so the copy
  # may land before its target has entered the kernel (a checker's finding)
  rc = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=buf, send_sem=send_sem, recv_sem=recv_sem,
                                    device_id=(right(),), device_id_type=pl.DeviceIdType.MESH)
  rc.start()
  me = jax.lax.axis_index("x")
  b = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(b, 1, device_id=(jax.lax.rem(me - 1 + N, N),), device_id_type=pl.DeviceIdType.MESH)
  pltpu.semaphore_signal(b, 1, device_id=(right(),), device_id_type=pl.DeviceIdType.MESH)
  pltpu.semaphore_wait(b, 2)
  rc.wait()
  o_ref[...] = buf[...] + 1.0

ANY = pl.BlockSpec(memory_space=pl.ANY)
VM = pl.BlockSpec(memory_space=pltpu.VMEM)
def call(kernel, out_rows, in_spec, out_spec, scratch, **cp):
  def f(x):
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((out_rows, C), jnp.float32), in_specs=[in_spec],
                          out_specs=out_spec, scratch_shapes=scratch, compiler_params=pltpu.CompilerParams(**cp))(x)
  return f

DMA = pltpu.SemaphoreType.DMA
kernels = {
  "ring_allgather": (call(ring_allgather_kernel(N, R), N * R, ANY, ANY, [DMA, DMA, DMA]), P(None)),
  "permute_add": (call(permute_add_kernel(N), R, VM, VM, [pltpu.VMEM((R, C), jnp.float32), DMA, DMA]), P("x")),
  "permute_add_racy": (call(permute_add_kernel(N, racy=True), R, VM, VM, [pltpu.VMEM((R, C), jnp.float32), DMA, DMA]), P("x")),
  "signal": (call(signal_kernel, R, VM, VM, [pltpu.SemaphoreType.REGULAR]), P("x")),
  "signal_wrong_device": (call(functools.partial(signal_kernel, wrong=True), R, VM, VM, [pltpu.SemaphoreType.REGULAR]), P("x")),
  "barrier": (call(barrier_kernel, R, VM, VM, [], collective_id=0, has_side_effects=False), P("x")),
  "late_barrier": (call(late_barrier_kernel, R, VM, VM, [pltpu.VMEM((R, C), jnp.float32), DMA, DMA], collective_id=0), P("x")),
}
out = sys.argv[1]
# --latest: the serialization version jaxlib writes by default (15 in jaxlib 0.10.2) instead of
# the forward-compatible one an export on a host without a TPU falls back to (11)
if "--latest" in sys.argv[2:]:
  from jax._src import tpu_custom_call
  tpu_custom_call.get_ir_version = lambda ctx: None
for name, (f, outspec) in kernels.items():
  g = jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))
  arg = jax.ShapeDtypeStruct((N * R, C), jnp.float32, sharding=NamedSharding(mesh, P("x")))
  try:
    exp = jax.export.export(g, platforms=["tpu"])(arg)
  except Exception as e:
    print(name, "FAILED", type(e).__name__, str(e)[:300]); continue
  t = exp.mlir_module()
  m = re.search(r'\\22body\\22: \\22([A-Za-z0-9+/=]+)\\22', t)
  open(f"{out}/{name}.mlirbc", "wb").write(base64.b64decode(m.group(1)))
  open(f"{out}/{name}_module.mlir", "w").write(t)
  print(name, "ok", "has_communication" in t, "collective_id" in t)
