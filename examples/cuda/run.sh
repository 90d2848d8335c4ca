#!/bin/sh
# Compiles a CUDA program with clang-19 into host IR and device IR, joins
# them into a bundle with mm-bundle, and runs it on the CPU with mm-lli.
#
#   examples/cuda/run.sh [FILE.cu] [BUILD_DIR] [mm-lli options...]
#
# FILE.cu defaults to saxpy.cu next to this script, BUILD_DIR to build/.
# The intermediate files go to a temporary directory.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source=${1:-$here/saxpy.cu}
build=${2:-$root/build}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] && shift
clang=${CLANG:-clang-19}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Both halves include mm's CUDA headers, with the CUDA root of mm's build as
# clang's CUDA installation, so that the result does not depend on whether,
# or which, CUDA toolkit the machine has.
cuda_flags="-x cuda --cuda-path=$build/cuda --cuda-gpu-arch=sm_70 -O2"
"$clang" $cuda_flags --cuda-host-only -S -emit-llvm "$source" -o "$work/host.ll"
"$clang" $cuda_flags --cuda-device-only -S -emit-llvm \
  "$source" -o "$work/kernels.ll"
# mm-lli optimizes the device submodule after lowering it for the CPU, at
# its own -O level (default<O2>), since the header gives no opt=.
"$build/bin/mm-bundle" join "$work/host.ll" "$work/kernels.ll" \
  -o "$work/program.mml"
exec "$build/bin/mm-lli" "$@" "$work/program.mml"
