#!/usr/bin/env bash
# The one machine constructor (include/tessera/sim.h, docs/conventions.md): the front doors
# (the CLI, the XLA FFI handler, the PJRT plugin, the Python package) build their machines, checkers and
# timing models through tsr_sim_create only, never by hand, so that what a run gets is decided
# in one place. Reads the sources only (the tessera argument is unused).
# No exceptions: tsr_chip_load (an early check of a --chip value) and tsr_timing_create (an FFI
# timing session's model, shared by its machines through tsr_sim_options.shared_timing) build
# no machine and attach nothing.
set -u
cd "$(dirname "$0")/../.."
bad=$(grep -rHnE '\btsr_(machine_create|checker_create|checker_attach|timing_attach)\b' \
        src/cli src/ffi src/pjrt python/tessera --include='*.[ch]' --include='*.py')
if [ -n "$bad" ]; then
  echo "FAIL: a front door builds a machine, checker or timing model by hand (use tsr_sim_create):"
  echo "$bad"
  exit 1
fi
# the check looks where the front doors are: each of them calls the constructor
for d in src/cli src/ffi src/pjrt python/tessera; do
  grep -rqE '\btsr_sim_create\b' "$d" --include='*.[ch]' --include='*.py' ||
    { echo "FAIL: nothing in $d calls tsr_sim_create (moved? update this check)"; exit 1; }
done
echo "front doors: src/cli, src/ffi, src/pjrt and python/tessera build machines through tsr_sim_create only"
