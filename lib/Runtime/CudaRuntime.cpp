//===- CudaRuntime.cpp - The CUDA runtime API on the offload runtime ------===//
//
// The CUDA runtime API of include/mm-cuda/cuda_runtime_api.h, with CUDA's C
// signatures, served by the current mm::runtime::Runtime: what clang-19's
// host code for CUDA calls (`<<<...>>>` launches through
// __cudaPushCallConfiguration, the host stub's __cudaPopCallConfiguration
// and cudaLaunchKernel) and what programs call. A launch's kernel is the
// one whose host stub clang passes as `func`, a symbol's device variable
// the one whose host shadow the program passes; the KernelProvider maps
// both.
//
// The CPU backend runs each operation to completion before the call that
// issues it returns, so that streams need no queue: every stream's
// operations are in order, an event is complete when it is recorded, and a
// stream callback runs when it is added (docs/runtime.md).
//
//===----------------------------------------------------------------------===//

#include "CudaCompilerEntryPoints.h"
#include "CudaRuntimeSupport.h"
#include "mm/Runtime/Runtime.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <unistd.h>

using namespace mm::runtime;
using namespace mm::runtime::cuda;

/// \p Value rounded up to a multiple of \p Align.
static size_t roundUp(size_t Value, size_t Align) {
  return (Value + Align - 1) / Align * Align;
}

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
  case MM_ERROR_ASSERT:
    return cudaErrorAssert;
  case MM_ERROR_ILLEGAL_ADDRESS:
    return cudaErrorIllegalAddress;
  case MM_ERROR_INVALID_CONFIGURATION:
    return cudaErrorInvalidConfiguration;
  }
  return cudaErrorUnknown;
}

cudaError_t cuda::record(Error E) {
  cudaError_t Result = toCudaError(Runtime::recordError(std::move(E)));
  if (Result != cudaSuccess)
    LastCudaError = Result;
  return Result;
}

cudaError_t cuda::recordCudaError(cudaError_t Code,
                                  const std::string &Message) {
  Runtime::recordError(Error(MM_ERROR_INVALID_VALUE, Message));
  LastCudaError = Code;
  return Code;
}

static cudaError_t recordInvalidDevice(int Device) {
  return recordCudaError(cudaErrorInvalidDevice,
                         "no device " + std::to_string(Device));
}

Runtime *cuda::getRuntime() {
  if (Runtime *R = getOrStartRuntime())
    return R;
  record(Error(MM_ERROR_NOT_INITIALIZED, "the offload runtime is not running"));
  return nullptr;
}

cudaError_t cuda::invalid(const std::string &Message) {
  return record(Error(MM_ERROR_INVALID_VALUE, Message));
}

/// Records that \p What is not a live stream or event.
static cudaError_t recordInvalidHandle(const std::string &What) {
  return recordCudaError(cudaErrorInvalidResourceHandle,
                         What + " is not a live handle");
}

namespace {
/// The attributes that cudaStreamSetAttribute sets: hints to a GPU's
/// caches and scheduler, which a CPU has no use for, kept to be read back.
struct StreamAttributes {
  cudaAccessPolicyWindow AccessPolicyWindow = {};
  cudaSynchronizationPolicy SyncPolicy = cudaSyncPolicyAuto;
  cudaLaunchMemSyncDomainMap MemSyncDomainMap = {0, 1};
  cudaLaunchMemSyncDomain MemSyncDomain = cudaLaunchMemSyncDomainDefault;
};
/// A stream: its flags, priority and attributes. Work on it is done when
/// issued.
struct Stream {
  unsigned Flags;
  int Priority;
  StreamAttributes Attributes = {};
};
/// An event: when it was last recorded.
struct Event {
  unsigned Flags;
  bool Recorded = false;
  std::chrono::steady_clock::time_point Time;
};

/// A memory pool of stream-ordered allocation: its attributes, and what
/// it has allocated, start -> size.
struct MemoryPool {
  uint64_t ReleaseThreshold = 0;
  int ReuseFollowEventDependencies = 1;
  int ReuseAllowOpportunistic = 1;
  int ReuseAllowInternalDependencies = 1;
  std::unordered_map<void *, size_t> Allocations;
  uint64_t Used = 0, UsedHigh = 0;
};

/// What the CUDA API adds to the runtime: streams, events, pinned host
/// memory, memory pools and per-function attributes, for the process's
/// lifetime.
struct CudaState {
  std::mutex Lock;
  std::unordered_set<cudaStream_t> Streams;
  std::unordered_set<cudaEvent_t> Events;
  /// The device's default pool, the pools cudaMemPoolCreate made, and the
  /// pool that cudaMallocAsync allocates from.
  MemoryPool DefaultPool;
  std::unordered_set<cudaMemPool_t> CreatedPools;
  cudaMemPool_t CurrentPool = nullptr;
  /// Host memory that cudaHostAlloc allocated or cudaHostRegister
  /// registered: start -> (size, allocated by cudaHostAlloc).
  std::map<uintptr_t, std::pair<size_t, unsigned>> HostMemory;
  std::unordered_map<const void *, int> MaxDynamicSharedSize;
  unsigned DeviceFlags = cudaDeviceScheduleAuto;
  /// The attributes of the default streams, which nobody creates.
  StreamAttributes DefaultStreamAttributes;
  cudaFuncCache CacheConfig = cudaFuncCachePreferNone;
  cudaSharedMemConfig SharedMemConfig = cudaSharedMemBankSizeFourByte;
};

/// Flags of host memory that cudaHostAlloc allocated (not registered).
constexpr unsigned AllocatedHostMemory = 0x80000000u;
/// Limits that cudaDeviceSetLimit keeps, indexed by cudaLimit.
constexpr int NumLimits = cudaLimitPersistingL2CacheSize + 1;
} // namespace

static CudaState &getState() {
  static CudaState State;
  return State;
}

/// The device limits: CUDA's defaults, as set by cudaDeviceSetLimit.
static size_t Limits[NumLimits] = {1024, 1 << 20, 8 << 20, 2, 2048, 64, 0};

/// True for the handles of the default streams, which nobody creates.
static bool isDefaultStream(cudaStream_t S) {
  return !S || S == cudaStreamLegacy || S == cudaStreamPerThread;
}

/// The stream that cudaStreamCreate made for \p S, or null for a default
/// stream. \p S is a live stream.
static const Stream *getCreatedStream(cudaStream_t S) {
  return isDefaultStream(S) ? nullptr : reinterpret_cast<const Stream *>(S);
}

static bool isStream(cudaStream_t S) {
  if (isDefaultStream(S))
    return true;
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  return State.Streams.count(S);
}

static Event *getEvent(cudaEvent_t E) {
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  return State.Events.count(E) ? reinterpret_cast<Event *>(E) : nullptr;
}

/// The runtime's direction for a copy from \p Src to \p Dst of CUDA kind
/// \p Kind; cudaMemcpyDefault asks the pointers where they are.
static Expected<mm_memcpy_kind> getCopyKind(Runtime &R, void *Dst,
                                            const void *Src,
                                            cudaMemcpyKind Kind) {
  // On the integer: a program can pass any value.
  switch (static_cast<int>(Kind)) {
  case cudaMemcpyHostToHost:
    return MM_MEMCPY_HOST_TO_HOST;
  case cudaMemcpyHostToDevice:
    return MM_MEMCPY_HOST_TO_DEVICE;
  case cudaMemcpyDeviceToHost:
    return MM_MEMCPY_DEVICE_TO_HOST;
  case cudaMemcpyDeviceToDevice:
    return MM_MEMCPY_DEVICE_TO_DEVICE;
  case cudaMemcpyDefault: {
    bool DstDevice = R.isDevicePointer(Dst);
    bool SrcDevice = R.isDevicePointer(Src);
    return DstDevice ? (SrcDevice ? MM_MEMCPY_DEVICE_TO_DEVICE
                                  : MM_MEMCPY_HOST_TO_DEVICE)
                     : (SrcDevice ? MM_MEMCPY_DEVICE_TO_HOST
                                  : MM_MEMCPY_HOST_TO_HOST);
  }
  }
  return Error(MM_ERROR_INVALID_VALUE, "copy with an invalid cudaMemcpyKind " +
                                           std::to_string(int(Kind)));
}

cudaError_t cuda::copy(void *Dst, const void *Src, size_t Count,
                       cudaMemcpyKind Kind) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  Expected<mm_memcpy_kind> MMKind = getCopyKind(*R, Dst, Src, Kind);
  if (!MMKind)
    return recordCudaError(cudaErrorInvalidMemcpyDirection,
                           MMKind.takeError().getMessage());
  return record(R->copy(Dst, Src, Count, *MMKind));
}

cudaError_t cuda::copy2D(void *Dst, size_t DstPitch, const void *Src,
                         size_t SrcPitch, size_t Width, size_t Height,
                         cudaMemcpyKind Kind) {
  if (Height > 1 && (Width > DstPitch || Width > SrcPitch))
    return recordCudaError(cudaErrorInvalidPitchValue,
                           "2D copy of rows of " + std::to_string(Width) +
                               " bytes with a pitch of " +
                               std::to_string(std::min(DstPitch, SrcPitch)));
  for (size_t Row = 0; Row < Height; ++Row)
    if (cudaError_t Error =
            copy(static_cast<char *>(Dst) + Row * DstPitch,
                 static_cast<const char *>(Src) + Row * SrcPitch, Width, Kind))
      return Error;
  return cudaSuccess;
}

static cudaError_t set2D(void *DevPtr, size_t Pitch, int Value, size_t Width,
                         size_t Height) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (Height > 1 && Width > Pitch)
    return recordCudaError(cudaErrorInvalidPitchValue,
                           "2D memset of rows of " + std::to_string(Width) +
                               " bytes with a pitch of " +
                               std::to_string(Pitch));
  for (size_t Row = 0; Row < Height; ++Row)
    if (cudaError_t Error = record(
            R->set(static_cast<char *>(DevPtr) + Row * Pitch, Value, Width)))
      return Error;
  return cudaSuccess;
}

/// The pitch of rows of \p Width bytes: CUDA's texture alignment.
static size_t getPitch(size_t Width) { return roundUp(Width ? Width : 1, 512); }

/// The device variable whose host shadow is \p Symbol, or the error.
static Expected<DeviceVariable> getSymbol(const void *Symbol) {
  Runtime *R = getCurrentRuntime();
  if (!R)
    return Error(MM_ERROR_NOT_INITIALIZED,
                 "the offload runtime is not running");
  return R->getDeviceVariable(Symbol);
}

/// The part [Offset, Offset + Count) of the device variable of \p Symbol.
static cudaError_t getSymbolRange(const void *Symbol, size_t Offset,
                                  size_t Count, char **Result) {
  Expected<DeviceVariable> Variable = getSymbol(Symbol);
  if (!Variable)
    return recordCudaError(cudaErrorInvalidSymbol,
                           Variable.takeError().getMessage());
  if (Offset > Variable->Size || Count > Variable->Size - Offset)
    return invalid("copy of " + std::to_string(Count) + " bytes at offset " +
                   std::to_string(Offset) + " of device variable '" +
                   Variable->Name + "' of submodule '" + Variable->Module +
                   "', of " + std::to_string(Variable->Size) + " bytes");
  *Result = static_cast<char *>(Variable->Address) + Offset;
  return cudaSuccess;
}

/// The CPU backend as a GPU of compute capability 7.0 (what mm's CUDA
/// compilations target), with CUDA's usual limits and one multiprocessor
/// per worker thread.
static void getDeviceProperties(Runtime &R, cudaDeviceProp &Prop) {
  std::memset(&Prop, 0, sizeof(Prop));
  std::snprintf(Prop.name, sizeof(Prop.name), "mm %s backend",
                std::string(R.getBackend().getName()).c_str());
  Prop.totalGlobalMem = size_t(16) << 30;
  Prop.sharedMemPerBlock = 48 << 10;
  Prop.sharedMemPerBlockOptin = 96 << 10;
  Prop.sharedMemPerMultiprocessor = 96 << 10;
  Prop.regsPerBlock = 65536;
  Prop.regsPerMultiprocessor = 65536;
  Prop.warpSize = 32;
  Prop.memPitch = ~size_t(0) >> 1;
  Prop.maxThreadsPerBlock = 1024;
  Prop.maxThreadsDim[0] = 1024;
  Prop.maxThreadsDim[1] = 1024;
  Prop.maxThreadsDim[2] = 64;
  Prop.maxGridSize[0] = 0x7fffffff;
  Prop.maxGridSize[1] = 65535;
  Prop.maxGridSize[2] = 65535;
  Prop.clockRate = 1000000;
  Prop.memoryClockRate = 1000000;
  Prop.memoryBusWidth = 64;
  Prop.l2CacheSize = 1 << 20;
  Prop.totalConstMem = 64 << 10;
  Prop.textureAlignment = 512;
  Prop.texturePitchAlignment = 32;
  Prop.major = 7;
  Prop.minor = 0;
  Prop.multiProcessorCount = int(R.getBackend().getConcurrency());
  Prop.maxThreadsPerMultiProcessor = 2048;
  Prop.maxBlocksPerMultiProcessor = 32;
  Prop.canMapHostMemory = 1;
  Prop.unifiedAddressing = 1;
  Prop.managedMemory = 1;
  Prop.concurrentManagedAccess = 1;
  Prop.pageableMemoryAccess = 1;
  Prop.directManagedMemAccessFromHost = 1;
  Prop.hostNativeAtomicSupported = 1;
  Prop.hostRegisterSupported = 1;
  Prop.cooperativeLaunch = 1;
  Prop.streamPrioritiesSupported = 1;
  Prop.globalL1CacheSupported = 1;
  Prop.localL1CacheSupported = 1;
  Prop.singleToDoublePrecisionPerfRatio = 2;
  Prop.computeMode = cudaComputeModeDefault;
  Prop.concurrentKernels = 0;
  // A copy engine, as every GPU since CUDA 1.1 has: programs that overlap
  // copies with kernels on streams test for it (and some do not work
  // without). Both are done when issued, which is one order that such a
  // program must be right with.
  Prop.deviceOverlap = 1;
  Prop.asyncEngineCount = 1;
}

/// The value of device attribute \p Attr, from the device's properties;
/// false if \p Attr is not one of CUDA's.
static bool getDeviceAttribute(const cudaDeviceProp &P, int Attr, int &Value) {
  switch (Attr) {
  // clang-format off
  case cudaDevAttrMaxThreadsPerBlock: Value = P.maxThreadsPerBlock; return true;
  case cudaDevAttrMaxBlockDimX: Value = P.maxThreadsDim[0]; return true;
  case cudaDevAttrMaxBlockDimY: Value = P.maxThreadsDim[1]; return true;
  case cudaDevAttrMaxBlockDimZ: Value = P.maxThreadsDim[2]; return true;
  case cudaDevAttrMaxGridDimX: Value = P.maxGridSize[0]; return true;
  case cudaDevAttrMaxGridDimY: Value = P.maxGridSize[1]; return true;
  case cudaDevAttrMaxGridDimZ: Value = P.maxGridSize[2]; return true;
  case cudaDevAttrMaxSharedMemoryPerBlock: Value = int(P.sharedMemPerBlock); return true;
  case cudaDevAttrTotalConstantMemory: Value = int(P.totalConstMem); return true;
  case cudaDevAttrWarpSize: Value = P.warpSize; return true;
  case cudaDevAttrMaxPitch: Value = 0x7fffffff; return true;
  case cudaDevAttrMaxRegistersPerBlock: Value = P.regsPerBlock; return true;
  case cudaDevAttrClockRate: Value = P.clockRate; return true;
  case cudaDevAttrTextureAlignment: Value = int(P.textureAlignment); return true;
  case cudaDevAttrMultiProcessorCount: Value = P.multiProcessorCount; return true;
  case cudaDevAttrCanMapHostMemory: Value = P.canMapHostMemory; return true;
  case cudaDevAttrComputeMode: Value = P.computeMode; return true;
  case cudaDevAttrConcurrentKernels: Value = P.concurrentKernels; return true;
  case cudaDevAttrMemoryClockRate: Value = P.memoryClockRate; return true;
  case cudaDevAttrGlobalMemoryBusWidth: Value = P.memoryBusWidth; return true;
  case cudaDevAttrL2CacheSize: Value = P.l2CacheSize; return true;
  case cudaDevAttrMaxThreadsPerMultiProcessor: Value = P.maxThreadsPerMultiProcessor; return true;
  case cudaDevAttrAsyncEngineCount: Value = P.asyncEngineCount; return true;
  case cudaDevAttrGpuOverlap: Value = P.deviceOverlap; return true;
  case cudaDevAttrUnifiedAddressing: Value = P.unifiedAddressing; return true;
  case cudaDevAttrTexturePitchAlignment: Value = int(P.texturePitchAlignment); return true;
  case cudaDevAttrComputeCapabilityMajor: Value = P.major; return true;
  case cudaDevAttrComputeCapabilityMinor: Value = P.minor; return true;
  case cudaDevAttrStreamPrioritiesSupported: Value = P.streamPrioritiesSupported; return true;
  case cudaDevAttrGlobalL1CacheSupported: Value = P.globalL1CacheSupported; return true;
  case cudaDevAttrLocalL1CacheSupported: Value = P.localL1CacheSupported; return true;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor: Value = int(P.sharedMemPerMultiprocessor); return true;
  case cudaDevAttrMaxRegistersPerMultiprocessor: Value = P.regsPerMultiprocessor; return true;
  case cudaDevAttrManagedMemory: Value = P.managedMemory; return true;
  case cudaDevAttrHostNativeAtomicSupported: Value = P.hostNativeAtomicSupported; return true;
  case cudaDevAttrSingleToDoublePrecisionPerfRatio: Value = P.singleToDoublePrecisionPerfRatio; return true;
  case cudaDevAttrPageableMemoryAccess: Value = P.pageableMemoryAccess; return true;
  case cudaDevAttrConcurrentManagedAccess: Value = P.concurrentManagedAccess; return true;
  case cudaDevAttrCooperativeLaunch: Value = P.cooperativeLaunch; return true;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: Value = int(P.sharedMemPerBlockOptin); return true;
  case cudaDevAttrHostRegisterSupported: Value = P.hostRegisterSupported; return true;
  case cudaDevAttrDirectManagedMemAccessFromHost: Value = P.directManagedMemAccessFromHost; return true;
  case cudaDevAttrMaxBlocksPerMultiprocessor: Value = P.maxBlocksPerMultiProcessor; return true;
  // Stream-ordered allocation, without handles to share it.
  case cudaDevAttrMemoryPoolsSupported: Value = 1; return true;
  // clang-format on
  }
  // Every other attribute of CUDA's is a feature that the device has not
  // (textures, surfaces, ECC, peers, ...) or a size of one: 0.
  if (Attr >= cudaDevAttrMaxThreadsPerBlock && Attr < cudaDevAttrMax) {
    Value = 0;
    return true;
  }
  return false;
}

extern "C" {

//===--------------------------- Launches ---------------------------------===//

unsigned __cudaPushCallConfiguration(dim3 GridDim, dim3 BlockDim,
                                     size_t SharedMem, void *Stream) {
  PendingConfigurations.push_back(
      {GridDim, BlockDim, SharedMem, static_cast<cudaStream_t>(Stream)});
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *GridDim, dim3 *BlockDim,
                                       size_t *SharedMem, void *Stream) {
  if (PendingConfigurations.empty())
    return invalid("kernel stub called without a launch configuration "
                   "(<<<...>>>)");
  CallConfiguration C = PendingConfigurations.back();
  PendingConfigurations.pop_back();
  *GridDim = C.Grid;
  *BlockDim = C.Block;
  *SharedMem = C.SharedMem;
  *static_cast<cudaStream_t *>(Stream) = C.Stream;
  return cudaSuccess;
}

cudaError_t cudaConfigureCall(dim3 GridDim, dim3 BlockDim, size_t SharedMem,
                              cudaStream_t Stream) {
  return __cudaPushCallConfiguration(GridDim, BlockDim, SharedMem, Stream)
             ? cudaErrorInvalidConfiguration
             : cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void *Func, dim3 GridDim, dim3 BlockDim,
                             void **Args, size_t SharedMem,
                             cudaStream_t Stream) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (!isStream(Stream))
    return recordInvalidHandle("the launch's stream");
  if (isCapturing(Stream))
    return captureKernelLaunch(Stream, Func, GridDim, BlockDim, Args,
                               SharedMem);
  LaunchConfig Config{{GridDim.x, GridDim.y, GridDim.z},
                      {BlockDim.x, BlockDim.y, BlockDim.z},
                      SharedMem};
  updateBoundTextureReferences();
  return record(R->launchHostFunction(Func, Config, Args));
}

cudaError_t cudaLaunchCooperativeKernel(const void *Func, dim3 GridDim,
                                        dim3 BlockDim, void **Args,
                                        size_t SharedMem,
                                        cudaStream_t Stream) {
  return cudaLaunchKernel(Func, GridDim, BlockDim, Args, SharedMem, Stream);
}

/// Checks an access policy window as CUDA does.
static cudaError_t checkAccessPolicyWindow(const cudaAccessPolicyWindow &W) {
  auto IsProperty = [](cudaAccessProperty P) {
    return P == cudaAccessPropertyNormal || P == cudaAccessPropertyStreaming ||
           P == cudaAccessPropertyPersisting;
  };
  if (!(W.hitRatio >= 0 && W.hitRatio <= 1) || !IsProperty(W.hitProp) ||
      !IsProperty(W.missProp) || W.missProp == cudaAccessPropertyPersisting)
    return invalid("an access policy window with a hit ratio outside [0, 1] "
                   "or invalid properties");
  return cudaSuccess;
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *Config,
                                const void *Func, void **Args) {
  if (!Config || (Config->numAttrs && !Config->attrs))
    return invalid("cudaLaunchKernelEx with a null configuration or "
                   "attribute list");
  bool Cooperative = false;
  std::vector<cudaEvent_t> Completion;
  for (unsigned I = 0; I != Config->numAttrs; ++I) {
    const cudaLaunchAttribute &A = Config->attrs[I];
    const cudaLaunchAttributeValue &V = A.val;
    switch (int(A.id)) {
    case cudaLaunchAttributeAccessPolicyWindow:
      if (cudaError_t E = checkAccessPolicyWindow(V.accessPolicyWindow))
        return E;
      break;
    case cudaLaunchAttributeCooperative:
      Cooperative = V.cooperative != 0;
      break;
    case cudaLaunchAttributeClusterDimension: {
      // The blocks of a cluster run as any blocks do; the grid must be
      // made of whole clusters of at most 8 blocks, as on a GPU.
      unsigned X = V.clusterDim.x, Y = V.clusterDim.y, Z = V.clusterDim.z;
      if (!X || !Y || !Z || uint64_t(X) * Y * Z > 8 ||
          Config->gridDim.x % X || Config->gridDim.y % Y ||
          Config->gridDim.z % Z)
        return recordCudaError(
            cudaErrorInvalidClusterSize,
            "a cluster of " + std::to_string(X) + "x" + std::to_string(Y) +
                "x" + std::to_string(Z) + " blocks, which the grid of " +
                std::to_string(Config->gridDim.x) + "x" +
                std::to_string(Config->gridDim.y) + "x" +
                std::to_string(Config->gridDim.z) +
                " blocks is not made of or which is larger than 8");
      break;
    }
    case cudaLaunchAttributeProgrammaticEvent:
    case cudaLaunchAttributeLaunchCompletionEvent: {
      cudaEvent_t E = A.id == cudaLaunchAttributeProgrammaticEvent
                          ? V.programmaticEvent.event
                          : V.launchCompletionEvent.event;
      if (!getEvent(E))
        return recordInvalidHandle("the launch's completion event");
      Completion.push_back(E);
      break;
    }
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributeSynchronizationPolicy:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributeProgrammaticStreamSerialization:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
      break;
    default:
      return invalid("cudaLaunchKernelEx with an unknown launch attribute " +
                     std::to_string(int(A.id)));
    }
  }
  cudaError_t Launched =
      Cooperative
          ? cudaLaunchCooperativeKernel(Func, Config->gridDim,
                                        Config->blockDim, Args,
                                        Config->dynamicSmemBytes,
                                        Config->stream)
          : cudaLaunchKernel(Func, Config->gridDim, Config->blockDim, Args,
                             Config->dynamicSmemBytes, Config->stream);
  // The events trigger once every block has; a launch is done when issued.
  for (cudaEvent_t E : Completion)
    if (Launched == cudaSuccess)
      cudaEventRecord(E, Config->stream);
  return Launched;
}

//===---------------------------- Memory ----------------------------------===//

cudaError_t cudaMalloc(void **DevPtr, size_t Size) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (!DevPtr)
    return invalid("cudaMalloc with a null result pointer");
  Expected<void *> Ptr = R->allocate(Size);
  if (!Ptr)
    return record(Ptr.takeError());
  *DevPtr = *Ptr;
  return cudaSuccess;
}

cudaError_t cudaMallocManaged(void **DevPtr, size_t Size, unsigned Flags) {
  if (Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost)
    return invalid("cudaMallocManaged with flags " + std::to_string(Flags));
  // Device memory is host memory on the CPU backend: managed memory is
  // device memory that the host may also touch.
  return cudaMalloc(DevPtr, Size);
}

cudaError_t cudaMallocPitch(void **DevPtr, size_t *Pitch, size_t Width,
                            size_t Height) {
  if (!Pitch)
    return invalid("cudaMallocPitch with a null pitch pointer");
  size_t RowPitch = getPitch(Width);
  if (cudaError_t Error = cudaMalloc(DevPtr, RowPitch * Height))
    return Error;
  *Pitch = RowPitch;
  return cudaSuccess;
}

cudaError_t cudaMalloc3D(cudaPitchedPtr *PitchedDevPtr, cudaExtent Extent) {
  if (!PitchedDevPtr)
    return invalid("cudaMalloc3D with a null result pointer");
  size_t Pitch = getPitch(Extent.width);
  void *Ptr;
  if (cudaError_t Error = cudaMalloc(&Ptr, Pitch * Extent.height * Extent.depth))
    return Error;
  *PitchedDevPtr = {Ptr, Pitch, Extent.width, Extent.height};
  return cudaSuccess;
}

cudaError_t cudaFree(void *DevPtr) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  return record(R->free(DevPtr));
}

//===- Stream-ordered allocation ------------------------------------------===//
//
// Work on a stream is done when it is issued, so an allocation is ready at
// once and cudaFreeAsync frees at once. A pool counts what it allocated.

static cudaMemPool_t getDefaultPool() {
  return reinterpret_cast<cudaMemPool_t>(&getState().DefaultPool);
}

/// The pool behind \p Pool, or null (recorded) if it is not one.
static MemoryPool *getPool(cudaMemPool_t Pool) {
  CudaState &State = getState();
  if (Pool == getDefaultPool())
    return &State.DefaultPool;
  std::lock_guard<std::mutex> Guard(State.Lock);
  if (!Pool || !State.CreatedPools.count(Pool)) {
    recordInvalidHandle("the memory pool");
    return nullptr;
  }
  return reinterpret_cast<MemoryPool *>(Pool);
}

cudaError_t cudaMallocFromPoolAsync(void **Ptr, size_t Size,
                                    cudaMemPool_t Pool, cudaStream_t Stream) {
  if (!Ptr)
    return invalid("cudaMallocAsync with a null result pointer");
  if (!isStream(Stream))
    return recordInvalidHandle("the allocation's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "stream-ordered allocation");
  MemoryPool *P = getPool(Pool);
  if (!P)
    return cudaErrorInvalidResourceHandle;
  if (cudaError_t Error = cudaMalloc(Ptr, Size))
    return Error;
  std::lock_guard<std::mutex> Guard(getState().Lock);
  P->Allocations[*Ptr] = Size;
  P->Used += Size;
  P->UsedHigh = std::max(P->UsedHigh, P->Used);
  return cudaSuccess;
}

cudaError_t cudaMallocAsync(void **Ptr, size_t Size, cudaStream_t Stream) {
  cudaMemPool_t Pool;
  {
    CudaState &State = getState();
    std::lock_guard<std::mutex> Guard(State.Lock);
    Pool = State.CurrentPool ? State.CurrentPool : getDefaultPool();
  }
  return cudaMallocFromPoolAsync(Ptr, Size, Pool, Stream);
}

cudaError_t cudaFreeAsync(void *Ptr, cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the free's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "cudaFreeAsync");
  CudaState &State = getState();
  {
    std::lock_guard<std::mutex> Guard(State.Lock);
    auto Forget = [&](MemoryPool &P) {
      auto It = P.Allocations.find(Ptr);
      if (It == P.Allocations.end())
        return false;
      P.Used -= It->second;
      P.Allocations.erase(It);
      return true;
    };
    if (!Forget(State.DefaultPool))
      for (cudaMemPool_t Pool : State.CreatedPools)
        if (Forget(*reinterpret_cast<MemoryPool *>(Pool)))
          break;
  }
  return cudaFree(Ptr);
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *Pool, int Device) {
  if (!Pool)
    return invalid("cudaDeviceGetDefaultMemPool with a null result pointer");
  if (Device != 0)
    return recordInvalidDevice(Device);
  *Pool = getDefaultPool();
  return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *Pool, int Device) {
  if (!Pool)
    return invalid("cudaDeviceGetMemPool with a null result pointer");
  if (Device != 0)
    return recordInvalidDevice(Device);
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  *Pool = State.CurrentPool ? State.CurrentPool : getDefaultPool();
  return cudaSuccess;
}

cudaError_t cudaDeviceSetMemPool(int Device, cudaMemPool_t Pool) {
  if (Device != 0)
    return recordInvalidDevice(Device);
  if (!getPool(Pool))
    return cudaErrorInvalidResourceHandle;
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.CurrentPool = Pool;
  return cudaSuccess;
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t *Pool,
                              const cudaMemPoolProps *Props) {
  if (!Pool || !Props)
    return invalid("cudaMemPoolCreate with a null pointer");
  if (Props->allocType != cudaMemAllocationTypePinned ||
      Props->location.type != cudaMemLocationTypeDevice)
    return invalid("cudaMemPoolCreate of pinned device memory only");
  if (Props->location.id != 0)
    return recordInvalidDevice(Props->location.id);
  auto *Created = reinterpret_cast<cudaMemPool_t>(new MemoryPool);
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.CreatedPools.insert(Created);
  *Pool = Created;
  return cudaSuccess;
}

cudaError_t cudaMemPoolDestroy(cudaMemPool_t Pool) {
  CudaState &State = getState();
  std::unique_lock<std::mutex> Guard(State.Lock);
  if (!State.CreatedPools.erase(Pool))
    return recordInvalidHandle("the memory pool");
  if (State.CurrentPool == Pool)
    State.CurrentPool = nullptr;
  // What the pool still holds is freed with it.
  auto *P = reinterpret_cast<MemoryPool *>(Pool);
  std::vector<void *> Held;
  for (const auto &Allocation : P->Allocations)
    Held.push_back(Allocation.first);
  delete P;
  Guard.unlock();
  for (void *Ptr : Held)
    cudaFree(Ptr);
  return cudaSuccess;
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attr,
                                    void *Value) {
  MemoryPool *P = getPool(Pool);
  if (!P)
    return cudaErrorInvalidResourceHandle;
  if (!Value)
    return invalid("cudaMemPoolSetAttribute with a null value");
  std::lock_guard<std::mutex> Guard(getState().Lock);
  switch (Attr) {
  case cudaMemPoolReuseFollowEventDependencies:
    P->ReuseFollowEventDependencies = *static_cast<int *>(Value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowOpportunistic:
    P->ReuseAllowOpportunistic = *static_cast<int *>(Value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowInternalDependencies:
    P->ReuseAllowInternalDependencies = *static_cast<int *>(Value);
    return cudaSuccess;
  case cudaMemPoolAttrReleaseThreshold:
    P->ReleaseThreshold = *static_cast<uint64_t *>(Value);
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh:
    // Only resetting to 0 is allowed: the high-water mark restarts.
    if (*static_cast<uint64_t *>(Value) != 0)
      break;
    P->UsedHigh = P->Used;
    return cudaSuccess;
  default:
    break;
  }
  return invalid("cudaMemPoolSetAttribute of attribute " +
                 std::to_string(int(Attr)) + " to that value");
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t Pool, cudaMemPoolAttr Attr,
                                    void *Value) {
  MemoryPool *P = getPool(Pool);
  if (!P)
    return cudaErrorInvalidResourceHandle;
  if (!Value)
    return invalid("cudaMemPoolGetAttribute with a null result pointer");
  std::lock_guard<std::mutex> Guard(getState().Lock);
  switch (Attr) {
  case cudaMemPoolReuseFollowEventDependencies:
    *static_cast<int *>(Value) = P->ReuseFollowEventDependencies;
    return cudaSuccess;
  case cudaMemPoolReuseAllowOpportunistic:
    *static_cast<int *>(Value) = P->ReuseAllowOpportunistic;
    return cudaSuccess;
  case cudaMemPoolReuseAllowInternalDependencies:
    *static_cast<int *>(Value) = P->ReuseAllowInternalDependencies;
    return cudaSuccess;
  case cudaMemPoolAttrReleaseThreshold:
    *static_cast<uint64_t *>(Value) = P->ReleaseThreshold;
    return cudaSuccess;
  // A pool reserves exactly what it has allocated.
  case cudaMemPoolAttrReservedMemCurrent:
  case cudaMemPoolAttrUsedMemCurrent:
    *static_cast<uint64_t *>(Value) = P->Used;
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh:
    *static_cast<uint64_t *>(Value) = P->UsedHigh;
    return cudaSuccess;
  }
  return invalid("cudaMemPoolGetAttribute of attribute " +
                 std::to_string(int(Attr)));
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t Pool, size_t) {
  // Freed memory goes back at once: there is nothing to trim.
  return getPool(Pool) ? cudaSuccess : cudaErrorInvalidResourceHandle;
}

cudaError_t cudaHostAlloc(void **PHost, size_t Size, unsigned Flags) {
  if (!PHost)
    return invalid("cudaHostAlloc with a null result pointer");
  if (Flags & ~unsigned(cudaHostAllocPortable | cudaHostAllocMapped |
                        cudaHostAllocWriteCombined))
    return invalid("cudaHostAlloc with flags " + std::to_string(Flags));
  // Page-aligned, as pinned memory is.
  void *Ptr = std::aligned_alloc(4096, roundUp(Size ? Size : 1, 4096));
  if (!Ptr)
    return record(Error(MM_ERROR_OUT_OF_MEMORY, "cannot allocate " +
                                                    std::to_string(Size) +
                                                    " bytes of host memory"));
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.HostMemory[reinterpret_cast<uintptr_t>(Ptr)] = {
      Size, Flags | AllocatedHostMemory};
  *PHost = Ptr;
  return cudaSuccess;
}

cudaError_t cudaMallocHost(void **Ptr, size_t Size) {
  return cudaHostAlloc(Ptr, Size, cudaHostAllocDefault);
}

cudaError_t cudaFreeHost(void *Ptr) {
  if (!Ptr)
    return cudaSuccess;
  CudaState &State = getState();
  {
    std::lock_guard<std::mutex> Guard(State.Lock);
    auto It = State.HostMemory.find(reinterpret_cast<uintptr_t>(Ptr));
    if (It == State.HostMemory.end() ||
        !(It->second.second & AllocatedHostMemory))
      return invalid("cudaFreeHost of a pointer that cudaHostAlloc or "
                     "cudaMallocHost did not return");
    State.HostMemory.erase(It);
  }
  std::free(Ptr);
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void *Ptr, size_t Size, unsigned Flags) {
  if (!Ptr || !Size)
    return invalid("cudaHostRegister of an empty range");
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  uintptr_t Start = reinterpret_cast<uintptr_t>(Ptr);
  auto Next = State.HostMemory.lower_bound(Start);
  bool OverlapsNext = Next != State.HostMemory.end() && Next->first - Start < Size;
  bool OverlapsPrevious =
      Next != State.HostMemory.begin() &&
      std::prev(Next)->first + std::prev(Next)->second.first > Start;
  if (OverlapsNext || OverlapsPrevious)
    return recordCudaError(cudaErrorHostMemoryAlreadyRegistered,
                           "cudaHostRegister of memory already registered");
  State.HostMemory[Start] = {Size, Flags};
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void *Ptr) {
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.HostMemory.find(reinterpret_cast<uintptr_t>(Ptr));
  if (It == State.HostMemory.end() || (It->second.second & AllocatedHostMemory))
    return recordCudaError(cudaErrorHostMemoryNotRegistered,
                           "cudaHostUnregister of memory that "
                           "cudaHostRegister did not register");
  State.HostMemory.erase(It);
  return cudaSuccess;
}

/// The flags of the pinned host memory that \p Ptr points into, or false.
static bool getHostMemoryFlags(const void *Ptr, unsigned &Flags) {
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  uintptr_t Address = reinterpret_cast<uintptr_t>(Ptr);
  auto It = State.HostMemory.upper_bound(Address);
  if (It == State.HostMemory.begin())
    return false;
  --It;
  if (Address - It->first >= std::max<size_t>(It->second.first, 1))
    return false;
  Flags = It->second.second & ~AllocatedHostMemory;
  return true;
}

cudaError_t cudaHostGetDevicePointer(void **PDevice, void *PHost,
                                     unsigned Flags) {
  unsigned HostFlags;
  if (!PDevice || Flags != 0 || !getHostMemoryFlags(PHost, HostFlags))
    return invalid("cudaHostGetDevicePointer of memory that is not pinned");
  // One address space: the host's address is the device's.
  *PDevice = PHost;
  return cudaSuccess;
}

cudaError_t cudaHostGetFlags(unsigned *PFlags, void *PHost) {
  unsigned Flags;
  if (!PFlags || !getHostMemoryFlags(PHost, Flags))
    return invalid("cudaHostGetFlags of memory that is not pinned");
  *PFlags = Flags;
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *Free, size_t *Total) {
  if (!Free || !Total)
    return invalid("cudaMemGetInfo with a null pointer");
  // The device's memory is the host's: its physical memory, and what the
  // kernel reports as available.
  long Pages = sysconf(_SC_PHYS_PAGES), Available = sysconf(_SC_AVPHYS_PAGES);
  long PageSize = sysconf(_SC_PAGE_SIZE);
  *Total = size_t(std::max(Pages, 0L)) * size_t(PageSize);
  *Free = size_t(std::max(Available, 0L)) * size_t(PageSize);
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes *Attributes,
                                     const void *Ptr) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (!Attributes)
    return invalid("cudaPointerGetAttributes with a null result pointer");
  unsigned Flags;
  std::memset(Attributes, 0, sizeof(*Attributes));
  Attributes->device = 0;
  if (R->isDevicePointer(Ptr)) {
    Attributes->type = cudaMemoryTypeDevice;
    Attributes->devicePointer = const_cast<void *>(Ptr);
  } else if (getHostMemoryFlags(Ptr, Flags)) {
    Attributes->type = cudaMemoryTypeHost;
    Attributes->devicePointer = const_cast<void *>(Ptr);
    Attributes->hostPointer = const_cast<void *>(Ptr);
  } else {
    Attributes->type = cudaMemoryTypeUnregistered;
    Attributes->device = cudaInvalidDeviceId;
  }
  return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *DevPtr, size_t, int DstDevice,
                                 cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the prefetch's stream");
  if (DstDevice != 0 && DstDevice != cudaCpuDeviceId)
    return recordInvalidDevice(DstDevice);
  if (!DevPtr)
    return invalid("cudaMemPrefetchAsync of a null pointer");
  // Managed memory is where both sides can reach it already.
  return cudaSuccess;
}

cudaError_t cudaMemAdvise(const void *DevPtr, size_t, cudaMemoryAdvise Advice,
                          int Device) {
  if (!DevPtr)
    return invalid("cudaMemAdvise of a null pointer");
  if (int(Advice) < cudaMemAdviseSetReadMostly ||
      int(Advice) > cudaMemAdviseUnsetAccessedBy)
    return invalid("cudaMemAdvise with an invalid advice " +
                   std::to_string(int(Advice)));
  if (Device != 0 && Device != cudaCpuDeviceId)
    return recordInvalidDevice(Device);
  return cudaSuccess;
}

/// The device id of \p Location, as the int forms take it: the device's,
/// or cudaCpuDeviceId for the host's memory.
static std::optional<int> getLocationDevice(cudaMemLocation Location) {
  switch (Location.type) {
  case cudaMemLocationTypeDevice:
    return Location.id;
  case cudaMemLocationTypeHost:
  case cudaMemLocationTypeHostNuma:
  case cudaMemLocationTypeHostNumaCurrent:
    return cudaCpuDeviceId;
  default:
    return std::nullopt;
  }
}

cudaError_t cudaMemPrefetchAsync_v2(const void *DevPtr, size_t Count,
                                    cudaMemLocation Location, unsigned Flags,
                                    cudaStream_t Stream) {
  std::optional<int> Device = getLocationDevice(Location);
  if (!Device || Flags != 0)
    return invalid("cudaMemPrefetchAsync to an invalid location or with flags");
  return cudaMemPrefetchAsync(DevPtr, Count, *Device, Stream);
}

cudaError_t cudaMemAdvise_v2(const void *DevPtr, size_t Count,
                             cudaMemoryAdvise Advice,
                             cudaMemLocation Location) {
  std::optional<int> Device = getLocationDevice(Location);
  if (!Device)
    return invalid("cudaMemAdvise to an invalid location");
  return cudaMemAdvise(DevPtr, Count, Advice, *Device);
}

cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Count,
                       cudaMemcpyKind Kind) {
  return copy(Dst, Src, Count, Kind);
}

cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Count,
                            cudaMemcpyKind Kind, cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the copy's stream");
  if (isCapturing(Stream))
    return captureCopy(Stream, Dst, Src, Count, Kind);
  return copy(Dst, Src, Count, Kind);
}

cudaError_t cudaMemcpy2D(void *Dst, size_t DPitch, const void *Src,
                         size_t SPitch, size_t Width, size_t Height,
                         cudaMemcpyKind Kind) {
  return copy2D(Dst, DPitch, Src, SPitch, Width, Height, Kind);
}

cudaError_t cudaMemcpy2DAsync(void *Dst, size_t DPitch, const void *Src,
                              size_t SPitch, size_t Width, size_t Height,
                              cudaMemcpyKind Kind, cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the copy's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "cudaMemcpy2DAsync");
  return copy2D(Dst, DPitch, Src, SPitch, Width, Height, Kind);
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms *P) {
  if (!P)
    return invalid("cudaMemcpy3D with null parameters");
  // With a CUDA array on either side, the extent and the array's position
  // count elements; a pitched pointer's position counts bytes.
  cudaPitchedPtr S = P->srcPtr, D = P->dstPtr;
  size_t ElementSize = 1;
  if (P->srcArray && !getArrayMemory(P->srcArray, S, ElementSize))
    return invalid("cudaMemcpy3D from something that is not a CUDA array");
  size_t SrcX = P->srcArray ? P->srcPos.x * ElementSize : P->srcPos.x;
  if (P->dstArray && !getArrayMemory(P->dstArray, D, ElementSize))
    return invalid("cudaMemcpy3D to something that is not a CUDA array");
  size_t DstX = P->dstArray ? P->dstPos.x * ElementSize : P->dstPos.x;
  size_t Width = P->extent.width * ElementSize;
  if ((P->srcArray && SrcX + Width > S.xsize) ||
      (P->dstArray && DstX + Width > D.xsize))
    return invalid("cudaMemcpy3D of rows of " +
                   std::to_string(P->extent.width) +
                   " elements beyond the end of a CUDA array's rows");
  for (size_t Z = 0; Z < P->extent.depth; ++Z) {
    char *Dst = static_cast<char *>(D.ptr) +
                ((P->dstPos.z + Z) * D.ysize + P->dstPos.y) * D.pitch + DstX;
    const char *Src = static_cast<const char *>(S.ptr) +
                      ((P->srcPos.z + Z) * S.ysize + P->srcPos.y) * S.pitch +
                      SrcX;
    if (cudaError_t Error = copy2D(Dst, D.pitch, Src, S.pitch, Width,
                                   P->extent.height, P->kind))
      return Error;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms *P, cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the copy's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "cudaMemcpy3DAsync");
  return cudaMemcpy3D(P);
}

cudaError_t cudaMemcpyPeer(void *Dst, int DstDevice, const void *Src,
                           int SrcDevice, size_t Count) {
  if (DstDevice != 0)
    return recordInvalidDevice(DstDevice);
  if (SrcDevice != 0)
    return recordInvalidDevice(SrcDevice);
  return copy(Dst, Src, Count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemcpyPeerAsync(void *Dst, int DstDevice, const void *Src,
                                int SrcDevice, size_t Count,
                                cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the copy's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "cudaMemcpyPeerAsync");
  return cudaMemcpyPeer(Dst, DstDevice, Src, SrcDevice, Count);
}

cudaError_t cudaMemset(void *DevPtr, int Value, size_t Count) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  return record(R->set(DevPtr, Value, Count));
}

cudaError_t cudaMemsetAsync(void *DevPtr, int Value, size_t Count,
                            cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the memset's stream");
  if (isCapturing(Stream))
    return captureSet(Stream, DevPtr, Value, Count);
  return cudaMemset(DevPtr, Value, Count);
}

cudaError_t cudaMemset2D(void *DevPtr, size_t Pitch, int Value, size_t Width,
                         size_t Height) {
  return set2D(DevPtr, Pitch, Value, Width, Height);
}

cudaError_t cudaMemset2DAsync(void *DevPtr, size_t Pitch, int Value,
                              size_t Width, size_t Height,
                              cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the memset's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "cudaMemset2DAsync");
  return set2D(DevPtr, Pitch, Value, Width, Height);
}

cudaError_t cudaMemset3D(cudaPitchedPtr P, int Value, cudaExtent Extent) {
  for (size_t Z = 0; Z < Extent.depth; ++Z)
    if (cudaError_t Error =
            set2D(static_cast<char *>(P.ptr) + Z * P.ysize * P.pitch, P.pitch,
                  Value, Extent.width, Extent.height))
      return Error;
  return cudaSuccess;
}

//===---------------------------- Symbols ---------------------------------===//

cudaError_t cudaMemcpyToSymbol(const void *Symbol, const void *Src,
                               size_t Count, size_t Offset,
                               cudaMemcpyKind Kind) {
  if (Kind != cudaMemcpyHostToDevice && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return recordCudaError(cudaErrorInvalidMemcpyDirection,
                           "cudaMemcpyToSymbol with kind " +
                               std::to_string(int(Kind)));
  char *Dst;
  if (cudaError_t Error = getSymbolRange(Symbol, Offset, Count, &Dst))
    return Error;
  return copy(Dst, Src, Count, Kind);
}

cudaError_t cudaMemcpyFromSymbol(void *Dst, const void *Symbol, size_t Count,
                                 size_t Offset, cudaMemcpyKind Kind) {
  if (Kind != cudaMemcpyDeviceToHost && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return recordCudaError(cudaErrorInvalidMemcpyDirection,
                           "cudaMemcpyFromSymbol with kind " +
                               std::to_string(int(Kind)));
  char *Src;
  if (cudaError_t Error = getSymbolRange(Symbol, Offset, Count, &Src))
    return Error;
  return copy(Dst, Src, Count, Kind);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *Symbol, const void *Src,
                                    size_t Count, size_t Offset,
                                    cudaMemcpyKind Kind, cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the copy's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "cudaMemcpyToSymbolAsync");
  return cudaMemcpyToSymbol(Symbol, Src, Count, Offset, Kind);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *Dst, const void *Symbol,
                                      size_t Count, size_t Offset,
                                      cudaMemcpyKind Kind,
                                      cudaStream_t Stream) {
  if (!isStream(Stream))
    return recordInvalidHandle("the copy's stream");
  if (isCapturing(Stream))
    return captureUnsupported(Stream, "cudaMemcpyFromSymbolAsync");
  return cudaMemcpyFromSymbol(Dst, Symbol, Count, Offset, Kind);
}

cudaError_t cudaGetSymbolAddress(void **DevPtr, const void *Symbol) {
  if (!DevPtr)
    return invalid("cudaGetSymbolAddress with a null result pointer");
  char *Address;
  if (cudaError_t Error = getSymbolRange(Symbol, 0, 0, &Address))
    return Error;
  *DevPtr = Address;
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *Size, const void *Symbol) {
  if (!Size)
    return invalid("cudaGetSymbolSize with a null result pointer");
  Expected<DeviceVariable> Variable = getSymbol(Symbol);
  if (!Variable)
    return recordCudaError(cudaErrorInvalidSymbol,
                           Variable.takeError().getMessage());
  *Size = Variable->Size;
  return cudaSuccess;
}

//===---------------------------- Streams ---------------------------------===//

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *PStream, unsigned Flags,
                                         int Priority) {
  if (!PStream)
    return invalid("stream creation with a null result pointer");
  if (Flags & ~unsigned(cudaStreamNonBlocking))
    return invalid("stream creation with flags " + std::to_string(Flags));
  auto *S = new Stream{Flags, std::clamp(Priority, -5, 0)};
  cudaStream_t Handle = reinterpret_cast<cudaStream_t>(S);
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.Streams.insert(Handle);
  *PStream = Handle;
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *PStream, unsigned Flags) {
  return cudaStreamCreateWithPriority(PStream, Flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *PStream) {
  return cudaStreamCreateWithPriority(PStream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t S) {
  CudaState &State = getState();
  {
    std::lock_guard<std::mutex> Guard(State.Lock);
    if (!State.Streams.erase(S))
      return recordInvalidHandle("the stream destroyed");
  }
  delete reinterpret_cast<Stream *>(S);
  return cudaSuccess;
}

cudaError_t cudaStreamSynchronize(cudaStream_t S) {
  if (!isStream(S))
    return recordInvalidHandle("the stream synchronized");
  if (isCapturing(S))
    return captureUnsupported(S, "cudaStreamSynchronize");
  return cudaDeviceSynchronize();
}

cudaError_t cudaStreamQuery(cudaStream_t S) {
  if (!isStream(S))
    return recordInvalidHandle("the stream queried");
  if (isCapturing(S))
    return captureUnsupported(S, "cudaStreamQuery");
  return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t S, cudaEvent_t E, unsigned) {
  if (!isStream(S))
    return recordInvalidHandle("the waiting stream");
  if (!getEvent(E))
    return recordInvalidHandle("the event waited for");
  captureStreamWaitEvent(S, E);
  return cudaSuccess;
}

cudaError_t cudaStreamAddCallback(cudaStream_t S, cudaStreamCallback_t Callback,
                                  void *UserData, unsigned Flags) {
  if (!isStream(S))
    return recordInvalidHandle("the callback's stream");
  if (!Callback || Flags != 0)
    return invalid("cudaStreamAddCallback with a null callback or flags");
  if (isCapturing(S))
    return captureUnsupported(S, "cudaStreamAddCallback");
  Callback(S, cudaSuccess, UserData);
  return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t S, cudaHostFn_t Fn,
                               void *UserData) {
  if (!isStream(S))
    return recordInvalidHandle("the host function's stream");
  if (!Fn)
    return invalid("cudaLaunchHostFunc with a null function");
  if (isCapturing(S))
    return captureHostFunction(S, Fn, UserData);
  Fn(UserData);
  return cudaSuccess;
}

cudaError_t cudaStreamGetFlags(cudaStream_t S, unsigned *Flags) {
  if (!Flags)
    return invalid("cudaStreamGetFlags with a null result pointer");
  if (!isStream(S))
    return recordInvalidHandle("the stream");
  const Stream *Created = getCreatedStream(S);
  *Flags = Created ? Created->Flags : cudaStreamDefault;
  return cudaSuccess;
}

cudaError_t cudaStreamGetPriority(cudaStream_t S, int *Priority) {
  if (!Priority)
    return invalid("cudaStreamGetPriority with a null result pointer");
  if (!isStream(S))
    return recordInvalidHandle("the stream");
  const Stream *Created = getCreatedStream(S);
  *Priority = Created ? Created->Priority : 0;
  return cudaSuccess;
}

/// The attributes of live stream \p S.
static StreamAttributes &getStreamAttributes(cudaStream_t S) {
  if (isDefaultStream(S))
    return getState().DefaultStreamAttributes;
  return reinterpret_cast<Stream *>(S)->Attributes;
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t S, void *DevPtr, size_t,
                                     unsigned Flags) {
  if (!isStream(S))
    return recordInvalidHandle("the stream memory is attached to");
  if (Flags != cudaMemAttachGlobal && Flags != cudaMemAttachHost &&
      Flags != cudaMemAttachSingle)
    return invalid("cudaStreamAttachMemAsync with flags " +
                   std::to_string(Flags));
  if (!DevPtr)
    return invalid("cudaStreamAttachMemAsync of a null pointer");
  // Managed memory is where the host and every stream can reach it.
  return cudaSuccess;
}

cudaError_t cudaStreamSetAttribute(cudaStream_t S, cudaStreamAttrID Attribute,
                                   const cudaStreamAttrValue *Value) {
  if (!Value)
    return invalid("cudaStreamSetAttribute with a null value");
  if (!isStream(S))
    return recordInvalidHandle("the stream");
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  StreamAttributes &Attributes = getStreamAttributes(S);
  switch (Attribute) {
  case cudaStreamAttributeAccessPolicyWindow:
    if (cudaError_t E = checkAccessPolicyWindow(Value->accessPolicyWindow))
      return E;
    Attributes.AccessPolicyWindow = Value->accessPolicyWindow;
    return cudaSuccess;
  case cudaStreamAttributeSynchronizationPolicy:
    if (Value->syncPolicy < cudaSyncPolicyAuto ||
        Value->syncPolicy > cudaSyncPolicyBlockingSync)
      return invalid("no synchronization policy " +
                     std::to_string(int(Value->syncPolicy)));
    Attributes.SyncPolicy = Value->syncPolicy;
    return cudaSuccess;
  case cudaStreamAttributeMemSyncDomainMap:
    Attributes.MemSyncDomainMap = Value->memSyncDomainMap;
    return cudaSuccess;
  case cudaStreamAttributeMemSyncDomain:
    if (Value->memSyncDomain != cudaLaunchMemSyncDomainDefault &&
        Value->memSyncDomain != cudaLaunchMemSyncDomainRemote)
      return invalid("no memory synchronization domain " +
                     std::to_string(int(Value->memSyncDomain)));
    Attributes.MemSyncDomain = Value->memSyncDomain;
    return cudaSuccess;
  case cudaStreamAttributePriority:
    if (isDefaultStream(S))
      return invalid("the priority of a default stream, which is fixed");
    reinterpret_cast<Stream *>(S)->Priority =
        std::clamp(Value->priority, -5, 0);
    return cudaSuccess;
  default:
    return invalid("cudaStreamSetAttribute of attribute " +
                   std::to_string(int(Attribute)) +
                   ", which streams do not have");
  }
}

cudaError_t cudaStreamGetAttribute(cudaStream_t S, cudaStreamAttrID Attribute,
                                   cudaStreamAttrValue *Value) {
  if (!Value)
    return invalid("cudaStreamGetAttribute with a null result pointer");
  if (!isStream(S))
    return recordInvalidHandle("the stream");
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  const StreamAttributes &Attributes = getStreamAttributes(S);
  std::memset(Value, 0, sizeof(*Value));
  switch (Attribute) {
  case cudaStreamAttributeAccessPolicyWindow:
    Value->accessPolicyWindow = Attributes.AccessPolicyWindow;
    return cudaSuccess;
  case cudaStreamAttributeSynchronizationPolicy:
    Value->syncPolicy = Attributes.SyncPolicy;
    return cudaSuccess;
  case cudaStreamAttributeMemSyncDomainMap:
    Value->memSyncDomainMap = Attributes.MemSyncDomainMap;
    return cudaSuccess;
  case cudaStreamAttributeMemSyncDomain:
    Value->memSyncDomain = Attributes.MemSyncDomain;
    return cudaSuccess;
  case cudaStreamAttributePriority: {
    const Stream *Created = getCreatedStream(S);
    Value->priority = Created ? Created->Priority : 0;
    return cudaSuccess;
  }
  default:
    return invalid("cudaStreamGetAttribute of attribute " +
                   std::to_string(int(Attribute)) +
                   ", which streams do not have");
  }
}

cudaError_t cudaStreamCopyAttributes(cudaStream_t Dst, cudaStream_t Src) {
  if (!isStream(Dst) || !isStream(Src))
    return recordInvalidHandle("a stream of cudaStreamCopyAttributes");
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  getStreamAttributes(Dst) = getStreamAttributes(Src);
  return cudaSuccess;
}

cudaError_t cudaCtxResetPersistingL2Cache() { return cudaSuccess; }

cudaError_t cudaDeviceGetStreamPriorityRange(int *Least, int *Greatest) {
  if (Least)
    *Least = 0;
  if (Greatest)
    *Greatest = -5;
  return cudaSuccess;
}

//===---------------------------- Events ----------------------------------===//

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *PEvent, unsigned Flags) {
  if (!PEvent)
    return invalid("event creation with a null result pointer");
  if (Flags & ~unsigned(cudaEventBlockingSync | cudaEventDisableTiming |
                        cudaEventInterprocess))
    return invalid("event creation with flags " + std::to_string(Flags));
  cudaEvent_t Handle = reinterpret_cast<cudaEvent_t>(new Event{Flags, false, {}});
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.Events.insert(Handle);
  *PEvent = Handle;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *PEvent) {
  return cudaEventCreateWithFlags(PEvent, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t E) {
  CudaState &State = getState();
  {
    std::lock_guard<std::mutex> Guard(State.Lock);
    if (!State.Events.erase(E))
      return recordInvalidHandle("the event destroyed");
  }
  delete reinterpret_cast<Event *>(E);
  return cudaSuccess;
}

cudaError_t cudaEventRecord(cudaEvent_t E, cudaStream_t S) {
  Event *Ev = getEvent(E);
  if (!Ev)
    return recordInvalidHandle("the event recorded");
  if (!isStream(S))
    return recordInvalidHandle("the event's stream");
  // In a capture, the event stands for the stream's last nodes.
  if (captureEventRecord(E, S))
    return cudaSuccess;
  // Everything issued before it is done: the event completes now.
  Ev->Time = std::chrono::steady_clock::now();
  Ev->Recorded = true;
  return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t E) {
  if (!getEvent(E))
    return recordInvalidHandle("the event synchronized");
  return cudaSuccess;
}

cudaError_t cudaEventQuery(cudaEvent_t E) {
  if (!getEvent(E))
    return recordInvalidHandle("the event queried");
  return cudaSuccess;
}

cudaError_t cudaEventElapsedTime(float *Ms, cudaEvent_t Start,
                                 cudaEvent_t End) {
  if (!Ms)
    return invalid("cudaEventElapsedTime with a null result pointer");
  Event *S = getEvent(Start), *E = getEvent(End);
  if (!S || !E)
    return recordInvalidHandle("an event timed");
  if ((S->Flags | E->Flags) & cudaEventDisableTiming)
    return recordInvalidHandle("an event created with cudaEventDisableTiming");
  if (!S->Recorded || !E->Recorded)
    return recordCudaError(cudaErrorInvalidResourceHandle,
                           "cudaEventElapsedTime of an event never recorded");
  *Ms = std::chrono::duration<float, std::milli>(E->Time - S->Time).count();
  return cudaSuccess;
}

//===---------------------------- Devices ---------------------------------===//

cudaError_t cudaDeviceSynchronize(void) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  return record(R->synchronize());
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaDeviceReset(void) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  LastCudaError = cudaSuccess;
  return record(R->reset());
}

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaGetLastError(void) {
  cudaError_t Result = LastCudaError;
  LastCudaError = cudaSuccess;
  return Result;
}

cudaError_t cudaPeekAtLastError(void) { return LastCudaError; }

cudaError_t cudaGetDeviceCount(int *Count) {
  if (!Count)
    return invalid("cudaGetDeviceCount with a null pointer");
  *Count = 1;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp *Prop, int Device) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (!Prop)
    return invalid("cudaGetDeviceProperties with a null pointer");
  if (Device != 0)
    return recordInvalidDevice(Device);
  getDeviceProperties(*R, *Prop);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int *Value, cudaDeviceAttr Attr,
                                   int Device) {
  Runtime *R = getRuntime();
  if (!R)
    return cudaErrorInitializationError;
  if (!Value)
    return invalid("cudaDeviceGetAttribute with a null pointer");
  if (Device != 0)
    return recordInvalidDevice(Device);
  cudaDeviceProp Prop;
  getDeviceProperties(*R, Prop);
  if (!getDeviceAttribute(Prop, int(Attr), *Value))
    return invalid("no device attribute " + std::to_string(int(Attr)));
  return cudaSuccess;
}

cudaError_t cudaChooseDevice(int *Device, const cudaDeviceProp *Prop) {
  if (!Device || !Prop)
    return invalid("cudaChooseDevice with a null pointer");
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int *Device) {
  if (!Device)
    return invalid("cudaGetDevice with a null pointer");
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int Device) {
  if (Device != 0)
    return recordInvalidDevice(Device);
  return cudaSuccess;
}

cudaError_t cudaSetDeviceFlags(unsigned Flags) {
  if (Flags & ~unsigned(cudaDeviceScheduleSpin | cudaDeviceScheduleYield |
                        cudaDeviceScheduleBlockingSync | cudaDeviceMapHost |
                        cudaDeviceLmemResizeToMax))
    return invalid("cudaSetDeviceFlags with flags " + std::to_string(Flags));
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.DeviceFlags = Flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned *Flags) {
  if (!Flags)
    return invalid("cudaGetDeviceFlags with a null pointer");
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  *Flags = State.DeviceFlags | cudaDeviceMapHost;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache Config) {
  if (int(Config) < cudaFuncCachePreferNone ||
      int(Config) > cudaFuncCachePreferEqual)
    return invalid("cache configuration " + std::to_string(int(Config)));
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.CacheConfig = Config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache *Config) {
  if (!Config)
    return invalid("cudaDeviceGetCacheConfig with a null pointer");
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  *Config = State.CacheConfig;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig Config) {
  if (int(Config) < cudaSharedMemBankSizeDefault ||
      int(Config) > cudaSharedMemBankSizeEightByte)
    return invalid("shared memory configuration " +
                   std::to_string(int(Config)));
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  State.SharedMemConfig = Config;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *Config) {
  if (!Config)
    return invalid("cudaDeviceGetSharedMemConfig with a null pointer");
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  *Config = State.SharedMemConfig;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(cudaLimit Limit, size_t Value) {
  if (int(Limit) < 0 || int(Limit) >= NumLimits)
    return recordCudaError(cudaErrorUnsupportedLimit,
                           "no device limit " + std::to_string(int(Limit)));
  Limits[Limit] = Value;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *Value, cudaLimit Limit) {
  if (!Value)
    return invalid("cudaDeviceGetLimit with a null pointer");
  if (int(Limit) < 0 || int(Limit) >= NumLimits)
    return recordCudaError(cudaErrorUnsupportedLimit,
                           "no device limit " + std::to_string(int(Limit)));
  *Value = Limits[Limit];
  return cudaSuccess;
}

cudaError_t cudaDeviceCanAccessPeer(int *CanAccess, int Device,
                                    int PeerDevice) {
  if (!CanAccess)
    return invalid("cudaDeviceCanAccessPeer with a null pointer");
  if (Device != 0)
    return recordInvalidDevice(Device);
  if (PeerDevice != 0)
    return recordInvalidDevice(PeerDevice);
  *CanAccess = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int PeerDevice, unsigned Flags) {
  if (Flags != 0)
    return invalid("cudaDeviceEnablePeerAccess with flags " +
                   std::to_string(Flags));
  // The only device is the current one, which is not its own peer.
  return recordInvalidDevice(PeerDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int PeerDevice) {
  return recordInvalidDevice(PeerDevice);
}

cudaError_t cudaDriverGetVersion(int *Version) {
  if (!Version)
    return invalid("cudaDriverGetVersion with a null pointer");
  *Version = CUDA_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *Version) {
  if (!Version)
    return invalid("cudaRuntimeGetVersion with a null pointer");
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

//===--------------------------- Functions --------------------------------===//

/// The kernel whose host stub is \p Func.
static Expected<const mm_kernel *> getKernelOfStub(const void *Func) {
  Runtime *R = getCurrentRuntime();
  if (!R)
    return Error(MM_ERROR_NOT_INITIALIZED,
                 "the offload runtime is not running");
  return R->getKernelForHostFunction(Func);
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *Attr, const void *Func) {
  if (!Attr)
    return invalid("cudaFuncGetAttributes with a null pointer");
  Expected<const mm_kernel *> Kernel = getKernelOfStub(Func);
  if (!Kernel)
    return record(Kernel.takeError());
  const mm_kernel_descriptor &D = *(*Kernel)->Info.Descriptor;
  std::memset(Attr, 0, sizeof(*Attr));
  Attr->sharedSizeBytes = D.static_shared_size;
  Attr->localSizeBytes = D.thread_scratch_size;
  Attr->maxThreadsPerBlock =
      D.max_threads_per_block ? int(D.max_threads_per_block) : 1024;
  Attr->numRegs = 32;
  // The architecture the kernel was compiled for, which libraries such as
  // CUB read to pick the tuning their device code was compiled with.
  Attr->ptxVersion = D.compute_capability ? int(D.compute_capability) : 70;
  Attr->binaryVersion = Attr->ptxVersion;
  CudaState &State = getState();
  std::lock_guard<std::mutex> Guard(State.Lock);
  auto It = State.MaxDynamicSharedSize.find(Func);
  Attr->maxDynamicSharedSizeBytes =
      It != State.MaxDynamicSharedSize.end()
          ? It->second
          : int((48 << 10) - std::min<uint64_t>(D.static_shared_size, 48 << 10));
  Attr->preferredShmemCarveout = -1;
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void *Func, cudaFuncAttribute Attr,
                                 int Value) {
  Expected<const mm_kernel *> Kernel = getKernelOfStub(Func);
  if (!Kernel)
    return record(Kernel.takeError());
  switch (int(Attr)) {
  case cudaFuncAttributeMaxDynamicSharedMemorySize: {
    if (Value < 0 || Value > (96 << 10))
      return invalid("dynamic shared memory of " + std::to_string(Value) +
                     " bytes exceeds the device's 98304");
    CudaState &State = getState();
    std::lock_guard<std::mutex> Guard(State.Lock);
    State.MaxDynamicSharedSize[Func] = Value;
    return cudaSuccess;
  }
  case cudaFuncAttributePreferredSharedMemoryCarveout:
    if (Value < -1 || Value > 100)
      return invalid("shared memory carveout " + std::to_string(Value));
    return cudaSuccess;
  }
  return invalid("function attribute " + std::to_string(int(Attr)) +
                 " is not one the device has");
}

cudaError_t cudaFuncSetCacheConfig(const void *Func, cudaFuncCache Config) {
  Expected<const mm_kernel *> Kernel = getKernelOfStub(Func);
  if (!Kernel)
    return record(Kernel.takeError());
  if (int(Config) < cudaFuncCachePreferNone ||
      int(Config) > cudaFuncCachePreferEqual)
    return invalid("cache configuration " + std::to_string(int(Config)));
  return cudaSuccess;
}

cudaError_t cudaFuncSetSharedMemConfig(const void *Func,
                                       cudaSharedMemConfig Config) {
  Expected<const mm_kernel *> Kernel = getKernelOfStub(Func);
  if (!Kernel)
    return record(Kernel.takeError());
  if (int(Config) < cudaSharedMemBankSizeDefault ||
      int(Config) > cudaSharedMemBankSizeEightByte)
    return invalid("shared memory configuration " +
                   std::to_string(int(Config)));
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *NumBlocks, const void *Func, int BlockSize, size_t DynamicSMemSize,
    unsigned Flags) {
  if (!NumBlocks || BlockSize <= 0 ||
      (Flags & ~unsigned(cudaOccupancyDisableCachingOverride)))
    return invalid("occupancy query with a null result, a block size of " +
                   std::to_string(BlockSize) + " or flags " +
                   std::to_string(Flags));
  cudaFuncAttributes Attr;
  if (cudaError_t Error = cudaFuncGetAttributes(&Attr, Func))
    return Error;
  // A multiprocessor of compute capability 7.0: 2048 threads, 32 blocks
  // and 96 KiB of shared memory.
  if (BlockSize > Attr.maxThreadsPerBlock) {
    *NumBlocks = 0;
    return cudaSuccess;
  }
  int Warps = (BlockSize + 31) / 32;
  int Blocks = std::min(2048 / 32 / Warps, 32);
  size_t Shared = Attr.sharedSizeBytes + DynamicSMemSize;
  if (Shared)
    Blocks = std::min<int>(Blocks, int((96 << 10) / Shared));
  *NumBlocks = Blocks;
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *NumBlocks, const void *Func, int BlockSize, size_t DynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      NumBlocks, Func, BlockSize, DynamicSMemSize, cudaOccupancyDefault);
}

//===---------------------------- Errors ----------------------------------===//

/// CUDA's name and description of each error code.
static std::pair<const char *, const char *> describe(cudaError_t Error) {
  switch (int(Error)) {
#define CUDA_ERROR(Name, Description)                                          \
  case Name:                                                                   \
    return {#Name, Description};
#include "CudaErrors.def"
  }
  return {"cudaErrorUnknown", "unrecognized error code"};
}

const char *cudaGetErrorString(cudaError_t Error) {
  return describe(Error).second;
}

const char *cudaGetErrorName(cudaError_t Error) {
  return describe(Error).first;
}

} // extern "C"
