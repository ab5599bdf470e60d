#!/usr/bin/env bash
# The whole test suite: a release build with gcc (all tests), a clang build (warnings are
# errors), a gcc build under AddressSanitizer + UndefinedBehaviorSanitizer (all tests), and a
# bounded run of the libFuzzer targets. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}

step() { echo; echo "== $*"; }

step "release build (gcc) and tests"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$JOBS"
(cd build && ctest --output-on-failure -j"$JOBS")

step "clang build (-Wall -Wextra -Werror)"
CC=clang cmake -S . -B build-clang -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-clang -j"$JOBS"

step "AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTSR_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$JOBS"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   TSR_QUICK=1 ctest --output-on-failure -j"$JOBS")

if [ -x scripts/fuzz.sh ]; then
  step "fuzzing (bounded)"
  FUZZ_SECONDS=${FUZZ_SECONDS:-30} JOBS="$JOBS" scripts/fuzz.sh
fi
echo
echo "all test stages passed"
