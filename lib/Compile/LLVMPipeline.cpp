//===- LLVMPipeline.cpp - Running an LLVM pipeline ------------------------===//

#include "mm/Compile/LLVMPipeline.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/PassTimingInfo.h"
#include "llvm/IR/PrintPasses.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRPrinter/IRPrintingPasses.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace mm;

char PipelineSyntaxError::ID = 0;

void PipelineSyntaxError::log(raw_ostream &OS) const { OS << Message; }

namespace {
/// Keeps the errors that passes report, which LLVMContext's default handler
/// would print before ending the process, and their warnings where Warnings
/// is given; anything else goes on as usual.
struct CollectErrors : DiagnosticHandler {
  explicit CollectErrors(std::vector<std::string> *Warnings)
      : Warnings(Warnings) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    bool IsError = DI.getSeverity() == DS_Error;
    if (!IsError && !(DI.getSeverity() == DS_Warning && Warnings))
      return false;
    std::string Message;
    raw_string_ostream OS(Message);
    DiagnosticPrinterRawOStream Printer(OS);
    DI.print(Printer);
    if (IsError)
      Errors = joinErrors(std::move(Errors), createStringError(OS.str()));
    else
      Warnings->push_back(OS.str());
    return true;
  }
  Error Errors = Error::success();
  std::vector<std::string> *Warnings;
};

/// LLVM's verifier, run as opt runs it after the pipeline (so that
/// -time-passes and -debug-pass-manager show it), with its findings kept to
/// be reported rather than fatal.
struct ReportingVerifierPass : PassInfoMixin<ReportingVerifierPass> {
  explicit ReportingVerifierPass(std::optional<std::string> &Findings)
      : Findings(Findings) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    std::string Text;
    raw_string_ostream OS(Text);
    if (verifyModule(M, &OS))
      Findings = StringRef(Text).trim().str();
    return PreservedAnalyses::all();
  }
  std::optional<std::string> &Findings;
};
} // namespace

bool mm::reportsOnPasses(bool DebugPassManager) {
  return DebugPassManager || shouldPrintBeforeSomePass() ||
         shouldPrintAfterSomePass() || TimePassesIsEnabled ||
         DiagnosticHandler().isAnyRemarkEnabled();
}

void mm::printPipelineBanner(StringRef SubmoduleName, raw_ostream &OS) {
  OS << "=== submodule '" << SubmoduleName << "' ===\n";
}

/// Parses \p Text into \p MPM, after what it has.
static Error parsePipeline(PassBuilder &PB, ModulePassManager &MPM,
                           StringRef Text) {
  if (Error E = PB.parsePassPipeline(MPM, Text))
    return make_error<PipelineSyntaxError>(
        ("invalid pass pipeline '" + Text + "': " + toString(std::move(E)))
            .str());
  return Error::success();
}

Error mm::runLLVMPipeline(Module &M, const LLVMPipelineOptions &Options) {
  LLVMContext &Context = M.getContext();
  // The target the pipeline optimizes for: a device submodule being lowered
  // is the host's code by the end of its lowering.
  Triple TT(Options.TM ? Options.TM->getTargetTriple()
                       : Triple(M.getTargetTriple()));
  TargetLibraryInfoImpl TLII(TT);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  auto Handler = std::make_unique<CollectErrors>(Options.Warnings);
  CollectErrors &Collected = *Handler;
  PassInstrumentationCallbacks PIC;
  // After a pass has reported an error the module may be in no state for
  // the next: the pipeline stops there (the passes that must run, such as
  // the printer, check for themselves).
  PIC.registerShouldRunOptionalPassCallback(
      [&Collected](StringRef, Any) { return !Collected.HasErrors; });
  if (Options.Instrument)
    Options.Instrument(PIC);
  StandardInstrumentations SI(Context, Options.DebugPassManager,
                              Options.VerifyEach);
  SI.registerCallbacks(PIC, &MAM);
  PassBuilder PB(Options.TM, PipelineTuningOptions(), std::nullopt, &PIC);
  for (const PassBuilderExtension &Extend : Options.Extensions)
    Extend(PB, Options.HostTriple);
  FAM.registerPass([&] { return TargetLibraryAnalysis(TLII); });
  // Before the default analyses, so that it is the one used, as in opt.
  AAManager AA;
  if (Error E = PB.parseAAPipeline(AA, Options.AAPipeline))
    return make_error<PipelineSyntaxError>(
        "invalid alias analysis pipeline '" + Options.AAPipeline +
        "': " + toString(std::move(E)));
  FAM.registerPass([&] { return std::move(AA); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

  // The lowering runs first, on its own: a device submodule that it could
  // not lower is no module of the host's target, and the passes that the
  // optimization pipeline must run (its adaptors, which ask for the
  // target's analyses) would crash on it.
  ModulePassManager Lowering, MPM;
  if (!Options.Lowering.empty())
    if (Error E = parsePipeline(PB, Lowering, Options.Lowering))
      return E;
  // No passes, as opt without -passes: the module is verified and printed.
  if (!Options.Passes.empty())
    if (Error E = parsePipeline(PB, MPM, Options.Passes))
      return E;
  std::optional<std::string> VerifierFindings;
  MPM.addPass(ReportingVerifierPass(VerifierFindings));
  std::unique_ptr<DiagnosticHandler> Previous = Context.getDiagnosticHandler();
  Context.setDiagnosticHandler(std::move(Handler));
  Lowering.run(M, MAM);
  if (!Collected.HasErrors)
    MPM.run(M, MAM);
  Error Errors = std::move(Collected.Errors);
  Context.setDiagnosticHandler(std::move(Previous));
  if (Errors)
    return Errors;
  if (VerifierFindings)
    return createStringError("the pipeline left an invalid module: " +
                             *VerifierFindings);
  if (Options.Output) {
    ModulePassManager Print;
    Print.addPass(PrintModulePass(*Options.Output));
    Print.run(M, MAM);
  }
  return Error::success();
}
