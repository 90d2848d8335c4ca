/*===- mm/Runtime/CudaRuntime.h - The CUDA runtime API it serves --*- C -*-===*
 *
 * The declarations of the CUDA runtime API functions that the offload
 * runtime implements for host code compiled by clang (lib/Runtime/
 * CudaRuntime.cpp), with CUDA's C signatures. Programs are compiled against
 * include/mm-cuda/cuda_runtime.h, a C++ header for CUDA compilations only;
 * the types and values here must stay identical to that header's (error
 * codes, cudaDeviceProp's fields), which test/mm-lli/cuda-*.test check by
 * running programs compiled against it.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_RUNTIME_CUDARUNTIME_H
#define MM_RUNTIME_CUDARUNTIME_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dim3 {
  unsigned x, y, z;
} dim3;

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorLaunchFailure = 4,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorAssert = 710,
  cudaErrorIllegalInstruction = 715,
  cudaErrorUnknown = 999
} cudaError_t;

typedef enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
} cudaMemcpyKind;

/* The common fields of CUDA's cudaDeviceProp, in CUDA's order. */
typedef struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int maxThreadsPerMultiProcessor;
  int managedMemory;
  int concurrentKernels;
} cudaDeviceProp;

/* What clang emits for `kernel<<<grid, block, shared, stream>>>(args)`: the
 * caller pushes the configuration, the kernel's host stub pops it and calls
 * cudaLaunchKernel with itself as `func`. */
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem, void *stream);
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                       size_t *sharedMem, void *stream);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem, void *stream);

cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned flags);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       cudaMemcpyKind kind);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);

#ifdef __cplusplus
}
#endif

#endif /* MM_RUNTIME_CUDARUNTIME_H */
