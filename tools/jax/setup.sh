#!/usr/bin/env bash
# Creates tools/jax/.venv with the pinned JAX (CPU) from requirements.txt, or VENV from
# REQUIREMENTS (the Python package's tests: python/.venv from python/requirements.txt).
# Idempotent: does nothing when the venv already has exactly the pinned versions.
# Usage: tools/jax/setup.sh [VENV REQUIREMENTS]   (prints the venv's python path on the last line)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv=${1:-$here/.venv}
reqs=${2:-$here/requirements.txt}
py=${PYTHON:-python3}
if [ -x "$venv/bin/python" ] && "$venv/bin/python" - "$reqs" <<'PY' 2>/dev/null
import sys, importlib.metadata as md
for line in open(sys.argv[1]):
    line = line.split('#')[0].strip()
    if not line: continue
    name, ver = line.split('==')
    if md.version(name) != ver: sys.exit(1)
PY
then
  echo "$venv/bin/python"; exit 0
fi
rm -rf "$venv"
if ! "$py" -c 'import venv, ensurepip' 2>/dev/null; then
  # Debian splits venv out of python3
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv >/dev/null
fi
"$py" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$reqs"
echo "$venv/bin/python"
