//===- MLIRGPURuntime.cpp - MLIR's GPU runtime ABI on mm's runtime --------===//
//
// The mgpu* functions that MLIR's GPU lowering calls (gpu-to-llvm, and the
// translation of gpu.launch_func through gpu.binary), with the signatures of
// MLIR 19's CUDA runtime wrappers (mlir/lib/ExecutionEngine/
// CudaRuntimeWrappers.cpp), served by mm's runtime: a module is a device
// submodule of the bundle, named by its image (`NAME::`), a function one of
// its kernels, streams and events those of mm's CUDA runtime API. As in
// MLIR's wrappers, a call that fails reports its error and the program goes
// on; a launch that fails is a failed launch, which makes mm-lli fail.
//
//===----------------------------------------------------------------------===//

#include "MLIRGPURuntime.h"
#include "mm/Runtime/Runtime.h"
#include "mm-cuda/cuda_runtime_api.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>
#include <unordered_map>

using namespace mm::runtime;

namespace {
/// A device submodule as an image: what `NAME::` points at.
struct SubmoduleImage {
  std::string Name;
};

/// A kernel of a loaded module, resolved on its first launch.
struct KernelFunction {
  std::string Module;
  std::string Name;
  std::atomic<const mm_kernel *> Kernel{nullptr};
};

/// Images and functions live as long as the process: MLIR's lowering loads
/// and unloads the module around every launch.
struct Registry {
  std::mutex Lock;
  std::map<std::string, std::unique_ptr<SubmoduleImage>, std::less<>> Images;
  std::unordered_map<const void *, const SubmoduleImage *> ImagesByAddress;
  std::map<std::string, std::unique_ptr<KernelFunction>> Functions;

  /// The image at \p Address, if there is one; the lock is held.
  const SubmoduleImage *findImage(const void *Address) const {
    auto It = ImagesByAddress.find(Address);
    return It == ImagesByAddress.end() ? nullptr : It->second;
  }
};
} // namespace

static Registry &getRegistry() {
  static Registry R;
  return R;
}

/// \p Module's image, created on first use; \p R's lock is held.
static const SubmoduleImage *getOrCreateImage(Registry &R,
                                              std::string_view Module) {
  auto It = R.Images.find(Module);
  if (It != R.Images.end())
    return It->second.get();
  auto Image =
      std::make_unique<SubmoduleImage>(SubmoduleImage{std::string(Module)});
  R.ImagesByAddress[Image.get()] = Image.get();
  return R.Images.emplace(std::string(Module), std::move(Image))
      .first->second.get();
}

const void *mm::runtime::getSubmoduleImage(std::string_view Module) {
  Registry &R = getRegistry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  return getOrCreateImage(R, Module);
}

void mm::runtime::registerSubmoduleImage(std::string_view Module,
                                         const void *Address) {
  Registry &R = getRegistry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.ImagesByAddress[Address] = getOrCreateImage(R, Module);
}

/// Reports a failed call as MLIR's wrappers do, on standard error.
static void reportFailure(const char *Call, const std::string &Message) {
  printError(Call + (": " + Message));
}

/// Reports \p Error of \p Call, a CUDA runtime call; true if there was one.
static bool failed(const char *Call, cudaError_t Error) {
  if (Error == cudaSuccess)
    return false;
  // The runtime's message says what was wrong; CUDA's names the code.
  reportFailure(Call, std::string(mm_get_error_message()) + " (" +
                          cudaGetErrorName(Error) + ")");
  return true;
}

static const SubmoduleImage *getLoadedModule(const char *Call,
                                             void *Module) {
  Registry &R = getRegistry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  if (const SubmoduleImage *Image = R.findImage(Module))
    return Image;
  reportFailure(Call, "not a module that mgpuModuleLoad returned");
  return nullptr;
}

extern "C" {

void *mgpuModuleLoad(void *Data, size_t) {
  Registry &R = getRegistry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  if (const SubmoduleImage *Image = R.findImage(Data))
    return const_cast<SubmoduleImage *>(Image);
  reportFailure("mgpuModuleLoad",
                "the image is not a device submodule of the bundle (a host "
                "refers to submodule NAME as `NAME::`; mm runs device "
                "submodules, not GPU binaries)");
  return nullptr;
}

void *mgpuModuleLoadJIT(void *Data, int) { return mgpuModuleLoad(Data, 0); }

void mgpuModuleUnload(void *) {}

void *mgpuModuleGetFunction(void *Module, const char *Name) {
  const SubmoduleImage *Image = getLoadedModule("mgpuModuleGetFunction", Module);
  if (!Image || !Name)
    return nullptr;
  Registry &R = getRegistry();
  std::string Key = Image->Name + '\0' + Name;
  std::lock_guard<std::mutex> Guard(R.Lock);
  std::unique_ptr<KernelFunction> &Function = R.Functions[Key];
  if (!Function) {
    Function = std::make_unique<KernelFunction>();
    Function->Module = Image->Name;
    Function->Name = Name;
  }
  return Function.get();
}

void mgpuLaunchKernel(void *Function, intptr_t GridX, intptr_t GridY,
                      intptr_t GridZ, intptr_t BlockX, intptr_t BlockY,
                      intptr_t BlockZ, int32_t SharedMemory, void *,
                      void **Params, void **, size_t) {
  Runtime *R = getCurrentRuntime();
  if (!R) {
    reportFailure("mgpuLaunchKernel", "no runtime");
    return;
  }
  auto Dimension = [](intptr_t Value) {
    return Value < 0 || Value > UINT32_MAX ? 0u : uint32_t(Value);
  };
  LaunchConfig Config{{Dimension(GridX), Dimension(GridY), Dimension(GridZ)},
                      {Dimension(BlockX), Dimension(BlockY), Dimension(BlockZ)},
                      SharedMemory < 0 ? 0u : uint64_t(SharedMemory)};
  // The runtime reports a failed launch, and counts it: its error is not
  // needed here.
  auto *F = static_cast<KernelFunction *>(Function);
  if (!F) {
    // An earlier call failed and said why; the launch fails too.
    (void)R->launch(nullptr, Config, Params);
  } else if (const mm_kernel *Kernel = F->Kernel.load()) {
    (void)R->launch(Kernel, Config, Params);
  } else if (Expected<const mm_kernel *> Found =
                 R->getKernel(F->Module, F->Name)) {
    F->Kernel.store(*Found);
    (void)R->launch(*Found, Config, Params);
  } else {
    // The launch fails as the lookup did, and is reported and counted.
    (void)R->launchNamed(F->Module, F->Name, Config, Params);
  }
}

void *mgpuStreamCreate() {
  cudaStream_t Stream = nullptr;
  failed("mgpuStreamCreate", cudaStreamCreate(&Stream));
  return Stream;
}

void mgpuStreamDestroy(void *Stream) {
  failed("mgpuStreamDestroy",
         cudaStreamDestroy(static_cast<cudaStream_t>(Stream)));
}

void mgpuStreamSynchronize(void *Stream) {
  // A failed launch has been reported when it failed.
  cudaStreamSynchronize(static_cast<cudaStream_t>(Stream));
}

void mgpuStreamWaitEvent(void *Stream, void *Event) {
  failed("mgpuStreamWaitEvent",
         cudaStreamWaitEvent(static_cast<cudaStream_t>(Stream),
                             static_cast<cudaEvent_t>(Event), 0));
}

void *mgpuEventCreate() {
  cudaEvent_t Event = nullptr;
  failed("mgpuEventCreate",
         cudaEventCreateWithFlags(&Event, cudaEventDisableTiming));
  return Event;
}

void mgpuEventDestroy(void *Event) {
  failed("mgpuEventDestroy", cudaEventDestroy(static_cast<cudaEvent_t>(Event)));
}

void mgpuEventSynchronize(void *Event) {
  failed("mgpuEventSynchronize",
         cudaEventSynchronize(static_cast<cudaEvent_t>(Event)));
}

void mgpuEventRecord(void *Event, void *Stream) {
  failed("mgpuEventRecord", cudaEventRecord(static_cast<cudaEvent_t>(Event),
                                            static_cast<cudaStream_t>(Stream)));
}

void *mgpuMemAlloc(uint64_t Size, void *, bool IsHostShared) {
  void *Ptr = nullptr;
  if (Size == 0)
    return nullptr;
  failed("mgpuMemAlloc", IsHostShared
                             ? cudaMallocManaged(&Ptr, Size, cudaMemAttachGlobal)
                             : cudaMalloc(&Ptr, Size));
  return Ptr;
}

void mgpuMemFree(void *Ptr, void *) { failed("mgpuMemFree", cudaFree(Ptr)); }

void mgpuMemcpy(void *Dst, void *Src, size_t Size, void *Stream) {
  failed("mgpuMemcpy",
         cudaMemcpyAsync(Dst, Src, Size, cudaMemcpyDefault,
                         static_cast<cudaStream_t>(Stream)));
}

void mgpuMemset32(void *Dst, unsigned Value, size_t Count, void *Stream) {
  if (!Count)
    return;
  // Device memory is host memory on the CPU: checked as a memset, written
  // 32 bits at a time.
  if (failed("mgpuMemset32",
             cudaMemsetAsync(Dst, 0, Count * sizeof(uint32_t),
                             static_cast<cudaStream_t>(Stream))))
    return;
  std::fill_n(static_cast<uint32_t *>(Dst), Count, uint32_t(Value));
}

void mgpuMemset16(void *Dst, unsigned short Value, size_t Count,
                  void *Stream) {
  if (!Count)
    return;
  if (failed("mgpuMemset16",
             cudaMemsetAsync(Dst, 0, Count * sizeof(uint16_t),
                             static_cast<cudaStream_t>(Stream))))
    return;
  std::fill_n(static_cast<uint16_t *>(Dst), Count, uint16_t(Value));
}

void mgpuMemHostRegister(void *Ptr, uint64_t Size) {
  failed("mgpuMemHostRegister", cudaHostRegister(Ptr, Size, 0));
}

void mgpuMemHostUnregister(void *Ptr) {
  failed("mgpuMemHostUnregister", cudaHostUnregister(Ptr));
}

/// The bytes of the dense memref that \p Descriptor, MLIR's ranked memref
/// descriptor (allocated and aligned pointers, offset, then \p Rank sizes
/// and \p Rank strides), describes.
static std::pair<void *, uint64_t>
getMemRefRange(int64_t Rank, const void *Descriptor, int64_t ElementSize) {
  struct Head {
    char *Allocated;
    char *Aligned;
    int64_t Offset;
  };
  const auto *Fields = static_cast<const Head *>(Descriptor);
  const auto *Sizes = reinterpret_cast<const int64_t *>(Fields + 1);
  uint64_t Elements = 1;
  for (int64_t I = 0; I < Rank; ++I)
    Elements *= uint64_t(Sizes[I]);
  return {Fields->Aligned + Fields->Offset * ElementSize,
          Elements * uint64_t(ElementSize)};
}

void mgpuMemHostRegisterMemRef(int64_t Rank, void *Descriptor,
                               int64_t ElementSize) {
  auto [Ptr, Size] = getMemRefRange(Rank, Descriptor, ElementSize);
  if (Size)
    mgpuMemHostRegister(Ptr, Size);
}

void mgpuMemHostUnregisterMemRef(int64_t Rank, void *Descriptor,
                                 int64_t ElementSize) {
  auto [Ptr, Size] = getMemRefRange(Rank, Descriptor, ElementSize);
  if (Size)
    mgpuMemHostUnregister(Ptr);
}

/// MLIR's ROCm wrappers' device view of registered host memory: on the
/// CPU, the memory itself.
MLIRMemRef1D mgpuMemGetDeviceMemRef1dFloat(float *Allocated, float *Aligned,
                                           int64_t Offset, int64_t Size,
                                           int64_t Stride) {
  return {Allocated, Aligned, Offset, Size, Stride};
}

MLIRMemRef1D mgpuMemGetDeviceMemRef1dInt32(int32_t *Allocated,
                                           int32_t *Aligned, int64_t Offset,
                                           int64_t Size, int64_t Stride) {
  return {Allocated, Aligned, Offset, Size, Stride};
}

void mgpuSetDefaultDevice(int32_t Device) {
  failed("mgpuSetDefaultDevice", cudaSetDevice(Device));
}

} // extern "C"
