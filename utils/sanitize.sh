#!/usr/bin/env bash
# Builds mm with AddressSanitizer and UndefinedBehaviorSanitizer in
# build-sanitize/ (-DMM_USE_SANITIZER="Address;Undefined"), which also builds
# the fuzz targets, and runs the whole test suite there: the lit tests, the
# unit tests and short fuzzer runs, under the sanitizers, with leaks detected
# (test/sanitizers.py). Exits non-zero on any failure.
#
#   utils/sanitize.sh
#
# Needs the packages of utils/quickstart.sh, which runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
llvm=/usr/lib/llvm-19
if [ ! -f build-sanitize/build.ninja ]; then
  cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DMM_USE_SANITIZER="Address;Undefined" \
    -DMLIR_DIR=$llvm/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=$llvm/build/utils/lit/lit.py >/dev/null
fi
ninja -C build-sanitize check-mm
