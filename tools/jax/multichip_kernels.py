"""Many-chip Pallas TPU kernels for a mesh of n devices on one axis "x", as functions of the
mesh size and the shard's rows: the one copy of the ring all-gather and the right permute that
every user shares -- tools/jax/multichip.py (exports tests/mosaic/mc_*.mlir at n = 4, rows = 8),
tools/jax/shard_map_suite.py (tests/shard_map), the Python package's shard_map tests
(python/tests/shard_map_cases.py) and bench/jax/shard_map_ring.py."""
from __future__ import annotations

import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _right(n: int):
    return jax.lax.rem(jax.lax.axis_index("x") + 1, n)


def _to_right(dst_ref, send_sem, recv_sem, n: int, src_ref=None):
    """A remote copy into dst_ref on the right neighbour (from src_ref, else the same ref here)."""
    return pltpu.make_async_remote_copy(src_ref=dst_ref if src_ref is None else src_ref, dst_ref=dst_ref,
                                        send_sem=send_sem, recv_sem=recv_sem,
                                        device_id=(_right(n),), device_id_type=pl.DeviceIdType.MESH)


def ring_allgather_kernel(n: int, rows: int, barrier: bool = False):
    """Every device copies its shard into its rows of an ANY output, then n - 1 times sends
    the block it got last to its right neighbour (a remote copy) and waits for the block from
    its left: every device ends with the whole array. barrier: first meet both neighbours on
    the barrier semaphore (needs collective_id), so that no neighbour writes into this
    device's output before the kernel has started there."""
    def ring_allgather_kernel(x_ref, o_ref, copy_sem, send_sem, recv_sem):
        me = jax.lax.axis_index("x")
        if barrier:
            sem = pltpu.get_barrier_semaphore()
            for peer in (jax.lax.rem(me - 1 + n, n), jax.lax.rem(me + 1, n)):
                pltpu.semaphore_signal(sem, 1, device_id=(peer,), device_id_type=pl.DeviceIdType.MESH)
            pltpu.semaphore_wait(sem, 2)
        cp = pltpu.make_async_copy(x_ref, o_ref.at[pl.ds(me * rows, rows)], copy_sem)
        cp.start()
        cp.wait()
        for k in range(n - 1):
            rc = _to_right(o_ref.at[pl.ds(jax.lax.rem(me - k + n, n) * rows, rows)], send_sem, recv_sem, n)
            rc.start()
            rc.wait_send()
            incoming = o_ref.at[pl.ds(jax.lax.rem(me - k - 1 + n, n) * rows, rows)]
            _to_right(incoming, send_sem, recv_sem, n).wait_recv()
    return ring_allgather_kernel


def permute_add_kernel(n: int, racy: bool = False):
    """x (VMEM) goes to the right neighbour's scratch buffer; each device adds 1 to what it
    received. racy: reads the received buffer before waiting for it (a checker's finding)."""
    def permute_add_kernel(x_ref, o_ref, buf, send_sem, recv_sem):
        rc = _to_right(buf, send_sem, recv_sem, n, src_ref=x_ref)
        rc.start()
        if racy:
            o_ref[...] = buf[...] + 1.0
            rc.wait()
        else:
            rc.wait()
            o_ref[...] = buf[...] + 1.0
    return permute_add_kernel
