#!/usr/bin/env bash
# Builds every libFuzzer target (fuzz/fuzz_*.c; clang, ASan+UBSan, coverage on the whole
# library) into build-fuzz and runs each for a bounded time from a seed corpus of the
# conformance files.
# Usage: scripts/fuzz.sh [SECONDS]      each target once, for SECONDS (default: $FUZZ_SECONDS
#                                       or 60), JOBS (default 2) of them at a time: what
#                                       `make test` runs, bounded
#        scripts/fuzz.sh --soak DURATION [--slice SECONDS]
#                                       a long soak outside CI: the targets in turn, SECONDS
#                                       each (default 300), round after round until DURATION
#                                       (3600, 90m, 2h) is spent; the corpora grow from round
#                                       to round (fuzz/corpus-*), and the totals per target
#                                       are printed at the end. A crash stops the soak with
#                                       its input kept (crash-*, leak-*, timeout-*).
set -euo pipefail
cd "$(dirname "$0")/.."
soak=0; slice=300
if [ "${1:-}" = "--soak" ]; then
  case "${2:-}" in
    *h) soak=$(( ${2%h} * 3600 )) ;;
    *m) soak=$(( ${2%m} * 60 )) ;;
    *s) soak=${2%s} ;;
    [0-9]*) soak=$2 ;;
    *) echo "usage: scripts/fuzz.sh [SECONDS] | --soak DURATION [--slice SECONDS]" >&2; exit 2 ;;
  esac
  [ "${3:-}" = "--slice" ] && slice=${4:?--slice needs seconds}
  secs=$slice
else
  secs="${1:-${FUZZ_SECONDS:-60}}"
fi
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DTSR_FUZZ=ON -DTSR_SANITIZE=ON >/dev/null
targets=$(ls fuzz/fuzz_*.c | xargs -n1 basename | sed 's/\.c$//')
cmake --build build-fuzz -j"${JOBS:-2}" --target $targets tessera-cli

# seeds: the real artifacts each reader takes
seed() { # seed TARGET DIR
  case "$1" in
    fuzz_bytecode) cp tests/conformance/mosaic_bodies/*.mlirbc "$2"/ ;;
    fuzz_bytecode_roundtrip) # a version byte, then a body
      for f in tests/conformance/mosaic_bodies/*.mlirbc; do
        for v in 0 1 2 3 4 5 6; do
          { printf "\\$(printf %03o $v)"; cat "$f"; } > "$2/v${v}_$(basename "$f")"
        done
      done
      # the text modules as bytecode of every version, so v1-v6 readers get seeds too
      for f in tests/conformance/seed_my_call/*.mlir tests/conformance/jax_export_backcompat/*/module.mlir; do
        for v in 0 1 2 3 4 5 6; do
          out="$2/v${v}_$(echo "$f" | tr / _).mlirbc"
          { printf "\\$(printf %03o $v)"; ./build-fuzz/tessera dis --emit-bytecode $v -o - "$f"; } > "$out"
        done
      done ;;
    fuzz_mlir_text)
      cp tests/conformance/seed_my_call/*.mlir "$2"/
      # every registered op in its pretty form (tests/ops: the self-checking op kernels)
      for f in tests/ops/*.mlir; do cp "$f" "$2/ops_$(basename "$f")"; done
      for d in tests/conformance/jax_export_backcompat/*/; do
        cp "$d/module.mlir" "$2/$(basename "$d").mlir"
      done
      # jaxlib's pretty and generic prints of the StableHLO graphs of tests/ops
      for f in tests/hlo/forms/*.mlir; do cp "$f" "$2/forms_$(basename "$f")"; done
      # jaxlib's pretty print of every suite body (scf loops, DMAs, matmuls, logs)
      for d in tests/jax_suite/*/v_new/; do
        k=$(basename "$(dirname "$d")")
        cp "$d/body.mosaic.mlir" "$2/pretty_$k.mlir"
      done ;;
    fuzz_npy) find tests/conformance -name '*.npy' -exec cp {} "$2"/ \; ;;
    fuzz_run) # kernels and graphs that run: hand-written, jaxlib's prints, exported modules
      cp tests/mosaic/*.mlir tests/conformance/seed_my_call/*.mlir "$2"/
      for f in tests/hlo/*.mlir; do cp "$f" "$2/hlo_$(basename "$f")"; done
      for f in tests/ops/*.mlir; do cp "$f" "$2/ops_$(basename "$f")"; done
      for d in tests/jax_suite/*/v_new/; do
        k=$(basename "$(dirname "$d")")
        cp "$d/body.mosaic.mlir" "$2/body_$k.mlir"
        cp "$d/body.mlirbc" "$2/body_$k.mlirbc"
        cp "$d/module.mlir" "$2/module_$k.mlir"
      done
      # shard_map modules of several devices (sdy and the markers before it, collectives)
      for d in tests/shard_map/*/; do
        k=$(basename "$d")
        cp "$d/module.mlir" "$2/shard_map_$k.mlir"
        cp "$d/module_gspmd.mlir" "$2/shard_map_gspmd_$k.mlir"
      done ;;
    *) find tests/conformance -type f -size -64k | head -20 | xargs -I{} cp {} "$2"/ ;;
  esac
}

declare -A execs
for t in $targets; do
  corpus="fuzz/corpus-${t#fuzz_}"
  mkdir -p "$corpus"
  seed "$t" "$corpus"
  execs[$t]=0
done
# one bounded run of a target: its final stats, its status in LOG.rc
fuzz_one() { # TARGET LOG
  local status=0
  ./build-fuzz/"$1" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "fuzz/corpus-${1#fuzz_}" >"$2" 2>&1 || status=$?
  echo "$status" >"$2.rc"
}
# what a run printed and found; exits on a finding
fuzz_done() { # TARGET LOG ROUND
  echo "== $1 for ${secs}s$([ "$soak" -gt 0 ] && echo " (round $3)")"
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$2" || true
  n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$2" | tail -n 1)
  execs[$1]=$(( ${execs[$1]} + ${n:-0} ))
  status=$(cat "$2.rc")
  if [ "$status" -ne 0 ]; then
    tail -60 "$2"
    echo "$1 failed (exit $status); the input is kept in the current folder (crash-*, leak-*, timeout-*)"
    exit 1
  fi
}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
start=$SECONDS; round=0
if [ "$soak" -eq 0 ]; then
  # bounded (make test): the targets side by side, JOBS at a time (each is one process)
  for t in $targets; do
    while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do wait -n || true; done
    fuzz_one "$t" "$logs/$t" &
  done
  wait
  for t in $targets; do fuzz_done "$t" "$logs/$t" 1; done
  echo "fuzz: $(echo $targets | wc -w) targets, ${secs}s each, no finding"
  exit 0
fi
while :; do
  round=$((round + 1))
  for t in $targets; do
    fuzz_one "$t" "$logs/$t"
    fuzz_done "$t" "$logs/$t" "$round"
    [ $((SECONDS - start)) -ge "$soak" ] && break
  done
  [ $((SECONDS - start)) -lt "$soak" ] || break
done
if [ "$soak" -gt 0 ]; then
  echo "== soak: $((SECONDS - start)) s, $round round(s), no finding"
  for t in $targets; do
    echo "$t: ${execs[$t]} executions, corpus $(ls "fuzz/corpus-${t#fuzz_}" | wc -l) inputs"
  done
fi
