#!/usr/bin/env bash
# Runs every artifact of the JAX conformance suite with tessera and prints a table:
#   kernel, IR version, PASS/FAIL, worst error, seconds, and the first line of any failure.
# Usage: tests/jax_suite/run_suite.sh PATH/TO/tessera [KERNEL...]
#   env TSR_SUITE_VERSIONS="v_fwd v_new" (default both), TSR_SUITE_TIMEOUT=120 (s per run)
# Each artifact runs as
#   tessera run v_X/module.mlir in_0.npy ... -o OUTDIR --expect expected_0.npy ... --rtol R --atol A
# with the tolerances of manifest.json. Exit 0 only when every artifact passes; anything tessera
# cannot run (unknown op, missing command, crash, timeout) is a FAIL listed by name.
set -u
T=${1:?usage: run_suite.sh PATH/TO/tessera [KERNEL...]}
shift
case "$T" in /*) ;; *) T="$PWD/$T" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
versions=${TSR_SUITE_VERSIONS:-v_fwd v_new}
limit=${TSR_SUITE_TIMEOUT:-120}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# kernel list and tolerances from the manifest (python3's json only; no numpy needed)
python3 - "$here/manifest.json" >"$tmp/kernels" <<'PY' || { echo "run_suite: cannot read manifest.json"; exit 1; }
import json, sys
m = json.load(open(sys.argv[1]))
for k in m["kernels"]:
    print(k["kernel"], repr(k["rtol"]), repr(k["atol"]), len(k["inputs"]), len(k["outputs"]))
PY

# worst |out - expected| from the files tessera wrote, when numpy is at hand (fallback only)
numpy_py=""
for p in python3 "$here/../../tools/jax/.venv/bin/python"; do
  if "$p" -c 'import numpy' 2>/dev/null; then numpy_py=$p; break; fi
done
worst_from_files() { # DIR KDIR NOUT
  [ -n "$numpy_py" ] || { echo "?"; return; }
  "$numpy_py" - "$@" <<'PY' 2>/dev/null || echo "?"
import sys, os, numpy as np
d, kd, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
w = 0.0
for i in range(n):
    o = os.path.join(d, f"out_{i}.npy")
    if not os.path.exists(o): print("?"); sys.exit(0)
    a = np.load(o); e = np.load(os.path.join(kd, f"expected_{i}.npy"))
    if e.dtype.kind == "V": e = e.view(np.uint16).astype(np.uint32) << 16; e = e.view(np.float32)
    if a.dtype.kind == "V": a = a.view(np.uint16).astype(np.uint32) << 16; a = a.view(np.float32)
    if a.shape != e.shape: print("shape"); sys.exit(0)
    if a.size: w = max(w, float(np.max(np.abs(a.astype(np.float64) - e.astype(np.float64)))))
print(f"{w:.3g}")
PY
}

want=" $* "
pass=0; fail=0; failed=()
printf '%-24s %-8s %-5s %-10s %7s  %s\n' kernel ir result worst seconds note
while read -r name rtol atol nin nout; do
  [ $# -eq 0 ] || [[ "$want" == *" $name "* ]] || continue
  kd="$here/$name"
  ins=(); exps=()
  for ((i = 0; i < nin; i++)); do ins+=("$kd/in_$i.npy"); done
  for ((i = 0; i < nout; i++)); do exps+=("$kd/expected_$i.npy"); done
  for v in $versions; do
    od="$tmp/$name.$v"; mkdir -p "$od"
    ver=$(grep -o 'stable_mosaic.version = [0-9]*' "$kd/$v/body.mosaic.mlir" 2>/dev/null | grep -o '[0-9]*$')
    t0=$(date +%s.%N)
    timeout "$limit" "$T" run "$kd/$v/module.mlir" "${ins[@]}" -o "$od" \
      --expect "${exps[@]}" --rtol "$rtol" --atol "$atol" >"$od.log" 2>&1
    rc=$?
    secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
    # worst error as tessera prints it ("worst ... 1.2e-06"), else from the written outputs
    worst=$(grep -ioE 'worst[^0-9+-]*[-+]?[0-9][0-9.]*(e[-+]?[0-9]+)?' "$od.log" | tail -n 1 |
            grep -oiE '[-+]?[0-9][0-9.]*(e[-+]?[0-9]+)?$')
    [ -n "$worst" ] || worst=$(worst_from_files "$od" "$kd" "$nout")
    note=""
    if [ $rc -eq 0 ]; then res=PASS; pass=$((pass + 1)); else
      res=FAIL; fail=$((fail + 1)); failed+=("$name/$v")
      case $rc in 124|137) note="timed out after ${limit}s" ;;
        *) note="exit $rc: $(grep -v '^\s*$' "$od.log" | grep -iE 'error|mismatch|worst|unsupported|unknown|fail' | head -n 1)"
           [ "$note" != "exit $rc: " ] || note="exit $rc: $(grep -v '^\s*$' "$od.log" | head -n 1)" ;;
      esac
    fi
    printf '%-24s %-8s %-5s %-10s %7s  %s\n' "$name" "${v#v_}${ver:+($ver)}" "$res" "${worst:--}" "$secs" "${note:0:150}"
  done
done <"$tmp/kernels"
echo "jax_suite: $pass passed, $fail failed"
if [ $fail -gt 0 ]; then echo "failed: ${failed[*]}"; exit 1; fi
[ $pass -gt 0 ] || { echo "jax_suite: no artifact ran"; exit 1; }
exit 0
