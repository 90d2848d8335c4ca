//===- LockstepSharedCopies.cpp - Shared-memory copies as in lockstep -----===//
//
// mm-lockstep-shared-copies: a warp's lanes in lockstep do a statement's
// loads before its stores, and code relies on it to move shared memory in
// place with no barrier between the two (CUDA's dxtc sample permutes its
// colors with `colors[xrefs[i]] = colors[i]` in threads 0 to 15). Run
// thread after thread, a thread would read what another has already
// overwritten.
//
// So a copy from shared memory to shared memory in a kernel, a store of a
// value loaded from shared memory in the same basic block with no sync
// point in between, or an llvm.memcpy/memmove of a constant length, gets a
// warp yield point (DeviceIR.h) between its load and its store: the lanes
// of a warp that reach it all load before any of them stores. A copy to
// the very address it reads (`s[i] = s[i]`) is left alone, and so is a
// copy between shared variables that cannot overlap (two static ones, or
// a static one and the dynamic one: `a[i] = b[i]`), where no lane can
// load what another stores.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

/// The longest llvm.memcpy between shared variables that is split into a
/// load and a store: a struct or a small array.
static constexpr uint64_t MaxSplitCopy = 256;

/// True if a sync point or a call that may hold one lies strictly between
/// \p From and \p To, which are in one basic block, \p From first.
static bool syncsBetween(const Instruction *From, const Instruction *To) {
  for (const Instruction *I = From->getNextNode(); I != To;
       I = I->getNextNode())
    if (isa<CallBase>(I) && !isa<DbgInfoIntrinsic>(I) &&
        !isa<MemTransferInst>(I))
      return true;
  return false;
}

PreservedAnalyses LockstepSharedCopiesPass::lower(Module &M,
                                                  ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &K : kernels(M)) {
    SmallVector<StoreInst *> Stores;
    SmallVector<MemTransferInst *> Copies;
    for (Instruction &I : instructions(K)) {
      if (auto *Store = dyn_cast<StoreInst>(&I)) {
        auto *Load = dyn_cast<LoadInst>(Store->getValueOperand());
        if (Load && !Store->isVolatile() && !Load->isVolatile() &&
            Load->getParent() == Store->getParent() &&
            Load->getPointerOperand() != Store->getPointerOperand() &&
            isSharedMemory(Store->getPointerOperand()) &&
            isSharedMemory(Load->getPointerOperand()) &&
            maySharedVariablesOverlap(Load->getPointerOperand(),
                                      Store->getPointerOperand()) &&
            !syncsBetween(Load, Store))
          Stores.push_back(Store);
      } else if (auto *Copy = dyn_cast<MemTransferInst>(&I)) {
        auto *Length = dyn_cast<ConstantInt>(Copy->getLength());
        if (Length && Length->getZExtValue() <= MaxSplitCopy &&
            !Copy->isVolatile() && Copy->getDest() != Copy->getSource() &&
            isSharedMemory(Copy->getDest()) &&
            isSharedMemory(Copy->getSource()) &&
            maySharedVariablesOverlap(Copy->getDest(), Copy->getSource()))
          Copies.push_back(Copy);
      }
    }
    size_t Count = Stores.size() + Copies.size();
    if (Count)
      remarkRepair("mm-lockstep-shared-copies", "Lockstep",
                   Stores.empty() ? *static_cast<Instruction *>(Copies[0])
                                  : *Stores[0],
                   describeLockstep(K, Count,
                                    "copies within shared memory, every "
                                    "lane's load run before any lane's "
                                    "store"));
    for (StoreInst *Store : Stores) {
      IRBuilder<> B(Store);
      WarpYield::create(B);
    }
    for (MemTransferInst *Copy : Copies) {
      // The bytes as one value: loaded, then, after the yield, stored.
      IRBuilder<> B(Copy);
      auto *Bytes = ArrayType::get(
          B.getInt8Ty(), cast<ConstantInt>(Copy->getLength())->getZExtValue());
      LoadInst *Load = B.CreateAlignedLoad(Bytes, Copy->getSource(),
                                           Copy->getSourceAlign().valueOrOne(),
                                           "copied");
      WarpYield::create(B);
      B.CreateAlignedStore(Load, Copy->getDest(),
                           Copy->getDestAlign().valueOrOne());
      Copy->eraseFromParent();
    }
    Changed |= !Stores.empty() || !Copies.empty();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
