#!/usr/bin/env bash
# Regenerates the JAX conformance suite (and tests/shard_map) with the pinned JAX into a temporary folder and
# compares it with the committed artifacts under tests/jax_suite/ (byte for byte: StableHLO
# text, Mosaic bytecode and text, .npy inputs and expected outputs, manifest.json).
# Installs the pinned venv itself (tools/jax/setup.sh). Exit 0 identical, 1 different or failed.
# Nothing is excluded: every file was found deterministic with jax/jaxlib 0.10.2 on CPU. The
# reference outputs (expected_*.npy, and the errors manifest.json measures) are XLA:CPU's on the
# exporting CPU; on another CPU they may round differently, which same_up_to_rounding.py
# accepts (within 4 epsilons of the array's scale) and nothing else.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
py=$("$here/setup.sh" | tail -n 1) || { echo "check_reproducible: venv setup failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! "$py" "$here/export_suite.py" --out "$tmp/jax_suite" >"$tmp/log" 2>&1; then
  grep -v '^tessera debug_print' "$tmp/log" | tail -n 40
  echo "check_reproducible: the generator failed"; exit 1
fi
# Only generated files take part: run_suite.sh and README-like files are not generated.
status=0
( cd "$repo/tests/jax_suite" && find . -type f \( -name '*.npy' -o -name '*.mlir' -o -name '*.mlirbc' -o -name manifest.json \) | sort ) >"$tmp/committed"
( cd "$tmp/jax_suite" && find . -type f | sort ) >"$tmp/generated"
if ! diff -u "$tmp/committed" "$tmp/generated" >"$tmp/lists"; then
  echo "check_reproducible: the generated file set differs from the committed one:"; cat "$tmp/lists"; status=1
fi
n=0; bad=0; rounded=0
while read -r f; do
  [ -f "$tmp/jax_suite/$f" ] || continue
  n=$((n+1))
  if ! cmp -s "$repo/tests/jax_suite/$f" "$tmp/jax_suite/$f"; then
    # a reference computed by XLA:CPU may round differently on another CPU (same_up_to_rounding.py)
    if "$py" "$here/same_up_to_rounding.py" "$repo/tests/jax_suite/$f" "$tmp/jax_suite/$f" >"$tmp/why"; then
      rounded=$((rounded+1)); continue
    fi
    cat "$tmp/why"
    bad=$((bad+1)); status=1; echo "DIFFERS: tests/jax_suite/${f#./}"
    case "$f" in *.mlir|*.json) diff -u "$repo/tests/jax_suite/$f" "$tmp/jax_suite/$f" | head -n 20;; esac
  fi
done <"$tmp/committed"
# the shard_map modules (tests/shard_map, tools/jax/shard_map_suite.py)
if ! "$py" "$here/shard_map_suite.py" --out "$tmp/shard_map" >"$tmp/log" 2>&1; then
  tail -n 40 "$tmp/log"; echo "check_reproducible: the shard_map generator failed"; status=1
elif ! diff -r "$repo/tests/shard_map" "$tmp/shard_map" >"$tmp/smdiff"; then
  head -n 40 "$tmp/smdiff"; echo "check_reproducible: tests/shard_map differs"; status=1
else
  n=$((n + $(find "$tmp/shard_map" -type f | wc -l)))
fi
if [ $status -eq 0 ]; then echo "check_reproducible: $n files identical to the committed artifacts ($rounded of them reference outputs equal up to this CPU's rounding)"
else echo "check_reproducible: $bad of $n files differ (regenerate with: tools/jax/.venv/bin/python tools/jax/export_suite.py)"; fi
exit $status
