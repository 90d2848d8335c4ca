//===- InlineIntoKernels.cpp - Every call inlined into each kernel --------===//
//
// mm-inline-into-kernels: a kernel's thread function runs in loops over the
// block's threads and is split at barriers, which must be visible in the
// kernel itself: every call from a kernel to a defined function is inlined,
// round after round, until none is left. A kernel that reaches recursion,
// which inlining cannot end, is an error before anything is inlined. A
// thread's exit (PTX's `exit`) becomes the kernel's return.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace mm::device;

/// The calls in \p F of functions defined in the module.
static SmallVector<CallBase *> getCallsOfDefined(Function &F) {
  SmallVector<CallBase *> Calls;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction();
          Callee && !Callee->isDeclaration())
        Calls.push_back(Call);
  return Calls;
}

/// A function that \p K reaches through calls and that calls itself again,
/// directly or through others: recursion, which inlining cannot end (two
/// calls of itself would double the code with every round).
static Function *findRecursion(Function &K) {
  // Depth first; a function on the path that is called again is recursive.
  SmallPtrSet<Function *, 16> OnPath, Done;
  std::function<Function *(Function &)> Visit = [&](Function &F) -> Function * {
    OnPath.insert(&F);
    for (CallBase *Call : getCallsOfDefined(F)) {
      Function *Callee = Call->getCalledFunction();
      if (OnPath.contains(Callee))
        return Callee;
      if (!Done.contains(Callee))
        if (Function *Recursive = Visit(*Callee))
          return Recursive;
    }
    OnPath.erase(&F);
    Done.insert(&F);
    return nullptr;
  };
  return Visit(K);
}

/// Inlines every call in \p K; reports the first failure.
static bool inlineIntoKernel(Function &K) {
  if (Function *Recursive = findRecursion(K)) {
    reportError(*K.getParent(), K.getName(),
                "calls '" + Recursive->getName() +
                    "' recursively; kernels on the CPU need every call "
                    "inlined");
    return false;
  }
  // Each round inlines the calls the previous one exposed; without
  // recursion, the rounds end.
  while (true) {
    SmallVector<CallBase *> Calls = getCallsOfDefined(K);
    if (Calls.empty())
      return true;
    for (CallBase *Call : Calls) {
      StringRef Callee = Call->getCalledFunction()->getName();
      InlineFunctionInfo Info;
      InlineResult Result = InlineFunction(*Call, Info);
      if (!Result.isSuccess()) {
        reportError(*K.getParent(), K.getName(),
                    "cannot inline '" + Callee +
                        "': " + Result.getFailureReason());
        return false;
      }
    }
  }
}

/// Makes each thread exit that \p M's functions call (PTX's `exit`) the
/// return of its kernel; in a function that is not a kernel, which only
/// the host can call now, a trap.
static void lowerThreadExits(Module &M) {
  Function *Exit = M.getFunction(ThreadExitName);
  if (!Exit)
    return;
  for (User *U : make_early_inc_range(Exit->users())) {
    auto *Call = cast<CallInst>(U);
    IRBuilder<> B(Call);
    Function &F = *Call->getFunction();
    if (!isKernelDefinition(F)) {
      B.CreateIntrinsic(Intrinsic::trap, {}, {});
      Call->eraseFromParent();
      continue;
    }
    // What follows the exit is dead: the block ends there.
    BasicBlock *Rest = Call->getParent()->splitBasicBlock(Call->getNextNode());
    Call->getParent()->getTerminator()->eraseFromParent();
    B.SetInsertPoint(Call->getParent());
    B.CreateRetVoid();
    Call->eraseFromParent();
    DeleteDeadBlock(Rest);
  }
  Exit->eraseFromParent();
}

PreservedAnalyses InlineIntoKernelsPass::lower(Module &M,
                                             ModuleAnalysisManager &) {
  for (Function &K : kernels(M))
    if (!inlineIntoKernel(K))
      return PreservedAnalyses::none();
  lowerThreadExits(M);
  return PreservedAnalyses::none();
}
