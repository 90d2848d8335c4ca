/*===- mm-cuda/cuda_runtime.h - The CUDA runtime API for C++ ----*- C++ -*-===*
 *
 * As CUDA's own cuda_runtime.h: the runtime API (cuda_runtime_api.h), the
 * vector types and their make_* functions, and the C++ overloads of the
 * runtime's functions (typed pointers, symbols and kernels given as
 * themselves, the occupancy calculator). clang's CUDA wrapper
 * (__clang_cuda_runtime_wrapper.h, which a `clang -x cuda` compilation
 * includes first) includes this header; it then adds the device functions
 * from the other headers of this directory and from its own. A plain C++
 * host program may include it too.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__

#include "host_config.h"
#include "builtin_types.h"
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "vector_functions.h"
#include "channel_descriptor.h"
#include "cuda_texture_types.h"

/* As in CUDA, whose headers include it for their own use: clang's device
 * math (__clang_cuda_math.h) needs INT_MAX and INT_MIN. */
#include <limits.h>

/* What CUDA's cuda_runtime.h includes for a CUDA source (through
 * crt/common_functions.h and crt/math_functions.h), which nvcc includes
 * first: programs call memcpy, time, printf, malloc and assert, use
 * std::numeric_limits, std::swap and braced lists in range-for loops,
 * without including their headers. */
#if defined(__CUDACC__)
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__cplusplus)
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#endif
#endif

#if defined(__cplusplus)

/*===-------------------------------- Memory ------------------------------===*/

template <class T>
static __inline__ __host__ __device__ cudaError_t cudaMalloc(T **devPtr,
                                                           size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                      cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}

/* CUDA 11's form, which CUDA 12 dropped and programs still call: a failure
 * leaves the error node null and the log empty. */
static __inline__ __host__ cudaError_t
cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                     cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                     size_t bufferSize) {
  if (pErrorNode)
    *pErrorNode = 0;
  if (pLogBuffer && bufferSize)
    pLogBuffer[0] = 0;
  return ::cudaGraphInstantiate(pGraphExec, graph, 0);
}

/* CUDA 11's form too, which CUDA 12 keeps in C++ only: the node that failed
 * is not named. */
static __inline__ __host__ cudaError_t
cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                    cudaGraphNode_t *hErrorNode_out,
                    enum cudaGraphExecUpdateResult *updateResult_out) {
  cudaGraphExecUpdateResultInfo resultInfo = {cudaGraphExecUpdateError, 0,
                                               0};
  cudaError_t status = ::cudaGraphExecUpdate(hGraphExec, hGraph, &resultInfo);
  if (hErrorNode_out)
    *hErrorNode_out = resultInfo.errorNode;
  if (updateResult_out)
    *updateResult_out = resultInfo.result;
  return status;
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMallocFromPoolAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                        cudaStream_t stream) {
  return ::cudaMallocFromPoolAsync((void **)(void *)ptr, size, memPool, stream);
}

/* CUDA 12.2's prefetch and advice to a location, under their CUDA 13
 * names. */
static __inline__ __host__ cudaError_t
cudaMemPrefetchAsync(const void *devPtr, size_t count,
                     struct cudaMemLocation location, unsigned int flags,
                     cudaStream_t stream = 0) {
  return ::cudaMemPrefetchAsync_v2(devPtr, count, location, flags, stream);
}
static __inline__ __host__ cudaError_t
cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
              struct cudaMemLocation location) {
  return ::cudaMemAdvise_v2(devPtr, count, advice, location);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr,
                                                       size_t *pitch,
                                                       size_t width,
                                                       size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}

static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size,
                                                     unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                                     unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                                    unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}

/*===------------------------------- Symbols ------------------------------===*/

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                        size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset,
                                   kind, stream);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                          size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset,
                                     kind, stream);
}

template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                           const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}

template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size,
                                                        const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}

/*===------------------------------- Events -------------------------------===*/

static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                                      unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

/*===------------------------------- Kernels ------------------------------===*/

template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchCooperativeKernel(const T *func, dim3 gridDim, dim3 blockDim,
                            void **args, size_t sharedMem = 0,
                            cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}

/* The kernel's arguments converted to its parameters' types, as a
 * `<<<...>>>` converts them, and passed by address. */
template <typename... ExpTypes, typename... ActTypes>
static __inline__ __host__ cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                   void (*kernel)(ExpTypes...), ActTypes &&...args) {
  return [&](ExpTypes... coercedArgs) {
    void *pArgs[] = {&coercedArgs..., nullptr};
    return ::cudaLaunchKernelExC(config, (const void *)kernel, pArgs);
  }(static_cast<ActTypes &&>(args)...);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaStreamAttachMemAsync(cudaStream_t stream, T *devPtr, size_t length = 0,
                         unsigned int flags = cudaMemAttachSingle) {
  return ::cudaStreamAttachMemAsync(stream, (void *)devPtr, length, flags);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config) {
  return ::cudaFuncSetSharedMemConfig((const void *)func, config);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize,
      cudaOccupancyDefault);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, T func,
                                                       int blockSize,
                                                       size_t dynamicSMemSize,
                                                       unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize, flags);
}

/* CUDA's search for the block size that maximizes occupancy, with the
 * dynamic shared memory a block of each size needs given by
 * \p blockSizeToDynamicSMemSize. */
template <class UnaryFunction, class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0,
    unsigned int flags = 0) {
  if (!minGridSize || !blockSize || !func)
    return cudaErrorInvalidValue;
  int device, multiProcessors, maxThreadsPerMultiProcessor, warpSize;
  cudaError_t status;
  if ((status = ::cudaGetDevice(&device)) != cudaSuccess ||
      (status = ::cudaDeviceGetAttribute(&multiProcessors,
                                         cudaDevAttrMultiProcessorCount,
                                         device)) != cudaSuccess ||
      (status = ::cudaDeviceGetAttribute(
           &maxThreadsPerMultiProcessor,
           cudaDevAttrMaxThreadsPerMultiProcessor, device)) != cudaSuccess ||
      (status = ::cudaDeviceGetAttribute(&warpSize, cudaDevAttrWarpSize,
                                         device)) != cudaSuccess)
    return status;
  struct cudaFuncAttributes attributes;
  if ((status = ::cudaFuncGetAttributes(&attributes, (const void *)func)) !=
      cudaSuccess)
    return status;
  int limit = attributes.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < limit)
    limit = blockSizeLimit;
  int bestBlockSize = 0, bestOccupancy = 0;
  for (int size = (limit / warpSize) * warpSize; size > 0; size -= warpSize) {
    int blocks = 0;
    if ((status = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
             &blocks, (const void *)func, size,
             blockSizeToDynamicSMemSize(size), flags)) != cudaSuccess)
      return status;
    if (blocks * size > bestOccupancy) {
      bestOccupancy = blocks * size;
      bestBlockSize = size;
    }
    if (bestOccupancy == maxThreadsPerMultiProcessor)
      break;
  }
  *minGridSize = bestOccupancy / (bestBlockSize ? bestBlockSize : 1) *
                 multiProcessors;
  *blockSize = bestBlockSize;
  return cudaSuccess;
}

template <class UnaryFunction, class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, blockSizeToDynamicSMemSize, blockSizeLimit,
      cudaOccupancyDefault);
}

namespace __mm_cuda {
/* The same dynamic shared memory for every block size. */
class __fixed_shared_memory {
public:
  __host__ explicit __fixed_shared_memory(size_t bytes) : bytes(bytes) {}
  __host__ size_t operator()(int) const { return bytes; }

private:
  size_t bytes;
};
} // namespace __mm_cuda

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                   size_t dynamicSMemSize = 0,
                                   int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func,
      __mm_cuda::__fixed_shared_memory(dynamicSMemSize), blockSizeLimit,
      cudaOccupancyDefault);
}

template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize,
                                            T func, size_t dynamicSMemSize = 0,
                                            int blockSizeLimit = 0,
                                            unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func,
      __mm_cuda::__fixed_shared_memory(dynamicSMemSize), blockSizeLimit,
      flags);
}

#endif /* __cplusplus */

#endif /* __CUDA_RUNTIME_H__ */
