#!/usr/bin/env bash
# vLLM's TPU kernel tests (tests/production/run.py) through tessera against JAX's TPU
# interpret mode on the same cases. Each round runs every case of a subset file twice, in
# separate pytest processes: once as the chip on tessera, once as the same chip with every
# pallas_call in JAX's TPU interpret mode (InterpretParams(out_of_bounds_reads="uninitialized"):
# tests/jax_upstream/tessera_tpu_shim.py says why); the two sides alternate
# which goes first from round to round, so that a change in the machine's load falls on both.
# Printed per case: the median over the rounds of each side's test time, the ratio
# (interpret / tessera) and each side's outcome; and the load average before each run. A
# test's time includes its own reference computation and XLA's compiles, which both sides
# share; the kernels are what differ. Not a test.
#   bench/production_vs_interpret.sh [SUBSET] [SOURCE] [CHIP] [ROUNDS]
# SUBSET defaults to tests/production/subset.txt and SOURCE to tests/production/vendor (the
# copies CI has); give a clone of tpu-inference, or "-" for the fetched copy, for other files.
# ROUNDS defaults to 3.
set -euo pipefail
SUBSET=${1:-tests/production/subset.txt}
SOURCE=${2:-tests/production/vendor}
[ "$SOURCE" = - ] && SOURCE=
CHIP=${3:-v6e}
ROUNDS=${4:-3}
PY=${PY:-python/.venv/bin/python}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
side() { # side ROUND tessera|interpret
  echo "round $1, $2: $(uptime | sed 's/.*load average/load average/')"
  local flag=
  [ "$2" = interpret ] && flag=--interpret-only
  "$PY" tests/production/run.py ${SOURCE:+--tpu-inference "$SOURCE"} --subset "$SUBSET" --chip "$CHIP" \
    $flag --quiet --json "$dir/$1-$2.json" >/dev/null
}
for r in $(seq 1 "$ROUNDS"); do
  if [ $((r % 2)) = 1 ]; then side "$r" tessera; side "$r" interpret; else side "$r" interpret; side "$r" tessera; fi
done
"$PY" - "$dir" "$CHIP" <<'PY'
import glob, json, statistics, sys
from collections import defaultdict
d, chip = sys.argv[1], sys.argv[2]
t = defaultdict(lambda: defaultdict(list))  # case -> side -> [(outcome, seconds)]
for path in sorted(glob.glob(f"{d}/*.json")):
    for run in json.load(open(path)):
        side = "interpret" if run["run"] == "interpret" else "tessera"
        for r in run["records"]:
            t[f"{run['file']}::{r['id']}"][side].append((r["outcome"], r["seconds"]))
print(f"\n{'case':72} {'tessera s':>9} {'interpret s':>11} {'ratio':>6}  outcomes (tessera / interpret)")
tot = {"tessera": 0.0, "interpret": 0.0}
for case in sorted(t):
    med, outs = {}, {}
    for side in ("tessera", "interpret"):
        runs = t[case][side]
        outs[side] = ",".join(sorted({o for o, _ in runs})) or "-"
        med[side] = statistics.median(s for _, s in runs) if runs else None
    both = outs["tessera"] == "passed" and outs["interpret"] == "passed"
    ratio = f"{med['interpret'] / med['tessera']:6.2f}" if both else "     -"
    cell = lambda v: f"{v:9.1f}" if v is not None else f"{'-':>9}"
    print(f"{case[-72:]:72} {cell(med['tessera'])} {cell(med['interpret']):>11} {ratio}  "
          f"{outs['tessera']} / {outs['interpret']}")
    if both:
        tot["tessera"] += med["tessera"]
        tot["interpret"] += med["interpret"]
if tot["tessera"]:
    print(f"{'cases that pass on both sides, together':72} {tot['tessera']:9.1f} {tot['interpret']:11.1f} "
          f"{tot['interpret'] / tot['tessera']:6.2f}")
PY
