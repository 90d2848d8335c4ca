#!/usr/bin/env bash
# Sets up a Debian 12 machine for mm, builds it, and then either runs the
# main job on the shipped example or runs the whole test suite.
#
#   utils/quickstart.sh example   # build every tool, run mm-opt -O3 examples/saxpy.mml
#   utils/quickstart.sh test      # lit + GoogleTest, then the same under the
#                                 # sanitizers with the fuzzers' smoke runs
#   utils/quickstart.sh packages  # print the Debian packages it installs
#
# Idempotent: installs only missing packages (quietly), reuses build/.
set -euo pipefail

mode=${1:-example}
case "$mode" in
  example|test|packages) ;;
  *) echo "usage: $0 [example|test|packages]" >&2; exit 2 ;;
esac

cd "$(dirname "$0")/.."

# Everything the build, the tests, the examples and bench/ need, and no more:
# the toolchain and libraries (LLVM, MLIR, clang 19 with its fuzzer and
# sanitizer runtimes, lld, OpenMP for the benchmarks' baselines, fmt,
# GoogleTest), the build tools (make too, which the tests build CUDA
# projects' Makefiles with), python3 for lit, bc for bench/'s ratios,
# Vim, whose syntax file for bundles the tests run, and CUDA's C++
# libraries as Debian packages them (Thrust, CUB, libcu++), which CUDA
# programs include and the tests compile, OpenBLAS and FFTW, on which
# mm's cuBLAS and cuFFT compute, and gdb, in which the tests debug kernels.
packages=(cmake ninja-build make python3 bc llvm-19-dev libmlir-19-dev mlir-19-tools
          llvm-19-tools clang-19 lld-19 libclang-rt-19-dev libomp-19-dev
          libfmt-dev libgtest-dev vim libthrust-dev libcub-dev libcu++-dev
          libopenblas-dev libfftw3-dev gdb)
if [ "$mode" = packages ]; then
  echo "${packages[@]}"
  exit 0
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "quickstart: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
fi

llvm=/usr/lib/llvm-19
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DMLIR_DIR=$llvm/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=$llvm/build/utils/lit/lit.py >/dev/null
fi

if [ "$mode" = example ]; then
  ninja -C build --quiet mm-tools >&2
  exec build/bin/mm-opt -O3 examples/saxpy.mml
fi
ninja -C build check-mm
# The same suite again under AddressSanitizer and UndefinedBehaviorSanitizer,
# with the fuzz targets (build-sanitize/).
exec utils/sanitize.sh
