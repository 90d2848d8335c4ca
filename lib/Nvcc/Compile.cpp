//===- Compile.cpp - Sources to modules, and modules to a bundle ----------===//

#include "Compile.h"
#include "LaunchSyntax.h"
#include "Toolkit.h"

#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Support/CudaStubs.h"
#include "mm/Support/LinkModules.h"
#include "mm/Support/ToolSupport.h"

#include "mm-cuda/cuda.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#include <map>

using namespace llvm;
using namespace mm;
using namespace mm::nvcc;

static StringRef getDriverName(const Invocation &Inv) {
  return Inv.Driver == Personality::Toolkit ? "nvcc" : "mm-nvcc";
}

Expected<InputKind> nvcc::classifyInput(const Invocation &Inv,
                                        StringRef Path) {
  if (!Inv.Language.empty())
    return StringSwitch<InputKind>(Inv.Language)
        .Cases("cu", "cuda", InputKind::CUDA)
        .Cases("c++", "cpp", InputKind::CXX)
        .Default(InputKind::C);
  StringRef Ext = sys::path::extension(Path);
  if (Ext == ".cu")
    return InputKind::CUDA;
  if (Ext == ".c")
    return InputKind::C;
  if (is_contained({".cpp", ".cc", ".cxx", ".C", ".c++", ".cp"}, Ext))
    return InputKind::CXX;
  if (Ext == ".ll" || Ext == ".bc")
    return InputKind::IR;
  if (Ext == ".o" || Ext == ".obj")
    return InputKind::Object;
  if (Ext == ".a")
    return InputKind::Archive;
  if (Ext == ".so" || sys::path::filename(Path).contains(".so."))
    return InputKind::SharedLibrary;
  return InputKind::Bundle;
}

Expected<SourceCompiler> SourceCompiler::create(const Invocation &Inv,
                                                CommandRunner &Runner) {
  SourceCompiler Compiler(Inv, Runner);
  Expected<std::string> Clang = findClang(Inv);
  if (!Clang)
    return Clang.takeError();
  Expected<std::string> Root = findCudaRoot(Inv);
  if (!Root)
    return Root.takeError();
  Compiler.Clang = *Clang;
  Compiler.CudaRoot = *Root;
  // A real CUDA toolkit's headers before mm's would replace mm's CUDA
  // runtime with NVIDIA's, which clang cannot compile for the CPU.
  auto Filter = [&](ArrayRef<std::string> Dirs,
                    std::vector<std::string> &Kept) {
    for (const std::string &Dir : Dirs) {
      if (!isOtherToolkitIncludeDirectory(Dir, *Root)) {
        Kept.push_back(Dir);
        continue;
      }
      WithColor::note(errs(), getDriverName(Inv))
          << "'" << Dir << "' holds another CUDA toolkit's headers; mm's "
          << "CUDA headers (" << *Root << "/include) are used instead\n";
    }
  };
  Filter(Inv.IncludeDirs, Compiler.IncludeDirs);
  Filter(Inv.SystemIncludeDirs, Compiler.SystemIncludeDirs);
  return std::move(Compiler);
}

/// The dependency file of an object: \p Object with its extension .d, as
/// gcc names it.
static std::string getDependencyFile(StringRef Object) {
  SmallString<256> Path(Object);
  sys::path::replace_extension(Path, ".d");
  return std::string(Path);
}

std::vector<std::string>
SourceCompiler::getCommand(InputKind Kind, StringRef Source, SourceHalf Half,
                           SourceAction Action, StringRef Output,
                           StringRef ObjectName) const {
  bool Device = Half == SourceHalf::Device;
  std::vector<std::string> Args = {Clang};
  switch (Kind) {
  case InputKind::CUDA:
    Args.insert(Args.end(),
                {"-x", "cuda", "--cuda-path=" + CudaRoot,
                 "--cuda-gpu-arch=" + Inv.CompiledArch,
                 Device ? "--cuda-device-only" : "--cuda-host-only",
                 "-Wno-unknown-cuda-version"});
    // Architectures that CUDA 12 dropped (sm_3x) compile all the same.
    if (Device)
      Args.push_back("--no-cuda-version-check");
    // Relocatable device code: every __device__ variable has its host
    // shadow, which other sources' host code may name.
    if (Inv.RelocatableDeviceCode && Inv.NativeOutputs)
      Args.push_back("-fgpu-rdc");
    if (Device && Inv.ApproximateTranscendentals)
      Args.push_back("-fgpu-approx-transcendentals");
    if (Device && Inv.FlushDenormals)
      Args.push_back("-fgpu-flush-denormals-to-zero");
    if (Device && !Inv.FusedMultiplyAdd)
      Args.push_back("-ffp-contract=off");
    break;
  case InputKind::CXX:
  case InputKind::C:
    // Host sources see the CUDA headers, as nvcc's host compiler does.
    Args.insert(Args.end(), {"-x", Kind == InputKind::C ? "c" : "c++",
                             "-I" + CudaRoot + "/include"});
    // What gcc 12, nvcc's host compiler on Debian 12, accepts in C with a
    // warning, and clang 19 rejects: implicit int and implicit function
    // declarations (C89's), int-pointer conversions.
    if (Kind == InputKind::C)
      Args.insert(Args.end(),
                  {"-Wno-error=implicit-int",
                   "-Wno-error=implicit-function-declaration",
                   "-Wno-error=int-conversion",
                   "-Wno-error=incompatible-function-pointer-types"});
    break;
  default:
    llvm_unreachable("not a source");
  }
  Args.push_back("-O" +
                 std::to_string(Device ? Inv.DeviceOptLevel : Inv.HostOptLevel));
  // What nvcc defines for the sources it compiles: programs test __NVCC__
  // for "CUDA, not HIP" and its version for the API they may use.
  Args.insert(Args.end(),
              {"-D__NVCC__",
               "-D__CUDACC_VER_MAJOR__=" + std::to_string(CUDA_VERSION / 1000),
               "-D__CUDACC_VER_MINOR__=" +
                   std::to_string(CUDA_VERSION % 1000 / 10),
               "-D__CUDACC_VER_BUILD__=0"});
  // What nvcc's front end and its host compiler, gcc, accept and clang
  // rejects by default: C++17's removed `register`, a macro written right
  // after a string literal ("%"PRIu64), and a member template named with
  // `template` but called without arguments (`X::template f(a)`, as CUB
  // 1.17's thread_store.cuh does). A -W option of the command line comes
  // after these, so -Werror=register still makes it an error.
  Args.insert(Args.end(),
              {"-Wno-error=register",
               "-Wno-error=reserved-user-defined-literal",
               "-Wno-error=missing-template-arg-list-after-template-kw"});
  if (!Inv.Standard.empty() &&
      (Kind != InputKind::C || !StringRef(Inv.Standard).starts_with("c++")))
    Args.push_back("-std=" + Inv.Standard);
  for (const std::string &Dir : IncludeDirs)
    Args.push_back("-I" + Dir);
  for (const std::string &Dir : SystemIncludeDirs)
    Args.insert(Args.end(), {"-isystem", Dir});
  for (const std::string &Macro : Inv.Defines)
    Args.push_back("-D" + Macro);
  for (const std::string &Macro : Inv.Undefines)
    Args.push_back("-U" + Macro);
  if (Inv.WarningsAreErrors)
    Args.push_back("-Werror");
  for (const std::string &Warning : Inv.Warnings)
    Args.push_back("-W" + Warning);
  for (const std::string &File : Inv.PreIncludes)
    Args.insert(Args.end(), {"-include", File});
  if (Device ? Inv.DeviceDebug || Inv.HostDebug : Inv.HostDebug) {
    Args.push_back("-g");
    // clang keeps only line directives of optimized NVPTX code, for
    // ptxas's sake; the CPU takes the variables too.
    if (Device)
      Args.insert(Args.end(), {"-Xclang", "-debug-info-kind=constructor"});
  } else if (Device && Inv.LineInfo)
    Args.push_back("-gline-tables-only");
  if (Inv.NoWarnings)
    Args.push_back("-w");
  if (!Device)
    Args.insert(Args.end(), Inv.HostCompilerArgs.begin(),
                Inv.HostCompilerArgs.end());

  auto AddDependencyOptions = [&](StringRef Target, StringRef File) {
    if (!File.empty())
      Args.insert(Args.end(), {"-MF", File.str()});
    if (Inv.DependencyTargets.empty() && !Target.empty())
      Args.insert(Args.end(), {"-MT", Target.str()});
    for (const std::string &Name : Inv.DependencyTargets)
      Args.insert(Args.end(), {"-MT", Name});
    if (Inv.PhonyDependencyTargets)
      Args.push_back("-MP");
  };
  switch (Action) {
  case SourceAction::Bitcode:
  case SourceAction::UnoptimizedBitcode:
  case SourceAction::Object:
    if (Inv.DependenciesWithCompile && !Device) {
      Args.push_back(Inv.NonSystemDependencies ? "-MMD" : "-MD");
      AddDependencyOptions(ObjectName, Inv.DependencyFile.empty()
                                           ? getDependencyFile(ObjectName)
                                           : Inv.DependencyFile);
    }
    if (Action == SourceAction::UnoptimizedBitcode)
      Args.insert(Args.end(), {"-Xclang", "-disable-llvm-passes"});
    if (Action != SourceAction::Object)
      Args.push_back("-emit-llvm");
    Args.insert(Args.end(), {"-c", Source.str(), "-o", Output.str()});
    return Args;
  case SourceAction::Preprocess:
    Args.insert(Args.end(), {"-E", Source.str()});
    break;
  case SourceAction::Dependencies:
    Args.insert(Args.end(),
                {Inv.NonSystemDependencies ? "-MM" : "-M", Source.str()});
    AddDependencyOptions(ObjectName, Inv.DependencyFile);
    break;
  case SourceAction::Assembly:
    Args.insert(Args.end(), {"-S", Source.str()});
    break;
  }
  if (!Output.empty())
    Args.insert(Args.end(), {"-o", Output.str()});
  return Args;
}

/// The files that clang reads for CUDA source \p Source and for the headers
/// that it includes, transitively, from its own directory (`"name"`) and
/// \p IncludeDirs (both forms), where one is to read another: each with its
/// launches respelled (LaunchSyntax.h), named but not written with --dryrun.
static Expected<std::vector<std::pair<std::string, std::string>>>
respellSources(StringRef Source, ArrayRef<std::string> IncludeDirs,
               CommandRunner &Runner) {
  std::vector<std::pair<std::string, std::string>> Respelled;
  std::vector<std::string> Pending = {Source.str()};
  StringSet<> Seen;
  while (!Pending.empty()) {
    std::string File = std::move(Pending.back());
    Pending.pop_back();
    SmallString<256> Real;
    if (!sys::fs::real_path(File, Real) && !Seen.insert(Real).second)
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(File);
    if (!Text) {
      if (File != Source)
        continue; // clang says why, if it reads it
      return createStringError("cannot read '%s': %s", Source.str().c_str(),
                               Text.getError().message().c_str());
    }
    StringRef Contents = (*Text)->getBuffer();
    for (const IncludedHeader &Header : getIncludedHeaders(Contents)) {
      SmallVector<std::string, 8> Dirs;
      if (!Header.Angled) {
        StringRef Parent = sys::path::parent_path(File);
        Dirs.push_back(Parent.empty() ? "." : Parent.str());
      }
      Dirs.append(IncludeDirs.begin(), IncludeDirs.end());
      for (const std::string &Dir : Dirs) {
        SmallString<256> Candidate(Dir);
        sys::path::append(Candidate, Header.Name);
        if (sys::fs::is_regular_file(Candidate)) {
          Pending.push_back(std::string(Candidate));
          break;
        }
      }
    }
    std::optional<std::string> Spelled = respellSpacedLaunches(Contents);
    if (!Spelled)
      continue;
    std::string Path = Runner.getTemporaryPath(sys::path::filename(File));
    Respelled.emplace_back(File, Path);
    if (Runner.isDryRun())
      continue;
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    if (!EC) {
      OS << *Spelled;
      OS.close();
      EC = OS.error();
    }
    if (EC)
      return createStringError("cannot write '%s': %s", Path.c_str(),
                               EC.message().c_str());
  }
  return Respelled;
}

Error SourceCompiler::run(InputKind Kind, StringRef Source, SourceHalf Half,
                          SourceAction Action, StringRef Output,
                          StringRef ObjectName) const {
  if (!Runner.isDryRun() && !sys::fs::exists(Source))
    return createStringError("cannot read '%s': no such file",
                             Source.str().c_str());
  std::vector<std::string> Command =
      getCommand(Kind, Source, Half, Action, Output, ObjectName);
  // With --dryrun, a source that is not there yet is listed as it is.
  if (Kind == InputKind::CUDA && sys::fs::exists(Source)) {
    auto [Cached, New] = RespelledSources.try_emplace(Source);
    if (New) {
      Expected<std::vector<std::pair<std::string, std::string>>> Respelled =
          respellSources(Source, IncludeDirs, Runner);
      if (!Respelled)
        return Respelled.takeError();
      Cached->second = std::move(*Respelled);
    }
    // clang reads each respelled text under its file's name.
    for (const auto &[File, Copy] : Cached->second)
      Command.insert(Command.begin() + 1, {"-Xclang", "-remap-file", "-Xclang",
                                           File + ";" + Copy});
  }
  return Runner.run(Command, ("clang, compiling '" + Source + "'").str());
}

Error SourceCompiler::optimizeBitcode(StringRef Input, StringRef Output) const {
  std::vector<std::string> Command = {Clang,
                                      "-O" + std::to_string(Inv.HostOptLevel)};
  // What the host compiler's options say of optimization (-march=...); the
  // rest were for the front end.
  Command.insert(Command.end(), Inv.HostCompilerArgs.begin(),
                 Inv.HostCompilerArgs.end());
  Command.insert(Command.end(), {"-Wno-unused-command-line-argument", "-c",
                                 "-emit-llvm", Input.str(), "-o",
                                 Output.str()});
  return Runner.run(Command, ("clang, optimizing '" + Input + "'").str());
}

namespace {
/// The modules the inputs gave, in one context: the host parts, and the
/// device parts of each target triple.
struct ProgramModules {
  LLVMContext Context;
  std::vector<std::unique_ptr<Module>> Host;
  std::map<std::string, std::vector<std::unique_ptr<Module>>> Devices;
};
} // namespace

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

/// Reads the IR file at \p Path; the module is named \p Name, not by the
/// path of a temporary file, so that the outputs are the same wherever the
/// build runs.
static Expected<std::unique_ptr<Module>>
parseIR(LLVMContext &Context, StringRef Path, StringRef Name,
        const Invocation &Inv) {
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(Path, Diag, Context);
  if (M) {
    M->setModuleIdentifier(Name);
    return std::move(M);
  }
  std::string Message;
  raw_string_ostream OS(Message);
  Diag.print(getDriverName(Inv).data(), OS, /*ShowColors=*/false);
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

/// The host half of CUDA source \p Source, for a source that has
/// `__managed__` variables, compiled by clang with their host shadows
/// externally initialized: clang's optimizations would otherwise evaluate a
/// host static initializer that reads one (`static int early = m + 1;`)
/// from its shadow's undefined initializer, before reachManagedVariables
/// (HostLowering.h) makes host code read the variable itself. The front
/// end's bitcode is marked, then optimized.
static Expected<std::unique_ptr<Module>>
compileHostKeepingManagedVariables(const SourceCompiler &Compiler,
                                   LLVMContext &Context, StringRef Source,
                                   StringRef ObjectName) {
  const Invocation &Inv = Compiler.getInvocation();
  CommandRunner &Runner = Compiler.getRunner();
  std::string Stem = sys::path::stem(Source).str();
  std::string Unoptimized = Runner.getTemporaryPath(Stem + ".front.bc");
  if (Error E = Compiler.run(InputKind::CUDA, Source, SourceHalf::Host,
                             SourceAction::UnoptimizedBitcode, Unoptimized,
                             ObjectName))
    return std::move(E);
  Expected<std::unique_ptr<Module>> M =
      parseIR(Context, Unoptimized, Source, Inv);
  if (!M)
    return M.takeError();
  for (GlobalVariable *Shadow : findManagedShadows(**M))
    Shadow->setExternallyInitialized(true);
  std::string Marked = Runner.getTemporaryPath(Stem + ".managed.bc");
  if (Error E = writeOutputFile(Marked, [&](raw_ostream &OS) {
        WriteBitcodeToFile(**M, OS);
        return Error::success();
      }))
    return std::move(E);
  std::string Optimized = Runner.getTemporaryPath(Stem + ".bc");
  if (Error E = Compiler.optimizeBitcode(Marked, Optimized))
    return std::move(E);
  return parseIR(Context, Optimized, Source, Inv);
}

/// Compiles or reads each input into \p Program.
static Error loadInputs(const SourceCompiler &Compiler,
                        ArrayRef<std::string> Inputs, StringRef ObjectName,
                        ProgramModules &Program) {
  const Invocation &Inv = Compiler.getInvocation();
  CommandRunner &Runner = Compiler.getRunner();
  for (const std::string &Input : Inputs) {
    Expected<InputKind> Kind = classifyInput(Inv, Input);
    if (!Kind)
      return Kind.takeError();
    if (*Kind == InputKind::IR) {
      Expected<std::unique_ptr<Module>> M =
          parseIR(Program.Context, Input, Input, Inv);
      if (!M)
        return M.takeError();
      addModuleByTriple(Program, std::move(*M));
      continue;
    }
    if (!isSource(*Kind)) {
      if (Error E = loadBundle(Program, Input))
        return E;
      continue;
    }
    SmallVector<SourceHalf, 2> Halves = {SourceHalf::Whole};
    if (*Kind == InputKind::CUDA)
      Halves = {SourceHalf::Host, SourceHalf::Device};
    SmallVector<std::unique_ptr<Module>, 2> Modules;
    for (SourceHalf Half : Halves) {
      std::string Output = Runner.getTemporaryPath(
          sys::path::stem(Input).str() + ".bc");
      if (Error E = Compiler.run(*Kind, Input, Half, SourceAction::Bitcode,
                                 Output, ObjectName))
        return E;
      if (Runner.isDryRun())
        continue;
      Expected<std::unique_ptr<Module>> M =
          parseIR(Program.Context, Output, Input, Inv);
      if (!M)
        return M.takeError();
      if (Half == SourceHalf::Host && Inv.HostOptLevel > 0 &&
          !findManagedShadows(**M).empty())
        M = compileHostKeepingManagedVariables(Compiler, Program.Context,
                                               Input, ObjectName);
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

std::string nvcc::getProgramName(StringRef Output) {
  std::string Name = sys::path::stem(Output).str();
  for (char &C : Name)
    if (!isModuleNameChar(C))
      C = '_';
  if (Name.empty() || Name.front() == '.' || Name.front() == '-')
    Name.insert(0, "program");
  return Name;
}

static Submodule makeSubmodule(std::string Name, const Module &M,
                               ModuleRole Role, std::string OptLevel) {
  SubmoduleHeader Header;
  Header.Name = std::move(Name);
  Header.Options.OptLevel = std::move(OptLevel);
  Header.Triple = M.getTargetTriple();
  Header.Role = Role;
  std::string Body;
  raw_string_ostream OS(Body);
  M.print(OS, nullptr);
  return Submodule(std::move(Header), std::move(Body));
}

/// Embeds \p Device in \p Host as an offloading image of bitcode.
static void embedDeviceCode(Module &Host, const Module &Device,
                            StringRef Arch) {
  SmallString<0> Bitcode;
  raw_svector_ostream OS(Bitcode);
  WriteBitcodeToFile(Device, OS);
  object::OffloadBinary::OffloadingImage Image;
  Image.TheImageKind = object::IMG_Bitcode;
  Image.TheOffloadKind = object::OFK_Cuda;
  Image.Flags = 0;
  std::string Triple = Device.getTargetTriple();
  Image.StringData["triple"] = Triple;
  Image.StringData["arch"] = Arch;
  Image.Image = MemoryBuffer::getMemBuffer(Bitcode, "", false);
  SmallString<0> Binary = object::OffloadBinary::write(Image);
  embedBufferInModule(Host, MemoryBufferRef(Binary, ""), ".llvm.offloading",
                      Align(object::OffloadBinary::getAlignment()));
}

/// The submodule of device module \p M, named after program \p Name.
static Submodule makeDeviceSubmodule(StringRef Name, const Module &M,
                                     std::string OptLevel) {
  std::string DeviceName =
      (Name + "." +
       Triple::getArchTypeName(llvm::Triple(M.getTargetTriple()).getArch()))
          .str();
  return makeSubmodule(DeviceName, M, ModuleRole::Device,
                       std::move(OptLevel));
}

Expected<Bundle> nvcc::buildBundle(const SourceCompiler &Compiler,
                                   ArrayRef<std::string> Inputs,
                                   StringRef Output, StringRef ObjectName,
                                   BundleShape Shape) {
  const Invocation &Inv = Compiler.getInvocation();
  auto Level = [&](unsigned Level) {
    return Shape.RecordOptLevels ? "O" + std::to_string(Level)
                                 : std::string();
  };
  ProgramModules Program;
  if (Error E = loadInputs(Compiler, Inputs, ObjectName, Program))
    return std::move(E);
  Bundle Result;
  if (Compiler.getRunner().isDryRun())
    return std::move(Result);
  std::string Name = getProgramName(Output);
  Expected<std::unique_ptr<Module>> Host =
      linkModules(std::move(Program.Host), "host");
  if (!Host)
    return Host.takeError();
  std::vector<Submodule> Devices;
  for (auto &[Triple, Modules] : Program.Devices) {
    Expected<std::unique_ptr<Module>> Device =
        linkModules(std::move(Modules), "device");
    if (!Device)
      return Device.takeError();
    if (Shape.EmbedDeviceCode && *Host)
      embedDeviceCode(**Host, **Device, Inv.CompiledArch);
    Devices.push_back(
        makeDeviceSubmodule(Name, **Device, Level(Inv.DeviceOptLevel)));
  }
  if (*Host)
    if (Error E = Result.add(makeSubmodule(Name, **Host, ModuleRole::Host,
                                           Level(Inv.HostOptLevel))))
      return std::move(E);
  for (Submodule &Device : Devices)
    if (Error E = Result.add(std::move(Device)))
      return std::move(E);
  return std::move(Result);
}

/// The offloading images of relocatable device code in \p File.
static Error readDeviceImages(StringRef File,
                              SmallVectorImpl<object::OffloadFile> &Images) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(File);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read '%s': %s",
                             File.str().c_str(),
                             Buffer.getError().message().c_str());
  SmallVector<object::OffloadFile> Found;
  if (Error E = object::extractOffloadBinaries(**Buffer, Found))
    return createStringError("'%s': %s", File.str().c_str(),
                             toString(std::move(E)).c_str());
  for (object::OffloadFile &Image : Found)
    if (Image.getBinary()->getImageKind() == object::IMG_Bitcode &&
        isGPUTriple(Image.getBinary()->getTriple()))
      Images.push_back(std::move(Image));
  return Error::success();
}

bool nvcc::hasRelocatableDeviceCode(StringRef File) {
  SmallVector<object::OffloadFile> Images;
  if (Error E = readDeviceImages(File, Images)) {
    consumeError(std::move(E));
    return false;
  }
  return !Images.empty();
}

Expected<Bundle> nvcc::linkRelocatableDeviceCode(const Invocation &Inv,
                                                 ArrayRef<std::string> Files,
                                                 StringRef Output) {
  ProgramModules Program;
  for (const std::string &File : Files) {
    SmallVector<object::OffloadFile> Images;
    if (Error E = readDeviceImages(File, Images))
      return std::move(E);
    for (object::OffloadFile &Image : Images) {
      Expected<std::unique_ptr<Module>> M = parseBitcodeFile(
          MemoryBufferRef(Image.getBinary()->getImage(), File),
          Program.Context);
      if (!M)
        return createStringError("'%s': its device code does not read: %s",
                                 File.c_str(),
                                 toString(M.takeError()).c_str());
      addModule(Program, std::move(*M), /*Host=*/false);
    }
  }
  std::string Name = getProgramName(Output);
  Module Host(Name, Program.Context);
  Host.setTargetTriple(sys::getDefaultTargetTriple());
  Bundle Result;
  if (Error E = Result.add(makeSubmodule(Name, Host, ModuleRole::Host,
                                         "O" + std::to_string(
                                                   Inv.HostOptLevel))))
    return std::move(E);
  for (auto &[Triple, Modules] : Program.Devices) {
    Expected<std::unique_ptr<Module>> Device =
        linkModules(std::move(Modules), "device");
    if (!Device)
      return Device.takeError();
    if (Error E = Result.add(makeDeviceSubmodule(
            Name, **Device, "O" + std::to_string(Inv.DeviceOptLevel))))
      return std::move(E);
  }
  return std::move(Result);
}
