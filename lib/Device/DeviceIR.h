//===- DeviceIR.h - What the device lowering's passes say in the IR -*- C++ -*-===//
//
// The passes of the device lowering (DevicePipeline.cpp lists them) hand
// their results to each other through the IR only, so that any of them can
// run, and be tested, on its own (`mm-opt -passes=NAME`):
//
//   - a kernel carries the function attribute `"mm-kernel"` from the first
//     pass on (calling conventions and !nvvm.annotations go when the module
//     is retargeted);
//   - the module flags `mm.warp-size` and `mm.amdgcn` hold the warp
//     (wavefront) size and whether the code was amdgcn's;
//   - a shared-memory global, once its address space is gone, carries the
//     global attribute `"mm-shared"`;
//   - kernel K's thread function `K.mm.thread` carries `"mm-thread-of"="K"`,
//     and `"mm-resumable"` when it synchronizes; its parameters after K's
//     own follow ThreadArgs.def;
//   - sync points are calls of the marker functions below (BlockBarrier,
//     WarpSync), until the thread function is split at them;
//   - each later pass records what the next one needs as attributes of the
//     thread function (`"mm-static-shared-size"`, `"mm-scratch-size"`, ...)
//     and, for the uniform values' slots, as `!mm.uniform.slots` metadata.
//
// A pass that cannot lower what it sees reports a DeviceLoweringDiagnostic
// through the module's LLVMContext: an error, and the module left as it was;
// or, where one instruction of one function is what it cannot lower, a
// warning, and that instruction replaced by a call of the marker
// `mm.unsupported` (replaceWithUnsupported), which the thread operations'
// lowering makes a trap that says why: only the launches that reach it
// fail.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_DEVICEIR_H
#define MM_LIB_DEVICE_DEVICEIR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <optional>

namespace llvm {
class DILocation;
class Function;
class FunctionType;
class IRBuilderBase;
class Module;
class Twine;
class Value;
} // namespace llvm

namespace mm::device {

//===----------------------------------------------------------------------===//
// Attributes and flags
//===----------------------------------------------------------------------===//

/// A call of this function ends the calling thread, as PTX's `exit` does:
/// mm-inline-into-kernels makes it the kernel's return.
inline constexpr llvm::StringLiteral ThreadExitName = "__mm_device_thread_exit";
inline constexpr llvm::StringLiteral KernelAttr = "mm-kernel";
inline constexpr llvm::StringLiteral SharedAttr = "mm-shared";
inline constexpr llvm::StringLiteral ThreadOfAttr = "mm-thread-of";
inline constexpr llvm::StringLiteral ResumableAttr = "mm-resumable";
inline constexpr llvm::StringLiteral HasBarriersAttr = "mm-has-barriers";
inline constexpr llvm::StringLiteral HasWarpOpsAttr = "mm-has-warp-ops";
inline constexpr llvm::StringLiteral BlockRangesAttr = "mm-block-ranges";
/// On a thread function whose block function passes each thread its index in
/// the grid's row as threadIdx.x, and 0 as blockIdx.x (mm-work-item-loops).
inline constexpr llvm::StringLiteral GridRowAttr = "mm-grid-row";
/// On a kernel with loops that only other threads' stores end.
inline constexpr llvm::StringLiteral SpinWaitsAttr = "mm-spin-waits";
inline constexpr llvm::StringLiteral StaticSharedSizeAttr =
    "mm-static-shared-size";
inline constexpr llvm::StringLiteral ScratchSizeAttr = "mm-scratch-size";
inline constexpr llvm::StringLiteral BlockBarriersAttr = "mm-block-barriers";
inline constexpr llvm::StringLiteral FirstWarpYieldAttr = "mm-first-warp-yield";
inline constexpr llvm::StringLiteral FirstSpinWaitAttr = "mm-first-spin-wait";
inline constexpr llvm::StringLiteral FirstWarpExchangeAttr =
    "mm-first-warp-exchange";
inline constexpr llvm::StringLiteral FirstWarpExchangeReadAttr =
    "mm-first-warp-exchange-read";
inline constexpr llvm::StringLiteral UniformBufferSizeAttr =
    "mm-uniform-buffer-size";
inline constexpr llvm::StringLiteral UniformSlotsMetadata = "mm.uniform.slots";
inline constexpr llvm::StringLiteral WarpSizeFlag = "mm.warp-size";
inline constexpr llvm::StringLiteral AMDGCNFlag = "mm.amdgcn";
inline constexpr llvm::StringLiteral ComputeCapabilityFlag =
    "mm.compute-capability";

/// The warp size the module records (32 unless it says otherwise).
unsigned getWarpSize(const llvm::Module &M);
/// True if the module records that it was amdgcn code.
bool isAMDGCNCode(const llvm::Module &M);
/// The compute capability that the module records its NVPTX code was
/// compiled for (60 for sm_60), 0 if none.
unsigned getComputeCapability(const llvm::Module &M);

/// True if \p Ptr is known to point into a shared variable (after
/// mm-flatten-address-spaces: a `"mm-shared"` placeholder).
bool isSharedMemory(const llvm::Value *Ptr);

/// True if \p I loads memory that no thread changes while the kernel runs
/// (`!invariant.load`: `__ldg`, a texture reference's handle, as
/// mm-lower-device-libcalls makes them): the same value in every thread
/// and every iteration that loads it from the same address.
bool isInvariantLoad(const llvm::Instruction &I);

/// True if \p GV, a shared variable, is the block's dynamic shared memory
/// (`extern __shared__`: a declaration, or of size 0). Every such variable
/// starts at the same address; static ones never overlap another.
bool isDynamicSharedVariable(const llvm::GlobalVariable &GV);

/// True if the shared variables under \p A and \p B (see isSharedMemory)
/// may overlap: they are one variable, or both dynamic.
bool maySharedVariablesOverlap(const llvm::Value *A, const llvm::Value *B);

/// An integer attribute of \p F (a size, a count), 0 if absent.
uint64_t getIntegerAttr(const llvm::Function &F, llvm::StringRef Kind);
void setIntegerAttr(llvm::Function &F, llvm::StringRef Kind, uint64_t Value);

/// The kernel whose thread function \p T is, or null.
llvm::Function *getKernelOfThreadFunction(const llvm::Function &T);

/// True if \p F is a kernel (KernelAttr, which mm-mark-kernels sets) that
/// the module defines.
inline bool isKernelDefinition(const llvm::Function &F) {
  return !F.isDeclaration() && F.hasFnAttribute(KernelAttr);
}

/// The kernels that \p M defines (isKernelDefinition), in its order.
inline auto kernels(llvm::Module &M) {
  return llvm::make_filter_range(
      M, [](const llvm::Function &F) { return isKernelDefinition(F); });
}

/// A value of a resumable thread function that is the same in every thread
/// and live across a sync point: each thread keeps its copy in scratch
/// memory at per-thread offset ScratchOffset, and while the block runs
/// region by region the threads read it from the block function's buffer at
/// BufferOffset, which the block function fills from the last thread's
/// copies before each region. Once the thread function is inlined, the
/// buffer is the block function's own variables: the region's loop sees a
/// value defined outside it (a loop bound, a tile index), and addresses
/// computed from it stay affine in the thread index.
struct UniformSlot {
  uint64_t ScratchOffset = 0;
  uint64_t BufferOffset = 0;
  uint64_t Size = 0;
};

/// The uniform values' slots of resumable thread function \p T
/// (!mm.uniform.slots).
llvm::SmallVector<UniformSlot> getUniformSlots(const llvm::Function &T);
void setUniformSlots(llvm::Function &T, llvm::ArrayRef<UniformSlot> Slots);

//===----------------------------------------------------------------------===//
// Sync points
//===----------------------------------------------------------------------===//

/// A call of a sync point's marker function: the place where a kernel's
/// thread function is split. A block barrier waits for every thread of the
/// block that has not exited, a warp sync point for the threads of its warp.
class SyncPoint : public llvm::CallInst {
public:
  static bool classof(const llvm::CallInst *Call);
  static bool classof(const llvm::Value *V) {
    return llvm::isa<llvm::CallInst>(V) &&
           classof(llvm::cast<llvm::CallInst>(V));
  }
  bool isBlockBarrier() const;
};

class BlockBarrier : public SyncPoint {
public:
  static constexpr llvm::StringLiteral MarkerName =
      "__mm_device_block_barrier";
  static bool classof(const llvm::CallInst *Call);
  static bool classof(const llvm::Value *V) {
    return llvm::isa<llvm::CallInst>(V) &&
           classof(llvm::cast<llvm::CallInst>(V));
  }
  static BlockBarrier *create(llvm::IRBuilderBase &B);
};

class WarpSync : public SyncPoint {
public:
  static constexpr llvm::StringLiteral MarkerName = "__mm_device_warp_sync";
  static bool classof(const llvm::CallInst *Call);
  static bool classof(const llvm::Value *V) {
    return llvm::isa<llvm::CallInst>(V) &&
           classof(llvm::cast<llvm::CallInst>(V));
  }
  static WarpSync *create(llvm::IRBuilderBase &B);
};

/// One of the two warp sync points of a warp operation's exchange (each
/// thread stores its value, the warp syncs, each thread reads what it
/// needs, the warp syncs again): after the stores, or after the reads. As
/// on GPUs since Volta, the threads of a warp may be at the exchanges of
/// different warp operations: once all of them are at exchanges in the same
/// phase, each runs on from its own.
class WarpExchange : public SyncPoint {
public:
  enum Phase { Stored, Read };
  static constexpr llvm::StringLiteral StoredMarkerName =
      "__mm_device_warp_exchange_stored";
  static constexpr llvm::StringLiteral ReadMarkerName =
      "__mm_device_warp_exchange_read";
  static bool classof(const llvm::CallInst *Call);
  static bool classof(const llvm::Value *V) {
    return llvm::isa<llvm::CallInst>(V) &&
           classof(llvm::cast<llvm::CallInst>(V));
  }
  static WarpExchange *create(llvm::IRBuilderBase &B, Phase P);
  Phase getPhase() const;
};

/// A point where the threads of a warp that are there run on together, as
/// SIMT lanes in lockstep would, while the warp's other threads need not
/// come (mm-lockstep-volatile-shared): unlike a warp sync point, threads of
/// one warp at different yield points are not an error. A spin-wait's yield
/// point, at the header of a loop that only other threads' stores end
/// (mm-spin-waits), also lets the warp's threads at other yield points run
/// on while threads spin there.
class WarpYield : public SyncPoint {
public:
  enum Kind { Lockstep, SpinWait };
  static constexpr llvm::StringLiteral MarkerName = "__mm_device_warp_yield";
  static constexpr llvm::StringLiteral SpinWaitMarkerName =
      "__mm_device_warp_spin_yield";
  static bool classof(const llvm::CallInst *Call);
  static bool classof(const llvm::Value *V) {
    return llvm::isa<llvm::CallInst>(V) &&
           classof(llvm::cast<llvm::CallInst>(V));
  }
  static WarpYield *create(llvm::IRBuilderBase &B, Kind K = Lockstep);
  Kind getKind() const;
};

/// A device intrinsic that synchronizes threads, and so makes a kernel's
/// thread function resumable, or a warp yield marker that the lockstep
/// passes insert: which it is, and the rest of its name after the prefix
/// of its kind (a shuffle's `idx.i32`, a vote's `ballot.sync`).
struct SyncIntrinsic {
  enum Kind {
    None,
    BlockBarrier, ///< __syncthreads()
    WarpBarrier,  ///< __syncwarp()
    Shuffle,      ///< __shfl_sync() and its modes; CUDA 8's __shfl()
    Vote,         ///< __ballot_sync(), __any_sync(), ...; CUDA 8's __any()
    ActiveMask,   ///< __activemask()
    Match,        ///< __match_any_sync(), __match_all_sync()
    WaveBallot,   ///< amdgcn's ballot
    Permute,      ///< amdgcn's ds.bpermute
    WarpYield,    ///< WarpYield's markers
  };
  Kind K = None;
  /// What follows the kind's prefix: `sync.down.f32` for
  /// llvm.nvvm.shfl.sync.down.f32, `down.f32` for CUDA 8's mask-less
  /// llvm.nvvm.shfl.down.f32; `any.sync` or `any` for a vote.
  llvm::StringRef Variant;
};
/// What device intrinsic \p Name is: the one list of those that
/// synchronize threads.
SyncIntrinsic classifySyncIntrinsic(llvm::StringRef Name);
inline bool isSynchronizingIntrinsic(llvm::StringRef Name) {
  return classifySyncIntrinsic(Name).K != SyncIntrinsic::None;
}
/// True for the block barriers among them (`__syncthreads()`).
inline bool isBlockBarrierIntrinsic(llvm::StringRef Name) {
  return classifySyncIntrinsic(Name).K == SyncIntrinsic::BlockBarrier;
}
/// The name of the function that \p I calls directly, or an empty name.
llvm::StringRef getCalleeName(const llvm::Instruction &I);
/// True if \p I calls a synchronizing intrinsic (isSynchronizingIntrinsic).
inline bool isSynchronizingCall(const llvm::Instruction &I) {
  return isSynchronizingIntrinsic(getCalleeName(I));
}
/// True if \p I calls a block barrier (isBlockBarrierIntrinsic).
inline bool isBlockBarrierCall(const llvm::Instruction &I) {
  return isBlockBarrierIntrinsic(getCalleeName(I));
}
/// The dimensions of a thread's index, as bits of a mask.
enum ThreadIndexDimension : unsigned {
  ThreadIndexX = 1,
  ThreadIndexY = 2,
  ThreadIndexZ = 4,
  ThreadIndexLane = 8, ///< in its warp
};
/// The dimension whose index call \p V gives the thread, or 0 where \p V is
/// no such call.
unsigned getThreadIndexDimension(const llvm::Value *V);
/// True for a call that gives the thread's own index (in its block or its
/// warp).
inline bool isThreadIndexQuery(const llvm::Value *V) {
  return getThreadIndexDimension(V) != 0;
}
/// True if \p V is computed from the thread's own index.
bool dependsOnThreadIndex(const llvm::Value *V);
/// True if \p V is known to be the same in every thread of a block: a
/// constant, an argument, or computed without memory, phis or calls from
/// those and the block's queries (its index and sizes).
bool isSameInEveryThread(const llvm::Value *V);

//===----------------------------------------------------------------------===//
// The thread function's ABI
//===----------------------------------------------------------------------===//

/// The parameters of a thread function after the kernel's own, in order
/// (ThreadArgs.def). The resumable ones follow the others.
enum class ThreadArg : unsigned {
#define MM_THREAD_ARG(Enumerator, Name, Type, Resumable) Enumerator,
#include "ThreadArgs.def"
  NumArgs
};
inline constexpr unsigned NumThreadArgs =
    static_cast<unsigned>(ThreadArg::NumArgs);

/// The values a thread function's body reads in place of the block's and
/// thread's state: the thread function's parameters, or for a function that
/// is not a kernel, those of thread 0 of a one-thread block.
class ThreadValues {
public:
  llvm::Value *get(ThreadArg A) const {
    return Values[static_cast<unsigned>(A)];
  }
  void set(ThreadArg A, llvm::Value *V) {
    Values[static_cast<unsigned>(A)] = V;
  }
  /// Tid, NTid, CtaId or NCtaId along dimension \p D (0 for x).
  llvm::Value *get(ThreadArg X, unsigned D) const {
    return Values[static_cast<unsigned>(X) + D];
  }

  /// The parameter types after \p Kernel's own.
  static llvm::FunctionType *getThreadFunctionType(llvm::Function &Kernel,
                                                   bool Resumable);
  /// Binds to thread function \p T's parameters, and names them.
  static ThreadValues bind(llvm::Function &T);
  /// The arguments after the kernel's own of a call that passes these
  /// values (the resumable ones when \p Resumable).
  void appendCallArgs(llvm::SmallVectorImpl<llvm::Value *> &Args,
                      bool Resumable) const;

private:
  llvm::Value *Values[NumThreadArgs] = {};
};

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// What a pass reports when it cannot lower a function or the module: the
/// function's name (empty for the module) and why.
class DeviceLoweringDiagnostic : public llvm::DiagnosticInfo {
public:
  DeviceLoweringDiagnostic(llvm::StringRef Function,
                           const llvm::Twine &Message,
                           llvm::DiagnosticSeverity Severity);

  llvm::StringRef getFunctionName() const { return Function; }
  const std::string &getMessage() const { return Message; }
  void print(llvm::DiagnosticPrinter &DP) const override;

  static bool classof(const llvm::DiagnosticInfo *DI);
  static int getKindID();

private:
  std::string Function;
  std::string Message;
};

/// Reports a DeviceLoweringDiagnostic error on \p M's context.
void reportError(llvm::Module &M, llvm::StringRef Function,
                 const llvm::Twine &Message);

/// Says, as optimization remark \p RemarkName of pass \p PassName (a
/// string that outlives the remark; shown with -pass-remarks=PASS), that
/// the lowering changed what the kernel does at \p At so that it runs as
/// on a GPU: \p Message. A repair is never silent where the user asks.
void remarkRepair(const char *PassName, llvm::StringRef RemarkName,
                  llvm::Instruction &At, const llvm::Twine &Message);

/// A barrier that the lowering added to the kernel's own (mm-missing-barriers)
/// carries `!mm.repair`, so that racecheck (mm-check-races) does not count
/// it: the race it hides is the kernel's.
inline constexpr llvm::StringLiteral RepairMetadata = "mm.repair";
void markRepair(llvm::Instruction &I);
bool isRepair(const llvm::Instruction &I);

/// "FILE:LINE:COL" of \p Loc, or "an unknown line" without one (code
/// without debug information: -lineinfo, -g).
std::string describeLocation(const llvm::DILocation *Loc);

/// The lockstep passes' remark: kernel \p K may rely on its warps' lanes
/// running in lockstep at \p Count places, \p What.
std::string describeLockstep(const llvm::Function &K, size_t Count,
                             llvm::StringRef What);

/// The marker `void mm.unsupported(ptr why)`, which does not return: a
/// call stands for what the lowering could not lower, `why` a C string.
inline constexpr llvm::StringLiteral UnsupportedMarker = "mm.unsupported";

/// Replaces \p I, which the lowering cannot lower for \p Why, by a call of
/// UnsupportedMarker, the rest of its block by `unreachable`, and reports
/// a warning naming \p FunctionName (by default I's function, which may be
/// a kernel's thread function standing for it). Returns the call.
llvm::CallInst *replaceWithUnsupported(llvm::Instruction &I,
                                       const llvm::Twine &Why,
                                       llvm::StringRef FunctionName = "");

} // namespace mm::device

#endif // MM_LIB_DEVICE_DEVICEIR_H
