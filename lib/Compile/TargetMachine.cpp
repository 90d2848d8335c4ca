//===- TargetMachine.cpp - The TargetMachine of a submodule ---------------===//

#include "mm/Compile/TargetMachine.h"
#include "mm/Compile/ScopedOptions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"

#include <thread>

using namespace llvm;
using namespace mm;

void mm::resolveNativeCPU(std::string &CPU, std::string &Features) {
  if (CPU != "native")
    return;
  CPU = sys::getHostCPUName().str();
  SubtargetFeatures Host;
  for (const auto &[Feature, Enabled] : sys::getHostCPUFeatures())
    Host.AddFeature(Feature, Enabled);
  if (!Features.empty())
    Host.addFeaturesVector(SubtargetFeatures(Features).getFeatures());
  Features = Host.getString();
}

/// LLVM only warns about an unknown CPU or feature and ignores it; for a
/// submodule's own options that is an error. `help`, as a CPU or a feature,
/// is LLVM's request to list the target's CPUs and features, which creating
/// the target machine then prints, as in llc.
static Error checkCPUAndFeatures(const Target &TheTarget, const Triple &TT,
                                 StringRef CPU, StringRef Features) {
  if (CPU.empty() && Features.empty())
    return Error::success();
  std::unique_ptr<MCSubtargetInfo> STI(
      TheTarget.createMCSubtargetInfo(TT.getTriple(), "", ""));
  if (!STI)
    return Error::success();
  if (!CPU.empty() && CPU != "help" && !STI->isCPUStringValid(CPU))
    return createStringError("unknown CPU '%s' for target '%s'",
                             CPU.str().c_str(), TT.str().c_str());
  SubtargetFeatures FeatureList(Features);
  for (const std::string &Feature : FeatureList.getFeatures()) {
    StringRef Name = SubtargetFeatures::StripFlag(Feature);
    if (Name == "help")
      continue;
    if (!any_of(STI->getAllProcessorFeatures(),
                [&](const SubtargetFeatureKV &KV) { return Name == KV.Key; }))
      return createStringError("unknown feature '%s' for target '%s'",
                               Feature.c_str(), TT.str().c_str());
  }
  return Error::success();
}

Expected<std::unique_ptr<TargetMachine>> mm::createTargetMachineForTriple(
    const Triple &ModuleTriple, StringRef CPUName, StringRef FeatureList,
    CodeGenOptLevel Level,
    function_ref<void(TargetOptions &)> CustomizeOptions) {
  // As opt and llc look their target up: -march names the target and
  // replaces the triple's architecture (llc -march=x86 on an x86_64 module
  // compiles for i386).
  Triple TT = ModuleTriple;
  if (codegen::getMArch().empty() && TT.getArch() == Triple::UnknownArch)
    return createStringError("unrecognized architecture '%s' in triple '%s'",
                             TT.getArchName().str().c_str(),
                             TT.str().c_str());
  std::string LookupError;
  const Target *TheTarget =
      TargetRegistry::lookupTarget(codegen::getMArch(), TT, LookupError);
  if (!TheTarget)
    return createStringError("no target for triple '%s': %s",
                             TT.str().c_str(), LookupError.c_str());
  std::string CPU = CPUName.str(), Features = FeatureList.str();
  resolveNativeCPU(CPU, Features);
  if (Error E = checkCPUAndFeatures(*TheTarget, TT, CPU, Features))
    return std::move(E);
  TargetOptions Options = codegen::InitTargetOptionsFromCodeGenFlags(TT);
  if (CustomizeOptions)
    CustomizeOptions(Options);
  std::unique_ptr<TargetMachine> TM(TheTarget->createTargetMachine(
      TT.getTriple(), CPU, Features, Options, codegen::getExplicitRelocModel(),
      codegen::getExplicitCodeModel(), Level));
  if (!TM)
    return createStringError("cannot create a target machine for '%s'",
                             TT.str().c_str());
  return std::move(TM);
}

/// Whether \p TT, a module's triple, names no target (opt then makes no
/// TargetMachine).
static bool namesNoTarget(const Triple &TT) {
  return TT.getArch() == Triple::UnknownArch &&
         (TT.getArchName().empty() || TT.getArchName() == "unknown");
}

Expected<std::unique_ptr<TargetMachine>>
mm::createSubmoduleTargetMachine(
    const Module &Module, StringRef CPUName, StringRef FeatureList,
    CodeGenOptLevel Level, function_ref<void(TargetOptions &)> CustomizeOptions) {
  Triple TT(Module.getTargetTriple());
  if (namesNoTarget(TT))
    return nullptr;
  // opt creates its TargetMachine at codegen level None unless told
  // otherwise; the IR pipelines do not depend on it.
  return createTargetMachineForTriple(TT, CPUName, FeatureList, Level,
                                      CustomizeOptions);
}

struct TargetMachineCache::Entry {
  std::thread::id Thread;
  uint64_t Generation;
  std::string Key;
  std::unique_ptr<TargetMachine> Machine;
  /// The code model it was made with, which a user may have changed.
  CodeModel::Model InitialCodeModel;
};

/// The most machines a thread keeps: a bundle has few targets.
static constexpr size_t MaxMachinesPerThread = 8;

TargetMachineCache::TargetMachineCache() = default;
TargetMachineCache::~TargetMachineCache() = default;

Expected<TargetMachine *> TargetMachineCache::getForTriple(
    const Triple &TT, StringRef CPU, StringRef Features, CodeGenOptLevel Level,
    StringRef CustomizationKey,
    function_ref<void(TargetOptions &)> CustomizeOptions) {
  std::string Key = join(ArrayRef<std::string>{TT.str(), CPU.str(),
                                                Features.str(),
                                                utostr(unsigned(Level)),
                                                codegen::getMArch(),
                                                CustomizationKey.str()},
                         StringRef("\0", 1));
  std::thread::id Thread = std::this_thread::get_id();
  uint64_t Generation = getLLVMOptionsGeneration();
  {
    std::lock_guard<std::mutex> Guard(Lock);
    for (const std::unique_ptr<Entry> &E : Entries)
      if (E->Thread == Thread && E->Generation == Generation &&
          E->Key == Key) {
        E->Machine->setCodeModel(E->InitialCodeModel);
        return E->Machine.get();
      }
  }
  Expected<std::unique_ptr<TargetMachine>> Created =
      createTargetMachineForTriple(TT, CPU, Features, Level, CustomizeOptions);
  if (!Created)
    return Created.takeError();
  std::lock_guard<std::mutex> Guard(Lock);
  // A machine made under other options will not serve again; past the
  // bound, the thread's oldest goes.
  llvm::erase_if(Entries, [&](const std::unique_ptr<Entry> &E) {
    return E->Thread == Thread && E->Generation != Generation;
  });
  if (count_if(Entries, [&](const std::unique_ptr<Entry> &E) {
        return E->Thread == Thread;
      }) == MaxMachinesPerThread)
    Entries.erase(find_if(Entries, [&](const std::unique_ptr<Entry> &E) {
      return E->Thread == Thread;
    }));
  CodeModel::Model InitialCodeModel = (*Created)->getCodeModel();
  Entries.push_back(std::make_unique<Entry>(Entry{Thread, Generation,
                                                  std::move(Key),
                                                  std::move(*Created),
                                                  InitialCodeModel}));
  return Entries.back()->Machine.get();
}

Expected<TargetMachine *>
TargetMachineCache::getForSubmodule(const Module &Module, StringRef CPU,
                                    StringRef Features, CodeGenOptLevel Level) {
  Triple TT(Module.getTargetTriple());
  if (namesNoTarget(TT))
    return nullptr;
  return getForTriple(TT, CPU, Features, Level);
}
