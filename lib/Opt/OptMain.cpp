//===- OptMain.cpp - The mm-opt driver ------------------------------------===//

#include "mm/Opt/OptMain.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Opt/Optimizer.h"
#include "mm/Opt/ScopedOptions.h"
#include "mm/Bundle/Selector.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassPlugin.h"
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

static cl::opt<std::string> PassPipeline(
    "passes",
    cl::desc("New-pass-manager pipeline for every selected LLVM submodule, as "
             "opt -passes takes it (overrides the headers' opt= and passes=)"),
    cl::value_desc("pipeline"), cl::cat(OptCategory));

static cl::list<std::string> PassPluginPaths(
    "load-pass-plugin",
    cl::desc("Load the pass plugin in this shared library, as opt does: its "
             "passes can be named in any LLVM submodule's pipeline and its "
             "options in mllvm= (repeatable)"),
    cl::value_desc("path"), cl::cat(OptCategory));

/// The plugins loaded, in command-line order.
static std::vector<PassPlugin> &passPlugins() {
  static std::vector<PassPlugin> Plugins;
  return Plugins;
}

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

/// The pipeline for \p M: the command line's -passes, else its level, else the header's
/// passes=, else the header's opt=. Empty if none applies.
static std::optional<LLVMPipeline> getPipeline(const Submodule &M) {
  const SubmoduleOptions &Options = M.getOptions();
  // -mcpu and -mattr on the command line apply where the header says none.
  LLVMPipeline Pipeline{
      "", Options.CPU.empty() ? codegen::getCPUStr() : Options.CPU,
      Options.Features.empty() ? codegen::getFeaturesStr() : Options.Features,
      passPlugins()};
  if (!PassPipeline.empty())
    Pipeline.Passes = PassPipeline;
  else if (OptLevel != CLOptLevel::None)
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
/// Where one of a submodule's options came from, for its errors.
struct OptionOrigin {
  /// The header field in the bundle file, if it came from there.
  SMLoc Field;
  /// Else the command-line option that gave it, e.g. "--set 'k:mllvm=-x'".
  std::string CommandLine;
};

/// Where a submodule's pipeline and each of its mllvm= options came from.
struct SubmoduleOrigins {
  OptionOrigin Passes;
  std::vector<OptionOrigin> LLVMArgs;
};
} // namespace

/// An error about \p M's option from \p Origin: at the header field, or
/// naming the command-line option.
static Error originError(const Bundle &B, const Submodule &M,
                         const OptionOrigin &Origin, const Twine &Message) {
  if (Origin.Field.isValid())
    return makeDiagnosticError(B.diagnose(
        Origin.Field, SourceMgr::DK_Error,
        "submodule '" + M.getName() + "': " + Message));
  if (!Origin.CommandLine.empty())
    return createStringError("submodule '" + M.getName() + "': " + Message +
                             " (from " + Origin.CommandLine + ")");
  return B.moduleError(M, Message);
}

/// Applies the --set options, recording where each submodule's pipeline and
/// mllvm= options come from: its header fields, as read, or a --set.
static Expected<std::vector<SubmoduleOrigins>> applyOverrides(Bundle &B) {
  std::vector<SubmoduleOrigins> Origins(B.size());
  for (auto [M, Origin] : zip(B, Origins)) {
    Origin.Passes.Field = findHeaderField(M, "passes");
    for (unsigned I = 0; I < M.getOptions().LLVMArgs.size(); ++I)
      Origin.LLVMArgs.push_back({findHeaderField(M, "mllvm", I), ""});
  }
  for (const std::string &Spec : FieldOverrides) {
    std::vector<SubmoduleOptions> Before;
    for (const Submodule &M : B)
      Before.push_back(M.getOptions());
    if (Error E = applySetOption(B, Spec))
      return std::move(E);
    std::string Option = "--set '" + Spec + "'";
    for (auto [M, Old, Origin] : zip(B, Before, Origins)) {
      if (M.getOptions().Passes != Old.Passes)
        Origin.Passes = {SMLoc(), Option};
      Origin.LLVMArgs.resize(M.getOptions().LLVMArgs.size(), {SMLoc(), Option});
    }
  }
  if (!PassPipeline.empty())
    for (auto [M, Origin] : zip(B, Origins))
      if (M.getKind() == ModuleKind::LLVM)
        Origin.Passes = {SMLoc(), "-passes"};
  return std::move(Origins);
}

/// Resolves \p M's mllvm= options and checks that each value is one the
/// option accepts, by setting it for a moment: before anything is processed,
/// so that a bad value stops mm-opt at once.
static Expected<std::vector<LLVMOptionSetting>>
resolveSubmoduleOptions(const Bundle &B, const Submodule &M,
                        const SubmoduleOrigins &Origins) {
  std::vector<LLVMOptionSetting> Settings;
  Error Errors = Error::success();
  for (auto [Arg, Origin] : zip(M.getOptions().LLVMArgs, Origins.LLVMArgs)) {
    Expected<std::vector<LLVMOptionSetting>> Resolved =
        resolveLLVMOptions({Arg});
    if (!Resolved) {
      Errors = joinErrors(std::move(Errors),
                          originError(B, M, Origin,
                                      toString(Resolved.takeError())));
      continue;
    }
    LLVMOptionScope Trial;
    if (Error E = Trial.enter(*Resolved)) {
      Errors = joinErrors(std::move(Errors),
                          originError(B, M, Origin, toString(std::move(E))));
      continue;
    }
    Settings.push_back(Resolved->front());
  }
  if (Errors)
    return std::move(Errors);
  return std::move(Settings);
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

/// Runs \p Jobs, which share their scoped options, on \p Pool.
static void runJobs(const Bundle &B, ArrayRef<Job *> Jobs,
                    DefaultThreadPool &Pool) {
  for (Job *J : Jobs)
    Pool.async([&B, J] {
      if (!J->Pipeline) {
        if (Error E = verifyOnly(B, *J->M))
          J->Result.emplace(std::move(E));
        return;
      }
      J->Result.emplace(optimizeLLVMSubmodule(B, *J->M, *J->Pipeline));
    });
  Pool.wait();
}

/// Parses the --module selectors, each of which must match a submodule.
static Expected<std::vector<SubmoduleSelector>> parseSelectors(const Bundle &B) {
  std::vector<SubmoduleSelector> Selectors;
  for (const std::string &Text : ModuleSelectors) {
    Expected<SubmoduleSelector> Selector = SubmoduleSelector::parse(Text);
    if (!Selector)
      return createStringError("invalid --module '%s': %s", Text.c_str(),
                               toString(Selector.takeError()).c_str());
    if (none_of(B, [&](const Submodule &M) { return Selector->matches(M); }))
      return createStringError("--module '%s' matches no submodule",
                               Text.c_str());
    Selectors.push_back(std::move(*Selector));
  }
  return Selectors;
}

/// Optimizes or verifies every selected submodule of \p B in place.
///
/// Submodules are independent and run concurrently, each in its own
/// LLVMContext. Those whose scoped LLVM options differ cannot share the
/// process-wide option values, so jobs run in groups of equal options: a
/// group's options are set, its jobs run in parallel, and the options are
/// restored before the next group.
static Error processBundle(Bundle &B) {
  Expected<std::vector<SubmoduleSelector>> Selectors = parseSelectors(B);
  if (!Selectors)
    return Selectors.takeError();
  Expected<std::vector<SubmoduleOrigins>> Origins = applyOverrides(B);
  if (!Origins)
    return Origins.takeError();

  // Overrides must leave a valid bundle: at most one host.
  const Submodule *Host = nullptr;
  for (const Submodule &M : B) {
    if (M.getRole() != ModuleRole::Host)
      continue;
    if (Host)
      return createStringError(
          "--set leaves two hosts: submodules '%s' and '%s'",
          Host->getName().str().c_str(), M.getName().str().c_str());
    Host = &M;
  }

  Error Errors = Error::success();
  std::vector<Job> AllJobs;
  std::vector<Submodule *> MLIRModules;
  for (auto [Mod, Origin] : zip(B, *Origins)) {
    Submodule &M = Mod;
    if (!Selectors->empty() &&
        none_of(*Selectors, [&](const SubmoduleSelector &Selector) {
          return Selector.matches(M);
        }))
      continue;
    if (M.getKind() == ModuleKind::MLIR) {
      MLIRModules.push_back(&M);
      continue;
    }
    Expected<std::vector<LLVMOptionSetting>> Options =
        resolveSubmoduleOptions(B, M, Origin);
    if (!Options) {
      Errors = joinErrors(std::move(Errors), Options.takeError());
      continue;
    }
    AllJobs.push_back({&M, getPipeline(M), std::move(*Options), {}});
  }
  if (Errors)
    return Errors;

  // Group the jobs by their scoped options, in order of first appearance.
  std::vector<std::pair<std::vector<std::string>, std::vector<Job *>>> Groups;
  for (Job &J : AllJobs) {
    const std::vector<std::string> &Args = J.M->getOptions().LLVMArgs;
    auto It = find_if(Groups, [&](const auto &G) { return G.first == Args; });
    if (It == Groups.end())
      It = Groups.insert(Groups.end(), {Args, {}});
    It->second.push_back(&J);
  }
  DefaultThreadPool Pool(hardware_concurrency(Jobs));
  for (auto &[Args, GroupJobs] : Groups) {
    LLVMOptionScope Scope;
    if (Error E = Scope.enter(GroupJobs.front()->Options)) {
      std::string Message = toString(std::move(E));
      for (Job *J : GroupJobs)
        J->Result.emplace(B.moduleError(*J->M, Message));
      continue;
    }
    runJobs(B, GroupJobs, Pool);
  }

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
  // A pipeline that does not parse is reported where it came from.
  return handleErrors(std::move(Errors), [&](const InvalidPipelineError &E) {
    const Submodule &M = E.getSubmodule();
    const OptionOrigin &Origin = (*Origins)[&M - B.submodules().data()].Passes;
    return originError(B, M, Origin, E.getMessage());
  });
}

int mm::optMain(int argc, char **argv) {
  InitLLVM X(argc, argv);
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
  addVersionPrinter();
  cl::HideUnrelatedOptions(OptCategory);
  // Plugins load while the command line is parsed, as in opt, so that the
  // options they register can follow them on the command line.
  Error PluginErrors = Error::success();
  PassPluginPaths.setCallback([&](const std::string &Path) {
    Expected<PassPlugin> Plugin = PassPlugin::Load(Path);
    if (!Plugin) {
      PluginErrors = joinErrors(
          std::move(PluginErrors),
          createStringError("cannot load pass plugin '" + Path +
                            "': " + toString(Plugin.takeError())));
      return;
    }
    passPlugins().push_back(std::move(*Plugin));
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "mm multi-module optimizer\n\n"
      "Reads a bundle (or a plain .ll/.mlir file), verifies every submodule,\n"
      "runs each LLVM submodule's pipeline, and prints the bundle.\n");

  if (reportError(std::move(PluginErrors), argv[0], errs()))
    return 1;
  recordCommandLineOptions(argc, argv);

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
