#!/usr/bin/env bash
# vLLM's TPU kernel tests (tests/production/run.py) through tessera against JAX's TPU
# interpret mode on the same cases: each case of a subset file runs once as the chip on
# tessera and once as the same chip with every pallas_call in interpret mode
# (interpret=pltpu.InterpretParams()), in separate pytest processes, and the test time of
# each side is printed per case with the ratio (interpret / tessera). A test's time includes
# its own reference computation and XLA's compiles of it, which both sides share; the kernel
# is what differs. Prints the load average too: the ratios are only comparable on a quiet
# machine. Not a test.
#   bench/production_vs_interpret.sh [SUBSET] [SOURCE] [CHIP]
# SUBSET defaults to tests/production/subset.txt and SOURCE to tests/production/vendor (the
# copies CI has); give a clone of tpu-inference, or "-" for the fetched copy, for other files.
set -euo pipefail
SUBSET=${1:-tests/production/subset.txt}
SOURCE=${2:-tests/production/vendor}
[ "$SOURCE" = - ] && SOURCE=
CHIP=${3:-v6e}
PY=${PY:-python/.venv/bin/python}
uptime
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$PY" tests/production/run.py ${SOURCE:+--tpu-inference "$SOURCE"} --subset "$SUBSET" --chip "$CHIP" \
  --interpret --quiet --json "$out" >/dev/null
"$PY" - "$out" "$CHIP" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))
chip = sys.argv[2]
t = {}
for run in runs:
    for r in run["records"]:
        t.setdefault((run["file"], r["id"]), {})[run["run"]] = r
total = {chip: 0.0, "interpret": 0.0}
print(f"{'case':70} {'tessera s':>10} {'interpret s':>12} {'ratio':>7}")
for (f, i), sides in sorted(t.items()):
    a, b = sides.get(chip), sides.get("interpret")
    if not a or not b or a["outcome"] != "passed" or b["outcome"] != "passed":
        print(f"{f}::{i}: not passed on both sides ({a and a['outcome']}, {b and b['outcome']})")
        continue
    total[chip] += a["seconds"]
    total["interpret"] += b["seconds"]
    print(f"{(f + '::' + i)[-70:]:70} {a['seconds']:10.1f} {b['seconds']:12.1f} {b['seconds'] / a['seconds']:7.2f}")
if total[chip]:
    print(f"{'all passing on both':70} {total[chip]:10.1f} {total['interpret']:12.1f} "
          f"{total['interpret'] / total[chip]:7.2f}")
PY
