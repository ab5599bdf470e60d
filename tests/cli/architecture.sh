#!/usr/bin/env bash
# What docs/architecture.md says about the code, checked against the code (the layers
# themselves: tests/cli/layers.sh; the seam: seam.sh; the constructor: front_doors.sh):
# - its table of layers lists the folders of src/ in the order of docs/conventions.md;
# - there is one engine: pipe_run is called from pallas_call.c and emit_pipeline.c only;
# - the fast paths are decided in src/pipeline/fast_paths.c only: no other file sets a
#   bref's view or late-copy flags.
# Reads the sources only (the tessera argument is unused).
set -u
cd "$(dirname "$0")/../.."
fail=0
order=$(awk '/<!-- layers: lowest first -->/ {getline; print; exit}' docs/conventions.md | tr -d '`')
table=$(awk '/^## Layers/ {on = 1} on && /^\| `[a-z]+` \|/ {gsub(/[|` ]/, " "); print $1} /^## One path/ {exit}' \
          docs/architecture.md | tr '\n' ' ')
if [ "$(echo $table)" != "$(echo $order)" ]; then
  echo "FAIL: docs/architecture.md's layers ($table) are not docs/conventions.md's order ($order)"
  fail=1
fi
calls=$(grep -rlE '\bpipe_run\(' src --include='*.c' | grep -v '^src/pipeline/engine\.c$' | sort | tr '\n' ' ')
if [ "$calls" != "src/pipeline/emit_pipeline.c src/pipeline/pallas_call.c " ]; then
  echo "FAIL: pipe_run, the one engine, is called from: $calls(docs/architecture.md says pallas_call.c and emit_pipeline.c)"
  fail=1
fi
flags=$(grep -rnE '(->|\.)(read_only_view|strided_view|overwrite_view|late_in|late_out)[[:space:]]*=[^=]' src |
          grep -v '^src/pipeline/fast_paths\.c:')
if [ -n "$flags" ]; then
  echo "FAIL: a fast path is decided outside src/pipeline/fast_paths.c:"
  echo "$flags"
  fail=1
fi
[ "$fail" = 0 ] || exit 1
echo "architecture: the layer table, the one engine and the fast paths match docs/architecture.md"
