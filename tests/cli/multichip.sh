#!/usr/bin/env bash
# tessera run --devices / --mesh on bare Mosaic kernels of several devices: global arrays split
# along the first dimension, one shard per device; outputs checked against plain Python
# references (tests/cli/npy_write.py); the contract for bad values; the demo's ring.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
dir=$(mktemp -d)
M=tests/mosaic
python3 - "$dir" <<'PY'
import sys
sys.path.insert(0, "tests/cli")
from npy_write import npy
d = sys.argv[1]
N, R, C = 4, 8, 128
x = [float((i * 7) % 23) - 11.0 for i in range(N * R * C)]
npy(f"{d}/x.npy", (N * R, C), x)
npy(f"{d}/x8.npy", (R, C), x[:R * C])
shard = R * C
# ring all-gather: every device holds the whole input; the global output stacks 4 copies
npy(f"{d}/gather.npy", (N * N * R, C), x * N)
# right permute + 1: device d holds device d-1's shard + 1
npy(f"{d}/permute.npy", (N * R, C), [v + 1.0 for d_ in range(N) for v in x[((d_ - 1) % N) * shard:((d_ - 1) % N + 1) * shard]])
# the barrier kernel: x + device id
npy(f"{d}/barrier.npy", (N * R, C), [x[i] + float(i // shard) for i in range(N * R * C)])
PY
exact="--rtol 0 --atol 0"
expect 0 "$T" run --devices 4 --check $M/mc_ring_allgather.mlir "$dir/x.npy" --expect "$dir/gather.npy" $exact
expect 0 "$T" run --mesh 2x2 --dma-order on-wait $M/mc_permute_add.mlir "$dir/x.npy" --expect "$dir/permute.npy" $exact
expect 0 "$T" run --devices 4 --dma-order random --seed 3 $M/mc_barrier.mlir "$dir/x.npy" --expect "$dir/barrier.npy" $exact
expect_out "output 0: f32\[128,128\]" "$T" run --devices 4 $M/mc_ring_allgather.mlir -o "$dir/o"
# findings and failures: exit 1 with what and where
if [ -z "${TSAN_OPTIONS:-}" ]; then # the racy kernel races in host memory too: not under ThreadSanitizer
  expect 1 "$T" run --devices 4 $M/mc_permute_add_racy.mlir "$dir/x.npy"
  # which of the two reports device 0 gets depends on whether its load or device 3's copy
  # came first: both name the race on device 0
  expect_out "race on device 0 core 0: " "$T" run --devices 4 $M/mc_permute_add_racy.mlir "$dir/x.npy"
fi
expect 1 "$T" run --devices 4 $M/mc_signal_wrong_device.mlir "$dir/x.npy"
expect_out "device 0 core 0 holds 3 (last signalled by device" "$T" run --devices 4 $M/mc_signal_wrong_device.mlir "$dir/x.npy"
expect_out "remote copy to device 1: the machine has 1 device(s)" "$T" run $M/mc_permute_add.mlir "$dir/x8.npy"
expect_out "does not split into 3 equal shards" "$T" run --devices 3 $M/mc_permute_add.mlir "$dir/x.npy"
# bad usage: exit 2
expect 2 "$T" run --devices 0 $M/mc_signal.mlir
expect 2 "$T" run --devices 33 $M/mc_signal.mlir
expect 2 "$T" run --mesh 2x $M/mc_signal.mlir
expect 2 "$T" run --mesh x2 $M/mc_signal.mlir
expect 2 "$T" run --mesh 2xx2 $M/mc_signal.mlir
expect 2 "$T" run --mesh 2x2x2x2x2 $M/mc_signal.mlir
expect 2 "$T" run --mesh 8x8 $M/mc_signal.mlir
expect 2 "$T" run --devices 3 --mesh 2x2 $M/mc_signal.mlir
expect_out "module.mlir runs on 1 device (mhlo.num_partitions, sdy.mesh); --devices or --mesh says 2" "$T" run --devices 2 tests/jax_suite/elementwise/v_new/module.mlir
expect 2 "$T" run --devices 2 tests/jax_suite/elementwise/v_new/module.mlir
expect 2 "$T" demo --devices 1 ring
# the demo: the plan per device and the result
expect_out "device 7: copy x -> out\[7\]; send out\[7\] -> device 0 out\[7\]" "$T" demo --devices 8 ring
expect_out "ring      PASS" "$T" demo --check ring
rm -rf "$dir"
echo "multichip: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
