#!/usr/bin/env bash
# Counts that come from outside are bounded before the loops they drive start. A kernel whose
# grid has 2^40 steps (a constant index map, an elementwise body) fails at once with the op
# budget's message on every path a run can take: host split on and off, one core and two
# (arbitrary and parallel grids), the timing model, the checkers, zero-copy, every DMA order,
# --dump plan; `inspect` describes it without walking the grid. Each must end within seconds.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
. "$(dirname "$0")/lib/with_body.sh"
dir=$(mktemp -d)
E=tests/jax_suite/elementwise/v_new
# the suite's elementwise kernel with a (2^20, 2^20) grid and block (0, 0) at every step
sed -e 's/iteration_bounds = array<i64: 2, 4>/iteration_bounds = array<i64: 1048576, 1048576>/' \
    -e 's/return %arg0, %arg1 : i32, i32/return %c0_i32, %c0_i32 : i32, i32/' "$E/body.mosaic.mlir" > "$dir/huge_body.mlir"
with_body "$T" "$E/module.mlir" "$dir/huge_body.mlir" "$dir/huge.mlir"
sed -e 's/dimension_semantics<arbitrary>/dimension_semantics<parallel>/g' "$dir/huge_body.mlir" > "$dir/huge_par_body.mlir"
with_body "$T" "$E/module.mlir" "$dir/huge_par_body.mlir" "$dir/huge_par.mlir"
fast() { # fast PATTERN CMD...: fails (exit 1) within 10 s, printing PATTERN
  local pat=$1; shift
  local t0=$SECONDS
  timeout 10 "$@" >"$out" 2>&1; local rc=$?
  if [ "$rc" -eq 1 ] && grep -q -- "$pat" "$out" && [ $((SECONDS - t0)) -lt 10 ]; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: '$*' exited $rc in $((SECONDS - t0)) s, wanted 1 and '$pat'"; tail -3 "$out"; fi
}
budget="more grid steps than the op budget of"
for m in huge huge_par; do
  for opts in "" "--host-helpers -1" "--host-helpers 3" "--chip v5p" "--chip v5p --host-helpers 3" "--report" \
              "--json" "--check" "--no-check" "--zero-copy" "--dma-order on-wait" "--dma-order random --seed 2" \
              "--dump plan" "--max-ops 1000" "--chip v5p --check --max-ops 1000"; do
    # shellcheck disable=SC2086
    fast "$budget" "$T" run "$dir/$m.mlir" $opts
  done
done
expect_out "$budget 1000 ops" "$T" run "$dir/huge.mlir" --max-ops 1000
# inspect plans without walking 2^40 steps: the host split is not planned past 2^24 steps
for chip in v5e v5p; do
  t0=$SECONDS
  if timeout 10 "$T" inspect "$dir/huge.mlir" --chip $chip 2>&1 | grep -q "host split: no, more than 2^24 grid steps" &&
     [ $((SECONDS - t0)) -lt 10 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: inspect of a 2^40-step grid on $chip"; fi
done
# a grid within the budget still splits
expect_out "host split: \(grid axis 0 in\|no, no idle host CPU\)" "$T" inspect tests/jax_suite/elementwise/v_new/module.mlir --chip v5e
# a graph whose while loop never ends stops at the op budget, naming it
fast "the graph has run 100000 ops, its budget" "$T" run tests/hlo/endless.mlir --max-ops 100000
# array sizes: an HBM operand of more than 2^31 elements is taken, up to the 2^44 of every array
# from outside; inspect describes it without allocating it (dma_big_any.mlir: 10 GiB)
expect_out "in0    f32\[2621440,1024\]  ANY: whole array" "$T" inspect tests/mosaic/dma_big_any.mlir
any_kernel() { # any_kernel TYPE: a kernel of one ANY operand of that memref type and an empty body
  printf 'module @k {\n  func.func @kernel(%%x: memref<%s, #tpu.memory_space<any>>) attributes {dimension_semantics = []} {\n    return\n  }\n}\n' "$1"
}
any_kernel 4194304x4194304xi8 > "$dir/edge_any.mlir" # exactly 2^44 elements
expect_out "out0   i8\[4194304,4194304\] ANY: whole array" "$T" inspect "$dir/edge_any.mlir"
any_kernel 4194304x4194305xi8 > "$dir/past_any.mlir"
expect 1 "$T" inspect "$dir/past_any.mlir"
expect_out "memref<4194304x4194305xi8, #tpu.memory_space<any>> is not supported (a memref of more than 2^44 elements)" \
  "$T" run "$dir/past_any.mlir"
# a kernel of more operands than the limit: the message names it
{ printf 'module @many {\n  func.func @kernel('
  for i in $(seq 0 64); do printf '%s%%a%d: memref<8xf32, #tpu.memory_space<any>>' "$([ "$i" -gt 0 ] && echo ', ')" "$i"; done
  printf ') attributes {dimension_semantics = []} {\n    return\n  }\n}\n'; } > "$dir/many.mlir"
expect 1 "$T" run "$dir/many.mlir"
expect_out "kernel @kernel has 65 input and output operands, over the limit of 64" "$T" inspect "$dir/many.mlir"
rm -rf "$dir"
echo "limits: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
