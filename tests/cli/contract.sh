#!/usr/bin/env bash
# The CLI contract of docs/run.md, row by row: the exit code of each class of failure with a
# message naming what and where, what is written when (outputs all or none, file modes that
# follow the umask, no trace of a failed run), a pure JSON stdout under --json, and the
# stated limits.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
dir=$(mktemp -d)
trap 'chmod -R u+w "$dir"; rm -rf "$dir"' EXIT
G=tests/hlo/graph.mlir
C=tests/conformance/jax_export_backcompat/mosaic_matmul
# a graph with four outputs
cat > "$dir/four.mlir" <<'MLIR'
func.func @main(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  %1 = stablehlo.multiply %a, %a : tensor<4xf32>
  %2 = stablehlo.subtract %a, %a : tensor<4xf32>
  return %a, %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
MLIR

## exit 0
expect 0 "$T" run "$G"
expect 0 "$T" run "$C/module.mlir" --expect "$C/expected_0.npy" --rtol 1e-3 --check
## exit 1: files from outside
expect 1 "$T" run "$dir/missing.mlir"
expect_out "cannot open $dir/missing.mlir: No such file or directory" "$T" run "$dir/missing.mlir"
# unreadable: the reason the system gives (a folder named as a file; root reads mode 000 files)
mkdir "$dir/folder.mlir" "$dir/folder.npy"
expect 1 "$T" run "$dir/folder.mlir"
expect_out "cannot read $dir/folder.mlir: Is a directory" "$T" run "$dir/folder.mlir"
expect 1 "$T" run tests/conformance/seed_my_call/module.mlir "$dir/folder.npy" "$dir/folder.npy"
expect_out "error reading $dir/folder.npy: Is a directory" "$T" run tests/conformance/seed_my_call/module.mlir "$dir/folder.npy" "$dir/folder.npy"
expect_out "error reading $dir/folder.npy: Is a directory" "$T" run "$G" --chip "$dir/folder.npy"
printf 'func.func @main(%%a: tensor<f32>) -> tensor<f32> {\n  %%0 = stablehlo.add %%a, \n' > "$dir/broken.mlir"
expect 1 "$T" run "$dir/broken.mlir"
expect_out "broken.mlir:3:" "$T" run "$dir/broken.mlir"
printf 'garbage' > "$dir/x.npy"
expect 1 "$T" run tests/conformance/seed_my_call/module.mlir "$dir/x.npy" "$dir/x.npy"
expect_out "x.npy: byte offset 0" "$T" run tests/conformance/seed_my_call/module.mlir "$dir/x.npy" "$dir/x.npy"
expect 1 "$T" inspect "$dir/missing.mlir"
expect 1 "$T" dis "$dir/broken.mlir"
# an input of the wrong shape for a kernel's whole-array memref: the shape it takes
printf 'module @whole {\n  func.func @kernel(%%x: memref<8x128xf32, #tpu.memory_space<vmem>>, %%o: memref<8x128xf32, #tpu.memory_space<vmem>>) attributes {dimension_semantics = []} {\n    return\n  }\n}\n' > "$dir/whole.mlir"
python3 -c "import sys; sys.path.insert(0, 'tests/cli'); from npy_write import npy; npy('$dir/x4.npy', (4, 128), [0.5] * 512); npy('$dir/x3.npy', (4, 128, 1), [0.5] * 512)"
expect 1 "$T" run "$dir/whole.mlir" "$dir/x4.npy"
expect_out "input 0: the kernel sees f32\[4,128\] but its memref type is f32\[8,128\]" "$T" run "$dir/whole.mlir" "$dir/x4.npy"
expect_out "in0: array f32\[4,128,1\] does not match the kernel's memref f32\[8,256\]: it takes an array of f32 with 2 dimensions" \
  "$T" run tests/mosaic/row_sum.mlir "$dir/x3.npy"
# a kernel name from outside prints with its control characters escaped (inspect, messages)
sed 's/module @whole/module @"k\\1B[31mred\\07"/' "$dir/whole.mlir" > "$dir/evil.mlir"
expect_out 'kernel k\\x1b\[31mred\\x07 on v5e' "$T" inspect "$dir/evil.mlir"
sed 's/kernel_name = "matmul_kernel"/kernel_name = "mat\\1B]0;title\\07"/' "$C/module.mlir" > "$dir/evil_call.mlir"
expect_out '== kernel 0: mat\\x1b\]0;title\\x07 (' "$T" inspect "$dir/evil_call.mlir"
for f in evil evil_call; do
  if "$T" inspect "$dir/$f.mlir" 2>&1 | grep -q "$(printf '[\033\007]')"; then fail=$((fail+1)); echo "FAIL: inspect $f.mlir prints control characters"
  else pass=$((pass+1)); fi
done
expect_out 'kernel k\\x1b\[31mred\\x07 at grid index' "$T" run "$dir/evil.mlir" "$dir/x4.npy"
## exit 1: what tessera does not run
printf 'func.func @main(%%a: tensor<f32>) -> tensor<f32> {\n  %%0 = "stablehlo.send"(%%a) : (tensor<f32>) -> tensor<f32>\n  return %%0 : tensor<f32>\n}\n' > "$dir/collective.mlir"
expect 1 "$T" run "$dir/collective.mlir"
expect_out "stablehlo.send: op not supported" "$T" run "$dir/collective.mlir"
## exit 1: a kernel or the graph fails
expect 1 "$T" run tests/mosaic/endless.mlir --max-ops 100000
expect_out "op arith.addi at tests/mosaic/endless.mlir:12:7: the kernel executed 100000 ops" "$T" run tests/mosaic/endless.mlir --max-ops 100000
printf 'func.func @main() -> tensor<1099511627776xf32> {\n  %%0 = "stablehlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<1099511627776xf32>\n  return %%0 : tensor<1099511627776xf32>\n}\n' > "$dir/iota.mlir"
expect 1 "$T" run "$dir/iota.mlir"
expect_out "stablehlo.iota: a tensor of 4398046511104 bytes would bring what the run holds to 4398046511104 bytes, over its limit" "$T" run "$dir/iota.mlir"
expect_out "over its limit of 64 bytes" "$T" run "$G" --max-memory 64
expect 1 "$T" run "$G" --max-memory 64
expect 0 "$T" run "$G" --max-memory 1M
expect 0 "$T" run "$G" --max-memory 0
expect_out "its random inputs would take 32768 bytes, over the limit of 1024 bytes" "$T" run tests/mosaic/row_sum.mlir --max-memory 1K
sed 's/1099511627776/17592186044417/g' "$dir/iota.mlir" > "$dir/huge_type.mlir"
expect 1 "$T" run "$dir/huge_type.mlir"
expect_out "a tensor of more than 2^44 elements" "$T" run "$dir/huge_type.mlir"
## exit 1: a check fails
"$T" run "$G" -o "$dir/ref" >/dev/null 2>&1
expect 1 "$T" run "$G" --seed 3 --expect "$dir/ref/out_0.npy"
expect 1 "$T" run tests/mosaic/check_view_race.mlir
expect_out "check: race on core 0: kernel store" "$T" run tests/mosaic/check_view_race.mlir
expect 1 "$T" run tests/mosaic/check_dma_from_block.mlir --poison
expect_out "check: poison on core 0" "$T" run tests/mosaic/check_dma_from_block.mlir --poison
## exit 2: the command line
expect 2 "$T" run "$G" --bogus
expect 2 "$T" run "$G" --rtol
expect 2 "$T" run "$G" --max-ops x
expect 2 "$T" run "$G" --max-memory 1X
expect 2 "$T" run "$G" --repeat 100001
expect 2 "$T" run "$G" --host-helpers 65
expect 2 "$T" inspect "$G" --steps 100001
expect 2 "$T" run "$G" --chip v99
expect 2 "$T" run "$G" --chip "$dir/missing.json"
expect_out "cannot open chip file" "$T" run "$G" --chip "$dir/missing.json"
printf '{bad' > "$dir/bad.json"
expect 2 "$T" run "$G" --chip "$dir/bad.json"
expect 2 "$T" inspect "$G" --chip "$dir/missing.json"
expect 2 "$T" demo --chip "$dir/missing.json"
expect 2 "$T" run "$G" "$dir/ref/out_0.npy"
expect 2 "$T" run "$G" --expect "$dir/ref/out_0.npy" "$dir/ref/out_1.npy" "$dir/ref/out_0.npy"
expect 2 "$T" run - -
expect_out "standard input ('-') can be read once" "$T" run - -
expect 2 "$T" run - "$dir/ref/out_0.npy" --expect -
expect 2 "$T" inspect - -
expect 2 "$T" run "$G" --repeat 2 --report
expect 2 "$T" run "$G" --json --trace -
inputs=(); for i in $(seq 65); do inputs+=("$dir/ref/out_0.npy"); done
expect 2 "$T" run "$G" "${inputs[@]}"

## outputs: all or none
"$T" run "$dir/four.mlir" -o "$dir/o" >/dev/null 2>&1
expect 0 test -f "$dir/o/out_3.npy"
mkdir -p "$dir/partial" && printf 'old' > "$dir/partial/out_0.npy" && mkdir "$dir/partial/out_2.npy"
expect 1 "$T" run "$dir/four.mlir" -o "$dir/partial"
expect_out "cannot write $dir/partial/out_2.npy: it is a directory" "$T" run "$dir/four.mlir" -o "$dir/partial"
expect 0 test "$(cat "$dir/partial/out_0.npy")" = old        # untouched
expect 1 test -e "$dir/partial/out_1.npy"
expect 1 test -e "$dir/partial/out_3.npy"
expect 0 test "$(ls "$dir/partial" | wc -l)" -eq 2            # no temporaries left
# a full disk (/dev/full) says so, for -o, --trace and standard output; a device is written in
# place, never replaced (the links stand for the device files)
if [ -w /dev/full ]; then
  mkdir "$dir/full" && ln -s /dev/full "$dir/full/out_0.npy" && ln -s /dev/full "$dir/full.json" && ln -s /dev/null "$dir/null.json"
  expect 1 "$T" run "$G" -o "$dir/full"
  expect_out "error writing $dir/full/out_0.npy: No space left on device" "$T" run "$G" -o "$dir/full"
  expect 0 test "$(ls "$dir/full")" = out_0.npy # no temporaries left
  expect_out "error writing $dir/full.json: No space left on device" "$T" run "$G" --trace "$dir/full.json"
  expect 1 "$T" run "$G" --trace "$dir/full.json"
  expect 0 "$T" run "$G" --trace "$dir/null.json"
  expect 0 test -L "$dir/null.json" -a -L "$dir/full.json"
  for cmd in "run $G" "run $G --json" "inspect $C/module.mlir" "dis $G" "lower tests/mosaic/row_sum.mlir" "ops" "demo add"; do
    # shellcheck disable=SC2086
    if "$T" $cmd 2>&1 >/dev/full | grep -q "standard output: No space left on device"; then pass=$((pass+1)); else
      fail=$((fail+1)); echo "FAIL: 'tessera $cmd >/dev/full' does not say the disk is full"; fi
    # shellcheck disable=SC2086
    expect 1 sh -c '"$@" >/dev/full' sh "$T" $cmd
  done
fi
if [ "$(id -u)" -ne 0 ]; then # a folder that cannot take files (root writes anyway)
  mkdir "$dir/ro" && chmod a-w "$dir/ro"
  expect 1 "$T" run "$dir/four.mlir" -o "$dir/ro"
  expect 0 test "$(ls "$dir/ro" | wc -l)" -eq 0
fi
## file modes follow the umask
for u in 022 077 002; do
  rm -rf "$dir/m$u"
  (umask $u && "$T" run "$G" -o "$dir/m$u" --trace "$dir/m$u.json" >/dev/null 2>&1)
  want=$(printf '%o' $((0666 & ~0$u)))
  expect 0 test "$(stat -c %a "$dir/m$u/out_0.npy")" = "$want"
  expect 0 test "$(stat -c %a "$dir/m$u.json")" = "$want"
done
## no trace of a failed run
expect 1 "$T" run tests/mosaic/endless.mlir --max-ops 1000 --trace "$dir/failed.json"
expect 1 test -e "$dir/failed.json"

## --json: stdout is one JSON value
json_ok() { # json_ok CMD...: the command's stdout parses as JSON as a whole
  if "$@" 2>/dev/null | python3 -c 'import json, sys; json.load(sys.stdin)'; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: the stdout of '$*' is not one JSON value"; "$@" 2>/dev/null | head -5; fi
}
json_ok "$T" run "$C/module.mlir" --json --check --report --dump plan --dump report --expect "$C/expected_0.npy" --rtol 1e-3 --trace "$dir/t.json"
json_ok "$T" run tests/mosaic/row_sum.mlir --json --poison
json_ok "$T" demo --json
json_ok "$T" demo seed --json --plan --check
json_ok "$T" bench --quick --json --cores 1 add
expect_out "output 0: f32\[64,16\]" "$T" run "$C/module.mlir" --json   # the human lines are still there, on stderr
echo "contract: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
