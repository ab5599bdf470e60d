#!/usr/bin/env bash
# tessera lower: every kernel of the JAX suite, the conformance artifacts and the seed lowers,
# its lowered module runs to the original's bits, and the timing model sees the same run: the
# same simulated seconds, steps, DMAs (issued and skipped) and bytes (in, out, local), on one
# TensorCore (v5e) and on two (v5p); bad input is refused (exit 1 with the reason, 2 for
# usage) without an output file.
set -u
cli="$1"
fail=0
t=/tmp/tsr_lower_$$
mkdir -p $t
check() { if [ "$1" != "$2" ]; then echo "FAIL: $3: exit $1, expected $2"; fail=1; fi; }
json_field() { sed -n "s/^\t\"$1\":\t\([0-9.e+-]*\),*$/\1/p" "$2" | head -1; }

# what the timing model reports of a run, the original's (a) and the lowered one's (b)
timing_fields="simulated_seconds steps dmas dmas_skipped bytes_in bytes_out bytes_local bytes_moved compute_seconds stall_seconds"
same_timing() { # name
  for f in $timing_fields; do
    [ "$(json_field $f $t/a.json)" = "$(json_field $f $t/b.json)" ] && [ -n "$(json_field $f $t/a.json)" ] ||
      { echo "FAIL: $1: $f $(json_field $f $t/a.json) (original) vs $(json_field $f $t/b.json) (lowered)"; fail=1; }
  done
}

# original and lowered: the same outputs, bit for bit, and the same timing
same_run() { # name module lowered [inputs...]
  local n=$1 m=$2 l=$3; shift 3
  "$cli" run "$m" "$@" -o $t/$n.a > /dev/null 2>$t/err || { echo "FAIL: $n: original run: $(head -c 300 $t/err)"; fail=1; return; }
  "$cli" run "$l" "$@" -o $t/$n.b > /dev/null 2>$t/err || { echo "FAIL: $n: lowered run: $(head -c 300 $t/err)"; fail=1; return; }
  for f in $t/$n.a/*.npy; do
    cmp -s "$f" "$t/$n.b/$(basename "$f")" || { echo "FAIL: $n: $(basename "$f") differs"; fail=1; }
  done
  "$cli" run "$m" "$@" --json --no-check > $t/a.json 2>/dev/null
  "$cli" run "$l" "$@" --json --no-check > $t/b.json 2>/dev/null
  same_timing $n
  lowered=$((lowered + 1))
}

# two TensorCores (v5p): lowered for them, the same timing (the grid split as tessera splits it)
same_timing_v5p() { # name module [inputs...]
  local n=$1 m=$2; shift 2
  "$cli" lower --chip v5p "$m" -o $t/$n.v5p.mlir 2>$t/err || { echo "FAIL: lower --chip v5p $n: $(head -c 300 $t/err)"; fail=1; return; }
  "$cli" run --chip v5p "$m" "$@" --json --no-check > $t/a.json 2>/dev/null
  "$cli" run --chip v5p $t/$n.v5p.mlir "$@" --json --no-check > $t/b.json 2>/dev/null
  same_timing "$n (v5p)"
  timed_v5p=$((timed_v5p + 1))
}

# TSR_QUICK (the sanitizer builds): a spread of the suite's kernels, not all of them
quick="elementwise matmul_f32 block_sparse_matmul manual_dma io_alias buffered_one gather_rows emit_pipeline_matmul edge_600"
lowered=0
timed_v5p=0
for d in tests/jax_suite/*/; do
  n=$(basename $d)
  [ -n "${TSR_QUICK:-}" ] && ! [[ " $quick " == *" $n "* ]] && continue
  m=$d/v_new/module.mlir
  [ -f $m ] || continue
  "$cli" lower $m -o $t/$n.mlir 2>$t/err; check $? 0 "lower $n"
  [ -s $t/$n.mlir ] || continue
  grep -q 'window_params\|#tpu.memory_space<vmem>>, #tpu' $t/$n.mlir && { echo "FAIL: $n: the module still has windows"; fail=1; }
  same_run $n $m $t/$n.mlir $(ls $d/in_*.npy | sort -V)
  same_timing_v5p $n $m $(ls $d/in_*.npy | sort -V)
done
for m in tests/conformance/jax_export_backcompat/*/module.mlir tests/conformance/seed_my_call/module.mlir \
         tests/conformance/seed_my_call/kernel.mosaic.mlir; do
  n=$(basename $(dirname $m))_$(basename $m .mlir)
  "$cli" lower $m -o $t/$n.mlir 2>$t/err; check $? 0 "lower $n"
  same_run $n $m $t/$n.mlir
  same_timing_v5p $n $m
done
# two TensorCores: the lowered kernel splits its grid over them as tessera does
v5p="parallel_semantics core_parallel_semantics matmul_f32 flash_attention"
[ -n "${TSR_QUICK:-}" ] && v5p="parallel_semantics matmul_f32"
for n in $v5p; do
  d=tests/jax_suite/$n
  "$cli" lower --chip v5p $d/v_new/module.mlir -o $t/$n.v5p.mlir; check $? 0 "lower --chip v5p $n"
  [ $n != parallel_semantics ] || grep -q "core_parallel" $t/$n.v5p.mlir || "$cli" lower --chip v5p --body-only $d/v_new/module.mlir | grep -q "core_parallel" || { echo "FAIL: v5p split"; fail=1; }
  "$cli" run --chip v5p $d/v_new/module.mlir $d/in_*.npy -o $t/$n.pa --host-helpers -1 > /dev/null 2>&1
  "$cli" run --chip v5p $t/$n.v5p.mlir $d/in_*.npy -o $t/$n.pb --host-helpers -1 > /dev/null 2>&1; check $? 0 "run v5p $n"
  cmp -s $t/$n.pa/out_0.npy $t/$n.pb/out_0.npy || { echo "FAIL: v5p $n differs"; fail=1; }
done
# one buffer everywhere: the same bits
d=tests/jax_suite/matmul_f32
"$cli" lower --buffering 1 $d/v_new/module.mlir -o $t/b1.mlir; check $? 0 "--buffering 1"
"$cli" run $t/b1.mlir $d/in_*.npy -o $t/b1 --host-helpers -1 > /dev/null 2>&1; check $? 0 "--buffering 1 run"
cmp -s $t/b1/out_0.npy $t/matmul_f32.a/out_0.npy || { echo "FAIL: --buffering 1 changes the bits"; fail=1; }
echo "lowered and compared: $lowered modules; timed on v5p: $timed_v5p"
[ $lowered -ge $([ -n "${TSR_QUICK:-}" ] && echo 13 || echo 29) ] || { echo "FAIL: only $lowered modules compared"; fail=1; }
[ $timed_v5p = $lowered ] || { echo "FAIL: $timed_v5p of $lowered modules timed on v5p"; fail=1; }

# the marks (docs/lowering.md) are for tessera's timing model only: without them the kernel
# computes the same bits, timed as its own DMAs say (copies local, one step); a bad mark is
# refused with the op
d=tests/jax_suite/matmul_f32
"$cli" lower --body-only $d/v_new/module.mlir > $t/marked.mlir; check $? 0 "--body-only matmul_f32"
for k in 'tessera.step' 'tessera.body' 'tessera.dma = "in"' 'tessera.dma = "out"' 'tessera.skip = "in"' 'tessera.skip = "out"'; do
  grep -qF "$k" $t/marked.mlir || { echo "FAIL: no $k mark"; fail=1; }
done
sed 's/ {tessera\.[^}]*}//' $t/marked.mlir > $t/unmarked.mlir
! grep -q '{tessera' $t/unmarked.mlir || { echo "FAIL: marks left"; fail=1; }
"$cli" run $t/unmarked.mlir $d/in_*.npy -o $t/unmarked --host-helpers -1 --json --no-check > $t/b.json 2>$t/err; check $? 0 "unmarked run"
cmp -s $t/unmarked/out_0.npy $t/matmul_f32.a/out_0.npy || { echo "FAIL: the unmarked kernel changes the bits"; fail=1; }
[ "$(json_field steps $t/b.json)" = 1 ] && [ "$(json_field bytes_local $t/b.json)" = 720896 ] && [ "$(json_field dmas $t/b.json)" = 20 ] ||
  { echo "FAIL: unmarked timing: $(json_field steps $t/b.json) steps, $(json_field bytes_local $t/b.json) local bytes"; fail=1; }
sed 's/tessera.dma = "in"/tessera.dma = "sideways"/' $t/marked.mlir > $t/badmark.mlir
"$cli" run $t/badmark.mlir $d/in_*.npy -o $t/badmark > /dev/null 2>$t/err; check $? 1 "a bad mark"
grep -q 'tpu.enqueue_dma at .*tessera.dma must be "in" or "out"' $t/err || { echo "FAIL: bad mark message: $(cat $t/err)"; fail=1; }
sed 's/, tessera.operand = [0-9]* : i32//' $t/marked.mlir > $t/badmark.mlir
"$cli" run $t/badmark.mlir $d/in_*.npy -o $t/badmark > /dev/null 2>$t/err; check $? 1 "a mark without operand"
grep -q 'needs tessera.operand' $t/err || { echo "FAIL: missing operand message: $(cat $t/err)"; fail=1; }

# --body-only: the Mosaic text, one module per kernel, with the pipeline's DMAs and no grid
"$cli" lower --body-only tests/conformance/seed_my_call/module.mlir > $t/body.mlir; check $? 0 "--body-only"
grep -q 'tpu.enqueue_dma' $t/body.mlir && grep -q 'tpu.wait_dma2' $t/body.mlir && grep -q 'memory_space<any>' $t/body.mlir ||
  { echo "FAIL: --body-only text"; fail=1; }
"$cli" run $t/body.mlir > /dev/null 2>&1; check $? 0 "the body text runs as a bare kernel"

# edge blocks (600 = 2 x 256 + 88 in both dimensions): each copy of a block that may be the
# last of a dimension has a variant for its in-bounds part, counted as the pipeline counts it
"$cli" lower --body-only tests/jax_suite/edge_600/v_new/module.mlir > $t/edge.mlir; check $? 0 "lower edge_600"
for k in 'memref<88x88xbf16, #tpu.memory_space<any>>' 'memref<88x256xbf16, #tpu.memory_space<any>>' \
         'memref<256x88xbf16, #tpu.memory_space<any>>' 'tessera.bytes = 22528 : i64'; do
  grep -qF "$k" $t/edge.mlir || { echo "FAIL: edge_600: no $k"; fail=1; }
done
d=tests/jax_suite/edge_600
sed 's/tessera.bytes = 22528 : i64/tessera.bytes = -5 : i64/' $t/edge.mlir > $t/badmark.mlir
"$cli" run $t/badmark.mlir $d/in_*.npy -o $t/badmark > /dev/null 2>$t/err; check $? 1 "a bad tessera.bytes"
grep -q 'tessera.bytes must be an integer' $t/err || { echo "FAIL: bad bytes message: $(cat $t/err)"; fail=1; }
# refused: a dynamic grid; no output file
cat > $t/dyn.mlir <<'MLIR'
module {
  func.func @k(%i: i32, %a: memref<8x128xf32, #tpu.memory_space<vmem>>, %b: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = [#tpu.dimension_semantics<arbitrary>], iteration_bounds = array<i64: -9223372036854775808>, scalar_prefetch = 0 : i64, scratch_operands = 0 : i64, window_params = [{transform_indices = @t, window_bounds = array<i64: 8, 128>}, {transform_indices = @t, window_bounds = array<i64: 8, 128>}]} {
    %c0 = arith.constant 0 : index
    %v = vector.load %a[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    vector.store %v, %b[%c0, %c0] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
    return
  }
  func.func @t(%i: i32) -> (i32, i32) {
    %c0 = arith.constant 0 : i32
    return %i, %c0 : i32, i32
  }
}
MLIR
"$cli" lower $t/dyn.mlir -o $t/dyn.out 2>$t/err; check $? 1 "dynamic grid"
grep -q 'dynamic grid' $t/err || { echo "FAIL: dynamic grid message: $(cat $t/err)"; fail=1; }
[ ! -e $t/dyn.out ] || { echo "FAIL: output written for a dynamic grid"; fail=1; }
"$cli" lower $t/missing.mlir 2>/dev/null; check $? 1 "missing file"
printf 'module {\n  func.func @main() {\n    return\n  }\n}\n' > $t/none.mlir
"$cli" lower $t/none.mlir 2>$t/err; check $? 1 "no kernel"
grep -q 'no tpu_custom_call' $t/err || { echo "FAIL: no-kernel message: $(cat $t/err)"; fail=1; }
"$cli" lower > /dev/null 2>&1; check $? 2 "no module"
"$cli" lower --buffering 3 $t/none.mlir 2>/dev/null; check $? 2 "--buffering 3"
"$cli" lower --chip nochip $t/none.mlir 2>/dev/null; check $? 2 "--chip nochip"
"$cli" lower --bogus $t/none.mlir 2>/dev/null; check $? 2 "unknown option"
"$cli" lower a.mlir b.mlir 2>/dev/null; check $? 2 "two modules"
"$cli" lower --help | grep -q 'usage: tessera lower'; check $? 0 "--help"

# bad input of every kind: byte changes and truncations of a module never crash or hang the
# lowering, and whatever it accepts it writes whole (exit 0) or not at all (exit 1)
src=tests/conformance/seed_my_call/module.mlir
size=$(stat -c %s $src)
for k in $(seq 1 60); do
  off=$(( (k * 7919) % size ))
  cp $src $t/mut.mlir
  printf "\\x$(printf %02x $(( (k * 37) % 256 )))" | dd of=$t/mut.mlir bs=1 seek=$off conv=notrunc 2>/dev/null
  [ $((k % 3)) = 0 ] && head -c $off $src > $t/mut.mlir
  rm -f $t/mut.out
  timeout 60 "$cli" lower $t/mut.mlir -o $t/mut.out > /dev/null 2>$t/err
  rc=$?
  if [ $rc != 0 ] && [ $rc != 1 ]; then echo "FAIL: mutation $k (offset $off): exit $rc: $(head -c 300 $t/err)"; fail=1; fi
  if [ $rc = 1 ] && [ -e $t/mut.out ]; then echo "FAIL: mutation $k: output written on failure"; fail=1; fi
  if [ $rc = 0 ]; then "$cli" run $t/mut.out > /dev/null 2>&1 || "$cli" dis $t/mut.out > /dev/null 2>&1 ||
    { echo "FAIL: mutation $k: the lowered module does not read back"; fail=1; }; fi
done
rm -rf $t
exit $fail
