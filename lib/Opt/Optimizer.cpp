//===- Optimizer.cpp - Optimizing one LLVM submodule ----------------------===//
//
// Mirrors what LLVM 19's opt does for `opt -passes=... -S file.ll`, so that a
// submodule's result is byte-identical to opt's on the same body.
//
//===----------------------------------------------------------------------===//

#include "mm/Opt/Optimizer.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Device/DevicePasses.h"
#include "mm/Opt/PassReport.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRPrinter/IRPrintingPasses.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/IPO/WholeProgramDevirt.h"

using namespace llvm;
using namespace mm;

std::string mm::getDefaultPipeline(StringRef OptLevel) {
  return ("default<" + OptLevel + ">").str();
}

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
/// submodule's own options that is an error.
static Error checkCPUAndFeatures(const Target &TheTarget, const Triple &TT,
                                 StringRef CPU, StringRef Features) {
  if (CPU.empty() && Features.empty())
    return Error::success();
  std::unique_ptr<MCSubtargetInfo> STI(
      TheTarget.createMCSubtargetInfo(TT.getTriple(), "", ""));
  if (!STI)
    return Error::success();
  if (!CPU.empty() && !STI->isCPUStringValid(CPU))
    return createStringError("unknown CPU '%s' for target '%s'",
                             CPU.str().c_str(), TT.str().c_str());
  SubtargetFeatures FeatureList(Features);
  for (const std::string &Feature : FeatureList.getFeatures()) {
    StringRef Name = SubtargetFeatures::StripFlag(Feature);
    if (!any_of(STI->getAllProcessorFeatures(),
                [&](const SubtargetFeatureKV &KV) { return Name == KV.Key; }))
      return createStringError("unknown feature '%s' for target '%s'",
                               Feature.c_str(), TT.str().c_str());
  }
  return Error::success();
}

Expected<std::unique_ptr<TargetMachine>>
mm::createSubmoduleTargetMachine(
    const Module &Module, StringRef CPUName, StringRef FeatureList,
    CodeGenOptLevel Level, function_ref<void(TargetOptions &)> CustomizeOptions) {
  Triple TT(Module.getTargetTriple());
  if (TT.getArch() == Triple::UnknownArch) {
    if (TT.getArchName().empty() || TT.getArchName() == "unknown")
      return nullptr;
    return createStringError("unrecognized architecture '%s' in triple '%s'",
                             TT.getArchName().str().c_str(),
                             TT.str().c_str());
  }
  std::string LookupError;
  const Target *TheTarget = TargetRegistry::lookupTarget("", TT, LookupError);
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
  // opt creates its TargetMachine at codegen level None unless told
  // otherwise; the IR pipelines do not depend on it.
  std::unique_ptr<TargetMachine> TM(TheTarget->createTargetMachine(
      TT.getTriple(), CPU, Features, Options, codegen::getExplicitRelocModel(),
      codegen::getExplicitCodeModel(), Level));
  if (!TM)
    return createStringError("cannot create a target machine for '%s'",
                             TT.str().c_str());
  return std::move(TM);
}

Expected<std::string> mm::optimizeLLVMSubmodule(const Bundle &B,
                                                const Submodule &M,
                                                const LLVMPipeline &Pipeline,
                                                PassReport *Report) {
  LLVMContext Context;
  Context.enableDebugTypeODRUniquing();
  Expected<std::unique_ptr<Module>> Parsed =
      parseLLVMSubmodule(B, M, Context);
  if (!Parsed)
    return Parsed.takeError();
  Module &Mod = **Parsed;
  if (Error E = verifyLLVMSubmodule(B, M, Mod))
    return std::move(E);

  updateVCallVisibilityInModule(
      Mod, /*WholeProgramVisibilityEnabledInLTO=*/false,
      /*DynamicExportSymbols=*/{}, /*ValidateAllVtablesHaveTypeInfos=*/false,
      /*IsVisibleToRegularObj=*/[](StringRef) { return true; });

  std::string CPU = Pipeline.CPU, Features = Pipeline.Features;
  resolveNativeCPU(CPU, Features);
  Expected<std::unique_ptr<TargetMachine>> TM =
      createSubmoduleTargetMachine(Mod, CPU, Features);
  if (!TM)
    return B.moduleError(M, toString(TM.takeError()));
  // As opt does with -mcpu and -mattr.
  codegen::setFunctionAttributes(CPU, Features, Mod);

  TargetLibraryInfoImpl TLII(Triple(Mod.getTargetTriple()));
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassInstrumentationCallbacks PIC;
  if (Report && Report->isEnabled())
    Report->registerCallbacks(PIC);
  StandardInstrumentations SI(Context, Pipeline.DebugPassManager);
  SI.registerCallbacks(PIC, &MAM);
  PassBuilder PB(TM->get(), PipelineTuningOptions(), std::nullopt, &PIC);
  registerDevicePasses(PB);
  for (const PassPlugin &Plugin : Pipeline.Plugins)
    Plugin.registerPassBuilderCallbacks(PB);
  FAM.registerPass([&] { return TargetLibraryAnalysis(TLII); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, Pipeline.Passes))
    return make_error<InvalidPipelineError>(
        M, "invalid pass pipeline '" + Pipeline.Passes +
               "': " + toString(std::move(E)));
  MPM.addPass(VerifierPass());
  std::string Printed;
  raw_string_ostream OS(Printed);
  // raw_string_ostream is unbuffered, and the printer writes in small pieces.
  OS.SetBuffered();
  MPM.addPass(PrintModulePass(OS));
  if (Report)
    Report->countModule(Mod, /*After=*/false);
  MPM.run(Mod, MAM);
  if (Report)
    Report->countModule(Mod, /*After=*/true);
  OS.flush();
  return std::move(Printed);
}
