//===- LockstepStridedLoops.cpp - Loops run iteration by iteration --------===//
//
// mm-lockstep-strided-loops: GPU code lays arrays out for a warp's lanes
// running a loop in lockstep. In `for (j = 0; j < n; j++) s += a[j * N +
// tid]` each iteration's loads are consecutive across the threads of a
// warp (coalesced), and each thread strides N elements per iteration.
// Run thread after thread, as the work-item loops run a kernel without
// sync points, every load of every thread touches a new cache line, and
// strides of a power of two map them all to the same cache sets: Rodinia's
// streamcluster and kmeans spent nearly all their time in such loads.
//
// So in a kernel with no sync points of its own, one innermost loop with a
// straight-line body that loads through a thread-dependent address with a
// stride of at least a cache line, or of a stride not known at compile
// time, and whose trip count is the same in every thread, gets a warp
// yield point (DeviceIR.h) at its head: of several, the one with the most
// such loads. The kernel becomes resumable: the block runs the loop one
// iteration at a time for all its threads, each iteration a region whose
// loop over the threads makes the loads consecutive (and vectorizable).
//
// A yield point changes no result: it only orders the threads. With that
// yield point as the kernel's only sync point, a thread is either at
// it or has exited, so threads never stop at different sync points. A
// thread that skips the loop (a guard `if (tid < n)`) exits and waits for
// nobody; a trip count that differed would only cost speed, which is why
// the loop's must be the same in every thread (a function of the kernel's
// arguments and block queries).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm::device;

/// The smallest stride, in bytes, per iteration of a thread's loads that
/// makes running the loop's threads one after another touch a new cache
/// line per load.
static constexpr int64_t CacheLineBytes = 64;

/// True if \p L's body is straight-line code: its only conditional branch
/// is its latch's exit test. A body with branches of its own does not
/// vectorize across the threads, and running it a region per iteration
/// costs more than the strided loads did: Rodinia's kmeans, whose texture
/// fetch branches on its texture's format (the same in every iteration and
/// thread: LLVM unswitches it), ran 2.4 times slower with a region per
/// iteration of its loop over the features, nested in its loop over the
/// clusters, whose counters were kept per thread.
static bool isStraightLine(const Loop &L) {
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Latch || L.getExitingBlock() != Latch)
    return false;
  return all_of(L.blocks(), [&](const BasicBlock *BB) {
    const auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    return Br && (Br->isUnconditional() || BB == Latch);
  });
}

/// True if \p L runs as many iterations in every thread of a block.
static bool hasSameTripCountInEveryThread(const Loop &L, ScalarEvolution &SE) {
  const SCEV *Count = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Count))
    return false;
  return !SCEVExprContains(Count, [](const SCEV *S) {
    const auto *Unknown = dyn_cast<SCEVUnknown>(S);
    return Unknown && !isSameInEveryThread(Unknown->getValue());
  });
}

/// The smallest step per iteration, in elements, of an integer index that
/// makes an access of 4-byte or larger elements stride a cache line.
static constexpr int64_t CacheLineElements = CacheLineBytes / 4;

/// True if \p V, a value in the address computation of a load in \p L,
/// moves by a step per iteration of \p L that is not known at compile
/// time, or of at least a cache line: a pointer by CacheLineBytes, an
/// index by CacheLineElements.
static bool isStridedInLoop(Value *V, const Loop &L, ScalarEvolution &SE) {
  if (!SE.isSCEVable(V->getType()))
    return false;
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(V));
  if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
    return false;
  const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
  if (!Step)
    return true;
  int64_t Least =
      V->getType()->isPointerTy() ? CacheLineBytes : CacheLineElements;
  return Step->getAPInt().abs().sge(Least);
}

/// The loads in \p L that go through an address that depends on the
/// thread's index and is computed from a value that strides in \p L (the
/// address itself, or an index into an array whose base the loop reloads,
/// as a texture fetch does).
static unsigned countStridedThreadLoads(const Loop &L, ScalarEvolution &SE) {
  unsigned Count = 0;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto *Load = dyn_cast<LoadInst>(&I);
      if (!Load || Load->isVolatile())
        continue;
      if (!dependsOnThreadIndex(Load->getPointerOperand()))
        continue;
      SmallVector<Value *> Work{Load->getPointerOperand()};
      SmallPtrSet<const Value *, 32> Seen;
      while (!Work.empty()) {
        Value *V = Work.pop_back_val();
        auto *Computed = dyn_cast<Instruction>(V);
        if (!Computed || !L.contains(Computed) || isa<PHINode>(Computed) ||
            !Seen.insert(V).second)
          continue;
        if (isStridedInLoop(V, L, SE)) {
          ++Count;
          break;
        }
        append_range(Work, Computed->operands());
      }
    }
  return Count;
}

/// The header of the loop of \p K that should run iteration by iteration,
/// or null: of the loops that qualify, the one with the most strided loads
/// (a loop unrolled by clang qualifies with its remainder loop; the
/// unrolled body has the most).
static BasicBlock *getStridedLoopHeader(Function &K) {
  DominatorTree DT(K);
  LoopInfo LI(DT);
  TargetLibraryInfoImpl TLII(Triple(K.getParent()->getTargetTriple()));
  TargetLibraryInfo TLI(TLII, &K);
  AssumptionCache AC(K);
  ScalarEvolution SE(K, TLI, AC, DT, LI);
  BasicBlock *Best = nullptr;
  unsigned BestLoads = 0;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost() || !isStraightLine(*L))
      continue;
    unsigned Loads = countStridedThreadLoads(*L, SE);
    if (Loads > BestLoads && hasSameTripCountInEveryThread(*L, SE)) {
      Best = L->getHeader();
      BestLoads = Loads;
    }
  }
  return Best;
}

PreservedAnalyses LockstepStridedLoopsPass::lower(Module &M,
                                                  ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &K : kernels(M)) {
    if (any_of(instructions(K), isSynchronizingCall))
      continue;
    BasicBlock *Header = getStridedLoopHeader(K);
    if (!Header)
      continue;
    IRBuilder<> B(&*Header->getFirstInsertionPt());
    remarkRepair("mm-lockstep-strided-loops", "Lockstep",
                 *WarpYield::create(B),
                 describeLockstep(K, 1,
                                  "a loop whose threads stride through "
                                  "memory, run iteration by iteration"));
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
