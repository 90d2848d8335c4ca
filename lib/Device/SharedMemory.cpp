//===- SharedMemory.cpp - A block's shared memory -------------------------===//
//
// mm-lower-shared-memory: the shared-memory globals ("mm-shared") that a
// kernel's thread function uses are laid out in the block's static shared
// memory, and each use points at the block's instance; an `extern
// __shared__` array (a declaration, or of size 0) is the block's dynamic
// shared memory. The thread function records the static size it needs
// ("mm-static-shared-size"). Only a block has shared memory: a function
// that is not a kernel and uses it traps when the host calls it.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"
#include "RuntimeCalls.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;
using namespace mm::device;

/// Lays out the static shared variables that \p T uses in the block's
/// static shared memory and points every use at the block's instance.
/// Returns the static shared size.
static uint64_t lowerSharedMemory(Function &T, const ThreadValues &TV) {
  Module &M = *T.getParent();
  const DataLayout &DL = M.getDataLayout();
  uint64_t StaticSize = 0;
  for (GlobalVariable &GV : M.globals()) {
    if (!GV.hasAttribute(SharedAttr))
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
    bool IsDynamic = isDynamicSharedVariable(GV);
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
      U->set(IsDynamic ? TV.get(ThreadArg::DynamicShared)
                       : B.CreateConstInBoundsGEP1_64(
                             B.getInt8Ty(), TV.get(ThreadArg::StaticShared),
                             Offset, GV.getName()));
    }
  }
  return alignTo(StaticSize, 16);
}


/// True if \p F uses a shared-memory global, directly or through constants.
static bool usesSharedMemory(Function &F) {
  for (GlobalVariable &GV : F.getParent()->globals()) {
    if (!GV.hasAttribute(SharedAttr))
      continue;
    SmallVector<User *> Users(GV.users());
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

/// Replaces \p F's body by a trap: a direct call from the host has no block.
static void trapOnCall(Function &F) {
  F.deleteBody();
  BasicBlock *Entry = BasicBlock::Create(F.getContext(), "entry", &F);
  IRBuilder<> B(Entry);
  emitTrap(B, ConstantPointerNull::get(B.getPtrTy()),
           (F.getName() + " (uses shared memory outside a kernel)").str());
  B.CreateUnreachable();
}

PreservedAnalyses LowerSharedMemoryPass::lower(Module &M,
                                             ModuleAnalysisManager &) {
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (getKernelOfThreadFunction(F)) {
      setIntegerAttr(F, StaticSharedSizeAttr,
                     lowerSharedMemory(F, ThreadValues::bind(F)));
      continue;
    }
    if (usesSharedMemory(F))
      trapOnCall(F);
  }
  return PreservedAnalyses::none();
}
