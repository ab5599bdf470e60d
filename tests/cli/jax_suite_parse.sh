#!/usr/bin/env bash
# Every artifact of the JAX conformance suite (tests/jax_suite/) is read by tessera's MLIR
# reader: the StableHLO modules, the Mosaic bodies as bytecode, the bodies decoded from the
# modules' backend_config (--bodies), and the generic-form text of the bodies.
set -u
T=${1:?path to tessera}
suite=$(cd "$(dirname "$0")/../jax_suite" && pwd)
pass=0; fail=0
out=$(mktemp); trap 'rm -f "$out"' EXIT
check() {
  if "$T" dis "$@" >"$out" 2>&1; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: tessera dis $*: $(head -n 1 "$out")"; fi
}
for d in "$suite"/*/v_*/; do
  check "$d/module.mlir"
  check --bodies "$d/module.mlir"
  check "$d/body.mlirbc"
  check --mosaic "$d/body.mlirbc"
  check "$d/body.mosaic.generic.mlir"
done
echo "jax_suite_parse: $pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
