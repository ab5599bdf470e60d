#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan) into build-fuzz and runs each for a bounded
# time from a seed corpus of the conformance files. Usage: scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-60}"
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DTSR_FUZZ=ON -DTSR_SANITIZE=ON >/dev/null
cmake --build build-fuzz -j2 --target fuzz_bytecode fuzz_mlir_text
mkdir -p fuzz/corpus-bytecode fuzz/corpus-text
cp tests/conformance/mosaic_bodies/*.mlirbc fuzz/corpus-bytecode/
cp tests/conformance/seed_my_call/*.mlir fuzz/corpus-text/
for d in tests/conformance/jax_export_backcompat/*/; do cp "$d/module.mlir" "fuzz/corpus-text/$(basename "$d").mlir"; done
./build-fuzz/fuzz_bytecode -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 fuzz/corpus-bytecode
./build-fuzz/fuzz_mlir_text -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 fuzz/corpus-text
