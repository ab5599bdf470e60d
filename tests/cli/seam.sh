#!/usr/bin/env bash
# The kernel seam (src/pipeline/seam.h, docs/architecture.md "The one seam"): the Mosaic
# executor includes nothing from the layers below or beside it but that one header (its IR
# from mlir/, core/, the op tables and the public headers are fine), so that the pipeline and
# the machine may change behind it. Reads the sources only (the tessera argument is unused).
set -u
cd "$(dirname "$0")/../.."
bad=$(grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' src/mosaic/*.[ch] |
  grep -E '"(machine|pipeline|timing|check|hlo|cli)/' | grep -v '"pipeline/seam\.h"')
if [ -n "$bad" ]; then
  echo "FAIL: src/mosaic includes past the kernel seam (only pipeline/seam.h from below):"
  echo "$bad"
  exit 1
fi
n=$(grep -l '#include "pipeline/seam.h"' src/mosaic/*.[ch] | wc -l)
[ "$n" -ge 1 ] || { echo "FAIL: no file of src/mosaic includes pipeline/seam.h"; exit 1; }
echo "seam: src/mosaic reaches the pipeline and the machine through pipeline/seam.h only"
