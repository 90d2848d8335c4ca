//===- mm/Opt/Optimizer.h - Optimizing one LLVM submodule ------*- C++ -*-===//

#ifndef MM_OPT_OPTIMIZER_H
#define MM_OPT_OPTIMIZER_H

#include "mm/Bundle/Bundle.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/CodeGen.h"

#include <memory>

namespace llvm {
class Module;
class PassPlugin;
class TargetMachine;
class TargetOptions;
} // namespace llvm

namespace mm {

/// What to run on one LLVM submodule.
struct LLVMPipeline {
  /// New-pass-manager pipeline text, e.g. "default<O3>".
  std::string Passes;
  std::string CPU;
  std::string Features;
  /// Loaded pass plugins: each registers its passes with the submodule's
  /// PassBuilder, so that the pipeline can name them.
  llvm::ArrayRef<llvm::PassPlugin> Plugins;
  /// Print the passes as they run, as opt -debug-pass-manager does.
  bool DebugPassManager = false;
};

/// Resolves CPU "native" to the host's CPU and adds the host's features to
/// \p Features, as codegen::getCPUStr and getFeaturesStr do.
void resolveNativeCPU(std::string &CPU, std::string &Features);

class PassReport;

/// The pipeline text for an optimization level ("O3" -> "default<O3>").
std::string getDefaultPipeline(llvm::StringRef OptLevel);

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

/// Parses and verifies \p M, runs \p Pipeline on it with a TargetMachine for
/// its triple, and returns the module printed as `opt -S` prints it. An
/// enabled \p Report accounts for the pipeline's passes.
llvm::Expected<std::string>
optimizeLLVMSubmodule(const Bundle &B, const Submodule &M,
                      const LLVMPipeline &Pipeline,
                      PassReport *Report = nullptr);

} // namespace mm

#endif // MM_OPT_OPTIMIZER_H
