//===- CudaCompilerEntryPoints.h - What clang's CUDA host code calls -*- C++ -*-===//
//
// The entry points of the CUDA runtime that compilers call and programs do
// not, so cuda_runtime_api.h does not declare them: clang emits
// `kernel<<<grid, block, shared, stream>>>(args)` as a push of the
// configuration, then a call of the kernel's host stub, which pops it and
// calls cudaLaunchKernel with itself as `func`. (clang's CUDA wrapper
// declares the push with a `void *` stream, as here.)
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_RUNTIME_CUDACOMPILERENTRYPOINTS_H
#define MM_LIB_RUNTIME_CUDACOMPILERENTRYPOINTS_H

#include "mm-cuda/cuda_runtime_api.h"

extern "C" {
unsigned __cudaPushCallConfiguration(dim3 GridDim, dim3 BlockDim,
                                     size_t SharedMem, void *Stream);
cudaError_t __cudaPopCallConfiguration(dim3 *GridDim, dim3 *BlockDim,
                                       size_t *SharedMem, void *Stream);
}

#endif // MM_LIB_RUNTIME_CUDACOMPILERENTRYPOINTS_H
