//===- mm/Opt/Optimizer.h - Optimizing one LLVM submodule ------*- C++ -*-===//

#ifndef MM_OPT_OPTIMIZER_H
#define MM_OPT_OPTIMIZER_H

#include "mm/Bundle/Bundle.h"
#include "mm/Compile/LLVMPipeline.h"
#include "mm/Compile/TargetMachine.h"

#include <optional>
#include <string>

namespace mm {

class PassReport;

/// What to run on one LLVM submodule.
struct LLVMPipeline {
  /// New-pass-manager pipeline text, e.g. "default<O3>".
  std::string Passes;
  /// opt's -mtriple, normalized: replaces the submodule's triple.
  std::string TargetTriple;
  std::string CPU;
  std::string Features;
  /// The passes that the tool brings: its plugins', the device lowering's.
  llvm::ArrayRef<PassBuilderExtension> Extensions;
  /// The triple of the bundle's host submodule, if any.
  std::optional<llvm::Triple> HostTriple;
  /// Print the passes as they run, as opt -debug-pass-manager does.
  bool DebugPassManager = false;
  /// opt's -aa-pipeline, -verify-each, -strip-debug and -data-layout.
  std::string AAPipeline = "default";
  bool VerifyEach = false;
  bool StripDebug = false;
  std::string DataLayout;
  /// Where the TargetMachine comes from, if not made for this submodule
  /// alone.
  TargetMachineCache *TargetMachines = nullptr;
};

/// Parses and verifies \p M, runs \p Pipeline on it with a TargetMachine for
/// its triple, and returns the module printed as `opt -S` prints it. An
/// enabled \p Report accounts for the pipeline's passes.
llvm::Expected<std::string>
optimizeLLVMSubmodule(const Bundle &B, const Submodule &M,
                      const LLVMPipeline &Pipeline,
                      PassReport *Report = nullptr);

} // namespace mm

#endif // MM_OPT_OPTIMIZER_H
