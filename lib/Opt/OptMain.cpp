//===- OptMain.cpp - The mm-opt driver ------------------------------------===//

#include "mm/Opt/OptMain.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Opt/Optimizer.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

// Codegen flags (-mcpu, -mattr, -relocation-model, ...) as opt has them; the
// TargetMachine of every submodule is created from them.
static codegen::RegisterCodeGenFlags CodeGenFlags;

static cl::OptionCategory OptCategory("mm-opt options");

static cl::opt<std::string> InputFilename(cl::Positional,
                                          cl::desc("<input bundle>"),
                                          cl::init("-"), cl::cat(OptCategory));

static cl::opt<std::string> OutputFilename("o",
                                           cl::desc("Output file (default: -)"),
                                           cl::value_desc("filename"),
                                           cl::init("-"), cl::cat(OptCategory));

enum class CLOptLevel { None, O0, O1, O2, O3, Os, Oz };
static cl::opt<CLOptLevel> OptLevel(
    cl::desc("Optimization level for every LLVM submodule (overrides the "
             "headers' opt= and passes=):"),
    cl::init(CLOptLevel::None),
    cl::values(clEnumValN(CLOptLevel::O0, "O0", "default<O0> pipeline"),
               clEnumValN(CLOptLevel::O1, "O1", "default<O1> pipeline"),
               clEnumValN(CLOptLevel::O2, "O2", "default<O2> pipeline"),
               clEnumValN(CLOptLevel::O3, "O3", "default<O3> pipeline"),
               clEnumValN(CLOptLevel::Os, "Os", "default<Os> pipeline"),
               clEnumValN(CLOptLevel::Oz, "Oz", "default<Oz> pipeline")),
    cl::cat(OptCategory));

static StringRef getOptLevelName(CLOptLevel Level) {
  switch (Level) {
  case CLOptLevel::None:
    return "";
  case CLOptLevel::O0:
    return "O0";
  case CLOptLevel::O1:
    return "O1";
  case CLOptLevel::O2:
    return "O2";
  case CLOptLevel::O3:
    return "O3";
  case CLOptLevel::Os:
    return "Os";
  case CLOptLevel::Oz:
    return "Oz";
  }
  llvm_unreachable("unknown optimization level");
}

/// The pipeline for \p M: the command line's level, else the header's
/// passes=, else the header's opt=. Empty if none applies.
static std::optional<LLVMPipeline> getPipeline(const Submodule &M) {
  const SubmoduleOptions &Options = M.getOptions();
  LLVMPipeline Pipeline{"", Options.CPU, Options.Features};
  if (OptLevel != CLOptLevel::None)
    Pipeline.Passes = getDefaultPipeline(getOptLevelName(OptLevel));
  else if (!Options.Passes.empty())
    Pipeline.Passes = Options.Passes;
  else if (!Options.OptLevel.empty())
    Pipeline.Passes = getDefaultPipeline(Options.OptLevel);
  else
    return std::nullopt;
  return Pipeline;
}

/// Verifies an LLVM submodule that no pipeline changes.
static Error verifyOnly(const Bundle &B, const Submodule &M) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Parsed = parseLLVMSubmodule(B, M, Context);
  if (!Parsed)
    return Parsed.takeError();
  return verifyLLVMSubmodule(B, M, **Parsed);
}

/// Optimizes or verifies every submodule of \p B in place.
static Error processBundle(Bundle &B) {
  Error Errors = Error::success();
  std::vector<const Submodule *> MLIRModules;
  for (Submodule &M : B) {
    if (M.getKind() == ModuleKind::MLIR) {
      MLIRModules.push_back(&M);
      continue;
    }
    std::optional<LLVMPipeline> Pipeline = getPipeline(M);
    if (!Pipeline) {
      Errors = joinErrors(std::move(Errors), verifyOnly(B, M));
      continue;
    }
    Expected<std::string> Optimized = optimizeLLVMSubmodule(B, M, *Pipeline);
    if (!Optimized) {
      Errors = joinErrors(std::move(Errors), Optimized.takeError());
      continue;
    }
    M.setBody(std::move(*Optimized));
  }
  return joinErrors(std::move(Errors), verifyMLIRSubmodules(B, MLIRModules));
}

int mm::optMain(int argc, char **argv) {
  InitLLVM X(argc, argv);
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
  addVersionPrinter();
  cl::HideUnrelatedOptions(OptCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mm multi-module optimizer\n\n"
      "Reads a bundle (or a plain .ll/.mlir file), verifies every submodule,\n"
      "runs each LLVM submodule's pipeline, and prints the bundle.\n");

  Expected<Bundle> B = readBundleFile(InputFilename);
  if (!B) {
    reportError(B.takeError(), argv[0], errs());
    return 1;
  }
  if (reportError(processBundle(*B), argv[0], errs()))
    return 1;

  Error Written = writeOutputFile(OutputFilename, [&](raw_ostream &OS) {
    writeBundle(*B, OS);
    return Error::success();
  });
  return reportError(std::move(Written), argv[0], errs()) ? 1 : 0;
}
