#!/usr/bin/env bash
# Every artifact of the JAX conformance suite (tests/jax_suite/) is read by tessera's MLIR
# reader: the StableHLO modules, the Mosaic bodies as bytecode, the bodies decoded from the
# modules' backend_config (--bodies), and the bodies as text in jaxlib's generic and custom
# (pretty) op syntax (test_mlir_read checks that both texts give the same IR). Kernels whose
# whole graph is the pallas_call also run from the pretty text alone, against the outputs
# JAX computed.
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
  check "$d/body.mosaic.mlir"
done
# scf loops, manual DMAs with semaphores, reductions, debug_print, rotates, int8 matmul
for k in loops manual_dma reductions debug_print roll matmul_int8 transpose_concat; do
  for v in v_fwd v_new; do
    ins=$(ls "$suite/$k"/in_*.npy | sort -V)
    exps=$(ls "$suite/$k"/expected_*.npy | sort -V)
    # shellcheck disable=SC2086
    if "$T" run "$suite/$k/$v/body.mosaic.mlir" $ins --expect $exps --rtol 1e-5 --atol 1e-5 >"$out" 2>&1; then
      pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: run $k/$v/body.mosaic.mlir: $(tail -n 1 "$out")"; fi
  done
done
echo "jax_suite_parse: $pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
