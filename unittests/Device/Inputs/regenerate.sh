#!/bin/sh
# Regenerates the device IR inputs of DeviceLoweringTest from their sources.
set -e
cd "$(dirname "$0")"
clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc \
  -Wno-unknown-cuda-version -I../../../include/mm-cuda -include cuda_runtime.h \
  -O2 -S -emit-llvm kernels.cu -o kernels.ll
clang-19 -x hip --cuda-device-only -nogpuinc -nogpulib --offload-arch=gfx90a \
  -O2 -S -emit-llvm kernels.hip -o kernels-amdgcn.ll
