//===- RegionLoops.cpp - Block functions of resumable kernels -------------===//
//
// mm-region-loops: the block function `__mm_block.K` of a kernel whose
// thread function is resumable (split at its sync points by
// mm-split-at-barriers). While every thread of the block is live and at the
// same sync point, the block runs region by region: a loop nest over the
// threads per state, with that state constant, so that each region is its
// own vectorizable loop, reading the uniform values from the block
// function's buffer; the regions are functions of 16 regions each, called
// by the block function. Otherwise (threads exited, or warps at different
// sync points) it runs warp by warp, calling the thread function, which
// becomes a switch to functions of 16 states' code each: sweeps over the
// warps run each warp whose live threads all wait at the same warp sync
// point, or at the block barrier just released, to their next stop; when a
// warp's threads wait at different points and some at warp yield points,
// those at the first yield point run on (and, where they come back round a
// spin-wait's loop, those at the later ones too); when all wait at warp
// operations' exchanges of one phase, each runs on from its own, and so do
// those at exchanges while the others wait at `__syncwarp()` (each
// operation's mask names the lanes at it), or lanes all at different
// `__syncwarp()` calls; when some wait at block barriers and the others at
// one warp operation, the others run on (a warp operation whose mask
// leaves out the lanes that skip it). When every live
// thread waits at a block barrier, but not all at the same, all are
// released, each to run on from its own: every `__syncthreads()` is one
// barrier on GPUs since Volta (`bar.sync 0`), whichever call reached it.
// Threads of one block at barriers while the others wait at a warp
// operation, or of one warp at different warp operations, trap: a barrier
// or warp operation in divergent control flow.
// In a kernel with spin-waits, a block whose threads only came back round
// them reports it to the runtime (__mm_device_block_spins).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"
#include "RuntimeCalls.h"
#include "Scratch.h"
#include "ThreadLoops.h"
#include "ThreadQueries.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace mm::device;

/// How many states each function of regions (createRegions) and of one
/// thread's code (createResume) holds. Of 1, 8, 16, 32, 64 and 128 regions
/// per function, 16 built HeCBench's hadamard's largest kernel and
/// bench/compile-time's two kernels fastest or within noise of it.
static constexpr unsigned RegionsPerFunction = 16;

/// Drops the attributes that make \p F a thread function of the lowering's
/// (mm-*), which a copy of one is not.
static void removeThreadAttributes(Function &F) {
  for (Attribute A : F.getAttributes().getFnAttrs())
    if (A.isStringAttribute() && A.getKindAsString().starts_with("mm-"))
      F.removeFnAttr(A.getKindAsString());
}

/// True if \p V is an argument or instruction of \p F.
static bool isLocalOf(const Value *V, const Function &F) {
  if (const auto *A = dyn_cast<Argument>(V))
    return A->getParent() == &F;
  const auto *I = dyn_cast<Instruction>(V);
  return I && I->getFunction() == &F;
}

/// The code that resumable thread function \p T runs from state \p K to its
/// next stops, as a function of T's type of its own: the blocks reachable
/// from the state's case of T's dispatch \p Resume, and nothing else. Each
/// region calls its state's function rather than T with the state a
/// constant: inlining T itself once per region, the inliner walked the whole
/// of T at each of its thousands of call sites (CloneAndPruneIntoFromInst,
/// the scoped alias metadata), time that grew with the square of the sync
/// points (HeCBench's hadamard: 294 s of mm-llc's 731 s). The code after a
/// sync point reaches no value defined before it but through scratch memory
/// or the dispatch's own values (mm-split-at-barriers), so the dispatch's
/// values and the blocks reachable from the state are closed but for the
/// phis' incoming values from the blocks before the sync point, which are
/// dropped.
static Function *cloneState(Function &T, SwitchInst &Resume, unsigned K) {
  LLVMContext &C = T.getContext();
  Function *S = Function::Create(T.getFunctionType(), T.getLinkage(),
                                 T.getName() + ".state." + Twine(K),
                                 T.getParent());
  S->copyAttributesFrom(&T);
  removeThreadAttributes(*S);
  ValueToValueMapTy VMap;
  for (auto [From, To] : zip(T.args(), S->args())) {
    To.setName(From.getName());
    VMap[&From] = &To;
  }
  // The dispatch's own values dominate every state: they are cloned too.
  BasicBlock *Dispatch = Resume.getParent();
  BasicBlock *Entry = BasicBlock::Create(C, "entry", S);
  VMap[Dispatch] = Entry;
  for (Instruction &I : make_range(Dispatch->begin(), Resume.getIterator())) {
    Instruction *Clone = I.clone();
    Clone->setName(I.getName());
    Clone->insertInto(Entry, Entry->end());
    VMap[&I] = Clone;
  }
  BasicBlock *Start =
      Resume
          .findCaseValue(ConstantInt::get(
              cast<IntegerType>(Resume.getCondition()->getType()), K))
          ->getCaseSuccessor();
  SetVector<BasicBlock *> Reached;
  Reached.insert(Start);
  for (unsigned I = 0; I < Reached.size(); ++I)
    for (BasicBlock *Next : successors(Reached[I]))
      Reached.insert(Next);
  for (BasicBlock *BB : Reached) {
    BasicBlock *Clone = CloneBasicBlock(BB, VMap, "", S);
    VMap[BB] = Clone;
    for (PHINode &Phi : Clone->phis())
      Phi.removeIncomingValueIf(
          [&](unsigned I) {
            BasicBlock *From = Phi.getIncomingBlock(I);
            return From != Dispatch && !Reached.contains(From);
          },
          /*DeletePHIIfEmpty=*/false);
  }
  BranchInst::Create(cast<BasicBlock>(VMap[Start]), Entry);
  // A value the invariant above leaves out stays T's, and the module fails
  // mm-finalize-device's verification: a bug of the lowering, reported.
  // A variable whose value was computed before the sync point (and is
  // not kept) has no location in the state's code.
  for (BasicBlock &BB : *S)
    for (Instruction &I : BB) {
      RemapInstruction(&I, VMap,
                       RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
      RemapDbgRecordRange(S->getParent(), I.getDbgRecordRange(), VMap,
                          RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
      for (DbgVariableRecord &Var : filterDbgVars(I.getDbgRecordRange()))
        if (any_of(Var.location_ops(), [&](Value *V) {
              return isLocalOf(V, T);
            }))
          Var.setKillLocation();
    }
  return S;
}

namespace {
/// Builds the block function of resumable thread function T: region by
/// region while the block's threads agree (emitRegions), warp by warp
/// otherwise (emitWarpSweeps), back to regions once a scan of the block
/// finds them agreeing again (emitBlockScan). The members are what the
/// steps share: the block's values, the scratch memory's stop array, what
/// T's attributes number, and the blocks and phis that later steps branch
/// to and add incoming values to.
class RegionBlockFunction {
public:
  explicit RegionBlockFunction(Function &T);
  void build();

private:
  /// The stop of the thread of i64 linear index \p Linear.
  Value *loadStop(Value *Linear);
  /// Runs the thread of index \p Index (\p Linear, i64) from \p State
  /// through \p Code: T, or a function of regions (createRegions), which
  /// ignores the thread's index.
  CallInst *callThread(Function &Code, Value *const Index[3], Value *Linear,
                       Value *State, bool InRegion);
  /// The 3D index of the thread of i32 linear index \p Linear.
  void getThreadIndex(Value *Linear, Value *Index[3]);
  /// The smallest and largest stops of the live threads in [Begin, End),
  /// how many have exited, the smallest stop that is a yield point, and the
  /// smallest and largest stops that are warp sync points.
  SmallVector<Value *> scanStops(Value *Begin, Value *End);
  /// Runs each thread of the current warp whose stop \p Runs accepts, from
  /// stop \p From (null: the thread's own), in blocks named after \p Name;
  /// returns the block where the loop ends.
  BasicBlock *runThreadsWhere(StringRef Name,
                              function_ref<Value *(Value *Stop)> Runs,
                              Value *From);
  /// Whether the current warp's stops, from \p Min to \p Max, are all
  /// exchanges of one phase.
  Value *isOneExchangePhase(Value *Min, Value *Max);

  void createUniformBuffer();
  BasicBlock *createDivergenceTrap(StringRef Name, StringRef What);
  void emitRegions();
  void emitRegionsAgreed();
  void emitWarpSweeps();
  void emitMixedWarp();
  void emitWarpRunsOn();
  void emitAgreedWarp();
  void emitWarpRerun();
  void emitSweepEnd();
  void emitBlockScan();
  /// A function of T's type, T's name + "." + \p Kind + "." + \p First,
  /// that switches on its state argument to a block per state in
  /// [\p First, \p Last) (state.K), which \p EmitState fills given the
  /// function's builder, values and kernel arguments, and the state.
  Function *createStateSwitch(
      StringRef Kind, unsigned First, unsigned Last,
      function_ref<void(IRBuilderBase &, const ThreadValues &,
                        ArrayRef<Value *>, unsigned)>
          EmitState);
  Function *createRegions(unsigned First, unsigned Last,
                          MDNode *ParallelAccesses);
  Function *createResume(unsigned First, unsigned Last);
  void replaceThreadBody();

  Function &T;
  LLVMContext &C;
  IRBuilder<> B;
  BlockFunction BF;
  BasicBlock *Run;
  Value *NTid[3];
  Value *BlockScratch, *BlockThreads, *Stops;
  /// The uniform values' buffer (UniformSlot).
  Value *Uniforms;
  Constant *NoStop, *NumBlockBarriers;
  /// Warp yield points are numbered from FirstYield on, if there are any,
  /// the spin-waits' from FirstSpinWait on; warp exchanges from
  /// FirstExchange on, their reads from FirstExchangeRead on.
  uint64_t FirstYield, FirstSpinWait, FirstExchange, FirstExchangeRead;
  /// The stops past the exchanges' and past the other warp sync points'
  /// (`__syncwarp()`).
  uint64_t ExchangeEnd, WarpSyncEnd;
  unsigned WarpSize;
  BasicBlock *BlockDiverged = nullptr, *WarpDiverged = nullptr;

  // Region by region.
  BasicBlock *Dispatch = nullptr, *Check = nullptr, *General = nullptr;
  PHINode *State = nullptr;
  /// The stop that every thread of the last region reached, or NoStop.
  PHINode *Reached = nullptr;
  /// Each state's own copy of T (cloneState).
  SmallVector<Function *> States;

  // Warp by warp: the sweep's phis, the current warp's threads and stops,
  // and the blocks that its cases run in.
  PHINode *Released = nullptr, *Warp = nullptr, *Progress = nullptr,
          *Reruns = nullptr, *WarpReleased = nullptr;
  /// The value of Released when the live threads waited at different
  /// block barriers: each is released, as one barrier (`bar.sync 0`, which
  /// every `__syncthreads()` is on GPUs since Volta) releases the threads
  /// that reached it wherever they called it.
  Value *AnyBarrier = nullptr;
  /// In a kernel with spin-waits, whether a warp ran on from anything but a
  /// spin-wait it came back to.
  PHINode *Worked = nullptr;
  Value *NumWarps = nullptr, *Begin = nullptr, *End = nullptr;
  SmallVector<Value *> WarpStops;
  BasicBlock *Sweep = nullptr, *SweepNext = nullptr, *SweepEnd = nullptr,
             *WarpScanned = nullptr, *WarpAgreed = nullptr, *WarpRun = nullptr,
             *WarpYieldRun = nullptr, *WarpExchangeRun = nullptr,
             *WarpPartialRun = nullptr, *WarpAtBarriers = nullptr,
             *WarpBarriersRun = nullptr, *WarpSomeExchangeRun = nullptr,
             *WarpSyncsRun = nullptr;
  /// Where each case that ran threads of the warp on ends (null if the
  /// kernel has no such case).
  BasicBlock *WarpPartialRan = nullptr, *WarpExchanged = nullptr,
             *WarpYielded = nullptr, *WarpRan = nullptr, *WarpRerun = nullptr,
             *WarpBarriersRan = nullptr, *WarpSomeExchanged = nullptr,
             *WarpSyncsRan = nullptr;
  /// Whether the yielded warp, and the agreed warp, did more than spin.
  Value *SpinWork = nullptr, *RunWork = nullptr, *WorkedNow = nullptr;
  PHINode *NextProgress = nullptr, *NextWorked = nullptr;
};
} // namespace

RegionBlockFunction::RegionBlockFunction(Function &T)
    : T(T), C(T.getContext()), B(C), BF(BlockFunction::create(T, B)),
      Run(B.GetInsertBlock()) {
  for (unsigned D = 0; D < 3; ++D)
    NTid[D] = BF.TV.get(ThreadArg::NTidX, D);
  // Each thread's stop (the sync point it waits at, 0 once it has exited)
  // is kept in the stop array of scratch memory, where the thread function
  // stores it. Sync point k is a block barrier when k <= NumBlockBarriers,
  // else a warp sync point.
  BlockScratch = BF.TV.get(ThreadArg::BlockScratch);
  BlockThreads = B.CreateZExt(BF.Threads, B.getInt64Ty(), "threads");
  Stops = scratchArray(B, BlockScratch, BlockThreads, StopSlotOffset);
  Stops->setName("stops");
  createUniformBuffer();
  NoStop = B.getInt32(~0u);
  AnyBarrier = B.getInt32(~1u);
  NumBlockBarriers = B.getInt32(getIntegerAttr(T, BlockBarriersAttr));
  FirstYield = getIntegerAttr(T, FirstWarpYieldAttr);
  FirstSpinWait = getIntegerAttr(T, FirstSpinWaitAttr);
  FirstExchange = getIntegerAttr(T, FirstWarpExchangeAttr);
  FirstExchangeRead = getIntegerAttr(T, FirstWarpExchangeReadAttr);
  ExchangeEnd = FirstYield ? FirstYield : ~0u;
  WarpSyncEnd = FirstExchange ? FirstExchange : ExchangeEnd;
  WarpSize = getWarpSize(*T.getParent());
}

void RegionBlockFunction::createUniformBuffer() {
  Uniforms = ConstantPointerNull::get(B.getPtrTy());
  if (uint64_t BufferSize = getIntegerAttr(T, UniformBufferSizeAttr)) {
    IRBuilder<> AtEntry(&BF.F->getEntryBlock(),
                        BF.F->getEntryBlock().getFirstInsertionPt());
    AllocaInst *Buffer = AtEntry.CreateAlloca(
        ArrayType::get(B.getInt8Ty(), BufferSize), nullptr, "uniforms");
    Buffer->setAlignment(Align(16));
    Uniforms = Buffer;
  }
}

Value *RegionBlockFunction::loadStop(Value *Linear) {
  return B.CreateLoad(
      B.getInt32Ty(),
      scratchElement(B, Stops, StopSlotSize, Linear, "stop.slot"), "stop");
}

CallInst *RegionBlockFunction::callThread(Function &Code,
                                          Value *const Index[3], Value *Linear,
                                          Value *State, bool InRegion) {
  ThreadValues Resumable = BF.TV;
  Resumable.set(ThreadArg::BlockScratch, BlockScratch);
  Resumable.set(ThreadArg::ThreadIndex, Linear);
  Resumable.set(ThreadArg::BlockThreads, BlockThreads);
  Resumable.set(ThreadArg::State, State);
  Resumable.set(ThreadArg::InRegion, B.getInt1(InRegion));
  Resumable.set(ThreadArg::Uniforms, Uniforms);
  CallInst *Call = BF.callThread(B, Index, nullptr, &Resumable);
  Call->setCalledFunction(&Code);
  Call->setName("stop");
  return Call;
}

void RegionBlockFunction::getThreadIndex(Value *Linear, Value *Index[3]) {
  Value *XY = B.CreateMul(NTid[0], NTid[1]);
  Index[0] = B.CreateURem(Linear, NTid[0], "tid.x");
  Index[1] = B.CreateURem(B.CreateUDiv(Linear, NTid[0]), NTid[1], "tid.y");
  Index[2] = B.CreateUDiv(Linear, XY, "tid.z");
}

BasicBlock *RegionBlockFunction::createDivergenceTrap(StringRef Name,
                                                      StringRef What) {
  BasicBlock *At = BasicBlock::Create(C, Name, BF.F);
  B.SetInsertPoint(At);
  emitUnsupported(B, BF.Ctx, BF.Kernel->getName(),
                  B.CreateGlobalString(What, "__mm_trap.reason"));
  B.CreateUnreachable();
  return At;
}

SmallVector<Value *> RegionBlockFunction::scanStops(Value *Begin, Value *End) {
  return emitLinearLoop(
      B, Begin, End,
      {NoStop, B.getInt32(0), B.getInt32(0), NoStop, NoStop, B.getInt32(0),
       NoStop},
      [&](Value *Linear, ArrayRef<Value *> Acc) {
        Value *Stop = loadStop(B.CreateZExt(Linear, B.getInt64Ty()));
        Value *Exited = B.CreateICmpEQ(Stop, B.getInt32(0));
        Value *AtYield = FirstYield
                             ? B.CreateICmpUGE(Stop, B.getInt32(FirstYield))
                             : B.getFalse();
        Value *AtWarpPoint = B.CreateICmpUGT(Stop, NumBlockBarriers);
        Value *AtExchange =
            FirstExchange
                ? B.CreateAnd(B.CreateICmpUGE(Stop, B.getInt32(FirstExchange)),
                              B.CreateICmpULT(Stop, B.getInt32(ExchangeEnd)))
                : B.getFalse();
        auto Min = [&](Value *A, Value *V) {
          return B.CreateBinaryIntrinsic(Intrinsic::umin, A, V);
        };
        return SmallVector<Value *>{
            B.CreateSelect(Exited, Acc[0], Min(Acc[0], Stop)),
            B.CreateBinaryIntrinsic(Intrinsic::umax, Acc[1], Stop),
            B.CreateAdd(Acc[2], B.CreateZExt(Exited, B.getInt32Ty())),
            B.CreateSelect(AtYield, Min(Acc[3], Stop), Acc[3]),
            B.CreateSelect(AtWarpPoint, Min(Acc[4], Stop), Acc[4]),
            B.CreateSelect(
                AtWarpPoint,
                B.CreateBinaryIntrinsic(Intrinsic::umax, Acc[5], Stop),
                Acc[5]),
            B.CreateSelect(AtExchange, Min(Acc[6], Stop), Acc[6])};
      });
}

BasicBlock *RegionBlockFunction::runThreadsWhere(
    StringRef Name, function_ref<Value *(Value *Stop)> Runs, Value *From) {
  emitLinearLoop(B, Begin, End, {}, [&](Value *Linear, ArrayRef<Value *>) {
    Value *Linear64 = B.CreateZExt(Linear, B.getInt64Ty());
    Value *Stop = loadStop(Linear64);
    BasicBlock *Call = BasicBlock::Create(C, Name + ".call", BF.F);
    BasicBlock *Skip = BasicBlock::Create(C, Name + ".skip", BF.F);
    B.CreateCondBr(Runs(Stop), Call, Skip);
    B.SetInsertPoint(Call);
    Value *Index[3];
    getThreadIndex(Linear, Index);
    // One call of the thread function, a switch to its states' functions
    // (replaceThreadBody), not inlined.
    callThread(T, Index, Linear64, From ? From : Stop, /*InRegion=*/false);
    B.CreateBr(Skip);
    B.SetInsertPoint(Skip);
    return SmallVector<Value *>();
  });
  return B.GetInsertBlock();
}

Value *RegionBlockFunction::isOneExchangePhase(Value *Min, Value *Max) {
  auto Within = [&](uint64_t First, uint64_t Last) {
    return B.CreateAnd(B.CreateICmpUGE(Min, B.getInt32(First)),
                       B.CreateICmpULT(Max, B.getInt32(Last)));
  };
  return B.CreateOr(Within(FirstExchange, FirstExchangeRead),
                    Within(FirstExchangeRead, ExchangeEnd));
}

void RegionBlockFunction::build() {
  BlockDiverged = createDivergenceTrap(
      "block.diverged", "threads of one block wait at barriers while others "
                        "wait at a warp operation (a barrier or warp "
                        "operation in divergent control flow)");
  WarpDiverged = createDivergenceTrap("warp.diverged", WarpDivergence);
  emitRegions();
  emitRegionsAgreed();
  emitWarpSweeps();
  emitMixedWarp();
  emitWarpRunsOn();
  emitAgreedWarp();
  emitWarpRerun();
  emitSweepEnd();
  emitBlockScan();
  replaceThreadBody();
}

Function *RegionBlockFunction::createStateSwitch(
    StringRef Kind, unsigned First, unsigned Last,
    function_ref<void(IRBuilderBase &, const ThreadValues &,
                      ArrayRef<Value *>, unsigned)>
        EmitState) {
  Function *F = Function::Create(T.getFunctionType(),
                                 GlobalValue::InternalLinkage,
                                 T.getName() + "." + Kind + "." + Twine(First),
                                 T.getParent());
  F->copyAttributesFrom(&T);
  ThreadValues FV = ThreadValues::bind(*F);
  removeThreadAttributes(*F);
  F->removeFnAttr(Attribute::AlwaysInline);
  F->addFnAttr(Attribute::NoInline);
  // The block function's own buffer, which nothing else reaches.
  cast<Argument>(FV.get(ThreadArg::Uniforms))->addAttr(Attribute::NoAlias);
  for (unsigned D = 0; D < 3; ++D)
    cast<Argument>(FV.get(ThreadArg::NTidX, D))
        ->addAttr(
            Attribute::get(C, Attribute::Range, getBlockExtentRange()));
  SmallVector<Value *> KernelArgs;
  for (unsigned I = 0, E = BF.KernelArgs.size(); I < E; ++I) {
    F->getArg(I)->setName(T.getArg(I)->getName());
    KernelArgs.push_back(F->getArg(I));
  }
  IRBuilder<> FB(BasicBlock::Create(C, "entry", F));
  BasicBlock *BadState = BasicBlock::Create(C, "state.unknown", F);
  SwitchInst *Cases =
      FB.CreateSwitch(FV.get(ThreadArg::State), BadState, Last - First);
  FB.SetInsertPoint(BadState);
  FB.CreateUnreachable(); // each state is dispatched to its own function
  for (unsigned K = First; K < Last; ++K) {
    BasicBlock *Case = BasicBlock::Create(C, "state." + Twine(K), F);
    Cases->addCase(FB.getInt32(K), Case);
    FB.SetInsertPoint(Case);
    EmitState(FB, FV, KernelArgs, K);
  }
  return F;
}

/// The code of states [\p First, \p Last) for one thread: a function of
/// T's type that switches on its state to the state's own copy of T.
Function *RegionBlockFunction::createResume(unsigned First, unsigned Last) {
  return createStateSwitch(
      "resume", First, Last,
      [&](IRBuilderBase &FB, const ThreadValues &FV,
          ArrayRef<Value *> KernelArgs, unsigned K) {
        SmallVector<Value *> Args(KernelArgs);
        FV.appendCallArgs(Args, /*Resumable=*/true);
        FB.CreateRet(FB.CreateCall(States[K], Args, "stop"));
      });
}

/// Makes T, which the warp-by-warp path calls once per thread and step,
/// a switch from each state to the function of the 16 that holds it
/// (createResume), and keeps it out of the block function: its whole body,
/// every state's code in one function, took LLVM's loop passes time that
/// grew with the product of states and code, as the regions did in the
/// block function, and inlined, it made three copies of it.
void RegionBlockFunction::replaceThreadBody() {
  unsigned NumStates = States.size();
  SmallVector<Function *> Resumes;
  for (unsigned First = 0; First < NumStates; First += RegionsPerFunction)
    Resumes.push_back(
        createResume(First, std::min(First + RegionsPerFunction, NumStates)));
  for (BasicBlock &BB : T)
    BB.dropAllReferences();
  while (!T.empty())
    T.begin()->eraseFromParent();
  T.removeFnAttr(Attribute::AlwaysInline);
  T.addFnAttr(Attribute::NoInline);
  IRBuilder<> TB(BasicBlock::Create(C, "dispatch", &T));
  BasicBlock *BadState = BasicBlock::Create(C, "resume.unknown", &T);
  SwitchInst *Cases = TB.CreateSwitch(
      ThreadValues::bind(T).get(ThreadArg::State), BadState, NumStates);
  TB.SetInsertPoint(BadState);
  TB.CreateUnreachable(); // states come from the thread function's returns
  SmallVector<Value *> Args;
  for (Argument &A : T.args())
    Args.push_back(&A);
  for (auto [I, Resume] : enumerate(Resumes)) {
    unsigned First = I * RegionsPerFunction;
    BasicBlock *Call = BasicBlock::Create(C, "resume." + Twine(First), &T);
    for (unsigned K = First,
                  E = std::min(First + RegionsPerFunction, NumStates);
         K < E; ++K)
      Cases->addCase(TB.getInt32(K), Call);
    TB.SetInsertPoint(Call);
    TB.CreateRet(TB.CreateCall(Resume, Args, "stop"));
  }
}

/// The regions of states [\p First, \p Last): a function of T's type that
/// switches on its state argument to that state's region, which runs every
/// thread of the block from the state to its next stop, in a loop nest over
/// the threads that calls the state's own copy of T (cloneState), and
/// returns the stop that every thread reached, or NoStop when they differ.
/// The regions are functions of a few regions each, so that LLVM's loop
/// passes and code generator see a few regions' loops at a time: in one
/// block function, ScalarEvolution's caches, LSR, IndVarSimplify and
/// register allocation took time that grew with the product of regions and
/// code (HeCBench's hadamard, thousands of regions per kernel: its mm-llc
/// took 542 s so, 221 s with 16 regions per function), and a function per
/// region costs a function's fixed cost per region (`stages`, 96 regions:
/// 1.53 s, 1.17 s with 16 per function).
Function *RegionBlockFunction::createRegions(unsigned First, unsigned Last,
                                             MDNode *ParallelAccesses) {
  return createStateSwitch(
      "regions", First, Last,
      [&](IRBuilderBase &FB, const ThreadValues &FV,
          ArrayRef<Value *> KernelArgs, unsigned K) {
        Value *Extents[3];
        for (unsigned D = 0; D < 3; ++D)
          Extents[D] = FV.get(ThreadArg::NTidX, D);
        SmallVector<Value *> OrAnd = emitThreadLoops(
            FB, Extents, {FB.getInt32(0), FB.getInt32(~0u)},
            [&](Value *const Index[3], ArrayRef<Value *> Carried) {
              // In i64, so that the scratch addresses are affine in x.
              Value *Index64[3], *Extents64[3];
              for (unsigned D = 0; D < 3; ++D) {
                Index64[D] = FB.CreateZExt(Index[D], FB.getInt64Ty());
                Extents64[D] = FB.CreateZExt(Extents[D], FB.getInt64Ty());
              }
              ThreadValues Thread = FV;
              for (unsigned D = 0; D < 3; ++D)
                Thread.set(static_cast<ThreadArg>(
                               static_cast<unsigned>(ThreadArg::TidX) + D),
                           Index[D]);
              Thread.set(ThreadArg::ThreadIndex,
                         linearIndex(FB, Index64, Extents64));
              Thread.set(ThreadArg::State, FB.getInt32(K));
              Thread.set(ThreadArg::InRegion, FB.getTrue());
              SmallVector<Value *> Args(KernelArgs);
              Thread.appendCallArgs(Args, /*Resumable=*/true);
              Value *Stop = FB.CreateCall(States[K], Args, "stop");
              // The threads agree on their stop when the OR of the stops
              // equals their AND; unlike min and max, these reductions
              // stay recognizable to the loop vectorizer when a region's
              // stop is a constant.
              return SmallVector<Value *>{FB.CreateOr(Carried[0], Stop),
                                          FB.CreateAnd(Carried[1], Stop)};
            },
            /*NoInterleave=*/true, ParallelAccesses);
        FB.CreateRet(FB.CreateSelect(FB.CreateICmpEQ(OrAnd[0], OrAnd[1]),
                                     OrAnd[0], NoStop, "reached"));
      });
}

/// While every thread is live and at the same sync point, the block runs
/// region by region: a call of the state's regions' function
/// (createRegions), whose loop over the threads for that state is its own
/// vectorizable loop.
void RegionBlockFunction::emitRegions() {
  // Every live thread is at the region's sync point: the region's accesses
  // are unordered between threads.
  MDNode *ParallelAccesses = tagUnorderedAccesses(T);
  auto *Resume = cast<SwitchInst>(T.getEntryBlock().getTerminator());
  unsigned NumStates = Resume->getNumCases() + 1;
  B.SetInsertPoint(Run);
  Dispatch = BasicBlock::Create(C, "region.dispatch", BF.F);
  Check = BasicBlock::Create(C, "region.check", BF.F);
  BasicBlock *BadState = BasicBlock::Create(C, "region.unknown", BF.F);
  B.CreateBr(Dispatch);
  B.SetInsertPoint(BadState);
  B.CreateUnreachable(); // states come from the thread function's returns
  B.SetInsertPoint(Dispatch);
  State = B.CreatePHI(B.getInt32Ty(), 3, "state");
  State->addIncoming(B.getInt32(0), Run);
  // Every thread waits at the same sync point: the last thread's copies of
  // the uniform values are everyone's.
  Value *LastThread = B.CreateSub(BlockThreads, B.getInt64(1), "last.thread");
  for (const UniformSlot &Slot : getUniformSlots(T))
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
  for (unsigned K = 0; K < NumStates; ++K)
    States.push_back(cloneState(T, *Resume, K));
  B.SetInsertPoint(Check);
  unsigned NumFunctions = divideCeil(NumStates, RegionsPerFunction);
  Reached = B.CreatePHI(B.getInt32Ty(), NumFunctions, "reached");
  Value *NoIndex[3] = {B.getInt32(0), B.getInt32(0), B.getInt32(0)};
  for (unsigned First = 0; First < NumStates; First += RegionsPerFunction) {
    unsigned Last = std::min(First + RegionsPerFunction, NumStates);
    BasicBlock *Call =
        BasicBlock::Create(C, "regions." + Twine(First), BF.F, Check);
    for (unsigned K = First; K < Last; ++K)
      Regions->addCase(B.getInt32(K), Call);
    B.SetInsertPoint(Call);
    Function *R = createRegions(First, Last, ParallelAccesses);
    Reached->addIncoming(callThread(*R, NoIndex, B.getInt64(0), State,
                                    /*InRegion=*/true),
                         Call);
    B.CreateBr(Check);
  }
}

/// After a round of regions: the block is done, runs the region its
/// threads agree on, or goes on warp by warp.
void RegionBlockFunction::emitRegionsAgreed() {
  B.SetInsertPoint(Check);
  BasicBlock *Agreed = BasicBlock::Create(C, "region.agreed", BF.F);
  General = BasicBlock::Create(C, "general", BF.F);
  B.CreateCondBr(B.CreateICmpNE(Reached, NoStop), Agreed, General);
  B.SetInsertPoint(Agreed);
  if (!FirstSpinWait) {
    B.CreateCondBr(B.CreateICmpEQ(Reached, B.getInt32(0)), BF.Done, Dispatch);
    State->addIncoming(Reached, Agreed);
    return;
  }
  // Every thread came to a spin-wait's yield point: the block waits for
  // other blocks, and says so before it runs its threads round again.
  BasicBlock *Again = BasicBlock::Create(C, "region.again", BF.F);
  BasicBlock *Spins = BasicBlock::Create(C, "region.spins", BF.F);
  B.CreateCondBr(B.CreateICmpEQ(Reached, B.getInt32(0)), BF.Done, Again);
  B.SetInsertPoint(Again);
  B.CreateCondBr(B.CreateICmpUGE(Reached, B.getInt32(FirstSpinWait)), Spins,
                 Dispatch);
  B.SetInsertPoint(Spins);
  emitBlockSpins(B, BF.Ctx);
  B.CreateBr(Dispatch);
  State->addIncoming(Reached, Again);
  State->addIncoming(Reached, Spins);
}

/// Otherwise (threads exited, or warps at different sync points) warp by
/// warp: sweeps over the warps run each warp whose live threads all wait
/// at the same warp sync point, or at the block barrier just released, to
/// their next stop. When a sweep makes no progress, every live thread waits
/// at a block barrier: the same one, which is released, or the block
/// diverged. This is the sweep's head: the current warp's stops.
void RegionBlockFunction::emitWarpSweeps() {
  unsigned W = WarpSize;
  Sweep = BasicBlock::Create(C, "sweep", BF.F);
  SweepNext = BasicBlock::Create(C, "sweep.next", BF.F);
  SweepEnd = BasicBlock::Create(C, "sweep.end", BF.F);
  B.SetInsertPoint(General);
  Released = B.CreatePHI(B.getInt32Ty(), 3, "released");
  Released->addIncoming(B.getInt32(0), Check);
  NumWarps = B.CreateUDiv(B.CreateAdd(BF.Threads, B.getInt32(W - 1)),
                          B.getInt32(W), "warps");
  B.CreateBr(Sweep);

  B.SetInsertPoint(Sweep);
  Warp = B.CreatePHI(B.getInt32Ty(), 4, "warp");
  Progress = B.CreatePHI(B.getInt1Ty(), 4, "progress");
  Reruns = B.CreatePHI(B.getInt32Ty(), 4, "reruns");
  WarpReleased = B.CreatePHI(B.getInt32Ty(), 4, "warp.released");
  if (FirstSpinWait) {
    Worked = B.CreatePHI(B.getInt1Ty(), 4, "worked");
    Worked->addIncoming(B.getFalse(), General);
  }
  Warp->addIncoming(B.getInt32(0), General);
  Progress->addIncoming(B.getFalse(), General);
  Reruns->addIncoming(B.getInt32(0), General);
  WarpReleased->addIncoming(Released, General);
  Begin = B.CreateMul(Warp, B.getInt32(W), "warp.begin");
  End = B.CreateBinaryIntrinsic(Intrinsic::umin,
                                B.CreateAdd(Begin, B.getInt32(W)), BF.Threads);
  WarpStops = scanStops(Begin, End);
}

/// A live warp whose threads wait at different stops: which of them run
/// on, if any, or the trap of a divergent barrier or warp operation.
void RegionBlockFunction::emitMixedWarp() {
  Value *WarpMin = WarpStops[0], *WarpMax = WarpStops[1];
  BasicBlock *WarpLive = BasicBlock::Create(C, "warp.live", BF.F);
  WarpAgreed = BasicBlock::Create(C, "warp.agreed", BF.F);
  WarpRun = BasicBlock::Create(C, "warp.run", BF.F);
  WarpScanned = B.GetInsertBlock();
  B.CreateCondBr(B.CreateICmpEQ(WarpMin, NoStop), SweepNext, WarpLive);
  B.SetInsertPoint(WarpLive);
  BasicBlock *WarpMixed = BasicBlock::Create(C, "warp.mixed", BF.F);
  B.CreateCondBr(B.CreateICmpEQ(WarpMin, WarpMax), WarpAgreed, WarpMixed);
  B.SetInsertPoint(WarpMixed);
  // Threads of one warp at yield points run on, those at the first yield
  // point in the function's order first: threads that a branch left behind
  // catch up with the others, as lanes reconverge. The others wait.
  if (FirstYield) {
    BasicBlock *WarpNotYielding =
        BasicBlock::Create(C, "warp.not.yielding", BF.F);
    WarpYieldRun = BasicBlock::Create(C, "warp.yield", BF.F);
    B.CreateCondBr(B.CreateICmpNE(WarpStops[3], NoStop), WarpYieldRun,
                   WarpNotYielding);
    B.SetInsertPoint(WarpNotYielding);
  }
  // Threads of one warp all at shuffles' exchanges of the same phase, after
  // the stores or after the reads, but of different shuffles, run on each
  // from its own, as lanes at different shfl.sync instructions synchronize
  // on GPUs since Volta: each reads the lane it names, at whichever shuffle
  // that lane is.
  if (FirstExchange) {
    BasicBlock *WarpNotExchanging =
        BasicBlock::Create(C, "warp.not.exchanging", BF.F);
    WarpExchangeRun = BasicBlock::Create(C, "warp.exchange", BF.F);
    B.CreateCondBr(isOneExchangePhase(WarpMin, WarpMax), WarpExchangeRun,
                   WarpNotExchanging);
    B.SetInsertPoint(WarpNotExchanging);
    // Threads at exchanges of one phase while the others wait at
    // `__syncwarp()`: those at exchanges run on, each from its own, and
    // the others wait. A warp operation whose mask names the lanes at it,
    // in a branch or loop that the others have left, synchronizes those
    // alone (HeCBench's local-ht: `__match_any_sync(__activemask(), ...)`
    // in a loop of a different trip count in each lane, `__syncwarp()`
    // after it); a mask that names a waiting lane fails the launch.
    BasicBlock *WarpNotSomeExchanging =
        BasicBlock::Create(C, "warp.not.some.exchanging", BF.F);
    WarpSomeExchangeRun = BasicBlock::Create(C, "warp.some.exchange", BF.F);
    Value *ExchangeMin = WarpStops[6];
    B.CreateCondBr(
        B.CreateAnd({B.CreateICmpUGT(WarpMin, NumBlockBarriers),
                     B.CreateICmpNE(ExchangeMin, NoStop),
                     isOneExchangePhase(ExchangeMin, WarpMax)}),
        WarpSomeExchangeRun, WarpNotSomeExchanging);
    B.SetInsertPoint(WarpNotSomeExchanging);
  }
  // Threads of one warp all at `__syncwarp()`, but not all at the same:
  // they run on, each from its own, as lanes at different bar.warp.sync
  // instructions synchronize on GPUs since Volta.
  BasicBlock *WarpNotSyncs = BasicBlock::Create(C, "warp.not.syncs", BF.F);
  WarpSyncsRun = BasicBlock::Create(C, "warp.syncs", BF.F);
  B.CreateCondBr(B.CreateAnd(B.CreateICmpUGT(WarpMin, NumBlockBarriers),
                             B.CreateICmpULT(WarpMax, B.getInt32(WarpSyncEnd))),
                 WarpSyncsRun, WarpNotSyncs);
  B.SetInsertPoint(WarpNotSyncs);
  // Threads of one warp at block barriers while the others are at one warp
  // operation (or at exchanges of one phase): the others run on, each from
  // its own stop, and those at barriers wait. A warp operation in divergent
  // code whose member mask leaves out the lanes that do not reach it (MLIR's
  // gpu.all_reduce reduces the partial sums of a block's warps in the lanes
  // of warp 0 alone) synchronizes only the lanes it names.
  Value *WarpPointMin = WarpStops[4], *WarpPointMax = WarpStops[5];
  WarpPartialRun = BasicBlock::Create(C, "warp.partial", BF.F);
  BasicBlock *WarpNotPartial = BasicBlock::Create(C, "warp.not.partial", BF.F);
  Value *SomeAtBarriers = B.CreateICmpULE(WarpMin, NumBlockBarriers);
  Value *SomeAtWarpPoints = B.CreateICmpNE(WarpPointMin, NoStop);
  Value *OnePoint = B.CreateICmpEQ(WarpPointMin, WarpPointMax);
  if (FirstExchange)
    OnePoint =
        B.CreateOr(OnePoint, isOneExchangePhase(WarpPointMin, WarpPointMax));
  B.CreateCondBr(
      B.CreateAnd(B.CreateAnd(SomeAtBarriers, SomeAtWarpPoints), OnePoint),
      WarpPartialRun, WarpNotPartial);
  B.SetInsertPoint(WarpNotPartial);
  // Threads of one warp at different block barriers run on, each from its
  // own, when every barrier was released; else they wait for the others.
  WarpAtBarriers = BasicBlock::Create(C, "warp.barriers", BF.F);
  WarpBarriersRun = BasicBlock::Create(C, "warp.barriers.run", BF.F);
  B.CreateCondBr(B.CreateICmpULE(WarpMax, NumBlockBarriers), WarpAtBarriers,
                 WarpDiverged);
  B.SetInsertPoint(WarpAtBarriers);
  B.CreateCondBr(B.CreateICmpEQ(WarpReleased, AnyBarrier), WarpBarriersRun,
                 SweepNext);
}

/// The cases of a mixed warp whose threads run on: at warp operations
/// while others wait at barriers, at exchanges of one phase, at yield
/// points.
void RegionBlockFunction::emitWarpRunsOn() {
  auto IsLive = [&](Value *Stop) {
    return B.CreateICmpNE(Stop, B.getInt32(0));
  };
  B.SetInsertPoint(WarpPartialRun);
  WarpPartialRan = runThreadsWhere(
      "partial",
      [&](Value *Stop) { return B.CreateICmpUGT(Stop, NumBlockBarriers); },
      nullptr);
  B.SetInsertPoint(WarpBarriersRun);
  WarpBarriersRan = runThreadsWhere("barriers", IsLive, nullptr);
  B.SetInsertPoint(WarpSyncsRun);
  WarpSyncsRan = runThreadsWhere("syncs", IsLive, nullptr);
  if (FirstExchange) {
    B.SetInsertPoint(WarpExchangeRun);
    WarpExchanged = runThreadsWhere("exchange", IsLive, nullptr);
    B.SetInsertPoint(WarpSomeExchangeRun);
    WarpSomeExchanged = runThreadsWhere(
        "some.exchange",
        [&](Value *Stop) {
          return B.CreateICmpUGE(Stop, B.getInt32(FirstExchange));
        },
        nullptr);
  }
  if (!FirstYield)
    return;
  Value *WarpYieldMin = WarpStops[3];
  B.SetInsertPoint(WarpYieldRun);
  WarpYielded = runThreadsWhere(
      "yield", [&](Value *Stop) { return B.CreateICmpEQ(Stop, WarpYieldMin); },
      WarpYieldMin);
  if (!FirstSpinWait)
    return;
  // Threads that ran from a spin-wait's yield point and came back to it, or
  // to an earlier one, wait for another thread's store: the threads at later
  // yield points run on too, lest a thread spin forever waiting for one that
  // waits for it to move.
  Value *Spun =
      B.CreateAnd(B.CreateICmpUGE(WarpYieldMin, B.getInt32(FirstSpinWait)),
                  B.CreateICmpULE(scanStops(Begin, End)[3], WarpYieldMin));
  BasicBlock *Others = BasicBlock::Create(C, "warp.yield.others", BF.F);
  BasicBlock *Yielded = BasicBlock::Create(C, "warp.yielded", BF.F);
  B.CreateCondBr(Spun, Others, Yielded);
  B.SetInsertPoint(Others);
  runThreadsWhere(
      "yield.others",
      [&](Value *Stop) { return B.CreateICmpUGT(Stop, WarpYieldMin); },
      nullptr);
  B.CreateBr(Yielded);
  B.SetInsertPoint(Yielded);
  WarpYielded = Yielded;
  SpinWork = B.CreateNot(Spun);
}

/// A warp whose live threads all wait at one stop runs on if it is a warp
/// sync point or the block barrier just released.
void RegionBlockFunction::emitAgreedWarp() {
  Value *WarpMin = WarpStops[0];
  B.SetInsertPoint(WarpAgreed);
  Value *Runnable = B.CreateOr({B.CreateICmpUGT(WarpMin, NumBlockBarriers),
                                B.CreateICmpEQ(WarpMin, WarpReleased),
                                B.CreateICmpEQ(WarpReleased, AnyBarrier)});
  B.CreateCondBr(Runnable, WarpRun, SweepNext);
  B.SetInsertPoint(WarpRun);
  WarpRan = runThreadsWhere(
      "thread",
      [&](Value *Stop) { return B.CreateICmpNE(Stop, B.getInt32(0)); },
      WarpMin);
  if (!FirstSpinWait)
    return;
  // Threads that ran from a spin-wait's yield point and all came back to it
  // did no more than spin.
  SmallVector<Value *> After = scanStops(Begin, End);
  Value *Spun = B.CreateAnd(
      {B.CreateICmpUGE(WarpMin, B.getInt32(FirstSpinWait)),
       B.CreateICmpEQ(After[0], WarpMin), B.CreateICmpEQ(After[1], WarpMin),
       B.CreateICmpEQ(After[2], WarpStops[2])});
  RunWork = B.CreateNot(Spun);
  WarpRan = B.GetInsertBlock();
}

/// A warp that ran on from a warp sync or yield point is looked at again at
/// once, up to RerunLimit times in a row, so that warp-synchronous code does
/// not cost a sweep over every warp per step, while other warps still get
/// their turn (a warp may spin until another sets a flag). It reruns with no
/// barrier released: from the released barrier each warp runs once per
/// sweep.
void RegionBlockFunction::emitWarpRerun() {
  constexpr unsigned RerunLimit = 64;
  WarpRerun = BasicBlock::Create(C, "warp.rerun", BF.F);
  B.CreateBr(WarpRerun);
  for (BasicBlock *RanOn :
       {WarpYielded, WarpExchanged, WarpSomeExchanged, WarpSyncsRan,
        WarpPartialRan, WarpBarriersRan})
    if (RanOn) {
      B.SetInsertPoint(RanOn);
      B.CreateBr(WarpRerun);
    }
  B.SetInsertPoint(WarpRerun);
  if (Worked) {
    PHINode *RanWork = B.CreatePHI(B.getInt1Ty(), 4, "ran.work");
    for (BasicBlock *Ran : predecessors(WarpRerun))
      RanWork->addIncoming(Ran == WarpYielded ? SpinWork
                           : Ran == WarpRan   ? RunWork
                                              : B.getTrue(),
                           Ran);
    WorkedNow = B.CreateOr(Worked, RanWork);
  }
  Value *NextReruns = B.CreateAdd(Reruns, B.getInt32(1));
  B.CreateCondBr(B.CreateICmpULT(NextReruns, B.getInt32(RerunLimit)), Sweep,
                 SweepNext);
  Warp->addIncoming(Warp, WarpRerun);
  Progress->addIncoming(B.getTrue(), WarpRerun);
  Reruns->addIncoming(NextReruns, WarpRerun);
  WarpReleased->addIncoming(B.getInt32(0), WarpRerun);
  if (Worked)
    Worked->addIncoming(WorkedNow, WarpRerun);
}

/// The next warp of the sweep, and after the last, another sweep if this
/// one made progress (and, with spin-waits, did more than spin).
void RegionBlockFunction::emitSweepEnd() {
  B.SetInsertPoint(SweepNext);
  NextProgress = B.CreatePHI(B.getInt1Ty(), 3);
  NextProgress->addIncoming(Progress, WarpScanned);
  NextProgress->addIncoming(Progress, WarpAgreed);
  NextProgress->addIncoming(Progress, WarpAtBarriers);
  NextProgress->addIncoming(B.getTrue(), WarpRerun);
  if (Worked) {
    NextWorked = B.CreatePHI(B.getInt1Ty(), 3);
    NextWorked->addIncoming(Worked, WarpScanned);
    NextWorked->addIncoming(Worked, WarpAgreed);
    NextWorked->addIncoming(Worked, WarpAtBarriers);
    NextWorked->addIncoming(WorkedNow, WarpRerun);
  }
  Value *NextWarp = B.CreateAdd(Warp, B.getInt32(1));
  Warp->addIncoming(NextWarp, SweepNext);
  Progress->addIncoming(NextProgress, SweepNext);
  if (Worked)
    Worked->addIncoming(NextWorked, SweepNext);
  Reruns->addIncoming(B.getInt32(0), SweepNext);
  WarpReleased->addIncoming(Released, SweepNext);
  B.CreateCondBr(B.CreateICmpULT(NextWarp, NumWarps), Sweep, SweepEnd);
}

/// A sweep without progress: every live thread waits at a block barrier.
/// The block is done, releases the barrier, goes back to regions when
/// every thread is live, releases every barrier when the threads wait at
/// different ones (AnyBarrier), or diverged.
void RegionBlockFunction::emitBlockScan() {
  B.SetInsertPoint(SweepEnd);
  BasicBlock *BlockScan = BasicBlock::Create(C, "block.scan", BF.F);
  if (!FirstSpinWait) {
    B.CreateCondBr(NextProgress, General, BlockScan);
    Released->addIncoming(B.getInt32(0), SweepEnd);
  } else {
    // A sweep in which the warps only came back round spin-waits: the block
    // waits for other blocks, and says so.
    BasicBlock *Progressed = BasicBlock::Create(C, "sweep.progressed", BF.F);
    BasicBlock *Spins = BasicBlock::Create(C, "block.spins", BF.F);
    B.CreateCondBr(NextProgress, Progressed, BlockScan);
    B.SetInsertPoint(Progressed);
    B.CreateCondBr(NextWorked, General, Spins);
    B.SetInsertPoint(Spins);
    emitBlockSpins(B, BF.Ctx);
    B.CreateBr(General);
    Released->addIncoming(B.getInt32(0), Progressed);
    Released->addIncoming(B.getInt32(0), Spins);
  }
  B.SetInsertPoint(BlockScan);
  SmallVector<Value *> BlockStops = scanStops(B.getInt32(0), BF.Threads);
  Value *BlockMin = BlockStops[0];
  BasicBlock *BlockLive = BasicBlock::Create(C, "block.live", BF.F);
  BasicBlock *BlockAgreed = BasicBlock::Create(C, "block.agreed", BF.F);
  B.CreateCondBr(B.CreateICmpEQ(BlockMin, NoStop), BF.Done, BlockLive);
  B.SetInsertPoint(BlockLive);
  BasicBlock *BlockMixed = BasicBlock::Create(C, "block.mixed", BF.F);
  BasicBlock *BlockBarriers = BasicBlock::Create(C, "block.barriers", BF.F);
  B.CreateCondBr(B.CreateICmpEQ(BlockMin, BlockStops[1]), BlockAgreed,
                 BlockMixed);
  // Live threads at different block barriers: all are released, each to run
  // on from its own.
  B.SetInsertPoint(BlockMixed);
  B.CreateCondBr(B.CreateICmpULE(BlockStops[1], NumBlockBarriers),
                 BlockBarriers, BlockDiverged);
  B.SetInsertPoint(BlockBarriers);
  B.CreateBr(General);
  Released->addIncoming(AnyBarrier, BlockBarriers);
  // With every thread live the block goes back to running region by region.
  B.SetInsertPoint(BlockAgreed);
  B.CreateCondBr(B.CreateICmpEQ(BlockStops[2], B.getInt32(0)), Dispatch,
                 General);
  State->addIncoming(BlockMin, BlockAgreed);
  Released->addIncoming(BlockMin, BlockAgreed);
}

PreservedAnalyses RegionLoopsPass::lower(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *> Threads;
  for (Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute(ResumableAttr))
      Threads.push_back(&F);
  for (Function *T : Threads)
    RegionBlockFunction(*T).build();
  return Threads.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
