//===- ThreadOperations.cpp - What one thread of a block does -------------===//
//
// mm-lower-thread-operations: in a kernel's thread function, the
// operations that depend on the thread that runs them read the thread
// function's parameters (DeviceIR.h): thread and block queries, amdgcn's
// dispatch packet and implicit arguments, and lane and warp numbers. Warp
// operations (shuffles, votes, ballots, ds.bpermute) exchange values through
// the block's scratch memory between two warp sync points, barriers become
// block barriers (BlockBarrier, WarpSync, WarpExchange), and printf, traps and failed
// asserts call the runtime. A function that is not a kernel is lowered as a
// direct call from the host sees it: thread 0 of a one-thread block of a
// one-block grid, with no block context. An intrinsic of the GPU that the
// lowering does not know is an error that names it and the function. The
// thread function records "mm-has-barriers" and "mm-has-warp-ops".
//
//===----------------------------------------------------------------------===//

#include "BlockABI.h"
#include "DeviceIR.h"
#include "Passes.h"
#include "RuntimeCalls.h"
#include "Scratch.h"
#include "ThreadQueries.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace mm::device;

/// The name of a device intrinsic or device library function: one that the
/// lowering must handle, or report.
static bool isDeviceSpecificCallee(const Function &F) {
  // A definition is code like any other (mm's libdevice functions, linked
  // in); a declaration of these names needs the GPU.
  if (!F.isDeclaration())
    return false;
  StringRef Name = F.getName();
  return Name.starts_with("llvm.nvvm.") || Name.starts_with("llvm.amdgcn.") ||
         Name.starts_with("llvm.r600.") || Name.starts_with("__nv_") ||
         Name.starts_with("__nvvm_") || Name.starts_with("__ockl_") ||
         Name.starts_with("__ocml_");
}

/// PTX `shfl.sync`'s source lane (the PTX ISA's pseudocode): lanes outside
/// the segment or clamp keep their own value. \p InRangeOut, if given, gets
/// the predicate that shfl.sync's `p` form returns: the source lane was in
/// range.
static Value *shuffleSourceLane(IRBuilder<> &B, StringRef Mode, Value *Lane,
                                Value *Operand, Value *Clamp,
                                Value **InRangeOut = nullptr) {
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
  if (InRangeOut)
    *InRangeOut = InRange;
  return B.CreateSelect(InRange, J, Lane, "shfl.lane");
}

namespace {
/// Lowers the thread-dependent operations of one function.
class ThreadOperationLowering {
public:
  ThreadOperationLowering(Function &F, const ThreadValues &TV,
                          StringRef TrapName, bool IsKernel)
      : M(*F.getParent()), F(F), TV(TV), TrapName(TrapName),
        IsKernel(IsKernel), WarpSize(getWarpSize(M)) {}
  // TrapName is the name of the function in the source: the kernel's for its
  // thread function.

  /// Fails on an unsupported device intrinsic. Sets \p HasBarriers and
  /// \p HasWarpOps for a kernel.
  Error run(bool &HasBarriers, bool &HasWarpOps);

private:
  Expected<Value *> lower(CallBase &Call, StringRef Name, bool &Erase);
  /// The lowered warp operation, or nullptr if \p Name is none.
  Expected<Value *> lowerWarpOp(IRBuilder<> &B, CallBase &Call, StringRef Name);

  /// A warp operation of a kernel, exchanged through scratch memory: each
  /// thread stores its value \p Own and the operation's tag, the warp
  /// syncs, each thread reads what it needs (\p Read, given the thread's
  /// linear index and its warp's first), and the warp syncs again before
  /// the slot can be reused. The sync points are WarpExchanges: as on GPUs
  /// since Volta, the lanes of a warp may be at different warp operations,
  /// each operation's mask naming the lanes at it, and the tags tell which
  /// lanes are at which.
  Value *emitWarpExchange(IRBuilder<> &B, ExchangeKind Kind, Value *Own,
                          function_ref<Value *(Value *Linear,
                                               Value *WarpBase)>
                              Read);
  /// Thread \p Lane (i32) of the warp that starts at \p WarpBase, or
  /// \p Linear's own where that lane does not exist (a block's last warp
  /// may be partial), and whether it exists.
  std::pair<Value *, Value *> getLaneThread(IRBuilder<> &B, Value *Linear,
                                            Value *WarpBase, unsigned Lane);
  /// The exchanged value of lane \p Lane of the warp, or the thread's own
  /// when that lane does not exist.
  Value *readLane(IRBuilder<> &B, Value *Linear, Value *WarpBase,
                  Value *Lane);
  /// Whether the block's thread \p Thread (i32, one that exists) is at the
  /// exchange being emitted.
  Value *isHere(IRBuilder<> &B, Value *Thread);
  /// Which lanes of the warp hold a true predicate, and which are at the
  /// same warp operation as this thread (those that __activemask() names),
  /// as WarpSize-bit masks.
  std::pair<Value *, Value *> emitBallot(IRBuilder<> &B, Value *Linear,
                                         Value *WarpBase);
  /// Whether exchange tag \p Tag is of a thread at a sync point of another
  /// kind than \p Kind (not one that has exited).
  Value *isElsewhere(IRBuilder<> &B, Value *Tag, ExchangeKind Kind);
  /// Fails the launch if a lane that \p Mask names waits at a sync point
  /// of another kind than \p Kind (a barrier, `__syncwarp()`, another
  /// kind of warp operation): a warp operation in divergent control flow,
  /// which would read what that lane last stored.
  void checkMaskedLanes(IRBuilder<> &B, Value *Linear, Value *WarpBase,
                        Value *Mask, ExchangeKind Kind);
  /// Fails the launch if a shuffle's source lane \p Source, which \p Mask
  /// names, waits at a sync point that is not a shuffle.
  void checkSourceLane(IRBuilder<> &B, Value *Linear, Value *WarpBase,
                       Value *Source, Value *Mask);
  /// Fails the launch where \p Diverged: lanes of the warp at different
  /// warp operations whose masks name each other.
  void emitDivergenceTrap(IRBuilder<> &B, Value *Diverged);
  /// A shuffle, of mode and type \p Variant (`sync.idx.i32`,
  /// `sync.down.f32p`; CUDA 8's `down.f32`, without a mask).
  Value *lowerShuffle(IRBuilder<> &B, CallBase &Call, StringRef Variant);
  /// A vote of \p Kind (ballot, any, all, uni) of \p Pred (i1) among the
  /// lanes of \p Mask, or those at this operation if \p Mask is null;
  /// nullptr for an unknown kind.
  Value *lowerVote(IRBuilder<> &B, StringRef Kind, Value *Mask, Value *Pred);
  /// __match_any_sync, or __match_all_sync if \p All.
  Value *lowerMatch(IRBuilder<> &B, CallBase &Call, bool All);
  Value *lowerWaveBallot(IRBuilder<> &B, CallBase &Call);
  Value *lowerPermute(IRBuilder<> &B, CallBase &Call);

  Module &M;
  Function &F;
  const ThreadValues &TV;
  StringRef TrapName;
  bool IsKernel;
  unsigned WarpSize;
  bool SawBarrier = false, SawWarpOp = false;
  /// The number of the next warp operation's exchange.
  uint32_t NextExchange = 1;
  /// The current exchange's tag (i32), while its reads are emitted.
  Value *ExchangeTag = nullptr;
};
} // namespace

Value *ThreadOperationLowering::emitWarpExchange(
    IRBuilder<> &B, ExchangeKind Kind, Value *Own,
    function_ref<Value *(Value *Linear, Value *WarpBase)> Read) {
  Value *Linear = linearThreadId(B, TV);
  Value *WarpBase =
      B.CreateSub(Linear, B.CreateURem(Linear, B.getInt32(WarpSize)));
  Value *Thread = TV.get(ThreadArg::ThreadIndex);
  ExchangeTag = B.getInt32(NextExchange++ << ExchangeKindBits | Kind);
  B.CreateStore(Own, exchangeSlot(B, TV, Thread));
  B.CreateStore(ExchangeTag, exchangeTag(B, TV, Thread));
  WarpExchange::create(B, WarpExchange::Stored);
  Value *Result = Read(Linear, WarpBase);
  WarpExchange::create(B, WarpExchange::Read);
  ExchangeTag = nullptr;
  return Result;
}

std::pair<Value *, Value *>
ThreadOperationLowering::getLaneThread(IRBuilder<> &B, Value *Linear,
                                       Value *WarpBase, unsigned Lane) {
  Value *Thread = B.CreateAdd(WarpBase, B.getInt32(Lane));
  Value *Valid = B.CreateICmpULT(Thread, threadsPerBlock(B, TV));
  return {B.CreateSelect(Valid, Thread, Linear), Valid};
}

Value *ThreadOperationLowering::readLane(IRBuilder<> &B, Value *Linear,
                                         Value *WarpBase, Value *Lane) {
  Value *Thread = B.CreateAdd(WarpBase, Lane);
  Value *Valid = B.CreateICmpULT(Thread, threadsPerBlock(B, TV));
  return B.CreateLoad(
      B.getInt32Ty(),
      exchangeSlot(B, TV, B.CreateSelect(Valid, Thread, Linear)));
}

Value *ThreadOperationLowering::isHere(IRBuilder<> &B, Value *Thread) {
  // Region by region, every thread of the block is here: the tag's load
  // folds away there.
  Value *Tag = B.CreateLoad(B.getInt32Ty(), exchangeTag(B, TV, Thread));
  return B.CreateOr(TV.get(ThreadArg::InRegion),
                    B.CreateICmpEQ(Tag, ExchangeTag));
}

std::pair<Value *, Value *>
ThreadOperationLowering::emitBallot(IRBuilder<> &B, Value *Linear,
                                    Value *WarpBase) {
  IntegerType *MaskTy = B.getIntNTy(WarpSize);
  Value *Ballot = ConstantInt::get(MaskTy, 0);
  Value *Here = ConstantInt::get(MaskTy, 0);
  for (unsigned L = 0; L < WarpSize; ++L) {
    auto [Thread, Valid] = getLaneThread(B, Linear, WarpBase, L);
    Value *Pred = B.CreateLoad(B.getInt32Ty(), exchangeSlot(B, TV, Thread));
    Value *IsHere = B.CreateAnd(Valid, isHere(B, Thread));
    Value *Bit = B.CreateAnd(IsHere, B.CreateICmpNE(Pred, B.getInt32(0)));
    Ballot = B.CreateOr(Ballot, B.CreateShl(B.CreateZExt(Bit, MaskTy), L));
    Here = B.CreateOr(Here, B.CreateShl(B.CreateZExt(IsHere, MaskTy), L));
  }
  return {Ballot, Here};
}

Value *ThreadOperationLowering::isElsewhere(IRBuilder<> &B, Value *Tag,
                                            ExchangeKind Kind) {
  Value *TagKind = B.CreateAnd(Tag, (1u << ExchangeKindBits) - 1);
  return B.CreateAnd(B.CreateICmpNE(TagKind, B.getInt32(NotExchanging)),
                     B.CreateICmpNE(TagKind, B.getInt32(Kind)));
}

void ThreadOperationLowering::checkMaskedLanes(IRBuilder<> &B, Value *Linear,
                                               Value *WarpBase, Value *Mask,
                                               ExchangeKind Kind) {
  Value *Elsewhere = B.getInt32(0);
  for (unsigned L = 0; L < WarpSize; ++L) {
    auto [Thread, Valid] = getLaneThread(B, Linear, WarpBase, L);
    Value *Tag = B.CreateLoad(B.getInt32Ty(), exchangeTag(B, TV, Thread));
    Value *IsElsewhere = B.CreateAnd(Valid, isElsewhere(B, Tag, Kind));
    Elsewhere = B.CreateOr(
        Elsewhere, B.CreateShl(B.CreateZExt(IsElsewhere, B.getInt32Ty()), L));
  }
  emitDivergenceTrap(B, B.CreateICmpNE(B.CreateAnd(Elsewhere, Mask),
                                       B.getInt32(0)));
}

void ThreadOperationLowering::checkSourceLane(IRBuilder<> &B, Value *Linear,
                                              Value *WarpBase, Value *Source,
                                              Value *Mask) {
  Value *Thread = B.CreateAdd(WarpBase, Source);
  Value *Valid = B.CreateICmpULT(Thread, threadsPerBlock(B, TV));
  Value *Tag = B.CreateLoad(
      B.getInt32Ty(),
      exchangeTag(B, TV, B.CreateSelect(Valid, Thread, Linear)));
  Value *Named = B.CreateTrunc(B.CreateLShr(Mask, Source), B.getInt1Ty());
  emitDivergenceTrap(
      B, B.CreateAnd({Named, Valid, isElsewhere(B, Tag, Shuffle)}));
}

void ThreadOperationLowering::emitDivergenceTrap(IRBuilder<> &B,
                                                 Value *Diverged) {
  // Region by region, every thread of the block is at this operation: the
  // check folds away there, and the region's loop stays one to vectorize.
  Diverged = B.CreateAnd(Diverged, B.CreateNot(TV.get(ThreadArg::InRegion)));
  Instruction *Next = &*B.GetInsertPoint();
  Instruction *Then =
      SplitBlockAndInsertIfThen(Diverged, Next, /*Unreachable=*/true);
  B.SetInsertPoint(Then);
  // A block function running a range of blocks leaves the context at the
  // first: the runtime reports the block that trapped from here.
  B.CreateStore(TV.get(ThreadArg::CtaIdX),
                B.CreateConstInBoundsGEP1_64(
                    B.getInt8Ty(), TV.get(ThreadArg::Ctx), BlockIdxOffset));
  emitUnsupported(B, TV.get(ThreadArg::Ctx), TrapName,
                  B.CreateGlobalString(WarpDivergence, "__mm_trap.reason"));
  B.SetInsertPoint(Next);
}

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
  SyncIntrinsic Op = classifySyncIntrinsic(Name);
  switch (Op.K) {
  case SyncIntrinsic::Shuffle:
    return lowerShuffle(B, Call, Op.Variant);
  case SyncIntrinsic::ActiveMask:
    // __activemask: the lanes of the warp that are at this operation.
    return lowerVote(B, "ballot", /*Mask=*/nullptr, B.getTrue());
  case SyncIntrinsic::Vote: {
    // `any.sync` (mask, predicate), or CUDA 8's `any` (predicate), among
    // the lanes at this operation.
    auto [Kind, Sync] = Op.Variant.split('.');
    if (Sync == "sync")
      return lowerVote(B, Kind, Call.getArgOperand(0), Call.getArgOperand(1));
    if (!Sync.empty())
      return nullptr;
    return lowerVote(B, Kind, /*Mask=*/nullptr, Call.getArgOperand(0));
  }
  case SyncIntrinsic::Match:
    return lowerMatch(B, Call, /*All=*/Op.Variant.starts_with("all."));
  case SyncIntrinsic::WaveBallot:
    return lowerWaveBallot(B, Call);
  case SyncIntrinsic::Permute:
    return lowerPermute(B, Call);
  case SyncIntrinsic::None:
  case SyncIntrinsic::BlockBarrier:
  case SyncIntrinsic::WarpBarrier:
  case SyncIntrinsic::WarpYield:
    return nullptr;
  }
  llvm_unreachable("unknown synchronizing intrinsic");
}

Value *ThreadOperationLowering::lowerShuffle(IRBuilder<> &B, CallBase &Call,
                                             StringRef Variant) {
  // The mask, the first operand of the `sync` forms, names the lanes that
  // meet here; CUDA 8's forms have none: those that are here.
  bool Sync = Variant.consume_front("sync.");
  unsigned FirstOperand = Sync ? 1 : 0;
  auto Arg = [&](unsigned I) {
    return Call.getArgOperand(FirstOperand + I - 1);
  };
  // The `p` forms (llvm.nvvm.shfl.sync.MODE.{i32,f32}p, as MLIR's
  // gpu.shuffle lowers to) also return whether the source lane was in
  // range.
  bool WithPredicate = Variant.ends_with("p");
  StringRef Mode = Variant.split('.').first;
  Type *ValueType = WithPredicate
                        ? cast<StructType>(Call.getType())->getElementType(0)
                        : Call.getType();
  Value *Read, *InRange;
  if (!IsKernel) {
    // A one-thread warp: every lane reads its own value.
    Read = Arg(1);
    shuffleSourceLane(B, Mode, B.getInt32(0), Arg(2), Arg(3), &InRange);
  } else {
    Value *Own = B.CreateBitCast(Arg(1), B.getInt32Ty());
    Value *Lane = B.CreateURem(linearThreadId(B, TV), B.getInt32(WarpSize));
    Value *Source = shuffleSourceLane(B, Mode, Lane, Arg(2), Arg(3), &InRange);
    Read = B.CreateBitCast(
        emitWarpExchange(B, Shuffle, Own,
                         [&](Value *Linear, Value *WarpBase) {
                           // The source lane, if the mask names it, is at
                           // a warp operation (on GPUs since Volta, any
                           // shuffle).
                           if (Sync)
                             checkSourceLane(B, Linear, WarpBase, Source,
                                             Call.getArgOperand(0));
                           return readLane(B, Linear, WarpBase, Source);
                         }),
        ValueType);
  }
  if (!WithPredicate)
    return Read;
  Value *Result =
      B.CreateInsertValue(PoisonValue::get(Call.getType()), Read, 0);
  return B.CreateInsertValue(Result, InRange, 1);
}

Value *ThreadOperationLowering::lowerVote(IRBuilder<> &B, StringRef Kind,
                                          Value *Mask, Value *Pred) {
  Value *Ballot, *Here;
  if (!IsKernel) {
    Ballot = B.CreateZExt(Pred, B.getInt32Ty());
    Here = B.getInt32(1);
  } else {
    Value *Own = B.CreateZExt(Pred, B.getInt32Ty());
    emitWarpExchange(B, Mask ? Vote : Unmasked, Own,
                     [&](Value *Linear, Value *WarpBase) {
      if (Mask)
        checkMaskedLanes(B, Linear, WarpBase, Mask, Vote);
      std::tie(Ballot, Here) = emitBallot(B, Linear, WarpBase);
      return nullptr;
    });
  }
  // Without a mask (__activemask(), CUDA 8's votes), the lanes here.
  Value *Active = Mask ? B.CreateAnd(Here, Mask) : Here;
  Ballot = B.CreateAnd(Ballot, Active);
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
  return nullptr;
}

Value *ThreadOperationLowering::lowerMatch(IRBuilder<> &B, CallBase &Call,
                                           bool All) {
  auto Arg = [&](unsigned I) { return Call.getArgOperand(I); };
  // __match_any_sync: the lanes of the mask whose value equals this one's;
  // __match_all_sync: the mask's lanes here if they all hold one value,
  // and whether they do.
  Value *Mask = Arg(0);
  Value *Matches;
  Value *Active;
  if (!IsKernel) {
    Matches = Active = B.CreateAnd(Mask, 1);
  } else {
    Value *Own = B.CreateZExt(Arg(1), B.getInt64Ty());
    Matches = Active = B.getInt32(0);
    emitWarpExchange(B, Match, Own, [&](Value *Linear, Value *WarpBase) {
      checkMaskedLanes(B, Linear, WarpBase, Mask, Match);
      for (unsigned L = 0; L < WarpSize; ++L) {
        auto [Thread, Valid] = getLaneThread(B, Linear, WarpBase, L);
        Value *Other =
            B.CreateLoad(B.getInt64Ty(), exchangeSlot(B, TV, Thread));
        Value *IsHere = B.CreateAnd(Valid, isHere(B, Thread));
        Value *Equal = B.CreateAnd(IsHere, B.CreateICmpEQ(Other, Own));
        Matches = B.CreateOr(
            Matches, B.CreateShl(B.CreateZExt(Equal, B.getInt32Ty()), L));
        Active = B.CreateOr(
            Active, B.CreateShl(B.CreateZExt(IsHere, B.getInt32Ty()), L));
      }
      return nullptr;
    });
    Matches = B.CreateAnd(Matches, Mask);
    Active = B.CreateAnd(Active, Mask);
  }
  if (!All)
    return Matches;
  Value *Same = B.CreateICmpEQ(Matches, Active);
  Value *Result =
      B.CreateInsertValue(PoisonValue::get(Call.getType()),
                          B.CreateSelect(Same, Active, B.getInt32(0)), 0);
  return B.CreateInsertValue(Result, Same, 1);
}

Value *ThreadOperationLowering::lowerWaveBallot(IRBuilder<> &B,
                                                CallBase &Call) {
  auto Arg = [&](unsigned I) { return Call.getArgOperand(I); };
  IntegerType *Ty = cast<IntegerType>(Call.getType());
  if (!IsKernel)
    return B.CreateZExt(Arg(0), Ty);
  // The lanes here whose predicate is true (the wave's exec mask).
  Value *Own = B.CreateZExt(Arg(0), B.getInt32Ty());
  Value *Ballot = nullptr;
  emitWarpExchange(B, Unmasked, Own, [&](Value *Linear, Value *WarpBase) {
    Ballot = emitBallot(B, Linear, WarpBase).first;
    return nullptr;
  });
  return B.CreateZExtOrTrunc(Ballot, Ty);
}

Value *ThreadOperationLowering::lowerPermute(IRBuilder<> &B, CallBase &Call) {
  auto Arg = [&](unsigned I) { return Call.getArgOperand(I); };
  if (!IsKernel)
    return Arg(1);
  Value *Source = B.CreateAnd(B.CreateLShr(Arg(0), 2), WarpSize - 1);
  return emitWarpExchange(B, Unmasked, Arg(1),
                          [&](Value *Linear, Value *WarpBase) {
    return readLane(B, Linear, WarpBase, Source);
  });
}

Expected<Value *> ThreadOperationLowering::lower(CallBase &Call, StringRef Name,
                                                 bool &Erase) {
  IRBuilder<> B(&Call);
  Erase = true;
  int Dim = dimensionOf(Name);
  if (Dim >= 0) {
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.tid.") ||
        Name.starts_with("llvm.amdgcn.workitem.id."))
      return TV.get(ThreadArg::TidX, Dim);
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.ntid."))
      return TV.get(ThreadArg::NTidX, Dim);
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.ctaid.") ||
        Name.starts_with("llvm.amdgcn.workgroup.id."))
      return TV.get(ThreadArg::CtaIdX, Dim);
    if (Name.starts_with("llvm.nvvm.read.ptx.sreg.nctaid."))
      return TV.get(ThreadArg::NCtaIdX, Dim);
  }
  if (Name == "llvm.nvvm.read.ptx.sreg.laneid")
    return B.CreateURem(linearThreadId(B, TV), B.getInt32(WarpSize));
  if (Name == "llvm.nvvm.read.ptx.sreg.warpid")
    return B.CreateUDiv(linearThreadId(B, TV), B.getInt32(WarpSize));
  if (Name == "llvm.nvvm.read.ptx.sreg.warpsize")
    return B.getInt32(WarpSize);
  // The multiprocessor's cycle counter (clock(), clock64()): the CPU's, as
  // inline PTX's %clock reads it (PTXTranslator.cpp).
  if (Name == "llvm.nvvm.read.ptx.sreg.clock" ||
      Name == "llvm.nvvm.read.ptx.sreg.clock64" ||
      Name == "llvm.amdgcn.s.memtime")
    return B.CreateZExtOrTrunc(
        B.CreateIntrinsic(Intrinsic::readcyclecounter, {}, {}),
        Call.getType());
  if (Name == "llvm.amdgcn.dispatch.ptr")
    return TV.get(ThreadArg::DispatchPacket);
  if (Name == "llvm.amdgcn.implicitarg.ptr")
    return TV.get(ThreadArg::ImplicitArgs);
  if (Name == "llvm.amdgcn.mbcnt.lo" || Name == "llvm.amdgcn.mbcnt.hi") {
    // The number of set bits of the mask below this lane, in the low or
    // high 32 lanes.
    Value *Lane = B.CreateURem(linearThreadId(B, TV), B.getInt32(WarpSize));
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
  SyncIntrinsic::Kind Sync = classifySyncIntrinsic(Name).K;
  bool IsBlockBarrier = Sync == SyncIntrinsic::BlockBarrier;
  if (IsBlockBarrier || Sync == SyncIntrinsic::WarpBarrier) {
    if (!IsKernel)
      return nullptr; // one thread: nothing to wait for
    SawBarrier = true;
    if (IsBlockBarrier)
      BlockBarrier::create(B);
    else
      WarpSync::create(B);
    return nullptr;
  }
  if (Name == "llvm.amdgcn.s.waitcnt" || Name == "llvm.amdgcn.sched.barrier")
    return nullptr;
  if (Name == "vprintf")
    return B.CreateCall(getVPrintfFunction(M),
                        {TV.get(ThreadArg::Ctx), Call.getArgOperand(0), Call.getArgOperand(1)});
  bool IsAssert = Name == "__assertfail";
  bool IsUnsupported = Name == UnsupportedMarker;
  if (IsAssert || IsUnsupported || Name == "llvm.trap" ||
      Name == "llvm.debugtrap" || Name == "__trap") {
    // A block function running a range of blocks leaves the context at the
    // first: the runtime reports the block that trapped from here.
    if (IsKernel)
      B.CreateStore(TV.get(ThreadArg::CtaIdX),
                    B.CreateConstInBoundsGEP1_64(
                        B.getInt8Ty(), TV.get(ThreadArg::Ctx), BlockIdxOffset));
    if (IsAssert)
      emitAssertFail(B, Call, TV.get(ThreadArg::Ctx), TrapName);
    else if (IsUnsupported)
      emitUnsupported(B, TV.get(ThreadArg::Ctx), TrapName,
                      Call.getArgOperand(0));
    else
      emitTrap(B, TV.get(ThreadArg::Ctx), TrapName);
    return nullptr;
  }
  Expected<Value *> WarpOp = lowerWarpOp(B, Call, Name);
  if (!WarpOp || *WarpOp) {
    SawWarpOp = true;
    return WarpOp;
  }
  Erase = false;
  // amdgcn printf: clang's hostcalls, served by the runtime under its names.
  static const std::pair<StringRef, StringRef> Hostcalls[] = {
      {"__ockl_printf_begin", MM_DEVICE_ENTRY_POINT(__mm_device_printf_begin)},
      {"__ockl_printf_append_string_n",
       MM_DEVICE_ENTRY_POINT(__mm_device_printf_append_string_n)},
      {"__ockl_printf_append_args",
       MM_DEVICE_ENTRY_POINT(__mm_device_printf_append_args)}};
  for (auto [Hostcall, EntryPoint] : Hostcalls)
    if (Name == Hostcall) {
      Call.setCalledFunction(
          M.getOrInsertFunction(EntryPoint, Call.getFunctionType()));
      return nullptr;
    }
  if (Call.getCalledFunction() &&
      isDeviceSpecificCallee(*Call.getCalledFunction()))
    return createStringError("unsupported device intrinsic '" + Name + "'");
  return nullptr;
}

Error ThreadOperationLowering::run(bool &HasBarriers, bool &HasWarpOps) {
  SmallVector<CallBase *> Calls;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Call->getCalledFunction() && !isa<SyncPoint>(Call))
          Calls.push_back(Call);
  // What cannot be lowered, replaced once every call has been seen: the
  // replacement takes the rest of the block, other calls with it.
  SmallVector<std::pair<WeakVH, std::string>> Unsupported;
  for (CallBase *Call : Calls) {
    bool Erase = false;
    Expected<Value *> Result =
        lower(*Call, Call->getCalledFunction()->getName(), Erase);
    if (!Result) {
      Unsupported.emplace_back(Call, toString(Result.takeError()));
      continue;
    }
    if (!Erase)
      continue;
    if (*Result) {
      if (isa<Instruction>(*Result) && !(*Result)->hasName())
        (*Result)->takeName(Call);
      Call->replaceAllUsesWith(*Result);
    }
    Call->eraseFromParent();
  }
  for (auto &[Call, Why] : Unsupported) {
    if (!Call)
      continue;
    // The marker, lowered as the others.
    CallInst *Marker =
        replaceWithUnsupported(*cast<CallBase>(Call), Why, TrapName);
    bool Erase;
    cantFail(lower(*Marker, UnsupportedMarker, Erase));
    Marker->eraseFromParent();
  }
  // A thread's exchange tag says where it is while others read: at a sync
  // point that is not an exchange, it waits (a warp operation whose mask
  // names it is in divergent control flow); once returned, it takes part
  // in no later exchange (a ballot of the lanes that are here, as
  // __activemask and coalesced groups are, leaves it out).
  if (IsKernel && SawWarpOp)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB) {
        uint32_t Tag;
        if (isa<ReturnInst>(I))
          Tag = NotExchanging;
        else if (isa<SyncPoint>(I) && !isa<WarpExchange>(I))
          Tag = Waiting;
        else
          continue;
        IRBuilder<> B(&I);
        B.CreateStore(B.getInt32(Tag),
                      exchangeTag(B, TV, TV.get(ThreadArg::ThreadIndex)));
      }
  HasBarriers = SawBarrier;
  HasWarpOps = SawWarpOp;
  return Error::success();
}


/// The values a function that is not a kernel reads: those of thread 0 of a
/// one-thread block of a one-block grid, without a block context.
static ThreadValues getStandaloneValues(Function &F) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  ThreadValues TV;
  TV.set(ThreadArg::Ctx, ConstantPointerNull::get(B.getPtrTy()));
  Value *NTid[3], *NCtaId[3];
  for (unsigned D = 0; D < 3; ++D) {
    TV.set(static_cast<ThreadArg>(unsigned(ThreadArg::TidX) + D),
           B.getInt32(0));
    TV.set(static_cast<ThreadArg>(unsigned(ThreadArg::CtaIdX) + D),
           B.getInt32(0));
    TV.set(static_cast<ThreadArg>(unsigned(ThreadArg::NTidX) + D),
           NTid[D] = B.getInt32(1));
    TV.set(static_cast<ThreadArg>(unsigned(ThreadArg::NCtaIdX) + D),
           NCtaId[D] = B.getInt32(1));
  }
  if (isAMDGCNCode(*F.getParent())) {
    auto [Packet, Implicit] = emitAMDGCNDispatchData(B, NTid, NCtaId);
    TV.set(ThreadArg::DispatchPacket, Packet);
    TV.set(ThreadArg::ImplicitArgs, Implicit);
  }
  return TV;
}

PreservedAnalyses LowerThreadOperationsPass::lower(Module &M,
                                                 ModuleAnalysisManager &) {
  SmallVector<Function *> Functions;
  for (Function &F : M)
    if (!F.isDeclaration())
      Functions.push_back(&F);
  for (Function *F : Functions) {
    Function *Kernel = getKernelOfThreadFunction(*F);
    ThreadValues TV = Kernel ? ThreadValues::bind(*F) : getStandaloneValues(*F);
    StringRef Name = Kernel ? Kernel->getName() : F->getName();
    bool HasBarriers, HasWarpOps;
    if (Error E = ThreadOperationLowering(*F, TV, Name, Kernel != nullptr)
                      .run(HasBarriers, HasWarpOps)) {
      reportError(M, Name, toString(std::move(E)));
      break;
    }
    if (HasBarriers)
      F->addFnAttr(HasBarriersAttr);
    if (HasWarpOps)
      F->addFnAttr(HasWarpOpsAttr);
  }
  return PreservedAnalyses::none();
}
