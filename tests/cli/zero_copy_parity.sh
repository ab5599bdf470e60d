#!/usr/bin/env bash
# Zero-copy mode changes where a block's bytes are, never what the checkers find: every JAX
# suite kernel, the conformance modules and the checker probes (tests/mosaic/check_*.mlir:
# races on blocks that zero-copy makes views, poison the output DMAs carry) print the same
# findings, word for word and DMA numbers included, with and without --zero-copy, under every
# checker and in every DMA order. TSR_QUICK (the sanitizer builds) runs eager and one random
# order.
set -u
T=${1:?path to tessera}
pass=0; fail=0
orders=("eager" "on-wait" "random --seed 1" "random --seed 2")
[ -n "${TSR_QUICK:-}" ] && orders=("eager" "random --seed 1")
modules=(tests/jax_suite/*/v_new/module.mlir tests/conformance/jax_export_backcompat/*/module.mlir
         tests/conformance/seed_my_call/module.mlir tests/mosaic/check_*.mlir)
a=$(mktemp); b=$(mktemp)
found=0
for m in "${modules[@]}"; do
  d=$(dirname "$m")
  ins=()
  case "$m" in tests/jax_suite/*) ins=("$d"/../in_*.npy) ;; esac
  for checks in "" "--check"; do
    for order in "${orders[@]}"; do
      # shellcheck disable=SC2086
      "$T" run "$m" "${ins[@]}" $checks --dma-order $order >"$a" 2>&1; ra=$?
      # shellcheck disable=SC2086
      "$T" run "$m" "${ins[@]}" $checks --dma-order $order --zero-copy >"$b" 2>&1; rb=$?
      if [ "$ra" -eq "$rb" ] && cmp -s "$a" "$b"; then
        pass=$((pass+1))
        grep -q '^check: ' "$a" && found=$((found+1))
      else
        fail=$((fail+1)); echo "FAIL: $m $checks --dma-order $order: exit $ra without --zero-copy, $rb with"
        diff "$a" "$b" | head -6
      fi
    done
  done
done
# the probes do find things, so the comparison compares findings, not silence
for p in view_race partial_out dma_from_block; do
  if "$T" run tests/mosaic/check_$p.mlir --check --zero-copy 2>&1 | grep -q '^check: '; then pass=$((pass+1)); else
    fail=$((fail+1)); echo "FAIL: check_$p.mlir has no finding with --zero-copy"; fi
done
rm -f "$a" "$b"
echo "zero_copy_parity: $pass passed, $fail failed ($found runs with findings)"
[ "$fail" -eq 0 ]
