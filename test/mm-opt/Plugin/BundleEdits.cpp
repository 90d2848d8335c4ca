//===- BundleEdits.cpp - A bundle pass plugin for the tests ---------------===//
//
// Bundle passes that the lit tests load into mm-opt: add-kernel-module<NAME>
// adds a device submodule NAME with a kernel that stores 42, and declares
// it in the host as `NAME::answer`; break-host leaves the host invalid, for
// the pass manager's verification to catch.
//
//===----------------------------------------------------------------------===//

#include "mm/BundlePasses/BundlePassPlugin.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {
class AddKernelModule : public mm::BundlePass {
public:
  explicit AddKernelModule(std::string Name) : Name(std::move(Name)) {}
  StringRef getName() const override { return "add-kernel-module"; }

  Error run(mm::LoadedBundle &B) override {
    auto Context = std::make_unique<LLVMContext>();
    auto Kernels = std::make_unique<Module>(Name + ".ll", *Context);
    Kernels->setTargetTriple("nvptx64-nvidia-cuda");
    auto *Type = FunctionType::get(Type::getVoidTy(*Context),
                                   {PointerType::get(*Context, 0)}, false);
    Function *Answer = Function::Create(Type, GlobalValue::ExternalLinkage,
                                        "answer", *Kernels);
    Answer->setCallingConv(CallingConv::PTX_Kernel);
    IRBuilder<> Builder(BasicBlock::Create(*Context, "entry", Answer));
    Builder.CreateStore(Builder.getInt32(42), Answer->getArg(0));
    Builder.CreateRetVoid();

    mm::SubmoduleHeader Header;
    Header.Name = Name;
    Header.Kind = mm::ModuleKind::LLVM;
    Header.Triple = "nvptx64-nvidia-cuda";
    Header.Role = mm::ModuleRole::Device;
    if (Error E = B.add(std::make_unique<mm::LoadedSubmodule>(
            std::move(Header), std::move(Context), std::move(Kernels))))
      return E;
    if (mm::LoadedSubmodule *Host = B.getHost())
      if (Module *HostModule = Host->getLLVMModule())
        HostModule->getOrInsertFunction(
            Name + "::answer",
            FunctionType::get(Type::getVoidTy(HostModule->getContext()),
                              {PointerType::get(HostModule->getContext(), 0)},
                              false));
    return Error::success();
  }

private:
  std::string Name;
};

class BreakHost : public mm::BundlePass {
public:
  StringRef getName() const override { return "break-host"; }
  Error run(mm::LoadedBundle &B) override {
    if (mm::LoadedSubmodule *Host = B.getHost())
      if (Module *M = Host->getLLVMModule())
        for (Function &F : *M)
          if (!F.isDeclaration())
            F.getEntryBlock().getTerminator()->eraseFromParent();
    return Error::success();
  }
};
} // namespace

extern "C" MM_PLUGIN_EXPORT mm::BundlePassPluginInfo
mmGetBundlePassPluginInfo() {
  return {MM_BUNDLE_PASS_PLUGIN_API_VERSION, "BundleEdits", "1.0",
          [](mm::BundlePassRegistry &Registry) {
            Registry.registerPass(
                "add-kernel-module",
                [](StringRef Params)
                    -> Expected<std::unique_ptr<mm::BundlePass>> {
                  if (Params.empty())
                    return createStringError("needs a submodule name: "
                                             "add-kernel-module<NAME>");
                  return std::make_unique<AddKernelModule>(Params.str());
                });
            Registry.registerPass(
                "break-host",
                [](StringRef) -> Expected<std::unique_ptr<mm::BundlePass>> {
                  return std::make_unique<BreakHost>();
                });
          }};
}
