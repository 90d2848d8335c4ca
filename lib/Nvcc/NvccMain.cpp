//===- NvccMain.cpp - mm's nvcc drivers -----------------------------------===//
//
// The phases, in order: the command line (Options.h), then what it asks
// for: preprocessing and dependencies, compiles (Compile.h), and links and
// runs (Link.h).
//
//===----------------------------------------------------------------------===//

#include "mm/Nvcc/NvccMain.h"
#include "Commands.h"
#include "Compile.h"
#include "Link.h"
#include "Options.h"
#include "Toolkit.h"

#include "mm/Bundle/Reader.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;
using namespace mm::nvcc;

namespace {
/// One build: its invocation and its tools.
class Build {
public:
  Build(const Invocation &Inv, const SourceCompiler &C)
      : Inv(Inv), Runner(C.getRunner()), Compiler(C) {}

  /// Does what the command line asks; \p ExitCode is the program's with
  /// -run.
  Error run(StringRef CudaRoot, int &ExitCode);

private:
  Error runPerSource(SourceAction Action, SourceHalf CudaHalf,
                     StringRef Extension);
  Error compileEach();
  /// The inputs as the linker takes them: sources compiled into temporary
  /// objects, the rest as they are.
  Expected<std::vector<std::string>> getLinkInputs();
  Error linkNative(StringRef CudaRoot, int &ExitCode);
  Error linkBundle(int &ExitCode);
  std::string getOutput(StringRef Default) const;

  const Invocation &Inv;
  CommandRunner &Runner;
  const SourceCompiler &Compiler;
};
} // namespace

/// The output of a per-source goal for \p Input when no -o names one:
/// STEM + \p Extension, in -odir or the current directory, as nvcc's.
static std::string getPerSourceOutput(const Invocation &Inv, StringRef Input,
                                      StringRef Extension) {
  SmallString<256> Path(Inv.OutputDirectory);
  sys::path::append(Path, (sys::path::stem(Input) + Extension).str());
  return std::string(Path);
}

std::string Build::getOutput(StringRef Default) const {
  return Inv.Output.empty() ? Default.str() : Inv.Output;
}

Error Build::runPerSource(SourceAction Action, SourceHalf CudaHalf,
                          StringRef Extension) {
  for (const std::string &Input : Inv.Inputs) {
    Expected<InputKind> Kind = classifyInput(Inv, Input);
    if (!Kind)
      return Kind.takeError();
    if (!isSource(*Kind))
      return createStringError("'%s': not a source to compile",
                               Input.c_str());
    if (Action == SourceAction::Assembly && *Kind != InputKind::CUDA)
      continue;
    std::string Output = Inv.Output;
    if (Output.empty() && !Extension.empty())
      Output = getPerSourceOutput(Inv, Input, Extension);
    std::string Object = getPerSourceOutput(Inv, Input, ".o");
    if (Error E = Compiler.run(
            *Kind, Input,
            *Kind == InputKind::CUDA ? CudaHalf : SourceHalf::Whole, Action,
            Output, Object))
      return E;
  }
  return Error::success();
}

Error Build::compileEach() {
  for (const std::string &Input : Inv.Inputs) {
    Expected<InputKind> Kind = classifyInput(Inv, Input);
    if (!Kind)
      return Kind.takeError();
    std::string Output = getOutput(getPerSourceOutput(Inv, Input, ".o"));
    if (Error E = checkOutputIsNotInput(Output, Inv.Inputs))
      return E;
    if (Inv.NativeOutputs) {
      if (!isSource(*Kind))
        return createStringError("'%s': not a source to compile",
                                 Input.c_str());
      if (Error E = compileToObject(Compiler, *Kind, Input, Output))
        return E;
      continue;
    }
    Expected<Bundle> B = buildBundle(Compiler, Input, Output, Output);
    if (!B)
      return B.takeError();
    if (!Runner.isDryRun())
      if (Error E = writeBundleFile(*B, Output))
        return E;
  }
  return Error::success();
}

Expected<std::vector<std::string>> Build::getLinkInputs() {
  std::vector<std::string> Inputs;
  for (const std::string &Input : Inv.Inputs) {
    Expected<InputKind> Kind = classifyInput(Inv, Input);
    if (!Kind)
      return Kind.takeError();
    if (!isSource(*Kind)) {
      if (*Kind == InputKind::IR)
        return createStringError("'%s': nvcc links objects and libraries; "
                                 "mm-nvcc links LLVM IR into bundles",
                                 Input.c_str());
      Inputs.push_back(Input);
      continue;
    }
    std::string Object = Runner.getTemporaryPath(
        (sys::path::stem(Input) + ".o").str());
    if (Error E = compileToObject(Compiler, *Kind, Input, Object))
      return std::move(E);
    Inputs.push_back(Object);
  }
  return std::move(Inputs);
}

Error Build::linkNative(StringRef CudaRoot, int &ExitCode) {
  std::string Default = Inv.Target == Goal::StaticLibrary ? "a.a"
                        : Inv.Target == Goal::SharedLibrary ? "a.so"
                        : Inv.Target == Goal::DeviceLink    ? "a_dlink.o"
                                                            : "a.out";
  std::string Output = getOutput(Default);
  if (Inv.Run && Inv.Output.empty())
    Output = Runner.getTemporaryPath("a.out");
  if (Error E = checkOutputIsNotInput(Output, Inv.Inputs))
    return E;
  Expected<std::vector<std::string>> Inputs = getLinkInputs();
  if (!Inputs)
    return Inputs.takeError();
  if (Inv.Target == Goal::DeviceLink)
    return linkDeviceCode(Inv, Runner, *Inputs, Output);
  if (Inv.Target == Goal::StaticLibrary)
    return archiveObjects(Runner, *Inputs, Output);
  // As nvcc: a link of objects with relocatable device code links their
  // device code first.
  if (!Runner.isDryRun() && !Inv.NoDeviceLink &&
      needsDeviceLink(Inv, *Inputs)) {
    std::string DeviceObject = Runner.getTemporaryPath("dlink.o");
    if (Error E = linkDeviceCode(Inv, Runner, *Inputs, DeviceObject))
      return E;
    Inputs->push_back(DeviceObject);
  }
  if (Error E = linkObjects(Inv, Runner, CudaRoot, *Inputs, Output,
                            Inv.Target == Goal::SharedLibrary))
    return E;
  if (!Inv.Run)
    return Error::success();
  return runExecutable(Inv, Runner, Output, ExitCode);
}

/// Whether \p Inputs are one bundle of several submodules: a whole program,
/// which --executable compiles as it is (it may hold MLIR submodules, which
/// mm-nvcc does not link).
static bool isWholeProgramBundle(const Invocation &Inv) {
  if (Inv.Inputs.size() != 1)
    return false;
  Expected<InputKind> Kind = classifyInput(Inv, Inv.Inputs.front());
  if (!Kind || isSource(*Kind) || *Kind == InputKind::IR) {
    consumeError(Kind.takeError());
    return false;
  }
  Expected<Bundle> B = readBundleFile(Inv.Inputs.front());
  if (!B) {
    consumeError(B.takeError());
    return false;
  }
  return !B->isPlainModule();
}

Error Build::linkBundle(int &ExitCode) {
  bool Executable = Inv.ExecutableFromBundle;
  std::string Output =
      Inv.Run && Inv.Output.empty()
          ? Runner.getTemporaryPath(
                getProgramName(Inv.Inputs.front()) + (Executable ? "" : ".mml"))
          : getOutput(Executable ? "a.out" : "a.mml");
  if (Error E = checkOutputIsNotInput(Output, Inv.Inputs))
    return E;
  std::string BundlePath = Output;
  if (Executable)
    BundlePath = Runner.getTemporaryPath(getProgramName(Output) + ".mml");
  if (Executable && isWholeProgramBundle(Inv)) {
    BundlePath = Inv.Inputs.front();
  } else {
    Expected<Bundle> B = buildBundle(Compiler, Inv.Inputs, Output);
    if (!B)
      return B.takeError();
    if (!Runner.isDryRun())
      if (Error E = writeBundleFile(*B, BundlePath))
        return E;
  }
  if (Executable) {
    if (Error E = linkBundleExecutable(Inv, Runner, BundlePath, Output))
      return E;
    return Inv.Run ? runExecutable(Inv, Runner, Output, ExitCode)
                   : Error::success();
  }
  return Inv.Run ? runBundle(Inv, Runner, Output, ExitCode)
                 : Error::success();
}

Error Build::run(StringRef CudaRoot, int &ExitCode) {
  switch (Inv.Target) {
  case Goal::Preprocess:
    return runPerSource(SourceAction::Preprocess, SourceHalf::Host, "");
  case Goal::Dependencies:
    return runPerSource(SourceAction::Dependencies, SourceHalf::Host, "");
  case Goal::CudaSource:
    return runPerSource(SourceAction::Preprocess, SourceHalf::Host,
                        ".cu.cpp.ii");
  case Goal::Ptx:
    return runPerSource(SourceAction::Assembly, SourceHalf::Device, ".ptx");
  case Goal::Compile:
    return compileEach();
  case Goal::DeviceLink:
  case Goal::Link:
  case Goal::StaticLibrary:
  case Goal::SharedLibrary:
    return Inv.NativeOutputs ? linkNative(CudaRoot, ExitCode)
                             : linkBundle(ExitCode);
  }
  llvm_unreachable("unknown goal");
}

static Error compileAndRun(const Invocation &Inv, int &ExitCode) {
  if (Error E = checkOutputIsNotInput(Inv.Output, Inv.Inputs))
    return E;
  SmallString<128> WorkDir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("mm-nvcc", WorkDir))
    return createStringError(EC, "cannot create a temporary directory: %s",
                             EC.message().c_str());
  auto RemoveWorkDir =
      make_scope_exit([&] { sys::fs::remove_directories(WorkDir); });
  CommandRunner Runner(Inv, WorkDir);
  Expected<std::string> CudaRoot = findCudaRoot(Inv);
  if (!CudaRoot)
    return CudaRoot.takeError();
  if (Inv.Driver == Personality::Toolkit && (Inv.Verbose || Inv.DryRun))
    printToolkitVariables(Inv, *CudaRoot, errs());
  Expected<SourceCompiler> Compiler = SourceCompiler::create(Inv, Runner);
  if (!Compiler)
    return Compiler.takeError();
  return Build(Inv, *Compiler).run(*CudaRoot, ExitCode);
}

int mm::nvccMain(int argc, char **argv) {
  InitLLVM X(argc, argv);
  setUpToolProcess();
  Personality Driver = sys::path::stem(argv[0]) == "nvcc"
                           ? Personality::Toolkit
                           : Personality::Bundle;
  // Diagnostics name the driver as it was called, without its directory:
  // builds call mm's nvcc by its full path.
  StringRef ToolName = sys::path::filename(argv[0]);
  Expected<std::optional<Invocation>> Inv = parseCommandLine(
      ArrayRef<const char *>(argv + 1, argv + argc), Driver, outs());
  if (!Inv) {
    reportError(Inv.takeError(), ToolName, errs());
    return 1;
  }
  if (!*Inv)
    return 0;
  // Reading a bundle parses its bodies as opt does, which gives a body
  // without a datalayout its target's.
  InitializeAllTargets();
  InitializeAllTargetMCs();
  int ExitCode = 0;
  if (reportError(compileAndRun(**Inv, ExitCode), ToolName, errs()))
    return 1;
  return ExitCode;
}
