//===- OptMain.cpp - The mm-opt driver ------------------------------------===//
//
// Parses the command line, reads the bundle, plans its jobs (Jobs.h), runs
// them (Scheduler.h), processes the MLIR submodules and the conversions,
// and writes the result.
//
//===----------------------------------------------------------------------===//

#include "mm/Opt/OptMain.h"
#include "Jobs.h"
#include "OptOptions.h"
#include "Scheduler.h"

#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/BundlePasses/BundlePass.h"
#include "mm/BundlePasses/BundlePassPlugin.h"
#include "mm/Compile/ScopedOptions.h"
#include "mm/Compile/Translation.h"
#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/Pass.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;

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

/// Optimizes or verifies every selected submodule of \p B in place, then
/// runs the MLIR submodules' pipelines and the conversions. Every selected
/// submodule is processed even after an error; the errors are joined in
/// bundle order, so that they do not depend on -j.
static Error processBundle(Bundle &B, const OptSession &Session,
                           const WorkerConfig &Workers, unsigned Threads) {
  Expected<JobPlan> Plan = planJobs(B, Session);
  if (!Plan)
    return Plan.takeError();
  bool Printed = runJobs(B, *Plan, Session, Workers, Threads);

  Error Errors = Error::success();
  for (Job &J : Plan->Jobs) {
    if (!J.Printed.empty() && !Printed)
      errs() << J.Printed;
    if (!J.Result)
      continue;
    if (!*J.Result) {
      Errors = joinErrors(std::move(Errors), J.Result->takeError());
      continue;
    }
    J.M->setBody(std::move(**J.Result));
    followBodyTriple(*J.M);
  }
  Errors = joinErrors(std::move(Errors),
                      processMLIRSubmodules(B, Plan->MLIRModules));
  // Conversion comes last, after each submodule's own processing.
  if (!Errors)
    for (auto [M, To] : Plan->Conversions)
      Errors = joinErrors(std::move(Errors), convertSubmodule(B, *M, To));
  return locatePipelineErrors(B, *Plan, std::move(Errors));
}

/// Runs bundle pipeline \p Pipeline on \p B; returns the bundle it makes,
/// as text.
static Expected<std::string>
runBundlePasses(Bundle &B, StringRef Pipeline,
                const BundlePassRegistry &Registry,
                ArrayRef<PassBuilderExtension> Extensions) {
  if (Error E = runBundlePipeline(B, Pipeline, Registry, Extensions))
    return std::move(E);
  std::string Text;
  raw_string_ostream OS(Text);
  writeBundle(B, OS);
  return Text;
}

/// The options of \p Argv that a worker needs to plan and run the same
/// jobs: all but the input, the output and its form, -j, --convert (which
/// runs here, after the jobs) and --mm-worker itself.
static std::vector<std::string> getWorkerArguments(const OptOptions &Options,
                                                   int Argc, char **Argv) {
  std::vector<std::string> Arguments{"--mm-worker"};
  for (CommandLineArgument &Argument : splitCommandLine(Argc, Argv)) {
    const cl::Option *Option = Argument.Option;
    if (!Option || Option == &Options.OutputFilename ||
        Option == &Options.Jobs || Option == &Options.EmitForm ||
        Option == &Options.BundlePipeline ||
        Option == &static_cast<const cl::Option &>(Options.Conversions) ||
        Option == &Options.IsWorker)
      continue;
    append_range(Arguments, Argument.Words);
  }
  return Arguments;
}

int mm::optMain(int argc, char **argv,
                ArrayRef<PassBuilderExtension> Extensions) {
  InitLLVM X(argc, argv);
  // Registered as the tool runs: mm-opt's options, and the codegen flags
  // (-mcpu, -mattr, -relocation-model, ...) from which every submodule's
  // TargetMachine is created.
  static OptOptions Options;
  static codegen::RegisterCodeGenFlags CodeGenFlags;
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
  setUpToolProcess();

  OptSession Session(Options);
  for (auto &Entry : cl::getRegisteredOptions())
    Session.BuiltinOptions.insert(Entry.getValue());
  Session.ToolOptions = getOptionsInCategory(Options.Category);
  for (StringRef Name : {"march", "mcpu", "mattr"})
    Session.ToolOptions.insert(cl::getRegisteredOptions().lookup(Name));
  showLLVMOptions(Options.Category, {"time-passes", "stats", "print-after-all",
                                     "print-before-all"});
  hideUnrelatedOptions(&Options.Category, argc, argv);
  // Plugins load while the command line is parsed, as in opt, so that the
  // options they register can follow them on the command line.
  std::vector<PassPlugin> Plugins;
  BundlePassRegistry BundlePasses;
  registerBuiltinBundlePasses(BundlePasses);
  Error PluginErrors = Error::success();
  Options.PassPluginPaths.setCallback([&](const std::string &Path) {
    // A plugin may bring bundle passes, LLVM passes, or both.
    bool HasBundlePasses = false;
    if (Error E = loadBundlePassPlugin(Path, BundlePasses, HasBundlePasses)) {
      PluginErrors = joinErrors(std::move(PluginErrors), std::move(E));
      return;
    }
    if (HasBundlePasses &&
        !sys::DynamicLibrary::getPermanentLibrary(Path.c_str())
             .getAddressOfSymbol("llvmGetPassPluginInfo"))
      return;
    Expected<PassPlugin> Plugin = PassPlugin::Load(Path);
    if (!Plugin) {
      PluginErrors = joinErrors(
          std::move(PluginErrors),
          createStringError("cannot load pass plugin '" + Path +
                            "': " + toString(Plugin.takeError())));
      return;
    }
    Plugins.push_back(std::move(*Plugin));
  });
  cl::ParseCommandLineOptions(
      argc, argv,
      "mm multi-module optimizer\n\n"
      "Reads a bundle (or a plain .ll/.mlir file), verifies every submodule,\n"
      "runs each LLVM submodule's pipeline, and prints the bundle.\n");
  if (reportError(std::move(PluginErrors), argv[0], errs()))
    return 1;

  append_range(Session.Extensions, Extensions);
  for (const PassPlugin &Plugin : Plugins)
    Session.Extensions.push_back(
        [&Plugin](PassBuilder &PB, const std::optional<Triple> &) {
          Plugin.registerPassBuilderCallbacks(PB);
        });
  recordCommandLineOptions(argc, argv);
  // Taken over, so that LLVM's process-wide reports stay off.
  Session.ReportPassTimes = TimePassesIsEnabled;
  TimePassesIsEnabled = false;
  Session.ReportStatistics = AreStatisticsEnabled();

  if (Options.IsWorker)
    return serveAsWorker(Session);
  if (Options.PrintPasses) {
    PassBuilder().printPassNames(outs());
    return 0;
  }

  if (!Options.DisableOutput &&
      reportError(checkOutputIsNotInput(Options.OutputFilename,
                                        {Options.InputFilename}),
                  argv[0], errs()))
    return 1;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Input = MemoryBuffer::getFileOrSTDIN(
      Options.InputFilename, /*IsText=*/false,
      /*RequiresNullTerminator=*/false);
  if (!Input) {
    reportError(createStringError(Input.getError(), "cannot read '%s': %s",
                                  Options.InputFilename.c_str(),
                                  Input.getError().message().c_str()),
                argv[0], errs());
    return 1;
  }
  // The bundle reads the buffer in place; workers get the same bytes.
  InputForm Form = getInputForm(Options.InputFilename);
  Expected<Bundle> B = readBundle(
      MemoryBuffer::getMemBuffer((*Input)->getMemBufferRef(),
                                 /*RequiresNullTerminator=*/false),
      Form);
  if (!B) {
    reportError(B.takeError(), argv[0], errs());
    return 1;
  }
  // Bundle passes first; the jobs, and workers, get the bundle they made.
  std::string Transformed;
  if (!Options.BundlePipeline.empty()) {
    Expected<std::string> Text =
        runBundlePasses(*B, Options.BundlePipeline, BundlePasses,
                        Session.Extensions);
    if (!Text) {
      reportError(Text.takeError(), argv[0], errs());
      return 1;
    }
    Transformed = std::move(*Text);
    B = readBundle(MemoryBuffer::getMemBuffer(
                       Transformed, (*Input)->getBufferIdentifier(),
                       /*RequiresNullTerminator=*/false),
                   InputForm::Detect);
    if (!B) {
      reportError(B.takeError(), argv[0], errs());
      return 1;
    }
  }
  WorkerConfig Workers{
      sys::fs::getMainExecutable(argv[0], (void *)&mm::optMain),
      getWorkerArguments(Options, argc, argv),
      (*Input)->getBufferIdentifier(),
      Transformed.empty() ? Form : InputForm::Detect,
      Transformed.empty() ? (*Input)->getBuffer() : StringRef(Transformed)};
  unsigned Threads = hardware_concurrency(Options.Jobs).compute_thread_count();
  if (reportError(processBundle(*B, Session, Workers, Threads), argv[0],
                  errs()))
    return 1;

  if (Options.DisableOutput)
    return 0;
  // As opt: bitcode to a .bc file unless -S or --emit says otherwise.
  BundleForm OutputForm = Options.EmitForm;
  if (!Options.EmitForm.getNumOccurrences() && !Options.TextOutput &&
      StringRef(Options.OutputFilename).ends_with(".bc"))
    OutputForm = BundleForm::Binary;
  Error Written = writeBundleFile(*B, Options.OutputFilename, OutputForm);
  return reportError(std::move(Written), argv[0], errs()) ? 1 : 0;
}
