//===- Optimizer.cpp - Optimizing one LLVM submodule ----------------------===//
//
// Mirrors what LLVM 19's opt does for `opt -passes=... -S file.ll`, so that a
// submodule's result is byte-identical to opt's on the same body.
//
//===----------------------------------------------------------------------===//

#include "mm/Opt/Optimizer.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Compile/TargetMachine.h"
#include "mm/Opt/PassReport.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/WholeProgramDevirt.h"

#include <mutex>

using namespace llvm;
using namespace mm;

Expected<std::string> mm::optimizeLLVMSubmodule(const Bundle &B,
                                                const Submodule &M,
                                                const LLVMPipeline &Pipeline,
                                                PassReport *Report) {
  LLVMContext Context;
  Context.enableDebugTypeODRUniquing();
  Expected<std::unique_ptr<Module>> Parsed =
      parseLLVMSubmodule(B, M, Context,
                         {Pipeline.TargetTriple, codegen::getMArch(),
                          Pipeline.DataLayout, /*LayoutForTriple=*/{}});
  if (!Parsed)
    return Parsed.takeError();
  Module &Mod = **Parsed;
  if (Error E = verifyLLVMSubmodule(B, M, Mod))
    return std::move(E);
  if (Pipeline.StripDebug)
    StripDebugInfo(Mod);

  updateVCallVisibilityInModule(
      Mod, /*WholeProgramVisibilityEnabledInLTO=*/false,
      /*DynamicExportSymbols=*/{}, /*ValidateAllVtablesHaveTypeInfos=*/false,
      /*IsVisibleToRegularObj=*/[](StringRef) { return true; });

  std::string CPU = Pipeline.CPU, Features = Pipeline.Features;
  resolveNativeCPU(CPU, Features);
  std::unique_ptr<TargetMachine> Owned;
  TargetMachine *TM = nullptr;
  if (Pipeline.TargetMachines) {
    Expected<TargetMachine *> Cached =
        Pipeline.TargetMachines->getForSubmodule(Mod, CPU, Features);
    if (!Cached)
      return B.moduleError(M, toString(Cached.takeError()));
    TM = *Cached;
  } else {
    Expected<std::unique_ptr<TargetMachine>> Created =
        createSubmoduleTargetMachine(Mod, CPU, Features);
    if (!Created)
      return B.moduleError(M, toString(Created.takeError()));
    Owned = std::move(*Created);
    TM = Owned.get();
  }
  // As opt does with -mcpu and -mattr, which it applies only to a module
  // with a target: without one, it has no TargetMachine and sets neither.
  if (!TM) {
    CPU.clear();
    Features.clear();
  }
  codegen::setFunctionAttributes(CPU, Features, Mod);

  std::string Printed;
  raw_string_ostream OS(Printed);
  // raw_string_ostream is unbuffered, and the printer writes in small pieces.
  OS.SetBuffered();
  LLVMPipelineOptions Options;
  Options.Passes = Pipeline.Passes;
  Options.TM = TM;
  Options.Extensions = Pipeline.Extensions;
  Options.HostTriple = Pipeline.HostTriple;
  Options.DebugPassManager = Pipeline.DebugPassManager;
  Options.AAPipeline = Pipeline.AAPipeline;
  Options.VerifyEach = Pipeline.VerifyEach;
  if (Report && Report->isEnabled())
    Options.Instrument = [Report](PassInstrumentationCallbacks &PIC) {
      Report->registerCallbacks(PIC);
    };
  Options.Output = &OS;
  if (Report)
    Report->countModule(Mod, /*After=*/false);
  std::vector<std::string> Warnings;
  Options.Warnings = &Warnings;
  Error Ran = runLLVMPipeline(Mod, Options);
  // The device lowering's warnings, located as errors are; one at a time,
  // whatever thread optimizes.
  for (const std::string &Warning : Warnings) {
    static std::mutex Lock;
    std::lock_guard<std::mutex> Guard(Lock);
    reportError(B.moduleError(M, Warning, SourceMgr::DK_Warning), "mm-opt",
                errs());
  }
  if (Report)
    Report->countModule(Mod, /*After=*/true);
  if (Ran)
    return handleErrors(std::move(Ran), [&](const PipelineSyntaxError &E) {
      return make_error<InvalidPipelineError>(M, E.message());
    }, [&](const ErrorInfoBase &E) {
      return B.moduleError(M, E.message());
    });
  OS.flush();
  return std::move(Printed);
}
