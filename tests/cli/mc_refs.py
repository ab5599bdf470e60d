"""The multi-chip kernels' input and plain-Python references (tests/mosaic/mc_*.mlir on 4
devices, shards of 8x128 f32), written into the directory given: x.npy (the global input),
x8.npy (one shard), gather.npy, permute.npy, barrier.npy, early.npy; and for the permute and barrier
kernels made for 32 devices, x32.npy, permute32.npy, barrier32.npy. Used by
tests/cli/multichip.sh and tests/mpi/mpi.sh."""
import sys

from npy_write import npy

d = sys.argv[1]
N, R, C = 4, 8, 128
x = [float((i * 7) % 23) - 11.0 for i in range(N * R * C)]
npy(f"{d}/x.npy", (N * R, C), x)
npy(f"{d}/x8.npy", (R, C), x[:R * C])
shard = R * C
# ring all-gather: every device holds the whole input; the global output stacks 4 copies
npy(f"{d}/gather.npy", (N * N * R, C), x * N)
# mc_scoped_early: an odd device holds its left neighbour's shard + 1, an even one its own
npy(f"{d}/early.npy", (N * R, C),
    [x[i - shard] + 1.0 if (i // shard) % 2 else x[i] for i in range(N * R * C)])


def permute_barrier(n, x, suffix):
    # right permute + 1: device d holds device d-1's shard + 1
    npy(f"{d}/permute{suffix}.npy", (n * R, C),
        [v + 1.0 for d_ in range(n) for v in x[((d_ - 1) % n) * shard:((d_ - 1) % n + 1) * shard]])
    # the barrier kernel: x + device id
    npy(f"{d}/barrier{suffix}.npy", (n * R, C), [x[i] + float(i // shard) for i in range(n * R * C)])


permute_barrier(N, x, "")
N32 = 32
x32 = [float((i * 7) % 23) - 11.0 for i in range(N32 * R * C)]
npy(f"{d}/x32.npy", (N32 * R, C), x32)
permute_barrier(N32, x32, "32")
