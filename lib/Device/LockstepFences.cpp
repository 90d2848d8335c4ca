//===- LockstepFences.cpp - Memory fences of warp-synchronous code -------===//
//
// mm-lockstep-fences: a warp's lanes in lockstep reach a memory fence
// together, each having done its stores before it, and code that keeps a
// data structure in global memory warp by warp relies on it: HeCBench's
// btree rewrites a node, each lane storing its word (lane 30 the node's
// lock word, with the lock bit still set), then every lane runs
// `__threadfence()` and lane 1 clears the lock bit with `atomicAnd`. Run
// thread after thread, lane 1 would clear the bit before lane 30 set it
// again, and the node would stay locked for ever.
//
// So each memory fence of a kernel that synchronizes its threads (a block
// barrier or a warp operation: btree's lanes exchange through shuffles and
// ballots) gets a warp yield point before it (DeviceIR.h): the lanes of a
// warp that reach it do everything before it, their stores included,
// before any goes on; lanes that do not reach it (a fence of thread 0
// alone, between its store of a block's result and the atomic that counts
// the blocks done) need not come. A kernel without sync points keeps its
// thread-after-thread loops: its lanes exchange nothing that a fence would
// order. Fences are rare: of Rodinia's and HeCBench's kernels, those of
// four programs have any.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

PreservedAnalyses LockstepFencesPass::lower(Module &M,
                                            ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &K : kernels(M)) {
    if (none_of(instructions(K), isSynchronizingCall))
      continue;
    SmallVector<Instruction *> Fences;
    for (Instruction &I : instructions(K))
      if (isa<FenceInst>(I))
        Fences.push_back(&I);
    for (Instruction *Fence : Fences) {
      IRBuilder<> B(Fence);
      WarpYield::create(B);
    }
    if (!Fences.empty())
      remarkRepair("mm-lockstep-fences", "Lockstep", *Fences[0],
                   describeLockstep(K, Fences.size(), "memory fences"));
    Changed |= !Fences.empty();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
