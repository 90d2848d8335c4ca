//===- Options.cpp - What an nvcc command line asks for -------------------===//

#include "Options.h"
#include "Toolkit.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::opt;
using namespace mm;
using namespace mm::nvcc;

namespace {
enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "NvccOptions.inc"
#undef OPTION
};

#define PREFIX(NAME, VALUE)                                                    \
  static constexpr StringLiteral NAME##_init[] = VALUE;                        \
  static constexpr ArrayRef<StringLiteral> NAME(NAME##_init,                   \
                                                std::size(NAME##_init) - 1);
#include "NvccOptions.inc"
#undef PREFIX

static constexpr OptTable::Info InfoTable[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "NvccOptions.inc"
#undef OPTION
};

class NvccOptTable : public GenericOptTable {
public:
  NvccOptTable() : GenericOptTable(InfoTable) {}
};
} // namespace

static const NvccOptTable &getOptTable() {
  static const NvccOptTable Table;
  return Table;
}

/// nvcc's warning kinds that mean something to NVIDIA's compiler only.
static bool isNvccOnlyWarning(StringRef Kind) {
  Kind.consume_front("no-");
  return is_contained({"deprecated-gpu-targets", "default-stream-launch",
                       "missing-launch-bounds", "ext-lambda-captures-this",
                       "cross-execution-space-call"},
                      Kind);
}

/// Reads --options-file and -optf files into \p Args where they stand, as
/// nvcc does: their text is split as a shell splits words.
static Error expandOptionsFiles(SmallVectorImpl<const char *> &Args,
                                StringSaver &Saver) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    StringRef Name = Arg;
    Name.consume_front("-");
    Name.consume_front("-");
    std::string File;
    size_t Taken = 1;
    if (Name == "options-file" || Name == "optf") {
      if (I + 1 == Args.size())
        return createStringError("%s: the option needs a file", Args[I]);
      File = Args[I + 1];
      Taken = 2;
    } else if (Name.consume_front("options-file=") ||
               Name.consume_front("optf=")) {
      File = Name.str();
    } else {
      continue;
    }
    ErrorOr<std::unique_ptr<MemoryBuffer>> Text =
        MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Text)
      return createStringError(Text.getError(), "cannot read options file "
                                                "'%s': %s",
                               File.c_str(),
                               Text.getError().message().c_str());
    SmallVector<const char *> Read;
    cl::TokenizeGNUCommandLine((*Text)->getBuffer(), Saver, Read);
    Args.erase(Args.begin() + I, Args.begin() + I + Taken);
    Args.insert(Args.begin() + I, Read.begin(), Read.end());
    --I;
  }
  return Error::success();
}

/// Every value of \p Id, each split at commas as nvcc splits its list
/// options.
static std::vector<std::string> getListValues(const InputArgList &Parsed,
                                              unsigned Id) {
  std::vector<std::string> Values;
  for (StringRef Value : Parsed.getAllArgValues(Id))
    for (StringRef Item : split(Value, ','))
      Values.push_back(Item.str());
  return Values;
}

static Expected<bool> parseBool(const Arg &A) {
  StringRef Value = A.getValue();
  if (Value == "true")
    return true;
  if (Value == "false")
    return false;
  return createStringError("%s=%s: give true or false",
                           A.getSpelling().rtrim('=').str().c_str(),
                           Value.str().c_str());
}

std::string nvcc::getCompiledArch(StringRef Arch) {
  if (Arch == "native" || Arch == "all" || Arch == "all-major")
    return "sm_70";
  if (!Arch.consume_front("sm_") && !Arch.consume_front("compute_") &&
      !Arch.consume_front("lto_"))
    return "";
  unsigned Number = 0;
  if (Arch.consumeInteger(10, Number) ||
      !(Arch.empty() || Arch == "a" || Arch == "f"))
    return "";
  if (Number == 90 && Arch == "a")
    return "sm_90a";
  // The architectures clang 19 compiles CUDA for.
  static constexpr unsigned Known[] = {30, 32, 35, 37, 50, 52, 53, 60, 61,
                                       62, 70, 72, 75, 80, 86, 87, 89, 90};
  unsigned Chosen = Known[0];
  for (unsigned K : Known)
    if (K <= Number)
      Chosen = K;
  return "sm_" + std::to_string(Chosen);
}

/// The architecture of a -gencode value, `arch=compute_XX,code=...`.
static StringRef getGenerateCodeArch(StringRef Value) {
  for (StringRef Field : split(Value, ','))
    if (Field.consume_front("arch="))
      return Field;
  return {};
}

static unsigned getArchNumber(StringRef Arch) {
  unsigned Number = 0;
  Arch = Arch.substr(Arch.find('_') + 1);
  Arch.consumeInteger(10, Number);
  return Number;
}

static Error readArchitecture(const InputArgList &Parsed, Invocation &Inv) {
  if (const Arg *A = Parsed.getLastArg(OPT_gpu_architecture)) {
    Inv.RequestedArch = A->getValue();
  } else {
    for (const std::string &Value : Parsed.getAllArgValues(OPT_generate_code)) {
      StringRef Arch = getGenerateCodeArch(Value);
      if (getCompiledArch(Arch).empty())
        return createStringError(
            "-gencode=%s: give arch=compute_XX,code=sm_XX", Value.c_str());
      if (Inv.RequestedArch.empty() ||
          getArchNumber(Arch) > getArchNumber(Inv.RequestedArch))
        Inv.RequestedArch = Arch.str();
    }
  }
  if (Inv.RequestedArch.empty())
    Inv.RequestedArch = "sm_70";
  Inv.CompiledArch = getCompiledArch(Inv.RequestedArch);
  if (Inv.CompiledArch.empty())
    return createStringError("-arch=%s: give sm_XX, compute_XX, native, all "
                             "or all-major",
                             Inv.RequestedArch.c_str());
  return Error::success();
}

static Error readWarnings(const InputArgList &Parsed, Invocation &Inv) {
  for (const Arg *A : Parsed.filtered(OPT_warning, OPT_Werror)) {
    if (A->getOption().matches(OPT_warning)) {
      StringRef Warning = A->getValue();
      if (Warning.empty())
        return createStringError("-W: give a warning");
      if (!isNvccOnlyWarning(Warning))
        Inv.Warnings.push_back(Warning.str());
      continue;
    }
    for (StringRef Kind : split(StringRef(A->getValue()), ',')) {
      if (Kind == "all-warnings")
        Inv.WarningsAreErrors = true;
      else if (!isNvccOnlyWarning(Kind) && !Kind.empty())
        Inv.Warnings.push_back(("error=" + Kind).str());
    }
  }
  return Error::success();
}

static Expected<unsigned> parseOptLevel(StringRef Level) {
  if (Level.size() != 1 || !StringRef("0123").contains(Level[0]))
    return createStringError("-O%s: give -O0, -O1, -O2 or -O3",
                             Level.str().c_str());
  return Level[0] - '0';
}

/// The goal the phase options ask for; the earliest phase wins.
static Expected<Goal> readGoal(const InputArgList &Parsed, Invocation &Inv) {
  if (Parsed.hasArg(OPT_cubin, OPT_fatbin))
    return createStringError(
        "%s: mm has no NVIDIA GPU assembler to make cubins and fatbinaries "
        "with; -ptx gives the device code as PTX",
        Parsed.getLastArg(OPT_cubin, OPT_fatbin)->getSpelling().str().c_str());
  if (Parsed.hasArg(OPT_preprocess))
    return Goal::Preprocess;
  if (Parsed.hasArg(OPT_generate_dependencies,
                    OPT_generate_nonsystem_dependencies)) {
    Inv.NonSystemDependencies =
        Parsed.hasArg(OPT_generate_nonsystem_dependencies);
    return Goal::Dependencies;
  }
  if (Parsed.hasArg(OPT_cuda))
    return Goal::CudaSource;
  if (Parsed.hasArg(OPT_ptx))
    return Goal::Ptx;
  if (Parsed.hasArg(OPT_compile, OPT_device_c, OPT_device_w))
    return Goal::Compile;
  if (Parsed.hasArg(OPT_device_link))
    return Goal::DeviceLink;
  if (Parsed.hasArg(OPT_lib))
    return Goal::StaticLibrary;
  if (Parsed.hasArg(OPT_shared))
    return Goal::SharedLibrary;
  return Goal::Link;
}

static Error readOptions(const InputArgList &Parsed, Invocation &Inv) {
  Expected<Goal> Target = readGoal(Parsed, Inv);
  if (!Target)
    return Target.takeError();
  Inv.Target = *Target;
  Inv.Inputs = Parsed.getAllArgValues(OPT_INPUT);
  Inv.Output = Parsed.getLastArgValue(OPT_output).str();
  Inv.OutputDirectory = Parsed.getLastArgValue(OPT_output_directory).str();
  if (Inv.Driver == Personality::Toolkit)
    Inv.NativeOutputs = !Parsed.hasArg(OPT_bundle);
  else
    Inv.ExecutableFromBundle = Parsed.hasArg(OPT_executable);
  Inv.Run = Parsed.hasArg(OPT_run);
  Inv.RunArgs = getListValues(Parsed, OPT_run_args);
  Inv.LliArgs = Parsed.getAllArgValues(OPT_Xlli);
  for (const Arg *A : Parsed.filtered(OPT_check)) {
    StringRef Tool = A->getValue();
    if (Tool != "memcheck" && Tool != "racecheck")
      return createStringError("--check=%s: give memcheck or racecheck",
                               A->getValue());
    Inv.Check = Tool.str();
  }

  for (const Arg *A : Parsed.filtered(OPT_relocatable_device_code)) {
    Expected<bool> Value = parseBool(*A);
    if (!Value)
      return Value.takeError();
    Inv.RelocatableDeviceCode = *Value;
  }
  if (Parsed.hasArg(OPT_device_c))
    Inv.RelocatableDeviceCode = true;
  if (Parsed.hasArg(OPT_device_w))
    Inv.RelocatableDeviceCode = false;

  Inv.DependenciesWithCompile =
      Parsed.hasArg(OPT_generate_dependencies_with_compile,
                    OPT_generate_nonsystem_dependencies_with_compile);
  if (Parsed.hasArg(OPT_generate_nonsystem_dependencies_with_compile))
    Inv.NonSystemDependencies = true;
  Inv.PhonyDependencyTargets = Parsed.hasArg(OPT_generate_dependency_targets);
  Inv.DependencyFile = Parsed.getLastArgValue(OPT_dependency_output).str();
  Inv.DependencyTargets = Parsed.getAllArgValues(OPT_dependency_target_name);

  Inv.IncludeDirs = getListValues(Parsed, OPT_include_path);
  Inv.SystemIncludeDirs = getListValues(Parsed, OPT_system_include);
  Inv.Defines = getListValues(Parsed, OPT_define_macro);
  Inv.Undefines = getListValues(Parsed, OPT_undefine_macro);
  Inv.PreIncludes = getListValues(Parsed, OPT_pre_include);
  // An empty value would make clang take its next argument as the value.
  for (auto [Id, Name] :
       {std::pair{OPT_define_macro, "-D"}, {OPT_undefine_macro, "-U"},
        {OPT_include_path, "-I"}, {OPT_system_include, "-isystem"},
        {OPT_pre_include, "-include"}})
    if (is_contained(Parsed.getAllArgValues(Id), ""))
      return createStringError("%s: the value is empty", Name);

  Inv.Language = Parsed.getLastArgValue(OPT_x).str();
  if (!Inv.Language.empty() &&
      !is_contained({"cu", "cuda", "c++", "cpp", "c", "none"}, Inv.Language))
    return createStringError("-x %s: unknown language; give cu, c++ or c",
                             Inv.Language.c_str());
  if (Inv.Language == "none")
    Inv.Language.clear();
  Inv.Standard = Parsed.getLastArgValue(OPT_std).str();

  unsigned Level = Inv.Driver == Personality::Toolkit ? 0 : 3;
  if (const Arg *A = Parsed.getLastArg(OPT_optimize)) {
    Expected<unsigned> Parsed = parseOptLevel(A->getValue());
    if (!Parsed)
      return Parsed.takeError();
    Level = *Parsed;
  }
  Inv.HostOptLevel = Level;
  // nvcc optimizes device code at -O3 whatever -O says; mm-nvcc gives -O to
  // both halves, as it always has.
  Inv.DeviceOptLevel = Inv.Driver == Personality::Toolkit ? 3 : Level;
  Inv.DeviceDebug = Parsed.hasArg(OPT_device_debug);
  if (const Arg *A = Parsed.getLastArg(OPT_dopt)) {
    StringRef Value = A->getValue();
    if (Value != "on" && Value != "off")
      return createStringError("-dopt=%s: give on or off",
                               Value.str().c_str());
    if (Value == "off")
      Inv.DeviceOptLevel = 0;
  }
  if (Inv.DeviceDebug)
    Inv.DeviceOptLevel = 0;
  Inv.HostDebug = Parsed.hasArg(OPT_debug);
  Inv.LineInfo = Parsed.hasArg(OPT_generate_line_info);
  Inv.NoWarnings = Parsed.hasArg(OPT_disable_warnings);
  if (Error E = readWarnings(Parsed, Inv))
    return E;

  if (Parsed.hasArg(OPT_use_fast_math))
    Inv.FlushDenormals = Inv.ApproximateTranscendentals = true;
  for (const Arg *A : Parsed.filtered(OPT_ftz, OPT_prec_div, OPT_prec_sqrt,
                                      OPT_fmad)) {
    Expected<bool> Value = parseBool(*A);
    if (!Value)
      return Value.takeError();
    // -prec-div and -prec-sqrt allow less precise results, which the CPU's
    // IEEE division and square root always improve on.
    if (A->getOption().matches(OPT_ftz))
      Inv.FlushDenormals = *Value;
    else if (A->getOption().matches(OPT_fmad))
      Inv.FusedMultiplyAdd = *Value;
  }
  if (Error E = readArchitecture(Parsed, Inv))
    return E;
  if (const Arg *A = Parsed.getLastArg(OPT_default_stream);
      A && !is_contained({"legacy", "null", "per-thread"},
                         StringRef(A->getValue())))
    return createStringError("-default-stream=%s: give legacy, null or "
                             "per-thread",
                             A->getValue());

  Inv.HostCompilerArgs = getListValues(Parsed, OPT_compiler_options);
  // Host-compiler options that nvcc has names for.
  if (Parsed.hasArg(OPT_no_exceptions))
    Inv.HostCompilerArgs.push_back("-fno-exceptions");
  for (auto [Id, Flag] :
       {std::pair{OPT_template_backtrace_limit, "-ftemplate-backtrace-limit="},
        {OPT_template_depth, "-ftemplate-depth="}})
    if (const Arg *A = Parsed.getLastArg(Id))
      Inv.HostCompilerArgs.push_back(Flag + std::string(A->getValue()));
  Inv.NoDeviceLink = Parsed.hasArg(OPT_no_device_link);
  Inv.HostLinkerArgs = getListValues(Parsed, OPT_linker_options);
  Inv.Libraries = getListValues(Parsed, OPT_library);
  Inv.LibraryDirs = getListValues(Parsed, OPT_library_path);
  if (const Arg *A = Parsed.getLastArg(OPT_cudart)) {
    std::optional<CudaRuntimeKind> Kind =
        StringSwitch<std::optional<CudaRuntimeKind>>(A->getValue())
            .Case("static", CudaRuntimeKind::Static)
            .Case("shared", CudaRuntimeKind::Shared)
            .Case("none", CudaRuntimeKind::None)
            .Default(std::nullopt);
    if (!Kind)
      return createStringError("-cudart=%s: give static, shared or none",
                               A->getValue());
    Inv.CudaRuntime = *Kind;
  }
  if (const Arg *A = Parsed.getLastArg(OPT_cudadevrt)) {
    if (!is_contained({"static", "none"}, StringRef(A->getValue())))
      return createStringError("-cudadevrt=%s: give static or none",
                               A->getValue());
    Inv.DeviceRuntime = StringRef(A->getValue()) == "static";
  }

  Inv.Verbose = Parsed.hasArg(OPT_verbose);
  Inv.DryRun = Parsed.hasArg(OPT_dryrun);
  Inv.CudaPath = Parsed.getLastArgValue(OPT_cuda_path).str();
  Inv.ClangPath = Parsed.getLastArgValue(OPT_clang).str();

  // Options nvcc does not know: the host compiler's or linker's when the
  // command line says so (CMake always does), else an error.
  bool ToCompiler = Parsed.hasArg(OPT_forward_unknown_to_host_compiler,
                                  OPT_forward_unknown_opts);
  bool ToLinker = Parsed.hasArg(OPT_forward_unknown_to_host_linker,
                                OPT_forward_unknown_opts);
  for (const Arg *A : Parsed.filtered(OPT_UNKNOWN)) {
    if (!ToCompiler && !ToLinker)
      return createStringError("unknown option '%s' (-forward-unknown-to-"
                               "host-compiler gives such options to the host "
                               "compiler)",
                               A->getAsString(Parsed).c_str());
    if (ToCompiler)
      Inv.HostCompilerArgs.push_back(A->getAsString(Parsed));
    if (ToLinker)
      Inv.HostLinkerArgs.push_back(A->getAsString(Parsed));
  }
  return Error::success();
}

static Error checkInvocation(const Invocation &Inv) {
  if (Inv.Inputs.empty())
    return createStringError("no input files");
  if (Inv.Target == Goal::Compile && Inv.Run)
    return createStringError("-c and -run: -run needs the whole program");
  if (Inv.Target == Goal::Compile && !Inv.Output.empty() &&
      Inv.Inputs.size() > 1)
    return createStringError("-o with -c names one output, but there are %zu "
                             "inputs",
                             Inv.Inputs.size());
  if (!Inv.Run && (!Inv.RunArgs.empty() || !Inv.LliArgs.empty()))
    return createStringError("-run-args and -Xlli apply with -run only");
  if (buildsExecutable(Inv) && !Inv.LliArgs.empty())
    return createStringError("-Xlli and --executable: the executable runs "
                             "without mm-lli");
  if (!Inv.NativeOutputs &&
      is_contained({Goal::DeviceLink, Goal::StaticLibrary,
                    Goal::SharedLibrary},
                   Inv.Target))
    return createStringError(
        "%s: bundles are linked whole; build libraries with mm's nvcc "
        "(PREFIX/cuda/bin/nvcc)",
        Inv.Target == Goal::DeviceLink      ? "-dlink"
        : Inv.Target == Goal::StaticLibrary ? "-lib"
                                            : "-shared");
  return Error::success();
}

Expected<std::optional<Invocation>>
nvcc::parseCommandLine(ArrayRef<const char *> Args, Personality Driver,
                       raw_ostream &OS) {
  BumpPtrAllocator Allocator;
  StringSaver Saver(Allocator);
  // As nvcc's environment variables: options before and after the command
  // line's own, so that a build can be given flags without editing it.
  SmallVector<const char *> Expanded;
  if (std::optional<std::string> Prepend =
          sys::Process::GetEnv("NVCC_PREPEND_FLAGS"))
    cl::TokenizeGNUCommandLine(*Prepend, Saver, Expanded);
  Expanded.append(Args.begin(), Args.end());
  if (std::optional<std::string> Append =
          sys::Process::GetEnv("NVCC_APPEND_FLAGS"))
    cl::TokenizeGNUCommandLine(*Append, Saver, Expanded);
  if (Error E = expandOptionsFiles(Expanded, Saver))
    return std::move(E);
  unsigned MissingIndex = 0, MissingCount = 0;
  InputArgList Parsed =
      getOptTable().ParseArgs(Expanded, MissingIndex, MissingCount);
  if (MissingCount)
    return createStringError("%s: the option needs a value",
                             Parsed.getArgString(MissingIndex));
  if (Parsed.hasArg(OPT_help)) {
    getOptTable().printHelp(
        OS,
        Driver == Personality::Toolkit
            ? "nvcc [options] <.cu, .c, .cpp sources, objects, libraries>"
            : "mm-nvcc [options] <.cu, .c, .cpp, .ll or .bc sources, or "
              "bundles>",
        Driver == Personality::Toolkit
            ? "mm's nvcc: CUDA programs for the CPU, with nvcc's options"
            : "mm-nvcc: CUDA programs to bundles, with nvcc's options",
        /*ShowHidden=*/false, /*ShowAllAliases=*/false);
    return std::nullopt;
  }
  if (Parsed.hasArg(OPT_version)) {
    printVersion(Driver, OS);
    return std::nullopt;
  }
  // The architectures -arch and -code take, as nvcc lists them; each is
  // compiled for what getCompiledArch says.
  if (Parsed.hasArg(OPT_list_gpu_arch, OPT_list_gpu_code)) {
    StringRef Prefix = Parsed.hasArg(OPT_list_gpu_arch) ? "compute_" : "sm_";
    for (unsigned Number : {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87,
                            89, 90})
      OS << Prefix << Number << '\n';
    return std::nullopt;
  }
  Invocation Inv;
  Inv.Driver = Driver;
  Inv.NativeOutputs = Driver == Personality::Toolkit;
  if (Error E = readOptions(Parsed, Inv))
    return std::move(E);
  if (Error E = checkInvocation(Inv))
    return std::move(E);
  return std::move(Inv);
}
