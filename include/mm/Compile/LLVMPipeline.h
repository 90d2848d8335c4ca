//===- mm/Compile/LLVMPipeline.h - Running an LLVM pipeline -----*- C++ -*-===//
//
// The one place where a PassBuilder is set up and a new-pass-manager
// pipeline runs on a submodule's module, as LLVM 19's opt does for
// `opt -passes=P` (NewPMDriver.cpp): mm-opt, mm-lli and the tests run their
// pipelines here. Tools add their own passes through extensions (a pass
// plugin's, the device lowering's), as MLIR's optMain takes
// PassBuilderCallbacks, so that this library links neither.
//
//===----------------------------------------------------------------------===//

#ifndef MM_COMPILE_LLVMPIPELINE_H
#define MM_COMPILE_LLVMPIPELINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
class PassBuilder;
class PassInstrumentationCallbacks;
class TargetMachine;
class raw_ostream;
} // namespace llvm

namespace mm {

/// Adds passes to a PassBuilder: \p HostTriple is the triple of the bundle's
/// host submodule, if it has one (the device lowering's default host).
using PassBuilderExtension = std::function<void(
    llvm::PassBuilder &PB, const std::optional<llvm::Triple> &HostTriple)>;

struct LLVMPipelineOptions {
  /// Passes that run before Passes, parsed on their own so that a syntax
  /// error shows only the text that has it: `mm-lower-device<TRIPLE>`,
  /// which runs a device submodule's code on the host, before the pipeline
  /// of its header.
  std::string Lowering;
  /// New-pass-manager pipeline text, e.g. "default<O3>".
  std::string Passes;
  /// For the pipeline's target-specific analyses, or null.
  llvm::TargetMachine *TM = nullptr;
  llvm::ArrayRef<PassBuilderExtension> Extensions;
  std::optional<llvm::Triple> HostTriple;
  /// Print the passes as they run, as opt -debug-pass-manager does.
  bool DebugPassManager = false;
  /// The alias analyses, as opt's -aa-pipeline: "default" the default
  /// pipeline's, an empty text none.
  std::string AAPipeline = "default";
  /// Verify the module after every pass, as opt -verify-each.
  bool VerifyEach = false;
  /// Registers more instrumentation (mm-opt's per-submodule reports).
  std::function<void(llvm::PassInstrumentationCallbacks &)> Instrument;
  /// Where the module goes after the pipeline and the verifier, printed as
  /// `opt -S` prints it; nowhere if null.
  llvm::raw_ostream *Output = nullptr;
  /// Receives the text of each warning that a pass reports; LLVM prints
  /// them if null.
  std::vector<std::string> *Warnings = nullptr;
};

/// The pipeline text does not parse.
class PipelineSyntaxError : public llvm::ErrorInfo<PipelineSyntaxError> {
public:
  static char ID;
  explicit PipelineSyntaxError(std::string Message)
      : Message(std::move(Message)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  std::string Message;
};

/// True if LLVM's options ask for reports on passes as they run, or at the
/// end of a pipeline (-print-before, -print-after and their -all forms,
/// -time-passes, -pass-remarks and its -missed and -analysis forms), or
/// \p DebugPassManager does: output to LLVM's streams,
/// which the tools keep apart per submodule by running one pipeline at a
/// time, each after printPipelineBanner, and which no compile cache may
/// skip.
bool reportsOnPasses(bool DebugPassManager);

/// LLVM's options that reportsOnPasses reads, for the tools' --help.
inline constexpr llvm::StringLiteral PassReportOptions[] = {
    "print-after",  "print-before",        "print-after-all",
    "print-before-all", "time-passes", "pass-remarks",
    "pass-remarks-missed", "pass-remarks-analysis"};

/// Prints the line that names the submodule whose pipeline's reports follow.
void printPipelineBanner(llvm::StringRef SubmoduleName, llvm::raw_ostream &OS);

/// Runs \p Options.Lowering, then \p Options.Passes on \p M, then LLVM's
/// verifier, and prints \p M to \p Options.Output. Fails with a
/// PipelineSyntaxError when the text does not parse, and with the errors that
/// passes report through \p M's LLVMContext (which would otherwise end the
/// process), joined.
llvm::Error runLLVMPipeline(llvm::Module &M, const LLVMPipelineOptions &Options);

} // namespace mm

#endif // MM_COMPILE_LLVMPIPELINE_H
