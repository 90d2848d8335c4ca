//===- Compile.h - Sources to modules, and modules to a bundle --*- C++ -*-===//
//
// The drivers' compile phase. clang compiles each source against mm's CUDA
// root: a .cu source twice, its host half and its device half (as nvcc
// splits it), a C or C++ source once, as host code. The modules of every
// input (sources, .ll/.bc files, bundles) are then linked into one bundle:
// one host submodule, and one device submodule per GPU target.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_NVCC_COMPILE_H
#define MM_LIB_NVCC_COMPILE_H

#include "Commands.h"
#include "Options.h"

#include "mm/Bundle/Bundle.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mm::nvcc {

/// What an input is, by -x or by its extension.
enum class InputKind {
  CUDA,
  CXX,
  C,
  IR,            ///< .ll, .bc
  Object,        ///< .o (for mm-nvcc, a bundle that mm-nvcc -c wrote)
  Archive,       ///< .a
  SharedLibrary, ///< .so
  Bundle,        ///< anything else (for nvcc, given to the linker)
};

llvm::Expected<InputKind> classifyInput(const Invocation &Inv,
                                        llvm::StringRef Path);

inline bool isSource(InputKind Kind) {
  return Kind == InputKind::CUDA || Kind == InputKind::CXX ||
         Kind == InputKind::C;
}

/// Which part of a source clang compiles.
enum class SourceHalf { Host, Device, Whole };

/// What clang makes of it.
enum class SourceAction {
  Bitcode,      ///< LLVM bitcode, for a bundle.
  /// LLVM bitcode as clang's front end makes it, before its optimizations
  /// (for optimizeBitcode).
  UnoptimizedBitcode,
  Object,       ///< An object (C and C++ sources, for nvcc -c).
  Preprocess,   ///< -E.
  Dependencies, ///< -M, -MM.
  Assembly,     ///< -ptx: the device half's NVPTX assembly.
};

/// clang, set up for one command line.
class SourceCompiler {
public:
  /// Finds clang and mm's CUDA root. Include directories that hold another
  /// CUDA toolkit's headers are dropped, with a note: mm's are used.
  static llvm::Expected<SourceCompiler> create(const Invocation &Inv,
                                               CommandRunner &Runner);

  /// clang's command line that makes \p Action of \p Half of \p Source into
  /// \p Output (empty: standard output). \p ObjectName is the output a
  /// dependency file names (-MD).
  std::vector<std::string> getCommand(InputKind Kind, llvm::StringRef Source,
                                      SourceHalf Half, SourceAction Action,
                                      llvm::StringRef Output,
                                      llvm::StringRef ObjectName = "") const;

  /// Runs getCommand's command.
  llvm::Error run(InputKind Kind, llvm::StringRef Source, SourceHalf Half,
                  SourceAction Action, llvm::StringRef Output,
                  llvm::StringRef ObjectName = "") const;

  /// Optimizes host bitcode \p Input into \p Output as clang optimizes the
  /// host half of a source.
  llvm::Error optimizeBitcode(llvm::StringRef Input,
                              llvm::StringRef Output) const;

  const Invocation &getInvocation() const { return Inv; }
  CommandRunner &getRunner() const { return Runner; }

private:
  SourceCompiler(const Invocation &Inv, CommandRunner &Runner)
      : Inv(Inv), Runner(Runner) {}

  const Invocation &Inv;
  CommandRunner &Runner;
  std::string Clang, CudaRoot;
  std::vector<std::string> IncludeDirs, SystemIncludeDirs;
  /// For each CUDA source, the files that clang reads for it and its
  /// headers, each with its respelled copy (LaunchSyntax.h): made once for
  /// both of its halves.
  mutable llvm::StringMap<std::vector<std::pair<std::string, std::string>>>
      RespelledSources;
};

/// How buildBundle shapes the bundle, for nvcc -c's object.
struct BundleShape {
  /// The headers say the levels to compile the halves at (opt=: the host's
  /// -O, the device's 3), as mm-llc then compiles them.
  bool RecordOptLevels = false;
  /// Relocatable device code (-rdc): each device module is also an
  /// offloading image (LLVM's OffloadBinary, of bitcode) in the host's
  /// section .llvm.offloading, as clang's -fembed-offload-object writes it,
  /// for the device link (-dlink) to link; mm-llc then compiles the host
  /// alone (its device submodule says which host variables are shadows).
  bool EmbedDeviceCode = false;
};

/// Compiles or reads \p Inputs (sources, .ll/.bc files, bundles) and links
/// them into one bundle whose submodules are named after \p Output
/// (`prog.mml`: host `prog`, device `prog.nvptx64`). \p ObjectName is the
/// object a dependency file names. With --dryrun, prints the commands and
/// returns an empty bundle.
llvm::Expected<Bundle> buildBundle(const SourceCompiler &Compiler,
                                   llvm::ArrayRef<std::string> Inputs,
                                   llvm::StringRef Output,
                                   llvm::StringRef ObjectName = "",
                                   BundleShape Shape = {});

/// nvcc -dlink: the relocatable device code embedded in \p Files (objects
/// and archives that -rdc compiles made), linked into one device submodule
/// per target, with an empty host, for mm-llc to compile into the device
/// link's object. Its submodules are named after \p Output.
llvm::Expected<Bundle>
linkRelocatableDeviceCode(const Invocation &Inv,
                          llvm::ArrayRef<std::string> Files,
                          llvm::StringRef Output);

/// Whether \p File (an object or archive) holds relocatable device code.
bool hasRelocatableDeviceCode(llvm::StringRef File);

/// A submodule name from \p Output's stem.
std::string getProgramName(llvm::StringRef Output);

} // namespace mm::nvcc

#endif // MM_LIB_NVCC_COMPILE_H
