//===- SpinWaits.cpp - Loops that wait for other threads ------------------===//
//
// mm-spin-waits: GPU code waits for other threads in loops that end only
// when what other threads store changes what the loop loads: the maximal
// independent set and graph coloring of Texas State's ECL codes loop
// `do { ... } while (missing)` until every neighbour of a thread's vertices,
// which other threads of any block own, is decided, reading the vertices'
// states through a `volatile` pointer. A GPU runs all the threads of such a
// grid at once (the codes size it to the device), so each loop ends. Run
// thread after thread, block after block, the first thread would wait
// forever for threads that have not started.
//
// So a loop of a kernel whose every exit depends on a volatile or atomic
// load of memory other than shared memory, or on an atomic update that
// changes nothing (`atomicAdd(&flag, 0)`, HeCBench's pad and sc), is a
// spin-wait: nothing but another thread's store ends it. It gets a
// spin-wait's warp yield point (DeviceIR.h) at its header: the warps of the
// block take turns, an iteration at a time, as they would run together, and
// a lane that spins lets the warp's lanes at other yield points run on
// (mm-region-loops). And the kernel is marked `mm-spin-waits`, which its
// descriptor carries to the runtime (MM_KERNEL_SPIN_WAITS), which then runs
// each block on a thread of its own, as many at once as they need
// (mm-region-loops' block function reports when its block does no more than
// wait).
//
// A loop that a counter or its own arithmetic also ends is no spin-wait,
// even where it reads volatile memory (`while (i < end && nv > stat[j])`),
// nor is a compare-and-swap loop (its exit depends on the swap, not a load:
// uncontended, it ends at once). Waiting on shared memory needs no more than
// its block, whose volatile accesses mm-lockstep-volatile-shared orders.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace mm::device;

/// True for an atomic update that leaves every value in memory as it is
/// (`atomicAdd(&flag, 0)`, which instcombine makes an `or` with 0): a
/// load, atomic, of the value.
static bool changesNothing(const AtomicRMWInst &Update) {
  using namespace PatternMatch;
  const Value *Operand = Update.getValOperand();
  switch (Update.getOperation()) {
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
  case AtomicRMWInst::UMax:
    return match(Operand, m_Zero());
  case AtomicRMWInst::And:
  case AtomicRMWInst::UMin:
    return match(Operand, m_AllOnes());
  case AtomicRMWInst::Max:
    return match(Operand, m_SignMask());
  case AtomicRMWInst::Min:
    return match(Operand, m_MaxSignedValue());
  case AtomicRMWInst::FAdd:
    return match(Operand, m_NegZeroFP());
  case AtomicRMWInst::FSub:
    return match(Operand, m_PosZeroFP());
  default:
    return false;
  }
}

/// True for a load whose value another thread's store can change while the
/// loop runs: a volatile or atomic load of memory other than shared memory,
/// or an atomic update that changes nothing.
static bool isLoadOfOthersStores(const Instruction &I) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return (Load->isVolatile() || Load->isAtomic()) &&
           !isSharedMemory(Load->getPointerOperand());
  const auto *Update = dyn_cast<AtomicRMWInst>(&I);
  return Update && changesNothing(*Update) &&
         !isSharedMemory(Update->getPointerOperand());
}

/// True if \p V, in loop \p L, is computed from a load in \p L of what other
/// threads store, and from no compare-and-swap or other atomic update in
/// \p L that changes memory (a lock-free update loop ends once its swap
/// succeeds; a lock's `atomicOr(&lock, bit)` takes it), through its
/// operands and the branches that choose a phi's value.
static bool dependsOnOthersStores(const Value *V, const Loop &L,
                                  const LoopInfo &LI) {
  SmallVector<const Value *> Work{V};
  SmallPtrSet<const Value *, 32> Seen;
  bool Loads = false;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    bool Loaded = isLoadOfOthersStores(*I);
    if (isa<AtomicCmpXchgInst, AtomicRMWInst>(I) && !Loaded)
      return false;
    Loads |= Loaded;
    append_range(Work, I->operands());
    // A phi's value depends on the branches that choose its incoming edge
    // (`missing = 1` on one path, 0 on the other); a loop header's phi
    // chooses by the iteration, as a counter does.
    if (const auto *Phi = dyn_cast<PHINode>(I);
        Phi && !LI.isLoopHeader(Phi->getParent()))
      for (const BasicBlock *Incoming : Phi->blocks())
        Work.push_back(Incoming->getTerminator());
  }
  return Loads;
}

/// The conditions each of which alone ends the loop when \p Condition,
/// which ends it when it is \p EndsWhen, does: the parts of an `||` that
/// ends it when true, of an `&&` that ends it when false
/// (`while (i < end && nv > stat[j])` ends when either part fails).
static void collectEndings(const Value *Condition, bool EndsWhen,
                           SmallVectorImpl<const Value *> &Endings) {
  using namespace PatternMatch;
  const Value *X, *Y;
  if ((EndsWhen && match(Condition, m_LogicalOr(m_Value(X), m_Value(Y)))) ||
      (!EndsWhen && match(Condition, m_LogicalAnd(m_Value(X), m_Value(Y))))) {
    collectEndings(X, EndsWhen, Endings);
    collectEndings(Y, EndsWhen, Endings);
  } else if (match(Condition, m_Not(m_Value(X)))) {
    collectEndings(X, !EndsWhen, Endings);
  } else {
    Endings.push_back(Condition);
  }
}

/// True if nothing but other threads' stores ends \p L: every condition
/// that ends it depends on a load in \p L of what other threads store.
static bool isSpinWait(const Loop &L, const LoopInfo &LI) {
  SmallVector<BasicBlock *> Exiting;
  L.getExitingBlocks(Exiting);
  SmallVector<const Value *> Endings;
  for (const BasicBlock *BB : Exiting) {
    const auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional())
      return false;
    collectEndings(Br->getCondition(), !L.contains(Br->getSuccessor(0)),
                   Endings);
  }
  return !Endings.empty() && all_of(Endings, [&](const Value *Ending) {
    return dependsOnOthersStores(Ending, L, LI);
  });
}

PreservedAnalyses SpinWaitsPass::lower(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &K : kernels(M)) {
    DominatorTree DT(K);
    LoopInfo LI(DT);
    SmallVector<BasicBlock *> Headers;
    for (const Loop *L : LI.getLoopsInPreorder())
      if (isSpinWait(*L, LI))
        Headers.push_back(L->getHeader());
    for (BasicBlock *Header : Headers) {
      IRBuilder<> B(&*Header->getFirstInsertionPt());
      WarpYield::create(B, WarpYield::SpinWait);
    }
    if (!Headers.empty()) {
      K.addFnAttr(SpinWaitsAttr);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
