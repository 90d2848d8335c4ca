//===- KernelLowering.cpp - Kernels as work-item loops --------------------===//
//
// Each kernel K becomes
//   - a thread function `K.mm.thread`: K's body with every call inlined,
//     taking the block context's values as arguments (thread index, block
//     and grid dimensions, shared memory);
//   - a block function `__mm_block.K(args, ctx)` that runs it for every
//     thread of the block in loops over z, y and x (x innermost);
//   - its descriptor `__mm_kernel.K` (BlockABI.h).
// A kernel with barriers or warp operations is split at them: its thread
// function becomes resumable (an i32 state argument says where to resume, it
// returns the sync point it stopped at, 0 when done), values live across a
// sync point and every alloca move to the block's scratch memory (one array
// per value, the threads' copies side by side), and the block function runs all threads region by region while they agree, warp by
// warp otherwise. See docs/device-lowering.md.
//
//===----------------------------------------------------------------------===//

#include "LoweringInternal.h"
#include "mm/Device/BlockABI.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <cstddef>
#include <numeric>

using namespace llvm;
using namespace mm::device;

// Offsets of mm_block_context's fields, as BlockABI.h lays them out.
static constexpr unsigned GridDimOffset = offsetof(mm_block_context, grid_dim);
static constexpr unsigned BlockDimOffset = offsetof(mm_block_context, block_dim);
static constexpr unsigned BlockIdxOffset = offsetof(mm_block_context, block_idx);
static constexpr unsigned BlockCountXOffset =
    offsetof(mm_block_context, block_count_x);
static constexpr unsigned StaticSharedOffset =
    offsetof(mm_block_context, static_shared);
static constexpr unsigned DynamicSharedOffset =
    offsetof(mm_block_context, dynamic_shared);
static constexpr unsigned ThreadScratchOffset =
    offsetof(mm_block_context, thread_scratch);

/// Scratch memory holds one array per value, each thread's copy at its linear
/// index (so that the loops over x access consecutive copies): a value at
/// per-thread offset O (aligned to the value's alignment) of a kernel with
/// thread_scratch_size S starts at O * threads in the block's
/// threads * S bytes. The first two arrays are the slots through which warp
/// operations exchange values and where the block function keeps the sync
/// point that each thread stopped at.
static constexpr uint64_t ExchangeSlotOffset = 0;
static constexpr uint64_t ExchangeSlotSize = 8;
static constexpr uint64_t StopSlotOffset = 8;
static constexpr uint64_t StopSlotSize = 4;
static constexpr uint64_t ScratchHeaderSize = 12;
static constexpr uint32_t MaxThreadsPerBlock = 1024;

/// Placeholders for the sync points until the kernel is split at them: a
/// block barrier waits for every thread of the block that has not exited, a
/// warp sync point for the threads of the warp.
static constexpr StringLiteral BlockSyncMarkerName =
    "__mm_device_block_sync_marker";
static constexpr StringLiteral WarpSyncMarkerName =
    "__mm_device_warp_sync_marker";

static bool isSyncMarker(const Instruction &I) {
  auto *Call = dyn_cast<CallInst>(&I);
  if (!Call || !Call->getCalledFunction())
    return false;
  StringRef Name = Call->getCalledFunction()->getName();
  return Name == BlockSyncMarkerName || Name == WarpSyncMarkerName;
}

static void emitSyncMarker(IRBuilder<> &B, StringRef MarkerName) {
  Module &M = *B.GetInsertBlock()->getModule();
  B.CreateCall(M.getOrInsertFunction(MarkerName, B.getVoidTy()));
}

namespace {
/// The arguments that a thread function takes after the kernel's own.
enum ExtraArg : unsigned {
  ArgCtx,
  ArgStaticShared,
  ArgDynamicShared,
  ArgDispatchPacket,
  ArgImplicitArgs,
  ArgTid,
  ArgNTid = ArgTid + 3,
  ArgCtaId = ArgNTid + 3,
  ArgNCtaId = ArgCtaId + 3,
  NumThreadArgs = ArgNCtaId + 3,
  // Only resumable thread functions (kernels with barriers) take these.
  ArgBlockScratch = NumThreadArgs,
  ArgThreadIndex,
  ArgBlockThreads,
  ArgState,
  ArgInRegion,
  ArgUniforms,
  NumResumableArgs
};

/// What a thread queries: for a kernel, the thread function's arguments;
/// for a standalone function, thread 0 of a one-thread block.
struct ThreadValues {
  Value *Ctx = nullptr;
  Value *StaticShared = nullptr;
  Value *DynamicShared = nullptr;
  Value *DispatchPacket = nullptr;
  Value *ImplicitArgs = nullptr;
  Value *Tid[3] = {};
  Value *NTid[3] = {};
  Value *CtaId[3] = {};
  Value *NCtaId[3] = {};
  // Resumable thread functions only.
  Value *BlockScratch = nullptr;
  Value *ThreadIndex = nullptr;  ///< the linear thread index, i64
  Value *BlockThreads = nullptr; ///< threads per block, i64
  /// True when every thread of the block runs this region (region by
  /// region), false when warps run on their own.
  Value *InRegion = nullptr;
  /// In region by region runs, the values that are the same in every thread
  /// (UniformSlot).
  Value *Uniforms = nullptr;
};
} // namespace

//===----------------------------------------------------------------------===//
// Inlining
//===----------------------------------------------------------------------===//

Error mm::device::inlineIntoKernel(LoweringState &S, Function &K) {
  // Each round inlines the calls the previous one exposed; a call still
  // there after this many rounds is recursive.
  constexpr unsigned MaxRounds = 64;
  for (unsigned Round = 0; Round <= MaxRounds; ++Round) {
    SmallVector<CallBase *> Calls;
    for (BasicBlock &BB : K)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I))
          if (Function *Callee = Call->getCalledFunction();
              Callee && !Callee->isDeclaration())
            Calls.push_back(Call);
    if (Calls.empty())
      return Error::success();
    if (Round == MaxRounds)
      return S.error(K, "calls '" + Calls.front()->getCalledFunction()->getName() +
                            "' recursively; kernels on the CPU need every call "
                            "inlined");
    for (CallBase *Call : Calls) {
      StringRef Callee = Call->getCalledFunction()->getName();
      InlineFunctionInfo Info;
      InlineResult Result = InlineFunction(*Call, Info);
      if (!Result.isSuccess())
        return S.error(K, "cannot inline '" + Callee +
                              "': " + Result.getFailureReason());
    }
  }
  llvm_unreachable("the loop returns");
}

//===----------------------------------------------------------------------===//
// Thread queries, printf, trap
//===----------------------------------------------------------------------===//

// The runtime limits a block to MaxThreadsPerBlock threads: linear indices
// and thread counts do not wrap.
static Value *linearIndex(IRBuilder<> &B, Value *const Tid[3],
                          Value *const NTid[3]) {
  return B.CreateAdd(
      Tid[0],
      B.CreateMul(NTid[0],
                  B.CreateAdd(Tid[1], B.CreateMul(NTid[1], Tid[2], "", true,
                                                  true),
                              "", true, true),
                  "", true, true),
      "linear.tid", true, true);
}

static Value *linearThreadId(IRBuilder<> &B, const ThreadValues &TV) {
  return linearIndex(B, TV.Tid, TV.NTid);
}

static Value *threadsPerBlock(IRBuilder<> &B, const ThreadValues &TV) {
  return B.CreateMul(B.CreateMul(TV.NTid[0], TV.NTid[1], "", true, true),
                     TV.NTid[2], "", true, true);
}

/// The array of the threads' copies of the scratch value at per-thread
/// offset \p Offset.
static Value *scratchArray(IRBuilder<> &B, Value *BlockScratch,
                           Value *BlockThreads, uint64_t Offset) {
  if (Offset == 0)
    return BlockScratch;
  return B.CreateInBoundsGEP(
      B.getInt8Ty(), BlockScratch,
      B.CreateMul(BlockThreads, B.getInt64(Offset), "", true, true));
}

/// Thread \p Thread's (i64) copy in \p Array of \p Size-byte values.
static Value *scratchElement(IRBuilder<> &B, Value *Array, uint64_t Size,
                             Value *Thread, const Twine &Name = "") {
  return B.CreateInBoundsGEP(
      B.getInt8Ty(), Array,
      B.CreateMul(Thread, B.getInt64(Size), "", true, true), Name);
}

/// The emulated HSA kernel dispatch packet and code object v5 implicit
/// kernel arguments, which clang's HIP code reads block and grid sizes from.
static std::pair<Value *, Value *>
emitAMDGCNDispatchData(IRBuilder<> &B, Value *const NTid[3],
                       Value *const NCtaId[3]) {
  Type *I8 = B.getInt8Ty();
  auto Store = [&](Value *Base, unsigned Offset, Value *V) {
    B.CreateAlignedStore(V, B.CreateConstInBoundsGEP1_64(I8, Base, Offset),
                         Align(2));
  };
  // hsa_kernel_dispatch_packet_t: workgroup_size_{x,y,z} (u16) at 4,
  // grid_size_{x,y,z} (u32, in work-items) at 12.
  Value *Packet = B.CreateAlloca(ArrayType::get(I8, 64), nullptr,
                                 "dispatch.packet");
  cast<AllocaInst>(Packet)->setAlignment(Align(8));
  B.CreateMemSet(Packet, B.getInt8(0), 64, Align(8));
  // Implicit arguments (v5): block_count_{x,y,z} (u32) at 0,
  // group_size_{x,y,z} (u16) at 12, remainder_{x,y,z} (u16) at 18.
  Value *Implicit = B.CreateAlloca(ArrayType::get(I8, 256), nullptr,
                                   "implicit.args");
  cast<AllocaInst>(Implicit)->setAlignment(Align(8));
  B.CreateMemSet(Implicit, B.getInt8(0), 256, Align(8));
  for (unsigned D = 0; D < 3; ++D) {
    Value *Size16 = B.CreateTrunc(NTid[D], B.getInt16Ty());
    Store(Packet, 4 + 2 * D, Size16);
    Store(Packet, 12 + 4 * D, B.CreateMul(NTid[D], NCtaId[D]));
    Store(Implicit, 4 * D, NCtaId[D]);
    Store(Implicit, 12 + 2 * D, Size16);
  }
  return {Packet, Implicit};
}

static FunctionCallee getTrapFunction(Module &M) {
  PointerType *Ptr = PointerType::get(M.getContext(), 0);
  FunctionCallee Trap = M.getOrInsertFunction(
      "__mm_device_trap", Type::getVoidTy(M.getContext()), Ptr, Ptr);
  if (auto *F = dyn_cast<Function>(Trap.getCallee())) {
    F->setDoesNotReturn();
    F->setDoesNotThrow();
  }
  return Trap;
}

static FunctionCallee getVPrintfFunction(Module &M) {
  PointerType *Ptr = PointerType::get(M.getContext(), 0);
  return M.getOrInsertFunction("__mm_device_vprintf",
                               Type::getInt32Ty(M.getContext()), Ptr, Ptr,
                               Ptr);
}

static void emitTrap(IRBuilder<> &B, Value *Ctx, StringRef FunctionName) {
  Module &M = *B.GetInsertBlock()->getModule();
  CallInst *Call = B.CreateCall(
      getTrapFunction(M),
      {Ctx, B.CreateGlobalString(FunctionName, "__mm_trap.function")});
  Call->setDoesNotReturn();
}

/// CUDA's assert: prints the failed assertion as CUDA does, then traps.
static void emitAssertFail(IRBuilder<> &B, CallBase &Call, Value *Ctx,
                           StringRef FunctionName) {
  Module &M = *B.GetInsertBlock()->getModule();
  LLVMContext &C = M.getContext();
  // vprintf's packing: each argument at a multiple of its size.
  PointerType *Ptr = PointerType::get(C, 0);
  StructType *Args = StructType::get(C, {Ptr, B.getInt32Ty(), Ptr, Ptr});
  Value *Packed = B.CreateAlloca(Args);
  B.CreateStore(Call.getArgOperand(1), B.CreateStructGEP(Args, Packed, 0));
  B.CreateStore(Call.getArgOperand(2), B.CreateStructGEP(Args, Packed, 1));
  B.CreateStore(Call.getArgOperand(3), B.CreateStructGEP(Args, Packed, 2));
  B.CreateStore(Call.getArgOperand(0), B.CreateStructGEP(Args, Packed, 3));
  B.CreateCall(getVPrintfFunction(M),
               {Ctx,
                B.CreateGlobalString("%s:%u: %s: Assertion `%s` failed.\n",
                                     "__mm_assert.format"),
                Packed});
  emitTrap(B, Ctx, FunctionName);
}

/// PTX `shfl.sync`'s source lane (the PTX ISA's pseudocode): lanes outside
/// the segment or clamp keep their own value.
static Value *shuffleSourceLane(IRBuilder<> &B, StringRef Mode, Value *Lane,
                                Value *Operand, Value *Clamp) {
  Value *BVal = B.CreateAnd(Operand, 0x1f);
  Value *CVal = B.CreateAnd(Clamp, 0x1f);
  Value *SegMask = B.CreateAnd(B.CreateLShr(Clamp, 8), 0x1f);
  Value *NotSegMask = B.CreateXor(SegMask, 0x1f);
  Value *MaxLane =
      B.CreateOr(B.CreateAnd(Lane, SegMask), B.CreateAnd(CVal, NotSegMask));
  Value *MinLane = B.CreateAnd(Lane, SegMask);
  Value *J, *InRange;
  if (Mode == "up") {
    J = B.CreateSub(Lane, BVal);
    InRange = B.CreateICmpSGE(J, MaxLane);
  } else {
    if (Mode == "down")
      J = B.CreateAdd(Lane, BVal);
    else if (Mode == "bfly")
      J = B.CreateXor(Lane, BVal);
    else
      J = B.CreateOr(MinLane, B.CreateAnd(BVal, NotSegMask));
    InRange = B.CreateICmpSLE(J, MaxLane);
  }
  return B.CreateSelect(InRange, J, Lane, "shfl.lane");
}

/// The exchange slot of thread \p Thread of the block.
static Value *exchangeSlot(IRBuilder<> &B, const ThreadValues &TV,
                           Value *Thread) {
  return scratchElement(
      B,
      scratchArray(B, TV.BlockScratch, TV.BlockThreads, ExchangeSlotOffset),
      ExchangeSlotSize, B.CreateZExtOrBitCast(Thread, B.getInt64Ty()));
}

/// A warp operation of a kernel, exchanged through scratch memory: each
/// thread stores its value, the warp syncs, each thread reads what it needs,
/// and the warp syncs again before the slot can be reused.
static Value *emitWarpExchange(IRBuilder<> &B, const ThreadValues &TV,
                               unsigned WarpSize, Value *Own,
                               function_ref<Value *(Value *Linear,
                                                    Value *WarpBase)>
                                   Read) {
  Value *Linear = linearThreadId(B, TV);
  Value *WarpBase = B.CreateSub(Linear, B.CreateURem(Linear, B.getInt32(WarpSize)));
  B.CreateStore(Own, exchangeSlot(B, TV, TV.ThreadIndex));
  emitSyncMarker(B, WarpSyncMarkerName);
  Value *Result = Read(Linear, WarpBase);
  emitSyncMarker(B, WarpSyncMarkerName);
  return Result;
}

/// The ballot of the warp over the exchanged i32 predicates, and which of
/// its lanes exist (a block's last warp may be partial), as WarpSize-bit
/// masks.
static std::pair<Value *, Value *> emitBallot(IRBuilder<> &B,
                                              const ThreadValues &TV,
                                              unsigned WarpSize, Value *Linear,
                                              Value *WarpBase) {
  IntegerType *MaskTy = B.getIntNTy(WarpSize);
  Value *Threads = threadsPerBlock(B, TV);
  Value *Ballot = ConstantInt::get(MaskTy, 0);
  Value *Exists = ConstantInt::get(MaskTy, 0);
  for (unsigned L = 0; L < WarpSize; ++L) {
    Value *Thread = B.CreateAdd(WarpBase, B.getInt32(L));
    Value *Valid = B.CreateICmpULT(Thread, Threads);
    Value *Pred = B.CreateLoad(
        B.getInt32Ty(),
        exchangeSlot(B, TV, B.CreateSelect(Valid, Thread, Linear)));
    Value *Bit = B.CreateAnd(Valid, B.CreateICmpNE(Pred, B.getInt32(0)));
    Ballot = B.CreateOr(Ballot,
                        B.CreateShl(B.CreateZExt(Bit, MaskTy), L));
    Exists = B.CreateOr(Exists, B.CreateShl(B.CreateZExt(Valid, MaskTy), L));
  }
  return {Ballot, Exists};
}

/// Reads the exchanged value of lane \p Lane of the warp, or the thread's own
/// when that lane does not exist.
static Value *readLane(IRBuilder<> &B, const ThreadValues &TV, Value *Linear,
                       Value *WarpBase, Value *Lane) {
  Value *Thread = B.CreateAdd(WarpBase, Lane);
  Value *Valid = B.CreateICmpULT(Thread, threadsPerBlock(B, TV));
  return B.CreateLoad(B.getInt32Ty(),
                      exchangeSlot(B, TV, B.CreateSelect(Valid, Thread, Linear)));
}

namespace {
/// Lowers the thread-dependent operations of one function.
class ThreadOperationLowering {
public:
  ThreadOperationLowering(LoweringState &S, Function &F, const ThreadValues &TV,
                          StringRef TrapName, bool IsKernel)
      : S(S), F(F), TV(TV), TrapName(TrapName), IsKernel(IsKernel) {}
  // TrapName is the name of the function in the source: the kernel's for its
  // thread function.

  /// Fails on an unsupported device intrinsic. Sets \p HasBarriers and
  /// \p HasWarpOps for a kernel.
  Error run(bool &HasBarriers, bool &HasWarpOps);

private:
  Expected<Value *> lower(CallBase &Call, StringRef Name, bool &Erase);
  Expected<Value *> lowerWarpOp(IRBuilder<> &B, CallBase &Call, StringRef Name);

  LoweringState &S;
  Function &F;
  const ThreadValues &TV;
  StringRef TrapName;
  bool IsKernel;
  bool SawBarrier = false, SawWarpOp = false;
};
} // namespace

static int dimensionOf(StringRef Name) {
  if (Name.ends_with(".x"))
    return 0;
  if (Name.ends_with(".y"))
    return 1;
  if (Name.ends_with(".z"))
    return 2;
  return -1;
}

Expected<Value *> ThreadOperationLowering::lowerWarpOp(IRBuilder<> &B,
                                                       CallBase &Call,
                                                       StringRef Name) {
  unsigned W = S.WarpSize;
  auto Arg = [&](unsigned I) { return Call.getArgOperand(I); };
  SawWarpOp = true;
  bool IsShuffle = Name.consume_front("llvm.nvvm.shfl.sync.");
  if (IsShuffle && !Name.ends_with("p")) {
    StringRef Mode = Name.split('.').first;
    if (!IsKernel)
      return Arg(1); // a one-thread warp: every lane reads its own value
    Value *Own = B.CreateBitCast(Arg(1), B.getInt32Ty());
    Value *Lane = B.CreateURem(linearThreadId(B, TV), B.getInt32(W));
    Value *Source = shuffleSourceLane(B, Mode, Lane, Arg(2), Arg(3));
    Value *Read = emitWarpExchange(B, TV, W, Own, [&](Value *Linear,
                                                      Value *WarpBase) {
      return readLane(B, TV, Linear, WarpBase, Source);
    });
    return B.CreateBitCast(Read, Call.getType());
  }
  if (Name.consume_front("llvm.nvvm.vote.") && Name.ends_with(".sync")) {
    StringRef Kind = Name.split('.').first;
    Value *Mask = Arg(0), *Pred = Arg(1);
    Value *Ballot, *Exists;
    if (!IsKernel) {
      Ballot = B.CreateZExt(Pred, B.getInt32Ty());
      Exists = B.getInt32(1);
    } else {
      Value *Own = B.CreateZExt(Pred, B.getInt32Ty());
      std::pair<Value *, Value *> Result;
      emitWarpExchange(B, TV, W, Own, [&](Value *Linear, Value *WarpBase) {
        Result = emitBallot(B, TV, W, Linear, WarpBase);
        return nullptr;
      });
      std::tie(Ballot, Exists) = Result;
    }
    Ballot = B.CreateAnd(Ballot, Mask);
    Value *Active = B.CreateAnd(Exists, Mask);
    Value *Any = B.CreateICmpNE(Ballot, B.getInt32(0));
    Value *All = B.CreateICmpEQ(Ballot, Active);
    if (Kind == "ballot")
      return Ballot;
    if (Kind == "any")
      return Any;
    if (Kind == "all")
      return All;
    if (Kind == "uni")
      return B.CreateOr(All, B.CreateNot(Any));
  }
  if (Name.starts_with("llvm.amdgcn.ballot.")) {
    IntegerType *Ty = cast<IntegerType>(Call.getType());
    if (!IsKernel)
      return B.CreateZExt(Arg(0), Ty);
    Value *Own = B.CreateZExt(Arg(0), B.getInt32Ty());
    Value *Ballot = nullptr;
    emitWarpExchange(B, TV, W, Own, [&](Value *Linear, Value *WarpBase) {
      Ballot = emitBallot(B, TV, W, Linear, WarpBase).first;
      return nullptr;
    });
    return B.CreateZExtOrTrunc(Ballot, Ty);
  }
  if (Name == "llvm.amdgcn.ds.bpermute") {
    if (!IsKernel)
      return Arg(1);
    Value *Source = B.CreateAnd(B.CreateLShr(Arg(0), 2), W - 1);
    return emitWarpExchange(B, TV, W, Arg(1), [&](Value *Linear,
                                                  Value *WarpBase) {
      return readLane(B, TV, Linear, WarpBase, Source);
    });
  }
  SawWarpOp = false;
  return nullptr;
}

Expected<Value *> ThreadOperationLowering::lower(CallBase &Call, StringRef Name,
                                                 bool &Erase) {
  IRBuilder<> B(&Call);
  Erase = true;
  int Dim = dimensionOf(Name);
  if (Dim >= 0) {
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.tid.") ||
        Name.starts_with("llvm.amdgcn.workitem.id."))
      return TV.Tid[Dim];
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.ntid."))
      return TV.NTid[Dim];
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.ctaid.") ||
        Name.starts_with("llvm.amdgcn.workgroup.id."))
      return TV.CtaId[Dim];
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.nctaid."))
      return TV.NCtaId[Dim];
  }
  if (Name == "llvm.nvvm.read.ptx.sreg.laneid")
    return B.CreateURem(linearThreadId(B, TV), B.getInt32(S.WarpSize));
  if (Name == "llvm.nvvm.read.ptx.sreg.warpid")
    return B.CreateUDiv(linearThreadId(B, TV), B.getInt32(S.WarpSize));
  if (Name == "llvm.nvvm.read.ptx.sreg.warpsize")
    return B.getInt32(S.WarpSize);
  if (Name == "llvm.amdgcn.dispatch.ptr")
    return TV.DispatchPacket;
  if (Name == "llvm.amdgcn.implicitarg.ptr")
    return TV.ImplicitArgs;
  if (Name == "llvm.amdgcn.mbcnt.lo" || Name == "llvm.amdgcn.mbcnt.hi") {
    // The number of set bits of the mask below this lane, in the low or
    // high 32 lanes.
    Value *Lane = B.CreateURem(linearThreadId(B, TV), B.getInt32(S.WarpSize));
    if (Name.ends_with(".hi"))
      Lane = B.CreateSelect(B.CreateICmpULT(Lane, B.getInt32(32)),
                            B.getInt32(0), B.CreateSub(Lane, B.getInt32(32)));
    Value *Lane64 = B.CreateZExt(B.CreateBinaryIntrinsic(
                                     Intrinsic::umin, Lane, B.getInt32(32)),
                                 B.getInt64Ty());
    Value *Below = B.CreateTrunc(
        B.CreateSub(B.CreateShl(B.getInt64(1), Lane64), B.getInt64(1)),
        B.getInt32Ty());
    Value *Count = B.CreateUnaryIntrinsic(
        Intrinsic::ctpop, B.CreateAnd(Call.getArgOperand(0), Below));
    return B.CreateAdd(Call.getArgOperand(1), Count);
  }
  bool IsBlockBarrier = Name == "llvm.nvvm.barrier0" ||
                        Name == "llvm.nvvm.barrier.sync" ||
                        Name == "llvm.amdgcn.s.barrier";
  if (IsBlockBarrier || Name == "llvm.nvvm.bar.warp.sync" ||
      Name == "llvm.amdgcn.wave.barrier") {
    if (!IsKernel)
      return nullptr; // one thread: nothing to wait for
    SawBarrier = true;
    emitSyncMarker(B, IsBlockBarrier ? BlockSyncMarkerName
                                     : WarpSyncMarkerName);
    return nullptr;
  }
  if (Name == "llvm.amdgcn.s.waitcnt" || Name == "llvm.amdgcn.sched.barrier")
    return nullptr;
  if (Name == "vprintf")
    return B.CreateCall(getVPrintfFunction(S.M),
                        {TV.Ctx, Call.getArgOperand(0), Call.getArgOperand(1)});
  bool IsAssert = Name == "__assertfail";
  if (IsAssert || Name == "llvm.trap" || Name == "llvm.debugtrap" ||
      Name == "__trap") {
    // A block function running a range of blocks leaves the context at the
    // first: the runtime reports the block that trapped from here.
    if (IsKernel)
      B.CreateStore(TV.CtaId[0], B.CreateConstInBoundsGEP1_64(
                                     B.getInt8Ty(), TV.Ctx, BlockIdxOffset));
    if (IsAssert)
      emitAssertFail(B, Call, TV.Ctx, TrapName);
    else
      emitTrap(B, TV.Ctx, TrapName);
    return nullptr;
  }
  Expected<Value *> WarpOp = lowerWarpOp(B, Call, Name);
  if (!WarpOp || *WarpOp)
    return WarpOp;
  Erase = false;
  // amdgcn printf: clang's hostcalls, served by the runtime under its names.
  for (StringRef Hostcall : {"__ockl_printf_begin",
                             "__ockl_printf_append_string_n",
                             "__ockl_printf_append_args"})
    if (Name == Hostcall) {
      Call.setCalledFunction(S.M.getOrInsertFunction(
          ("__mm_device_printf_" + Name.drop_front(strlen("__ockl_printf_")))
              .str(),
          Call.getFunctionType()));
      return nullptr;
    }
  if (Call.getCalledFunction() &&
      isDeviceSpecificCallee(*Call.getCalledFunction()))
    return S.error("function '" + TrapName + "': unsupported device intrinsic '" +
                   Name + "'");
  return nullptr;
}

Error ThreadOperationLowering::run(bool &HasBarriers, bool &HasWarpOps) {
  SmallVector<CallBase *> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Call->getCalledFunction() && !isSyncMarker(*Call))
          Calls.push_back(Call);
  for (CallBase *Call : Calls) {
    bool Erase = false;
    Expected<Value *> Result =
        lower(*Call, Call->getCalledFunction()->getName(), Erase);
    if (!Result)
      return Result.takeError();
    if (!Erase)
      continue;
    if (*Result) {
      if (isa<Instruction>(*Result) && !(*Result)->hasName())
        (*Result)->takeName(Call);
      Call->replaceAllUsesWith(*Result);
    }
    Call->eraseFromParent();
  }
  HasBarriers = SawBarrier;
  HasWarpOps = SawWarpOp;
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Standalone functions
//===----------------------------------------------------------------------===//

static bool usesSharedMemory(LoweringState &S, Function &F) {
  for (GlobalVariable *Shared : S.SharedGlobals) {
    SmallVector<User *> Users(Shared->users());
    while (!Users.empty()) {
      User *U = Users.pop_back_val();
      if (auto *I = dyn_cast<Instruction>(U)) {
        if (I->getFunction() == &F)
          return true;
        continue;
      }
      append_range(Users, U->users());
    }
  }
  return false;
}

Error mm::device::lowerStandaloneFunction(LoweringState &S, Function &F) {
  if (usesSharedMemory(S, F)) {
    // Only a block has shared memory: a direct call from the host traps.
    F.deleteBody();
    BasicBlock *Entry = BasicBlock::Create(F.getContext(), "entry", &F);
    IRBuilder<> B(Entry);
    emitTrap(B, ConstantPointerNull::get(B.getPtrTy()),
             (F.getName() + " (uses shared memory outside a kernel)").str());
    B.CreateUnreachable();
    return Error::success();
  }
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  ThreadValues TV;
  TV.Ctx = ConstantPointerNull::get(B.getPtrTy());
  for (unsigned D = 0; D < 3; ++D) {
    TV.Tid[D] = TV.CtaId[D] = B.getInt32(0);
    TV.NTid[D] = TV.NCtaId[D] = B.getInt32(1);
  }
  if (S.IsAMDGCN)
    std::tie(TV.DispatchPacket, TV.ImplicitArgs) =
        emitAMDGCNDispatchData(B, TV.NTid, TV.NCtaId);
  bool HasBarriers, HasWarpOps;
  return ThreadOperationLowering(S, F, TV, F.getName(), /*IsKernel=*/false)
      .run(HasBarriers, HasWarpOps);
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// Lays out the static shared variables that \p T uses in the block's
/// static shared memory and points every use at the block's instance.
/// Returns the static shared size.
static uint64_t lowerSharedMemory(LoweringState &S, Function &T,
                                  const ThreadValues &TV) {
  const DataLayout &DL = S.M.getDataLayout();
  uint64_t StaticSize = 0;
  for (GlobalVariable &GV : S.M.globals()) {
    if (!S.SharedGlobals.count(&GV))
      continue;
    convertUsersOfConstantsToInstructions({&GV}, &T);
    SmallVector<Use *> Uses;
    for (Use &U : GV.uses())
      if (auto *I = dyn_cast<Instruction>(U.getUser());
          I && I->getFunction() == &T)
        Uses.push_back(&U);
    if (Uses.empty())
      continue;
    uint64_t Size = DL.getTypeAllocSize(GV.getValueType());
    bool IsDynamic = GV.isDeclaration() || Size == 0;
    uint64_t Offset = 0;
    if (!IsDynamic) {
      Align A = GV.getAlign().value_or(DL.getABITypeAlign(GV.getValueType()));
      Offset = alignTo(StaticSize, A);
      StaticSize = Offset + Size;
    }
    for (Use *U : Uses) {
      auto *User = cast<Instruction>(U->getUser());
      Instruction *InsertPt = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        InsertPt = Phi->getIncomingBlock(*U)->getTerminator();
      IRBuilder<> B(InsertPt);
      U->set(IsDynamic ? TV.DynamicShared
                       : B.CreateConstInBoundsGEP1_64(B.getInt8Ty(),
                                                      TV.StaticShared, Offset,
                                                      GV.getName()));
    }
  }
  return alignTo(StaticSize, 16);
}

//===----------------------------------------------------------------------===//
// Barriers: the resumable thread function
//===----------------------------------------------------------------------===//

/// True when \p I is live at the start of one of \p SyncBlocks: some use is
/// reachable from that block without passing the definition.
static bool isLiveAcrossSync(Instruction &I,
                             const SmallPtrSetImpl<BasicBlock *> &SyncBlocks) {
  BasicBlock *Def = I.getParent();
  SmallVector<BasicBlock *> Work;
  for (Use &U : I.uses()) {
    auto *User = cast<Instruction>(U.getUser());
    if (auto *Phi = dyn_cast<PHINode>(User))
      Work.push_back(Phi->getIncomingBlock(U)); // live at its end
    else if (User->getParent() != Def)
      Work.push_back(User->getParent());
  }
  SmallPtrSet<BasicBlock *, 16> LiveIn;
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == Def || !LiveIn.insert(BB).second)
      continue;
    if (SyncBlocks.count(BB))
      return true;
    append_range(Work, predecessors(BB));
  }
  return false;
}

/// True when \p V can be recomputed anywhere in the thread function, by at
/// most \p Budget more instructions that do not touch memory, from constants,
/// allocas (which become scratch addresses) and arguments other than \p State:
/// those are the same in every call for one thread.
static bool isRematerializable(Value *V, const Argument *State,
                               unsigned &Budget) {
  if (isa<Constant>(V) || isa<AllocaInst>(V))
    return true;
  if (auto *A = dyn_cast<Argument>(V))
    return A != State;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(I) || Budget == 0)
    return false;
  --Budget;
  return all_of(I->operands(), [&](Value *Op) {
    return isRematerializable(Op, State, Budget);
  });
}

/// Recomputes rematerializable \p V before \p InsertBefore.
static Value *rematerialize(Value *V, Instruction *InsertBefore,
                            DenseMap<Value *, Value *> &Clones) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<AllocaInst>(I))
    return V;
  if (Value *Clone = Clones.lookup(I))
    return Clone;
  Instruction *Clone = I->clone();
  for (Use &Op : Clone->operands())
    Op.set(rematerialize(Op, InsertBefore, Clones));
  Clone->insertBefore(InsertBefore);
  Clone->setName(I->getName());
  Clones[I] = Clone;
  return Clone;
}

/// The instructions of \p T whose values are live across one of
/// \p SyncBlocks.
static SmallVector<Instruction *>
valuesLiveAcross(Function &T, const SmallPtrSetImpl<BasicBlock *> &SyncBlocks) {
  SmallVector<Instruction *> LiveAcross;
  for (BasicBlock &BB : T)
    for (Instruction &I : BB)
      if (!I.getType()->isVoidTy() && !isa<AllocaInst>(I) &&
          isLiveAcrossSync(I, SyncBlocks))
        LiveAcross.push_back(&I);
  return LiveAcross;
}

/// The values of \p T that may differ between the threads of a block: those
/// computed from \p Sources, from memory or by calls with effects, and the
/// phis of blocks reachable from a branch on such a value (threads may arrive
/// by different edges, or in different iterations of a loop). Everything
/// else is computed from the block's own values (parameters, block index and
/// dimensions, shared memory addresses) the same way in every thread.
static DenseSet<const Value *> divergentValues(Function &T,
                                               ArrayRef<Value *> Sources) {
  DenseSet<const Value *> Divergent(Sources.begin(), Sources.end());
  SmallPtrSet<BasicBlock *, 16> AfterDivergentBranch;
  SmallPtrSet<const Instruction *, 8> Flooded;
  auto IsDivergent = [&](const Value *V) { return Divergent.contains(V); };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock &BB : T)
      for (Instruction &I : BB) {
        if (I.isTerminator()) {
          if (I.getNumSuccessors() < 2 || Flooded.contains(&I))
            continue;
          Value *Condition = nullptr;
          if (auto *Br = dyn_cast<BranchInst>(&I))
            Condition = Br->getCondition();
          else if (auto *Switch = dyn_cast<SwitchInst>(&I))
            Condition = Switch->getCondition();
          if (Condition && !IsDivergent(Condition))
            continue;
          Flooded.insert(&I);
          SmallVector<BasicBlock *> Work(successors(&I));
          while (!Work.empty()) {
            BasicBlock *Next = Work.pop_back_val();
            if (AfterDivergentBranch.insert(Next).second)
              append_range(Work, successors(Next));
          }
          Changed = true;
          continue;
        }
        if (I.getType()->isVoidTy() || IsDivergent(&I))
          continue;
        bool ThreadDependent = any_of(I.operands(), IsDivergent);
        if (isa<PHINode>(I)) {
          ThreadDependent |= AfterDivergentBranch.contains(&BB);
        } else if (auto *Call = dyn_cast<CallBase>(&I)) {
          ThreadDependent |= !Call->getCalledFunction() ||
                             Call->isConvergent() ||
                             Call->mayReadOrWriteMemory();
        } else {
          ThreadDependent |= isa<AllocaInst>(I) || I.mayReadOrWriteMemory();
        }
        if (ThreadDependent) {
          Divergent.insert(&I);
          Changed = true;
        }
      }
  }
  return Divergent;
}

namespace {
/// A value live across a sync point that is the same in every thread: each
/// thread keeps its copy in scratch memory, and while the block runs region
/// by region the threads read it from a buffer of the block function, which
/// fills it from the last thread's copies before each region. Once the
/// thread function is inlined, the buffer is the block function's own
/// variables: the region's loop sees a value defined outside it (a loop
/// bound, a tile index), and addresses computed from it stay affine in the
/// thread index.
struct UniformSlot {
  uint64_t ScratchOffset = 0; ///< of the threads' copies, per thread
  uint64_t BufferOffset = 0;  ///< in the block function's buffer
  uint64_t Size = 0;
};

/// What the block function needs to know of a resumable thread function.
struct ResumableLayout {
  uint64_t ScratchSize = 0; ///< per thread
  /// Sync points 1 to NumBlockBarriers are block barriers, the following
  /// ones warp sync points.
  unsigned NumBlockBarriers = 0;
  SmallVector<UniformSlot> UniformSlots;
  uint64_t UniformBufferSize = 0;
  /// Alias scopes of the memory that only the lowering addresses (see
  /// tagScratchAccesses); the last is the kernel's own memory.
  SmallVector<MDNode *> Scopes;
  MDNode *StopScope = nullptr;
};

/// A uniform value while the thread function is being split.
struct UniformValue {
  Instruction *Def;
  AllocaInst *Copies; ///< becomes the threads' copies in scratch memory
  uint64_t BufferOffset;
  /// Where a region that resumes with the value live reloads it.
  SmallVector<std::pair<BasicBlock *, LoadInst *>> Reloads;
};
} // namespace

/// Keeps uniform \p U across the sync points \p SyncBlocks where it is live:
/// each thread stores it to its copy before the sync point, and reloads it
/// after, from the block function's buffer or its own copy.
static UniformValue keepUniformAcross(Instruction &U,
                                      ArrayRef<BasicBlock *> SyncBlocks,
                                      uint64_t BufferOffset,
                                      const ThreadValues &TV) {
  Function &T = *U.getFunction();
  const DataLayout &DL = T.getDataLayout();
  UniformValue Result{&U,
                      new AllocaInst(U.getType(), DL.getAllocaAddrSpace(),
                                     nullptr, U.getName() + ".copies",
                                     T.getEntryBlock().getFirstInsertionPt()),
                      BufferOffset,
                      {}};
  for (BasicBlock *Sync : SyncBlocks) {
    SmallPtrSet<BasicBlock *, 1> Only{Sync};
    if (!isLiveAcrossSync(U, Only))
      continue;
    new StoreInst(&U, Result.Copies, Sync->getTerminator()->getIterator());
    BasicBlock *Resume = Sync->getSingleSuccessor();
    IRBuilder<> B(Resume, Resume->getFirstInsertionPt());
    Value *Slot = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), TV.Uniforms,
                                               BufferOffset);
    Value *From = B.CreateSelect(TV.InRegion, Slot, Result.Copies);
    Result.Reloads.emplace_back(
        Resume, B.CreateLoad(U.getType(), From, U.getName() + ".reload"));
  }
  return Result;
}

/// Once the thread function resumes at its sync points, points each use of
/// \p U at the value that reaches it: U itself or a reload.
static void rewriteUniformUses(UniformValue &U) {
  SSAUpdater SSA;
  SSA.Initialize(U.Def->getType(), U.Def->getName());
  SSA.AddAvailableValue(U.Def->getParent(), U.Def);
  for (auto [Resume, Reload] : U.Reloads)
    SSA.AddAvailableValue(Resume, Reload);
  SmallVector<Use *> Uses;
  for (Use &Use : U.Def->uses())
    Uses.push_back(&Use);
  for (Use *Use : Uses) {
    auto *User = cast<Instruction>(Use->getUser());
    if (!isa<PHINode>(User)) {
      // After the definition or the reload in the same block.
      if (User->getParent() == U.Def->getParent())
        continue;
      auto Reload = find_if(U.Reloads, [&](const auto &R) {
        return R.first == User->getParent();
      });
      if (Reload != U.Reloads.end()) {
        Use->set(Reload->second);
        continue;
      }
    }
    SSA.RewriteUse(*Use);
  }
}

/// Marks \p I as accessing the memory of alias scope \p Scope, which none of
/// the other \p Scopes alias.
static void tagAccess(Instruction &I, MDNode *Scope, ArrayRef<MDNode *> Scopes) {
  LLVMContext &C = I.getContext();
  SmallVector<Metadata *> Others;
  for (MDNode *Other : Scopes)
    if (Other != Scope)
      Others.push_back(Other);
  I.setMetadata(LLVMContext::MD_alias_scope,
                MDNode::concatenate(I.getMetadata(LLVMContext::MD_alias_scope),
                                    MDNode::get(C, {Scope})));
  I.setMetadata(LLVMContext::MD_noalias,
                MDNode::concatenate(I.getMetadata(LLVMContext::MD_noalias),
                                    MDNode::get(C, Others)));
}

/// Scratch memory that only the lowering addresses (the warp exchange slots,
/// the stops, a variable per value kept across sync points) is disjoint
/// from all other memory and between its arrays: says so to alias analysis,
/// so that the regions' loops need no runtime checks to be vectorized.
/// \p UserAllocas are the kernel's own variables, which its code may address
/// in any way. Fills \p Layout's scopes.
static void tagScratchAccesses(Function &T,
                               const SmallPtrSetImpl<AllocaInst *> &UserAllocas,
                               ArrayRef<UniformValue> Uniform,
                               const ThreadValues &TV, ResumableLayout &Layout) {
  MDBuilder MDB(T.getContext());
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("mm.scratch");
  DenseMap<const Value *, MDNode *> ScopeOf; // by underlying object
  ScopeOf[TV.BlockScratch] =
      MDB.createAnonymousAliasScope(Domain, "warp exchange");
  Layout.Scopes.push_back(ScopeOf[TV.BlockScratch]);
  Layout.StopScope = MDB.createAnonymousAliasScope(Domain, "stops");
  Layout.Scopes.push_back(Layout.StopScope);
  for (Instruction &I : T.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !UserAllocas.contains(AI)) {
      ScopeOf[AI] = MDB.createAnonymousAliasScope(Domain, AI->getName());
      Layout.Scopes.push_back(ScopeOf[AI]);
    }
  // A uniform value's reload reads its copies or the block's buffer, which
  // is the block function's own.
  for (const UniformValue &U : Uniform)
    for (auto [Resume, Reload] : U.Reloads)
      ScopeOf[Reload] = ScopeOf[U.Copies];
  MDNode *Kernel = MDB.createAnonymousAliasScope(Domain, "kernel memory");
  Layout.Scopes.push_back(Kernel);
  for (BasicBlock &BB : T)
    for (Instruction &I : BB) {
      if (!I.mayReadOrWriteMemory())
        continue;
      MDNode *Scope = ScopeOf.lookup(&I);
      if (Value *Ptr = getLoadStorePointerOperand(&I); Ptr && !Scope)
        Scope = ScopeOf.lookup(getUnderlyingObject(Ptr));
      tagAccess(I, Scope ? Scope : Kernel, Layout.Scopes);
    }
}

/// Splits \p T at its sync markers and makes it resumable.
static Expected<ResumableLayout> makeResumable(LoweringState &S, Function &T,
                                               StringRef KernelName,
                                               const ThreadValues &TV) {
  const DataLayout &DL = S.M.getDataLayout();
  // Scalars first become SSA values, so that only what is really live across
  // a barrier goes to scratch memory.
  {
    SmallVector<AllocaInst *> Promotable;
    for (Instruction &I : T.getEntryBlock())
      if (auto *AI = dyn_cast<AllocaInst>(&I); AI && isAllocaPromotable(AI))
        Promotable.push_back(AI);
    DominatorTree DT(T);
    if (!Promotable.empty())
      PromoteMemToReg(Promotable, DT);
  }
  SmallPtrSet<AllocaInst *, 8> UserAllocas;
  for (Instruction &I : T.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      UserAllocas.insert(AI);

  // Block barriers first, so that the block function tells them from warp
  // sync points by their number.
  SmallVector<CallInst *> Markers, WarpMarkers;
  for (BasicBlock &BB : T)
    for (Instruction &I : BB)
      if (isSyncMarker(I)) {
        auto *Marker = cast<CallInst>(&I);
        (Marker->getCalledFunction()->getName() == BlockSyncMarkerName
             ? Markers
             : WarpMarkers)
            .push_back(Marker);
      }
  ResumableLayout Layout;
  Layout.NumBlockBarriers = Markers.size();
  append_range(Markers, WarpMarkers);
  SmallVector<BasicBlock *> SyncBlocks;
  SmallPtrSet<BasicBlock *, 16> SyncBlockSet;
  for (CallInst *Marker : Markers) {
    BasicBlock *Sync = Marker->getParent()->splitBasicBlock(Marker, "sync");
    Sync->splitBasicBlock(Marker->getNextNode(), "resume");
    SyncBlocks.push_back(Sync);
    SyncBlockSet.insert(Sync);
  }

  // Values live across a sync point that are cheap to recompute from the
  // arguments (addresses from the thread index, shared memory, parameters)
  // are recomputed at each use rather than kept in scratch memory: the
  // regions' loops then see the addresses' strides.
  constexpr unsigned RematerializationBudget = 16;
  Argument *State = T.getArg(T.arg_size() - NumResumableArgs + ArgState);
  SmallVector<WeakTrackingVH> Rematerialized;
  for (Instruction *I : valuesLiveAcross(T, SyncBlockSet)) {
    unsigned Budget = RematerializationBudget;
    if (!isRematerializable(I, State, Budget))
      continue;
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (User->getParent() == I->getParent() && !isa<PHINode>(User))
        continue; // after I, in I's block
      Instruction *At = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        At = Phi->getIncomingBlock(U)->getTerminator();
      DenseMap<Value *, Value *> Clones;
      U.set(rematerialize(I, At, Clones));
    }
    if (I->use_empty())
      Rematerialized.push_back(I);
  }
  RecursivelyDeleteTriviallyDeadInstructions(Rematerialized);

  // The rest goes to scratch memory: uniform values as copies written at
  // the sync points, the others as each thread's variable.
  DenseSet<const Value *> Divergent =
      divergentValues(T, {TV.Tid[0], TV.Tid[1], TV.Tid[2], TV.ThreadIndex,
                          State, TV.InRegion});
  SmallVector<UniformValue> Uniform;
  uint64_t UniformBufferSize = 0;
  for (Instruction *I : valuesLiveAcross(T, SyncBlockSet)) {
    if (Divergent.contains(I) || !I->getType()->isSized()) {
      DemoteRegToStack(*I, false, T.getEntryBlock().getFirstInsertionPt());
      continue;
    }
    uint64_t Offset =
        alignTo(UniformBufferSize, DL.getABITypeAlign(I->getType()));
    UniformBufferSize = Offset + DL.getTypeAllocSize(I->getType());
    Uniform.push_back(keepUniformAcross(*I, SyncBlocks, Offset, TV));
  }
  tagScratchAccesses(T, UserAllocas, Uniform, TV, Layout);

  // Every alloca moves to an array of the block's scratch memory, after the
  // header's, most aligned first so that the threads' copies of 4-byte
  // values start 64-byte aligned for blocks of multiples of 16 threads.
  BasicBlock *OldEntry = &T.getEntryBlock();
  SmallVector<std::pair<AllocaInst *, uint64_t>> Allocas; // and their sizes
  for (BasicBlock &BB : T)
    for (Instruction &I : BB) {
      auto *AI = dyn_cast<AllocaInst>(&I);
      if (!AI)
        continue;
      std::optional<TypeSize> AllocSize = AI->getAllocationSize(DL);
      if (&BB != OldEntry || !AllocSize || AllocSize->isScalable())
        return S.error("function '" + KernelName +
                       "': dynamically sized stack allocation in a kernel "
                       "with barriers is not supported");
      Allocas.emplace_back(AI, alignTo(AllocSize->getFixedValue(),
                                       AI->getAlign()));
    }
  // Stable: allocas of one alignment keep their order.
  SmallVector<unsigned> Order(Allocas.size());
  std::iota(Order.begin(), Order.end(), 0u);
  llvm::sort(Order, [&](unsigned L, unsigned R) {
    Align LA = Allocas[L].first->getAlign(), RA = Allocas[R].first->getAlign();
    return LA != RA ? LA > RA : L < R;
  });
  BasicBlock *Resume =
      BasicBlock::Create(T.getContext(), "dispatch", &T, OldEntry);
  IRBuilder<> B(Resume);
  uint64_t Size = ScratchHeaderSize;
  Align MaxAlign(16);
  for (unsigned Index : Order) {
    auto [AI, AllocSize] = Allocas[Index];
    Align A = AI->getAlign();
    MaxAlign = std::max(MaxAlign, A);
    uint64_t Offset = alignTo(Size, A);
    Size = Offset + AllocSize;
    Value *Slot = scratchElement(
        B, scratchArray(B, TV.BlockScratch, TV.BlockThreads, Offset),
        AllocSize, TV.ThreadIndex, AI->getName());
    AllocaInst *Copies = AI;
    if (auto U = find_if(Uniform,
                         [&](const UniformValue &U) { return U.Copies == Copies; });
        U != Uniform.end())
      Layout.UniformSlots.push_back({Offset, U->BufferOffset, AllocSize});
    AI->replaceAllUsesWith(Slot);
    AI->eraseFromParent();
  }

  // Entry: resume where the last call stopped. A barrier returns its number,
  // the end of the kernel returns 0.
  SwitchInst *Switch = B.CreateSwitch(State, OldEntry, SyncBlocks.size());
  for (auto [Index, Sync] : enumerate(SyncBlocks)) {
    BasicBlock *Continue = Sync->getSingleSuccessor();
    Sync->getTerminator()->eraseFromParent();
    Sync->front().eraseFromParent(); // the marker
    ConstantInt *Number = B.getInt32(Index + 1);
    ReturnInst::Create(T.getContext(), Number, Sync);
    Switch->addCase(Number, Continue);
  }
  for (UniformValue &U : Uniform)
    rewriteUniformUses(U);
  // Each thread records its stop, so that the store shares the alias scopes
  // of the code inlined with it.
  for (BasicBlock &BB : T)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      B.SetInsertPoint(Ret);
      Value *Stops = scratchArray(B, TV.BlockScratch, TV.BlockThreads,
                                  StopSlotOffset);
      tagAccess(*B.CreateStore(Ret->getReturnValue(),
                               scratchElement(B, Stops, StopSlotSize,
                                              TV.ThreadIndex, "stop.slot")),
                Layout.StopScope, Layout.Scopes);
    }
  Layout.UniformBufferSize = UniformBufferSize;
  Layout.ScratchSize = alignTo(Size, MaxAlign);
  return Layout;
}

//===----------------------------------------------------------------------===//
// The block function and the descriptor
//===----------------------------------------------------------------------===//

/// Emits loops over the block's threads, z outermost and x innermost, at
/// \p B's insertion point; \p Body gets the thread index and the values of
/// \p Carried of the previous thread and returns the next ones. Every
/// dimension must be at least 1. Leaves \p B after the loops and returns the
/// carried values of the last thread. \p NoInterleave asks the loop
/// vectorizer not to interleave the x loop, so that its vector body runs for
/// as few as one vector's width of threads (16 x 16 tiles: interleaving 4
/// <8 x float> iterations would need 32). With \p Innermost 1, only the
/// loops over z and y: \p Body gets their indices (Index[1], Index[2]).
static SmallVector<Value *>
emitThreadLoops(IRBuilder<> &B, Value *const Dims[3], ArrayRef<Value *> Carried,
                function_ref<SmallVector<Value *>(Value *const Index[3],
                                                  ArrayRef<Value *> Carried)>
                    Body,
                bool NoInterleave = false, int Innermost = 0, int Level = 2,
                Value **Index = nullptr) {
  Value *Indices[3] = {};
  if (!Index)
    Index = Indices;
  static const char *const Names[] = {"tid.x", "tid.y", "tid.z"};
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Preheader = B.GetInsertBlock();
  BasicBlock *Header = BasicBlock::Create(F->getContext(), Names[Level], F,
                                          Preheader->getNextNode());
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *IV = B.CreatePHI(B.getInt32Ty(), 2, Names[Level]);
  IV->addIncoming(B.getInt32(0), Preheader);
  SmallVector<PHINode *> Phis;
  SmallVector<Value *> Current;
  for (Value *V : Carried) {
    Phis.push_back(B.CreatePHI(V->getType(), 2));
    Phis.back()->addIncoming(V, Preheader);
    Current.push_back(Phis.back());
  }
  Index[Level] = IV;
  SmallVector<Value *> Next =
      Level == Innermost
          ? Body(Index, Current)
          : emitThreadLoops(B, Dims, Current, Body, NoInterleave, Innermost,
                            Level - 1, Index);
  Value *IVNext = B.CreateAdd(IV, B.getInt32(1), "", /*HasNUW=*/true,
                              /*HasNSW=*/true);
  BasicBlock *Latch = B.GetInsertBlock();
  BasicBlock *Exit = BasicBlock::Create(
      F->getContext(), Twine(Names[Level]) + ".end", F, Latch->getNextNode());
  BranchInst *Back =
      B.CreateCondBr(B.CreateICmpULT(IVNext, Dims[Level]), Header, Exit);
  if (Level == 0 && NoInterleave) {
    LLVMContext &C = F->getContext();
    MDNode *Count = MDNode::get(
        C, {MDString::get(C, "llvm.loop.interleave.count"),
            ConstantAsMetadata::get(B.getInt32(1))});
    MDNode *Loop = MDNode::getDistinct(C, {nullptr, Count});
    Loop->replaceOperandWith(0, Loop);
    Back->setMetadata(LLVMContext::MD_loop, Loop);
  }
  IV->addIncoming(IVNext, Latch);
  for (auto [Phi, V] : zip(Phis, Next))
    Phi->addIncoming(V, Latch);
  B.SetInsertPoint(Exit);
  return Next;
}

namespace {
/// What the block function loads once and passes to every thread.
struct BlockValues {
  SmallVector<Value *> KernelArgs;
  ThreadValues TV;
  Value *Threads = nullptr;
};
} // namespace

static BlockValues emitBlockPrologue(LoweringState &S, IRBuilder<> &B,
                                     Function &Kernel, Value *Args,
                                     Value *Ctx) {
  BlockValues BV;
  Type *I8 = B.getInt8Ty();
  PointerType *Ptr = B.getPtrTy();
  for (Argument &A : Kernel.args()) {
    Value *Slot = B.CreateLoad(
        Ptr, B.CreateConstInBoundsGEP1_64(Ptr, Args, A.getArgNo()));
    // args[i] points at the value: a byval argument is that pointer (the
    // call copies it).
    BV.KernelArgs.push_back(A.hasByValAttr()
                                ? Slot
                                : B.CreateLoad(A.getType(), Slot, A.getName()));
  }
  auto Field = [&](Type *Ty, unsigned Offset, const Twine &Name) {
    return B.CreateLoad(Ty, B.CreateConstInBoundsGEP1_64(I8, Ctx, Offset),
                        Name);
  };
  ThreadValues &TV = BV.TV;
  TV.Ctx = Ctx;
  static const char *const Axis[] = {"x", "y", "z"};
  for (unsigned D = 0; D < 3; ++D) {
    TV.NCtaId[D] =
        Field(B.getInt32Ty(), GridDimOffset + 4 * D, Twine("nctaid.") + Axis[D]);
    TV.NTid[D] =
        Field(B.getInt32Ty(), BlockDimOffset + 4 * D, Twine("ntid.") + Axis[D]);
    TV.CtaId[D] =
        Field(B.getInt32Ty(), BlockIdxOffset + 4 * D, Twine("ctaid.") + Axis[D]);
  }
  TV.StaticShared = Field(Ptr, StaticSharedOffset, "static.shared");
  TV.DynamicShared = Field(Ptr, DynamicSharedOffset, "dynamic.shared");
  TV.BlockScratch = Field(Ptr, ThreadScratchOffset, "thread.scratch");
  if (S.IsAMDGCN) {
    std::tie(TV.DispatchPacket, TV.ImplicitArgs) =
        emitAMDGCNDispatchData(B, TV.NTid, TV.NCtaId);
  } else {
    TV.DispatchPacket = TV.ImplicitArgs = ConstantPointerNull::get(Ptr);
  }
  BV.Threads = threadsPerBlock(B, TV);
  return BV;
}

/// The arguments of one call of the thread function for thread \p Index of
/// the block at \p BlockX along x (by default, the context's).
static SmallVector<Value *> threadCallArgs(const BlockValues &BV,
                                           Value *const Index[3],
                                           Value *BlockX = nullptr) {
  const ThreadValues &TV = BV.TV;
  SmallVector<Value *> Args(BV.KernelArgs);
  append_values(Args, TV.Ctx, TV.StaticShared, TV.DynamicShared,
                TV.DispatchPacket, TV.ImplicitArgs);
  append_range(Args, ArrayRef(Index, 3));
  append_range(Args, TV.NTid);
  append_values(Args, BlockX ? BlockX : TV.CtaId[0], TV.CtaId[1], TV.CtaId[2]);
  append_range(Args, TV.NCtaId);
  return Args;
}

/// Emits a loop named \p Name over the indices [\p Begin, \p End) (linear
/// thread indices by default, of Begin's type), which must not be empty;
/// otherwise as emitThreadLoops.
static SmallVector<Value *>
emitLinearLoop(IRBuilder<> &B, Value *Begin, Value *End,
               ArrayRef<Value *> Carried,
               function_ref<SmallVector<Value *>(Value *Linear,
                                                 ArrayRef<Value *> Carried)>
                   Body,
               StringRef Name = "thread") {
  Function *F = B.GetInsertBlock()->getParent();
  BasicBlock *Preheader = B.GetInsertBlock();
  BasicBlock *Header = BasicBlock::Create(F->getContext(), Name, F,
                                          Preheader->getNextNode());
  B.CreateBr(Header);
  B.SetInsertPoint(Header);
  PHINode *IV = B.CreatePHI(Begin->getType(), 2, Name);
  IV->addIncoming(Begin, Preheader);
  SmallVector<PHINode *> Phis;
  SmallVector<Value *> Current;
  for (Value *V : Carried) {
    Phis.push_back(B.CreatePHI(V->getType(), 2));
    Phis.back()->addIncoming(V, Preheader);
    Current.push_back(Phis.back());
  }
  SmallVector<Value *> Next = Body(IV, Current);
  Value *IVNext = B.CreateAdd(IV, ConstantInt::get(IV->getType(), 1), "",
                              /*HasNUW=*/true, /*HasNSW=*/true);
  BasicBlock *Latch = B.GetInsertBlock();
  BasicBlock *Exit = BasicBlock::Create(F->getContext(), Name + ".end", F,
                                        Latch->getNextNode());
  B.CreateCondBr(B.CreateICmpULT(IVNext, End), Header, Exit);
  IV->addIncoming(IVNext, Latch);
  for (auto [Phi, V] : zip(Phis, Next))
    Phi->addIncoming(V, Latch);
  B.SetInsertPoint(Exit);
  return Next;
}

namespace {
/// How a block function without barriers runs its threads.
enum class ThreadOrder {
  Block,        ///< one block: z, y, x
  BlockRange,   ///< ctx->block_count_x blocks: z, y, block, x
  GridRowRange, ///< the same, with block and x as one loop (usesGlobalXOnly)
};
} // namespace

/// True when \p T uses its block and thread index along x only as
/// `blockIdx.x * blockDim.x + threadIdx.x`, the thread's index in the grid's
/// row: a range of blocks can then run as one loop over that index, with
/// threadIdx.x the index and blockIdx.x 0.
static bool usesGlobalXOnly(const ThreadValues &TV) {
  auto IsBlockOffset = [&](Value *V) {
    auto *Mul = dyn_cast<BinaryOperator>(V);
    return Mul && Mul->getOpcode() == Instruction::Mul &&
           ((Mul->getOperand(0) == TV.CtaId[0] &&
             Mul->getOperand(1) == TV.NTid[0]) ||
            (Mul->getOperand(0) == TV.NTid[0] &&
             Mul->getOperand(1) == TV.CtaId[0]));
  };
  auto IsGlobalX = [&](User *U) {
    auto *Add = dyn_cast<BinaryOperator>(U);
    return Add && Add->getOpcode() == Instruction::Add &&
           ((Add->getOperand(0) == TV.Tid[0] &&
             IsBlockOffset(Add->getOperand(1))) ||
            (Add->getOperand(1) == TV.Tid[0] &&
             IsBlockOffset(Add->getOperand(0))));
  };
  if (!all_of(TV.Tid[0]->users(), IsGlobalX))
    return false;
  return all_of(TV.CtaId[0]->users(), [&](User *U) {
    return IsBlockOffset(U) && all_of(U->users(), IsGlobalX);
  });
}

/// Builds `__mm_block.K`: thread function \p T for every thread of the
/// block; if \p Layout is set, region by region (T is resumable); otherwise
/// in \p Order.
static Function *buildBlockFunction(LoweringState &S, Function &Kernel,
                                    Function &T,
                                    std::optional<ResumableLayout> Layout,
                                    ThreadOrder Order) {
  LLVMContext &C = S.M.getContext();
  PointerType *Ptr = PointerType::get(C, 0);
  Function *Block = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr}, false),
      GlobalValue::InternalLinkage, "__mm_block." + Kernel.getName(), S.M);
  Block->addFnAttr(Attribute::NoUnwind);
  Argument *Args = Block->getArg(0), *Ctx = Block->getArg(1);
  Args->setName("args");
  Ctx->setName("ctx");
  BasicBlock *Entry = BasicBlock::Create(C, "entry", Block);
  IRBuilder<> B(Entry);
  BlockValues BV = emitBlockPrologue(S, B, Kernel, Args, Ctx);
  BasicBlock *Done = BasicBlock::Create(C, "done", Block);
  BasicBlock *Run = BasicBlock::Create(C, "run", Block);
  B.CreateCondBr(B.CreateICmpEQ(BV.Threads, B.getInt32(0)), Done, Run);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  B.SetInsertPoint(Run);

  if (!Layout && Order == ThreadOrder::Block) {
    emitThreadLoops(B, BV.TV.NTid, {}, [&](Value *const Index[3],
                                          ArrayRef<Value *>) {
      B.CreateCall(&T, threadCallArgs(BV, Index));
      return SmallVector<Value *>();
    });
    B.CreateBr(Done);
    return Block;
  }
  if (!Layout) {
    // Row by row of threads across the range's blocks (z, y, block, x): a
    // 2D kernel's rows of consecutive blocks are then swept as one row of
    // the grid, as a loop over the whole row would, rather than as short
    // pieces of many rows, block after block.
    Value *Count = B.CreateBinaryIntrinsic(
        Intrinsic::umax,
        B.CreateLoad(B.getInt32Ty(),
                     B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx,
                                                  BlockCountXOffset),
                     "block.count.x"),
        B.getInt32(1));
    Value *FirstX = BV.TV.CtaId[0];
    Value *EndX = B.CreateAdd(FirstX, Count, "block.end.x");
    auto Rows = [&](Value *const Row[3], ArrayRef<Value *>) {
      if (Order == ThreadOrder::GridRowRange) {
        // In i64: the row of a large grid may not fit in 32 bits, and the
        // kernel's own index wraps as the truncation does.
        Type *I64 = B.getInt64Ty();
        Value *NTidX = B.CreateZExt(BV.TV.NTid[0], I64);
        auto RowThreads = [&](Value *GlobalX, ArrayRef<Value *>) {
          Value *Index[3] = {B.CreateTrunc(GlobalX, B.getInt32Ty()), Row[1],
                             Row[2]};
          B.CreateCall(&T, threadCallArgs(BV, Index, B.getInt32(0)));
          return SmallVector<Value *>();
        };
        emitLinearLoop(B, B.CreateMul(B.CreateZExt(FirstX, I64), NTidX),
                       B.CreateMul(B.CreateZExt(EndX, I64), NTidX), {},
                       RowThreads, "global.x");
        return SmallVector<Value *>();
      }
      auto Blocks = [&](Value *BlockX, ArrayRef<Value *>) {
        auto Threads = [&](Value *X, ArrayRef<Value *>) {
          Value *Index[3] = {X, Row[1], Row[2]};
          B.CreateCall(&T, threadCallArgs(BV, Index, BlockX));
          return SmallVector<Value *>();
        };
        emitLinearLoop(B, B.getInt32(0), BV.TV.NTid[0], {}, Threads, "tid.x");
        return SmallVector<Value *>();
      };
      emitLinearLoop(B, FirstX, EndX, {}, Blocks, "ctaid.x");
      return SmallVector<Value *>();
    };
    emitThreadLoops(B, BV.TV.NTid, {}, Rows, /*NoInterleave=*/false,
                    /*Innermost=*/1);
    B.CreateBr(Done);
    return Block;
  }

  // Each thread's stop (the sync point it waits at, 0 once it has exited)
  // is kept in the stop array of scratch memory, where the thread function
  // stores it. Sync point k is a block barrier when k <= NumBlockBarriers,
  // else a warp sync point.
  Value *BlockScratch = BV.TV.BlockScratch;
  Value *BlockThreads = B.CreateZExt(BV.Threads, B.getInt64Ty(), "threads");
  Value *Stops = scratchArray(B, BlockScratch, BlockThreads, StopSlotOffset);
  Stops->setName("stops");
  auto LoadStop = [&](Value *Linear) {
    return B.CreateLoad(
        B.getInt32Ty(),
        scratchElement(B, Stops, StopSlotSize, Linear, "stop.slot"), "stop");
  };
  // The uniform values' buffer (UniformSlot).
  Value *Uniforms = ConstantPointerNull::get(Ptr);
  if (Layout->UniformBufferSize) {
    IRBuilder<> AtEntry(&Block->getEntryBlock(),
                        Block->getEntryBlock().getFirstInsertionPt());
    AllocaInst *Buffer = AtEntry.CreateAlloca(
        ArrayType::get(B.getInt8Ty(), Layout->UniformBufferSize), nullptr,
        "uniforms");
    Buffer->setAlignment(Align(16));
    Uniforms = Buffer;
  }
  // Linear is the thread's i64 linear index.
  auto CallThread = [&](Value *const Index[3], Value *Linear, Value *State,
                        bool InRegion) {
    SmallVector<Value *> CallArgs = threadCallArgs(BV, Index);
    append_values(CallArgs, BlockScratch, Linear, BlockThreads, State,
                  B.getInt1(InRegion), Uniforms);
    return B.CreateCall(&T, CallArgs, "stop");
  };
  Constant *NoStop = B.getInt32(~0u);
  Constant *NumBlockBarriers = B.getInt32(Layout->NumBlockBarriers);
  auto EmitDivergenceTrap = [&](BasicBlock *At, StringRef What) {
    B.SetInsertPoint(At);
    emitTrap(B, Ctx, (Kernel.getName() + ": " + What).str());
    B.CreateUnreachable();
  };
  BasicBlock *BlockDiverged = BasicBlock::Create(C, "block.diverged", Block);
  EmitDivergenceTrap(BlockDiverged,
                     "threads of one block reached different barriers (a "
                     "barrier in divergent control flow)");
  BasicBlock *WarpDiverged = BasicBlock::Create(C, "warp.diverged", Block);
  EmitDivergenceTrap(WarpDiverged,
                     "threads of one warp reached different warp operations "
                     "(a warp operation in divergent control flow)");

  // While every thread is live and at the same sync point, the block runs
  // region by region: a loop nest per state, with that state constant, so
  // that each is its own vectorizable loop.
  auto *Resume = cast<SwitchInst>(T.getEntryBlock().getTerminator());
  unsigned NumStates = Resume->getNumCases() + 1;
  B.SetInsertPoint(Run);
  BasicBlock *Dispatch = BasicBlock::Create(C, "region.dispatch", Block);
  BasicBlock *Check = BasicBlock::Create(C, "region.check", Block);
  BasicBlock *BadState = BasicBlock::Create(C, "region.unknown", Block);
  B.CreateBr(Dispatch);
  B.SetInsertPoint(BadState);
  B.CreateUnreachable(); // states come from the thread function's returns
  B.SetInsertPoint(Dispatch);
  PHINode *State = B.CreatePHI(B.getInt32Ty(), 3, "state");
  State->addIncoming(B.getInt32(0), Run);
  // Every thread waits at the same sync point: the last thread's copies of
  // the uniform values are everyone's.
  Value *LastThread = B.CreateSub(BlockThreads, B.getInt64(1), "last.thread");
  for (const UniformSlot &Slot : Layout->UniformSlots)
    B.CreateMemCpy(
        B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Uniforms,
                                     Slot.BufferOffset),
        MaybeAlign(),
        scratchElement(B,
                       scratchArray(B, BlockScratch, BlockThreads,
                                    Slot.ScratchOffset),
                       Slot.Size, LastThread),
        MaybeAlign(), Slot.Size);
  SwitchInst *Regions = B.CreateSwitch(State, BadState, NumStates);
  B.SetInsertPoint(Check);
  // The threads agree on their stop when the OR of the stops equals their
  // AND; unlike min and max, these reductions stay recognizable to the loop
  // vectorizer when a region's stop is a constant.
  PHINode *AnyPhi = B.CreatePHI(B.getInt32Ty(), NumStates, "region.or");
  PHINode *AllPhi = B.CreatePHI(B.getInt32Ty(), NumStates, "region.and");
  for (unsigned K = 0; K < NumStates; ++K) {
    BasicBlock *Region = BasicBlock::Create(
        C, "region." + Twine(K), Block, Check);
    Regions->addCase(B.getInt32(K), Region);
    B.SetInsertPoint(Region);
    SmallVector<Value *> Reached = emitThreadLoops(
        B, BV.TV.NTid, {B.getInt32(0), B.getInt32(~0u)},
        [&](Value *const Index[3], ArrayRef<Value *> OrAnd) {
          // In i64, so that the scratch addresses are affine in x.
          Value *Index64[3], *NTid64[3];
          for (unsigned D = 0; D < 3; ++D) {
            Index64[D] = B.CreateZExt(Index[D], B.getInt64Ty());
            NTid64[D] = B.CreateZExt(BV.TV.NTid[D], B.getInt64Ty());
          }
          Value *Stop = CallThread(Index, linearIndex(B, Index64, NTid64),
                                   B.getInt32(K), /*InRegion=*/true);
          return SmallVector<Value *>{B.CreateOr(OrAnd[0], Stop),
                                      B.CreateAnd(OrAnd[1], Stop)};
        },
        /*NoInterleave=*/true);
    AnyPhi->addIncoming(Reached[0], B.GetInsertBlock());
    AllPhi->addIncoming(Reached[1], B.GetInsertBlock());
    B.CreateBr(Check);
  }
  B.SetInsertPoint(Check);
  BasicBlock *Agreed = BasicBlock::Create(C, "region.agreed", Block);
  BasicBlock *General = BasicBlock::Create(C, "general", Block);
  B.CreateCondBr(B.CreateICmpEQ(AnyPhi, AllPhi), Agreed, General);
  B.SetInsertPoint(Agreed);
  B.CreateCondBr(B.CreateICmpEQ(AnyPhi, B.getInt32(0)), Done, Dispatch);
  State->addIncoming(AnyPhi, Agreed);

  // Otherwise (threads exited, or warps at different sync points) warp by
  // warp: sweeps over the warps run each warp whose live threads all wait
  // at the same warp sync point, or at the block barrier just released, to
  // their next stop. When a sweep makes no progress, every live thread waits
  // at a block barrier: the same one, which is released, or the block
  // diverged.
  auto ThreadIndex = [&](Value *Linear, Value *Index[3]) {
    Value *XY = B.CreateMul(BV.TV.NTid[0], BV.TV.NTid[1]);
    Index[0] = B.CreateURem(Linear, BV.TV.NTid[0], "tid.x");
    Index[1] = B.CreateURem(B.CreateUDiv(Linear, BV.TV.NTid[0]),
                            BV.TV.NTid[1], "tid.y");
    Index[2] = B.CreateUDiv(Linear, XY, "tid.z");
  };
  // The smallest and largest stops of the live threads in [Begin, End), and
  // how many have exited.
  auto ScanStops = [&](Value *Begin, Value *End) {
    return emitLinearLoop(
        B, Begin, End, {NoStop, B.getInt32(0), B.getInt32(0)},
        [&](Value *Linear, ArrayRef<Value *> Acc) {
          Value *Stop = LoadStop(B.CreateZExt(Linear, B.getInt64Ty()));
          Value *Exited = B.CreateICmpEQ(Stop, B.getInt32(0));
          return SmallVector<Value *>{
              B.CreateSelect(Exited, Acc[0],
                             B.CreateBinaryIntrinsic(Intrinsic::umin, Acc[0],
                                                     Stop)),
              B.CreateBinaryIntrinsic(Intrinsic::umax, Acc[1], Stop),
              B.CreateAdd(Acc[2], B.CreateZExt(Exited, B.getInt32Ty()))};
        });
  };
  unsigned W = S.WarpSize;
  BasicBlock *Sweep = BasicBlock::Create(C, "sweep", Block);
  BasicBlock *SweepNext = BasicBlock::Create(C, "sweep.next", Block);
  BasicBlock *SweepEnd = BasicBlock::Create(C, "sweep.end", Block);
  B.SetInsertPoint(General);
  PHINode *Released = B.CreatePHI(B.getInt32Ty(), 3, "released");
  Released->addIncoming(B.getInt32(0), Check);
  Value *NumWarps = B.CreateUDiv(B.CreateAdd(BV.Threads, B.getInt32(W - 1)),
                                 B.getInt32(W), "warps");
  B.CreateBr(Sweep);

  B.SetInsertPoint(Sweep);
  PHINode *Warp = B.CreatePHI(B.getInt32Ty(), 2, "warp");
  PHINode *Progress = B.CreatePHI(B.getInt1Ty(), 2, "progress");
  Warp->addIncoming(B.getInt32(0), General);
  Progress->addIncoming(B.getFalse(), General);
  Value *Begin = B.CreateMul(Warp, B.getInt32(W), "warp.begin");
  Value *End = B.CreateBinaryIntrinsic(
      Intrinsic::umin, B.CreateAdd(Begin, B.getInt32(W)), BV.Threads);
  SmallVector<Value *> WarpStops = ScanStops(Begin, End);
  Value *WarpMin = WarpStops[0], *WarpMax = WarpStops[1];
  BasicBlock *WarpLive = BasicBlock::Create(C, "warp.live", Block);
  BasicBlock *WarpAgreed = BasicBlock::Create(C, "warp.agreed", Block);
  BasicBlock *WarpRun = BasicBlock::Create(C, "warp.run", Block);
  BasicBlock *WarpScanned = B.GetInsertBlock();
  B.CreateCondBr(B.CreateICmpEQ(WarpMin, NoStop), SweepNext, WarpLive);
  B.SetInsertPoint(WarpLive);
  BasicBlock *WarpMixed = BasicBlock::Create(C, "warp.mixed", Block);
  B.CreateCondBr(B.CreateICmpEQ(WarpMin, WarpMax), WarpAgreed, WarpMixed);
  B.SetInsertPoint(WarpMixed);
  // Threads of one warp at different block barriers diverged in the block.
  B.CreateCondBr(B.CreateICmpULE(WarpMax, NumBlockBarriers), BlockDiverged,
                 WarpDiverged);
  B.SetInsertPoint(WarpAgreed);
  Value *Runnable = B.CreateOr(B.CreateICmpUGT(WarpMin, NumBlockBarriers),
                               B.CreateICmpEQ(WarpMin, Released));
  B.CreateCondBr(Runnable, WarpRun, SweepNext);
  B.SetInsertPoint(WarpRun);
  emitLinearLoop(B, Begin, End, {}, [&](Value *Linear, ArrayRef<Value *>) {
    Value *Linear64 = B.CreateZExt(Linear, B.getInt64Ty());
    Value *Stop = LoadStop(Linear64);
    BasicBlock *Call = BasicBlock::Create(C, "thread.call", Block);
    BasicBlock *Skip = BasicBlock::Create(C, "thread.skip", Block);
    B.CreateCondBr(B.CreateICmpEQ(Stop, B.getInt32(0)), Skip, Call);
    B.SetInsertPoint(Call);
    Value *Index[3];
    ThreadIndex(Linear, Index);
    CallThread(Index, Linear64, WarpMin, /*InRegion=*/false);
    B.CreateBr(Skip);
    B.SetInsertPoint(Skip);
    return SmallVector<Value *>();
  });
  BasicBlock *WarpRan = B.GetInsertBlock();
  B.CreateBr(SweepNext);

  B.SetInsertPoint(SweepNext);
  PHINode *NextProgress = B.CreatePHI(B.getInt1Ty(), 3);
  NextProgress->addIncoming(Progress, WarpScanned);
  NextProgress->addIncoming(Progress, WarpAgreed);
  NextProgress->addIncoming(B.getTrue(), WarpRan);
  Value *NextWarp = B.CreateAdd(Warp, B.getInt32(1));
  Warp->addIncoming(NextWarp, SweepNext);
  Progress->addIncoming(NextProgress, SweepNext);
  B.CreateCondBr(B.CreateICmpULT(NextWarp, NumWarps), Sweep, SweepEnd);

  B.SetInsertPoint(SweepEnd);
  BasicBlock *BlockScan = BasicBlock::Create(C, "block.scan", Block);
  B.CreateCondBr(NextProgress, General, BlockScan);
  Released->addIncoming(B.getInt32(0), SweepEnd);
  B.SetInsertPoint(BlockScan);
  SmallVector<Value *> BlockStops = ScanStops(B.getInt32(0), BV.Threads);
  Value *BlockMin = BlockStops[0];
  BasicBlock *BlockLive = BasicBlock::Create(C, "block.live", Block);
  BasicBlock *BlockAgreed = BasicBlock::Create(C, "block.agreed", Block);
  B.CreateCondBr(B.CreateICmpEQ(BlockMin, NoStop), Done, BlockLive);
  B.SetInsertPoint(BlockLive);
  B.CreateCondBr(B.CreateICmpEQ(BlockMin, BlockStops[1]), BlockAgreed,
                 BlockDiverged);
  // With every thread live the block goes back to running region by region.
  B.SetInsertPoint(BlockAgreed);
  B.CreateCondBr(B.CreateICmpEQ(BlockStops[2], B.getInt32(0)), Dispatch,
                 General);
  State->addIncoming(BlockMin, BlockAgreed);
  Released->addIncoming(BlockMin, BlockAgreed);
  return Block;
}

static void emitDescriptor(LoweringState &S, Function &Kernel, Function &Block,
                           uint32_t Flags, uint64_t StaticShared,
                           uint64_t Scratch) {
  LLVMContext &C = S.M.getContext();
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  PointerType *Ptr = PointerType::get(C, 0);
  // mm_kernel_descriptor.
  StructType *Ty = StructType::get(
      C, {I32, I32, I64, I64, I32, I32, I32, I32, Ptr, Ptr});
  Constant *NameInit = ConstantDataArray::getString(C, Kernel.getName());
  auto *Name = new GlobalVariable(S.M, NameInit->getType(), true,
                                  GlobalValue::PrivateLinkage, NameInit,
                                  "__mm_kernel_name." + Kernel.getName());
  Name->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Constant *Init = ConstantStruct::get(
      Ty, {ConstantInt::get(I32, MM_BLOCK_ABI_VERSION),
           ConstantInt::get(I32, Flags), ConstantInt::get(I64, StaticShared),
           ConstantInt::get(I64, Scratch),
           ConstantInt::get(I32, Kernel.arg_size()),
           ConstantInt::get(I32, S.WarpSize),
           ConstantInt::get(I32, MaxThreadsPerBlock), ConstantInt::get(I32, 0),
           &Block, Name});
  auto *Descriptor =
      new GlobalVariable(S.M, Ty, true, GlobalValue::ExternalLinkage, Init,
                         "__mm_kernel." + Kernel.getName());
  Descriptor->setAlignment(Align(8));
}

Error mm::device::lowerKernel(LoweringState &S, Function &K) {
  LLVMContext &C = S.M.getContext();
  std::string KernelName = K.getName().str();

  // Whether K synchronizes decides the thread function's signature, so look
  // before lowering.
  bool Synchronizes = false;
  for (BasicBlock &BB : K)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction()) {
          StringRef Name = Callee->getName();
          Synchronizes |= Name == "llvm.nvvm.barrier0" ||
                          Name == "llvm.nvvm.barrier.sync" ||
                          Name == "llvm.nvvm.bar.warp.sync" ||
                          Name == "llvm.amdgcn.s.barrier" ||
                          Name == "llvm.amdgcn.wave.barrier" ||
                          Name.starts_with("llvm.nvvm.shfl.sync.") ||
                          Name.starts_with("llvm.nvvm.vote.") ||
                          Name.starts_with("llvm.amdgcn.ballot.") ||
                          Name == "llvm.amdgcn.ds.bpermute";
        }

  Type *I32 = Type::getInt32Ty(C);
  PointerType *Ptr = PointerType::get(C, 0);
  SmallVector<Type *> Params(K.getFunctionType()->params());
  append_values(Params, Ptr, Ptr, Ptr, Ptr, Ptr);
  Params.append(12, I32);
  if (Synchronizes)
    append_values(Params, Ptr, Type::getInt64Ty(C), Type::getInt64Ty(C), I32,
                  Type::getInt1Ty(C), Ptr);
  Function *T = Function::Create(
      FunctionType::get(Synchronizes ? I32 : Type::getVoidTy(C), Params, false),
      GlobalValue::InternalLinkage, KernelName + ".mm.thread", S.M);
  T->copyAttributesFrom(&K);
  T->setLinkage(GlobalValue::InternalLinkage);
  T->setVisibility(GlobalValue::DefaultVisibility);
  T->setDSOLocal(true);
  T->addFnAttr(Attribute::AlwaysInline);
  T->removeFnAttr(Attribute::NoInline);
  T->removeFnAttr(Attribute::OptimizeNone);
  T->splice(T->end(), &K);
  for (auto [Old, New] : zip(K.args(), T->args())) {
    New.takeName(&Old);
    Old.replaceAllUsesWith(&New);
  }
  if (Synchronizes)
    for (BasicBlock &BB : *T)
      if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
        ReturnInst::Create(C, ConstantInt::get(I32, 0), &BB);
        Ret->eraseFromParent();
      }

  ThreadValues TV;
  unsigned First = K.arg_size();
  auto ExtraArg = [&](unsigned I, const Twine &Name) {
    Argument *A = T->getArg(First + I);
    A->setName(Name);
    return A;
  };
  TV.Ctx = ExtraArg(ArgCtx, "ctx");
  TV.StaticShared = ExtraArg(ArgStaticShared, "static.shared");
  TV.DynamicShared = ExtraArg(ArgDynamicShared, "dynamic.shared");
  TV.DispatchPacket = ExtraArg(ArgDispatchPacket, "dispatch.packet");
  TV.ImplicitArgs = ExtraArg(ArgImplicitArgs, "implicit.args");
  static const char *const Axis[] = {"x", "y", "z"};
  for (unsigned D = 0; D < 3; ++D) {
    TV.Tid[D] = ExtraArg(ArgTid + D, Twine("tid.") + Axis[D]);
    TV.NTid[D] = ExtraArg(ArgNTid + D, Twine("ntid.") + Axis[D]);
    TV.CtaId[D] = ExtraArg(ArgCtaId + D, Twine("ctaid.") + Axis[D]);
    TV.NCtaId[D] = ExtraArg(ArgNCtaId + D, Twine("nctaid.") + Axis[D]);
  }
  if (Synchronizes) {
    TV.BlockScratch = ExtraArg(ArgBlockScratch, "block.scratch");
    TV.ThreadIndex = ExtraArg(ArgThreadIndex, "thread.index");
    TV.BlockThreads = ExtraArg(ArgBlockThreads, "block.threads");
    ExtraArg(ArgState, "state");
    TV.InRegion = ExtraArg(ArgInRegion, "in.region");
    TV.Uniforms = ExtraArg(ArgUniforms, "uniforms");
  }

  bool HasBarriers = false, HasWarpOps = false;
  if (Error E = ThreadOperationLowering(S, *T, TV, KernelName,
                                        /*IsKernel=*/true)
                    .run(HasBarriers, HasWarpOps))
    return E;
  uint64_t StaticShared = lowerSharedMemory(S, *T, TV);

  std::optional<ResumableLayout> Layout;
  if (Synchronizes) {
    Expected<ResumableLayout> Resumable =
        makeResumable(S, *T, KernelName, TV);
    if (!Resumable)
      return Resumable.takeError();
    Layout = *Resumable;
  }
  for (StringRef MarkerName : {BlockSyncMarkerName, WarpSyncMarkerName})
    if (Function *Marker = S.M.getFunction(MarkerName);
        Marker && Marker->use_empty())
      Marker->eraseFromParent();

  // Blocks without barriers and shared memory are independent down to their
  // threads: a range of them can run interleaved.
  bool BlockRanges = !Synchronizes && StaticShared == 0 &&
                     TV.DynamicShared->use_empty();
  ThreadOrder Order = !BlockRanges         ? ThreadOrder::Block
                      : usesGlobalXOnly(TV) ? ThreadOrder::GridRowRange
                                            : ThreadOrder::BlockRange;
  Function *Block = buildBlockFunction(S, K, *T, Layout, Order);
  uint32_t Flags = (HasBarriers ? MM_KERNEL_HAS_BARRIERS : 0) |
                   (HasWarpOps ? MM_KERNEL_HAS_WARP_OPS : 0) |
                   (BlockRanges ? MM_KERNEL_BLOCK_RANGES : 0);
  emitDescriptor(S, K, *Block, Flags, StaticShared,
                 Layout ? Layout->ScratchSize : 0);

  K.removeDeadConstantUsers();
  if (!K.use_empty())
    return S.error(K, "a kernel is referenced by device code; only the "
                      "runtime can launch it");
  K.eraseFromParent();
  return Error::success();
}
