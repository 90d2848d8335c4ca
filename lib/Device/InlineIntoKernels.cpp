//===- InlineIntoKernels.cpp - Every call inlined into each kernel --------===//
//
// mm-inline-into-kernels: a kernel's thread function runs in loops over the
// block's threads and is split at barriers, which must be visible in the
// kernel itself: every call from a kernel to a defined function is inlined,
// round after round, until none is left. A call still there after many
// rounds is recursive, which the CPU lowering cannot run. A thread's exit
// (PTX's `exit`) becomes the kernel's return.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace mm::device;

/// Inlines every call in \p K; reports the first failure.
static bool inlineIntoKernel(Function &K) {
  // Each round inlines the calls the previous one exposed.
  constexpr unsigned MaxRounds = 64;
  for (unsigned Round = 0; Round <= MaxRounds; ++Round) {
    SmallVector<CallBase *> Calls;
    for (BasicBlock &BB : K)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I))
          if (Function *Callee = Call->getCalledFunction();
              Callee && !Callee->isDeclaration())
            Calls.push_back(Call);
    if (Calls.empty())
      return true;
    if (Round == MaxRounds) {
      reportError(*K.getParent(), K.getName(),
                  "calls '" + Calls.front()->getCalledFunction()->getName() +
                      "' recursively; kernels on the CPU need every call "
                      "inlined");
      return false;
    }
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
  llvm_unreachable("the loop returns");
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
