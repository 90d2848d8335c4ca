//===- LinkSubmodules.cpp - Link device parts of one target ---------------===//

#include "BuiltinPasses.h"
#include "mm/Support/LinkModules.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

/// \p From as a module of \p Context: modules of different contexts cannot
/// be linked.
static Expected<std::unique_ptr<Module>> copyInto(const Module &From,
                                                  LLVMContext &Context) {
  SmallString<0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(From, OS);
  return parseBitcodeFile(MemoryBufferRef(Bitcode, From.getName()), Context);
}

/// Points every `OLD::SYM` of the bundle's LLVM submodules at `NEW::SYM`.
static void redirectReferences(LoadedBundle &B, StringRef Old, StringRef New) {
  std::string OldPrefix = (Old + "::").str();
  for (const std::unique_ptr<LoadedSubmodule> &M : B.submodules()) {
    Module *Mod = M->getLLVMModule();
    if (!Mod)
      continue;
    for (GlobalValue &G : make_early_inc_range(Mod->global_values())) {
      if (!G.getName().starts_with(OldPrefix))
        continue;
      std::string Target =
          (New + "::" + G.getName().drop_front(OldPrefix.size())).str();
      if (GlobalValue *Existing = Mod->getNamedValue(Target)) {
        G.replaceAllUsesWith(Existing);
        G.eraseFromParent();
      } else {
        G.setName(Target);
      }
    }
  }
}

namespace {
class LinkSubmodulesPass : public BundlePass {
public:
  StringRef getName() const override { return "link-submodules"; }

  Error run(LoadedBundle &B) override {
    // Each device submodule, in bundle order, into the first LLVM device
    // submodule of its triple.
    StringMap<std::string> FirstOfTriple;
    std::vector<std::pair<std::string, std::string>> Links; // from, into
    for (const std::unique_ptr<LoadedSubmodule> &M : B.submodules()) {
      Module *Mod = M->getLLVMModule();
      if (!Mod || M->getRole() != ModuleRole::Device)
        continue;
      auto [First, Inserted] =
          FirstOfTriple.try_emplace(Mod->getTargetTriple(), M->getName());
      if (Inserted)
        continue;
      // A submodule named as a whole (`NAME::`, or its name as a string, as
      // mm_get_kernel("NAME", ...) names it) keeps its name.
      SubmoduleReferences Refs = B.getReferencesTo(*M);
      if (!Refs.Whole && !Refs.NameAsString)
        Links.emplace_back(M->getName().str(), First->second);
    }
    for (auto &[From, Into] : Links)
      if (Error E = link(B, *B.lookup(Into), *B.lookup(From)))
        return E;
    return Error::success();
  }

private:
  Error link(LoadedBundle &B, LoadedSubmodule &Into, LoadedSubmodule &From) {
    Module &Dest = *Into.getLLVMModule();
    Expected<std::unique_ptr<Module>> Copy =
        copyInto(*From.getLLVMModule(), Dest.getContext());
    if (!Copy)
      return Copy.takeError();
    if (Error E = linkModuleInto(Dest, std::move(*Copy)))
      return createStringError("cannot link submodule '%s' into '%s': %s",
                               From.getName().str().c_str(),
                               Into.getName().str().c_str(),
                               toString(std::move(E)).c_str());
    std::string FromName = From.getName().str();
    redirectReferences(B, FromName, Into.getName());
    return B.remove(FromName);
  }
};
} // namespace

std::unique_ptr<BundlePass> mm::createLinkSubmodulesPass() {
  return std::make_unique<LinkSubmodulesPass>();
}
