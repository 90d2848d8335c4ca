//===- Options.h - What an nvcc command line asks for -----------*- C++ -*-===//
//
// The first phase of mm's nvcc drivers: the command line, parsed by the
// option table of NvccOptions.td, as one Invocation that the later phases
// (Compile.h, Link.h) read. The two drivers differ in their defaults only:
// mm's toolkit `nvcc` builds what NVIDIA's nvcc builds (objects,
// executables, libraries); `mm-nvcc` builds bundles for mm-lli.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_NVCC_OPTIONS_H
#define MM_LIB_NVCC_OPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mm::nvcc {

/// Which driver runs.
enum class Personality {
  /// mm-nvcc: bundles for mm-lli by default; --executable as nvcc.
  Bundle,
  /// The toolkit's bin/nvcc: NVIDIA's nvcc's outputs and defaults.
  Toolkit,
};

/// What the command builds, in the order of nvcc's phases.
enum class Goal {
  Preprocess,      ///< -E: the host half, preprocessed, to -o or stdout.
  Dependencies,    ///< -M, -MM: a Make rule of each source's headers.
  CudaSource,      ///< -cuda: the host half as preprocessed C++.
  Ptx,             ///< -ptx: the device half as NVPTX assembly.
  Compile,         ///< -c, -dc, -dw: an object (or bundle) per source.
  DeviceLink,      ///< -dlink: the device code of -rdc objects, linked.
  Link,            ///< The default: an executable (or bundle).
  StaticLibrary,   ///< -lib.
  SharedLibrary,   ///< -shared.
};

/// The CUDA runtime library a link uses (nvcc's -cudart).
enum class CudaRuntimeKind { Static, Shared, None };

struct Invocation {
  Personality Driver = Personality::Toolkit;
  std::vector<std::string> Inputs;
  /// -o; empty for the default.
  std::string Output;
  /// -odir: where -c puts its outputs.
  std::string OutputDirectory;
  Goal Target = Goal::Link;
  /// Objects, executables and libraries, as nvcc builds them, rather than
  /// bundles (nvcc, and mm-nvcc --executable).
  bool NativeOutputs = true;
  /// mm-nvcc --executable: the bundle of every input compiled into an
  /// executable.
  bool ExecutableFromBundle = false;
  /// -rdc=true or -dc.
  bool RelocatableDeviceCode = false;
  bool Run = false;
  std::vector<std::string> RunArgs, LliArgs;
  /// --check=TOOL (the last given): device code that makes the checks of
  /// CUDA's compute-sanitizer tool TOOL, memcheck or racecheck, when the
  /// program runs; empty for none.
  std::string Check;

  /// -MD, -MMD: a dependency file as a compile's side effect.
  bool DependenciesWithCompile = false;
  /// -MM, -MMD: without system headers.
  bool NonSystemDependencies = false;
  bool PhonyDependencyTargets = false;
  std::string DependencyFile;
  std::vector<std::string> DependencyTargets;

  std::vector<std::string> IncludeDirs, SystemIncludeDirs, Defines, Undefines,
      PreIncludes;
  /// -x, empty for "by extension"; -std.
  std::string Language, Standard;
  unsigned HostOptLevel = 0, DeviceOptLevel = 3;
  bool HostDebug = false, DeviceDebug = false, LineInfo = false;
  bool NoWarnings = false, WarningsAreErrors = false;
  /// -W options for clang (without the -W).
  std::vector<std::string> Warnings;

  /// Device arithmetic: -ftz, -use_fast_math's approximate intrinsics,
  /// -fmad.
  bool FlushDenormals = false, ApproximateTranscendentals = false,
       FusedMultiplyAdd = true;
  /// The architecture as given (-arch or the highest -gencode), and the
  /// sm_XX that clang compiles the device code for.
  std::string RequestedArch, CompiledArch;

  std::vector<std::string> HostCompilerArgs, HostLinkerArgs;
  /// -nodlink: nvcc's link does no device link.
  bool NoDeviceLink = false;
  std::vector<std::string> Libraries, LibraryDirs;
  CudaRuntimeKind CudaRuntime = CudaRuntimeKind::Static;
  bool DeviceRuntime = true;

  bool Verbose = false, DryRun = false;
  std::string CudaPath, ClangPath;
};

/// Whether \p Inv's output is an executable: nvcc's link, or mm-nvcc's
/// with --executable.
inline bool buildsExecutable(const Invocation &Inv) {
  return Inv.Target == Goal::Link &&
         (Inv.NativeOutputs || Inv.ExecutableFromBundle);
}

/// Parses \p Args (without the program name) as \p Driver's command line:
/// options files (--options-file) read in place, nvcc's spellings, values
/// checked. Returns std::nullopt after printing --help or --version to
/// \p OS.
llvm::Expected<std::optional<Invocation>>
parseCommandLine(llvm::ArrayRef<const char *> Args, Personality Driver,
                 llvm::raw_ostream &OS);

/// The sm_XX that clang compiles device code for when \p Arch (sm_XX,
/// compute_XX, lto_XX, native, all, all-major) is asked for: the highest
/// that clang knows at or below it, sm_30 at least and sm_90 at most; mm's
/// default, sm_70, for native and the "all" kinds. Empty if \p Arch is no
/// architecture.
std::string getCompiledArch(llvm::StringRef Arch);

} // namespace mm::nvcc

#endif // MM_LIB_NVCC_OPTIONS_H
