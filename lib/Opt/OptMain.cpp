//===- OptMain.cpp - The mm-opt driver ------------------------------------===//

#include "mm/Opt/OptMain.h"
#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Compile/OptLevel.h"
#include "mm/Compile/Translation.h"
#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Opt/Optimizer.h"
#include "mm/Opt/PassReport.h"
#include "mm/Compile/ScopedOptions.h"
#include "mm/Opt/Worker.h"
#include "mm/Bundle/Selector.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PrintPasses.h"
#include "llvm/Pass.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;


static cl::OptionCategory OptCategory("mm-opt options");

static cl::opt<std::string> InputFilename(cl::Positional,
                                          cl::desc("<input bundle>"),
                                          cl::init("-"), cl::cat(OptCategory));

static cl::opt<std::string> OutputFilename("o",
                                           cl::desc("Output file (default: -)"),
                                           cl::value_desc("filename"),
                                           cl::init("-"), cl::cat(OptCategory));

enum class CLOptLevel { None, O0, O1, O2, O3, Os, Oz };
static cl::opt<CLOptLevel> OptLevelFlag(
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

/// What every LLVM submodule's pipeline can name beyond LLVM's passes: the
/// plugins' passes and the tool's (optMain's extensions).
static std::vector<PassBuilderExtension> &pipelineExtensions() {
  static std::vector<PassBuilderExtension> Extensions;
  return Extensions;
}

/// The triple of the bundle's host submodule, if it has one and names one.
static std::optional<Triple> getHostTriple(const Bundle &B) {
  const Submodule *Host = B.getHost();
  if (!Host || Host->getTriple().empty())
    return std::nullopt;
  return Triple(Triple::normalize(Host->getTriple()));
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
                  "threads); submodules with different mllvm= options run in "
                  "worker processes. The output does not depend on N"),
         cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(OptCategory));

static cl::opt<bool> DebugPassManager(
    "debug-pass-manager",
    cl::desc("Print the passes that each LLVM submodule's pipeline runs, as "
             "opt does, after a banner naming the submodule"),
    cl::cat(OptCategory));

// Set in the worker processes that mm-opt starts (see Worker.h): a worker
// processes all its submodules in-process.
static cl::opt<bool> IsWorker("mm-worker", cl::ReallyHidden,
                              cl::cat(OptCategory));
// A worker that shares the groups with the other lanes: the directory where
// the lanes claim groups, and its own lane number.
static cl::opt<std::string> WorkerClaims("mm-worker-claims", cl::ReallyHidden,
                                         cl::cat(OptCategory));
static cl::opt<unsigned> WorkerLane("mm-worker-lane", cl::ReallyHidden,
                                    cl::cat(OptCategory));

/// mm-opt's own options, and the codegen flags it reads once for the whole
/// run (-mcpu, -mattr): a header's mllvm= cannot set them.
static SmallPtrSet<cl::Option *, 32> &toolOptions() {
  static SmallPtrSet<cl::Option *, 32> Options;
  return Options;
}

/// -time-passes and -stats, taken over from LLVM's options after parsing:
/// mm-opt reports them per submodule (see PassReport.h).
static bool ReportPassTimes = false, ReportStatistics = false;

/// The LLVM options registered before the pass plugins were loaded.
static DenseSet<cl::Option *> &builtinOptions() {
  static DenseSet<cl::Option *> Options;
  return Options;
}

/// Options whose value cannot be restored in-process: setting them has
/// effects that resetting them does not undo (a callback, or a registry
/// filled as they are parsed), or they belong to a plugin, whose options
/// mm-opt knows nothing of. A submodule that sets one runs in a worker.
static bool needsIsolation(const cl::Option *Option) {
  return !builtinOptions().contains(const_cast<cl::Option *>(Option)) ||
         Option->ArgStr == "opt-bisect-limit" ||
         Option->ArgStr == "debug-counter";
}

/// Options that apply to the whole run, not to one submodule.
static bool isRunWide(const cl::Option *Option) {
  return Option->ArgStr == "time-passes" || Option->ArgStr == "stats" ||
         Option->ArgStr == "time-passes-per-run";
}

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
static std::optional<LLVMPipeline> getPipeline(const Bundle &B,
                                               const Submodule &M) {
  const SubmoduleOptions &Options = M.getOptions();
  // -mcpu and -mattr on the command line apply where the header says none.
  LLVMPipeline Pipeline{
      "", Options.CPU.empty() ? codegen::getCPUStr() : Options.CPU,
      Options.Features.empty() ? codegen::getFeaturesStr() : Options.Features,
      pipelineExtensions(), getHostTriple(B), DebugPassManager};
  if (!PassPipeline.empty())
    Pipeline.Passes = PassPipeline;
  else if (OptLevelFlag != CLOptLevel::None)
    Pipeline.Passes =
        lookupOptLevel(getOptLevelName(OptLevelFlag))->getDefaultPipeline();
  else if (!Options.Passes.empty())
    Pipeline.Passes = Options.Passes;
  else if (!Options.OptLevel.empty())
    Pipeline.Passes = lookupOptLevel(Options.OptLevel)->getDefaultPipeline();
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
/// so that a bad value stops mm-opt at once. Fails on an option that applies
/// to the whole run.
static Expected<std::vector<LLVMOptionSetting>>
resolveSubmoduleOptions(const Bundle &B, const Submodule &M,
                        const SubmoduleOrigins &Origins) {
  std::vector<LLVMOptionSetting> Settings;
  Error Errors = Error::success();
  for (auto [Arg, Origin] : zip(M.getOptions().LLVMArgs, Origins.LLVMArgs)) {
    Expected<std::vector<LLVMOptionSetting>> Resolved =
        resolveLLVMOptions({Arg}, toolOptions());
    if (!Resolved) {
      Errors = joinErrors(std::move(Errors),
                          originError(B, M, Origin,
                                      toString(Resolved.takeError())));
      continue;
    }
    if (isRunWide(Resolved->front().Option)) {
      Errors = joinErrors(
          std::move(Errors),
          originError(B, M, Origin,
                      "LLVM option '-" + Resolved->front().Option->ArgStr +
                          "' applies to the whole run: give it on mm-opt's "
                          "command line"));
      continue;
    }
    // An option that needs isolation is checked by the worker that sets it.
    LLVMOptionScope Trial;
    if (Error E = needsIsolation(Resolved->front().Option)
                      ? Error::success()
                      : Trial.enter(*Resolved)) {
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
  PassReport Report{ReportPassTimes, ReportStatistics};
  /// What to print on standard error for it once all jobs are done: its
  /// reports, or what the worker that ran it printed.
  std::string Printed;
};

/// Jobs whose scoped options are equal.
struct Group {
  std::vector<std::string> Args;
  std::vector<Job *> Jobs;
  /// Its options cannot be restored in-process.
  bool NeedsIsolation = false;
};

/// How mm-opt runs: what it needs to start workers.
struct RunConfig {
  std::string Program;
  std::vector<std::string> WorkerArguments;
  unsigned Threads;
};
} // namespace

static void printBanner(const Submodule &M, raw_ostream &OS) {
  OS << "=== submodule '" << M.getName() << "' ===\n";
}

/// Verifies or optimizes one submodule, in this thread, with the options
/// that are set now. Its report, if any, goes to J.Printed, after a banner
/// unless \p WithBanner is false (the caller printed one).
static void runJob(const Bundle &B, Job &J, bool WithBanner = true) {
  if (!J.Pipeline) {
    if (Error E = verifyOnly(B, *J.M))
      J.Result.emplace(std::move(E));
    return;
  }
  J.Result.emplace(optimizeLLVMSubmodule(B, *J.M, *J.Pipeline, &J.Report));
  if (!J.Report.isEnabled())
    return;
  raw_string_ostream OS(J.Printed);
  if (WithBanner)
    printBanner(*J.M, OS);
  J.Report.print(OS);
}

/// Runs \p G's jobs in-process on \p Pool, with its options set.
static void runGroup(const Bundle &B, Group &G, DefaultThreadPool &Pool) {
  LLVMOptionScope Scope;
  if (Error E = Scope.enter(G.Jobs.front()->Options)) {
    std::string Message = toString(std::move(E));
    for (Job *J : G.Jobs)
      J->Result.emplace(B.moduleError(*J->M, Message));
    return;
  }
  for (Job *J : G.Jobs)
    Pool.async([&B, J] { runJob(B, *J); });
  Pool.wait();
}

/// Work for one worker process: jobs of one or more groups.
struct WorkerTask {
  /// The groups whose results to take from it.
  std::vector<Group *> Groups;
  /// The jobs it is given, in bundle order.
  std::vector<Job *> Jobs;
  unsigned Threads = 1;
  /// For a lane that claims its groups: its claims option and lane number.
  std::vector<std::string> ClaimArguments;
  unsigned Lane = 0;
  std::optional<Expected<WorkerResult>> Result;
};

static void runWorkerTask(const RunConfig &Config, WorkerTask &Task) {
  std::vector<const Submodule *> Modules;
  for (Job *J : Task.Jobs)
    Modules.push_back(J->M);
  std::vector<std::string> Arguments = Config.WorkerArguments;
  append_range(Arguments, Task.ClaimArguments);
  Task.Result.emplace(
      runWorker(Config.Program, Arguments, Modules, Task.Threads));
}

/// The file in \p Dir that claims \p G: named after its first submodule.
static SmallString<128> getClaimPath(StringRef Dir, const Group &G) {
  SmallString<128> Path(Dir);
  sys::path::append(Path, G.Jobs.front()->M->getName());
  return Path;
}

/// Claims \p G for \p Lane: the lane that creates its claim file first (a
/// file creation that fails if the file exists, atomic across processes)
/// runs the group; the others skip it.
static bool claimGroup(StringRef Dir, const Group &G, unsigned Lane) {
  int FD;
  if (sys::fs::openFileForWrite(getClaimPath(Dir, G), FD,
                                sys::fs::CD_CreateNew))
    return false;
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Lane;
  return true;
}

/// The lane that claimed \p G, once every lane is done.
static std::optional<unsigned> getClaimOwner(StringRef Dir, const Group &G) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Claim =
      MemoryBuffer::getFile(getClaimPath(Dir, G));
  unsigned Lane;
  if (!Claim || (*Claim)->getBuffer().getAsInteger(10, Lane))
    return std::nullopt;
  return Lane;
}

/// Takes a worker's results. If it failed, runs its groups in-process
/// instead, so that the errors are reported in the bundle's coordinates.
static void collectWorkerTask(const Bundle &B, WorkerTask &Task,
                              DefaultThreadPool &Pool) {
  if (!*Task.Result) {
    consumeError(Task.Result->takeError());
    for (Group *G : Task.Groups)
      runGroup(B, *G, Pool);
    return;
  }
  DenseSet<const Job *> Taken;
  for (Group *G : Task.Groups)
    Taken.insert(G->Jobs.begin(), G->Jobs.end());
  for (auto [J, Body] : zip(Task.Jobs, (*Task.Result)->Bodies))
    if (J->Pipeline && Taken.contains(J))
      J->Result.emplace(std::move(Body));
  Task.Jobs.front()->Printed = std::move((*Task.Result)->Diagnostics);
}

/// True if LLVM's instrumentation prints while passes run (to LLVM's debug
/// stream, which cannot be told apart per thread).
static bool printsWhileRunning() {
  return DebugPassManager || shouldPrintBeforeSomePass() ||
         shouldPrintAfterSomePass();
}

/// Runs the jobs one at a time in bundle order, each after a banner naming
/// its submodule, so that what LLVM prints while passes run stays with it.
static void runSerially(const Bundle &B, const RunConfig &Config,
                        std::vector<Job> &AllJobs,
                        DenseMap<Job *, Group *> &GroupOf) {
  DefaultThreadPool Pool(hardware_concurrency(1));
  for (Job &J : AllJobs) {
    if (GroupOf[&J]->NeedsIsolation && !IsWorker) {
      WorkerTask Task{{}, {&J}, 1, {}, 0, {}};
      Group Single{GroupOf[&J]->Args, {&J}, true};
      Task.Groups.push_back(&Single);
      runWorkerTask(Config, Task);
      collectWorkerTask(B, Task, Pool);
      errs() << J.Printed;
      continue;
    }
    LLVMOptionScope Scope;
    if (Error E = Scope.enter(J.Options)) {
      J.Result.emplace(B.moduleError(*J.M, toString(std::move(E))));
      continue;
    }
    if (J.Pipeline) {
      printBanner(*J.M, errs());
      errs().flush();
    }
    runJob(B, J, /*WithBanner=*/!J.Pipeline);
    errs() << J.Printed;
  }
}

/// Runs the jobs in parallel. Groups whose options can be scoped run
/// in-process, one group at a time; under -j they are shared among up to -j
/// lanes, the first in-process and the others in workers, which run at the
/// same time and claim the groups one by one, largest first. Groups whose
/// options need isolation each run in a worker.
static void runInParallel(const Bundle &B, const RunConfig &Config,
                          std::vector<Group> &Groups) {
  std::vector<Group *> Safe;
  std::vector<WorkerTask> Tasks;
  bool OneWorkerPerJob = ReportPassTimes || ReportStatistics;
  for (Group &G : Groups) {
    if (!G.NeedsIsolation || IsWorker) {
      Safe.push_back(&G);
      continue;
    }
    // Each report must come back for its own job, to print in bundle order.
    if (OneWorkerPerJob) {
      for (Job *J : G.Jobs)
        Tasks.push_back({{&G}, {J}, 1, {}, 0, {}});
      continue;
    }
    Tasks.push_back({{&G}, G.Jobs, 1, {}, 0, {}});
  }

  // Largest first (by the size of the bodies), so that the last groups to
  // be claimed are the smallest; equal sizes in bundle order.
  auto GroupSize = [](const Group *G) {
    size_t Size = 0;
    for (const Job *J : G->Jobs)
      Size += J->M->getBody().size();
    return Size;
  };
  std::vector<Group *> BySize = Safe;
  llvm::sort(BySize, [&](const Group *A, const Group *B) {
    size_t SizeA = GroupSize(A), SizeB = GroupSize(B);
    return SizeA != SizeB ? SizeA > SizeB : A < B;
  });

  unsigned Lanes = 1;
  if (!IsWorker && !OneWorkerPerJob && Config.Threads > 1)
    Lanes = std::max(1u, std::min<unsigned>(Config.Threads, Safe.size()));
  unsigned ThreadsPerLane = std::max(1u, Config.Threads / Lanes);
  SmallString<128> ClaimsDir(WorkerClaims);
  if (Lanes > 1 &&
      sys::fs::createUniqueDirectory("mm-opt-claims", ClaimsDir))
    Lanes = 1, ThreadsPerLane = Config.Threads;
  std::vector<Job *> SafeJobs;
  for (Group *G : Safe)
    append_range(SafeJobs, G->Jobs);
  llvm::sort(SafeJobs, [](const Job *A, const Job *B) { return A->M < B->M; });
  size_t FirstLaneTask = Tasks.size();
  for (unsigned Lane = 1; Lane < Lanes; ++Lane)
    Tasks.push_back({{},
                     SafeJobs,
                     ThreadsPerLane,
                     {("--mm-worker-claims=" + ClaimsDir).str(),
                      "--mm-worker-lane=" + std::to_string(Lane)},
                     Lane,
                     {}});

  // The workers run while this process runs its lane; with -j1, one after
  // the other.
  DefaultThreadPool Pool(hardware_concurrency(ThreadsPerLane));
  {
    DefaultThreadPool WorkerPool(
        hardware_concurrency(std::max(1u, Config.Threads - 1)));
    for (WorkerTask &Task : Tasks)
      WorkerPool.async([&Config, &Task] { runWorkerTask(Config, Task); });
    if (Config.Threads == 1)
      WorkerPool.wait();
    for (Group *G : BySize)
      if (ClaimsDir.empty() || claimGroup(ClaimsDir, *G, IsWorker ? WorkerLane : 0))
        runGroup(B, *G, Pool);
    WorkerPool.wait();
  }
  // Each lane's results are those of the groups it claimed.
  for (WorkerTask &Task : drop_begin(Tasks, FirstLaneTask))
    for (Group *G : Safe)
      if (getClaimOwner(ClaimsDir, *G) == Task.Lane)
        Task.Groups.push_back(G);
  for (WorkerTask &Task : Tasks)
    collectWorkerTask(B, Task, Pool);
  if (Lanes > 1)
    sys::fs::remove_directories(ClaimsDir);
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

/// A pipeline can retarget its module (mm-lower-device does, for the
/// host): the header's triple then follows the body's, so that the bundle
/// written says what its submodule now is.
static void followBodyTriple(Submodule &M) {
  if (M.getTriple().empty())
    return;
  std::string BodyTriple = findBodyTriple(M.getKind(), M.getBody());
  if (!BodyTriple.empty() &&
      Triple::normalize(BodyTriple) != Triple::normalize(M.getTriple()))
    M.editHeader().Triple = BodyTriple;
}

/// Optimizes or verifies every selected submodule of \p B in place.
///
/// Submodules are independent and run concurrently, each in its own
/// LLVMContext. Those whose scoped LLVM options differ cannot share the
/// process-wide option values, so jobs run in groups of equal options: in
/// this process a group's options are set, its jobs run in parallel, and the
/// options are restored before the next group, while worker processes run
/// other groups at the same time (see runInParallel). While LLVM prints as
/// passes run, jobs run one at a time instead (runSerially).
static Error processBundle(Bundle &B, const RunConfig &Config) {
  Expected<std::vector<SubmoduleSelector>> Selectors =
      parseModuleOptions(B, ModuleSelectors);
  if (!Selectors)
    return Selectors.takeError();
  Expected<std::vector<SubmoduleOrigins>> Origins = applyOverrides(B);
  if (!Origins)
    return Origins.takeError();
  Expected<std::vector<Conversion>> Conversions = parseConversions(B);
  if (!Conversions)
    return Conversions.takeError();

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
  AllJobs.reserve(B.size());
  std::vector<Submodule *> MLIRModules;
  std::vector<std::pair<Submodule *, ModuleKind>> Converted;
  for (auto [Mod, Origin] : zip(B, *Origins)) {
    Submodule &M = Mod;
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
        resolveSubmoduleOptions(B, M, Origin);
    if (!Options) {
      Errors = joinErrors(std::move(Errors), Options.takeError());
      continue;
    }
    Job &J = AllJobs.emplace_back();
    J.M = &M;
    J.Pipeline = getPipeline(B, M);
    J.Options = std::move(*Options);
  }
  if (Errors)
    return Errors;

  // Group the jobs by their scoped options, in order of first appearance.
  std::vector<Group> Groups;
  for (Job &J : AllJobs) {
    const std::vector<std::string> &Args = J.M->getOptions().LLVMArgs;
    auto It = find_if(Groups, [&](const Group &G) { return G.Args == Args; });
    if (It == Groups.end()) {
      It = Groups.insert(Groups.end(), {Args, {}, false});
      It->NeedsIsolation = any_of(J.Options, [](const LLVMOptionSetting &S) {
        return needsIsolation(S.Option);
      });
    }
    It->Jobs.push_back(&J);
  }
  // Alone, a group leaves nothing behind that another could see.
  if (Groups.size() == 1)
    Groups.front().NeedsIsolation = false;
  DenseMap<Job *, Group *> GroupOf;
  for (Group &G : Groups)
    for (Job *J : G.Jobs)
      GroupOf[J] = &G;

  // A submodule's own options may turn on LLVM's printing too.
  // (A worker's own printing comes back with the rest of what it prints.)
  bool Serial = printsWhileRunning() || any_of(Groups, [](const Group &G) {
                  if (G.NeedsIsolation)
                    return false;
                  LLVMOptionScope Trial;
                  if (Error E = Trial.enter(G.Jobs.front()->Options)) {
                    consumeError(std::move(E));
                    return false;
                  }
                  return printsWhileRunning();
                });
  if (Serial)
    runSerially(B, Config, AllJobs, GroupOf);
  else
    runInParallel(B, Config, Groups);

  // Results in bundle order, so that output and errors do not depend on -j.
  for (Job &J : AllJobs) {
    if (!J.Result)
      continue;
    if (!*J.Result) {
      Errors = joinErrors(std::move(Errors), J.Result->takeError());
      continue;
    }
    J.M->setBody(std::move(**J.Result));
    followBodyTriple(*J.M);
  }
  // Reports and workers' messages, in bundle order.
  if (!Serial)
    for (Job &J : AllJobs)
      errs() << J.Printed;
  Errors = joinErrors(std::move(Errors), processMLIRSubmodules(B, MLIRModules));
  // Conversion comes last, after each submodule's own processing.
  if (!Errors)
    for (auto [M, To] : Converted)
      Errors = joinErrors(std::move(Errors), convertSubmodule(B, *M, To));
  // A pipeline that does not parse is reported where it came from.
  return handleErrors(std::move(Errors), [&](const InvalidPipelineError &E) {
    const Submodule &M = E.getSubmodule();
    const OptionOrigin &Origin = (*Origins)[&M - B.submodules().data()].Passes;
    return originError(B, M, Origin, E.getMessage());
  });
}

int mm::optMain(int argc, char **argv,
                ArrayRef<PassBuilderExtension> Extensions) {
  // The codegen flags (-mcpu, -mattr, -relocation-model, ...), from which
  // every submodule's TargetMachine is created: registered as the tool runs.
  static codegen::RegisterCodeGenFlags CodeGenFlags;
  InitLLVM X(argc, argv);
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
  setUpToolProcess();
  for (auto &Entry : cl::getRegisteredOptions())
    builtinOptions().insert(Entry.getValue());
  toolOptions() = getOptionsInCategory(OptCategory);
  for (StringRef Name : {"mcpu", "mattr"})
    toolOptions().insert(cl::getRegisteredOptions().lookup(Name));
  // LLVM's reporting options, shown in mm-opt's --help.
  for (StringRef Name : {"time-passes", "stats", "print-after-all",
                         "print-before-all"})
    if (cl::Option *Option = cl::getRegisteredOptions().lookup(Name)) {
      Option->addCategory(OptCategory);
      Option->setHiddenFlag(cl::NotHidden);
    }
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
  append_range(pipelineExtensions(), Extensions);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mm multi-module optimizer\n\n"
      "Reads a bundle (or a plain .ll/.mlir file), verifies every submodule,\n"
      "runs each LLVM submodule's pipeline, and prints the bundle.\n");

  if (reportError(std::move(PluginErrors), argv[0], errs()))
    return 1;
  for (const PassPlugin &Plugin : passPlugins())
    pipelineExtensions().push_back(
        [&Plugin](PassBuilder &PB, const std::optional<Triple> &) {
          Plugin.registerPassBuilderCallbacks(PB);
        });
  recordCommandLineOptions(argc, argv);
  // Taken over, so that LLVM's process-wide reports stay off.
  ReportPassTimes = TimePassesIsEnabled;
  TimePassesIsEnabled = false;
  ReportStatistics = AreStatisticsEnabled();

  RunConfig Config{sys::fs::getMainExecutable(argv[0], (void *)&mm::optMain),
                   {"--mm-worker"},
                   hardware_concurrency(Jobs).compute_thread_count()};
  for (CommandLineArgument &Argument : splitCommandLine(argc, argv)) {
    // The input, the output, its form and -j are the worker's own; the
    // --module and --set options are already applied to the submodules it
    // gets, and conversions run here, after the worker's results are in.
    const cl::Option *Option = Argument.Option;
    if (!Option || Option == &OutputFilename || Option == &Jobs ||
        Option == &EmitForm ||
        Option == &static_cast<cl::Option &>(ModuleSelectors) ||
        Option == &static_cast<cl::Option &>(FieldOverrides) ||
        Option == &static_cast<cl::Option &>(Conversions) ||
        Option == &IsWorker)
      continue;
    append_range(Config.WorkerArguments, Argument.Words);
  }

  Expected<Bundle> B = readBundleFile(InputFilename);
  if (!B) {
    reportError(B.takeError(), argv[0], errs());
    return 1;
  }
  if (reportError(processBundle(*B, Config), argv[0], errs()))
    return 1;

  Error Written = writeBundleFile(*B, OutputFilename, EmitForm);
  return reportError(std::move(Written), argv[0], errs()) ? 1 : 0;
}
