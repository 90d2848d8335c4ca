//===- Link.cpp - Objects, executables, libraries, and running ------------===//

#include "Link.h"
#include "Toolkit.h"

#include "mm/Bundle/Writer.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;
using namespace mm::nvcc;

Error nvcc::writeBundleFile(const Bundle &B, StringRef Path) {
  return writeOutputFile(Path, [&](raw_ostream &OS) {
    writeBundle(B, OS);
    return Error::success();
  });
}

std::vector<std::string> nvcc::getEmbedCommand(const Invocation &Inv,
                                               StringRef BundlePath,
                                               StringRef Object,
                                               bool NativeCPU, bool HostOnly) {
  std::vector<std::string> Args = {getToolPath("mm-llc"), "-filetype=obj",
                                   "-relocation-model=pic"};
  if (!Inv.Check.empty())
    Args.push_back("--check=" + Inv.Check);
  if (NativeCPU)
    Args.push_back("-mcpu=native");
  if (HostOnly)
    Args.push_back("--module=role=host");
  Args.insert(Args.end(),
              {"--embed=cpu", BundlePath.str(), "-o", Object.str()});
  return Args;
}

Error nvcc::compileToObject(const SourceCompiler &Compiler, InputKind Kind,
                            StringRef Source, StringRef Object) {
  if (Kind != InputKind::CUDA)
    return Compiler.run(Kind, Source, SourceHalf::Whole, SourceAction::Object,
                        Object, Object);
  CommandRunner &Runner = Compiler.getRunner();
  // The bundle is named after the object, whose name its submodules take.
  std::string BundlePath = Runner.getTemporaryPath(
      (sys::path::stem(Object) + ".mml").str());
  std::string Input = Source.str();
  BundleShape Shape;
  Shape.RecordOptLevels = true;
  Shape.EmbedDeviceCode = Compiler.getInvocation().RelocatableDeviceCode;
  Expected<Bundle> B = buildBundle(Compiler, Input, Object, Object, Shape);
  if (!B)
    return B.takeError();
  if (!Runner.isDryRun())
    if (Error E = writeBundleFile(*B, BundlePath))
      return E;
  // Objects are the same on every machine: the device code is compiled for
  // the target's baseline CPU, not for this one.
  return Runner.run(getEmbedCommand(Compiler.getInvocation(), BundlePath,
                                    Object, /*NativeCPU=*/false,
                                    /*HostOnly=*/Shape.EmbedDeviceCode),
                    ("mm-llc, compiling '" + Source + "'").str());
}

/// \p Inv's -L directories but another CUDA toolkit's library directory,
/// whose CUDA runtime would replace mm's; that one is dropped, with a note.
static std::vector<std::string> getLibraryDirs(const Invocation &Inv,
                                               StringRef CudaRoot) {
  std::vector<std::string> Dirs;
  for (const std::string &Dir : Inv.LibraryDirs) {
    if (!isOtherToolkitLibraryDirectory(Dir, CudaRoot)) {
      Dirs.push_back(Dir);
      continue;
    }
    WithColor::note(errs(), Inv.Driver == Personality::Toolkit ? "nvcc"
                                                                : "mm-nvcc")
        << "'" << Dir << "' holds another CUDA toolkit's libraries; mm's "
        << "CUDA runtime (" << CudaRoot << "/lib64) is linked instead\n";
  }
  return Dirs;
}

/// The libraries that \p Inv names with -l that the program needs beyond
/// those the host compiler links and the CUDA runtime, which the link adds.
static std::vector<std::string> getExtraLibraries(const Invocation &Inv) {
  std::vector<std::string> Libraries;
  for (const std::string &Library : Inv.Libraries)
    if (!is_contained({"c", "m", "stdc++", "pthread", "dl", "rt", "cudart",
                       "cudart_static", "cuda", "cudadevrt"},
                      Library))
      Libraries.push_back(Library);
  return Libraries;
}

/// True if host code is compiled with -fopenmp, which calls LLVM's OpenMP
/// runtime, as clang would link it.
static bool usesOpenMP(const Invocation &Inv) {
  return any_of(Inv.HostCompilerArgs, [](const std::string &Arg) {
    return StringRef(Arg).starts_with("-fopenmp");
  });
}

/// mm's library directory, where libmm_runtime.so is: PREFIX/lib.
static std::string getLibraryDirectory() {
  SmallString<256> LibDir(getToolDirectory());
  sys::path::append(LibDir, "..", "lib");
  sys::path::remove_dots(LibDir, /*remove_dot_dot=*/true);
  return std::string(LibDir);
}

/// Adds the sanitizer runtimes that libmm_runtime was built with, if any.
static void addSanitizerFlags(std::vector<std::string> &Args) {
  for (StringRef Flag : split(StringRef(MM_SANITIZER_FLAGS), ' '))
    if (!Flag.empty())
      Args.push_back(Flag.str());
}

Error nvcc::linkObjects(const Invocation &Inv, CommandRunner &Runner,
                        StringRef CudaRoot, ArrayRef<std::string> Inputs,
                        StringRef Output, bool Shared) {
  Expected<std::string> Linker = findLLVMTool("clang++");
  if (!Linker)
    return Linker.takeError();
  std::vector<std::string> Args = {*Linker};
  if (Shared)
    Args.push_back("-shared");
  Args.insert(Args.end(), Inputs.begin(), Inputs.end());
  Args.insert(Args.end(), {"-o", Output.str()});
  for (const std::string &Dir : getLibraryDirs(Inv, CudaRoot))
    Args.push_back("-L" + Dir);
  for (const std::string &Library : getExtraLibraries(Inv))
    Args.push_back("-l" + Library);
  for (const std::string &Option : Inv.HostLinkerArgs)
    Args.push_back("-Wl," + Option);
  if (usesOpenMP(Inv))
    Args.push_back("-fopenmp");
  // As nvcc links: the toolkit's library directory (CMake finds it in this
  // line), the device runtime, and the CUDA runtime with what it needs.
  Args.push_back(getLibraryDirectoryArgument(CudaRoot));
  if (Inv.DeviceRuntime)
    Args.push_back("-lcudadevrt");
  switch (Inv.CudaRuntime) {
  case CudaRuntimeKind::Static:
    Args.insert(Args.end(), {"-lcudart_static", "-lrt", "-lpthread", "-ldl"});
    break;
  case CudaRuntimeKind::Shared: {
    // mm's runtime as a shared library is libmm_runtime.so, in mm's library
    // directory; the program finds it by its run path.
    std::string LibDir = getLibraryDirectory();
    Args.insert(Args.end(),
                {"-L" + LibDir, "-lmm_runtime", "-Wl,-rpath," + LibDir});
    break;
  }
  case CudaRuntimeKind::None:
    break;
  }
  addSanitizerFlags(Args);
  return Runner.run(Args, "linking");
}

Error nvcc::archiveObjects(CommandRunner &Runner, ArrayRef<std::string> Objects,
                           StringRef Output) {
  Expected<std::string> Archiver = findLLVMTool("llvm-ar");
  if (!Archiver)
    return Archiver.takeError();
  // A new archive, never members added to an old one: ar would keep the
  // old one's other members.
  std::string Temporary = Runner.getTemporaryPath("library.a");
  std::vector<std::string> Args = {*Archiver, "rcsD", Temporary};
  Args.insert(Args.end(), Objects.begin(), Objects.end());
  if (Error E = Runner.run(Args, "llvm-ar"))
    return E;
  if (Runner.isDryRun())
    return Error::success();
  if (std::error_code EC = sys::fs::copy_file(Temporary, Output))
    return createStringError(EC, "cannot write '%s': %s",
                             Output.str().c_str(), EC.message().c_str());
  return Error::success();
}

/// The static libraries that \p Inv's -l options name, found in its -L
/// directories: those that may hold relocatable device code.
static std::vector<std::string> findStaticLibraries(const Invocation &Inv) {
  std::vector<std::string> Found;
  for (const std::string &Library : Inv.Libraries)
    for (const std::string &Dir : Inv.LibraryDirs) {
      SmallString<256> Path(Dir);
      sys::path::append(Path, "lib" + Library + ".a");
      if (sys::fs::exists(Path)) {
        Found.push_back(std::string(Path));
        break;
      }
    }
  return Found;
}

Error nvcc::linkDeviceCode(const Invocation &Inv, CommandRunner &Runner,
                           ArrayRef<std::string> Inputs, StringRef Output) {
  std::vector<std::string> Files;
  for (const std::string &Input : Inputs) {
    Expected<InputKind> Kind = classifyInput(Inv, Input);
    if (!Kind)
      return Kind.takeError();
    if (*Kind == InputKind::Object || *Kind == InputKind::Archive)
      Files.push_back(Input);
  }
  for (std::string &Library : findStaticLibraries(Inv))
    Files.push_back(std::move(Library));
  std::string BundlePath = Runner.getTemporaryPath(
      (sys::path::stem(Output) + ".mml").str());
  if (!Runner.isDryRun()) {
    Expected<Bundle> B = linkRelocatableDeviceCode(Inv, Files, Output);
    if (!B)
      return B.takeError();
    if (Error E = writeBundleFile(*B, BundlePath))
      return E;
  }
  return Runner.run(
      getEmbedCommand(Inv, BundlePath, Output, /*NativeCPU=*/false),
                    "mm-llc, compiling the linked device code");
}

bool nvcc::needsDeviceLink(const Invocation &Inv,
                           ArrayRef<std::string> Inputs) {
  for (const std::string &Input : Inputs) {
    Expected<InputKind> Kind = classifyInput(Inv, Input);
    if (!Kind) {
      consumeError(Kind.takeError());
      continue;
    }
    if ((*Kind == InputKind::Object || *Kind == InputKind::Archive) &&
        hasRelocatableDeviceCode(Input))
      return true;
  }
  return any_of(findStaticLibraries(Inv), hasRelocatableDeviceCode);
}

Error nvcc::linkBundleExecutable(const Invocation &Inv, CommandRunner &Runner,
                                 StringRef BundlePath, StringRef Output) {
  std::string Object = Runner.getTemporaryPath(
      (sys::path::stem(Output) + ".o").str());
  if (Error E =
          Runner.run(getEmbedCommand(Inv, BundlePath, Object,
                                     /*NativeCPU=*/true),
                     "mm-llc"))
    return E;
  Expected<std::string> Clang = findClang(Inv);
  if (!Clang)
    return Clang.takeError();
  // libmm_runtime is in the lib directory beside the driver's bin, in the
  // build tree as in the installation; the executable finds it there.
  std::string LibDir = getLibraryDirectory();
  Expected<std::string> CudaRoot = findCudaRoot(Inv);
  if (!CudaRoot)
    return CudaRoot.takeError();
  std::vector<std::string> Link = {*Clang, "--driver-mode=g++", Object, "-o",
                                   Output.str()};
  for (const std::string &Dir : getLibraryDirs(Inv, *CudaRoot))
    Link.push_back("-L" + Dir);
  for (const std::string &Library : getExtraLibraries(Inv))
    Link.push_back("-l" + Library);
  for (const std::string &Option : Inv.HostLinkerArgs)
    Link.push_back("-Wl," + Option);
  if (usesOpenMP(Inv))
    Link.push_back("-fopenmp");
  Link.insert(Link.end(),
              {"-L" + LibDir, "-Wl,-rpath," + LibDir, "-lmm_runtime"});
  addSanitizerFlags(Link);
  return Runner.run(Link, "linking");
}

/// mm's shared library that serves \p Library, a library of CUDA's that
/// mm's toolkit provides (its lib64/ links a static one into executables),
/// or none.
static std::optional<std::string> getToolkitSharedLibrary(StringRef Library) {
  StringRef Name = Library;
  Name.consume_back("_static");
  // cuBLASLt's API is part of mm's cuBLAS.
  if (Name == "cublasLt")
    Name = "cublas";
  if (Name != "cublas" && Name != "cufft" && Name != "curand" &&
      Name != "cusparse")
    return std::nullopt;
  SmallString<256> Path(getLibraryDirectory());
  sys::path::append(Path, ("libmm_" + Name + ".so").str());
  return std::string(Path);
}

/// lib\p Library.so in the first of \p Dirs that has it, or none.
static std::optional<std::string>
findSharedLibrary(ArrayRef<std::string> Dirs, StringRef Library) {
  for (const std::string &Dir : Dirs) {
    SmallString<256> Candidate(Dir);
    sys::path::append(Candidate, "lib" + Library + ".so");
    if (sys::fs::exists(Candidate))
      return std::string(Candidate);
  }
  return std::nullopt;
}

Error nvcc::runBundle(const Invocation &Inv, CommandRunner &Runner,
                      StringRef Path, int &ExitCode) {
  std::vector<std::string> Args = {getToolPath("mm-lli")};
  if (!Inv.Check.empty())
    Args.push_back("--check=" + Inv.Check);
  Args.insert(Args.end(), Inv.LliArgs.begin(), Inv.LliArgs.end());
  // The C, C++, math and thread libraries are in mm-lli's process, and
  // mm's runtime serves the CUDA runtime's entry points.
  std::vector<std::string> Libraries;
  for (const std::string &Library : getExtraLibraries(Inv)) {
    std::optional<std::string> Found = getToolkitSharedLibrary(Library);
    if (!Found)
      Found = findSharedLibrary(Inv.LibraryDirs, Library);
    Libraries.push_back(Found ? *Found : "lib" + Library + ".so");
  }
  if (usesOpenMP(Inv)) {
    SmallString<256> OpenMP(MM_LLVM_TOOLS_DIR);
    sys::path::append(OpenMP, "..", "lib", "libomp.so");
    sys::path::remove_dots(OpenMP, /*remove_dot_dot=*/true);
    Libraries.push_back(std::string(OpenMP));
  }
  if (!Libraries.empty())
    Args.push_back("--shared-libs=" + join(Libraries, ","));
  Args.push_back(Path.str());
  Args.insert(Args.end(), Inv.RunArgs.begin(), Inv.RunArgs.end());
  return Runner.run(Args, "mm-lli", &ExitCode);
}

Error nvcc::runExecutable(const Invocation &Inv, CommandRunner &Runner,
                          StringRef Path, int &ExitCode) {
  std::vector<std::string> Args = {Path.str()};
  Args.insert(Args.end(), Inv.RunArgs.begin(), Inv.RunArgs.end());
  return Runner.run(Args, "the program", &ExitCode);
}
