//===- Passes.h - The passes of the device lowering -------------*- C++ -*-===//
//
// One pass per concern, each in its own file and registered by name
// (DevicePipeline.cpp, which also lists their order), so that
// `mm-opt -passes=NAME` runs one alone on IR in the state that the passes
// before it leave (DeviceIR.h).
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_PASSES_H
#define MM_LIB_DEVICE_PASSES_H

#include "llvm/IR/PassManager.h"
#include "llvm/TargetParser/Triple.h"

namespace mm::device {

/// A step of the device lowering. Once a step has reported an error, the
/// module may be in no state for the next: the pipeline that runs them
/// (mm::runLLVMPipeline, which every tool runs them in) skips the passes
/// after it.
template <typename DerivedT>
struct DevicePass : llvm::PassInfoMixin<DerivedT> {
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM) {
    return static_cast<DerivedT &>(*this).lower(M, MAM);
  }
};

#define MM_DEVICE_MODULE_PASS(Class)                                           \
  struct Class : DevicePass<Class> {                                           \
    llvm::PreservedAnalyses lower(llvm::Module &M,                             \
                                  llvm::ModuleAnalysisManager &MAM);           \
  };

/// Marks kernels with "mm-kernel" and records the warp size (mm-mark-kernels).
MM_DEVICE_MODULE_PASS(MarkKernelsPass)
/// Translates PTX inline assembly into IR (mm-lower-inline-asm).
MM_DEVICE_MODULE_PASS(LowerInlineAsmPass)
/// Lowers the barriers that reduce a predicate (__syncthreads_count, _and,
/// _or) to barriers and shared memory (mm-lower-barrier-reductions).
MM_DEVICE_MODULE_PASS(LowerBarrierReductionsPass)
/// Lowers NVVM's arithmetic, math and conversion intrinsics
/// (mm-lower-nvvm-math).
MM_DEVICE_MODULE_PASS(LowerNVVMMathPass)
/// Links mm's libdevice for the `__nv_*` functions called
/// (mm-link-device-library).
MM_DEVICE_MODULE_PASS(LinkDeviceLibraryPass)
/// Moves everything to address space 0 (mm-flatten-address-spaces).
MM_DEVICE_MODULE_PASS(FlattenAddressSpacesPass)
/// Rewrites what does not depend on the thread: __nvvm_reflect, the memory
/// model, __ldg (mm-lower-device-libcalls).
MM_DEVICE_MODULE_PASS(LowerDeviceLibCallsPass)
/// Inlines every call into each kernel (mm-inline-into-kernels).
MM_DEVICE_MODULE_PASS(InlineIntoKernelsPass)
/// Puts a warp yield point before each volatile access of shared memory in
/// a kernel, so that warp-synchronous code runs as in lockstep
/// (mm-lockstep-volatile-shared).
MM_DEVICE_MODULE_PASS(LockstepVolatileSharedPass)
/// Puts a warp yield point before each memory fence of a kernel that
/// synchronizes its threads, so that a warp's lanes reach it together, as
/// in lockstep (mm-lockstep-fences).
MM_DEVICE_MODULE_PASS(LockstepFencesPass)
/// Puts a warp yield point between the load and the store of each copy
/// from shared memory to shared memory in a kernel, so that a warp's lanes
/// all load before any stores, as in lockstep (mm-lockstep-shared-copies).
MM_DEVICE_MODULE_PASS(LockstepSharedCopiesPass)
/// Puts a warp yield point before each load of shared memory that may read
/// what another lane stored since the last sync point, and before each
/// store that may overwrite what another lane loaded or stored, so that a
/// warp's lanes do each access together, as in lockstep; in a kernel with
/// block barriers, only where the exchange is certain, not between two
/// stores, and not in a loop without sync points
/// (mm-lockstep-shared-exchanges).
MM_DEVICE_MODULE_PASS(LockstepSharedExchangesPass)
/// Puts a warp yield point at the head of each loop of a kernel that only
/// other threads' stores end (a volatile or atomic load of global memory in
/// every condition that ends it), and marks the kernel `mm-spin-waits`, so
/// that its blocks all run at once (mm-spin-waits).
MM_DEVICE_MODULE_PASS(SpinWaitsPass)
/// Puts a block barrier between a load and a store of another thread in
/// code before it of the same phase, in a kernel with block barriers, where
/// one of the kernel's own barriers could be (mm-missing-barriers).
MM_DEVICE_MODULE_PASS(MissingBarriersPass)
/// Puts a warp yield point at the head of the one loop of a kernel without
/// sync points whose threads load with a stride of a cache line or more, so
/// that a block's threads run it iteration by iteration
/// (mm-lockstep-strided-loops).
MM_DEVICE_MODULE_PASS(LockstepStridedLoopsPass)
/// Makes 32-bit indices into shared variables wrap around at 2^32, as a
/// GPU's shared-memory addresses do (mm-wrap-shared-offsets).
MM_DEVICE_MODULE_PASS(WrapSharedOffsetsPass)
/// Moves each kernel's body into its thread function (mm-thread-functions).
MM_DEVICE_MODULE_PASS(ThreadFunctionsPass)
/// Lowers thread queries, warp operations, barriers, printf and traps
/// (mm-lower-thread-operations).
MM_DEVICE_MODULE_PASS(LowerThreadOperationsPass)
/// Lays out shared memory per block (mm-lower-shared-memory).
MM_DEVICE_MODULE_PASS(LowerSharedMemoryPass)
/// Splits resumable thread functions at their sync points
/// (mm-split-at-barriers).
MM_DEVICE_MODULE_PASS(SplitAtBarriersPass)
/// Builds the block functions of kernels without sync points
/// (mm-work-item-loops).
MM_DEVICE_MODULE_PASS(WorkItemLoopsPass)
/// Builds the block functions of resumable kernels (mm-region-loops).
MM_DEVICE_MODULE_PASS(RegionLoopsPass)
/// Emits each kernel's descriptor (mm-kernel-descriptors).
MM_DEVICE_MODULE_PASS(KernelDescriptorsPass)
/// Gives the functions that run a kernel's code subprograms of their own,
/// so that the kernel's source lines and variables reach the debugger
/// (mm-kernel-debug-info).
MM_DEVICE_MODULE_PASS(KernelDebugInfoPass)
/// Removes what only the GPU needed and checks the result
/// (mm-finalize-device).
MM_DEVICE_MODULE_PASS(FinalizeDevicePass)
/// With `mm-lower-device<HOST;memcheck>` only: has each access of device
/// memory checked at run time, for CUDA's memcheck (mm-check-memory).
MM_DEVICE_MODULE_PASS(CheckMemoryPass)
/// With `mm-lower-device<HOST;racecheck>` only: has each access of shared
/// memory and each barrier of the kernel's own told to the runtime, for
/// CUDA's racecheck (mm-check-races).
MM_DEVICE_MODULE_PASS(CheckRacesPass)

#undef MM_DEVICE_MODULE_PASS

/// Retargets the module to the host (mm-retarget<TRIPLE>): its triple and
/// data layout, without GPU calling conventions and attributes.
struct RetargetPass : DevicePass<RetargetPass> {
  explicit RetargetPass(llvm::Triple Host) : Host(std::move(Host)) {}
  llvm::PreservedAnalyses lower(llvm::Module &M,
                                llvm::ModuleAnalysisManager &MAM);
  llvm::Triple Host;
};

} // namespace mm::device

#endif // MM_LIB_DEVICE_PASSES_H
