#!/usr/bin/env bash
# Builds every libFuzzer target (fuzz/fuzz_*.c; clang, ASan+UBSan, coverage on the whole
# library) into build-fuzz and runs each for a bounded time from a seed corpus of the
# conformance files. Usage: scripts/fuzz.sh [SECONDS]   (default: $FUZZ_SECONDS or 60)
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-${FUZZ_SECONDS:-60}}"
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
      for d in tests/conformance/jax_export_backcompat/*/; do
        cp "$d/module.mlir" "$2/$(basename "$d").mlir"
      done
      # jaxlib's pretty print of every suite body (scf loops, DMAs, matmuls, logs)
      for d in tests/jax_suite/*/v_new/; do
        k=$(basename "$(dirname "$d")")
        cp "$d/body.mosaic.mlir" "$2/pretty_$k.mlir"
      done ;;
    fuzz_npy) find tests/conformance -name '*.npy' -exec cp {} "$2"/ \; ;;
    fuzz_run) # kernels and graphs that run: hand-written, jaxlib's prints, exported modules
      cp tests/mosaic/*.mlir tests/hlo/*.mlir tests/conformance/seed_my_call/*.mlir "$2"/
      for d in tests/jax_suite/*/v_new/; do
        k=$(basename "$(dirname "$d")")
        cp "$d/body.mosaic.mlir" "$2/body_$k.mlir"
        cp "$d/body.mlirbc" "$2/body_$k.mlirbc"
        cp "$d/module.mlir" "$2/module_$k.mlir"
      done ;;
    *) find tests/conformance -type f -size -64k | head -20 | xargs -I{} cp {} "$2"/ ;;
  esac
}

for t in $targets; do
  corpus="fuzz/corpus-${t#fuzz_}"
  mkdir -p "$corpus"
  seed "$t" "$corpus"
  echo "== $t for ${secs}s"
  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
done
