#!/usr/bin/env bash
# The whole test suite: a release build with gcc (all tests), a clang build (warnings are
# errors), a gcc build under AddressSanitizer + UndefinedBehaviorSanitizer (all tests), a
# clang build under ThreadSanitizer (the tests but two, below), the Python package built into
# a pinned venv and its pytest suite (the PJRT plugin's also with the oldest JAX it supports),
# every command and snippet of README.md and docs/ and the examples run as written, a subset of
# JAX's own Pallas TPU tests run through the package, and a bounded run of the libFuzzer
# targets. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}

step() { echo; echo "== $*"; }

step "pinned Python environment (python/requirements.txt)"
# jaxlib's XLA FFI header: every build below builds the FFI handler and its C test too
py=$(tools/jax/setup.sh python/.venv python/requirements.txt | tail -n 1)
TSR_XLA_FFI_INCLUDE=$("$py" -c 'import jax; print(jax.ffi.include_dir())')
export TSR_XLA_FFI_INCLUDE

step "release build (gcc) and tests"
# with MPI (scripts/setup.sh installs Open MPI): the mpi test runs 1, 2 and 4 processes
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTSR_MPI=ON >/dev/null
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

step "ThreadSanitizer build and tests"
# Cores, host helpers and the host split share memory across threads. Not run here:
# test_pallas_call, whose two cores write one output block on purpose (the race it warns
# about without checkers and reports with them), and cli_run, which counts the process's threads (TSan adds its own).
CC=clang cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DTSR_TSAN=ON >/dev/null
cmake --build build-tsan -j"$JOBS"
(cd build-tsan && TSAN_OPTIONS=halt_on_error=1 TSR_QUICK=1 \
   ctest --output-on-failure -j"$JOBS" -E '^(test_pallas_call|cli_run)$')

step "Python package (pip install .) and its tests"
"$py" -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps .
TSR_CLI="$PWD/build/tessera" "$py" -m pytest -q python/tests

step "the PJRT plugin with the oldest JAX it supports (python/requirements-jax0.10.0.txt)"
# its scripts of python/tests/test_pjrt.py, with the library of the package installed above
old_py=$(tools/jax/setup.sh python/.venv-jax0.10.0 python/requirements-jax0.10.0.txt | tail -n 1)
TSR_PJRT_OLD_PYTHON="$old_py" TSR_CLI="$PWD/build/tessera" "$py" -m pytest -q python/tests/test_pjrt.py -k oldest_jax

step "README.md and docs/: every command and snippet as written, and examples/ (tests/docs)"
# needs build/tessera (the MPI build above) and the package just installed
"$py" tests/docs/check_docs.py

step "JAX's own Pallas TPU tests through tessera, the CI subset (tests/jax_upstream)"
# the listed cases of tpu_pallas_test.py and tpu_pallas_pipeline_test.py, as v5e and as v5p:
# every one must pass (the whole run and its figures: docs/jax_upstream.md)
"$py" tests/jax_upstream/run.py --subset tests/jax_upstream/subset.txt --chip v5e,v5p --strict --quiet
# the same cases through the PJRT plugin: JAX's TPU backend is tessera's (docs/pjrt.md)
"$py" tests/jax_upstream/run.py --plugin --subset tests/jax_upstream/subset.txt --chip v5e --strict --quiet

if [ -x scripts/fuzz.sh ]; then
  step "fuzzing (bounded)"
  FUZZ_SECONDS=${FUZZ_SECONDS:-30} JOBS="$JOBS" scripts/fuzz.sh
fi
echo
echo "all test stages passed"
