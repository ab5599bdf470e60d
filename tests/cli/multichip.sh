#!/usr/bin/env bash
# tessera run --devices / --mesh on bare Mosaic kernels of several devices: global arrays split
# along the first dimension, one shard per device; outputs checked against plain Python
# references (tests/cli/mc_refs.py); the contract for bad values; the demo's ring.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
dir=$(mktemp -d)
M=tests/mosaic
python3 tests/cli/mc_refs.py "$dir" # the input and plain-Python references
exact="--rtol 0 --atol 0"
expect 0 "$T" run --devices 4 --check $M/mc_ring_allgather.mlir "$dir/x.npy" --expect "$dir/gather.npy" $exact
expect 0 "$T" run --mesh 2x2 --dma-order on-wait $M/mc_permute_add.mlir "$dir/x.npy" --expect "$dir/permute.npy" $exact
expect 0 "$T" run --devices 4 --dma-order random --seed 3 $M/mc_barrier.mlir "$dir/x.npy" --expect "$dir/barrier.npy" $exact
# a remote signal and copy that reach a run_scoped semaphore before its owner has entered the
# scope are counted there (a TPU's scoped semaphores sit at fixed addresses): in every DMA
# order, with the checkers, the odd devices see the early count once and no finding
for how in "" "--dma-order on-wait" "--dma-order random --seed 1" "--dma-order random --seed 4"; do
  expect 0 "$T" run --devices 4 --check $how $M/mc_scoped_early.mlir "$dir/x.npy" --expect "$dir/early.npy" $exact
done
expect_out "output 0: f32\[128,128\]" "$T" run --devices 4 $M/mc_ring_allgather.mlir -o "$dir/o"
# mc_permute_add has no barrier of its own: XLA's device barrier orders every device's start
# before the copies (clean, above). mc_late_barrier meets its neighbours on the barrier
# semaphore only after its copy has started, and a kernel with a barrier of its own gets no
# device barrier: each device's copy may land before its right neighbour has entered the
# kernel, a finding per device (exit 1); the result is right here, as tessera's devices start
# together
expect 1 "$T" run --devices 4 $M/mc_late_barrier.mlir "$dir/x.npy" --expect "$dir/permute.npy" $exact
for d in 0 1 2 3; do
  t=$(( (d + 1) % 4 ))
  expect_out "^check: race on device $t core 0: the remote copy DMA #2 from device $d core 0 (into vmem f32\[8,128\] of device $t core 0, started at step 0) may land before device $t core 0 has entered the kernel: the kernel starts without the device barrier" "$T" run --devices 4 $M/mc_late_barrier.mlir "$dir/x.npy"
done
expect_out "Meet the devices you copy to on the barrier semaphore (pltpu.get_barrier_semaphore" "$T" run --devices 4 $M/mc_late_barrier.mlir "$dir/x.npy"
# findings and failures: exit 1 with what and where
if [ -z "${TSAN_OPTIONS:-}" ]; then # the racy kernel races in host memory too: not under ThreadSanitizer
  expect 1 "$T" run --devices 4 $M/mc_permute_add_racy.mlir "$dir/x.npy"
  # The findings do not depend on the threads' timing (the checkers replay the devices'
  # events in one order, src/check/log.c): the same words in every run and DMA order. By hand,
  # replaying device 0 first: it copies to device 1 and reads its own buffer (no copy into it
  # yet), then waits; devices 1 and 2 each read a buffer the previous device's copy writes;
  # device 3's copy then writes what device 0 read, and device 3 reads what device 2 wrote.
  printf '%s\n' "race on device 1 core 0: kernel load ... from device 0 core 0" \
    "race on device 2 core 0: kernel load ... from device 1 core 0" \
    "race on device 0 core 0: the remote copy DMA #2 from device 3 core 0 ... its kernel load" \
    "race on device 3 core 0: kernel load ... from device 2 core 0" >"$dir/racy.want"
  for how in "" "--dma-order on-wait" "--dma-order random --seed 1" "" "--dma-order random --seed 2"; do
    "$T" run --devices 4 $how $M/mc_permute_add_racy.mlir "$dir/x.npy" 2>&1 | grep "^check:" >"$dir/racy.got"
    sed -E 's/^check: (race on device . core 0: )(kernel load).*(from device . core 0).*/\1\2 ... \3/;
            s/^check: (race on device . core 0: the remote copy DMA #2 from device . core 0).*(its kernel load).*/\1 ... \2/' \
      "$dir/racy.got" >"$dir/racy.short"
    if cmp -s "$dir/racy.short" "$dir/racy.want" && { [ ! -s "$dir/racy.first" ] || cmp -s "$dir/racy.got" "$dir/racy.first"; }; then
      pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: the racy kernel's findings ($how)"; cat "$dir/racy.got"; fi
    [ -s "$dir/racy.first" ] || cp "$dir/racy.got" "$dir/racy.first"
  done
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
expect_out "device 7: copy x -> out\[7\]; send out\[7\] -> device 0 out\[7\]" "$T" demo --devices 8 --plan ring
expect_out "ring  *PASS" "$T" demo --check ring
rm -rf "$dir"
echo "multichip: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
