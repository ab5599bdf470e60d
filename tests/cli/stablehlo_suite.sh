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
# Under the sanitizers (TSR_QUICK) every case runs in the text form, and every third (a fixed
# sample, a third of the op families) in the other two: those add the printer, the bytecode
# writer and reader, which the release build runs on every case, and cost two more processes
# a case.
subset=$repo/tests/stablehlo_suite/subset.txt
sample=$subset
if [ -n "${TSR_QUICK:-}" ]; then
  sample=$(mktemp); trap 'rm -f "$sample"' EXIT
  grep -v '^#' "$subset" | awk 'NF && n++ % 3 == 0' >"$sample"
fi
status=0
for form in text generic bytecode; do
  cases=$sample; [ $form = text ] && cases=$subset
  if ! python3 "$repo/tests/stablehlo_suite/run.py" --tessera "$T" --upstream "$found" --form "$form" \
       --subset "$cases" --strict --quiet; then status=1; fi
done
exit $status
