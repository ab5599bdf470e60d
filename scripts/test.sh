#!/usr/bin/env bash
# The whole test suite, in stages: a release build with gcc (all tests), a clang build
# (warnings are errors; not run), a gcc build under AddressSanitizer + UndefinedBehaviorSanitizer
# (all tests), a clang build under ThreadSanitizer (the tests that start threads but two, below;
# both sanitizer builds at -O1, CMakeLists.txt says why), the Python package's wheel, installed
# into a pinned venv with the newest JAX it supports and its pytest suite run, and in a venv
# with the oldest the tests whose kernels JAX lowers (and the PJRT plugin's scripts), every
# command and snippet of README.md and docs/ and the examples run as written, a subset of JAX's
# own Pallas TPU tests (through the FFI handler and through the PJRT plugin) and of vLLM's TPU
# kernel tests run through the package, and a bounded run of the libFuzzer targets.
#
# Each configuration is built once, in a folder of its own, and a stage starts as soon as
# what it needs is there: stages that do not depend on each other run at once, as many as the
# cores allow (JOBS, default 2: a stage that builds or runs ctest takes JOBS cores, one that
# runs one process takes 1, and JOBS + 1 are handed out, since no stage keeps its cores busy
# all the time). Each stage's output goes to build-logs/STAGE.log; when a stage ends its wall
# time and CPU time (user + system, its processes together) are printed, and at the end a
# table of them all. The first failure stops the run, prints the end of its log and exits 1.
# ccache is used where it is installed (CCACHE_DISABLE=1 turns it off).
#
#   scripts/test.sh             every stage (make test)
#   scripts/test.sh check       the edit-build-test loop (make check): the release build, its
#                               ctest cases but the slowest, the package and a quick pytest subset
#   scripts/test.sh STAGE...    these stages and the ones they need (names: --list)
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
LOGS=build-logs

# ---- the stages: name, cores, the stages it needs, what it runs ------------------------------
names=()
declare -A width need
stage() { names+=("$1"); width[$1]=$2; need[$1]=$3; }

launcher=()
if command -v ccache >/dev/null && [ -z "${CCACHE_DISABLE:-}" ]; then launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache); fi
configure_build() { # DIR CMAKE-ARGS...: configure and build one configuration
  local dir=$1; shift
  cmake -S . -B "$dir" "${launcher[@]}" "$@" >/dev/null
  cmake --build "$dir" -j"$JOBS"
}

# ctest's cases that take longest (a minute or more on 2 loaded cores); `check` leaves them out
SLOW='^(mpi|cli_timing_only|cli_chunk_parity|cli_lower|test_multichip|cli_multichip|cli_host_split|cli_zero_copy_parity|cli_inspect_devices|cli_stablehlo_suite|test_mosaic_kernels)$'
# more cases than cores: some wait more than they compute (mpirun's start, the install test)
CTEST_JOBS=$((JOBS + 1))

stage gcc 2 ""
st_gcc() { # with MPI (scripts/setup.sh installs Open MPI): the mpi test runs 1, 2 and 4 processes
  configure_build build -DCMAKE_BUILD_TYPE=Release -DTSR_MPI=ON
}
stage ctest 2 "gcc"
st_ctest() { cd build && ctest --output-on-failure -j"$CTEST_JOBS"; }
stage ctest_quick 2 "gcc"
st_ctest_quick() { cd build && ctest --output-on-failure -j"$CTEST_JOBS" -E "$SLOW"; }

WHEELS=build-python/wheel WHEEL_BUILD=build-wheel
stage package 2 "gcc"
st_package() { # the Python package's wheel (pip wheel .), built once, installed into the pinned venv
  local args=()
  # after the gcc build, with its compiler named as it is there (ccache keys on the name) and in
  # a folder as deep (CCACHE_BASEDIR makes paths relative to it): the library's sources, the
  # same flags, come from ccache
  local cc
  cc=$(sed -n 's/^CMAKE_C_COMPILER:FILEPATH=//p' build/CMakeCache.txt)
  args+=(-Cbuild-dir="$WHEEL_BUILD")
  if [ -n "$cc" ]; then
    args+=(-Ccmake.define.CMAKE_C_COMPILER="$cc")
    # configured before with another compiler, CMake would drop its cache, and with it the
    # other definitions (the launcher among them), for that run
    if [ -f "$WHEEL_BUILD/CMakeCache.txt" ] && ! grep -q "^CMAKE_C_COMPILER:[A-Z]*=$cc\$" "$WHEEL_BUILD/CMakeCache.txt"; then
      rm -f "$WHEEL_BUILD/CMakeCache.txt"
    fi
  fi
  [ ${#launcher[@]} -gt 0 ] && args+=(-Ccmake.define.CMAKE_C_COMPILER_LAUNCHER=ccache)
  rm -rf "$WHEELS"
  "$py" -m pip wheel --quiet --disable-pip-version-check --no-build-isolation --no-deps "${args[@]}" -w "$WHEELS" .
  "$py" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$WHEELS"/tessera-*.whl
}
stage pytest 1 "package gcc"
st_pytest() { TSR_CLI="$PWD/build/tessera" "$py" -m pytest -q python/tests; }
stage pytest_oldest 1 "package gcc"
st_pytest_oldest() { # the tests with the oldest JAX the package supports (pyproject.toml)
  local old
  old=$(tools/jax/setup.sh python/.venv-jax0.10.0 python/requirements-jax0.10.0.txt | tail -n 1)
  "$old" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall "$WHEELS"/tessera-*.whl
  "$old" -c 'import jax; print("jax", jax.__version__)'
  # Every file whose kernels JAX traces and lowers through the package's seams (the JAX
  # internals, python/tessera/_jax_seams.py) runs: what a JAX release changes is what it hands
  # tessera. Left to the pinned JAX's run (stage pytest): the files about tessera's own side,
  # the same whatever JAX lowered the kernel: the timing model and the tuner (test_timing,
  # test_tune: their kernels are test_suite's, through the same seams), the ctypes layer
  # (test_native), tests/production/run.py's logic (test_production_harness); and the PJRT
  # plugin's scripts (test_pjrt), of which the ones chosen for the oldest JAX run below.
  local own=(test_timing.py test_tune.py test_native.py test_production_harness.py test_pjrt.py)
  TSR_CLI="$PWD/build/tessera" "$old" -m pytest -q python/tests "${own[@]/#/--ignore=python/tests/}"
  # the PJRT plugin's scripts (python/tests/test_pjrt.py) in that venv: they never import tessera
  # (the tests start it from other folders: its path made absolute, its symlinks kept)
  case $old in /*) ;; *) old=$PWD/$old ;; esac
  TSR_PJRT_OLD_PYTHON="$old" TSR_CLI="$PWD/build/tessera" "$py" -m pytest -q python/tests/test_pjrt.py -k oldest_jax
}
stage pytest_quick 1 "package gcc"
st_pytest_quick() { # a few seconds of each area: errors, options, run/inspect, the suite's smallest kernels
  TSR_CLI="$PWD/build/tessera" "$py" -m pytest -q -x python/tests/test_native.py python/tests/test_errors.py \
    python/tests/test_options.py python/tests/test_run.py python/tests/test_no_outputs.py
}
stage docs 1 "package gcc"
st_docs() { # README.md and docs/: every command and snippet as written, and examples/ (tests/docs)
  "$py" tests/docs/check_docs.py
}
stage upstream 1 "package"
st_upstream() { # JAX's own Pallas TPU tests through tessera, the CI subset (tests/jax_upstream)
  # the listed cases of tpu_pallas_test.py and tpu_pallas_pipeline_test.py, as v5e and as v5p:
  # every one must pass (the whole run and its figures: docs/jax_upstream.md)
  "$py" tests/jax_upstream/run.py --subset tests/jax_upstream/subset.txt --chip v5e,v5p --strict --quiet
  # the same cases through the PJRT plugin: JAX's TPU backend is tessera's (docs/pjrt.md)
  "$py" tests/jax_upstream/run.py --plugin --subset tests/jax_upstream/subset.txt --chip v5e --strict --quiet
  # and the remote-DMA cases of tpu_pallas_distributed_test.py on four chips: that file is taken
  # from ../shared when it is there, else downloaded once into build/jax_upstream/; on a
  # machine where neither can be, it is skipped with a message saying where to put it
  "$py" tests/jax_upstream/run.py --plugin --files tpu_pallas_distributed_test.py --missing-ok \
    --subset tests/jax_upstream/subset_distributed.txt --chip v5e:4 --strict --quiet
  # the cases that skip before TPU v6 (DMAs that signal regular semaphores), as v6e:4
  "$py" tests/jax_upstream/run.py --plugin --files tpu_pallas_test.py,tpu_pallas_distributed_test.py --missing-ok \
    --subset tests/jax_upstream/subset_v6e.txt --chip v6e:4 --strict --quiet
}

stage production 1 "package"
st_production() { # vLLM's TPU kernel tests through tessera, the CI subset (tests/production)
  # the listed cases of tpu-inference's kernel tests, from the copies in tests/production/vendor
  # (CI reaches no network), as v6e: every one must pass (the whole run: docs/production.md)
  "$py" tests/production/run.py --tpu-inference tests/production/vendor --subset tests/production/subset.txt \
    --chip v6e --strict --quiet
  # the same case through the PJRT plugin: JAX's TPU backend is tessera's (docs/pjrt.md)
  "$py" tests/production/run.py --tpu-inference tests/production/vendor --subset tests/production/subset.txt \
    --chip v6e --plugin --strict --quiet
}

stage asan 2 ""
st_asan() { configure_build build-asan -DCMAKE_BUILD_TYPE=Debug -DTSR_SANITIZE=ON; }
stage ctest_asan 2 "asan"
st_ctest_asan() {
  cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    TSR_QUICK=1 ctest --output-on-failure -j"$CTEST_JOBS"
}

stage tsan 2 ""
st_tsan() { CC=clang configure_build build-tsan -DCMAKE_BUILD_TYPE=Debug -DTSR_TSAN=ON; }
stage ctest_tsan 2 "tsan"
st_ctest_tsan() {
  # Cores, host helpers and the host split share memory across threads. Not run here: the
  # cases that never start a second thread (label single_thread, CMakeLists.txt: TSan finds
  # races between threads, and the other builds run them), test_pallas_call, whose two cores
  # write one output block on purpose (the race it warns about without checkers and reports
  # with them), and cli_run, which counts the process's threads (TSan adds its own).
  cd build-tsan && TSAN_OPTIONS=halt_on_error=1 TSR_QUICK=1 \
    ctest --output-on-failure -j"$CTEST_JOBS" -LE single_thread -E '^(test_pallas_call|cli_run)$'
}

stage clang 2 ""
st_clang() { # every source and test through clang's warnings, with -Werror; nothing is run, so
  # nothing is optimized (clang warns from its front end, whatever the -O), and NDEBUG is the
  # release build's, so that code compiled only without asserts is checked too
  CC=clang configure_build build-clang -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="-O0 -DNDEBUG"
}

stage fuzz 2 ""
st_fuzz() { FUZZ_SECONDS=${FUZZ_SECONDS:-20} JOBS="$JOBS" scripts/fuzz.sh; } # scripts/fuzz.sh --soak: hours

# what a stage's log says when it passes (its last such line is printed)
declare -A said=([ctest]='tests passed' [ctest_quick]='tests passed' [ctest_asan]='tests passed'
                 [ctest_tsan]='tests passed' [pytest]=' passed' [pytest_oldest]=' passed' [pytest_quick]=' passed' [docs]='.'
                 [upstream]='.' [production]='.' [fuzz]='^fuzz: ')

# ---- which stages ----------------------------------------------------------------------------
all=(gcc ctest package pytest pytest_oldest docs upstream production asan ctest_asan tsan ctest_tsan clang fuzz)
case "${1:-}" in
  "") want=("${all[@]}") ;;
  check) want=(gcc ctest_quick package pytest_quick) ;;
  --list) echo "stages: ${names[*]}"; exit 0 ;;
  *) want=("$@") ;;
esac
declare -A todo
add() { # a stage and, first, what it needs
  [ -n "${width[$1]:-}" ] || { echo "test.sh: no stage '$1' (stages: ${names[*]})" >&2; exit 2; }
  [ -n "${todo[$1]:-}" ] && return
  for n in ${need[$1]}; do add "$n"; done
  todo[$1]=1
}
for s in "${want[@]}"; do add "$s"; done

# ---- the pinned Python environment: before everything (every build finds jaxlib's XLA FFI
# header through it and builds the FFI handler and its C test) ----------------------------------
mkdir -p "$LOGS"
echo "== pinned Python environment (python/requirements.txt)"
py=$(tools/jax/setup.sh python/.venv python/requirements.txt | tail -n 1)
TSR_XLA_FFI_INCLUDE=$("$py" -c 'import jax; print(jax.ffi.include_dir())')
export TSR_XLA_FFI_INCLUDE

# ---- running them ------------------------------------------------------------------------------
set -m # each stage in a process group of its own, so that a failure can stop the others
declare -A state pid_of name_of began
used=0 failed="" t0=$SECONDS
for s in "${!todo[@]}"; do state[$s]=waiting; done
ready() { for n in ${need[$1]}; do [ "${state[$n]}" = passed ] || return 1; done; }
launch() {
  local s=$1
  ( TIMEFORMAT="%R %U %S"
    time { ( set -e; "st_$s" ) >"$LOGS/$s.log" 2>&1; } ) 2>"$LOGS/$s.time" &
  pid_of[$s]=$!; name_of[$!]=$s; state[$s]=running; began[$s]=$((SECONDS - t0))
  used=$((used + width[$s]))
  echo "== $s: started at $((SECONDS - t0)) s"
}
report() { # NAME: its times, from the log of `time`
  local t; t=$(tail -n 1 "$LOGS/$1.time" 2>/dev/null || true)
  echo "$1 $t" | awk '{ printf "%s %.0f %.0f", $1, $2, $3 + $4 }'
}
while :; do
  for s in "${names[@]}"; do # in the order above: the longest chains first
    [ "${state[$s]:-}" = waiting ] && ready "$s" || continue
    if [ "$used" -eq 0 ] || [ $((used + width[$s])) -le $((JOBS + 1)) ]; then launch "$s"; fi
  done
  [ "$used" -eq 0 ] && break
  rc=0
  wait -n -p done_pid || rc=$?
  s=${name_of[$done_pid]}
  used=$((used - width[$s]))
  read -r _ wall cpu <<<"$(report "$s")"
  if [ "$rc" -ne 0 ]; then
    state[$s]=failed
    failed=$s
    echo "== $s: FAILED (exit $rc) after $wall s; the end of $LOGS/$s.log:"
    tail -n 150 "$LOGS/$s.log"
    for o in "${!pid_of[@]}"; do
      [ "${state[$o]}" = running ] && { kill -TERM -- "-${pid_of[$o]}" 2>/dev/null || true; state[$o]=stopped; }
    done
    wait || true
    break
  fi
  state[$s]=passed
  line=""
  [ -n "${said[$s]:-}" ] && line=$(grep -E -- "${said[$s]}" "$LOGS/$s.log" | tail -n 1 || true)
  echo "== $s: passed in $wall s (cpu $cpu s)${line:+: $line}"
done

echo
echo "stage          start   wall    cpu (seconds)"
for s in "${names[@]}"; do
  [ -n "${todo[$s]:-}" ] || continue
  [ "${state[$s]}" = passed ] || [ "${state[$s]}" = failed ] || { printf '%-13s %6s  %s\n' "$s" "-" "${state[$s]}"; continue; }
  read -r _ wall cpu <<<"$(report "$s")"
  printf '%-13s %6s %6s %6s%s\n' "$s" "${began[$s]}" "$wall" "$cpu" "$([ "${state[$s]}" = failed ] && echo '  FAILED')"
done
echo "all stages: $((SECONDS - t0)) s wall"
if [ -n "$failed" ]; then echo "failed: $failed"; exit 1; fi
echo
echo "all test stages passed"
