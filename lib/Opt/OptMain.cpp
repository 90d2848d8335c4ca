//===- OptMain.cpp - The mm-opt driver ------------------------------------===//

#include "mm/Opt/OptMain.h"
#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Opt/Optimizer.h"
#include "mm/Opt/ScopedOptions.h"
#include "mm/Bundle/Selector.h"
#include "mm/Bundle/Translation.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
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

static cl::list<std::string> ModuleSelectors(
    "module",
    cl::desc("Process only the submodules this selector matches (a name "
             "glob, role=host|device or triple=GLOB; repeatable). The others "
             "pass through byte for byte"),
    cl::value_desc("selector"), cl::cat(OptCategory));

static cl::list<std::string> FieldOverrides(
    "set",
    cl::desc("Override a header field for the submodules SELECTOR matches, "
             "e.g. --set='role=device:mllvm=-unroll-threshold=400' "
             "--set=host:passes=instcombine (repeatable)"),
    cl::value_desc("SELECTOR:KEY=VALUE"), cl::cat(OptCategory));

static cl::list<std::string> Conversions(
    "convert",
    cl::desc("Convert the submodules SELECTOR matches to KIND after their own "
             "processing: mlir runs its passes= lowering and MLIR's "
             "translation to LLVM IR; llvm is imported into MLIR's LLVM "
             "dialect (repeatable)"),
    cl::value_desc("SELECTOR:llvm|mlir"), cl::cat(OptCategory));

static cl::opt<BundleForm> EmitForm(
    "emit", cl::desc("The form of the output bundle:"),
    cl::init(BundleForm::Text),
    cl::values(clEnumValN(BundleForm::Text, "text", "text (default)"),
               clEnumValN(BundleForm::Binary, "bitcode",
                          "binary: LLVM bitcode, one module per submodule")),
    cl::cat(OptCategory));

static cl::opt<unsigned>
    Jobs("j",
         cl::desc("Process up to N submodules at once (default: all hardware "
                  "threads); the output does not depend on N"),
         cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(OptCategory));

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
  // -mcpu and -mattr on the command line apply where the header says none.
  LLVMPipeline Pipeline{
      "", Options.CPU.empty() ? codegen::getCPUStr() : Options.CPU,
      Options.Features.empty() ? codegen::getFeaturesStr() : Options.Features};
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

namespace {
/// The work on one LLVM submodule.
struct Job {
  Submodule *M;
  std::optional<LLVMPipeline> Pipeline;
  std::vector<LLVMOptionSetting> Options;
  /// The optimized body, or the error.
  std::optional<Expected<std::string>> Result;
};
} // namespace

/// Runs \p J: optimizes its submodule, or verifies it if it has no pipeline.
static void runJob(const Bundle &B, Job &J) {
  if (!J.Pipeline) {
    if (Error E = verifyOnly(B, *J.M))
      J.Result.emplace(std::move(E));
    return;
  }
  J.Result.emplace(optimizeLLVMSubmodule(B, *J.M, *J.Pipeline));
}

namespace {
/// A --convert option: the submodules it selects and the kind they become.
struct Conversion {
  SubmoduleSelector Selector;
  ModuleKind To;
};
} // namespace

/// Parses the --convert options, each of which must match a submodule.
static Expected<std::vector<Conversion>> parseConversions(const Bundle &B) {
  std::vector<Conversion> Result;
  for (const std::string &Text : Conversions) {
    auto [SelectorText, KindText] = StringRef(Text).rsplit(':');
    std::optional<ModuleKind> Kind = parseKindName(KindText);
    if (KindText.empty() || !Kind)
      return createStringError("invalid --convert '%s': expected "
                               "SELECTOR:llvm or SELECTOR:mlir",
                               Text.c_str());
    Expected<SubmoduleSelector> Selector =
        SubmoduleSelector::parse(SelectorText);
    if (!Selector)
      return createStringError("invalid --convert '%s': %s", Text.c_str(),
                               toString(Selector.takeError()).c_str());
    if (none_of(B, [&](const Submodule &M) { return Selector->matches(M); }))
      return createStringError("--convert '%s' matches no submodule",
                               Text.c_str());
    Result.push_back({std::move(*Selector), *Kind});
  }
  return Result;
}

/// The kind the last matching --convert asks \p M to become, if any.
static std::optional<ModuleKind>
getConversion(ArrayRef<Conversion> Conversions, const Submodule &M) {
  for (const Conversion &C : reverse(Conversions))
    if (C.Selector.matches(M))
      return C.To;
  return std::nullopt;
}

/// Optimizes or verifies every selected submodule of \p B in place.
///
/// Submodules are independent and run concurrently, each in its own
/// LLVMContext. Those whose scoped LLVM options differ cannot share the
/// process-wide option values, so jobs run in groups of equal options: a
/// group's options are set, its jobs run in parallel, and the options are
/// restored before the next group.
static Error processBundle(Bundle &B) {
  Expected<std::vector<SubmoduleSelector>> Selectors =
      parseModuleOptions(B, ModuleSelectors);
  if (!Selectors)
    return Selectors.takeError();
  if (Error E = applySetOptions(B, FieldOverrides))
    return E;
  Expected<std::vector<Conversion>> Conversions = parseConversions(B);
  if (!Conversions)
    return Conversions.takeError();

  Error Errors = Error::success();
  std::vector<Job> AllJobs;
  std::vector<Submodule *> MLIRModules;
  std::vector<std::pair<Submodule *, ModuleKind>> Converted;
  for (Submodule &M : B) {
    if (!isSelected(*Selectors, M))
      continue;
    std::optional<ModuleKind> ConvertTo = getConversion(*Conversions, M);
    if (ConvertTo && *ConvertTo != M.getKind())
      Converted.push_back({&M, *ConvertTo});
    if (M.getKind() == ModuleKind::MLIR) {
      // The translation to LLVM IR runs the pipeline itself.
      if (ConvertTo != ModuleKind::LLVM)
        MLIRModules.push_back(&M);
      continue;
    }
    Expected<std::vector<LLVMOptionSetting>> Options =
        resolveLLVMOptions(M.getOptions().LLVMArgs);
    if (!Options) {
      Errors = joinErrors(std::move(Errors),
                          B.moduleError(M, toString(Options.takeError())));
      continue;
    }
    AllJobs.push_back({&M, getPipeline(M), std::move(*Options), {}});
  }
  if (Errors)
    return Errors;

  std::vector<ScopedTask> Tasks;
  for (const Job &J : AllJobs)
    Tasks.push_back({J.M->getOptions().LLVMArgs, J.Options});
  DefaultThreadPool Pool(hardware_concurrency(Jobs));
  runInOptionGroups(
      Tasks, Pool, [&](size_t I) { runJob(B, AllJobs[I]); },
      [&](size_t I, StringRef Message) {
        AllJobs[I].Result.emplace(B.moduleError(*AllJobs[I].M, Message));
      });

  // Results in bundle order, so that output and errors do not depend on -j.
  for (Job &J : AllJobs) {
    if (!J.Result)
      continue;
    if (!*J.Result) {
      Errors = joinErrors(std::move(Errors), J.Result->takeError());
      continue;
    }
    J.M->setBody(std::move(**J.Result));
  }
  Errors = joinErrors(std::move(Errors), processMLIRSubmodules(B, MLIRModules));
  if (Errors)
    return Errors;
  for (auto [M, To] : Converted)
    Errors = joinErrors(std::move(Errors), convertSubmodule(B, *M, To));
  return Errors;
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

  recordCommandLineOptions(argc, argv);

  Expected<Bundle> B = readBundleFile(InputFilename);
  if (!B) {
    reportError(B.takeError(), argv[0], errs());
    return 1;
  }
  if (reportError(processBundle(*B), argv[0], errs()))
    return 1;

  Error Written = writeBundleFile(*B, OutputFilename, EmitForm);
  return reportError(std::move(Written), argv[0], errs()) ? 1 : 0;
}
