//===- InlineAsm.cpp - Inline assembly in device code ---------------------===//
//
// mm-lower-inline-asm. Device code may hold inline assembly: libdevice
// computes reciprocals, argument reductions and carries in PTX
// (`rcp.approx.ftz.f32`, `mad.lo.cc.u32` / `madc.hi.u32`), and CUDA code
// reads special registers or shuffles in PTX. None of it means anything to
// the host's backend. This pass translates the PTX that it knows into the IR
// that computes the same values (PTXTranslator.h); any other inline
// assembly it replaces with a trap that quotes it, reached only by the
// launches that run it, and a warning that names the function and quotes
// the assembly. See docs/device-lowering.md.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "PTXTranslator.h"
#include "Passes.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"

using namespace llvm;
using namespace mm::device;

PreservedAnalyses LowerInlineAsmPass::lower(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallBase *> Calls;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I); Call && Call->isInlineAsm())
          Calls.push_back(Call);
  if (Calls.empty())
    return PreservedAnalyses::all();
  // What is not translated, replaced once every call has been seen: the
  // replacement takes the rest of the block, other calls with it.
  SmallVector<std::pair<WeakVH, std::string>> Unsupported;
  for (CallBase *Call : Calls) {
    const auto &Asm = *cast<InlineAsm>(Call->getCalledOperand());
    auto Reject = [&](const Twine &Why) {
      Unsupported.emplace_back(Call, ("unsupported inline assembly '" +
                                      StringRef(Asm.getAsmString()).trim() +
                                      "': " + Why)
                                         .str());
    };
    if (isAMDGCNCode(M)) {
      Reject("inline assembly of amdgcn is not translated");
      continue;
    }
    Expected<SmallVector<Value *, 4>> Outputs =
        PTXTranslator(*Call, Asm).run();
    if (!Outputs) {
      Reject(toString(Outputs.takeError()));
      continue;
    }
    if (auto *ST = dyn_cast<StructType>(Call->getType())) {
      IRBuilder<> B(Call);
      Value *Aggregate = PoisonValue::get(ST);
      for (auto [I, V] : enumerate(*Outputs))
        Aggregate = B.CreateInsertValue(Aggregate, V, I);
      Call->replaceAllUsesWith(Aggregate);
    } else if (!Call->getType()->isVoidTy()) {
      Call->replaceAllUsesWith(Outputs->front());
    }
    Call->eraseFromParent();
  }
  for (auto &[Call, Why] : Unsupported)
    if (Call)
      replaceWithUnsupported(*cast<Instruction>(Call), Why);
  return PreservedAnalyses::none();
}
