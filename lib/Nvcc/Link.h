//===- Link.h - Objects, executables, libraries, and running ----*- C++ -*-===//
//
// The drivers' back end: a bundle compiled by mm-llc into an object with
// its device code lowered for the CPU (`--embed=cpu`), objects linked by
// clang into executables and shared libraries against the toolkit's CUDA
// runtime (libmm_runtime as lib64/libcudart_static.a or libcudart.so),
// archived by llvm-ar into static libraries; and the program run, by
// mm-lli for a bundle.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_NVCC_LINK_H
#define MM_LIB_NVCC_LINK_H

#include "Commands.h"
#include "Compile.h"
#include "Options.h"

#include "mm/Bundle/Bundle.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mm::nvcc {

/// Writes \p B, as text, to \p Path.
llvm::Error writeBundleFile(const Bundle &B, llvm::StringRef Path);

/// mm-llc's command that compiles bundle \p BundlePath into the object
/// \p Object, each device submodule lowered for the CPU and linked in
/// (with \p HostOnly, none: relocatable device code, which the device link
/// compiles) with the checks \p Inv asks for; for this machine's CPU with
/// \p NativeCPU.
std::vector<std::string> getEmbedCommand(const Invocation &Inv,
                                         llvm::StringRef BundlePath,
                                         llvm::StringRef Object,
                                         bool NativeCPU,
                                         bool HostOnly = false);

/// nvcc -c: source \p Source of \p Kind into the object \p Object. A .cu
/// source becomes a bundle of its halves, then an object by mm-llc; C and
/// C++ sources are clang's objects.
llvm::Error compileToObject(const SourceCompiler &Compiler, InputKind Kind,
                            llvm::StringRef Source, llvm::StringRef Object);

/// Links \p Inputs (objects, archives, shared libraries) with the CUDA
/// runtime into \p Output, an executable or, with \p Shared, a shared
/// library.
llvm::Error linkObjects(const Invocation &Inv, CommandRunner &Runner,
                        llvm::StringRef CudaRoot,
                        llvm::ArrayRef<std::string> Inputs,
                        llvm::StringRef Output, bool Shared);

/// nvcc -lib: \p Objects archived into \p Output.
llvm::Error archiveObjects(CommandRunner &Runner,
                           llvm::ArrayRef<std::string> Objects,
                           llvm::StringRef Output);

/// nvcc -dlink: the relocatable device code of \p Inputs' objects and
/// archives (and of -l's static libraries) linked, lowered for the CPU and
/// compiled into the object \p Output, which registers its kernels and
/// variables with the runtime as the -rdc objects register their host
/// stubs. Objects without relocatable device code give nothing to it.
llvm::Error linkDeviceCode(const Invocation &Inv, CommandRunner &Runner,
                           llvm::ArrayRef<std::string> Inputs,
                           llvm::StringRef Output);

/// Whether a link of \p Inputs needs a device link first: some object or
/// static library holds relocatable device code. nvcc's link then does it
/// itself.
bool needsDeviceLink(const Invocation &Inv,
                     llvm::ArrayRef<std::string> Inputs);

/// mm-nvcc --executable: bundle \p BundlePath compiled for this CPU and
/// linked with libmm_runtime into \p Output.
llvm::Error linkBundleExecutable(const Invocation &Inv, CommandRunner &Runner,
                                 llvm::StringRef BundlePath,
                                 llvm::StringRef Output);

/// -run of a bundle: mm-lli runs \p Path; \p ExitCode is the program's.
llvm::Error runBundle(const Invocation &Inv, CommandRunner &Runner,
                      llvm::StringRef Path, int &ExitCode);

/// -run of an executable \p Path; \p ExitCode is the program's.
llvm::Error runExecutable(const Invocation &Inv, CommandRunner &Runner,
                          llvm::StringRef Path, int &ExitCode);

} // namespace mm::nvcc

#endif // MM_LIB_NVCC_LINK_H
