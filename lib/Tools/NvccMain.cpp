//===- NvccMain.cpp - The mm-nvcc driver ----------------------------------===//
//
// mm-nvcc: CUDA programs to bundles, with nvcc's flags.
//
//   source.cu  --clang --cuda-host-only---> host half  --+-> host submodule
//              --clang --cuda-device-only-> device half -+-> device submodule
//   source.cpp --clang ----------------------> host code -'
//   bundle, .ll, .bc ------------------------> their submodules
//
// Every input's host modules are linked (llvm::Linker) into one host
// submodule, its device modules into one device submodule per target. clang
// compiles against mm's CUDA root (its headers and its libdevice), next to
// the tools in the build tree and in the installation.
//
//===----------------------------------------------------------------------===//

#include "mm/Tools/NvccMain.h"
#include "mm/Bundle/Bundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Support/CudaStubs.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/LinkModules.h"
#include "mm/Support/ToolSupport.h"

#include "mm-cuda/cuda.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <map>

using namespace llvm;
using namespace mm;

namespace {
/// mm-nvcc's options: nvcc's spellings, single dash.
struct NvccOptions {
  cl::OptionCategory Category{"mm-nvcc options"};
  cl::OptionCategory Ignored{
      "Options of NVIDIA's GPU assembler, accepted and ignored (mm compiles "
      "device code for the CPU)"};

  cl::list<std::string> Inputs{
      cl::Positional, cl::OneOrMore,
      cl::desc("<.cu, .c, .cpp, .ll or .bc sources, or bundles>"),
      cl::cat(Category)};
  cl::opt<std::string> Output{
      "o",
      cl::desc("Output bundle (default: a.mml; with -c, SOURCE.o for each "
               "source; with --executable, the executable, default a.out)"),
      cl::value_desc("file"), cl::cat(Category)};
  cl::opt<bool> Executable{
      "executable",
      cl::desc("Build a native executable ahead of time, as nvcc does: the "
               "device code compiled for the CPU into it, linked with "
               "libmm_runtime (-run runs it). With -c it changes nothing: "
               "the objects are bundles, and the link builds the executable"),
      cl::cat(Category)};
  cl::opt<bool> CompileOnly{
      "c",
      cl::desc("Compile each source into a bundle of its own, for a later "
               "mm-nvcc to link"),
      cl::cat(Category)};
  cl::opt<bool> Run{"run",
                    cl::desc("Run the program with mm-lli once it is built"),
                    cl::cat(Category)};
  cl::list<std::string> RunArgs{
      "run-args", cl::CommaSeparated,
      cl::desc("The program's arguments, with -run (comma-separated)"),
      cl::value_desc("arg,..."), cl::cat(Category)};
  cl::list<std::string> LliArgs{
      "Xlli", cl::desc("Pass an option to mm-lli, with -run"),
      cl::value_desc("option"), cl::cat(Category)};

  cl::list<std::string> IncludeDirs{
      "I", cl::Prefix, cl::desc("Add a directory to the include path"),
      cl::value_desc("dir"), cl::cat(Category)};
  cl::list<std::string> SystemIncludeDirs{
      "isystem", cl::desc("Add a directory to the system include path"),
      cl::value_desc("dir"), cl::cat(Category)};
  cl::list<std::string> Defines{"D", cl::Prefix,
                                cl::desc("Define a macro (NAME or NAME=VALUE)"),
                                cl::value_desc("macro"), cl::cat(Category)};
  cl::list<std::string> Undefines{"U", cl::Prefix,
                                  cl::desc("Undefine a macro"),
                                  cl::value_desc("macro"), cl::cat(Category)};
  cl::list<std::string> PreIncludes{
      "include", cl::desc("Include a file before each source"),
      cl::value_desc("file"), cl::cat(Category)};
  cl::opt<std::string> OptLevel{
      "O", cl::Prefix,
      cl::desc("Optimization level of host and device code: 0, 1, 2, 3 "
               "(default: 3, as nvcc's device code)"),
      cl::init("3"), cl::cat(Category)};
  cl::opt<std::string> Standard{"std",
                                cl::desc("Language standard, e.g. c++17"),
                                cl::value_desc("standard"), cl::cat(Category)};
  cl::opt<std::string> GPUArch{
      "arch",
      cl::desc("The GPU architecture of the device code: sm_XX or "
               "compute_XX (default: sm_70)"),
      cl::init("sm_70"), cl::value_desc("arch"), cl::cat(Category)};
  cl::alias GPUArchLong{"gpu-architecture", cl::aliasopt(GPUArch),
                        cl::desc("Alias for -arch")};
  cl::opt<std::string> Language{
      "x",
      cl::desc("The language of every source: cu, c++ or c (default: from "
               "the file's extension)"),
      cl::value_desc("language"), cl::cat(Category)};
  cl::opt<bool> Debug{"g", cl::desc("Emit debug information"),
                      cl::cat(Category)};
  cl::opt<bool> LineInfo{"lineinfo",
                         cl::desc("Emit line tables for the device code"),
                         cl::cat(Category)};
  cl::opt<bool> NoWarnings{"w", cl::desc("Suppress warnings"),
                           cl::cat(Category)};
  cl::opt<bool> FastMath{
      "use_fast_math",
      cl::desc("Device code uses CUDA's approximate intrinsics for the "
               "transcendental functions and may flush denormals"),
      cl::cat(Category)};
  cl::list<std::string> HostCompilerArgs{
      "Xcompiler", cl::CommaSeparated,
      cl::desc("Pass options to clang's compile of host code"),
      cl::value_desc("option,..."), cl::cat(Category)};
  cl::alias HostCompilerArgsLong{"compiler-options",
                                 cl::aliasopt(HostCompilerArgs),
                                 cl::desc("Alias for -Xcompiler")};
  cl::list<std::string> Libraries{
      "l", cl::Prefix,
      cl::desc("A library to link with --executable, or with -run a shared "
               "library for mm-lli to resolve symbols from (the C, C++, math "
               "and CUDA runtimes need none)"),
      cl::value_desc("library"), cl::cat(Category)};
  cl::list<std::string> LibraryDirs{"L", cl::Prefix,
                                    cl::desc("Search a directory for -l"),
                                    cl::value_desc("dir"), cl::cat(Category)};
  cl::opt<bool> Verbose{"v", cl::desc("Print each command as it runs"),
                        cl::cat(Category)};
  cl::opt<bool> DryRun{
      "dryrun",
      cl::desc("Print the commands that would run, and run none of them"),
      cl::cat(Category)};
  cl::opt<std::string> CudaPath{
      "cuda-path",
      cl::desc("mm's CUDA root: its headers and libdevice (default: the one "
               "installed with mm-nvcc)"),
      cl::value_desc("dir"), cl::cat(Category)};
  cl::opt<std::string> ClangPath{
      "clang", cl::desc("The clang that compiles the sources (default: "
                        "LLVM " LLVM_VERSION_STRING "'s)"),
      cl::value_desc("path"), cl::cat(Category)};

  cl::opt<bool> DeviceCompileOnly{
      "dc",
      cl::desc("As -c: device code is always relocatable, since mm links the "
               "device halves of a program into one module per target"),
      cl::cat(Category)};
  cl::alias DeviceCompileOnlyLong{"device-c", cl::aliasopt(DeviceCompileOnly),
                                  cl::desc("Alias for -dc")};
  cl::opt<bool> RelocatableDeviceCode{
      "rdc",
      cl::desc("Relocatable device code (true or false): both work, since mm "
               "links the device halves of a program into one module"),
      cl::cat(Category)};
  cl::alias RelocatableDeviceCodeLong{"relocatable-device-code",
                                      cl::aliasopt(RelocatableDeviceCode),
                                      cl::desc("Alias for -rdc")};
  cl::list<std::string> GenerateCode{
      "gencode",
      cl::desc("arch=compute_XX,code=sm_XX: the device code's architecture "
               "when -arch is not given (the highest, if several)"),
      cl::value_desc("arch=...,code=..."), cl::cat(Category)};
  cl::alias GenerateCodeLong{"generate-code", cl::aliasopt(GenerateCode),
                             cl::desc("Alias for -gencode")};
  cl::opt<std::string> DefaultStream{
      "default-stream",
      cl::desc("legacy, null or per-thread: the default stream's kind; both "
               "behave alike, since mm runs work on a stream when it is "
               "issued"),
      cl::value_desc("kind"), cl::cat(Category)};
  /// -WNAME, for clang's compiles: taken from the command line before
  /// LLVM's parser sees it, which has a `-W` of its own.
  std::vector<std::string> Warnings;

  cl::list<std::string> PtxasOptions{
      "Xptxas", cl::desc("Options of ptxas"), cl::cat(Ignored)};
  cl::alias PtxasOptionsLong{"ptxas-options", cl::aliasopt(PtxasOptions),
                             cl::desc("Alias for -Xptxas")};
  cl::opt<unsigned> MaxRegCount{"maxrregcount",
                                cl::desc("Registers per thread"),
                                cl::cat(Ignored)};
  cl::list<std::string> NvlinkOptions{
      "Xnvlink", cl::desc("Options of nvlink"), cl::cat(Ignored)};
  cl::list<std::string> FrontEndOptions{
      "Xcudafe", cl::desc("Options of NVIDIA's CUDA front end"),
      cl::cat(Ignored)};
  cl::opt<std::string> HostCompilerDir{
      "ccbin",
      cl::desc("The host compiler's directory: mm compiles host code with "
               "clang"),
      cl::value_desc("dir"), cl::cat(Ignored)};
  cl::alias HostCompilerDirLong{"compiler-bindir",
                                cl::aliasopt(HostCompilerDir),
                                cl::desc("Alias for -ccbin")};
  cl::opt<bool> ExtendedLambda{
      "extended-lambda",
      cl::desc("__device__ lambdas, which clang always allows"),
      cl::cat(Ignored)};
  cl::alias ExtendedLambdaOld{"expt-extended-lambda",
                              cl::aliasopt(ExtendedLambda),
                              cl::desc("Alias for --extended-lambda")};
  cl::opt<bool> RelaxedConstexpr{
      "expt-relaxed-constexpr",
      cl::desc("constexpr host functions in device code, which clang always "
               "allows"),
      cl::cat(Ignored)};
  cl::opt<bool> ResourceUsage{"res-usage",
                              cl::desc("Report the GPU resources of kernels"),
                              cl::cat(Ignored)};
  cl::opt<bool> Keep{"keep", cl::desc("Keep nvcc's intermediate files"),
                     cl::cat(Ignored)};
  cl::opt<bool> Host64{"m64", cl::desc("64-bit host code, as mm's always is"),
                       cl::cat(Ignored)};
};

/// What a positional input is.
enum class InputKind { CUDA, CXX, C, IR, Bundle };

/// The modules the inputs gave, in one context: the host parts, and the
/// device parts of each target triple.
struct ProgramModules {
  LLVMContext Context;
  std::vector<std::unique_ptr<Module>> Host;
  std::map<std::string, std::vector<std::unique_ptr<Module>>> Devices;
};
} // namespace

static constexpr StringLiteral ToolName = "mm-nvcc";

static Expected<InputKind> classifyInput(const NvccOptions &Flags,
                                         StringRef Path) {
  if (!Flags.Language.empty()) {
    std::optional<InputKind> Kind =
        StringSwitch<std::optional<InputKind>>(Flags.Language)
            .Cases("cu", "cuda", InputKind::CUDA)
            .Cases("c++", "cpp", InputKind::CXX)
            .Case("c", InputKind::C)
            .Default(std::nullopt);
    if (!Kind)
      return createStringError("-x %s: unknown language; give cu, c++ or c",
                               Flags.Language.c_str());
    return *Kind;
  }
  StringRef Ext = sys::path::extension(Path);
  if (Ext == ".cu")
    return InputKind::CUDA;
  if (Ext == ".c")
    return InputKind::C;
  if (Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx" || Ext == ".C" ||
      Ext == ".c++")
    return InputKind::CXX;
  if (Ext == ".ll" || Ext == ".bc")
    return InputKind::IR;
  return InputKind::Bundle;
}

/// The directory of the running mm-nvcc.
static std::string getToolDirectory() {
  static int Anchor;
  std::string Executable =
      sys::fs::getMainExecutable(ToolName.data(), &Anchor);
  return sys::path::parent_path(Executable).str();
}

static Expected<std::string> findClang(const NvccOptions &Flags) {
  if (!Flags.ClangPath.empty())
    return Flags.ClangPath.getValue();
  SmallString<128> Default(MM_LLVM_TOOLS_DIR);
  sys::path::append(Default, "clang");
  if (sys::fs::can_execute(Default))
    return std::string(Default);
  std::string Versioned = "clang-" + std::to_string(LLVM_VERSION_MAJOR);
  for (StringRef Name : {StringRef(Versioned), StringRef("clang")})
    if (ErrorOr<std::string> Found = sys::findProgramByName(Name))
      return *Found;
  return createStringError("cannot find clang " LLVM_VERSION_STRING
                           " (install Debian's clang-%d, or give --clang)",
                           LLVM_VERSION_MAJOR);
}

/// mm's CUDA root: <prefix>/cuda beside <prefix>/bin, in the build tree as
/// in the installation.
static Expected<std::string> findCudaRoot(const NvccOptions &Flags) {
  SmallString<256> Root(Flags.CudaPath);
  if (Root.empty()) {
    Root = getToolDirectory();
    sys::path::append(Root, "..", "cuda");
    sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
  }
  SmallString<256> Header(Root);
  sys::path::append(Header, "include", "cuda_runtime.h");
  if (!sys::fs::exists(Header))
    return createStringError("'%s' is not mm's CUDA root: it has no "
                             "include/cuda_runtime.h",
                             Root.c_str());
  return std::string(Root);
}

/// Prints \p Args as a shell command line.
static void printCommand(ArrayRef<std::string> Args) {
  ListSeparator Space(" ");
  for (const std::string &Arg : Args) {
    errs() << Space;
    if (Arg.find_first_of(" \t\"'\\$") == std::string::npos && !Arg.empty())
      errs() << Arg;
    else
      errs() << '\'' << Arg << '\'';
  }
  errs() << '\n';
}

/// Runs \p Args; its diagnostics go to standard error as they come.
static Error runCommand(const NvccOptions &Flags, ArrayRef<std::string> Args,
                        StringRef What, int *ExitCode = nullptr) {
  if (Flags.Verbose || Flags.DryRun)
    printCommand(Args);
  if (Flags.DryRun)
    return Error::success();
  SmallVector<StringRef> Argv(Args.begin(), Args.end());
  std::string Message;
  int Code = sys::ExecuteAndWait(Args.front(), Argv, std::nullopt, {}, 0, 0,
                                 &Message);
  if (ExitCode && Code >= 0) {
    *ExitCode = Code;
    return Error::success();
  }
  if (Code == 0)
    return Error::success();
  if (Code < 0)
    return createStringError("%s: cannot run '%s': %s", What.str().c_str(),
                             Args.front().c_str(), Message.c_str());
  return createStringError("%s failed (exit code %d)", What.str().c_str(),
                           Code);
}

/// The architecture of -gencode's `arch=compute_XX,code=...`, or empty.
static StringRef getGenerateCodeArch(StringRef Value) {
  for (StringRef Field : split(Value, ','))
    if (Field.consume_front("arch="))
      return Field;
  return {};
}

/// The device code's architecture: -arch's, else the highest of -gencode's,
/// else the default.
static std::string getGPUArch(const NvccOptions &Flags) {
  if (Flags.GPUArch.getNumOccurrences() || Flags.GenerateCode.empty())
    return Flags.GPUArch;
  unsigned Highest = 0;
  std::string Arch;
  for (const std::string &Value : Flags.GenerateCode) {
    StringRef Generated = getGenerateCodeArch(Value);
    unsigned Number = 0;
    StringRef Digits = Generated.substr(Generated.find('_') + 1);
    if (!Digits.consumeInteger(10, Number) && Number > Highest) {
      Highest = Number;
      Arch = Generated.str();
    }
  }
  return Arch;
}

/// clang's arguments for compiling \p Source of \p Kind into bitcode.
static std::vector<std::string>
getCompileCommand(const NvccOptions &Flags, StringRef Clang,
                  StringRef CudaRoot, InputKind Kind, StringRef Source,
                  StringRef Half, StringRef Output) {
  std::vector<std::string> Args = {Clang.str()};
  switch (Kind) {
  case InputKind::CUDA: {
    std::string Arch = getGPUArch(Flags);
    if (StringRef(Arch).starts_with("compute_"))
      Arch = "sm_" + Arch.substr(strlen("compute_"));
    Args.insert(Args.end(),
                {"-x", "cuda", "--cuda-path=" + CudaRoot.str(),
                 "--cuda-gpu-arch=" + Arch, Half.str(),
                 "-Wno-unknown-cuda-version"});
    if (Flags.FastMath && Half == "--cuda-device-only")
      Args.insert(Args.end(), {"-fgpu-approx-transcendentals",
                               "-fgpu-flush-denormals-to-zero"});
    break;
  }
  case InputKind::CXX:
  case InputKind::C:
    // Host sources see the CUDA headers, as nvcc's host compiler does.
    Args.insert(Args.end(),
                {"-x", Kind == InputKind::C ? "c" : "c++",
                 "-I" + (Twine(CudaRoot) + "/include").str()});
    break;
  case InputKind::IR:
  case InputKind::Bundle:
    llvm_unreachable("not a source");
  }
  Args.push_back("-O" + Flags.OptLevel);
  // What nvcc defines for the sources it compiles: programs test __NVCC__
  // for "CUDA, not HIP" and its version for the API they may use.
  Args.insert(Args.end(),
              {"-D__NVCC__",
               "-D__CUDACC_VER_MAJOR__=" + std::to_string(CUDA_VERSION / 1000),
               "-D__CUDACC_VER_MINOR__=" +
                   std::to_string(CUDA_VERSION % 1000 / 10),
               "-D__CUDACC_VER_BUILD__=0"});
  // What nvcc's host compiler, gcc, warns of and accepts, and clang rejects
  // by default: C++17's removed `register`, and a macro written right after
  // a string literal ("%"PRIu64). A -W option of the command line comes
  // after these, so -Werror=register still makes it an error.
  Args.insert(Args.end(), {"-Wno-error=register",
                           "-Wno-error=reserved-user-defined-literal"});
  if (!Flags.Standard.empty() &&
      (Kind != InputKind::C || !StringRef(Flags.Standard).starts_with("c++")))
    Args.push_back("-std=" + Flags.Standard);
  for (const std::string &Dir : Flags.IncludeDirs)
    Args.push_back("-I" + Dir);
  for (const std::string &Dir : Flags.SystemIncludeDirs)
    Args.insert(Args.end(), {"-isystem", Dir});
  for (const std::string &Macro : Flags.Defines)
    Args.push_back("-D" + Macro);
  for (const std::string &Macro : Flags.Undefines)
    Args.push_back("-U" + Macro);
  for (const std::string &Warning : Flags.Warnings)
    // nvcc's own, about the GPU targets it compiles for, mean nothing here.
    if (!StringRef(Warning).ends_with("deprecated-gpu-targets"))
      Args.push_back("-W" + Warning);
  for (const std::string &File : Flags.PreIncludes)
    Args.insert(Args.end(), {"-include", File});
  if (Flags.Debug)
    Args.push_back("-g");
  else if (Flags.LineInfo && Half == "--cuda-device-only")
    Args.push_back("-gline-tables-only");
  if (Flags.NoWarnings)
    Args.push_back("-w");
  if (Half != "--cuda-device-only")
    Args.insert(Args.end(), Flags.HostCompilerArgs.begin(),
                Flags.HostCompilerArgs.end());
  Args.insert(Args.end(), {"-emit-llvm", "-c", Source.str(), "-o",
                           Output.str()});
  return Args;
}

/// Adds \p M to the host or to its target's device modules.
static void addModule(ProgramModules &Program, std::unique_ptr<Module> M,
                      bool Host) {
  if (Host) {
    Program.Host.push_back(std::move(M));
    return;
  }
  std::string Triple = M->getTargetTriple();
  Program.Devices[Triple].push_back(std::move(M));
}

/// True if \p M defines anything: a device half of a source without device
/// code is left out.
static bool definesAnything(const Module &M) {
  for (const Function &F : M)
    if (!F.isDeclaration())
      return true;
  for (const GlobalVariable &GV : M.globals())
    if (!GV.isDeclaration() && !GV.getName().starts_with("llvm."))
      return true;
  return false;
}

static Expected<std::unique_ptr<Module>> parseIR(LLVMContext &Context,
                                                 StringRef Path) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(Path, Diag, Context);
  if (M)
    return std::move(M);
  std::string Message;
  raw_string_ostream OS(Message);
  Diag.print(ToolName.data(), OS, /*ShowColors=*/false);
  return createStringError(StringRef(Message).rtrim());
}

/// Adds \p M to the host, or by its triple to its target's device modules
/// unless it defines nothing (the device half of a source without device
/// code).
static void addModuleByTriple(ProgramModules &Program,
                              std::unique_ptr<Module> M) {
  bool Host = !isGPUTriple(M->getTargetTriple());
  if (Host || definesAnything(*M))
    addModule(Program, std::move(M), Host);
}

static Error loadIRFile(ProgramModules &Program, StringRef Path) {
  Expected<std::unique_ptr<Module>> M = parseIR(Program.Context, Path);
  if (!M)
    return M.takeError();
  addModuleByTriple(Program, std::move(*M));
  return Error::success();
}

static Error loadBundle(ProgramModules &Program, StringRef Path) {
  Expected<Bundle> B = readBundleFile(Path);
  if (!B)
    return B.takeError();
  if (B->isPlainModule())
    return createStringError("'%s': unknown input; give .cu, .c, .cpp, .ll "
                             "or .bc sources, or bundles",
                             Path.str().c_str());
  for (const Submodule &S : *B) {
    if (S.getKind() != ModuleKind::LLVM)
      return B->moduleError(S, "mm-nvcc links LLVM IR submodules; this one "
                               "is MLIR");
    Expected<std::unique_ptr<Module>> M =
        parseLLVMSubmodule(*B, S, Program.Context);
    if (!M)
      return M.takeError();
    addModule(Program, std::move(*M), S.getRole() == ModuleRole::Host);
  }
  return Error::success();
}

/// Renames the static kernels of \p Device, compiled from \p Source, and
/// their host stubs in \p Host apart from other sources' kernels of the
/// same name: clang gives a static kernel an external name in device code
/// (each source is its own GPU image under nvcc), which would clash, or
/// fold as one comdat, once the device halves are linked. The suffix is
/// the source's stem, which getKernelNameForStub carries from stub to
/// kernel.
static void renameStaticKernels(Module &Host, Module &Device,
                                StringRef Source) {
  std::string Suffix = "." + sys::path::stem(Source).str();
  for (Function &Stub : Host) {
    if (!Stub.hasLocalLinkage())
      continue;
    std::string Kernel = getKernelNameForStub(Stub.getName());
    Function *DeviceKernel =
        Kernel.empty() ? nullptr : Device.getFunction(Kernel);
    if (!DeviceKernel || DeviceKernel->isDeclaration())
      continue;
    Stub.setName(Stub.getName() + Suffix);
    DeviceKernel->setComdat(nullptr);
    DeviceKernel->setName(getKernelNameForStub(Stub.getName()));
  }
}

/// Compiles or reads each input into \p Program; temporary files go to
/// \p WorkDir.
static Error loadInputs(const NvccOptions &Flags, ArrayRef<std::string> Inputs,
                        StringRef WorkDir, ProgramModules &Program) {
  std::optional<std::string> Clang, CudaRoot;
  unsigned Counter = 0;
  for (const std::string &Input : Inputs) {
    Expected<InputKind> Kind = classifyInput(Flags, Input);
    if (!Kind)
      return Kind.takeError();
    if (*Kind == InputKind::IR) {
      if (Error E = loadIRFile(Program, Input))
        return E;
      continue;
    }
    if (*Kind == InputKind::Bundle) {
      if (Error E = loadBundle(Program, Input))
        return E;
      continue;
    }
    if (!sys::fs::exists(Input))
      return createStringError("cannot read '%s': no such file",
                               Input.c_str());
    if (!Clang) {
      Expected<std::string> Found = findClang(Flags);
      if (!Found)
        return Found.takeError();
      Expected<std::string> Root = findCudaRoot(Flags);
      if (!Root)
        return Root.takeError();
      Clang = *Found;
      CudaRoot = *Root;
    }
    SmallVector<StringRef, 2> Halves = {""};
    if (*Kind == InputKind::CUDA)
      Halves = {"--cuda-host-only", "--cuda-device-only"};
    SmallVector<std::unique_ptr<Module>, 2> Modules;
    for (StringRef Half : Halves) {
      SmallString<256> Output(WorkDir);
      sys::path::append(Output, std::to_string(Counter++) + ".bc");
      std::vector<std::string> Command = getCompileCommand(
          Flags, *Clang, *CudaRoot, *Kind, Input, Half, Output);
      if (Error E = runCommand(Flags, Command,
                               "clang, compiling '" + Input + "'"))
        return E;
      if (Flags.DryRun)
        continue;
      Expected<std::unique_ptr<Module>> M = parseIR(Program.Context, Output);
      if (!M)
        return M.takeError();
      Modules.push_back(std::move(*M));
    }
    if (Modules.size() == 2)
      renameStaticKernels(*Modules[0], *Modules[1], Input);
    for (std::unique_ptr<Module> &M : Modules)
      addModuleByTriple(Program, std::move(M));
  }
  return Error::success();
}

/// Links \p Modules into their first; nullptr for none.
static Expected<std::unique_ptr<Module>>
linkModules(std::vector<std::unique_ptr<Module>> Modules, StringRef What) {
  if (Modules.empty())
    return nullptr;
  std::unique_ptr<Module> Result = std::move(Modules.front());
  for (auto &M : drop_begin(Modules))
    if (Error E = linkModuleInto(*Result, std::move(M)))
      return createStringError("cannot link the %s code: %s",
                               What.str().c_str(),
                               toString(std::move(E)).c_str());
  return std::move(Result);
}

/// A submodule name from the output file's stem.
static std::string getProgramName(StringRef Output) {
  std::string Name = sys::path::stem(Output).str();
  for (char &C : Name)
    if (!isModuleNameChar(C))
      C = '_';
  if (Name.empty() || Name.front() == '.' || Name.front() == '-')
    Name.insert(0, "program");
  return Name;
}

static Submodule makeSubmodule(std::string Name, const Module &M,
                               ModuleRole Role) {
  SubmoduleHeader Header;
  Header.Name = std::move(Name);
  Header.Triple = M.getTargetTriple();
  Header.Role = Role;
  std::string Body;
  raw_string_ostream OS(Body);
  M.print(OS, nullptr);
  return Submodule(std::move(Header), std::move(Body));
}

/// Links \p Program into a bundle named after \p Output.
static Expected<Bundle> linkProgram(ProgramModules &Program,
                                    StringRef Output) {
  std::string Name = getProgramName(Output);
  Bundle Result;
  Expected<std::unique_ptr<Module>> Host =
      linkModules(std::move(Program.Host), "host");
  if (!Host)
    return Host.takeError();
  if (*Host)
    if (Error E = Result.add(makeSubmodule(Name, **Host, ModuleRole::Host)))
      return std::move(E);
  for (auto &[Triple, Modules] : Program.Devices) {
    Expected<std::unique_ptr<Module>> Device =
        linkModules(std::move(Modules), "device");
    if (!Device)
      return Device.takeError();
    std::string DeviceName = Name + "." + Triple::getArchTypeName(
                                              llvm::Triple(Triple).getArch())
                                              .str();
    if (Error E = Result.add(
            makeSubmodule(DeviceName, **Device, ModuleRole::Device)))
      return std::move(E);
  }
  return std::move(Result);
}

/// Compiles \p Inputs and writes their bundle to \p Output.
static Error buildBundle(const NvccOptions &Flags, ArrayRef<std::string> Inputs,
                         StringRef Output, StringRef WorkDir) {
  ProgramModules Program;
  if (Error E = loadInputs(Flags, Inputs, WorkDir, Program))
    return E;
  if (Flags.DryRun)
    return Error::success();
  Expected<Bundle> Result = linkProgram(Program, Output);
  if (!Result)
    return Result.takeError();
  return writeOutputFile(Output, [&](raw_ostream &OS) {
    writeBundle(*Result, OS);
    return Error::success();
  });
}

/// The libraries that \p Flags names with -l that the program needs beyond
/// those that mm-lli's process and mm's runtime already serve.
static std::vector<std::string> getExtraLibraries(const NvccOptions &Flags) {
  std::vector<std::string> Libraries;
  for (const std::string &Library : Flags.Libraries)
    if (!is_contained({"c", "m", "stdc++", "pthread", "dl", "rt", "cudart",
                       "cudart_static", "cuda"},
                      Library))
      Libraries.push_back(Library);
  return Libraries;
}

/// True if host code is compiled with -fopenmp, which calls LLVM's OpenMP
/// runtime, as clang would link it.
static bool usesOpenMP(const NvccOptions &Flags) {
  return any_of(Flags.HostCompilerArgs, [](const std::string &Arg) {
    return StringRef(Arg).starts_with("-fopenmp");
  });
}

/// Runs the bundle at \p Path with mm-lli; \p ExitCode is the program's.
static Error runBundle(const NvccOptions &Flags, StringRef Path,
                       int &ExitCode) {
  SmallString<256> Lli(getToolDirectory());
  sys::path::append(Lli, "mm-lli");
  std::vector<std::string> Args = {std::string(Lli)};
  Args.insert(Args.end(), Flags.LliArgs.begin(), Flags.LliArgs.end());
  // The C, C++, math and thread libraries are in mm-lli's process, and
  // mm's runtime serves the CUDA runtime's entry points.
  std::vector<std::string> Libraries;
  for (const std::string &Library : getExtraLibraries(Flags)) {
    std::optional<std::string> Found;
    for (const std::string &Dir : Flags.LibraryDirs) {
      SmallString<256> Candidate(Dir);
      sys::path::append(Candidate, "lib" + Library + ".so");
      if (sys::fs::exists(Candidate)) {
        Found = std::string(Candidate);
        break;
      }
    }
    Libraries.push_back(Found ? *Found : "lib" + Library + ".so");
  }
  if (usesOpenMP(Flags)) {
    SmallString<256> OpenMP(MM_LLVM_TOOLS_DIR);
    sys::path::append(OpenMP, "..", "lib", "libomp.so");
    sys::path::remove_dots(OpenMP, /*remove_dot_dot=*/true);
    Libraries.push_back(std::string(OpenMP));
  }
  if (!Libraries.empty())
    Args.push_back("--shared-libs=" + join(Libraries, ","));
  Args.push_back(Path.str());
  Args.insert(Args.end(), Flags.RunArgs.begin(), Flags.RunArgs.end());
  return runCommand(Flags, Args, "mm-lli", &ExitCode);
}

/// The program's output: -o, else with -run a temporary file in \p WorkDir
/// named after the first input (with \p Extension), else \p Default.
static std::string getOutputPath(const NvccOptions &Flags, StringRef WorkDir,
                                 StringRef Extension, StringRef Default) {
  if (!Flags.Output.empty())
    return Flags.Output;
  if (!Flags.Run)
    return Default.str();
  SmallString<256> Temporary(WorkDir);
  sys::path::append(Temporary,
                    getProgramName(Flags.Inputs.front()) + Extension);
  return std::string(Temporary);
}

/// Whether \p Inputs are one bundle of several submodules: a whole program,
/// which --executable compiles as it is (it may hold MLIR submodules, which
/// mm-nvcc does not link).
static bool isWholeProgramBundle(ArrayRef<std::string> Inputs) {
  if (Inputs.size() != 1)
    return false;
  Expected<Bundle> B = readBundleFile(Inputs.front());
  if (!B) {
    consumeError(B.takeError());
    return false;
  }
  return !B->isPlainModule();
}

/// --executable: the program as a bundle, compiled by mm-llc with every
/// device submodule lowered for this CPU into the host's object
/// (`--embed=cpu`), linked by clang with libmm_runtime; then, with -run, run.
static Error buildAndRunExecutable(const NvccOptions &Flags, StringRef WorkDir,
                                   int &ExitCode) {
  std::string Output = getOutputPath(Flags, WorkDir, "", "a.out");
  if (Error E = checkOutputIsNotInput(Output, Flags.Inputs))
    return E;
  SmallString<256> Bundle(WorkDir), Object(WorkDir);
  sys::path::append(Bundle, getProgramName(Output) + ".mml");
  sys::path::append(Object, getProgramName(Output) + ".o");
  if (isWholeProgramBundle(Flags.Inputs))
    Bundle = Flags.Inputs.front();
  else if (Error E = buildBundle(Flags, Flags.Inputs, Bundle, WorkDir))
    return E;

  SmallString<256> Llc(getToolDirectory());
  sys::path::append(Llc, "mm-llc");
  if (Error E = runCommand(Flags,
                           {std::string(Llc), "-filetype=obj",
                            "-relocation-model=pic", "-mcpu=native",
                            "--embed=cpu", std::string(Bundle), "-o",
                            std::string(Object)},
                           "mm-llc"))
    return E;

  // libmm_runtime is in the lib directory beside mm-nvcc's bin, in the build
  // tree as in the installation; the executable finds it there.
  SmallString<256> LibDir(getToolDirectory());
  sys::path::append(LibDir, "..", "lib");
  sys::path::remove_dots(LibDir, /*remove_dot_dot=*/true);
  Expected<std::string> Clang = findClang(Flags);
  if (!Clang)
    return Clang.takeError();
  std::vector<std::string> Link = {*Clang, "--driver-mode=g++",
                                   std::string(Object), "-o", Output};
  for (const std::string &Dir : Flags.LibraryDirs)
    Link.push_back("-L" + Dir);
  for (const std::string &Library : getExtraLibraries(Flags))
    Link.push_back("-l" + Library);
  if (usesOpenMP(Flags))
    Link.push_back("-fopenmp");
  Link.push_back("-L" + std::string(LibDir));
  Link.push_back("-Wl,-rpath," + std::string(LibDir));
  Link.push_back("-lmm_runtime");
  // A runtime built with sanitizers needs their runtimes in the program.
  for (StringRef Flag : split(StringRef(MM_SANITIZER_FLAGS), ' '))
    if (!Flag.empty())
      Link.push_back(Flag.str());
  if (Error E = runCommand(Flags, Link, "linking"))
    return E;
  if (!Flags.Run)
    return Error::success();
  std::vector<std::string> Args = {Output};
  Args.insert(Args.end(), Flags.RunArgs.begin(), Flags.RunArgs.end());
  return runCommand(Flags, Args, "the program", &ExitCode);
}

/// The output of `-c` for \p Input when no -o names one: SOURCE.o in the
/// current directory, as nvcc's.
static std::string getCompileOnlyOutput(StringRef Input) {
  return (sys::path::stem(Input) + ".o").str();
}

static Error checkOptions(const NvccOptions &Flags) {
  if (StringRef(Flags.OptLevel).size() != 1 ||
      !StringRef("0123").contains(Flags.OptLevel[0]))
    return createStringError("-O%s: give -O0, -O1, -O2 or -O3",
                             Flags.OptLevel.c_str());
  for (const std::string &Value : Flags.GenerateCode) {
    StringRef Arch = getGenerateCodeArch(Value);
    if (!Arch.starts_with("sm_") && !Arch.starts_with("compute_"))
      return createStringError("-gencode=%s: give arch=compute_XX,code=sm_XX",
                               Value.c_str());
  }
  std::string Arch = getGPUArch(Flags);
  if (!StringRef(Arch).starts_with("sm_") &&
      !StringRef(Arch).starts_with("compute_"))
    return createStringError("-arch=%s: give sm_XX or compute_XX",
                             Arch.c_str());
  if (Flags.DefaultStream.getNumOccurrences() &&
      !is_contained({"legacy", "null", "per-thread"}, Flags.DefaultStream))
    return createStringError("-default-stream=%s: give legacy, null or "
                             "per-thread",
                             Flags.DefaultStream.c_str());
  if (Flags.CompileOnly && Flags.Run)
    return createStringError("-c and -run: -run needs the whole program");
  if (Flags.CompileOnly && !Flags.Output.empty() && Flags.Inputs.size() > 1)
    return createStringError("-o with -c names one output, but there are %zu "
                             "inputs",
                             Flags.Inputs.size());
  if (!Flags.Run && (!Flags.RunArgs.empty() || !Flags.LliArgs.empty()))
    return createStringError("-run-args and -Xlli apply with -run only");
  // An empty value would make clang take its next argument as the value.
  struct Valued {
    const char *Name;
    ArrayRef<std::string> Values;
  };
  for (const Valued &Option :
       {Valued{"-D", Flags.Defines}, Valued{"-U", Flags.Undefines},
        Valued{"-I", Flags.IncludeDirs},
        Valued{"-isystem", Flags.SystemIncludeDirs},
        Valued{"-include", Flags.PreIncludes}})
    if (is_contained(Option.Values, ""))
      return createStringError("%s: the value is empty", Option.Name);
  if (Error E = checkOutputIsNotInput(Flags.Output, Flags.Inputs))
    return E;
  if (Flags.CompileOnly && Flags.Output.empty())
    for (const std::string &Input : Flags.Inputs)
      if (Error E = checkOutputIsNotInput(getCompileOnlyOutput(Input),
                                          Flags.Inputs))
        return E;
  if (Flags.Executable && !Flags.LliArgs.empty())
    return createStringError("-Xlli and --executable: the executable runs "
                             "without mm-lli");
  return Error::success();
}

static Error compileAndRun(const NvccOptions &Flags, int &ExitCode) {
  if (Error E = checkOptions(Flags))
    return E;
  SmallString<128> WorkDir;
  if (std::error_code EC =
          sys::fs::createUniqueDirectory("mm-nvcc", WorkDir))
    return createStringError(EC, "cannot create a temporary directory: %s",
                             EC.message().c_str());
  auto RemoveWorkDir =
      make_scope_exit([&] { sys::fs::remove_directories(WorkDir); });

  if (Flags.CompileOnly) {
    for (const std::string &Input : Flags.Inputs) {
      std::string Output = Flags.Output;
      if (Output.empty())
        Output = getCompileOnlyOutput(Input);
      if (Error E = buildBundle(Flags, Input, Output, WorkDir))
        return E;
    }
    return Error::success();
  }

  if (Flags.Executable)
    return buildAndRunExecutable(Flags, WorkDir, ExitCode);

  std::string Output = getOutputPath(Flags, WorkDir, ".mml", "a.mml");
  if (Error E = checkOutputIsNotInput(Output, Flags.Inputs))
    return E;
  if (Error E = buildBundle(Flags, Flags.Inputs, Output, WorkDir))
    return E;
  if (!Flags.Run)
    return Error::success();
  return runBundle(Flags, Output, ExitCode);
}

/// Whether \p Arg is an option whose value is the next argument, as
/// -Xcompiler's is in `-Xcompiler -Wall`.
static bool takesNextArgument(StringRef Arg) {
  if (!Arg.consume_front("-") || Arg.contains('='))
    return false;
  Arg.consume_front("-");
  auto &Options = cl::getRegisteredOptions();
  auto Found = Options.find(Arg);
  return Found != Options.end() &&
         Found->second->getValueExpectedFlag() == cl::ValueRequired;
}

int mm::nvccMain(int argc, char **argv) {
  InitLLVM X(argc, argv);
  static NvccOptions Flags;
  setUpToolProcess();
  hideUnrelatedOptions({&Flags.Category, &Flags.Ignored}, argc, argv);
  SmallVector<char *> Args;
  for (int I = 0; I < argc; ++I) {
    StringRef Arg = argv[I];
    if (I > 0 && Arg.starts_with("-W") && Arg.size() > 2 &&
        !takesNextArgument(argv[I - 1]))
      Flags.Warnings.push_back(Arg.drop_front(2).str());
    else
      Args.push_back(argv[I]);
  }
  cl::ParseCommandLineOptions(
      Args.size(), Args.data(),
      "mm-nvcc: compiles CUDA programs into bundles, with nvcc's flags\n\n"
      "  mm-nvcc -o prog.mml main.cu util.cpp    one bundle from sources\n"
      "  mm-nvcc -c kernels.cu                   kernels.o, a bundle to link\n"
      "  mm-nvcc -o prog.mml main.o kernels.o    link bundles\n"
      "  mm-nvcc -run prog.cu -run-args 1024     build and run with mm-lli\n");
  if (Flags.DeviceCompileOnly)
    Flags.CompileOnly = true;
  // Reading a bundle parses its bodies as opt does, which gives a body
  // without a datalayout its target's.
  InitializeAllTargets();
  InitializeAllTargetMCs();
  int ExitCode = 0;
  if (reportError(compileAndRun(Flags, ExitCode), argv[0], errs()))
    return 1;
  return ExitCode;
}
