//===- mm/Opt/Optimizer.h - Optimizing one LLVM submodule ------*- C++ -*-===//

#ifndef MM_OPT_OPTIMIZER_H
#define MM_OPT_OPTIMIZER_H

#include "mm/Bundle/Bundle.h"

#include <memory>

namespace llvm {
class Module;
class PassPlugin;
class TargetMachine;
} // namespace llvm

namespace mm {

/// A submodule's pass pipeline text does not parse. The driver reports it
/// where the pipeline came from: a header field, or the command line.
class InvalidPipelineError : public llvm::ErrorInfo<InvalidPipelineError> {
public:
  static char ID;

  InvalidPipelineError(const Submodule &M, std::string Message)
      : M(&M), Message(std::move(Message)) {}

  const Submodule &getSubmodule() const { return *M; }
  /// "invalid pass pipeline 'P': REASON".
  llvm::StringRef getMessage() const { return Message; }
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  const Submodule *M;
  std::string Message;
};

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

class PassReport;

/// The pipeline text for an optimization level ("O3" -> "default<O3>").
std::string getDefaultPipeline(llvm::StringRef OptLevel);

/// Creates the TargetMachine opt would create for \p Module's triple, with
/// \p CPU ("native" for the host's) and \p Features. Returns null for a
/// module without a triple. Fails on an unknown triple, CPU or feature.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createSubmoduleTargetMachine(const llvm::Module &Module, llvm::StringRef CPU,
                             llvm::StringRef Features);

/// Parses and verifies \p M, runs \p Pipeline on it with a TargetMachine for
/// its triple, and returns the module printed as `opt -S` prints it. An
/// enabled \p Report accounts for the pipeline's passes.
llvm::Expected<std::string>
optimizeLLVMSubmodule(const Bundle &B, const Submodule &M,
                      const LLVMPipeline &Pipeline,
                      PassReport *Report = nullptr);

} // namespace mm

#endif // MM_OPT_OPTIMIZER_H
