"""Kernels under jax.shard_map over CPU devices, run through tessera with the devices talking to
each other (src/ffi/rendezvous.c); run by test_shard_map.py in a process of its own, since the
device count (--xla_force_host_platform_device_count) is fixed when JAX starts.

    python shard_map_cases.py CASE DEVICES [DMA_ORDER]

exits 0 when the case's outputs match jnp (or its error is the one expected). The kernels
(tools/jax/multichip_kernels.py): a ring all-gather (remote copies between ANY refs) and a
right permute into a VMEM scratch buffer; a right permute straight into the neighbour's VMEM
output block, with XLA's device barrier and without it (skip_device_barrier); and a ring
all-reduce written as the Pallas distributed tutorial teaches, with and without its handshake
semaphore."""
from __future__ import annotations

import os
import sys

CASE, N = sys.argv[1], int(sys.argv[2])
ORDER = sys.argv[3] if len(sys.argv) > 3 else "eager"
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={N}"

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.experimental import pallas as pl  # noqa: E402
from jax.experimental.pallas import tpu as pltpu  # noqa: E402
from jax.sharding import NamedSharding, PartitionSpec as P  # noqa: E402

import tessera  # noqa: E402
import tessera.jax as tj  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "tools", "jax"))
from multichip_kernels import permute_add_kernel, ring_allgather_kernel  # noqa: E402

jax.config.update("jax_platforms", "cpu")
R, C = 8, 128
mesh = jax.make_mesh((N,), ("x",))


ANY = pl.BlockSpec(memory_space=pl.ANY)
VM = pl.BlockSpec(memory_space=pltpu.VMEM)
DMA = pltpu.SemaphoreType.DMA


def ring_allgather(x):
    return pl.pallas_call(ring_allgather_kernel(N, R), out_shape=jax.ShapeDtypeStruct((N * R, C), jnp.float32),
                          in_specs=[ANY], out_specs=ANY, scratch_shapes=[DMA, DMA, DMA])(x)


def permute_add(x):
    return pl.pallas_call(permute_add_kernel(N), out_shape=jax.ShapeDtypeStruct((R, C), jnp.float32),
                          in_specs=[VM], out_specs=VM,
                          scratch_shapes=[pltpu.VMEM((R, C), jnp.float32), DMA, DMA])(x)


def permute_out_kernel(x_ref, o_ref, send_sem, recv_sem):
    """x goes straight into the right neighbour's VMEM output block; no barrier of its own."""
    right = jax.lax.rem(jax.lax.axis_index("x") + 1, N)
    copy = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
                                        device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def permute_out(skip_device_barrier: bool):
    params = pltpu.CompilerParams(skip_device_barrier=skip_device_barrier)
    return lambda x: pl.pallas_call(permute_out_kernel, out_shape=jax.ShapeDtypeStruct((R, C), jnp.float32),
                                    in_specs=[VM], out_specs=VM, scratch_shapes=[DMA, DMA],
                                    compiler_params=params)(x)


def allreduce_kernel(handshake: bool):
    """A ring all-reduce written as the Pallas TPU distributed tutorial teaches (not tessera's
    code): a barrier with both neighbours, then N - 1 rounds, each sending the block received
    last round to the right into the other of two slots and adding what arrives from the left.
    A REGULAR semaphore signalled by the right neighbour once its slot is free (the handshake)
    keeps a round's copy from landing in a slot still being read; without it the kernel races."""
    mesh_ids = pl.DeviceIdType.MESH

    def kernel(x_ref, o_ref, buf, send_sem, recv_sem, free_sem):
        me = jax.lax.axis_index("x")
        right, left = jax.lax.rem(me + 1, N), jax.lax.rem(me + N - 1, N)
        barrier = pltpu.get_barrier_semaphore()
        pl.semaphore_signal(barrier, 1, device_id=(left,), device_id_type=mesh_ids)
        pl.semaphore_signal(barrier, 1, device_id=(right,), device_id_type=mesh_ids)
        pl.semaphore_wait(barrier, 2)
        buf[0] = x_ref[...]
        o_ref[...] = x_ref[...]

        def round_(k, carry):
            s = jax.lax.rem(k, 2)
            if handshake:
                @pl.when(k > 0)
                def _():
                    pl.semaphore_wait(free_sem, 1)
            copy = pltpu.make_async_remote_copy(src_ref=buf.at[s], dst_ref=buf.at[1 - s], send_sem=send_sem,
                                                recv_sem=recv_sem, device_id=(right,), device_id_type=mesh_ids)
            copy.start()
            copy.wait_send()
            copy.wait_recv()
            o_ref[...] += buf[1 - s]
            if handshake:
                @pl.when(k < N - 2)
                def _():
                    pl.semaphore_signal(free_sem, 1, device_id=(left,), device_id_type=mesh_ids)
            return carry
        jax.lax.fori_loop(0, N - 1, round_, 0)
    return kernel


def allreduce(handshake: bool):
    return lambda x: pl.pallas_call(
        allreduce_kernel(handshake), out_shape=jax.ShapeDtypeStruct((R, C), jnp.float32), in_specs=[VM],
        out_specs=VM, scratch_shapes=[pltpu.VMEM((2, R, C), jnp.float32), DMA, DMA, pltpu.SemaphoreType.REGULAR],
        compiler_params=pltpu.CompilerParams(collective_id=0))(x)


def only_device_0(x):
    """The permute, reached by device 0 alone: its call waits for the others' in vain."""
    return jax.lax.cond(jax.lax.axis_index("x") == 0, permute_add, lambda v: v, x)


def tpu_info_kernel(x_ref, o_ref):
    """Asks Pallas's TPU questions while the kernel is traced under shard_map."""
    info = pltpu.get_tpu_info()
    o_ref[...] = x_ref[...] + float(10 * info.generation + info.num_cores)


def tpu_info_call(x):
    return pl.pallas_call(tpu_info_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


def per_core_rows(x):
    """pl.core_map over pltpu.create_tensorcore_mesh() under shard_map: core c of each device
    copies its share of the device's rows, adds 100 * (c + 1) and writes them back."""
    mesh = pltpu.create_tensorcore_mesh("core")
    cores = mesh.shape["core"]
    rows = R // cores
    src = jax.new_ref(x)
    out = jax.empty_ref(jax.ShapeDtypeStruct(x.shape, x.dtype))

    @pl.core_map(mesh)
    def _():
        c = jax.lax.axis_index("core")

        def body(v):
            pltpu.sync_copy(src.at[pl.ds(c * rows, rows)], v)
            v[...] = v[...] + (100.0 * (c + 1)).astype(jnp.float32)
            pltpu.sync_copy(v, out.at[pl.ds(c * rows, rows)])
        pl.run_scoped(body, pltpu.VMEM((rows, C), jnp.float32))
    return jax.freeze(out)


def sharded(f):
    return jax.jit(jax.shard_map(f, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))


def main() -> int:
    assert len(jax.devices()) == N, jax.devices()
    x_np = np.arange(N * R * C, dtype=np.float32).reshape(N * R, C) * 0.5 - 7.0
    x = jax.device_put(jnp.asarray(x_np), NamedSharding(mesh, P("x")))
    if CASE == "ring_allgather":
        with tj.enabled(dma_order=ORDER, seed=3):
            got = np.asarray(sharded(ring_allgather)(x))
        # every device ends with the whole array: the global output stacks N copies
        np.testing.assert_array_equal(got, np.asarray(jnp.tile(jnp.asarray(x_np), (N, 1))))
    elif CASE == "permute_add":
        with tj.enabled(dma_order=ORDER, seed=3):
            got = np.asarray(sharded(permute_add)(x))
        # device d holds device d-1's shard + 1
        want = jnp.roll(jnp.asarray(x_np).reshape(N, R, C), 1, axis=0).reshape(N * R, C) + 1.0
        np.testing.assert_array_equal(got, np.asarray(want))
    elif CASE == "permute_out":
        # XLA's device barrier orders every device's start before the copies: clean, and
        # device d holds device d-1's shard
        with tj.enabled(dma_order=ORDER, seed=3):
            got = np.asarray(sharded(permute_out(False))(x))
        want = jnp.roll(jnp.asarray(x_np).reshape(N, R, C), 1, axis=0).reshape(N * R, C)
        np.testing.assert_array_equal(got, np.asarray(want))
    elif CASE == "permute_out_skip":
        # without the device barrier each copy may land before its target has entered the
        # kernel: a finding per device, naming the copy, the target and the fix
        try:
            with tj.enabled(dma_order=ORDER, seed=3):
                np.asarray(sharded(permute_out(True))(x))
        except tessera.KernelError as e:
            msg = str(e)
            # the message holds as many of the N findings as fit: each names one device's copy
            assert e.status == "TSR_ERR_RACE" and msg.splitlines()[0].endswith(f"{N} findings:"), msg
            for d, f in enumerate(e.findings):
                t = (d + 1) % N
                assert f.startswith(f"race on device {t} core 0: the remote copy DMA #2 from device {d} core 0 (into "
                                    f"vmem f32[8,128] of device {t} core 0, started at step 0) may land before device "
                                    f"{t} core 0 has entered the kernel"), msg
                assert "its VMEM is not yet the kernel's" in f and "on the barrier semaphore" in f, msg
            assert "kernel store" not in msg, msg  # the kernel stores nothing: tessera's own accesses are not named
        else:
            raise AssertionError("the permute without the device barrier ran clean")
    elif CASE == "allreduce":
        with tj.enabled(dma_order=ORDER, seed=3):
            got = np.asarray(sharded(allreduce(True))(x))
        # every device ends with the sum of all shards (f32 sums of N exact halves: exact)
        want = np.tile(x_np.reshape(N, R, C).sum(axis=0), (N, 1))
        np.testing.assert_array_equal(got, want)
    elif CASE == "allreduce_racy":
        try:
            with tj.enabled(dma_order=ORDER, seed=3):
                np.asarray(sharded(allreduce(False))(x))
        except tessera.KernelError as e:
            # a round's copy lands in the slot its receiver still reads or writes
            assert e.status == "TSR_ERR_RACE" and "remote copy" in str(e), str(e)
        else:
            raise AssertionError("the all-reduce without its handshake ran clean")
    elif CASE == "timing":
        # the timing model with the devices' ICI, on a chip whose other costs are zero: each of
        # the ring's N - 1 rounds sends one f32[8,128] block (4096 bytes) one hop, 1 us of hop
        # latency + 4096 B / 4.096 GB/s (tests/cli/ici.sh works the same case out)
        import json
        import tempfile
        chip = {"base": "v5e", "step_overhead_s": 0, "dma_issue_s": 0, "dma_latency_s": 0, "hbm_bytes_per_s": 1e30,
                "clock_hz": 1e30, "vpu_ops_per_s": 1e30, "vmem_bytes_per_s": 1e30, "transcendental_per_s": 1e30,
                "ici_latency_s": 1e-6, "ici_link_bytes_per_s": 4096e6}
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(chip, f)
        try:
            with tj.enabled(), tj.timing(chip=f.name) as t:
                got = np.asarray(sharded(ring_allgather)(x))
        finally:
            os.unlink(f.name)
        np.testing.assert_array_equal(got, np.asarray(jnp.tile(jnp.asarray(x_np), (N, 1))))
        assert t.calls == 1 and len(t.kernels) == 1, (t.calls, t.kernels)
        assert abs(t.simulated_seconds - (N - 1) * 2e-6) <= 1e-12, t.simulated_seconds
        assert t.kernels[0]["verdict"] == "ICI-bound" and t.kernels[0]["cores"] == N, t.kernels
        # per device: N - 1 blocks sent and received, every one of its ring steps waited for
        assert len(t.devices) == N, t.devices
        for d in t.devices:
            assert d["copies_sent"] == N - 1 and d["bytes_sent"] == d["bytes_received"] == (N - 1) * 4096, d
            assert abs(d["seconds"] - (N - 1) * 2e-6) <= 1e-12, d
    elif CASE == "tpu_info":
        # Pallas's TPU questions asked under shard_map (its abstract mesh names CPU devices) get
        # the chip's answers: TPU generation and TensorCores per chip (v5e: 5 and 1, v5p: 5 and
        # 2, v6e: 6 and 1), and create_tensorcore_mesh() the chip's cores
        for chip, gen, cores in (("v5e", 5, 1), ("v5p", 5, 2), ("v6e", 6, 1)):
            with tj.enabled(chip=chip):
                got = np.asarray(sharded(tpu_info_call)(x))
                np.testing.assert_array_equal(got, x_np + (10 * gen + cores), err_msg=chip)
                got = np.asarray(sharded(per_core_rows)(x))
            rows = np.arange(N * R) % R
            want = x_np + (100.0 * (rows // (R // cores) + 1))[:, None]
            np.testing.assert_array_equal(got, want.astype(np.float32), err_msg=chip)
    elif CASE == "timeout":
        try:
            with tj.enabled(timeout=1.0):
                np.asarray(sharded(only_device_0)(x))
        except tessera.KernelError as e:
            msg = str(e)
            missing = ", ".join(str(d) for d in range(1, N))
            assert "waited 1000 ms for every device's call and got only 1: devices 0; not " + missing in msg, msg
        else:
            raise AssertionError("a kernel that only device 0 calls ran")
    else:
        raise SystemExit(f"unknown case {CASE}")
    print("ok", CASE, N, ORDER)
    return 0


if __name__ == "__main__":
    sys.exit(main())
