#!/usr/bin/env bash
# tessera inspect --devices N / --mesh: every device's copies and signals, counted against the
# kernels' definitions (tests/mosaic/mc_*.mlir): the ring all-gather copies its shard once and
# sends three 4096-byte blocks to its right neighbour; the signal kernel signals its right
# neighbour once; the wrong-device kernel signals device 0 from everywhere, and its deadlock
# still shows the plan up to the failure.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
M=tests/mosaic
for d in 0 1 2 3; do
  expect_out "^  device $d: local copies 1, remote copies 3 (12288 bytes), signals to other devices 0" \
    "$T" inspect --devices 4 $M/mc_ring_allgather.mlir
  expect_out "^    remote hbm f32\[8,128\] -> device $(( (d + 1) % 4 )) core 0 hbm f32\[8,128\] (4096 bytes)" \
    "$T" inspect --devices 4 $M/mc_ring_allgather.mlir
done
expect_out "^    signal +1 -> device 0 core 0" "$T" inspect --mesh 2x2 $M/mc_signal.mlir
expect_out "^    signal +1 -> device 2 core 0" "$T" inspect --mesh 2x2 $M/mc_signal.mlir
expect 1 "$T" inspect --devices 4 $M/mc_signal_wrong_device.mlir
expect_out "the run failed, what came before" "$T" inspect --devices 4 $M/mc_signal_wrong_device.mlir
# usage: a StableHLO module, a bad count
expect 2 "$T" inspect --devices 2 tests/jax_suite/elementwise/v_new/module.mlir
expect 2 "$T" inspect --devices 0 $M/mc_signal.mlir
echo "inspect_devices: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
