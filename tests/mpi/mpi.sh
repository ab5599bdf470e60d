#!/usr/bin/env bash
# Many chips over MPI processes (docs/mpi.md): `mpirun -np R tessera run --devices N` on the
# multi-chip kernels (tests/mosaic/mc_*.mlir) with 1, 2 and 4 processes gives outputs
# bit-identical to one process without MPI and to plain Python references, the same DMA
# counts, and the same timing report, JSON and trace byte for byte; the deadlocking kernel is
# reported by process 0 naming every device, and every process exits non-zero, within a bound
# on 32 devices, while a device that computes long is no deadlock; a process
# killed mid-run ends the job with an error within a bound; processes started with different
# arguments, or a process that is no tessera run, end the job in bounded time saying what; StableHLO modules from shard_map
# give JAX's outputs and the same timing JSON; the checkers' findings (races, semaphores,
# poison) word for word and the exit code as one process's; what cannot span processes is refused. The
# C API (tests/mpi/mpi_ring.c): a ring all-gather on 4 and 8 devices in every DMA order, its
# DMAs counted per device and the bytes each process put into the others' memory, against
# hand-derived numbers.
#   tests/mpi/mpi.sh path/to/tessera path/to/mpi_ring
set -u
T=${1:?path to tessera}
RING=${2:?path to mpi_ring}
. "$(dirname "$0")/../cli/lib/expect.sh"
if [ -n "${TSAN_OPTIONS:-}" ]; then # Open MPI is not built for ThreadSanitizer
  echo "mpi: skipped under ThreadSanitizer"; exit 0
fi
# Open MPI's own allocations live to the end of the process (LeakSanitizer: not ours). Its
# libraries keep no frame pointers and its components are unloaded at MPI_Finalize: without
# the slow unwinder and the components kept, their leaks show as "<unknown module>".
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$PWD/tests/mpi/lsan.supp:fast_unwind_on_malloc=0"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"
export OMPI_MCA_mca_base_component_disable_dlclose=1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 # CI runs as root
export OMPI_MCA_rmaps_base_oversubscribe=1 # 4 processes on 2 CPUs
MPIRUN="timeout 120 mpirun --oversubscribe"
dir=$(mktemp -d)
M=tests/mosaic
python3 tests/cli/mc_refs.py "$dir" # the input and plain-Python references
exact="--rtol 0 --atol 0"
x="$dir/x.npy"
# kernel, reference, how it runs (a DMA order each)
cases=(
  "mc_ring_allgather gather --devices 4"
  "mc_ring_allgather_v15 gather --devices 4 --dma-order on-wait"
  "mc_permute_add permute --mesh 2x2 --dma-order on-wait"
  "mc_permute_add_v15 permute --devices 4 --dma-order random --seed 5"
  "mc_barrier barrier --devices 4 --dma-order random --seed 3"
  "mc_barrier_v15 barrier --devices 4"
  "mc_permute_scoped permute --devices 4 --dma-order random --seed 2"
  "mc_permute_scoped_sem permute --devices 4 --dma-order random --seed 2"
  "mc_regular_sem permute --chip v6e --devices 4 --dma-order on-wait"
)
# the timing model's report (--report), its JSON (--json, alone on stdout) and trace (--trace)
# in the same runs, byte for byte against one process (the human lines go to stderr)
report() { sed -n '/^timing model:/,/^trace:/p' "$1" | grep -v '^trace:'; }
timing="--report --json"
# Under the sanitizers (TSR_QUICK) each kernel runs on one of the process counts, in turn, so
# that every count still runs three kernels: each MPI process's start and end cost seconds
# there, and the release build compares every kernel on every count.
i=0
for c in "${cases[@]}"; do
  set -- $c
  k=$1 ref=$2; shift 2
  counts=(1 2 4)
  [ -n "${TSR_QUICK:-}" ] && counts=(${counts[i % 3]})
  i=$((i + 1))
  # one process without MPI: the baseline
  "$T" run "$@" --no-check $M/$k.mlir "$dir/x.npy" -o "$dir/$k.1" --dump report $timing --trace "$dir/$k.1.trace" \
    >"$dir/$k.1.json" 2>"$dir/$k.base"
  grep -o "report: .* DMAs in, [0-9]* out" "$dir/$k.base" >"$dir/$k.base.dmas"
  report "$dir/$k.base" >"$dir/$k.1.report"
  for np in "${counts[@]}"; do
    $MPIRUN -np $np "$T" run "$@" $M/$k.mlir "$dir/x.npy" --expect "$dir/$ref.npy" $exact \
      -o "$dir/$k.np$np" --dump report $timing --trace "$dir/$k.np$np.trace" >"$dir/$k.np$np.json" 2>"$dir/$k.np$np.human"
    rc=$?
    if [ $rc -eq 0 ]; then pass=$((pass+1)); else
      fail=$((fail+1)); echo "FAIL: $k on $np processes exited $rc"; tail -5 "$dir/$k.np$np.human"; fi
    grep -o "report: .* DMAs in, [0-9]* out" "$dir/$k.np$np.human" >"$dir/$k.np$np.dmas"
    report "$dir/$k.np$np.human" >"$dir/$k.np$np.report"
    if cmp -s "$dir/$k.1/out_0.npy" "$dir/$k.np$np/out_0.npy" && cmp -s "$dir/$k.base.dmas" "$dir/$k.np$np.dmas" &&
       [ -s "$dir/$k.base.dmas" ]; then pass=$((pass+1)); else
      fail=$((fail+1)); echo "FAIL: $k on $np processes: output or DMA counts differ from one process"
      cat "$dir/$k.base.dmas" "$dir/$k.np$np.dmas"; fi
    for f in json trace report; do
      if cmp -s "$dir/$k.1.$f" "$dir/$k.np$np.$f" && [ -s "$dir/$k.1.$f" ]; then pass=$((pass+1)); else
        fail=$((fail+1)); echo "FAIL: $k on $np processes: its timing $f differs from one process"
        diff "$dir/$k.1.$f" "$dir/$k.np$np.$f" | head -10; fi
    done
  done
done
# --timing-only (nothing computed): the same report on 1 (no MPI), 2 and 4 processes
"$T" run --devices 4 --timing-only --json $M/mc_ring_allgather.mlir "$dir/x.npy" >"$dir/only.1.json" 2>/dev/null
for np in 2 4; do
  $MPIRUN -np $np "$T" run --devices 4 --timing-only --json $M/mc_ring_allgather.mlir "$dir/x.npy" >"$dir/only.np$np.json" 2>/dev/null
  if cmp -s "$dir/only.1.json" "$dir/only.np$np.json" && grep -q '"ici_copies":	12' "$dir/only.1.json"; then
    pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: --timing-only on $np processes"; diff "$dir/only.1.json" "$dir/only.np$np.json" | head; fi
done
# the path across nodes (TSR_MPI_NO_SHM=1: the inboxes in the dynamic window) with the copy
# into a run_scoped buffer, and the copies and signals counted by run_scoped semaphores
for np in 2 4; do
  for k in mc_permute_scoped mc_permute_scoped_sem; do
    expect 0 env TSR_MPI_NO_SHM=1 $MPIRUN -x TSR_MPI_NO_SHM -np $np "$T" run --devices 4 --dma-order on-wait \
      $M/$k.mlir "$dir/x.npy" --expect "$dir/permute.npy" $exact
  done
done
# many devices per process: the permute, barrier and run_scoped-semaphore permute kernels made
# for 32 devices, 16 on each of 2 processes, attach more regions than one window of Open MPI's
# osc rdma takes (64), and the last has 64 run_scoped allocations live at once per process;
# exact against the references and bit-identical to one process, on both inbox paths
all4='s/value = 4 : i32/value = 32 : i32/'
ring='/%6 = /s/value = 4 : i32/value = 32 : i32/;/%8 = /s/value = 3 : i32/value = 31 : i32/' # its 4 and 3 only
for c in "mc_permute_add permute all4" "mc_barrier barrier all4" "mc_permute_scoped_sem permute ring"; do
  set -- $c
  k=$1 ref=$2 expr=${!3}
  sed "$expr" $M/$k.mlir >"$dir/${k}32.mlir"
  "$T" run --devices 32 --no-check "$dir/${k}32.mlir" "$dir/x32.npy" -o "$dir/${k}32.1" >/dev/null 2>&1
  for noshm in "" 1; do
    rm -rf "$dir/${k}32.2"
    env ${noshm:+TSR_MPI_NO_SHM=1} $MPIRUN ${noshm:+-x TSR_MPI_NO_SHM} -np 2 "$T" run --devices 32 "$dir/${k}32.mlir" \
      "$dir/x32.npy" --expect "$dir/${ref}32.npy" $exact -o "$dir/${k}32.2" >"$dir/many.out" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$dir/${k}32.1/out_0.npy" "$dir/${k}32.2/out_0.npy"; then pass=$((pass+1)); else
      fail=$((fail+1)); echo "FAIL: $k on 32 devices over 2 processes${noshm:+ (TSR_MPI_NO_SHM)}: exit $rc or output differs"
      grep -v '^\[' "$dir/many.out" | tail -5 | cut -c1-300; fi
  done
done
# an attach Open MPI still refuses (its osc rdma limit set below the 30 regions a window
# takes): the process says what and where, and the job ends (no hang)
expect_out "region .* of window .*: each window takes 30; Open MPI's limit per window, osc_rdma_max_attach, is lower" \
  $MPIRUN --mca osc_rdma_max_attach 8 -np 2 "$T" run --devices 32 "$dir/mc_permute_add32.mlir" "$dir/x32.npy"
# the deadlock: every device signals device 0, the others wait forever. Process 0 reports
# every device (the joined message is cut at its length limit, as on one process), including
# where the signals landed (on another process); all exit non-zero.
for np in 2 4; do
  expect 1 $MPIRUN -np $np "$T" run --devices 4 $M/mc_signal_wrong_device.mlir "$dir/x.npy"
  grep -q "device 1: .*deadlock" "$out" && grep -q "device 3: pallas_call signal_kernel" "$out" &&
    grep -q "the same semaphore elsewhere: device 0 core 0 holds 3 (last signalled by device" "$out" &&
    [ "$(grep -c "process 0 reports every device" "$out")" -eq $((np - 1)) ] && pass=$((pass+1)) ||
    { fail=$((fail+1)); echo "FAIL: the deadlock report on $np processes"; cut -c1-400 "$out"; }
done
# found as soon as every device waits, whatever their count: 32 devices over 2 processes
# within 10 s of what a correct kernel on as many takes (a count of spins took minutes on 2
# loaded CPUs); and a device that computes for longer than that while every other waits for
# it, on another process too, is no deadlock
ms() { echo $(( $(date +%s%N) / 1000000 )); }
t0=$(ms)
expect 0 $MPIRUN -np 2 "$T" run --devices 32 "$dir/mc_barrier32.mlir" "$dir/x32.npy"
base=$(( $(ms) - t0 ))
t0=$(ms)
expect 1 $MPIRUN -np 2 "$T" run --devices 32 $M/mc_signal_wrong_device.mlir "$dir/x32.npy"
took=$(( $(ms) - t0 ))
if grep -q "device 1: .*every core is waiting (deadlock)" "$out" && [ "$took" -lt $((base + 10000)) ]; then
  pass=$((pass+1)); else fail=$((fail+1))
  echo "FAIL: the deadlock on 32 devices over 2 processes: after $took ms (a correct run: $base ms)"; cut -c1-300 "$out" | tail -3; fi
expect 0 $MPIRUN -np 2 "$RING" 8 8 eager 1 --busy 3
# processes started differently (each of these spun in mismatched collectives until killed, or
# failed reading another's log): process 0 names what differs, and every process exits 2
bar=$M/mc_barrier.mlir
differ() { # differ 'WHAT DIFFERS'... -- MPIRUN-ARGS...: each difference named, within a bound
  local pats=()
  while [ "$1" != -- ]; do pats+=("$1"); shift; done
  shift
  t0=$(ms)
  expect 2 $MPIRUN "$@"
  took=$(( $(ms) - t0 ))
  local ok=1
  for p in "${pats[@]}"; do grep -q -- "started with different arguments: .*$p" "$out" || ok=0; done
  if [ $ok = 1 ] && [ "$took" -lt 60000 ]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: processes started with different arguments (${pats[*]}): after $took ms"
    cut -c1-500 "$out" | tail -3; fi
}
# a second process with other devices, chip, module and input, without --report (an MPMD launch)
differ "the module: process 0 has $bar (FNV-1a [0-9a-f]*), process 1 has $M/mc_permute_add.mlir (FNV-1a [0-9a-f]*);" \
  "input 0: process 0 has f32\[32,128\] ($x), process 1 has f32\[256,128\] ($dir/x32.npy);" \
  "; --devices: process 0 has 4, process 1 has 8;" "; --chip: process 0 has v5e, process 1 has v4;" \
  "; --report: process 0 gives it, process 1 does not " -- \
  -np 1 "$T" run --devices 4 --report $bar "$x" : -np 1 "$T" run --devices 8 --chip v4 $M/mc_permute_add.mlir "$dir/x32.npy"
# --mesh against --devices of as many, on processes 1 and 2
differ "--devices: process 0 has none, process 1 has 4, process 2 has 4; --mesh: process 0 has 2x2, process 1 has none, process 2 has none " -- \
  -np 1 "$T" run --mesh 2x2 $bar "$x" : -np 2 "$T" run --devices 4 $bar "$x"
# a process that is no tessera run: one that never joins MPI_Init (sleep), one that joins it and
# goes on to other collectives (mpi_ring), as process 1 or as process 0; the job ends after
# the start's timeout, saying why
notus() { # notus 'MESSAGE' MPIRUN-ARGS...
  local pat=$1; shift
  t0=$(ms)
  expect 1 env TSR_MPI_START_TIMEOUT=4 $MPIRUN -x TSR_MPI_START_TIMEOUT "$@"
  took=$(( $(ms) - t0 ))
  if grep -q -- "$pat" "$out" && [ "$took" -lt 60000 ]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: a process that is no tessera run ($pat): after $took ms"; cut -c1-300 "$out" | tail -3; fi
}
notus "MPI_Init did not finish within 4 s: a process of this job never called it" \
  -np 1 "$T" run --devices 4 $bar "$x" : -np 1 sleep 100
notus "MPI process 1 sent no arguments within 4 s" -np 1 "$T" run --devices 4 $bar "$x" : -np 1 "$RING" 4 8 eager
notus "MPI process 1: process 0 did not answer within 4 s" -np 1 "$RING" 4 8 eager : -np 1 "$T" run --devices 4 $bar "$x"
# a signal to a run_scoped semaphore that nobody waits for (device 3 to device 0, another
# process's): the scope's end takes in its inbox and fails as on one process, on both paths
held="device 0: pallas_call scoped_sem_held_kernel: .*a semaphore allocated in this scope holds 1 when the scope ends"
expect 1 "$T" run --devices 4 $M/mc_scoped_sem_held.mlir "$dir/x.npy"
grep -q "$held" "$out" && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: the held scoped semaphore on one process"; cat "$out"; }
for run in "2" "4" "2 TSR_MPI_NO_SHM=1"; do
  set -- $run
  np=$1; shift
  expect 1 env "$@" $MPIRUN ${1:+-x TSR_MPI_NO_SHM} -np $np "$T" run --devices 4 $M/mc_scoped_sem_held.mlir "$dir/x.npy"
  grep -q "$held" "$out" && pass=$((pass+1)) ||
    { fail=$((fail+1)); echo "FAIL: the held scoped semaphore on $run processes"; cut -c1-400 "$out"; }
done
# a process killed mid-run: the job ends with an error, not a hang (the run alone takes
# several times the bound)
start=$(date +%s)
timeout 60 mpirun --oversubscribe -np 2 bash -c 'echo $$ >"$0/pid.$OMPI_COMM_WORLD_RANK"; exec "$@"' "$dir" \
  "$RING" 8 4096 eager 400 >"$dir/killed.out" 2>&1 &
job=$!
for _ in $(seq 100); do [ -s "$dir/pid.1" ] && break; sleep 0.1; done
sleep 2
kill -9 "$(cat "$dir/pid.1")"
wait $job; rc=$?
took=$(( $(date +%s) - start ))
if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && [ "$took" -lt 60 ]; then pass=$((pass+1)); else
  fail=$((fail+1)); echo "FAIL: a killed process: exit $rc after $took s"; tail -5 "$dir/killed.out"; fi
# the checkers across processes: each process logs its devices' events, process 0 replays
# them all. The findings word for word, and the exit code, as one process without MPI (which
# replays in the same order); each case's one-process run must show what it is there for.
sed '/tpu.vector_store/d' $M/mc_signal.mlir >"$dir/mc_signal_unwritten.mlir" # output never written: poison
# module, what the one-process run must print, its exit code, how it runs (a StableHLO module
# from shard_map: its kernel calls in a loop, the logs held to the end of the run)
x="$dir/x.npy"
checked=(
  "$M/mc_permute_add_racy.mlir|race on device 1 core 0: kernel load at .* reads memory that the remote copy DMA #2 from device 0 core 0|1|--devices 4 $x"
  "$M/mc_permute_add_racy.mlir|race on device 0 core 0: the remote copy DMA #2 from device 3 core 0 .* writes memory that its kernel load|1|--devices 4 --dma-order on-wait $x"
  "$dir/mc_signal_unwritten.mlir|poison on device 3 core 0: output DMA #2 operand 0 block (0, 0)|1|--devices 4 --poison --dma-order random --seed 4 $x"
  "$M/mc_ring_allgather.mlir|checkers: no findings|0|--devices 4 --check $x"
  "$M/mc_barrier.mlir|checkers: no findings|0|--devices 4 --check --dma-order random --seed 3 $x"
  "$M/mc_permute_add.mlir|checkers: no findings|0|--mesh 2x2 --check --dma-order on-wait $x"
  "$M/mc_permute_scoped.mlir|checkers: no findings|0|--devices 4 --check --dma-order random --seed 2 $x"
  "$M/mc_signal_wrong_device.mlir|deadlock|1|--devices 4 --check $x"
  "tests/shard_map/ring_loop_8/module.mlir|checkers: no findings|0|--check tests/shard_map/ring_loop_8/in_0.npy"
)
# the checkers' lines (a deadlock is the machine's verdict, which names processes: not compared)
findings() { grep -E "^(check|checkers|poison):" "$1"; }
for c in "${checked[@]}"; do
  IFS='|' read -r k want want_rc how <<<"$c"
  "$T" run "$k" $how >"$dir/ck.1" 2>&1
  rc1=$?
  findings "$dir/ck.1" >"$dir/ck.1.f"
  echo "exit $rc1" >>"$dir/ck.1.f"
  if [ $rc1 -eq "$want_rc" ] && grep -q -- "$want" "$dir/ck.1"; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: ${k##*/} $how on one process: exit $rc1, or no '$want'"; cut -c1-300 "$dir/ck.1" | tail -5; fi
  for np in 2 4; do
    $MPIRUN -np $np "$T" run "$k" $how >"$dir/ck.np$np" 2>&1
    rc=$?
    findings "$dir/ck.np$np" >"$dir/ck.np$np.f"
    echo "exit $rc" >>"$dir/ck.np$np.f"
    if cmp -s "$dir/ck.1.f" "$dir/ck.np$np.f"; then pass=$((pass+1)); else
      fail=$((fail+1)); echo "FAIL: ${k##*/} $how on $np processes: exit $rc (one process: $rc1), or other findings"
      diff "$dir/ck.1.f" "$dir/ck.np$np.f" | cut -c1-300 | head -10; fi
  done
done
# refused across processes, said why (exit 2)
expect_out "share the devices of --devices N" $MPIRUN -np 2 "$T" run $M/mc_barrier.mlir "$dir/x.npy"
expect_out "4 device(s) do not spread evenly over 3 processes" $MPIRUN -np 3 "$T" run --devices 4 $M/mc_barrier.mlir "$dir/x.npy"
# StableHLO modules from shard_map (the graph in every process, the kernels spread): the
# outputs exact against JAX's, the timing JSON byte for byte against one process
S=tests/shard_map
for c in "ring_allgather_8/module_v15 2 4" "ring_allgather_4/module_gspmd 2 4" "psum_4/module 2" "mesh_2x4/module 4" \
         "ring_loop_8/module 2"; do
  set -- $c
  m=$S/$1.mlir d=$S/${1%/*}; shift
  "$T" run --no-check --json $m $d/in_0.npy >"$dir/hlo.1.json" 2>/dev/null
  for np in "$@"; do
    $MPIRUN -np $np "$T" run --json $m $d/in_0.npy --expect $d/expected_0.npy $exact >"$dir/hlo.np$np.json" 2>"$dir/hlo.err"
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$dir/hlo.1.json" "$dir/hlo.np$np.json" && [ -s "$dir/hlo.1.json" ]; then pass=$((pass+1)); else
      fail=$((fail+1)); echo "FAIL: $m on $np processes: exit $rc, or its timing JSON differs from one process"
      tail -3 "$dir/hlo.err"; diff "$dir/hlo.1.json" "$dir/hlo.np$np.json" | head -6; fi
  done
done
# the C API: outputs, per-device DMA counts and per-process traffic checked inside
for np in 1 2 4; do
  for mode in eager on-wait random; do
    expect 0 $MPIRUN -np $np "$RING" 8 8 $mode 2
  done
  expect 0 $MPIRUN -np $np "$RING" 4 16 eager 1
done
# across nodes, the inboxes are in the dynamic window (on one node, a shared segment):
# TSR_MPI_NO_SHM=1 takes that path here
for mode in eager random; do
  expect 0 env TSR_MPI_NO_SHM=1 $MPIRUN -x TSR_MPI_NO_SHM -np 2 "$RING" 8 8 $mode 2
done
rm -rf "$dir"
echo "mpi: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
