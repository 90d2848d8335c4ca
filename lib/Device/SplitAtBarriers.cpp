//===- SplitAtBarriers.cpp - Resumable thread functions -------------------===//
//
// mm-split-at-barriers: a resumable thread function ("mm-resumable") is
// split at its sync points (BlockBarrier, WarpSync) so that the block
// function can run every thread to a sync point, then every thread on from
// it: it takes the sync point to resume from and returns the one it stopped
// at (0 at the end), and keeps in the block's scratch memory (Scratch.h)
// what must survive a sync point. Values that are cheap to recompute from
// the arguments are recomputed after it; values that are the same in every
// thread (UniformityInfo) are kept as copies that the block function reads
// once per region; the others, and every alloca, move to arrays of scratch
// memory, one element per thread. Alias scopes tell LLVM that the lowering's
// own scratch arrays alias nothing else, so that the regions' loops
// vectorize without runtime checks. The thread function records its layout:
// "mm-scratch-size", "mm-block-barriers" (sync points 1 to N are block
// barriers, the next ones warp sync points), "mm-uniform-buffer-size" and
// the uniform values' slots (!mm.uniform.slots).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"
#include "Scratch.h"
#include "Uniformity.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <array>
#include <numeric>

using namespace llvm;
using namespace mm::device;

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
/// those are the same in every call for one thread. With \p Uniformity, also
/// from values the same in every thread, which are kept across the sync
/// point once for the block when they cannot be recomputed themselves.
static bool isRematerializable(Value *V, const Argument *State,
                               unsigned &Budget,
                               const UniformityInfo *Uniformity = nullptr) {
  if (isa<Constant>(V) || isa<AllocaInst>(V))
    return true;
  if (auto *A = dyn_cast<Argument>(V))
    return A != State;
  auto *I = dyn_cast<Instruction>(V);
  if (I && Uniformity && Uniformity->isUniform(I))
    return true;
  if (!I || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(I) || Budget == 0)
    return false;
  --Budget;
  return all_of(I->operands(), [&](Value *Op) {
    return isRematerializable(Op, State, Budget, Uniformity);
  });
}

constexpr unsigned RematerializationBudget = 16;

/// Recomputes \p V before \p InsertBefore, as isRematerializable with
/// \p Uniformity found it can be: the values the same in every thread that
/// cannot be recomputed from the arguments stay as they are.
static Value *rematerialize(Value *V, Instruction *InsertBefore,
                            const Argument *State,
                            const UniformityInfo &Uniformity,
                            DenseMap<Value *, Value *> &Clones) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<AllocaInst>(I))
    return V;
  if (Value *Clone = Clones.lookup(I))
    return Clone;
  unsigned Budget = RematerializationBudget;
  if (Uniformity.isUniform(I) && !isRematerializable(I, State, Budget))
    return V;
  Instruction *Clone = I->clone();
  for (Use &Op : Clone->operands())
    Op.set(rematerialize(Op, InsertBefore, State, Uniformity, Clones));
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

namespace {
/// What an access of one class of memory carries: its !alias.scope and its
/// !noalias lists.
struct AliasTags {
  MDNode *Scopes = nullptr;
  MDNode *NoAlias = nullptr;
};

/// What the block function needs to know of a resumable thread function.
struct ResumableLayout {
  uint64_t ScratchSize = 0; ///< per thread
  /// Sync points 1 to NumBlockBarriers are block barriers, the following
  /// ones warp sync points, from FirstWarpExchange on (if not 0) the
  /// shuffles' exchanges after the stores, from FirstWarpExchangeRead on
  /// those after the reads, from FirstWarpYield on (if not 0) warp yield
  /// points, and from FirstSpinWait on (if not 0) spin-waits' yield points.
  unsigned NumBlockBarriers = 0;
  unsigned FirstWarpExchange = 0;
  unsigned FirstWarpExchangeRead = 0;
  unsigned FirstWarpYield = 0;
  unsigned FirstSpinWait = 0;
  SmallVector<UniformSlot> UniformSlots;
  uint64_t UniformBufferSize = 0;
  /// The alias tags of the stops' array (see tagScratchAccesses).
  AliasTags StopTags;
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
    Value *Slot = B.CreateConstInBoundsGEP1_64(
        B.getInt8Ty(), TV.get(ThreadArg::Uniforms), BufferOffset);
    Value *From =
        B.CreateSelect(TV.get(ThreadArg::InRegion), Slot, Result.Copies);
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

/// Marks \p I as accessing the memory that \p Tags describe.
static void tagAccess(Instruction &I, const AliasTags &Tags) {
  I.setMetadata(LLVMContext::MD_alias_scope,
                MDNode::concatenate(I.getMetadata(LLVMContext::MD_alias_scope),
                                    Tags.Scopes));
  I.setMetadata(LLVMContext::MD_noalias,
                MDNode::concatenate(I.getMetadata(LLVMContext::MD_noalias),
                                    Tags.NoAlias));
}

/// Alias tags that tell \p NumClasses classes of memory apart, pairwise
/// disjoint. Scoped alias analysis finds two accesses disjoint when, in
/// some domain, the noalias scopes of one include all the alias scopes of
/// the other. So class c gets, in domain i of ceil(log2(NumClasses)), the
/// scope named by bit i of c, and noalias the other scope of that domain:
/// two classes differ in some bit, one class never differs from itself.
/// One scope per class, with noalias of all the others, says the same in
/// metadata quadratic in the classes, which the inliner clones (in cubic
/// time) for every copy of the thread function inlined into the block
/// function: minutes for kernels with a thousand values kept across
/// hundreds of sync points.
static std::vector<AliasTags> createDisjointAliasTags(LLVMContext &C,
                                                       unsigned NumClasses) {
  MDBuilder MDB(C);
  unsigned Bits = std::max(1u, Log2_32_Ceil(NumClasses));
  SmallVector<std::array<MDNode *, 2>> ScopeOfBit;
  for (unsigned Bit = 0; Bit != Bits; ++Bit) {
    MDNode *Domain = MDB.createAnonymousAliasScopeDomain(
        ("mm.scratch bit " + Twine(Bit)).str());
    ScopeOfBit.push_back({MDB.createAnonymousAliasScope(Domain, "0"),
                          MDB.createAnonymousAliasScope(Domain, "1")});
  }
  std::vector<AliasTags> Tags;
  for (unsigned Class = 0; Class != NumClasses; ++Class) {
    SmallVector<Metadata *> Scopes, NoAlias;
    for (unsigned Bit = 0; Bit != Bits; ++Bit) {
      unsigned Value = (Class >> Bit) & 1;
      Scopes.push_back(ScopeOfBit[Bit][Value]);
      NoAlias.push_back(ScopeOfBit[Bit][1 - Value]);
    }
    Tags.push_back({MDNode::get(C, Scopes), MDNode::get(C, NoAlias)});
  }
  return Tags;
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
  // Class 0 is the kernel's own memory, 1 the stops, 2 the warp exchange
  // slots, then an array per scratch variable, up to MaxClasses classes:
  // past that, variables share classes (round robin). The inliner clones
  // the tags' metadata for every copy of the thread function, hundreds in
  // a kernel with hundreds of sync points.
  enum : unsigned { KernelMemory, Stops, WarpExchange, FirstVariable };
  constexpr unsigned MaxClasses = 64;
  DenseMap<const Value *, unsigned> ClassOf; // by underlying object
  ClassOf[TV.get(ThreadArg::BlockScratch)] = WarpExchange;
  unsigned NumVariables = 0;
  for (Instruction &I : T.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !UserAllocas.contains(AI))
      ClassOf[AI] = FirstVariable + NumVariables++ % (MaxClasses - FirstVariable);
  unsigned NumClasses =
      FirstVariable + std::min(NumVariables, MaxClasses - FirstVariable);
  // A uniform value's reload reads its copies or the block's buffer, which
  // is the block function's own.
  for (const UniformValue &U : Uniform)
    for (auto [Resume, Reload] : U.Reloads)
      ClassOf[Reload] = ClassOf.lookup(U.Copies);
  std::vector<AliasTags> Tags =
      createDisjointAliasTags(T.getContext(), NumClasses);
  Layout.StopTags = Tags[Stops];
  for (BasicBlock &BB : T)
    for (Instruction &I : BB) {
      if (!I.mayReadOrWriteMemory())
        continue;
      auto Class = ClassOf.find(&I);
      if (Value *Ptr = getLoadStorePointerOperand(&I);
          Ptr && Class == ClassOf.end())
        Class = ClassOf.find(getUnderlyingObject(Ptr));
      tagAccess(I, Tags[Class == ClassOf.end() ? KernelMemory
                                               : Class->second]);
    }
}

/// Makes \p Slot, a variable of type i1 that only loads and stores address,
/// a variable of one byte: the threads' copies of an i1 value then lie one
/// byte apart as <N x i8>, which the regions' loops load and store as
/// vectors, where LLVM scalarizes <N x i1> (packed bits) lane by lane.
static void widenBooleanSlot(AllocaInst &Slot) {
  if (!Slot.getAllocatedType()->isIntegerTy(1) ||
      !all_of(Slot.users(), [&](const User *U) {
        if (const auto *Load = dyn_cast<LoadInst>(U))
          return Load->isSimple();
        const auto *Store = dyn_cast<StoreInst>(U);
        return Store && Store->isSimple() &&
               Store->getPointerOperand() == &Slot;
      }))
    return;
  Type *Byte = Type::getInt8Ty(Slot.getContext());
  Slot.setAllocatedType(Byte);
  for (User *U : make_early_inc_range(Slot.users())) {
    IRBuilder<> B(cast<Instruction>(U));
    if (auto *Store = dyn_cast<StoreInst>(U)) {
      Store->setOperand(0, B.CreateZExt(Store->getValueOperand(), Byte));
      continue;
    }
    auto *Load = cast<LoadInst>(U);
    LoadInst *Wide = B.CreateAlignedLoad(Byte, &Slot, Load->getAlign());
    Wide->takeName(Load);
    Load->replaceAllUsesWith(B.CreateTrunc(Wide, Load->getType()));
    Load->eraseFromParent();
  }
}

namespace {
/// Splits a thread function at its sync markers and makes it resumable, step
/// by step (run lists them); the members are what the steps hand on.
class ResumableSplitter {
public:
  ResumableSplitter(Function &T, const ThreadValues &TV)
      : T(T), TV(TV), DL(T.getDataLayout()),
        State(cast<Argument>(TV.get(ThreadArg::State))) {}

  Expected<ResumableLayout> run();

private:
  void promoteScalars();
  void numberSyncPoints();
  void splitAtSyncPoints();
  void rematerializeLiveValues();
  void keepLiveValues();
  Error moveAllocasToScratch();
  void moveAllocaToScratch(AllocaInst *AI, uint64_t AllocSize, uint64_t Offset);
  void dispatchOnState();
  void recordStops();

  Function &T;
  const ThreadValues &TV;
  const DataLayout &DL;
  Argument *State;
  ResumableLayout Layout;
  /// The kernel's own variables, which its code may address in any way.
  SmallPtrSet<AllocaInst *, 8> UserAllocas;
  /// The sync markers, in the order of their numbers (from 1).
  SmallVector<CallInst *> Markers;
  /// The block of each marker, which returns its number once split.
  SmallVector<BasicBlock *> SyncBlocks;
  SmallPtrSet<BasicBlock *, 16> SyncBlockSet;
  SmallVector<UniformValue> Uniform;
  /// The entry before the split, which state 0 resumes at.
  BasicBlock *OldEntry = nullptr;
  /// The new entry, which resumes at the state's sync point.
  BasicBlock *Dispatch = nullptr;
};
} // namespace

Expected<ResumableLayout> ResumableSplitter::run() {
  promoteScalars();
  for (Instruction &I : T.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      UserAllocas.insert(AI);
  numberSyncPoints();
  splitAtSyncPoints();
  rematerializeLiveValues();
  keepLiveValues();
  tagScratchAccesses(T, UserAllocas, Uniform, TV, Layout);
  if (Error E = moveAllocasToScratch())
    return std::move(E);
  dispatchOnState();
  for (UniformValue &U : Uniform)
    rewriteUniformUses(U);
  recordStops();
  return std::move(Layout);
}

/// Scalars first become SSA values, so that only what is really live across
/// a sync point goes to scratch memory.
void ResumableSplitter::promoteScalars() {
  SmallVector<AllocaInst *> Promotable;
  for (Instruction &I : T.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && isAllocaPromotable(AI))
      Promotable.push_back(AI);
  DominatorTree DT(T);
  if (!Promotable.empty())
    PromoteMemToReg(Promotable, DT);
}

/// Block barriers first, then warp sync points, then the shuffles'
/// exchanges after the stores, then those after the reads, then warp yield
/// points, then the spin-waits' yield points, so that the block function
/// tells them apart by their number.
void ResumableSplitter::numberSyncPoints() {
  SmallVector<CallInst *> WarpMarkers, StoredMarkers, ReadMarkers, YieldMarkers,
      SpinMarkers;
  for (BasicBlock &BB : T)
    for (Instruction &I : BB) {
      auto *Sync = dyn_cast<SyncPoint>(&I);
      if (!Sync)
        continue;
      if (Sync->isBlockBarrier())
        Markers.push_back(Sync);
      else if (auto *Yield = dyn_cast<WarpYield>(Sync))
        (Yield->getKind() == WarpYield::SpinWait ? SpinMarkers : YieldMarkers)
            .push_back(Sync);
      else if (auto *Exchange = dyn_cast<WarpExchange>(Sync))
        (Exchange->getPhase() == WarpExchange::Stored ? StoredMarkers
                                                      : ReadMarkers)
            .push_back(Sync);
      else
        WarpMarkers.push_back(Sync);
    }
  Layout.NumBlockBarriers = Markers.size();
  append_range(Markers, WarpMarkers);
  if (!StoredMarkers.empty()) {
    Layout.FirstWarpExchange = Markers.size() + 1;
    append_range(Markers, StoredMarkers);
    Layout.FirstWarpExchangeRead = Markers.size() + 1;
    append_range(Markers, ReadMarkers);
  }
  Layout.FirstWarpYield =
      YieldMarkers.empty() && SpinMarkers.empty() ? 0 : Markers.size() + 1;
  append_range(Markers, YieldMarkers);
  Layout.FirstSpinWait = SpinMarkers.empty() ? 0 : Markers.size() + 1;
  append_range(Markers, SpinMarkers);
}

void ResumableSplitter::splitAtSyncPoints() {
  for (CallInst *Marker : Markers) {
    BasicBlock *Sync = Marker->getParent()->splitBasicBlock(Marker, "sync");
    Sync->splitBasicBlock(Marker->getNextNode(), "resume");
    SyncBlocks.push_back(Sync);
    SyncBlockSet.insert(Sync);
  }
}

/// Values live across a sync point that are cheap to recompute from the
/// arguments (addresses from the thread index, shared memory, parameters)
/// are recomputed at each use rather than kept in scratch memory: the
/// regions' loops then see the addresses' strides. A value that differs
/// between threads may also be recomputed from values the same in every
/// thread, kept once for the block.
void ResumableSplitter::rematerializeLiveValues() {
  SmallVector<WeakTrackingVH> Rematerialized;
  UniformityInfo Uniformity = UniformityInfo::compute(T);
  for (Instruction *I : valuesLiveAcross(T, SyncBlockSet)) {
    unsigned Budget = RematerializationBudget;
    if (!(Uniformity.isUniform(I)
              ? isRematerializable(I, State, Budget)
              : isRematerializable(I, State, Budget, &Uniformity)))
      continue;
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (User->getParent() == I->getParent() && !isa<PHINode>(User))
        continue; // after I, in I's block
      Instruction *At = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        At = Phi->getIncomingBlock(U)->getTerminator();
      DenseMap<Value *, Value *> Clones;
      U.set(rematerialize(I, At, State, Uniformity, Clones));
    }
    if (I->use_empty())
      Rematerialized.push_back(I);
  }
  RecursivelyDeleteTriviallyDeadInstructions(Rematerialized);
}

/// The rest goes to scratch memory: uniform values as copies written at the
/// sync points, the others as each thread's variable.
void ResumableSplitter::keepLiveValues() {
  UniformityInfo Uniformity = UniformityInfo::compute(T);
  uint64_t UniformBufferSize = 0;
  for (Instruction *I : valuesLiveAcross(T, SyncBlockSet)) {
    if (!Uniformity.isUniform(I) || !I->getType()->isSized()) {
      widenBooleanSlot(*DemoteRegToStack(
          *I, false, T.getEntryBlock().getFirstInsertionPt()));
      continue;
    }
    uint64_t Offset =
        alignTo(UniformBufferSize, DL.getABITypeAlign(I->getType()));
    UniformBufferSize = Offset + DL.getTypeAllocSize(I->getType());
    Uniform.push_back(keepUniformAcross(*I, SyncBlocks, Offset, TV));
  }
  Layout.UniformBufferSize = UniformBufferSize;
}

/// Every alloca moves to an array of the block's scratch memory, after the
/// header's, most aligned first so that the threads' copies of 4-byte values
/// start 64-byte aligned for blocks of multiples of 16 threads.
Error ResumableSplitter::moveAllocasToScratch() {
  OldEntry = &T.getEntryBlock();
  SmallVector<std::pair<AllocaInst *, uint64_t>> Allocas; // and their sizes
  for (BasicBlock &BB : T)
    for (Instruction &I : BB) {
      auto *AI = dyn_cast<AllocaInst>(&I);
      if (!AI)
        continue;
      std::optional<TypeSize> AllocSize = AI->getAllocationSize(DL);
      if (&BB != OldEntry || !AllocSize || AllocSize->isScalable())
        return createStringError("dynamically sized stack allocation in a "
                                 "kernel with barriers is not supported");
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
  Dispatch = BasicBlock::Create(T.getContext(), "dispatch", &T, OldEntry);
  uint64_t Size = ScratchHeaderSize;
  Align MaxAlign(16);
  for (unsigned Index : Order) {
    auto [AI, AllocSize] = Allocas[Index];
    Align A = AI->getAlign();
    MaxAlign = std::max(MaxAlign, A);
    uint64_t Offset = alignTo(Size, A);
    Size = Offset + AllocSize;
    AllocaInst *Copies = AI;
    if (auto U = find_if(Uniform,
                         [&](const UniformValue &U) { return U.Copies == Copies; });
        U != Uniform.end())
      Layout.UniformSlots.push_back({Offset, U->BufferOffset, AllocSize});
    moveAllocaToScratch(AI, AllocSize, Offset);
  }
  Layout.ScratchSize = alignTo(Size, MaxAlign);
  return Error::success();
}

/// Replaces \p AI with its array at \p Offset of scratch memory. Each block
/// that uses the slot computes its address at its start, not the dispatch
/// block: the block function inlines the thread function once per state,
/// and each copy then brings the addresses of its own region's slots only,
/// not all of them (a kernel with a thousand sync points has thousands of
/// slots).
void ResumableSplitter::moveAllocaToScratch(AllocaInst *AI, uint64_t AllocSize,
                                            uint64_t Offset) {
  DenseMap<BasicBlock *, Value *> SlotIn;
  for (Use &U : make_early_inc_range(AI->uses())) {
    auto *User = cast<Instruction>(U.getUser());
    auto *Phi = dyn_cast<PHINode>(User);
    BasicBlock *BB = Phi ? Phi->getIncomingBlock(U) : User->getParent();
    Value *&Slot = SlotIn[BB];
    if (!Slot) {
      // After a sync block's marker, which goes once the switch is built.
      IRBuilder<> AtStart(BB, SyncBlockSet.contains(BB)
                                  ? std::next(BB->begin())
                                  : BB->getFirstInsertionPt());
      Slot = scratchElement(
          AtStart,
          scratchArray(AtStart, TV.get(ThreadArg::BlockScratch),
                       TV.get(ThreadArg::BlockThreads), Offset),
          AllocSize, TV.get(ThreadArg::ThreadIndex), AI->getName());
    }
    U.set(Slot);
  }
  AI->eraseFromParent();
}

/// Entry: resume where the last call stopped. A sync point returns its
/// number, the end of the kernel returns 0.
void ResumableSplitter::dispatchOnState() {
  IRBuilder<> B(Dispatch);
  SwitchInst *Switch = B.CreateSwitch(State, OldEntry, SyncBlocks.size());
  for (auto [Index, Sync] : enumerate(SyncBlocks)) {
    BasicBlock *Continue = Sync->getSingleSuccessor();
    Sync->getTerminator()->eraseFromParent();
    Sync->front().eraseFromParent(); // the marker
    ConstantInt *Number = B.getInt32(Index + 1);
    ReturnInst::Create(T.getContext(), Number, Sync);
    Switch->addCase(Number, Continue);
  }
}

/// Each thread records its stop, so that the store shares the alias scopes
/// of the code inlined with it.
void ResumableSplitter::recordStops() {
  IRBuilder<> B(T.getContext());
  for (BasicBlock &BB : T)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      B.SetInsertPoint(Ret);
      Value *Stops =
          scratchArray(B, TV.get(ThreadArg::BlockScratch),
                       TV.get(ThreadArg::BlockThreads), StopSlotOffset);
      tagAccess(*B.CreateStore(Ret->getReturnValue(),
                               scratchElement(B, Stops, StopSlotSize,
                                              TV.get(ThreadArg::ThreadIndex),
                                              "stop.slot")),
                Layout.StopTags);
    }
}

PreservedAnalyses SplitAtBarriersPass::lower(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &T : M) {
    if (T.isDeclaration() || !T.hasFnAttribute(ResumableAttr))
      continue;
    Changed = true;
    Expected<ResumableLayout> Layout =
        ResumableSplitter(T, ThreadValues::bind(T)).run();
    if (!Layout) {
      reportError(M, getKernelOfThreadFunction(T)->getName(),
                  toString(Layout.takeError()));
      break;
    }
    setIntegerAttr(T, ScratchSizeAttr, Layout->ScratchSize);
    setIntegerAttr(T, BlockBarriersAttr, Layout->NumBlockBarriers);
    if (Layout->FirstWarpExchange) {
      setIntegerAttr(T, FirstWarpExchangeAttr, Layout->FirstWarpExchange);
      setIntegerAttr(T, FirstWarpExchangeReadAttr,
                     Layout->FirstWarpExchangeRead);
    }
    if (Layout->FirstWarpYield)
      setIntegerAttr(T, FirstWarpYieldAttr, Layout->FirstWarpYield);
    if (Layout->FirstSpinWait)
      setIntegerAttr(T, FirstSpinWaitAttr, Layout->FirstSpinWait);
    setIntegerAttr(T, UniformBufferSizeAttr, Layout->UniformBufferSize);
    setUniformSlots(T, Layout->UniformSlots);
  }
  for (StringRef Marker :
       {BlockBarrier::MarkerName, WarpSync::MarkerName,
        WarpExchange::StoredMarkerName, WarpExchange::ReadMarkerName,
        WarpYield::MarkerName, WarpYield::SpinWaitMarkerName})
    if (Function *F = M.getFunction(Marker); F && F->use_empty())
      F->eraseFromParent();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
