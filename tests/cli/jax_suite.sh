#!/usr/bin/env bash
# The JAX conformance suite (tests/jax_suite/): every exported artifact run by `tessera run`
# against the reference outputs. Fails while any artifact fails; the table it prints is the
# status (see docs/jax_suite.md).
set -u
T=${1:?path to tessera}
here=$(cd "$(dirname "$0")" && pwd)
exec bash "$here/../jax_suite/run_suite.sh" "$T"
