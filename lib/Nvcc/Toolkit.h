//===- Toolkit.h - mm's CUDA toolkit, as the drivers find it ----*- C++ -*-===//
//
// Where the drivers' tools and mm's CUDA root are (beside the running
// driver, in the build tree as installed), and what the toolkit says of
// itself: nvcc's --version, and the `#$ NAME=VALUE` lines with which nvcc's
// -v begins, which CMake reads to find the toolkit.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_NVCC_TOOLKIT_H
#define MM_LIB_NVCC_TOOLKIT_H

#include "Options.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mm::nvcc {

/// The directory of mm's tools: that of the running driver, whichever name
/// (bin/mm-nvcc, or cuda/bin/nvcc, which links to it) started it.
std::string getToolDirectory();

/// The path of mm's tool \p Name (mm-llc, mm-lli).
std::string getToolPath(llvm::StringRef Name);

/// The path of LLVM's tool \p Name (clang, clang++, llvm-ar), where LLVM's
/// tools are installed, else on PATH.
llvm::Expected<std::string> findLLVMTool(llvm::StringRef Name);

/// mm's CUDA root: --cuda-path, else PREFIX/cuda beside PREFIX/bin.
llvm::Expected<std::string> findCudaRoot(const Invocation &Inv);

/// The clang that compiles: --clang, else LLVM's.
llvm::Expected<std::string> findClang(const Invocation &Inv);

/// --version: nvcc's text, which build systems read (CMake identifies a
/// CUDA compiler by its first line and its toolkit's version by `V12.3.0`),
/// then mm's.
void printVersion(Personality Driver, llvm::raw_ostream &OS);

/// nvcc -v's first lines: the toolkit's directories (TOP, INCLUDES,
/// LIBRARIES, ...) and the architecture device code is compiled for.
void printToolkitVariables(const Invocation &Inv, llvm::StringRef CudaRoot,
                           llvm::raw_ostream &OS);

/// The linker arguments that give the toolkit's library directory, as nvcc
/// -v prints them in LIBRARIES= and in its link line.
std::string getLibraryDirectoryArgument(llvm::StringRef CudaRoot);

/// Whether \p Dir, an include directory of the command line, holds another
/// CUDA toolkit's headers (NVIDIA's cuda_runtime.h), which would shadow
/// mm's.
bool isOtherToolkitIncludeDirectory(llvm::StringRef Dir,
                                    llvm::StringRef CudaRoot);

/// Whether \p Dir, a library directory of the command line, holds another
/// CUDA toolkit's runtime (NVIDIA's libcudart), which would be linked
/// instead of mm's.
bool isOtherToolkitLibraryDirectory(llvm::StringRef Dir,
                                    llvm::StringRef CudaRoot);

} // namespace mm::nvcc

#endif // MM_LIB_NVCC_TOOLKIT_H
