#!/bin/sh
# Regenerates the device IR inputs of DeviceLoweringTest from their sources.
set -e
cd "$(dirname "$0")"
# BUILD_DIR/cuda is the CUDA root that mm's build makes for clang.
build=${1:-../../../build}
clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 \
  --cuda-path="$build/cuda" -O2 -S -emit-llvm kernels.cu -o kernels.ll
clang-19 -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=gfx90a \
  -O2 -S -emit-llvm kernels.hip -o kernels-amdgcn.ll
