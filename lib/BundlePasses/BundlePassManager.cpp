//===- BundlePassManager.cpp - Running and parsing bundle pipelines -------===//

#include "mm/BundlePasses/BundlePass.h"
#include "mm/BundlePasses/BundlePassPlugin.h"
#include "mm/Compile/TargetMachine.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace mm;

BundlePass::~BundlePass() = default;

void BundlePassRegistry::registerPass(StringRef Name,
                                      BundlePassFactory Factory) {
  if (!Factories.try_emplace(Name, std::move(Factory)).second)
    Duplicates.push_back(Name.str());
}

Error BundlePassRegistry::takeErrors() {
  Error Errors = Error::success();
  for (const std::string &Name : Duplicates)
    Errors = joinErrors(std::move(Errors),
                        createStringError("bundle pass '%s' is registered "
                                          "twice",
                                          Name.c_str()));
  Duplicates.clear();
  return Errors;
}

const BundlePassFactory *BundlePassRegistry::lookup(StringRef Name) const {
  auto It = Factories.find(Name);
  return It == Factories.end() ? nullptr : &It->second;
}

std::vector<std::string> BundlePassRegistry::getNames() const {
  std::vector<std::string> Names;
  for (const auto &Entry : Factories)
    Names.push_back(Entry.getKey().str());
  llvm::sort(Names);
  return Names;
}

Error BundlePassManager::run(LoadedBundle &B) {
  for (const std::unique_ptr<BundlePass> &Pass : Passes) {
    if (Error E = Pass->run(B))
      return createStringError("bundle pass '%s': %s",
                               Pass->getName().str().c_str(),
                               toString(std::move(E)).c_str());
    for (const std::unique_ptr<LoadedSubmodule> &M : B.submodules())
      if (Error E = B.verify(*M))
        return createStringError("bundle pass '%s' left submodule '%s' "
                                 "invalid: %s",
                                 Pass->getName().str().c_str(),
                                 M->getName().str().c_str(),
                                 toString(std::move(E)).c_str());
  }
  return Error::success();
}

namespace {
/// `submodules(PIPELINE)`: an LLVM pipeline on every LLVM submodule, with a
/// TargetMachine for its triple, CPU and features, as mm-opt runs one.
class SubmodulePipelinesPass : public BundlePass {
public:
  SubmodulePipelinesPass(std::string Pipeline,
                         ArrayRef<PassBuilderExtension> Extensions)
      : Pipeline(std::move(Pipeline)), Extensions(Extensions) {}
  StringRef getName() const override { return "submodules"; }

  Error run(LoadedBundle &B) override {
    std::optional<Triple> HostTriple;
    if (LoadedSubmodule *Host = B.getHost())
      if (Module *Mod = Host->getLLVMModule())
        HostTriple = Triple(Mod->getTargetTriple());
    for (const std::unique_ptr<LoadedSubmodule> &M : B.submodules()) {
      Module *Mod = M->getLLVMModule();
      if (!Mod)
        continue;
      const SubmoduleOptions &Options = M->getHeader().Options;
      Expected<std::unique_ptr<TargetMachine>> TM =
          createSubmoduleTargetMachine(*Mod, Options.CPU, Options.Features);
      if (!TM)
        return createStringError("submodule '%s': %s",
                                 M->getName().str().c_str(),
                                 toString(TM.takeError()).c_str());
      LLVMPipelineOptions Run;
      Run.Passes = Pipeline;
      Run.TM = TM->get();
      Run.Extensions = Extensions;
      Run.HostTriple = HostTriple;
      if (Error E = runLLVMPipeline(*Mod, Run))
        return createStringError("submodule '%s': %s",
                                 M->getName().str().c_str(),
                                 toString(std::move(E)).c_str());
    }
    return Error::success();
  }

private:
  std::string Pipeline;
  ArrayRef<PassBuilderExtension> Extensions;
};
} // namespace

/// Splits \p Text at the commas outside brackets.
static Expected<SmallVector<StringRef>> splitPipeline(StringRef Text) {
  SmallVector<StringRef> Elements;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I <= Text.size(); ++I) {
    char C = I < Text.size() ? Text[I] : ',';
    if (C == '(' || C == '<')
      ++Depth;
    else if (C == ')' || C == '>')
      --Depth;
    if (Depth < 0)
      return createStringError("unbalanced '%c' in bundle pipeline '%s'", C,
                               Text.str().c_str());
    if (C == ',' && Depth == 0) {
      Elements.push_back(Text.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  if (Depth != 0)
    return createStringError("unbalanced brackets in bundle pipeline '%s'",
                             Text.str().c_str());
  return Elements;
}

Error mm::parseBundlePipeline(StringRef Text, const BundlePassRegistry &Registry,
                              ArrayRef<PassBuilderExtension> Extensions,
                              BundlePassManager &PM) {
  Expected<SmallVector<StringRef>> Elements = splitPipeline(Text);
  if (!Elements)
    return Elements.takeError();
  for (StringRef Element : *Elements) {
    if (Element.empty())
      return createStringError("empty element in bundle pipeline '%s'",
                               Text.str().c_str());
    StringRef Inner = Element;
    if (Inner.consume_front("submodules(") && Inner.consume_back(")")) {
      PM.addPass(
          std::make_unique<SubmodulePipelinesPass>(Inner.str(), Extensions));
      continue;
    }
    StringRef Name = Element, Params;
    if (size_t Open = Element.find('<'); Open != StringRef::npos) {
      if (!Element.ends_with(">"))
        return createStringError("bundle pass '%s': parameters go between "
                                 "'<' and '>' at its end",
                                 Element.str().c_str());
      Name = Element.take_front(Open);
      Params = Element.drop_front(Open + 1).drop_back();
    }
    const BundlePassFactory *Factory = Registry.lookup(Name);
    if (!Factory) {
      std::string Known;
      for (const std::string &Registered : Registry.getNames())
        Known += (Known.empty() ? "" : ", ") + Registered;
      return createStringError("unknown bundle pass '%s' (the bundle passes "
                               "are submodules(PIPELINE) and: %s)",
                               Name.str().c_str(), Known.c_str());
    }
    Expected<std::unique_ptr<BundlePass>> Pass = (*Factory)(Params);
    if (!Pass)
      return createStringError("bundle pass '%s': %s", Name.str().c_str(),
                               toString(Pass.takeError()).c_str());
    PM.addPass(std::move(*Pass));
  }
  return Error::success();
}

Error mm::runBundlePipeline(Bundle &B, StringRef Pipeline,
                            const BundlePassRegistry &Registry,
                            ArrayRef<PassBuilderExtension> Extensions) {
  BundlePassManager PM;
  if (Error E = parseBundlePipeline(Pipeline, Registry, Extensions, PM))
    return E;
  Expected<LoadedBundle> Loaded = LoadedBundle::load(B);
  if (!Loaded)
    return Loaded.takeError();
  if (Error E = PM.run(*Loaded))
    return E;
  if (Error E = Loaded->store(B))
    return E;
  // Written as a bundle from now on, even with one submodule left.
  B.setPlainModule(false);
  return Error::success();
}

Error mm::loadBundlePassPlugin(StringRef Path, BundlePassRegistry &Registry,
                               bool &HasBundlePasses) {
  std::string Message;
  sys::DynamicLibrary Library =
      sys::DynamicLibrary::getPermanentLibrary(Path.str().c_str(), &Message);
  if (!Library.isValid())
    // Worded as LLVM's PassPlugin::Load words it.
    return createStringError("cannot load pass plugin '%s': Could not load "
                             "library '%s': %s",
                             Path.str().c_str(), Path.str().c_str(),
                             Message.c_str());
  auto *GetInfo = reinterpret_cast<BundlePassPluginInfo (*)()>(
      Library.getAddressOfSymbol("mmGetBundlePassPluginInfo"));
  HasBundlePasses = GetInfo;
  if (!GetInfo)
    return Error::success();
  BundlePassPluginInfo Info = GetInfo();
  if (Info.APIVersion != MM_BUNDLE_PASS_PLUGIN_API_VERSION)
    return createStringError("plugin '%s' was built for bundle pass API "
                             "version %u, not %u",
                             Path.str().c_str(), Info.APIVersion,
                             MM_BUNDLE_PASS_PLUGIN_API_VERSION);
  if (Info.RegisterBundlePasses)
    Info.RegisterBundlePasses(Registry);
  if (Error E = Registry.takeErrors())
    return createStringError("plugin '%s': %s", Path.str().c_str(),
                             toString(std::move(E)).c_str());
  return Error::success();
}
