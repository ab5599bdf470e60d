#!/usr/bin/env bash
# Chunked execution of elementwise runs (src/mosaic/chunk.c) changes where intermediate
# values live, never a bit of a result: every JAX suite kernel (at IR 11: both versions read
# to one program), every kernel of tests/mosaic and tests/ops and the conformance modules run
# with grouping on (the default) and off (--no-chunk) write the same bytes, print the same lines and
# exit the same way. The op budget is checked too: a budget that ends inside a group stops at
# the same op, named the same. TSR_QUICK (the sanitizer builds) runs a part.
set -u
T=${1:?path to tessera}
pass=0; fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
modules=(tests/jax_suite/*/v_fwd/module.mlir tests/mosaic/*.mlir
         tests/ops/*.mlir tests/conformance/jax_export_backcompat/*/module.mlir
         tests/conformance/seed_my_call/module.mlir)
# the sanitizer builds (TSR_QUICK): the JAX suite and tests/ops
[ -n "${TSR_QUICK:-}" ] && modules=(tests/jax_suite/*/v_fwd/module.mlir tests/ops/*.mlir)
compare() { # NAME ARGS...: runs both ways, compares exit, output and files
  local name=$1; shift
  rm -rf "$work/a" "$work/b"; mkdir -p "$work/a" "$work/b"
  local cmd=$1; shift
  "$T" "$cmd" --no-chunk "$@" -o "$work/a" >"$work/a.txt" 2>&1; local ra=$?
  "$T" "$cmd" "$@" -o "$work/b" >"$work/b.txt" 2>&1; local rb=$?
  sed -i "s#$work/[ab]#OUT#g" "$work/a.txt" "$work/b.txt"
  if [ "$ra" -eq "$rb" ] && cmp -s "$work/a.txt" "$work/b.txt" && diff -r "$work/a" "$work/b" >/dev/null; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL: $name: exit $ra unchunked, $rb chunked"
    diff "$work/a.txt" "$work/b.txt" | head -6; diff -r "$work/a" "$work/b" | head -3
  fi
}
for m in "${modules[@]}"; do
  ins=()
  case "$m" in tests/jax_suite/*) ins=("$(dirname "$m")"/../in_*.npy) ;; esac
  # a kernel that never ends stops at its op budget in both runs, at the same op: a million ops
  # show that as well as the default billion, which costs a minute a run
  case "$m" in */endless*.mlir) ins+=(--max-ops 1000000) ;; esac
  # dma_big_any.mlir's random input would be 10 GiB: refused the same way by both runs
  ins+=(--max-memory 1G)
  compare "$m" run "$m" "${ins[@]}" --no-check --host-helpers -1
done
# the PRNG kernel's chain is one group: a budget that ends inside it names the same op
prng=tests/jax_suite/threefry/v_fwd/module.mlir
if [ -f "$prng" ]; then
  for ops in 40 200 1000; do compare "threefry --max-ops $ops" run "$prng" tests/jax_suite/threefry/in_*.npy --max-ops $ops; done
fi
echo "chunk_parity: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
