//===- Toolkit.cpp - mm's CUDA toolkit, as the drivers find it ------------===//

#include "Toolkit.h"

#include "mm/Support/ToolSupport.h"

#include "mm-cuda/cuda.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;
using namespace mm::nvcc;

std::string nvcc::getToolDirectory() {
  static int Anchor;
  std::string Executable = sys::fs::getMainExecutable("mm-nvcc", &Anchor);
  return sys::path::parent_path(Executable).str();
}

std::string nvcc::getToolPath(StringRef Name) {
  SmallString<256> Path(getToolDirectory());
  sys::path::append(Path, Name);
  return std::string(Path);
}

Expected<std::string> nvcc::findLLVMTool(StringRef Name) {
  SmallString<128> Installed(MM_LLVM_TOOLS_DIR);
  sys::path::append(Installed, Name);
  if (sys::fs::can_execute(Installed))
    return std::string(Installed);
  std::string Versioned = (Name + "-" + Twine(LLVM_VERSION_MAJOR)).str();
  for (StringRef Candidate : {StringRef(Versioned), Name})
    if (ErrorOr<std::string> Found = sys::findProgramByName(Candidate))
      return *Found;
  return createStringError("cannot find LLVM " LLVM_VERSION_STRING "'s %s "
                           "(install Debian's clang-%d and llvm-%d)",
                           Name.str().c_str(), LLVM_VERSION_MAJOR,
                           LLVM_VERSION_MAJOR);
}

Expected<std::string> nvcc::findCudaRoot(const Invocation &Inv) {
  SmallString<256> Root(Inv.CudaPath);
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

Expected<std::string> nvcc::findClang(const Invocation &Inv) {
  if (!Inv.ClangPath.empty())
    return Inv.ClangPath;
  return findLLVMTool("clang");
}

void nvcc::printVersion(Personality Driver, raw_ostream &OS) {
  unsigned Major = CUDA_VERSION / 1000, Minor = CUDA_VERSION % 1000 / 10;
  if (Driver == Personality::Toolkit)
    OS << "nvcc: NVIDIA (R) Cuda compiler driver\n"
       << "mm's nvcc, which compiles CUDA for the CPU: mm " << getVersion()
       << ", LLVM " LLVM_VERSION_STRING "\n";
  else
    OS << "mm-nvcc: CUDA programs to bundles, with nvcc's options: mm "
       << getVersion() << ", LLVM " LLVM_VERSION_STRING "\n";
  OS << "Cuda compilation tools, release " << Major << '.' << Minor << ", V"
     << Major << '.' << Minor << ".0\n";
}

std::string nvcc::getLibraryDirectoryArgument(StringRef CudaRoot) {
  return ("-L" + CudaRoot + "/lib64").str();
}

void nvcc::printToolkitVariables(const Invocation &Inv, StringRef CudaRoot,
                                 raw_ostream &OS) {
  const char *Path = getenv("PATH");
  // nvcc's own names: CMake finds the toolkit by TOP and
  // NVVMIR_LIBRARY_DIR, its headers by INCLUDES and its libraries by
  // LIBRARIES in the link line.
  OS << "#$ _NVVM_BRANCH_=nvvm\n"
     << "#$ _CUDART_=cudart\n"
     << "#$ _HERE_=" << CudaRoot << "/bin\n"
     << "#$ TOP=" << CudaRoot << "\n"
     << "#$ NVVMIR_LIBRARY_DIR=" << CudaRoot << "/nvvm/libdevice\n"
     << "#$ PATH=" << CudaRoot << "/bin" << (Path ? ":" : "")
     << (Path ? Path : "") << "\n"
     << "#$ INCLUDES=\"-I" << CudaRoot << "/include\"\n"
     << "#$ LIBRARIES=  \"" << getLibraryDirectoryArgument(CudaRoot)
     << "\"\n"
     // The architecture clang compiles device code for, in the form of
     // nvcc's device compile (CMake takes its default architecture from
     // it).
     << "#$ _MM_DEVICE_ARCH_=-arch compute_"
     << StringRef(Inv.CompiledArch).drop_front(strlen("sm_")) << "\n";
}

bool nvcc::isOtherToolkitIncludeDirectory(StringRef Dir, StringRef CudaRoot) {
  SmallString<256> Api(Dir), Own(CudaRoot);
  sys::path::append(Api, "cuda_runtime_api.h");
  sys::path::append(Own, "include");
  bool Same = false;
  return sys::fs::exists(Api) &&
         !(!sys::fs::equivalent(Dir, Own, Same) && Same);
}

bool nvcc::isOtherToolkitLibraryDirectory(StringRef Dir, StringRef CudaRoot) {
  SmallString<256> Own(CudaRoot);
  sys::path::append(Own, "lib64");
  bool Same = false;
  if (!sys::fs::equivalent(Dir, Own, Same) && Same)
    return false;
  for (StringRef Name : {"libcudart.so", "libcudart_static.a"}) {
    SmallString<256> Runtime(Dir);
    sys::path::append(Runtime, Name);
    if (sys::fs::exists(Runtime))
      return true;
  }
  return false;
}
