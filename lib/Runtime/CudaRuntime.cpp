//===- CudaRuntime.cpp - The CUDA runtime API on the offload runtime ------===//
//
// The subset of the CUDA runtime API that clang-19's host code for CUDA calls
// (`<<<...>>>` launches through __cudaPushCallConfiguration, the host stub's
// __cudaPopCallConfiguration and cudaLaunchKernel) and that common programs
// use, with CUDA's C signatures (include/mm-cuda/cuda_runtime_api.h, which
// programs include too), served by the current mm::runtime::Runtime.
// A launch's kernel is the one whose host stub clang passes as `func`; the
// KernelProvider maps stubs to kernels.
//
//===----------------------------------------------------------------------===//

#include "mm-cuda/cuda_runtime_api.h"
#include "mm/Runtime/Runtime.h"

#include <cstdio>
#include <cstring>
#include <vector>

using namespace llvm;
using namespace mm::runtime;

namespace {
/// The configurations that `<<<...>>>` pushed and the stubs have not popped.
struct CallConfiguration {
  dim3 Grid;
  dim3 Block;
  size_t SharedMem;
  cudaStream_t Stream;
};
} // namespace

static thread_local std::vector<CallConfiguration> PendingConfigurations;
/// CUDA's last error, per thread, as cudaGetLastError returns and resets it.
static thread_local cudaError_t LastCudaError = cudaSuccess;

static cudaError_t toCudaError(mm_status Status) {
  switch (Status) {
  case MM_SUCCESS:
    return cudaSuccess;
  case MM_ERROR_INVALID_VALUE:
    return cudaErrorInvalidValue;
  case MM_ERROR_OUT_OF_MEMORY:
    return cudaErrorMemoryAllocation;
  case MM_ERROR_NOT_FOUND:
    return cudaErrorInvalidDeviceFunction;
  case MM_ERROR_LAUNCH_FAILED:
    return cudaErrorLaunchFailure;
  case MM_ERROR_NOT_INITIALIZED:
    return cudaErrorInitializationError;
  }
  return cudaErrorUnknown;
}

/// Records \p E (also as the mm_offload.h last error and message) and
/// returns its CUDA error code.
static cudaError_t record(Error E) {
  cudaError_t Result = toCudaError(Runtime::recordError(std::move(E)));
  if (Result != cudaSuccess)
    LastCudaError = Result;
  return Result;
}

/// Records that \p Device is not a device: CUDA's cudaErrorInvalidDevice,
/// which no runtime status maps to.
static cudaError_t recordInvalidDevice(int Device) {
  Runtime::recordError(
      makeRuntimeError(MM_ERROR_INVALID_VALUE, "no device " + Twine(Device)));
  LastCudaError = cudaErrorInvalidDevice;
  return cudaErrorInvalidDevice;
}

static Runtime *getRuntime() {
  if (Runtime *R = getCurrentRuntime())
    return R;
  record(makeRuntimeError(MM_ERROR_NOT_INITIALIZED,
                          "the offload runtime is not running"));
  return nullptr;
}

extern "C" {

unsigned __cudaPushCallConfiguration(dim3 GridDim, dim3 BlockDim,
                                     size_t SharedMem, cudaStream_t Stream) {
  PendingConfigurations.push_back({GridDim, BlockDim, SharedMem, Stream});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *GridDim, dim3 *BlockDim,
                                       size_t *SharedMem, void *Stream) {
  if (PendingConfigurations.empty())
    return record(makeRuntimeError(MM_ERROR_INVALID_VALUE,
                                   "kernel stub called without a launch "
                                   "configuration (<<<...>>>)"));
  CallConfiguration C = PendingConfigurations.back();
  PendingConfigurations.pop_back();
  *GridDim = C.Grid;
  *BlockDim = C.Block;
  *SharedMem = C.SharedMem;
  *static_cast<cudaStream_t *>(Stream) = C.Stream;
  return cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void *Func, dim3 GridDim, dim3 BlockDim,
                             void **Args, size_t SharedMem, cudaStream_t) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  LaunchConfig Config{{GridDim.x, GridDim.y, GridDim.z},
                      {BlockDim.x, BlockDim.y, BlockDim.z},
                      SharedMem};
  return record(R->launchHostFunction(Func, Config, Args));
}

cudaError_t cudaMalloc(void **DevPtr, size_t Size) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (!DevPtr)
    return record(makeRuntimeError(MM_ERROR_INVALID_VALUE,
                                   "cudaMalloc with a null result pointer"));
  Expected<void *> Ptr = R->allocate(Size);
  if (!Ptr)
    return record(Ptr.takeError());
  *DevPtr = *Ptr;
  return cudaSuccess;
}

cudaError_t cudaMallocManaged(void **DevPtr, size_t Size, unsigned) {
  // Device memory is host memory on the CPU backend: managed memory is
  // device memory that the host may also touch.
  return cudaMalloc(DevPtr, Size);
}

cudaError_t cudaFree(void *DevPtr) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  return record(R->free(DevPtr));
}

cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Count,
                       cudaMemcpyKind Kind) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  mm_memcpy_kind MMKind;
  // On the integer: a program can pass any value.
  switch (static_cast<int>(Kind)) {
  case cudaMemcpyHostToHost:
    MMKind = MM_MEMCPY_HOST_TO_HOST;
    break;
  case cudaMemcpyHostToDevice:
    MMKind = MM_MEMCPY_HOST_TO_DEVICE;
    break;
  case cudaMemcpyDeviceToHost:
    MMKind = MM_MEMCPY_DEVICE_TO_HOST;
    break;
  case cudaMemcpyDeviceToDevice:
    MMKind = MM_MEMCPY_DEVICE_TO_DEVICE;
    break;
  case cudaMemcpyDefault: {
    // Unified addressing: the pointers say where they are.
    bool DstDevice = R->isDevicePointer(Dst);
    bool SrcDevice = R->isDevicePointer(Src);
    MMKind = DstDevice ? (SrcDevice ? MM_MEMCPY_DEVICE_TO_DEVICE
                                    : MM_MEMCPY_HOST_TO_DEVICE)
                       : (SrcDevice ? MM_MEMCPY_DEVICE_TO_HOST
                                    : MM_MEMCPY_HOST_TO_HOST);
    break;
  }
  default:
    return record(makeRuntimeError(MM_ERROR_INVALID_VALUE,
                                   "cudaMemcpy with an invalid kind " +
                                       Twine(int(Kind))));
  }
  return record(R->copy(Dst, Src, Count, MMKind));
}

cudaError_t cudaMemset(void *DevPtr, int Value, size_t Count) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  return record(R->set(DevPtr, Value, Count));
}

cudaError_t cudaDeviceSynchronize(void) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  return record(R->synchronize());
}

cudaError_t cudaGetLastError(void) {
  cudaError_t Result = LastCudaError;
  LastCudaError = cudaSuccess;
  return Result;
}

cudaError_t cudaPeekAtLastError(void) { return LastCudaError; }

cudaError_t cudaGetDeviceCount(int *Count) {
  if (!Count)
    return record(makeRuntimeError(MM_ERROR_INVALID_VALUE,
                                   "cudaGetDeviceCount with a null pointer"));
  *Count = 1;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *Prop, int Device) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (!Prop)
    return record(makeRuntimeError(MM_ERROR_INVALID_VALUE,
                                   "cudaGetDeviceProperties with a null "
                                   "pointer"));
  if (Device != 0)
    return recordInvalidDevice(Device);
  // The CPU backend as a GPU of compute capability 7.0 (what the examples
  // compile for), with CUDA's usual limits and one multiprocessor per
  // worker thread.
  std::memset(Prop, 0, sizeof(*Prop));
  std::snprintf(Prop->name, sizeof(Prop->name), "mm %s backend",
                R->getBackend().getName().str().c_str());
  Prop->totalGlobalMem = size_t(16) << 30;
  Prop->sharedMemPerBlock = 48 << 10;
  Prop->regsPerBlock = 65536;
  Prop->warpSize = 32;
  Prop->memPitch = ~size_t(0) >> 1;
  Prop->maxThreadsPerBlock = 1024;
  Prop->maxThreadsDim[0] = 1024;
  Prop->maxThreadsDim[1] = 1024;
  Prop->maxThreadsDim[2] = 64;
  Prop->maxGridSize[0] = 0x7fffffff;
  Prop->maxGridSize[1] = 65535;
  Prop->maxGridSize[2] = 65535;
  Prop->clockRate = 1000000;
  Prop->totalConstMem = 64 << 10;
  Prop->major = 7;
  Prop->minor = 0;
  Prop->multiProcessorCount = int(R->getBackend().getConcurrency());
  Prop->maxThreadsPerMultiProcessor = 2048;
  Prop->managedMemory = 1;
  Prop->concurrentKernels = 0;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int *Device) {
  if (!Device)
    return record(makeRuntimeError(MM_ERROR_INVALID_VALUE,
                                   "cudaGetDevice with a null pointer"));
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int Device) {
  if (Device != 0)
    return recordInvalidDevice(Device);
  return cudaSuccess;
}

/// CUDA's name and description of each error code.
static std::pair<const char *, const char *> describe(cudaError_t Error) {
  switch (Error) {
  case cudaSuccess:
    return {"cudaSuccess", "no error"};
  case cudaErrorInvalidValue:
    return {"cudaErrorInvalidValue", "invalid argument"};
  case cudaErrorMemoryAllocation:
    return {"cudaErrorMemoryAllocation", "out of memory"};
  case cudaErrorInitializationError:
    return {"cudaErrorInitializationError", "initialization error"};
  case cudaErrorLaunchFailure:
    return {"cudaErrorLaunchFailure", "unspecified launch failure"};
  case cudaErrorInvalidConfiguration:
    return {"cudaErrorInvalidConfiguration", "invalid configuration argument"};
  case cudaErrorInvalidDevice:
    return {"cudaErrorInvalidDevice", "invalid device ordinal"};
  case cudaErrorInvalidDeviceFunction:
    return {"cudaErrorInvalidDeviceFunction", "invalid device function"};
  case cudaErrorNoDevice:
    return {"cudaErrorNoDevice", "no CUDA-capable device is detected"};
  case cudaErrorAssert:
    return {"cudaErrorAssert", "device-side assert triggered"};
  case cudaErrorIllegalInstruction:
    return {"cudaErrorIllegalInstruction",
            "an illegal instruction was encountered"};
  case cudaErrorUnknown:
    return {"cudaErrorUnknown", "unknown error"};
  }
  return {"cudaErrorUnknown", "unknown error"};
}

const char *cudaGetErrorString(cudaError_t Error) {
  return describe(Error).second;
}

const char *cudaGetErrorName(cudaError_t Error) {
  return describe(Error).first;
}

} // extern "C"
