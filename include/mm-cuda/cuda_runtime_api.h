/*===- mm-cuda/cuda_runtime_api.h - The CUDA runtime API, host side -*- C -*-===*
 *
 * The part of the CUDA runtime API that mm's offload runtime serves: its
 * types (dim3, cudaError_t with CUDA's numeric codes, cudaMemcpyKind,
 * cudaDeviceProp) and its functions, with CUDA's C signatures. A plain C and
 * C++ header, as CUDA's own cuda_runtime_api.h is: host programs in C or C++
 * may include it, cuda_runtime.h includes it for CUDA compilations, and
 * lib/Runtime/CudaRuntime.cpp defines the functions against it. Source
 * compatible with CUDA 12, not binary compatible: cudaDeviceProp holds only
 * the common fields.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_CUDA_RUNTIME_API_H
#define MM_CUDA_RUNTIME_API_H

#include <stddef.h>

#if defined(__CUDA__)
#define __MM_HOST_DEVICE __attribute__((host)) __attribute__((device))
#else
#define __MM_HOST_DEVICE
#endif

#ifdef __cplusplus
#define __MM_DEFAULT(Value) = Value
/* Enumerations that cross the runtime's ABI hold any int a program passes:
 * with a fixed underlying type, an out-of-range value is a value, not
 * undefined behaviour, and the runtime rejects it. */
#define __MM_ENUM_INT : int
#else
#define __MM_DEFAULT(Value)
#define __MM_ENUM_INT
#endif

/*===------------------------------ Vector types --------------------------===*/

typedef struct uint3 {
  unsigned int x, y, z;
} uint3;

typedef struct dim3 {
  unsigned int x, y, z;
#ifdef __cplusplus
  __MM_HOST_DEVICE constexpr dim3(unsigned int X = 1, unsigned int Y = 1,
                                  unsigned int Z = 1)
      : x(X), y(Y), z(Z) {}
  __MM_HOST_DEVICE constexpr dim3(uint3 V) : x(V.x), y(V.y), z(V.z) {}
  __MM_HOST_DEVICE constexpr operator uint3() const { return {x, y, z}; }
#endif
} dim3;

/*===--------------------------------- Types ------------------------------===*/

/* CUDA 12's codes (driver_types.h) for the errors mm reports. */
typedef enum cudaError __MM_ENUM_INT {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorAssert = 710,
  cudaErrorIllegalInstruction = 715,
  cudaErrorLaunchFailure = 719,
  cudaErrorUnknown = 999
} cudaError_t;

typedef enum cudaMemcpyKind __MM_ENUM_INT {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
} cudaMemcpyKind;

typedef struct CUstream_st *cudaStream_t;

#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02

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

/*===------------------------------- Functions ----------------------------===*/

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                              unsigned int flags
                                  __MM_DEFAULT(cudaMemAttachGlobal));
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       cudaMemcpyKind kind);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream);

/* What clang emits for `kernel<<<grid, block, shared, stream>>>(args)`: the
 * caller pushes the configuration, the kernel's host stub pops it and calls
 * cudaLaunchKernel with itself as `func`. */
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem __MM_DEFAULT(0),
                                     cudaStream_t stream __MM_DEFAULT(0));
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                       size_t *sharedMem, void *stream);
/* The launch configuration call of CUDA before 9.2. clang names it when it
 * parses a `<<<...>>>` in the device half of a compilation, which has no
 * CUDA version (it links no libdevice); that half never calls it. */
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                              size_t sharedMem __MM_DEFAULT(0),
                              cudaStream_t stream __MM_DEFAULT(0));

#ifdef __cplusplus
}
#endif

#undef __MM_DEFAULT
#undef __MM_ENUM_INT
#undef __MM_HOST_DEVICE

#endif /* MM_CUDA_RUNTIME_API_H */
