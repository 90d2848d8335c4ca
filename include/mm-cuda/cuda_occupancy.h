/*===- mm-cuda/cuda_occupancy.h - The occupancy calculator -----*- C++ -*-===*
 *
 * CUDA's header-only occupancy calculator, with its types and entry points,
 * computed from the properties it is given by the rules of mm's runtime
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor): a block takes its warps
 * of the multiprocessor's threads, one of its blocks, and its static and
 * dynamic shared memory. mm's kernels use no registers, so registers never
 * limit; the cache and carveout preferences change nothing on the CPU.
 * Thrust includes this header.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_OCCUPANCY_H__
#define __CUDA_OCCUPANCY_H__

#include <limits.h>
#include <stddef.h>

#if defined(__CUDACC__)
#define __OCC_INLINE inline __host__ __device__
#else
#define __OCC_INLINE inline
#endif

typedef enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2
} cudaOccError;

typedef enum cudaOccPartitionedGCConfig_enum {
  PARTITIONED_GC_OFF,
  PARTITIONED_GC_ON,
  PARTITIONED_GC_ON_STRICT
} cudaOccPartitionedGCConfig;

typedef enum cudaOccFuncShmemConfig_enum {
  FUNC_SHMEM_LIMIT_DEFAULT,
  FUNC_SHMEM_LIMIT_OPTIN
} cudaOccFuncShmemConfig;

typedef enum cudaOccCacheConfig_enum {
  CACHE_PREFER_NONE = 0x00,
  CACHE_PREFER_SHARED = 0x01,
  CACHE_PREFER_L1 = 0x02,
  CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

typedef enum cudaOccCarveoutConfig_enum {
  SHAREDMEM_CARVEOUT_DEFAULT = -1,
  SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  SHAREDMEM_CARVEOUT_MAX_L1 = 0,
  SHAREDMEM_CARVEOUT_HALF = 50
} cudaOccCarveoutConfig;

typedef enum cudaOccLimitingFactor_enum {
  OCC_LIMIT_WARPS = 0x01,
  OCC_LIMIT_REGISTERS = 0x02,
  OCC_LIMIT_SHARED_MEMORY = 0x04,
  OCC_LIMIT_BLOCKS = 0x08,
  OCC_LIMIT_BARRIERS = 0x10,
  OCC_LIMIT_VIRTUAL_RESOURCES = 0x20
} cudaOccLimitingFactor;

typedef struct cudaOccDeviceProp {
  int computeMajor;
  int computeMinor;
  int maxThreadsPerBlock;
  int maxThreadsPerMultiprocessor;
  int regsPerBlock;
  int regsPerMultiprocessor;
  int warpSize;
  size_t sharedMemPerBlock;
  size_t sharedMemPerMultiprocessor;
  int numSms;
  size_t sharedMemPerBlockOptin;
  size_t reservedSharedMemPerBlock;
#if defined(__cplusplus)
  /* From the runtime's properties of a device (cudaGetDeviceProperties). */
  template <typename DeviceProp>
  __OCC_INLINE cudaOccDeviceProp(const DeviceProp &props)
      : computeMajor(props.major), computeMinor(props.minor),
        maxThreadsPerBlock(props.maxThreadsPerBlock),
        maxThreadsPerMultiprocessor(props.maxThreadsPerMultiProcessor),
        regsPerBlock(props.regsPerBlock),
        regsPerMultiprocessor(props.regsPerMultiprocessor),
        warpSize(props.warpSize), sharedMemPerBlock(props.sharedMemPerBlock),
        sharedMemPerMultiprocessor(props.sharedMemPerMultiprocessor),
        numSms(props.multiProcessorCount),
        sharedMemPerBlockOptin(props.sharedMemPerBlockOptin),
        reservedSharedMemPerBlock(props.reservedSharedMemPerBlock) {}
  __OCC_INLINE cudaOccDeviceProp()
      : computeMajor(0), computeMinor(0), maxThreadsPerBlock(0),
        maxThreadsPerMultiprocessor(0), regsPerBlock(0),
        regsPerMultiprocessor(0), warpSize(0), sharedMemPerBlock(0),
        sharedMemPerMultiprocessor(0), numSms(0), sharedMemPerBlockOptin(0),
        reservedSharedMemPerBlock(0) {}
#endif
} cudaOccDeviceProp;

typedef struct cudaOccFuncAttributes {
  int maxThreadsPerBlock;
  int numRegs;
  size_t sharedSizeBytes;
  cudaOccPartitionedGCConfig partitionedGCConfig;
  cudaOccFuncShmemConfig shmemLimitConfig;
  size_t maxDynamicSharedSizeBytes;
  int numBlockBarriers;
#if defined(__cplusplus)
  /* From the runtime's attributes of a kernel (cudaFuncGetAttributes). */
  template <typename FuncAttributes>
  __OCC_INLINE cudaOccFuncAttributes(const FuncAttributes &attr)
      : maxThreadsPerBlock(attr.maxThreadsPerBlock), numRegs(attr.numRegs),
        sharedSizeBytes(attr.sharedSizeBytes),
        partitionedGCConfig(PARTITIONED_GC_OFF),
        shmemLimitConfig(FUNC_SHMEM_LIMIT_OPTIN),
        maxDynamicSharedSizeBytes(attr.maxDynamicSharedSizeBytes),
        numBlockBarriers(1) {}
  __OCC_INLINE cudaOccFuncAttributes()
      : maxThreadsPerBlock(0), numRegs(0), sharedSizeBytes(0),
        partitionedGCConfig(PARTITIONED_GC_OFF),
        shmemLimitConfig(FUNC_SHMEM_LIMIT_DEFAULT),
        maxDynamicSharedSizeBytes(0), numBlockBarriers(0) {}
#endif
} cudaOccFuncAttributes;

typedef struct cudaOccDeviceState {
  cudaOccCacheConfig cacheConfig;
  int carveoutConfig;
#if defined(__cplusplus)
  __OCC_INLINE cudaOccDeviceState()
      : cacheConfig(CACHE_PREFER_NONE),
        carveoutConfig(SHAREDMEM_CARVEOUT_DEFAULT) {}
#endif
} cudaOccDeviceState;

typedef struct cudaOccResult {
  int activeBlocksPerMultiprocessor;
  unsigned int limitingFactors;
  int blockLimitRegs;
  int blockLimitSharedMem;
  int blockLimitWarps;
  int blockLimitBlocks;
  int blockLimitBarriers;
  int blockLimitVirtual;
  int allocatedRegistersPerBlock;
  size_t allocatedSharedMemPerBlock;
  cudaOccPartitionedGCConfig partitionedGCConfig;
} cudaOccResult;

/* The blocks of a multiprocessor, as the runtime counts them. */
static const int __MM_OCC_MAX_BLOCKS_PER_MULTIPROCESSOR = 32;

static __OCC_INLINE cudaOccError cudaOccMaxActiveBlocksPerMultiprocessor(
    cudaOccResult *result, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    int blockSize, size_t dynamicSmemSize) {
  if (!result || !properties || !attributes || !state || blockSize <= 0 ||
      properties->warpSize <= 0 || properties->maxThreadsPerMultiprocessor <= 0)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  int warps = (blockSize + properties->warpSize - 1) / properties->warpSize;
  result->blockLimitWarps =
      properties->maxThreadsPerMultiprocessor / properties->warpSize / warps;
  result->blockLimitBlocks = __MM_OCC_MAX_BLOCKS_PER_MULTIPROCESSOR;
  result->blockLimitRegs = INT_MAX;
  result->blockLimitBarriers = INT_MAX;
  result->blockLimitVirtual = INT_MAX;
  size_t shared = attributes->sharedSizeBytes + dynamicSmemSize;
  result->blockLimitSharedMem =
      shared ? (int)(properties->sharedMemPerMultiprocessor / shared) : INT_MAX;
  result->allocatedRegistersPerBlock = 0;
  result->allocatedSharedMemPerBlock = shared;
  result->partitionedGCConfig = PARTITIONED_GC_OFF;
  int blocks = result->blockLimitWarps;
  unsigned int factors = OCC_LIMIT_WARPS;
  if (result->blockLimitBlocks < blocks) {
    blocks = result->blockLimitBlocks;
    factors = OCC_LIMIT_BLOCKS;
  }
  if (result->blockLimitSharedMem < blocks) {
    blocks = result->blockLimitSharedMem;
    factors = OCC_LIMIT_SHARED_MEMORY;
  }
  if (blockSize > attributes->maxThreadsPerBlock ||
      blockSize > properties->maxThreadsPerBlock)
    blocks = 0;
  result->activeBlocksPerMultiprocessor = blocks;
  result->limitingFactors = factors;
  return CUDA_OCC_SUCCESS;
}

static __OCC_INLINE cudaOccError cudaOccAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    int numBlocks, int blockSize) {
  cudaOccResult result;
  cudaOccError error = cudaOccMaxActiveBlocksPerMultiprocessor(
      &result, properties, attributes, state, blockSize, 0);
  if (error != CUDA_OCC_SUCCESS)
    return error;
  if (!dynamicSmemSize || numBlocks <= 0 ||
      numBlocks > result.activeBlocksPerMultiprocessor)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  size_t perBlock = properties->sharedMemPerMultiprocessor / numBlocks;
  size_t limit = properties->sharedMemPerBlockOptin > perBlock
                     ? perBlock
                     : properties->sharedMemPerBlockOptin;
  *dynamicSmemSize = limit > attributes->sharedSizeBytes
                         ? limit - attributes->sharedSizeBytes
                         : 0;
  return CUDA_OCC_SUCCESS;
}

#if defined(__cplusplus)
/* The block size, in warps up to the kernel's and device's limit, that
 * runs the most threads on a multiprocessor (the largest such), and the
 * grid that fills every multiprocessor with it. */
template <typename UnaryFunction>
static __OCC_INLINE cudaOccError
cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    UnaryFunction blockSizeToDynamicSMemSize) {
  if (!minGridSize || !blockSize || !properties || !attributes ||
      properties->warpSize <= 0)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  int limit = attributes->maxThreadsPerBlock < properties->maxThreadsPerBlock
                  ? attributes->maxThreadsPerBlock
                  : properties->maxThreadsPerBlock;
  int bestSize = 0, bestThreads = 0, bestBlocks = 0;
  for (int size = limit - limit % properties->warpSize; size > 0;
       size -= properties->warpSize) {
    cudaOccResult result;
    cudaOccError error = cudaOccMaxActiveBlocksPerMultiprocessor(
        &result, properties, attributes, state, size,
        blockSizeToDynamicSMemSize(size));
    if (error != CUDA_OCC_SUCCESS)
      return error;
    int threads = result.activeBlocksPerMultiprocessor * size;
    if (threads > bestThreads) {
      bestSize = size;
      bestThreads = threads;
      bestBlocks = result.activeBlocksPerMultiprocessor;
    }
  }
  *blockSize = bestSize;
  *minGridSize = bestBlocks * properties->numSms;
  return CUDA_OCC_SUCCESS;
}

namespace __mm_occupancy {
struct fixed_shared {
  size_t size;
  __OCC_INLINE size_t operator()(int) const { return size; }
};
} // namespace __mm_occupancy

static __OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSize(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    size_t dynamicSMemSize = 0) {
  __mm_occupancy::fixed_shared shared = {dynamicSMemSize};
  return cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(
      minGridSize, blockSize, properties, attributes, state, shared);
}
#endif

#endif /* __CUDA_OCCUPANCY_H__ */
