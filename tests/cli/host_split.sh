#!/usr/bin/env bash
# The host split (docs/architecture.md): on a one-core chip with idle host CPUs, parts of a
# kernel's leading grid axis run at once, the host parts on host threads. Every artifact of the
# JAX conformance suite runs with one and with three host parts besides core 0's (--host-helpers 1
# and 3) and without (-1), unobserved (--no-check): the outputs must be the same bits and the
# report's steps and DMA counts the same; in zero-copy mode too; and with every checker
# (--check, which gets the split's events spliced too), which must find nothing; and on v5p, whose
# two cores each split their share; and timed, with the same timing report, JSON and trace.
# Every kernel splits but those whose body has DMA, semaphore or log ops (debug_print,
# emit_pipeline_matmul, manual_dma) or that alias an input to an output (io_alias), whatever
# their dimension semantics (most of the suite names none: all arbitrary); the list is checked.
# A kernel that does not split still shares its matmul blocks with the helpers in row bands:
# the lowered conformance matmul must give the same bits with helpers and without.
# TSR_QUICK (the sanitizer builds) runs every mode on every kernel, fewer times: the v_new
# module only (a split runs what either version reads to, and cli_jax_suite runs both there),
# copy mode with three helpers only.
set -u
T=${1:?path to tessera}
suite=$(cd "$(dirname "$0")/../jax_suite" && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
no_split=" debug_print emit_pipeline_matmul io_alias manual_dma "
pass=0; fail=0
counts() { grep -o '([0-9]* steps, [0-9]* DMAs in, [0-9]* out' "$1"; }
# check K MODULE LABEL [FLAGS...]: runs MODULE with one and three helpers (copy mode) or one
# (zero-copy) and without (-1); same bits, same counts, and a split exactly where expected
check() {
  local k=$1 module=$2 label=$3 ok=1 want=1 helpers="1 3"
  shift 3
  case " $* " in *" --zero-copy "*|*" --check "*) helpers=1 ;; *) [ -n "${TSR_QUICK:-}" ] && helpers=3 ;; esac
  case "$no_split" in *" $k "*) want=0 ;; esac
  for h in $helpers -1; do
    mkdir -p "$tmp/$h"; rm -f "$tmp/$h"/*
    # shellcheck disable=SC2086
    "$T" run "$module" $ins "$@" --host-helpers "$h" --dump report -o "$tmp/$h" >"$tmp/log$h" 2>&1 ||
      { ok=0; echo "FAIL: $label --host-helpers $h: $(tail -n 1 "$tmp/log$h")"; }
  done
  for h in $helpers; do
    for f in "$tmp"/-1/*.npy; do
      cmp -s "$f" "$tmp/$h/$(basename "$f")" || { ok=0; echo "FAIL: $label: $(basename "$f") differs with $h helper(s)"; }
    done
    [ "$(counts "$tmp/log$h")" = "$(counts "$tmp/log-1")" ] && [ -n "$(counts "$tmp/log$h")" ] ||
      { ok=0; echo "FAIL: $label: counts $(counts "$tmp/log$h") with $h helper(s), $(counts "$tmp/log-1") without"; }
    local split=0
    grep -q 'split into [0-9]* parts' "$tmp/log$h" && split=1
    [ $split -eq $want ] || { ok=0; echo "FAIL: $label with $h helper(s): split=$split, expected $want"; }
  done
  grep -q 'split into' "$tmp/log-1" && { ok=0; echo "FAIL: $label split without a host thread"; }
  if [ $ok -eq 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); fi
}
for kd in "$suite"/*/; do
  k=$(basename "$kd")
  ins=$(ls "$kd"in_*.npy 2>/dev/null | sort -V)
  for v in v_fwd v_new; do
    [ -n "${TSR_QUICK:-}" ] && [ $v = v_fwd ] && continue
    check "$k" "$kd$v/module.mlir" "$k/$v" --no-check
  done
  # zero-copy mode too (blocks as views of HBM, outputs written in place)
  check "$k" "${kd}v_new/module.mlir" "$k zero-copy" --zero-copy --no-check
  # checked: every checker on, no findings (a finding exits 1)
  check "$k" "${kd}v_new/module.mlir" "$k checked" --check
  # two TensorCores: each core's share splits into host parts (an all-arbitrary grid, which
  # core 0 runs alone, over core 1's idle thread too)
  check "$k" "${kd}v_new/module.mlir" "$k v5p" --chip v5p --no-check
done
# timed: the timing model gets the parts' events spliced into the run in order's, so a run it
# observes splits as an unobserved one does, and its report, JSON and trace are the same byte
# for byte as without the split (one TensorCore and two; with the checkers too, which get
# them the same way)
timed() {
  local k=$1 module=$2 label=$3 ok=1 want=1
  shift 3
  case "$no_split" in *" $k "*) want=0 ;; esac
  for h in 3 -1; do
    # shellcheck disable=SC2086
    "$T" run "$module" $ins "$@" --report --json --trace "$tmp/trace$h.json" --host-helpers "$h" --dump report \
      >"$tmp/timed$h" 2>&1 || { ok=0; echo "FAIL: $label timed --host-helpers $h: $(tail -n 1 "$tmp/timed$h")"; }
    grep -v '^report: \|^trace: ' "$tmp/timed$h" >"$tmp/model$h" # the wall time and the split differ
  done
  cmp -s "$tmp/model3" "$tmp/model-1" || { ok=0; echo "FAIL: $label: the timing report differs with the split"; diff "$tmp/model3" "$tmp/model-1" | head -n 6; }
  cmp -s "$tmp/trace3.json" "$tmp/trace-1.json" || { ok=0; echo "FAIL: $label: the trace differs with the split"; }
  local split=0
  grep -q 'split into [0-9]* parts' "$tmp/timed3" && split=1
  [ $split -eq $want ] || { ok=0; echo "FAIL: $label timed: split=$split, expected $want"; }
  if [ $ok -eq 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); fi
}
for kd in "$suite"/*/; do
  k=$(basename "$kd")
  ins=$(ls "$kd"in_*.npy 2>/dev/null | sort -V)
  timed "$k" "${kd}v_new/module.mlir" "$k timed" --no-check
  timed "$k" "${kd}v_new/module.mlir" "$k timed v5p" --chip v5p --no-check
  timed "$k" "${kd}v_new/module.mlir" "$k timed and checked"
done
# a kernel that cannot split (its DMAs are its own: the lowered form of a 256^3-block matmul)
# still hands its big matmul blocks to the helpers in row bands, cut by the block's shape
# alone: the same bits with helpers and without
mm="$(dirname "$0")/../conformance/jax_export_backcompat/mosaic_matmul/module.mlir"
if "$T" lower "$mm" -o "$tmp/lowered.mlir" >"$tmp/lower.log" 2>&1; then
  ok=1
  for h in 1 3 -1; do
    mkdir -p "$tmp/b$h"
    "$T" run "$tmp/lowered.mlir" --host-helpers "$h" --no-check -o "$tmp/b$h" >"$tmp/blog$h" 2>&1 ||
      { ok=0; echo "FAIL: lowered matmul --host-helpers $h: $(tail -n 1 "$tmp/blog$h")"; }
  done
  for h in 1 3; do
    cmp -s "$tmp/b-1/out_0.npy" "$tmp/b$h/out_0.npy" || { ok=0; echo "FAIL: lowered matmul differs with $h helper(s)"; }
  done
  if [ $ok -eq 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); fi
else
  fail=$((fail+1)); echo "FAIL: tessera lower $mm: $(tail -n 1 "$tmp/lower.log")"
fi
echo "host_split: $pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
