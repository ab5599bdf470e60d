#!/usr/bin/env bash
# `tessera ops` lists the op registries (src/ops) and docs/ops.md is what it generates (`make
# docs` rewrites it): a new op cannot reach the registry without reaching the docs.
set -u
T=${1:?path to tessera}
. "$(dirname "$0")/lib/expect.sh"
expect 0 "$T" ops
expect 0 "$T" ops --help
expect 2 "$T" ops --bogus
expect_out "^mosaic    arith.ceildivui  *ARITH_PLAIN  *value" "$T" ops
expect_out "^stablehlo stablehlo.transpose  *HLO_DIMS" "$T" ops
expect_out "^stablehlo stablehlo.gather  *GENERIC" "$T" ops
expect_out "^check     check.expect_eq_const  *CHECK_CONST" "$T" ops
if "$T" ops --markdown | diff -u docs/ops.md - > "$out"; then pass=$((pass+1)); else
  fail=$((fail+1)); echo "FAIL: docs/ops.md is not what 'tessera ops --markdown' prints (run make docs):"; head -20 "$out"; fi
echo "ops: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
