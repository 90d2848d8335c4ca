//===- mm/Compile/TargetMachine.h - The TargetMachine of a submodule -*- C++ -*-===//
//
// The TargetMachine that opt and llc would create for a submodule's module,
// from its CPU, features and LLVM's codegen flags: mm-opt, mm-llc and mm-lli
// create theirs here. The codegen flags (llvm/CodeGen/CommandFlags.h) must
// be registered, as the tools' mains do.
//
//===----------------------------------------------------------------------===//

#ifndef MM_COMPILE_TARGETMACHINE_H
#define MM_COMPILE_TARGETMACHINE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
class TargetOptions;
class Triple;
} // namespace llvm

namespace mm {

/// Resolves CPU "native" to the host's CPU and adds the host's features to
/// \p Features, as codegen::getCPUStr and getFeaturesStr do.
void resolveNativeCPU(std::string &CPU, std::string &Features);

/// Creates the TargetMachine llc would create for \p TT: the target that
/// -march names (replacing \p TT's architecture, as llc does), else
/// \p TT's, with \p CPU ("native" for the host's) and \p Features, target
/// options from LLVM's codegen flags adjusted by \p CustomizeOptions, and
/// codegen level \p Level. Fails on an unknown target, CPU or feature.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachineForTriple(
    const llvm::Triple &TT, llvm::StringRef CPU, llvm::StringRef Features,
    llvm::CodeGenOptLevel Level,
    llvm::function_ref<void(llvm::TargetOptions &)> CustomizeOptions = {});

/// Creates the TargetMachine opt would create for \p Module's triple, with
/// \p CPU ("native" for the host's) and \p Features, target options from
/// LLVM's codegen flags adjusted by \p CustomizeOptions, and codegen level
/// \p Level. Returns null for a module without a triple. Fails on an unknown
/// triple, CPU or feature.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createSubmoduleTargetMachine(
    const llvm::Module &Module, llvm::StringRef CPU, llvm::StringRef Features,
    llvm::CodeGenOptLevel Level = llvm::CodeGenOptLevel::None,
    llvm::function_ref<void(llvm::TargetOptions &)> CustomizeOptions = {});

/// TargetMachines kept for reuse, one set per thread: creating one, with the
/// subtarget that its first module's functions need, costs about half a
/// millisecond, as long as optimizing a small submodule at -O1 (bench/
/// scale.sh). A TargetMachine is only reused by the thread that created it
/// (it is not thread-safe), for the same target, CPU, features and level,
/// under the same LLVM options (getLLVMOptionsGeneration): it then creates
/// the same code as a new one, which opt would create.
class TargetMachineCache {
public:
  TargetMachineCache();
  ~TargetMachineCache();

  /// As createTargetMachineForTriple, owned by the cache: valid until this
  /// thread asks for another. \p CustomizeOptions must do the same for the
  /// same \p CustomizationKey. A machine reused has the code model it was
  /// made with again; other changes its user makes must be made anew by
  /// every user (TargetMachine::Options' fields).
  llvm::Expected<llvm::TargetMachine *> getForTriple(
      const llvm::Triple &TT, llvm::StringRef CPU, llvm::StringRef Features,
      llvm::CodeGenOptLevel Level, llvm::StringRef CustomizationKey = "",
      llvm::function_ref<void(llvm::TargetOptions &)> CustomizeOptions = {});

  /// As createSubmoduleTargetMachine with no customized options, owned by
  /// the cache as getForTriple's.
  llvm::Expected<llvm::TargetMachine *>
  getForSubmodule(const llvm::Module &Module, llvm::StringRef CPU,
                  llvm::StringRef Features,
                  llvm::CodeGenOptLevel Level = llvm::CodeGenOptLevel::None);

private:
  struct Entry;
  std::mutex Lock;
  std::vector<std::unique_ptr<Entry>> Entries;
};

} // namespace mm

#endif // MM_COMPILE_TARGETMACHINE_H
