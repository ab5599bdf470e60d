#!/usr/bin/env bash
# Installs what tessera needs to build and test, from Debian's packages, when it is missing.
# Idempotent: prints nothing and installs nothing when everything is there.
set -euo pipefail

need=()
command -v cmake >/dev/null || need+=(cmake)
command -v gcc >/dev/null || need+=(gcc)
command -v clang >/dev/null || need+=(clang)
command -v make >/dev/null || need+=(make)
command -v pkg-config >/dev/null || need+=(pkg-config)
pkg-config --exists openblas 2>/dev/null || need+=(libopenblas-dev)
pkg-config --exists libcjson 2>/dev/null || need+=(libcjson-dev)
# libxsmm: generated kernels for block-sized matmuls on x86-64 (src/core/xsmm.c); optional
if [ "$(uname -m)" = x86_64 ] && [ ! -f /usr/include/libxsmm.h ]; then need+=(libxsmm-dev); fi
# Open MPI: many chips over MPI processes (src/mpi, docs/mpi.md; tests/mpi)
command -v mpicc >/dev/null || need+=(libopenmpi-dev)
command -v mpirun >/dev/null || need+=(openmpi-bin)
# libFuzzer and the sanitizer runtimes for clang
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need+=(libclang-rt-dev)

if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
