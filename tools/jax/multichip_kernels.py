"""Many-chip Pallas TPU kernels for a mesh of n devices on one axis "x", as functions of the
mesh size and the shard's rows: the ring all-gather and the right permute of
tools/jax/multichip.py (which exports them at n = 4, rows = 8). Used by the Python package's
shard_map tests (python/tests/shard_map_cases.py) and bench/jax/shard_map_ring.py."""
from __future__ import annotations

import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _right(n: int):
    return jax.lax.rem(jax.lax.axis_index("x") + 1, n)


def ring_allgather_kernel(n: int, rows: int):
    """Every device copies its shard into its rows of an ANY output, then n - 1 times sends
    the block it got last to its right neighbour (a remote copy) and waits for the block from
    its left: every device ends with the whole array."""
    def kernel(x_ref, o_ref, copy_sem, send_sem, recv_sem):
        me = jax.lax.axis_index("x")
        cp = pltpu.make_async_copy(x_ref, o_ref.at[pl.ds(me * rows, rows)], copy_sem)
        cp.start()
        cp.wait()
        for k in range(n - 1):
            blk = o_ref.at[pl.ds(jax.lax.rem(me - k + n, n) * rows, rows)]
            rc = pltpu.make_async_remote_copy(src_ref=blk, dst_ref=blk, send_sem=send_sem, recv_sem=recv_sem,
                                              device_id=(_right(n),), device_id_type=pl.DeviceIdType.MESH)
            rc.start()
            rc.wait_send()
            incoming = o_ref.at[pl.ds(jax.lax.rem(me - k - 1 + n, n) * rows, rows)]
            pltpu.make_async_remote_copy(src_ref=incoming, dst_ref=incoming, send_sem=send_sem, recv_sem=recv_sem,
                                         device_id=(_right(n),), device_id_type=pl.DeviceIdType.MESH).wait_recv()
    return kernel


def permute_add_kernel(n: int):
    """x (VMEM) goes to the right neighbour's scratch buffer; each device adds 1 to what it
    received."""
    def kernel(x_ref, o_ref, buf, send_sem, recv_sem):
        rc = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=buf, send_sem=send_sem, recv_sem=recv_sem,
                                          device_id=(_right(n),), device_id_type=pl.DeviceIdType.MESH)
        rc.start()
        rc.wait()
        o_ref[...] = buf[...] + 1.0
    return kernel
