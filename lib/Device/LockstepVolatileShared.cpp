//===- LockstepVolatileShared.cpp - Warp-synchronous shared memory -------===//
//
// mm-lockstep-volatile-shared: code written for GPUs before Volta's
// independent thread scheduling relies on a warp's lanes running in
// lockstep, and marks the shared memory that lanes exchange through
// `volatile` so that each access happens when written (the warp reductions
// and scans of CUDA's samples: `s[i] = t += s[i - 1]; s[i] = t += s[i - 2];
// ...`, with no __syncwarp between steps). Run thread after thread, each
// lane would do all its steps before the next lane its first.
//
// So each volatile load or store of shared memory in a kernel gets a warp
// yield point before it (DeviceIR.h): the lanes of a warp that reach it run
// on from it together, one access at a time, as in lockstep; lanes that do
// not reach it (a branch taken by some lanes) need not come, so code where
// `volatile` only keeps a flag out of registers runs as before.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

PreservedAnalyses LockstepVolatileSharedPass::lower(Module &M,
                                                    ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &K : kernels(M)) {
    SmallVector<Instruction *> Accesses;
    for (BasicBlock &BB : K)
      for (Instruction &I : BB) {
        if (auto *Load = dyn_cast<LoadInst>(&I);
            Load && Load->isVolatile() &&
            isSharedMemory(Load->getPointerOperand()))
          Accesses.push_back(Load);
        if (auto *Store = dyn_cast<StoreInst>(&I);
            Store && Store->isVolatile() &&
            isSharedMemory(Store->getPointerOperand()))
          Accesses.push_back(Store);
      }
    for (Instruction *Access : Accesses) {
      IRBuilder<> B(Access);
      WarpYield::create(B);
    }
    if (!Accesses.empty())
      remarkRepair("mm-lockstep-volatile-shared", "Lockstep", *Accesses[0],
                   describeLockstep(K, Accesses.size(),
                                    "volatile accesses of shared memory"));
    Changed |= !Accesses.empty();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
