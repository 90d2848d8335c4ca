//===- Finalize.cpp - The lowered module, checked -------------------------===//
//
// mm-finalize-device: the kernels' declarations go (only the runtime
// launches a kernel, through its descriptor: device code that refers to one
// is an error), and so do the shared-memory placeholders (a use left
// outside a function's code is an error), the marks that the passes left
// for each other (attributes, metadata, module flags), and the internal
// functions and declarations that nothing uses any more (device functions
// inlined into kernels, replaced device intrinsics). The result must verify:
// if it does not, that is a bug of the lowering, reported as such.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace mm::device;

/// Erases internal functions and declarations that nothing uses any more,
/// until none is left.
static void eraseDeadInternalFunctions(Module &M) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Function &F : make_early_inc_range(M)) {
      if (!F.hasLocalLinkage() && !F.isDeclaration())
        continue;
      F.removeDeadConstantUsers();
      if (!F.use_empty())
        continue;
      F.eraseFromParent();
      Changed = true;
    }
  }
}

/// Erases the module flags that the passes left for each other.
static void eraseLoweringFlags(Module &M) {
  NamedMDNode *Flags = M.getModuleFlagsMetadata();
  if (!Flags)
    return;
  SmallVector<MDNode *, 8> Kept;
  for (MDNode *Flag : Flags->operands()) {
    auto *Key = dyn_cast<MDString>(Flag->getOperand(1));
    if (!Key || (Key->getString() != WarpSizeFlag &&
                 Key->getString() != AMDGCNFlag))
      Kept.push_back(Flag);
  }
  Flags->clearOperands();
  for (MDNode *Flag : Kept)
    Flags->addOperand(Flag);
  if (Kept.empty())
    Flags->eraseFromParent();
}

PreservedAnalyses FinalizeDevicePass::lower(Module &M, ModuleAnalysisManager &) {
  for (Function &K : make_early_inc_range(M)) {
    if (!K.hasFnAttribute(KernelAttr))
      continue;
    K.removeDeadConstantUsers();
    if (!K.use_empty()) {
      reportError(M, K.getName(),
                  "a kernel is referenced by device code; only the runtime "
                  "can launch it");
      return PreservedAnalyses::all();
    }
    K.eraseFromParent();
  }
  // clang keeps a `__device__ __shared__` variable in llvm.compiler.used,
  // which is no use of its memory.
  removeFromUsedLists(M, [](Constant *C) {
    auto *GV = dyn_cast<GlobalVariable>(C->stripPointerCasts());
    return GV && GV->hasAttribute(SharedAttr);
  });
  for (GlobalVariable &Shared : make_early_inc_range(M.globals())) {
    if (!Shared.hasAttribute(SharedAttr))
      continue;
    Shared.removeDeadConstantUsers();
    if (!Shared.use_empty()) {
      reportError(M, "",
                  "shared variable '" + Shared.getName() +
                      "' is used outside the code of a function");
      return PreservedAnalyses::all();
    }
    Shared.eraseFromParent();
  }
  // The thread functions are inlined into their block functions by the
  // optimizer; what they record is for the passes before this one.
  for (Function &F : M)
    for (StringRef Kind :
         {ThreadOfAttr, ResumableAttr, HasBarriersAttr, HasWarpOpsAttr,
          BlockRangesAttr, GridRowAttr, SpinWaitsAttr, StaticSharedSizeAttr,
          ScratchSizeAttr, BlockBarriersAttr, UniformBufferSizeAttr})
      F.removeFnAttr(Kind);
  for (Function &F : M)
    F.setMetadata(UniformSlotsMetadata, nullptr);
  eraseLoweringFlags(M);
  eraseDeadInternalFunctions(M);

  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyModule(M, &OS))
    reportError(M, "",
                "the lowered module is invalid (a bug in the device "
                "lowering): " +
                    OS.str());
  return PreservedAnalyses::none();
}
