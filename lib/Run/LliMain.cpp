//===- LliMain.cpp - The mm-lli driver ------------------------------------===//

#include "mm/Run/LliMain.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/BundlePasses/BundlePass.h"
#include "mm/BundlePasses/BundlePassPlugin.h"
#include "mm/Compile/GPUPrograms.h"
#include "mm/Compile/OptLevel.h"
#include "mm/Launch/ProgramCache.h"
#include "mm/Run/BundleJIT.h"
#include "mm/Run/CompileCache.h"
#include "mm/Runtime/Runtime.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/LinkModules.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

using namespace llvm;
using namespace mm;

namespace {
enum class EntryResult { Void, I32, I64, F32, F64 };

/// mm-lli's options, registered when lliMain creates them (after libLLVM's
/// own undocumented `-threads` is removed, for --threads).
struct LliOptions {
  cl::OptionCategory Category{"mm-lli options"};

  cl::opt<std::string> InputFilename{cl::Positional,
                                     cl::desc("<input bundle>"), cl::init("-"),
                                     cl::cat(Category)};

  cl::list<std::string> InputArgv{cl::ConsumeAfter,
                                  cl::desc("<program arguments>..."),
                                  cl::cat(Category)};

  cl::opt<std::string> EntryFunction{
      "entry-function",
      cl::desc("Call this host function (no arguments) instead of main, and "
               "print its result"),
      cl::value_desc("name"), cl::cat(Category)};

  cl::opt<EntryResult> EntryResultType{
      "entry-result",
      cl::desc("Result type of --entry-function (of main, if it is given "
               "alone):"),
      cl::init(EntryResult::I32),
      cl::values(
          clEnumValN(EntryResult::Void, "void", "no result"),
          clEnumValN(EntryResult::I32, "i32", "32-bit integer (default)"),
          clEnumValN(EntryResult::I64, "i64", "64-bit integer"),
          clEnumValN(EntryResult::F32, "f32", "float"),
          clEnumValN(EntryResult::F64, "f64", "double")),
      cl::cat(Category)};

  cl::alias EntryFunctionShort{"e", cl::desc("Alias for --entry-function"),
                               cl::aliasopt(EntryFunction)};
  cl::alias EntryPointResult{
      "entry-point-result",
      cl::desc("Alias for --entry-result, as mlir-cpu-runner spells it"),
      cl::aliasopt(EntryResultType)};

  cl::list<std::string> PassPluginPaths{
      "load-pass-plugin",
      cl::desc("Load the pass plugin in this shared library, as mm-opt "
               "does: its bundle passes for --bundle-passes, its LLVM "
               "passes for the headers' pipelines (repeatable)"),
      cl::value_desc("path"), cl::cat(Category)};

  cl::opt<std::string> BundlePipeline{
      "bundle-passes",
      cl::desc("Run these bundle passes on the bundle before it runs, as "
               "mm-opt --bundle-passes does"),
      cl::value_desc("pipeline"), cl::cat(Category)};

  cl::list<std::string> DlopenLibs{
      "dlopen", cl::desc("Load this shared library and resolve symbols from "
                         "it, as lli's -dlopen (repeatable)"),
      cl::value_desc("path"), cl::cat(Category)};

  cl::list<std::string> ExtraModules{
      "extra-module",
      cl::desc("Link this LLVM IR or bitcode file into the host submodule, "
               "whose symbols it then shares, as lli's -extra-module adds it "
               "beside the main module (repeatable)"),
      cl::value_desc("file"), cl::cat(Category)};

  cl::list<std::string> ExtraObjects{
      "extra-object",
      cl::desc("Add this object file beside the host submodule, whose "
               "symbols they share, as lli's -extra-object (repeatable)"),
      cl::value_desc("file"), cl::cat(Category)};

  cl::list<std::string> ExtraArchives{
      "extra-archive",
      cl::desc("Add this static archive's members, as they are needed, "
               "beside the host submodule, as lli's -extra-archive "
               "(repeatable)"),
      cl::value_desc("file"), cl::cat(Category)};

  cl::list<std::string> LoadLibs{
      "load",
      cl::desc("Load this shared library and resolve symbols from it, as "
               "lli's -load (repeatable; the same as -dlopen)"),
      cl::value_desc("path"), cl::cat(Category)};

  cl::opt<std::string> FakeArgv0{
      "fake-argv0",
      cl::desc("The program's argv[0], as lli's -fake-argv0 (default: the "
               "input's name)"),
      cl::value_desc("name"), cl::cat(Category)};

  cl::list<std::string> SharedLibs{
      "shared-libs", cl::desc("Resolve symbols from these shared libraries"),
      cl::value_desc("path,..."), cl::CommaSeparated, cl::cat(Category)};

  cl::opt<char> OptLevel{
      "O", cl::desc("Code generation level: -O0, -O1, -O2 (default), -O3"),
      cl::Prefix, cl::init('2'), cl::cat(Category)};

  cl::opt<DeviceCheck> Check{
      "check",
      cl::desc("Check the kernels as CUDA's compute-sanitizer tool does"),
      getDeviceCheckValues(),
      cl::init(DeviceCheck::None), cl::cat(Category)};

  cl::opt<unsigned> Threads{
      "threads",
      cl::desc("Worker threads that run kernel blocks (default: "
               "$MM_THREADS, else one per hardware thread)"),
      cl::value_desc("N"), cl::init(0), cl::cat(Category)};

  cl::opt<std::string> BlockTime{
      "blocktime",
      cl::desc("Milliseconds a worker thread waits for the next launch, "
               "spinning, before it sleeps, or 'infinite' (default: "
               "$MM_BLOCKTIME, else 200)"),
      cl::value_desc("ms"), cl::cat(Category)};

  cl::opt<std::string> ObjectCacheDir{
      "object-cache-dir",
      cl::desc("Keep compiled submodules and whole programs in this "
               "directory and reuse them (default: $MM_CACHE_PATH, else "
               "~/.cache/mm)"),
      cl::value_desc("dir"), cl::cat(Category)};

  cl::opt<bool> NoObjectCache{
      "no-object-cache",
      cl::desc("Compile every submodule, in mm-lli's JIT; neither use nor "
               "fill the compile cache (as MM_CACHE_DISABLE=1)"),
      cl::cat(Category)};

  cl::opt<bool> PrintCompiled{
      "print-compiled",
      cl::desc("Print `compiled submodule 'NAME'` to standard error as each "
               "submodule is compiled"),
      cl::cat(Category)};

  cl::opt<bool> PrintCompiledIR{
      "print-compiled-ir",
      cl::desc("Print each submodule's LLVM IR to standard error as it is "
               "compiled, after lowering and optimization"),
      cl::cat(Category)};

  cl::opt<bool> DebugPassManager{
      "debug-pass-manager",
      cl::desc("Print the passes that each submodule's pipeline runs (a "
               "device submodule's: its lowering's, then its optimization's), "
               "as opt does, after a banner naming the submodule"),
      cl::cat(Category)};
};
} // namespace

static const char *getEntryResultName(EntryResult R) {
  switch (R) {
  case EntryResult::Void:
    return "void";
  case EntryResult::I32:
    return "i32";
  case EntryResult::I64:
    return "i64";
  case EntryResult::F32:
    return "f32";
  case EntryResult::F64:
    return "f64";
  }
  llvm_unreachable("unknown entry result");
}

/// Checks that the host defines \p Name and, for an entry function, that it
/// takes no parameters and returns what --entry-result says.
static Error checkEntryPoint(BundleJIT &JIT, StringRef Name, bool IsMain,
                             EntryResult ResultType) {
  const Bundle &B = JIT.getBundle();
  const Submodule &Host = JIT.getHostSubmodule();
  const BundleJIT::HostFunction *F = JIT.findHostFunction(Name);
  if (!F)
    return B.moduleError(Host, "no function '" + Name + "' to run");
  if (IsMain)
    return Error::success();
  if (F->NumParams)
    return B.moduleError(Host, "entry function '" + Name + "' takes " +
                                   Twine(F->NumParams) +
                                   " parameters; it must take none");
  const char *Expected = getEntryResultName(ResultType);
  if (F->Result != Expected)
    return B.moduleError(Host, "entry function '" + Name + "' returns " +
                                   F->Result + ", not " + Expected +
                                   " (--entry-result)");
  return Error::success();
}

/// The compile cache that the flags and the environment ask for, or none
/// (launch::readCacheSettings says which, as for mm-lli's launcher). A
/// cache that cannot be opened is a warning; the run goes on without it.
static Expected<std::unique_ptr<CompileCache>>
openCompileCache(const LliOptions &Flags) {
  std::optional<launch::CacheSettings> Settings;
  if (std::optional<std::string> Message = launch::readCacheSettings(
          Flags.ObjectCacheDir, Flags.NoObjectCache, Settings))
    return createStringError(*Message);
  if (!Settings)
    return nullptr;
  Expected<std::unique_ptr<CompileCache>> Cache =
      CompileCache::open(Settings->Directory, Settings->MaxSize);
  if (!Cache) {
    WithColor::warning(errs(), "mm-lli")
        << toString(Cache.takeError()) << "; compiling without it\n";
    return nullptr;
  }
  return std::move(*Cache);
}

/// Calls --entry-function and prints its result.
static Error runEntryFunction(BundleJIT &JIT, StringRef Name,
                              EntryResult ResultType) {
  Expected<void *> Addr = JIT.lookupHost(Name);
  if (!Addr)
    return Addr.takeError();
  switch (ResultType) {
  case EntryResult::Void:
    reinterpret_cast<void (*)()> (*Addr)();
    break;
  case EntryResult::I32:
    outs() << reinterpret_cast<int32_t (*)()>(*Addr)() << '\n';
    break;
  case EntryResult::I64:
    outs() << reinterpret_cast<int64_t (*)()>(*Addr)() << '\n';
    break;
  case EntryResult::F32:
    outs() << reinterpret_cast<float (*)()>(*Addr)() << '\n';
    break;
  case EntryResult::F64:
    outs() << reinterpret_cast<double (*)()>(*Addr)() << '\n';
    break;
  }
  outs().flush();
  return Error::success();
}

/// Registered with on_exit: a program that calls exit(0) after a failed
/// launch that it read no error of still makes mm-lli exit non-zero; a
/// program that ends by returning from main is checked in run().
static void checkLaunchesAtExit(int ExitCode, void *) {
  runtime::Runtime *R = runtime::getCurrentRuntime();
  if (!R)
    return;
  int Checked = runtime::checkExitCode(*R, ExitCode, /*CalledExit=*/true);
  if (Checked == ExitCode)
    return;
  errs().flush();
  std::_Exit(Checked);
}

/// lli's -extra-module: each file's module is linked into the host, so that
/// the two share their symbols as lli's main and extra modules do in one
/// JITDylib. A symbol that both define is an error, as it is in lli.
static Error linkExtraModules(Bundle &B, ArrayRef<std::string> Paths) {
  if (Paths.empty())
    return Error::success();
  auto Host = find_if(B, [](const Submodule &M) {
    return M.getRole() == ModuleRole::Host;
  });
  if (Host == B.end() || Host->getKind() != ModuleKind::LLVM)
    return createStringError("--extra-module needs a host submodule in LLVM "
                             "IR to link into");
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Linked =
      parseLLVMSubmodule(B, *Host, Context);
  if (!Linked)
    return Linked.takeError();
  for (const std::string &Path : Paths) {
    SMDiagnostic Diagnostic;
    std::unique_ptr<Module> Extra = parseIRFile(Path, Diagnostic, Context);
    if (!Extra) {
      std::string Message;
      raw_string_ostream OS(Message);
      Diagnostic.print(nullptr, OS, /*ShowColors=*/false);
      return createStringError("--extra-module: " + StringRef(Message).rtrim());
    }
    if (Error E = linkModuleInto(**Linked, std::move(Extra)))
      return createStringError("--extra-module '%s' does not link with the "
                               "host: %s",
                               Path.c_str(), toString(std::move(E)).c_str());
  }
  std::string Text;
  raw_string_ostream OS(Text);
  (*Linked)->print(OS, nullptr);
  Host->setBody(std::move(Text));
  return Error::success();
}

/// The arguments before the input that set LLVM's own options (those
/// outside mm-lli's category, such as -unroll-threshold=N), with their
/// values: they decide the code, so they are part of every cache key.
static std::vector<std::string>
getLLVMOptionArguments(int Argc, char **Argv,
                       const cl::OptionCategory &ToolCategory) {
  std::vector<std::string> Arguments;
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = Argv[I];
    if (Arg == "--" || !Arg.starts_with("-") || Arg == "-")
      break; // The input: what follows is the program's.
    StringRef Name = Arg.ltrim('-').split('=').first;
    auto Found = Registered.find(Name);
    if (Found == Registered.end() ||
        is_contained(Found->second->Categories, &ToolCategory))
      continue;
    Arguments.push_back(Arg.str());
    if (!Arg.contains('=') && I + 1 < Argc &&
        Found->second->getValueExpectedFlag() == cl::ValueRequired)
      Arguments.push_back(Argv[++I]);
  }
  return Arguments;
}

/// Runs the program; returns its exit code.
static Expected<int> run(const LliOptions &Flags,
                         ArrayRef<std::string> LLVMOptionArguments,
                         ArrayRef<PassBuilderExtension> Extensions) {
  Expected<OptLevel> Level = parseCodegenLevelFlag(Flags.OptLevel);
  if (!Level)
    return Level.takeError();
  Expected<Bundle> B = readBundleFile(Flags.InputFilename);
  if (!B)
    return B.takeError();
  if (Error E = addNestedKernelModules(*B))
    return std::move(E);

  // Plugins: bundle passes for --bundle-passes, LLVM passes for pipelines.
  BundlePassRegistry BundlePasses;
  registerBuiltinBundlePasses(BundlePasses);
  std::vector<PassBuilderExtension> AllExtensions(Extensions.begin(),
                                                  Extensions.end());
  for (const std::string &Path : Flags.PassPluginPaths) {
    bool HasBundlePasses = false;
    if (Error E = loadBundlePassPlugin(Path, BundlePasses, HasBundlePasses))
      return std::move(E);
    if (HasBundlePasses &&
        !sys::DynamicLibrary::getPermanentLibrary(Path.c_str())
             .getAddressOfSymbol("llvmGetPassPluginInfo"))
      continue;
    Expected<PassPlugin> Plugin = PassPlugin::Load(Path);
    if (!Plugin)
      return createStringError("cannot load pass plugin '" + Path +
                               "': " + toString(Plugin.takeError()));
    AllExtensions.push_back(
        [Plugin = *Plugin](PassBuilder &PB, const std::optional<Triple> &) {
          Plugin.registerPassBuilderCallbacks(PB);
        });
  }
  if (!Flags.BundlePipeline.empty())
    if (Error E = runBundlePipeline(*B, Flags.BundlePipeline, BundlePasses,
                                    AllExtensions))
      return std::move(E);
  if (Error E = linkExtraModules(*B, Flags.ExtraModules))
    return std::move(E);

  BundleJITOptions Options;
  Options.Level = *Level;
  Options.Extensions = AllExtensions;
  Options.DebugPassManager = Flags.DebugPassManager;
  Options.Check = Flags.Check;
  Options.CodeInputFiles.assign(Flags.PassPluginPaths.begin(),
                                Flags.PassPluginPaths.end());
  Options.CodeOptions.assign(LLVMOptionArguments.begin(),
                             LLVMOptionArguments.end());
  Options.SharedLibraries.assign(Flags.SharedLibs.begin(),
                                 Flags.SharedLibs.end());
  append_range(Options.SharedLibraries, Flags.DlopenLibs);
  append_range(Options.SharedLibraries, Flags.LoadLibs);
  Options.HostObjects.assign(Flags.ExtraObjects.begin(),
                             Flags.ExtraObjects.end());
  Options.HostArchives.assign(Flags.ExtraArchives.begin(),
                              Flags.ExtraArchives.end());
  if (Flags.PrintCompiled)
    Options.CompileLog = &errs();
  if (Flags.PrintCompiledIR)
    Options.CompiledIRLog = &errs();
  runtime::CPUBackendOptions BackendOptions;
  runtime::CPUBackendEnvironment FromEnvironment;
  FromEnvironment.Threads = !Flags.Threads.getNumOccurrences();
  FromEnvironment.BlockTime = Flags.BlockTime.empty();
  if (runtime::Error E =
          runtime::readCPUBackendEnvironment(BackendOptions, FromEnvironment))
    return createStringError(E.getMessage());
  if (Flags.Threads.getNumOccurrences())
    BackendOptions.Threads = Flags.Threads;
  if (!Flags.BlockTime.empty())
    if (runtime::Error E = runtime::parseBlockTime(
            Flags.BlockTime, "--blocktime", BackendOptions.BlockTime))
      return createStringError(E.getMessage());
  Expected<std::unique_ptr<CompileCache>> Cache = openCompileCache(Flags);
  if (!Cache)
    return Cache.takeError();
  Options.Cache = Cache->get();
  Options.LoweringWarningHandler = [](Error E) {
    static std::mutex Lock;
    std::lock_guard<std::mutex> Guard(Lock);
    reportError(std::move(E), "mm-lli", errs());
  };
  Options.CacheWarningHandler = [](Error E) {
    // Once: every submodule would meet the same full disk.
    static std::once_flag Warned;
    std::call_once(Warned, [&] {
      WithColor::warning(errs(), "mm-lli") << toString(std::move(E)) << "\n";
    });
    consumeError(std::move(E));
  };
  Expected<std::unique_ptr<BundleJIT>> JIT = BundleJIT::create(*B, Options);
  if (!JIT)
    return JIT.takeError();
  // As mlir-cpu-runner: a result type without a function is main's.
  std::string EntryFunction = Flags.EntryFunction;
  if (EntryFunction.empty() && Flags.EntryResultType.getNumOccurrences())
    EntryFunction = "main";
  bool IsMain = EntryFunction.empty();
  if (Error E = checkEntryPoint(
          **JIT, IsMain ? StringRef("main") : StringRef(EntryFunction),
          IsMain, Flags.EntryResultType))
    return std::move(E);

  runtime::Runtime Runtime(runtime::createCPUBackend(BackendOptions), **JIT);
  if (Flags.Check == DeviceCheck::Memcheck)
    Runtime.enableMemoryChecks();
  Runtime.setLaunchFailureHandler(
      [](const runtime::Error &Failure) { runtime::printError(Failure); });
  runtime::setCurrentRuntime(&Runtime);
  auto Reset = make_scope_exit([] { runtime::setCurrentRuntime(nullptr); });
  // A program that calls exit() does not come back here.
  on_exit(checkLaunchesAtExit, nullptr);

  // From the program's static constructors on, a crash outside mm's and
  // LLVM's code is the program's.
  runtime::reportProgramCrashes(/*ExecutableIsTool=*/true);
  if (Error E = (*JIT)->initialize())
    return std::move(E);
  int ExitCode = 0;
  if (IsMain) {
    std::vector<std::string> Args{Flags.FakeArgv0.empty()
                                      ? Flags.InputFilename.getValue()
                                      : Flags.FakeArgv0.getValue()};
    Args.insert(Args.end(), Flags.InputArgv.begin(), Flags.InputArgv.end());
    Expected<int> Result = (*JIT)->runMain(Args);
    if (!Result)
      return Result.takeError();
    ExitCode = *Result;
  } else if (Error E = runEntryFunction(**JIT, EntryFunction,
                                        Flags.EntryResultType)) {
    return std::move(E);
  }
  if (Error E = (*JIT)->deinitialize())
    return std::move(E);
  return runtime::checkExitCode(Runtime, ExitCode, /*CalledExit=*/false);
}

int mm::lliMain(int argc, char **argv,
                ArrayRef<PassBuilderExtension> Extensions) {
  InitLLVM X(argc, argv);
  InitializeAllTargets();
  InitializeAllTargetMCs();
  InitializeAllAsmPrinters();
  InitializeAllAsmParsers();
  // libLLVM.so 19 registers an undocumented `-threads` of its own.
  if (cl::Option *LLVMThreads = cl::getRegisteredOptions().lookup("threads"))
    LLVMThreads->removeArgument();
  static LliOptions Flags;
  showLLVMOptions(Flags.Category, PassReportOptions);
  hideUnrelatedOptions(&Flags.Category, argc, argv);
  setUpToolProcess();
  cl::ParseCommandLineOptions(argc, argv,
                              "mm multi-module JIT runner: runs a bundle's "
                              "host submodule with its device submodules "
                              "compiled for the CPU\n");

  Expected<int> ExitCode = run(
      Flags, getLLVMOptionArguments(argc, argv, Flags.Category), Extensions);
  if (!ExitCode) {
    outs().flush();
    std::fflush(stdout);
    reportError(ExitCode.takeError(), "mm-lli", errs());
    return 1;
  }
  outs().flush();
  return *ExitCode;
}
