//===- ThreadFunctions.cpp - A kernel's body as its thread function -------===//
//
// mm-thread-functions: kernel K's body moves into its thread function
// `K.mm.thread` ("mm-thread-of"="K"), which is what one thread of a block
// runs: K's parameters, then the block's and the thread's state
// (ThreadArgs.def). A kernel that synchronizes (a barrier, a warp
// operation: isSynchronizingIntrinsic) gets a resumable thread function
// ("mm-resumable"), which also takes the resumable parameters and returns
// the sync point it stopped at, 0 at the end. K stays as a declaration with
// "mm-kernel", for its signature, until mm-finalize-device.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

static void createThreadFunction(Function &K) {
  LLVMContext &C = K.getContext();
  bool Resumable = any_of(instructions(K), isSynchronizingCall);
  Function *T = Function::Create(
      ThreadValues::getThreadFunctionType(K, Resumable),
      GlobalValue::InternalLinkage, K.getName() + ".mm.thread", K.getParent());
  T->copyAttributesFrom(&K);
  T->setLinkage(GlobalValue::InternalLinkage);
  T->setVisibility(GlobalValue::DefaultVisibility);
  T->setDSOLocal(true);
  T->removeFnAttr(KernelAttr);
  T->addFnAttr(ThreadOfAttr, K.getName());
  if (Resumable)
    T->addFnAttr(ResumableAttr);
  T->addFnAttr(Attribute::AlwaysInline);
  T->removeFnAttr(Attribute::NoInline);
  T->removeFnAttr(Attribute::OptimizeNone);
  T->splice(T->end(), &K);
  // The kernel's source is the thread function's: a debugger stops there.
  T->setSubprogram(K.getSubprogram());
  K.setSubprogram(nullptr);
  for (auto [Old, New] : zip(K.args(), T->args())) {
    New.takeName(&Old);
    Old.replaceAllUsesWith(&New);
  }
  if (Resumable)
    for (BasicBlock &BB : *T)
      if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
        ReturnInst::Create(C, ConstantInt::get(Type::getInt32Ty(C), 0), &BB);
        Ret->eraseFromParent();
      }
  ThreadValues::bind(*T);
}

PreservedAnalyses ThreadFunctionsPass::lower(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *> Kernels;
  // Listed first: each thread function is added to the module.
  for (Function &K : kernels(M))
    Kernels.push_back(&K);
  for (Function *K : Kernels)
    createThreadFunction(*K);
  return Kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
