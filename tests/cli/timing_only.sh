#!/usr/bin/env bash
# Timing-only runs (`tessera run --timing-only`, docs/timing.md "Timing-only runs"): on every
# kernel of the JAX suite, both IR versions, v5e and v5p, the simulated seconds of a
# timing-only run equal a full run's to the last bit (the JSON prints 17 digits), and the run
# either computed nothing ("N of N kernel calls ran without computing") or says which op made
# it run in full. A kernel that branches on vector data falls back with that message, and
# --timing-only=strict refuses it. Options that need outputs or checkers are usage errors.
# TSR_QUICK (the sanitizer builds) runs each kernel's v_fwd module on v5e and its v_new one on
# v5p: every kernel in both versions and on both chips, half the runs.
set -u
T=${1:?path to tessera}
here=$(cd "$(dirname "$0")" && pwd)
suite="$here/../jax_suite"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

seconds() { # FILE: simulated_seconds of the JSON object in it (lines before it: kernel logs), as
  # printed: digits that read back to the same double, so the same text for the same double
  # (no Python start per run)
  sed -n '/^{/,$p' "$1" | sed -n 's/^\t"simulated_seconds":[[:space:]]*\([^,]*\),\{0,1\}$/\1/p' | head -n 1
}

kernels=$(python3 -c 'import json,sys; print(" ".join(k["kernel"] for k in json.load(open(sys.argv[1]))["kernels"]))' \
  "$suite/manifest.json") || { echo "FAIL: cannot read the suite's manifest"; exit 1; }
exact=0 fallback=0
for k in $kernels; do
  ins=$(ls "$suite/$k"/in_*.npy 2>/dev/null | sort -V)
  for v in v_fwd v_new; do
    mod="$suite/$k/$v/module.mlir"
    [ -f "$mod" ] || continue
    chips="v5e v5p"
    [ -n "${TSR_QUICK:-}" ] && { [ $v = v_fwd ] && chips=v5e || chips=v5p; }
    for chip in $chips; do
      # shellcheck disable=SC2086
      "$T" run "$mod" $ins --chip "$chip" --json --no-check >"$tmp/full" 2>"$tmp/full.err" ||
        { bad "$k $v $chip: the full run failed: $(head -c 300 "$tmp/full.err")"; continue; }
      # shellcheck disable=SC2086
      "$T" run "$mod" $ins --chip "$chip" --json --timing-only >"$tmp/fast" 2>"$tmp/fast.err" ||
        { bad "$k $v $chip: the timing-only run failed: $(head -c 300 "$tmp/fast.err")"; continue; }
      a=$(seconds "$tmp/full") b=$(seconds "$tmp/fast")
      [ -n "$a" ] && [ "$a" = "$b" ] || bad "$k $v $chip: simulated seconds $b timing-only, $a in full"
      line=$(grep '^timing-only: ' "$tmp/fast.err")
      if [[ "$line" =~ ^timing-only:\ ([0-9]+)\ of\ ([0-9]+)\ kernel ]]; then
        if [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ]; then
          exact=$((exact + 1))
        elif grep -q 'runs in full, not timing-only: op .* at ' "$tmp/fast.err"; then
          fallback=$((fallback + 1))
          [ "$chip" = v5e ] && echo "  fallback: $k $v: $(grep -o 'runs in full.*' "$tmp/fast.err" | head -1)"
        else
          bad "$k $v $chip: some kernel calls ran in full without saying why: $line"
        fi
      else
        bad "$k $v $chip: no 'timing-only: N of M kernel calls' line"
      fi
    done
  done
done
echo "timing_only: suite runs equal to the bit: $exact timing-only, $fallback in full (fallback)"
[ "$exact" -gt 0 ] || bad "no suite kernel ran timing-only"

# The hand-written kernels of tests/mosaic (SMEM scratch deciding branches, DMAs of the
# kernel's own, loops, scopes): those that run in full give the same seconds timing-only
# (the op budget stops the endless ones in both runs). The memory limit leaves out
# dma_big_any.mlir, whose random input would be 10 GiB (test_mosaic_kernels.c runs it).
same=0
for mod in "$here"/../mosaic/*.mlir; do
  "$T" run "$mod" --json --no-check --max-ops 1000000 --max-memory 1G >"$tmp/full" 2>/dev/null || continue
  "$T" run "$mod" --json --timing-only --max-ops 1000000 --max-memory 1G >"$tmp/fast" 2>"$tmp/fast.err" ||
    { bad "$(basename "$mod"): runs in full but not timing-only: $(head -c 300 "$tmp/fast.err")"; continue; }
  a=$(seconds "$tmp/full") b=$(seconds "$tmp/fast")
  [ -n "$a" ] && [ "$a" = "$b" ] || bad "$(basename "$mod"): simulated seconds $b timing-only, $a in full"
  same=$((same + 1))
done
echo "timing_only: tests/mosaic kernels equal to the bit: $same"
[ "$same" -ge 10 ] || bad "only $same kernels of tests/mosaic ran"
# the SMEM counter decides which steps multiply: 3 of its 6 steps, in both runs
grep -q '"flops":[[:space:]]*12582912,' <("$T" run "$here/../mosaic/smem_counter.mlir" --json --timing-only 2>/dev/null) ||
  bad "smem_counter: the timing-only run did not count 3 multiplies of 128^3"

# A branch on vector data: the fallback names the load, strict refuses.
mod="$here/../mosaic/data_branch.mlir"
"$T" run "$mod" --json --no-check >"$tmp/full" 2>/dev/null || bad "data_branch: the full run failed"
"$T" run "$mod" --json --timing-only >"$tmp/fast" 2>"$tmp/fast.err" || bad "data_branch: the fallback failed"
grep -q 'kernel data_branch runs in full, not timing-only: op vector.load at .*data_branch.mlir:7:' "$tmp/fast.err" ||
  bad "data_branch: no fallback message naming the load: $(cat "$tmp/fast.err")"
grep -q '^timing-only: 0 of 1 kernel calls' "$tmp/fast.err" || bad "data_branch: not counted as a full run"
[ "$(seconds "$tmp/full")" = "$(seconds "$tmp/fast")" ] || bad "data_branch: the fallback's time differs from a full run's"
"$T" run "$mod" --timing-only=strict >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] || bad "data_branch: --timing-only=strict exits $rc, not 1"
grep -q 'cannot run timing-only (strict): op vector.load at ' "$tmp/out" || bad "data_branch: strict: $(cat "$tmp/out")"

# A DMA from the VMEM block into SMEM feeding a branch: the fallback names the DMA.
"$T" run "$here/../mosaic/vmem_to_smem.mlir" --json --timing-only >"$tmp/fast" 2>"$tmp/fast.err" ||
  bad "vmem_to_smem: the fallback failed"
grep -q 'runs in full, not timing-only: op tpu.enqueue_dma at .*vmem_to_smem.mlir:9:5 copies VMEM data into SMEM' \
  "$tmp/fast.err" || bad "vmem_to_smem: no fallback message naming the DMA: $(cat "$tmp/fast.err")"

# What a timing-only run says about its outputs, and the report it implies.
mm="$suite/matmul_bf16/v_new/module.mlir"
"$T" run "$mm" "$suite"/matmul_bf16/in_0.npy "$suite"/matmul_bf16/in_1.npy --timing-only >"$tmp/out" 2>&1 ||
  bad "matmul_bf16: timing-only run failed: $(cat "$tmp/out")"
grep -q '^output 0: .* not computed (timing-only run)' "$tmp/out" || bad "no 'not computed' line: $(cat "$tmp/out")"
grep -q '^simulated time ' "$tmp/out" || bad "--timing-only does not print the report"
grep -q 'checkers off' "$tmp/out" || bad "--timing-only does not say the checkers are off"

# Options that need outputs or checkers are usage errors (exit 2), before anything runs.
for opt in "-o $tmp/o" "--expect $suite/matmul_bf16/expected_0.npy" "--check" "--poison" "--repeat 2"; do
  # shellcheck disable=SC2086
  "$T" run "$mm" --timing-only $opt >"$tmp/out" 2>&1
  rc=$?
  [ $rc -eq 2 ] || bad "--timing-only $opt exits $rc, not 2"
  grep -q -- '--timing-only computes no outputs' "$tmp/out" || bad "--timing-only $opt: $(cat "$tmp/out")"
done
[ ! -e "$tmp/o" ] || bad "--timing-only -o created the output directory"

[ $fail -eq 0 ] && echo "timing_only: ok"
exit $fail
