//===- LlcMain.cpp - The mm-llc driver ------------------------------------===//
//
// Compiles every selected LLVM submodule of a bundle for its own triple, with
// its own codegen level, CPU, features and scoped LLVM options, and writes
// either one file per submodule into a directory or, with --embed, the host's
// object file with the device parts embedded as offloading binaries.
//
//===----------------------------------------------------------------------===//

#include "mm/Codegen/LlcMain.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Selector.h"
#include "mm/Codegen/Codegen.h"
#include "mm/Codegen/LinkForHost.h"
#include "mm/Compile/TargetMachine.h"
#include "mm/Compile/GPUPrograms.h"
#include "mm/Compile/OptLevel.h"
#include "mm/Compile/ScopedOptions.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/InitializePasses.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;

namespace {
/// mm-llc's options, registered when llcMain creates them.
struct LlcOptions {
  cl::OptionCategory Category{"mm-llc options"};

  cl::opt<std::string> InputFilename{cl::Positional,
                                     cl::desc("<input bundle>"), cl::init("-"),
                                     cl::cat(Category)};

  cl::opt<std::string> OutputFilename{
      "o",
      cl::desc("Output directory, one file per submodule (NAME.s, NAME.ptx "
               "for NVPTX assembly, NAME.o); for a plain module, or with "
               "--embed for the host's, the output file (default: as llc, "
               "the input's name with .s or .o, - for standard input); - "
               "for a single output"),
      cl::value_desc("dir|file"), cl::cat(Category)};

  cl::opt<char> OptLevel{
      "O",
      cl::desc("Codegen level for every submodule, as llc's -O (overrides "
               "the headers' opt=; default: the header's, else 2)"),
      cl::Prefix, cl::init('2'), cl::cat(Category)};

  cl::opt<std::string> TargetTriple{
      "mtriple",
      cl::desc("Override the target triple of every selected submodule, as "
               "llc's -mtriple"),
      cl::value_desc("triple"), cl::cat(Category)};

  cl::opt<bool> AsmVerbose{
      "asm-verbose",
      cl::desc("Add comments to the assembly, as llc's -asm-verbose "
               "(default: on)"),
      cl::init(true), cl::cat(Category)};
  cl::opt<bool> ShowMCEncoding{
      "show-mc-encoding",
      cl::desc("Show each instruction's encoding in the assembly, as llc"),
      cl::cat(Category)};
  cl::opt<bool> PreserveComments{
      "preserve-as-comments",
      cl::desc("Keep the comments of inline assembly, as llc (default: on)"),
      cl::init(true), cl::cat(Category)};

  cl::list<std::string> ModuleSelectors{
      "module",
      cl::desc("Compile only the submodules this selector matches (a name "
               "glob, role=host|device or triple=GLOB; repeatable)"),
      cl::value_desc("selector"), cl::cat(Category)};

  cl::list<std::string> FieldOverrides{
      "set",
      cl::desc("Override a header field for the submodules SELECTOR "
               "matches, e.g. --set='triple=nvptx*:cpu=sm_80' (repeatable)"),
      cl::value_desc("SELECTOR:KEY=VALUE"), cl::cat(Category)};

  cl::list<std::string> EmbedForms{
      "embed",
      cl::desc("Write the host's output with the device submodules embedded "
               "in FORM (bitcode, asm or obj), or lowered for the CPU and "
               "linked into the host's code (cpu, for libmm_runtime): all of "
               "them, or those SELECTOR matches (repeatable; the last that "
               "matches wins)"),
      cl::value_desc("[SELECTOR:]FORM"), cl::cat(Category)};

  cl::opt<std::string> OffloadSection{
      "offload-section",
      cl::desc("Section that holds the embedded parts (default: "
               ".llvm.offloading, as clang's -fembed-offload-object, which "
               "the link drops; a C-identifier name is kept in the program, "
               "between __start_NAME and __stop_NAME)"),
      cl::value_desc("name"), cl::init(OffloadingSectionName.str()),
      cl::cat(Category)};

  cl::opt<unsigned> Jobs{
      "j",
      cl::desc("Compile up to N submodules at once (default: all hardware "
               "threads; one with -print-after, -time-passes or "
               "-debug-pass-manager); the output does not depend on N"),
      cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(Category)};

  cl::opt<DeviceCheck> Check{
      "check",
      cl::desc("With --embed=cpu, have the device code checked as CUDA's "
               "compute-sanitizer tool checks it, when the program runs"),
      getDeviceCheckValues(),
      cl::init(DeviceCheck::None), cl::cat(Category)};

  cl::opt<bool> DebugPassManager{
      "debug-pass-manager",
      cl::desc("Print the passes that each device submodule's pipeline runs "
               "with --embed=cpu (its lowering's, then its optimization's), "
               "as opt does, after a banner naming the submodule"),
      cl::cat(Category)};

  /// mm-llc's own options, and the codegen flags it reads once for the
  /// whole run: a header's mllvm= cannot set them.
  SmallPtrSet<cl::Option *, 32> ToolOptions;
};
} // namespace

namespace {
/// The work on one submodule.
struct Job {
  Submodule *M;
  /// The submodule's level (-O, else its header's opt=, else llc's).
  OptLevel Level;
  CodegenOptions Options;
  std::vector<LLVMOptionSetting> Settings;
  /// Set for a device part embedded in the host.
  std::optional<EmbedForm> Embed;
  /// For a device part linked into the host (`cpu`): how it is lowered.
  HostLoweringOptions Lowering;
  /// Code generation's warnings; the lowering's, located in the bundle.
  std::string Warnings;
  std::vector<std::string> LoweringWarnings;
  /// The output, or the error.
  std::optional<Expected<std::string>> Result;
};

/// An --embed option: a form for the devices a selector matches (all of
/// them without a selector).
struct EmbedRule {
  std::optional<SubmoduleSelector> Selector;
  EmbedForm Form;
};
} // namespace

static Expected<std::vector<EmbedRule>>
parseEmbedRules(const LlcOptions &Flags) {
  std::vector<EmbedRule> Rules;
  for (StringRef Text : Flags.EmbedForms) {
    auto [SelectorText, FormName] = Text.rsplit(':');
    if (FormName.empty())
      std::swap(SelectorText, FormName);
    std::optional<EmbedForm> Form = parseEmbedFormName(FormName);
    if (!Form)
      return createStringError("invalid --embed '%s': unknown form '%s' "
                               "(expected bitcode, asm or obj)",
                               Text.str().c_str(), FormName.str().c_str());
    EmbedRule Rule{std::nullopt, *Form};
    if (!SelectorText.empty()) {
      Expected<SubmoduleSelector> Selector =
          SubmoduleSelector::parse(SelectorText);
      if (!Selector)
        return createStringError("invalid --embed '%s': %s",
                                 Text.str().c_str(),
                                 toString(Selector.takeError()).c_str());
      Rule.Selector = std::move(*Selector);
    }
    Rules.push_back(std::move(Rule));
  }
  return Rules;
}

static std::optional<EmbedForm> getEmbedForm(ArrayRef<EmbedRule> Rules,
                                             const Submodule &M) {
  std::optional<EmbedForm> Form;
  for (const EmbedRule &Rule : Rules)
    if (!Rule.Selector || Rule.Selector->matches(M))
      Form = Rule.Form;
  return Form;
}

/// The file that -o DIR gets for \p M.
static std::string getOutputFileName(const Submodule &M,
                                     CodeGenFileType FileType) {
  if (FileType == CodeGenFileType::ObjectFile)
    return (M.getName() + ".o").str();
  bool IsPTX = Triple(M.getTriple()).isNVPTX();
  return (M.getName() + (IsPTX ? ".ptx" : ".s")).str();
}

/// The file llc writes without -o: standard output for standard input,
/// else the input's name with .s or .o for its .ll or .bc (mm-llc: or .mml).
static std::string getDefaultOutputFile(StringRef InputFilename) {
  if (InputFilename == "-")
    return "-";
  StringRef Stem = InputFilename;
  for (StringRef Extension : {".ll", ".bc", ".mml"})
    if (Stem.consume_back(Extension))
      break;
  bool IsObject = codegen::getFileType() == CodeGenFileType::ObjectFile;
  return (Stem + (IsObject ? ".o" : ".s")).str();
}

/// True if -o names a directory for one file per submodule: it is given, is
/// not "-", and neither a plain module nor --embed makes one output file.
static bool writesIntoDirectory(const Bundle &B, const LlcOptions &Flags) {
  return !Flags.OutputFilename.empty() && Flags.OutputFilename != "-" &&
         !B.isPlainModule() && Flags.EmbedForms.empty();
}

/// Where the output of \p M goes: a file of -o's directory, or the one
/// output file, as llc names it (-o's, llc's default, or "-").
static std::string getOutputPath(const Bundle &B, const Submodule &M,
                                 const LlcOptions &Flags,
                                 CodeGenFileType FileType) {
  if (writesIntoDirectory(B, Flags)) {
    SmallString<128> Path(Flags.OutputFilename.getValue());
    sys::path::append(Path, getOutputFileName(M, FileType));
    return Path.str().str();
  }
  if (!Flags.OutputFilename.empty())
    return Flags.OutputFilename;
  return Flags.EmbedForms.empty() ? getDefaultOutputFile(Flags.InputFilename)
                                  : "-";
}

/// The level of \p M: the command line's -O (\p CommandLine), else the
/// header's opt= (which the reader checked), else llc's default.
static OptLevel getSubmoduleOptLevel(const Submodule &M,
                                     const LlcOptions &Flags,
                                     const OptLevel &CommandLine) {
  const SubmoduleOptions &Header = M.getOptions();
  if (Flags.OptLevel.getNumOccurrences() || Header.OptLevel.empty())
    return CommandLine;
  return *lookupOptLevel(Header.OptLevel);
}

/// The codegen options of \p M at \p Level; the header's cpu= and
/// features=, else -mcpu and -mattr.
static CodegenOptions getCodegenOptions(const Bundle &B, const Submodule &M,
                                        const OptLevel &Level,
                                        CodeGenFileType FileType,
                                        const LlcOptions &Flags,
                                        TargetMachineCache &TargetMachines) {
  const SubmoduleOptions &Header = M.getOptions();
  CodegenOptions Options;
  Options.TargetMachines = &TargetMachines;
  Options.OptLevel = Level.Codegen;
  if (!Flags.TargetTriple.empty())
    Options.TargetTriple = Triple::normalize(Flags.TargetTriple);
  Options.CPU = Header.CPU.empty() ? codegen::getCPUStr() : Header.CPU;
  Options.Features =
      Header.Features.empty() ? codegen::getFeaturesStr() : Header.Features;
  Options.FileType = FileType;
  Options.OutputPath = getOutputPath(B, M, Flags, FileType);
  Options.AsmVerbose = Flags.AsmVerbose;
  Options.ShowMCEncoding = Flags.ShowMCEncoding;
  Options.PreserveAsmComments = Flags.PreserveComments;
  return Options;
}

static void runJob(const Bundle &B, Job &J, ArrayRef<OffloadPart> Embedded,
                   StringRef OffloadSection) {
  if (J.Embed == EmbedForm::HostCode) {
    J.Result.emplace(lowerDevicePartForHost(B, *J.M, J.Lowering));
    return;
  }
  // The reports on its code generator's passes, which run in the legacy
  // pass manager (lowerDevicePartForHost names the submodule of a
  // pipeline's).
  if (reportsOnPasses(/*DebugPassManager=*/false)) {
    printPipelineBanner(J.M->getName(), errs());
    errs().flush();
  }
  if (J.Embed == EmbedForm::Bitcode) {
    J.Result.emplace(writeSubmoduleBitcode(B, *J.M));
    return;
  }
  J.Result.emplace(compileSubmodule(B, *J.M, J.Options, J.Warnings,
                                    Embedded, OffloadSection));
}

/// Runs \p Selected jobs of \p AllJobs in groups of equal scoped options.
static void runJobs(const Bundle &B, ArrayRef<Job *> Selected,
                    ThreadPoolInterface &Pool, StringRef OffloadSection,
                    ArrayRef<OffloadPart> Embedded = {}) {
  std::vector<ScopedTask> Tasks;
  for (const Job *J : Selected)
    Tasks.push_back({J->M->getOptions().LLVMArgs, J->Settings});
  runInOptionGroups(
      Tasks, Pool,
      [&](size_t I) { runJob(B, *Selected[I], Embedded, OffloadSection); },
      [&](size_t I, StringRef Message) {
        Selected[I]->Result.emplace(B.moduleError(*Selected[I]->M, Message));
      });
}

/// Joins the jobs' errors in bundle order and prints their warnings.
static Error collectErrors(MutableArrayRef<Job> AllJobs) {
  Error Errors = Error::success();
  for (Job &J : AllJobs) {
    for (const std::string &Warning : J.LoweringWarnings)
      errs() << Warning;
    if (!J.Warnings.empty())
      WithColor::warning(errs(), "mm-llc")
          << "submodule '" << J.M->getName() << "': " << J.Warnings << '\n';
    if (J.Result && !*J.Result)
      Errors = joinErrors(std::move(Errors), J.Result->takeError());
  }
  return Errors;
}

/// How the `cpu` device parts of \p Host's output are lowered: for the
/// host's triple, CPU and features, at its level.
static HostLoweringOptions
getHostLoweringOptions(const Job &Host, const LlcOptions &Flags,
                       ArrayRef<PassBuilderExtension> Extensions) {
  HostLoweringOptions Lowering;
  Lowering.HostTriple = getCompileTriple(Host.Options, Host.M->getTriple());
  Lowering.Level = Host.Level;
  Lowering.Extensions = Extensions;
  Lowering.DebugPassManager = Flags.DebugPassManager;
  Lowering.Check = Flags.Check;
  std::string CPU = Host.Options.CPU, Features = Host.Options.Features;
  resolveNativeCPU(CPU, Features);
  Lowering.CreateTargetMachine = [=, HostTriple = Lowering.HostTriple,
                                  Level = Host.Options.OptLevel] {
    return createTargetMachineForTriple(HostTriple, CPU, Features, Level);
  };
  return Lowering;
}

/// Compiles \p B. On success, \p Outputs holds (file name, contents) pairs:
/// one per submodule, or the host's alone with --embed.
static Error
compileBundle(Bundle &B, const LlcOptions &Flags,
              ArrayRef<PassBuilderExtension> Extensions,
              std::vector<std::pair<std::string, std::string>> &Outputs) {
  Expected<OptLevel> CommandLineLevel = parseCodegenLevelFlag(Flags.OptLevel);
  if (!CommandLineLevel)
    return CommandLineLevel.takeError();
  Expected<std::vector<EmbedRule>> EmbedRules = parseEmbedRules(Flags);
  if (!EmbedRules)
    return EmbedRules.takeError();
  // Each thread's TargetMachines, reused from one submodule to the next.
  TargetMachineCache TargetMachines;
  bool Embedding = !EmbedRules->empty();
  bool LinkedProgram = any_of(*EmbedRules, [](const EmbedRule &Rule) {
    return Rule.Form == EmbedForm::HostCode;
  });
  // A program for libmm_runtime is compiled as mm-lli runs it: an MLIR GPU
  // program's nested kernel modules are its device submodules.
  if (LinkedProgram)
    if (Error E = addNestedKernelModules(B))
      return E;
  Expected<std::vector<SubmoduleSelector>> Selectors =
      parseModuleOptions(B, Flags.ModuleSelectors);
  if (!Selectors)
    return Selectors.takeError();
  if (Error E = applySetOptions(B, Flags.FieldOverrides))
    return E;
  CodeGenFileType FileType = codegen::getFileType();
  if (FileType == CodeGenFileType::Null)
    return createStringError("-filetype=null is not supported");

  Error Errors = Error::success();
  std::vector<Job> AllJobs;
  for (Submodule &M : B) {
    if (!isSelected(*Selectors, M))
      continue;
    std::optional<EmbedForm> Embed;
    if (Embedding && M.getRole() == ModuleRole::Device) {
      Embed = getEmbedForm(*EmbedRules, M);
      if (!Embed)
        continue;
    }
    std::vector<LLVMOptionSetting> Settings;
    for (auto [I, Arg] : enumerate(M.getOptions().LLVMArgs)) {
      Expected<std::vector<LLVMOptionSetting>> Resolved =
          resolveLLVMOptions({Arg}, Flags.ToolOptions);
      if (!Resolved) {
        Errors = joinErrors(std::move(Errors),
                            B.fieldError(M, "mllvm", I,
                                         toString(Resolved.takeError())));
        continue;
      }
      Settings.push_back(Resolved->front());
    }
    CodeGenFileType PartType = FileType;
    if (Embed && Embed != EmbedForm::HostCode)
      PartType = *Embed == EmbedForm::Object ? CodeGenFileType::ObjectFile
                                             : CodeGenFileType::AssemblyFile;
    OptLevel Level = getSubmoduleOptLevel(M, Flags, *CommandLineLevel);
    CodegenOptions Options =
        getCodegenOptions(B, M, Level, PartType, Flags, TargetMachines);
    AllJobs.push_back({&M, Level, std::move(Options), std::move(Settings),
                       Embed, {}, {}, {}, {}});
  }
  if (Errors)
    return Errors;

  Job *HostJob = nullptr;
  std::vector<Job *> FirstPass;
  for (Job &J : AllJobs) {
    if (Embedding && J.M->getRole() == ModuleRole::Host)
      HostJob = &J;
    else
      FirstPass.push_back(&J);
  }
  if (Embedding && !HostJob)
    return createStringError("--embed needs a selected host submodule");
  // As --module and --set, an --embed that matches nothing is an error
  // rather than a host without the device parts the user asked for.
  // A program for libmm_runtime may have no device code at all.
  for (auto [Text, Rule] : zip(Flags.EmbedForms, *EmbedRules))
    if ((Rule.Selector || Rule.Form != EmbedForm::HostCode) &&
        none_of(AllJobs, [&, &Rule = Rule](const Job &J) {
          return J.M->getRole() == ModuleRole::Device &&
                 (!Rule.Selector || Rule.Selector->matches(*J.M));
        }))
      return createStringError("--embed '%s' matches no selected device "
                               "submodule",
                               Text.c_str());

  if (LinkedProgram) {
    HostJob->Options.LinkedProgram = true;
    HostLoweringOptions Lowering =
        getHostLoweringOptions(*HostJob, Flags, Extensions);
    // Each device part is optimized at its own level (its header's opt=,
    // else -O), for the host's target machine.
    for (Job *J : FirstPass)
      if (J->Embed == EmbedForm::HostCode) {
        J->Lowering = Lowering;
        J->Lowering.Level = J->Level;
        J->Lowering.WarningHandler = [J](Error Warning) {
          J->LoweringWarnings.push_back(toString(std::move(Warning)));
        };
      }
  }

  // Reports on passes go to LLVM's streams: one submodule at a time, each
  // after its banner.
  bool Reports = reportsOnPasses(Flags.DebugPassManager);
  DefaultThreadPool Pool(
      hardware_concurrency(Reports ? 1 : Flags.Jobs.getValue()));
  runJobs(B, FirstPass, Pool, Flags.OffloadSection);
  if (!Embedding) {
    if (Error E = collectErrors(AllJobs))
      return E;
    for (Job &J : AllJobs)
      Outputs.emplace_back(J.Options.OutputPath, std::move(**J.Result));
    return Error::success();
  }

  // The host is compiled once its device parts are ready to embed.
  std::vector<OffloadPart> Parts;
  for (Job *J : FirstPass) {
    if (!*J->Result)
      continue;
    Parts.push_back({J->M->getName().str(), J->M->getTriple().str(),
                     J->Options.CPU, *J->Embed, **J->Result});
  }
  if (Parts.size() == FirstPass.size())
    runJobs(B, {HostJob}, Pool, Flags.OffloadSection, Parts);
  if (Error E = collectErrors(AllJobs))
    return E;
  Outputs.emplace_back(HostJob->Options.OutputPath,
                       std::move(**HostJob->Result));
  return Error::success();
}

/// Writes one output to \p Path, a file or "-".
static Error writeSingleOutput(StringRef Path, StringRef Contents) {
  if (codegen::getFileType() == CodeGenFileType::ObjectFile)
    if (Error E = checkBinaryOutput(Path))
      return E;
  return writeOutputFile(Path, [&](raw_ostream &OS) {
    OS << Contents;
    return Error::success();
  });
}

/// Writes \p Outputs of compiling \p B, each to its path: one file per
/// submodule into -o's directory, or the one output file, as llc.
static Error
writeOutputs(const Bundle &B, const LlcOptions &Flags,
             ArrayRef<std::pair<std::string, std::string>> Outputs) {
  if (!writesIntoDirectory(B, Flags)) {
    if (Outputs.size() != 1)
      return createStringError(
          "-o DIR is required: %zu submodules are compiled, one file each "
          "into a directory (select one with --module, or use --embed to "
          "write the host's output alone)",
          Outputs.size());
    return writeSingleOutput(Outputs.front().first, Outputs.front().second);
  }
  if (std::error_code EC = sys::fs::create_directories(Flags.OutputFilename))
    return createStringError(EC, "cannot create directory '%s': %s",
                             Flags.OutputFilename.c_str(),
                             EC.message().c_str());
  OutputDirectory Directory(Flags.OutputFilename);
  for (const std::pair<std::string, std::string> &Output : Outputs)
    if (Error E = Directory.write(sys::path::filename(Output.first),
                                  [&](raw_ostream &OS) {
                                    OS << Output.second;
                                    return Error::success();
                                  }))
      return E;
  return Error::success();
}

int mm::llcMain(int argc, char **argv,
                ArrayRef<PassBuilderExtension> Extensions) {
  InitLLVM X(argc, argv);
  // Registered as the tool runs: mm-llc's options, and the codegen flags
  // (-mcpu, -mattr, -relocation-model, ...) from which every submodule's
  // TargetMachine is created.
  static LlcOptions Flags;
  static codegen::RegisterCodeGenFlags CodeGenFlags;
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
  // As llc, so that -print-after and -stop-after know the passes.
  PassRegistry &Registry = *PassRegistry::getPassRegistry();
  initializeCore(Registry);
  initializeCodeGen(Registry);
  initializeTarget(Registry);
  // The IR passes that llc registers, so that -start-after=simplifycfg and
  // -stop-before=loop-reduce name them as they do there.
  initializeLoopStrengthReducePass(Registry);
  initializeLowerIntrinsicsPass(Registry);
  initializePostInlineEntryExitInstrumenterPass(Registry);
  initializeUnreachableBlockElimLegacyPassPass(Registry);
  initializeConstantHoistingLegacyPassPass(Registry);
  initializeScalarOpts(Registry);
  initializeVectorization(Registry);
  initializeScalarizeMaskedMemIntrinLegacyPassPass(Registry);
  initializeExpandReductionsPass(Registry);
  initializeHardwareLoopsLegacyPass(Registry);
  initializeTransformUtils(Registry);
  initializeReplaceWithVeclibLegacyPass(Registry);
  initializeTLSVariableHoistLegacyPassPass(Registry);
  initializeScavengerTestPass(Registry);
  setUpToolProcess();
  Flags.ToolOptions = getOptionsInCategory(Flags.Category);
  showLLVMOptions(Flags.Category, PassReportOptions);
  hideUnrelatedOptions({&Flags.Category, &getColorCategory()}, argc, argv);
  // The codegen flags that every submodule's compilation uses by default.
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  for (StringRef Name : {"filetype", "march", "mcpu", "mattr",
                         "relocation-model", "code-model"}) {
    cl::Option *Flag = Registered.lookup(Name);
    assert(Flag && "llc's codegen flags are registered");
    Flag->addCategory(Flags.Category);
    Flag->setHiddenFlag(cl::NotHidden);
    Flags.ToolOptions.insert(Flag);
  }
  cl::ParseCommandLineOptions(
      argc, argv,
      "mm multi-module code generator\n\n"
      "Compiles each submodule of a bundle for its own target, as llc would\n"
      "compile it alone, into one file per submodule under -o DIR, or with\n"
      "--embed into the host's object file with the device parts embedded.\n");
  recordCommandLineOptions(argc, argv);

  // As llc: -mcpu=help or -mattr=help lists the CPUs and features of the
  // target that -mtriple (and -march) name, and compiles nothing.
  std::vector<std::string> Attributes = codegen::getMAttrs();
  if (codegen::getMCPU() == "help" ||
      (!Attributes.empty() && Attributes.front() == "help")) {
    Triple TT(Triple::normalize(Flags.TargetTriple));
    std::string Message;
    const Target *TheTarget =
        TargetRegistry::lookupTarget(codegen::getMArch(), TT, Message);
    if (!TheTarget) {
      WithColor::error(errs(), argv[0])
          << "unable to get target for '" << TT.str()
          << "', see --version and --triple\n";
      return 1;
    }
    // Creating the subtarget prints the lists.
    std::unique_ptr<MCSubtargetInfo>(TheTarget->createMCSubtargetInfo(
        TT.str(), codegen::getMCPU(), codegen::getFeaturesStr()));
    return 0;
  }

  // llc's default output adds .s or .o to the input's stem: never the input.
  if (reportError(checkOutputIsNotInput(Flags.OutputFilename,
                                        {Flags.InputFilename}),
                  argv[0], errs()))
    return 1;
  Expected<Bundle> B = readBundleFile(Flags.InputFilename);
  if (!B) {
    reportError(B.takeError(), argv[0], errs());
    return 1;
  }
  std::vector<std::pair<std::string, std::string>> Outputs;
  if (reportError(compileBundle(*B, Flags, Extensions, Outputs), argv[0],
                  errs()))
    return 1;
  return reportError(writeOutputs(*B, Flags, Outputs), argv[0], errs()) ? 1
                                                                     : 0;
}
