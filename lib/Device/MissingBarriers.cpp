//===- MissingBarriers.cpp - Barriers between loops of one phase ----------===//
//
// mm-missing-barriers: a kernel that synchronizes its block sometimes lacks
// a barrier between two of its steps, and a GPU's timing hides the race.
// Rodinia's heartwall subtracts two matrices in one loop, each thread its
// elements `i = tx, tx + 512, ...`, then sums their rows in the next loop,
// thread `tx` the elements `tx, tx + rows, tx + 2 * rows, ...` that the
// other threads just wrote, with no `__syncthreads()` between (where the
// same two steps earlier in the kernel have one). On a GPU the block's
// warps run the short first loop about together, so the sums read the
// differences. Run thread after thread, thread 0 sums elements that the
// threads after it have not yet written.
//
// So in a kernel with block barriers, a load in a loop that may read what
// another thread of the block stored in an earlier loop since the last
// barrier gets a block barrier between the two loops, where the kernel's
// own barriers could be: a thread that stores at `Base + f(thread,
// iterations)` and then loads at `Base + g(thread, iterations)`, the
// offsets depending on the thread, `g` not of `f`'s form (the same
// expression of the thread's index and loop counters, loop for loop) and
// the ranges of their bytes overlapping, touches elements that other
// threads store. A barrier at a point that every thread of the block
// reaches as often as one of the kernel's own barriers (control-equivalent
// to it: one dominates the other and the other post-dominates it, outside
// any loop) lets through only the orders of the threads that the kernel's
// own code allows, so it changes no answer of a kernel without a race.
//
// The base is the same when it is one value, or two loads of one address
// that nothing in the kernel writes (heartwall reloads each matrix's
// pointer from `__constant__` memory in each loop). Not in a kernel whose
// threads wait for others in loops (mm-spin-waits), which a barrier could
// stop; not between accesses in one loop, which only a barrier in every
// iteration could separate, nor outside loops: straight-line code that
// reads other threads' elements with no barrier computes disjoint indices
// by design (dwt2d's lifting steps, `s[tx + 1]` then `s[tx + 193]`, with
// blocks of 192 threads that only `__launch_bounds__` tells).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TypeBasedAliasAnalysis.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm::device;

namespace {
/// Whether offsets \p A and \p B have one form: the same expression, loop
/// for loop (`{tx,+,512}` of one loop and of another), up to extensions
/// and truncations. Two accesses of one thread at offsets of one form
/// touch the thread's own elements.
bool haveOneForm(const SCEV *A, const SCEV *B) {
  while (const auto *Cast = dyn_cast<SCEVCastExpr>(A))
    A = Cast->getOperand(0);
  while (const auto *Cast = dyn_cast<SCEVCastExpr>(B))
    B = Cast->getOperand(0);
  if (A == B)
    return true;
  if (const auto *CA = dyn_cast<SCEVConstant>(A)) {
    const auto *CB = dyn_cast<SCEVConstant>(B);
    return CB && APInt::isSameValue(CA->getAPInt(), CB->getAPInt());
  }
  if (A->getSCEVType() != B->getSCEVType() || isa<SCEVUnknown>(A))
    return false;
  ArrayRef<const SCEV *> OpsA = A->operands(), OpsB = B->operands();
  if (OpsA.size() != OpsB.size())
    return false;
  if (isa<SCEVAddRecExpr, SCEVUDivExpr>(A))
    return all_of(zip(OpsA, OpsB), [](auto Ops) {
      return haveOneForm(std::get<0>(Ops), std::get<1>(Ops));
    });
  // The operands of a commutative expression: each of A's matches one of
  // B's (SCEV orders them by their loops, which differ).
  SmallVector<bool, 4> Matched(OpsB.size(), false);
  return all_of(OpsA, [&](const SCEV *OpA) {
    for (auto [Index, OpB] : enumerate(OpsB))
      if (!Matched[Index] && haveOneForm(OpA, OpB))
        return Matched[Index] = true;
    return false;
  });
}

/// A load's or a store's address, as a base and an offset from it, and
/// the bytes it touches there.
struct SplitAddress {
  /// The base, or the address of the one location from which the kernel
  /// loads it, where nothing in the kernel writes that location.
  const SCEV *Base;
  const SCEV *Offset;
  /// The offsets of the bytes that any thread's access may touch.
  ConstantRange Touched;
  bool DependsOnThread;
};

/// The block barriers that kernel \p K lacks, by the analysis that the file
/// comment describes.
class MissingBarriers {
  DominatorTree DT;
  PostDominatorTree PDT;
  LoopInfo LI;
  TargetLibraryInfo TLI;
  AssumptionCache AC;
  ScalarEvolution SE;
  const DataLayout &DL;
  BasicAAResult BasicAA;
  TypeBasedAAResult TypeBasedAA;
  AAResults AA;
  /// The kernel's barriers outside loops, each the first in its block.
  SmallVector<Instruction *> TopLevelBarriers;
  SmallVector<Instruction *> Writers;
  /// The plain stores and loads in loops.
  SmallVector<std::pair<StoreInst *, SplitAddress>> Stores;
  SmallVector<std::pair<LoadInst *, SplitAddress>> Loads;

  /// Whether nothing in the kernel may write what \p Load loads.
  bool loadsUnwrittenMemory(LoadInst &Load) {
    MemoryLocation Location = MemoryLocation::get(&Load);
    return Load.isSimple() && none_of(Writers, [&](Instruction *Writer) {
             return isModSet(AA.getModRefInfo(Writer, Location));
           });
  }

  std::optional<SplitAddress> split(Value *Ptr, Type *AccessType) {
    const SCEV *Address = SE.getSCEV(Ptr);
    const SCEV *Base = SE.getPointerBase(Address);
    const SCEV *Offset = SE.removePointerBase(Address);
    if (isa<SCEVCouldNotCompute>(Base) || isa<SCEVCouldNotCompute>(Offset))
      return std::nullopt;
    if (const auto *Unknown = dyn_cast<SCEVUnknown>(Base))
      if (auto *Load = dyn_cast<LoadInst>(Unknown->getValue());
          Load && loadsUnwrittenMemory(*Load))
        Base = SE.getSCEV(Load->getPointerOperand());
    unsigned Width = SE.getTypeSizeInBits(Offset->getType());
    ConstantRange Bytes(APInt::getZero(Width),
                        APInt(Width, DL.getTypeStoreSize(AccessType)));
    bool DependsOnThread = SCEVExprContains(Offset, [](const SCEV *Part) {
      const auto *Unknown = dyn_cast<SCEVUnknown>(Part);
      return Unknown && dependsOnThreadIndex(Unknown->getValue());
    });
    return SplitAddress{Base, Offset, SE.getSignedRange(Offset).add(Bytes),
                        DependsOnThread};
  }

  /// Whether a load at \p Loaded may read what other threads stored at
  /// \p Stored: one base, offsets that depend on the thread, of two forms,
  /// and bytes that may overlap.
  static bool mayReadOthersStores(const SplitAddress &Stored,
                                  const SplitAddress &Loaded) {
    return Stored.Base == Loaded.Base &&
           (Stored.DependsOnThread || Loaded.DependsOnThread) &&
           !haveOneForm(Stored.Offset, Loaded.Offset) &&
           Stored.Offset->getType() == Loaded.Offset->getType() &&
           !Stored.Touched.intersectWith(Loaded.Touched).isEmptySet();
  }

  /// Whether \p Store and \p Load are each in a loop that the other is
  /// not in: two loops that share out a block's work among its threads,
  /// one after the other (only accesses in loops are split).
  bool inLoopsOfTheirOwn(const StoreInst &Store, const LoadInst &Load) const {
    return !LI.getLoopFor(Store.getParent())->contains(&Load) &&
           !LI.getLoopFor(Load.getParent())->contains(&Store);
  }

  /// Whether a thread may run \p To after \p From with no block barrier
  /// between, nor \p Cut (where given: the point before which a barrier is
  /// to go).
  static bool followsInPhase(Instruction *From, Instruction *To,
                             Instruction *Cut) {
    SmallVector<BasicBlock *> Work;
    SmallPtrSet<BasicBlock *, 32> Seen;
    // Scans from \p I to the end of its block: true if it reaches To.
    auto Scan = [&](BasicBlock::iterator I) {
      for (BasicBlock::iterator E = I->getParent()->end(); I != E; ++I) {
        if (&*I == Cut || isBlockBarrierCall(*I))
          return false;
        if (&*I == To)
          return true;
      }
      for (BasicBlock *Succ : successors(I->getParent()))
        if (Seen.insert(Succ).second)
          Work.push_back(Succ);
      return false;
    };
    if (Scan(std::next(From->getIterator())))
      return true;
    while (!Work.empty())
      if (Scan(Work.pop_back_val()->begin()))
        return true;
    return false;
  }

  /// One of the kernel's barriers outside loops whose block is
  /// control-equivalent to \p BB, or null.
  Instruction *findControlEquivalentBarrier(BasicBlock *BB) {
    if (LI.getLoopFor(BB))
      return nullptr;
    for (Instruction *Barrier : TopLevelBarriers) {
      BasicBlock *Other = Barrier->getParent();
      if ((DT.dominates(Other, BB) && PDT.dominates(BB, Other)) ||
          (DT.dominates(BB, Other) && PDT.dominates(Other, BB)))
        return Barrier;
    }
    return nullptr;
  }

  /// Puts a barrier between \p Store and \p Load, in loops of their own,
  /// at the start of the block nearest the load that separates them and
  /// that the block's threads reach as one of its own barriers; false if
  /// there is none.
  bool separate(StoreInst &Store, LoadInst &Load) {
    for (DomTreeNode *Node = DT.getNode(Load.getParent()); Node;
         Node = Node->getIDom()) {
      BasicBlock *BB = Node->getBlock();
      if (DT.dominates(BB, Store.getParent()))
        return false;
      Instruction *Like = findControlEquivalentBarrier(BB);
      if (!Like)
        continue;
      Instruction *Point = &*BB->getFirstInsertionPt();
      if (followsInPhase(&Store, &Load, Point))
        continue;
      Instruction *Barrier = Like->clone();
      Barrier->insertBefore(Point);
      markRepair(*Barrier);
      remarkRepair("mm-missing-barriers", "MissingBarrier", Load,
                   "kernel '" + demangle(Load.getFunction()->getName()) +
                       "' lacks a block barrier: this load may read what "
                       "other threads of the block stored at " +
                       describeLocation(Store.getDebugLoc()) +
                       ", with no barrier between; mm added one before the "
                       "loop (a race on a GPU too: give the kernel "
                       "__syncthreads() there)");
      return true;
    }
    return false;
  }

public:
  explicit MissingBarriers(Function &K, const TargetLibraryInfoImpl &TLII)
      : DT(K), PDT(K), LI(DT), TLI(TLII, &K), AC(K),
        SE(K, TLI, AC, DT, LI), DL(K.getDataLayout()),
        BasicAA(K.getDataLayout(), K, TLI, AC, &DT), AA(TLI) {
    AA.addAAResult(BasicAA);
    AA.addAAResult(TypeBasedAA);
    for (BasicBlock &BB : K) {
      auto Barrier = find_if(BB, isBlockBarrierCall);
      if (Barrier != BB.end() && !LI.getLoopFor(&BB) &&
          all_of(cast<CallInst>(*Barrier).args(),
                 [](const Use &Arg) { return isa<Constant>(Arg); }))
        TopLevelBarriers.push_back(&*Barrier);
    }
    for (Instruction &I : instructions(K))
      if (I.mayWriteToMemory() && !isa<FenceInst>(I) &&
          !isSynchronizingCall(I))
        Writers.push_back(&I);
    for (Instruction &I : instructions(K)) {
      if (!LI.getLoopFor(I.getParent()))
        continue;
      if (auto *Store = dyn_cast<StoreInst>(&I); Store && Store->isSimple())
        if (std::optional<SplitAddress> Address =
                split(Store->getPointerOperand(),
                      Store->getValueOperand()->getType()))
          Stores.emplace_back(Store, *Address);
      if (auto *Load = dyn_cast<LoadInst>(&I); Load && Load->isSimple())
        if (std::optional<SplitAddress> Address =
                split(Load->getPointerOperand(), Load->getType()))
          Loads.emplace_back(Load, *Address);
    }
  }

  /// Puts the missing barriers in place, the loads in the kernel's order:
  /// a pair that a barrier put in place for another separates needs none.
  bool insert() {
    bool Changed = false;
    for (auto &[Load, Loaded] : Loads)
      for (auto &[Store, Stored] : Stores)
        if (inLoopsOfTheirOwn(*Store, *Load) &&
            mayReadOthersStores(Stored, Loaded) &&
            followsInPhase(Store, Load, nullptr))
          Changed |= separate(*Store, *Load);
    return Changed;
  }
};
} // namespace

PreservedAnalyses MissingBarriersPass::lower(Module &M,
                                             ModuleAnalysisManager &) {
  bool Changed = false;
  TargetLibraryInfoImpl TLII(Triple(M.getTargetTriple()));
  for (Function &K : kernels(M)) {
    if (K.hasFnAttribute(SpinWaitsAttr) ||
        none_of(instructions(K), isBlockBarrierCall))
      continue;
    Changed |= MissingBarriers(K, TLII).insert();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
