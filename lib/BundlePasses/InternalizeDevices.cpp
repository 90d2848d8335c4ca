//===- InternalizeDevices.cpp - Internal linkage for device code ----------===//

#include "BuiltinPasses.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;
using namespace mm;

/// The functions that \p M's `nvvm.annotations` mark as kernels (clang's
/// CUDA before LLVM 20), with those whose calling convention says so.
static SmallPtrSet<const GlobalValue *, 8> getKernels(const Module &M) {
  SmallPtrSet<const GlobalValue *, 8> Kernels;
  for (const Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel ||
        F.getCallingConv() == CallingConv::AMDGPU_KERNEL)
      Kernels.insert(&F);
  if (const NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    for (const MDNode *Node : Annotations->operands()) {
      if (Node->getNumOperands() < 2)
        continue;
      auto *Kind = dyn_cast<MDString>(Node->getOperand(1));
      if (!Kind || Kind->getString() != "kernel")
        continue;
      if (auto *Value = dyn_cast_if_present<ValueAsMetadata>(Node->getOperand(0)))
        if (auto *G = dyn_cast<GlobalValue>(Value->getValue()))
          Kernels.insert(G);
    }
  return Kernels;
}

namespace {
class InternalizeDevicesPass : public BundlePass {
public:
  StringRef getName() const override { return "internalize-devices"; }

  Error run(LoadedBundle &B) override {
    for (const std::unique_ptr<LoadedSubmodule> &M : B.submodules()) {
      Module *Mod = M->getLLVMModule();
      if (!Mod || M->getRole() != ModuleRole::Device)
        continue;
      SubmoduleReferences Refs = B.getReferencesTo(*M);
      SmallPtrSet<const GlobalValue *, 8> Kernels = getKernels(*Mod);
      SmallVector<GlobalValue *, 8> Used;
      collectUsedGlobalVariables(*Mod, Used, /*CompilerUsed=*/false);
      collectUsedGlobalVariables(*Mod, Used, /*CompilerUsed=*/true);
      for (GlobalValue &G : Mod->global_values()) {
        if (G.isDeclaration() || G.hasLocalLinkage() ||
            G.getName().starts_with("llvm.") || Kernels.contains(&G) ||
            is_contained(Used, &G) || Refs.Symbols.contains(G.getName()) ||
            Refs.SymbolsByString.contains(G.getName()))
          continue;
        G.setLinkage(GlobalValue::InternalLinkage);
        G.setVisibility(GlobalValue::DefaultVisibility);
      }
    }
    return Error::success();
  }
};
} // namespace

std::unique_ptr<BundlePass> mm::createInternalizeDevicesPass() {
  return std::make_unique<InternalizeDevicesPass>();
}
