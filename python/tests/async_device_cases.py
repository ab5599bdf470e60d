"""Kernels under jax.shard_map over CPU devices whose devices reach each other across the
edges of a kernel call or of a run_scoped scope; run by test_async_devices.py in a process of
its own (the CPU device count is fixed when JAX starts).

    python async_device_cases.py CASE DEVICES DMA_ORDER CHECK

exits 0 when the case's outputs match numpy (or its error is the one expected).

- remote_permute: a right permute split into three calls, as JAX's design note on Pallas
  async operations does: the first starts a remote copy into the right neighbour's output
  and returns both semaphores, XLA computes meanwhile, the next two wait for the send and
  the receive; twice around the ring.
- scoped_early: each even device copies x into its right neighbour's run_scoped buffer and
  signals its run_scoped semaphore, then lets the neighbour go; the odd device waits for that
  before it opens the scope, so the copy and the signal land before their owner allocates
  what they land in (on a TPU scoped allocations sit at static addresses).
- scoped_late: the odd device opens and closes its scope first; the even one's signal to its
  scoped semaphore comes after: a signal nobody waits for, an error.
- permute_into_output: a right permute into the neighbour's VMEM output block, with a
  handshake through run_scoped semaphores (JAX's distributed tests' pattern): the neighbour's
  body never touches that block, so nothing races with the copy."""
from __future__ import annotations

import os
import sys

CASE, N, ORDER, CHECK = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "check"
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={N}"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.experimental import pallas as pl  # noqa: E402
from jax.experimental.pallas import tpu as pltpu  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import tessera  # noqa: E402
import tessera.jax as tj  # noqa: E402

jax.config.update("jax_platforms", "cpu")
R, C = 8, 128
mesh = jax.make_mesh((N,), ("x",))
ANY = pl.BlockSpec(memory_space=pl.ANY)
VM = pl.BlockSpec(memory_space=pltpu.VMEM)
SEM = pl.BlockSpec(memory_space=pltpu.SEMAPHORE)
MESH_IDS = pl.DeviceIdType.MESH


def neighbours():
    me = jax.lax.axis_index("x")
    return me, jax.lax.rem(me + 1, N), jax.lax.rem(me + N - 1, N)


def permute_start(x):
    def kernel(x_ref, x_alias, o_ref, send_sem, recv_sem):
        del x_alias
        _, right, left = neighbours()
        barrier = pltpu.get_barrier_semaphore()  # the left neighbour's output is there
        pl.semaphore_signal(barrier, 1, device_id=(left,), device_id_type=MESH_IDS)
        pl.semaphore_wait(barrier, 1)
        pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(right,),
                                     device_id_type=MESH_IDS).start()

    x, out, send_sem, recv_sem = pl.pallas_call(
        kernel,
        out_shape=(jax.ShapeDtypeStruct.like(x), jax.ShapeDtypeStruct.like(x), pltpu.SemaphoreType.DMA(()),
                   pltpu.SemaphoreType.DMA(())),
        in_specs=[ANY], out_specs=(ANY, ANY, SEM, SEM), input_output_aliases={0: 0},
        compiler_params=pltpu.CompilerParams(collective_id=0, has_side_effects=True))(x)
    return x, out, send_sem, recv_sem


def permute_send_done(x, send_sem):
    def kernel(x_ref, sem, x_alias):
        del x_alias
        pltpu.make_async_copy(x_ref, x_ref, sem).wait()

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct.like(x), in_specs=[ANY, SEM], out_specs=ANY,
                          input_output_aliases={0: 0})(x, send_sem)


def permute_recv_done(x, out, recv_sem):
    def kernel(x_ref, o_in, sem, o_ref):
        del o_in
        pltpu.make_async_copy(x_ref, o_ref, sem).wait()

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct.like(x), in_specs=[ANY, ANY, SEM],
                          out_specs=ANY, input_output_aliases={1: 0})(x, out, recv_sem)


def remote_permute(x):
    extra = jnp.zeros_like(x)
    for _ in range(2):
        x, out, send_sem, recv_sem = permute_start(x)
        extra = extra + jnp.cos(x)  # XLA's work while the copy is in flight
        x = permute_send_done(x, send_sem)
        x = permute_recv_done(x, out, recv_sem)
    return x, extra


def scoped_kernel(late: bool):
    def kernel(x_ref, o_ref, go):
        me, right, left = neighbours()
        sender = me % 2 == 0
        if not late:
            @pl.when(jnp.logical_not(sender))
            def _():
                pl.semaphore_wait(go, 1)  # before the scope: the sender's copy lands first

        def scope(buf, send_sem, recv_sem, done):
            def copy():
                return pltpu.make_async_remote_copy(x_ref, buf, send_sem, recv_sem, device_id=(right,),
                                                    device_id_type=MESH_IDS)

            @pl.when(sender)
            def _():
                if late:
                    pl.semaphore_wait(go, 1)  # after the receiver left its scope
                else:
                    c = copy()
                    c.start()
                    c.wait_send()
                pl.semaphore_signal(done, 1, device_id=(right,), device_id_type=MESH_IDS)
                if not late:
                    pl.semaphore_signal(go, 1, device_id=(right,), device_id_type=MESH_IDS)
                o_ref[...] = x_ref[...]

            if not late:
                @pl.when(jnp.logical_not(sender))
                def _():
                    copy().wait_recv()
                    pl.semaphore_wait(done, 1)
                    o_ref[...] = buf[...] + 1.0

        pl.run_scoped(scope, pltpu.VMEM((R, C), jnp.float32), pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA,
                      pltpu.SemaphoreType.REGULAR)
        if late:
            @pl.when(jnp.logical_not(sender))
            def _():
                pl.semaphore_signal(go, 1, device_id=(left,), device_id_type=MESH_IDS)
                o_ref[...] = x_ref[...]

    return lambda x: pl.pallas_call(
        kernel, out_shape=jax.ShapeDtypeStruct((R, C), jnp.float32), in_specs=[VM], out_specs=VM,
        scratch_shapes=[pltpu.SemaphoreType.REGULAR])(x)


def permute_into_output(x):
    def kernel(x_ref, y_ref):
        def scope(ready_sem, send_sem, recv_sem):
            _, right, left = neighbours()
            pl.semaphore_signal(ready_sem, 1, device_id=(left,), device_id_type=MESH_IDS)  # my y is there
            pl.semaphore_wait(ready_sem, 1)
            copy = pltpu.make_async_remote_copy(x_ref, y_ref, send_sem, recv_sem, device_id=(right,),
                                                device_id_type=MESH_IDS)
            copy.start()
            copy.wait_send()
            copy.wait_recv()

        pl.run_scoped(scope, pltpu.SemaphoreType.REGULAR, pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA)

    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((R, C), jnp.float32), in_specs=[VM],
                          out_specs=VM)(x)


def sharded(f, outs=1):
    spec = P("x") if outs == 1 else (P("x"),) * outs
    return jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("x"), out_specs=spec, check_vma=False))


def main() -> int:
    assert len(jax.devices()) == N, jax.devices()
    x_np = np.arange(N * R * C, dtype=np.float32).reshape(N * R, C) * 0.5 - 7.0
    x = jax.device_put(jnp.asarray(x_np), NamedSharding(mesh, P("x")))
    shards = x_np.reshape(N, R, C)
    options = dict(dma_order=ORDER, check=CHECK, seed=3, timeout=30.0)
    if CASE == "remote_permute":
        with tj.enabled(**options):
            got, extra = (np.asarray(v) for v in sharded(remote_permute, 2)(x))
        # twice around: device d holds device d-2's shard
        np.testing.assert_array_equal(got, np.roll(shards, 2, axis=0).reshape(N * R, C))
        want = np.cos(x_np) + np.cos(np.roll(shards, 1, axis=0).reshape(N * R, C))
        np.testing.assert_allclose(extra, want, rtol=1e-6, atol=1e-6)
    elif CASE == "scoped_early":
        with tj.enabled(**options):
            got = np.asarray(sharded(scoped_kernel(False))(x))
        # even devices keep their shard; odd ones hold their left neighbour's + 1
        want = np.stack([shards[d] if d % 2 == 0 else shards[d - 1] + 1.0 for d in range(N)]).reshape(N * R, C)
        np.testing.assert_array_equal(got, want)
    elif CASE == "permute_into_output":
        with tj.enabled(**options):
            got = np.asarray(sharded(permute_into_output)(x))
        np.testing.assert_array_equal(got, np.roll(shards, 1, axis=0).reshape(N * R, C))
    elif CASE == "scoped_late":
        try:
            with tj.enabled(**options):
                np.asarray(sharded(scoped_kernel(True))(x))
        except tessera.KernelError as e:
            msg = str(e)
            assert "a scoped semaphore (semaphore allocation" in msg and "holds 1 at the end of the kernel" in msg, msg
        else:
            raise AssertionError("a signal into a scope its owner had left ran clean")
    else:
        raise SystemExit(f"unknown case {CASE}")
    print("ok", CASE, N, ORDER, CHECK)
    return 0


if __name__ == "__main__":
    sys.exit(main())
