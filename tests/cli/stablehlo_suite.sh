#!/usr/bin/env bash
# StableHLO's own suites (openxla/stablehlo at 3c9301c116f9, checked out in ../shared/upstream in
# the project's CI): the committed subset
# tests/stablehlo_suite/subset.txt (the first passing case of each op family, about 210) must
# all pass, in the text form and after tessera's generic print and bytecode. The whole suite
# and its table: tests/stablehlo_suite/run.py and docs/stablehlo_suite.md. Without the suites
# (a checkout with no ../shared) it says so and passes, unless TSR_REQUIRE_UPSTREAM=1 (CI).
set -u
T=${1:?path to tessera}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
found=""
for d in "$repo/../shared/upstream/stablehlo/stablehlo" /work/shared/upstream/stablehlo/stablehlo; do
  [ -d "$d/testdata" ] && [ -d "$d/tests/interpret" ] && { found=$d; break; }
done
if [ -z "$found" ]; then
  if [ "${TSR_REQUIRE_UPSTREAM:-0}" = 1 ]; then echo "FAIL: StableHLO's suites not found (../shared/upstream)"; exit 1; fi
  echo "SKIP: StableHLO's suites not found (../shared/upstream); nothing run"; exit 0
fi
status=0
for form in text generic bytecode; do
  if ! python3 "$repo/tests/stablehlo_suite/run.py" --tessera "$T" --upstream "$found" --form "$form" \
       --subset "$repo/tests/stablehlo_suite/subset.txt" --strict --quiet; then status=1; fi
done
exit $status
