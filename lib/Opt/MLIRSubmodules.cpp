//===- MLIRSubmodules.cpp - mm-opt's MLIR side ----------------------------===//

#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Bundle/MLIRModule.h"
#include "mm/Opt/Optimizer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

/// Runs \p M's pipeline on \p Module and returns the printed result.
static Expected<std::string> runPipeline(const Bundle &B, const Submodule &M,
                                         mlir::ModuleOp Module) {
  StringRef Text = M.getOptions().Passes;
  std::string ParseErrors;
  raw_string_ostream ErrorOS(ParseErrors);
  FailureOr<mlir::OpPassManager> Parsed =
      mlir::parsePassPipeline(Text, ErrorOS);
  if (failed(Parsed))
    return make_error<InvalidPipelineError>(
        M, ("invalid pass pipeline '" + Text +
            "': " + StringRef(ParseErrors).trim()).str());
  mlir::PassManager PM(Module.getContext(), Parsed->getOpAnchorName());
  static_cast<mlir::OpPassManager &>(PM) = *Parsed;
  // MLIR's messages while the pipeline runs are located in the bundle.
  SubmoduleDiagnostics Diagnostics(B, M, *Module.getContext());
  if (failed(PM.run(Module)))
    return joinErrors(Diagnostics.takeErrors(),
                      B.moduleError(M, "pass pipeline '" + Text + "' failed"));
  std::string Printed;
  raw_string_ostream OS(Printed);
  Module->print(OS);
  OS << '\n';
  return std::move(Printed);
}

Error mm::processMLIRSubmodules(const Bundle &B, ArrayRef<Submodule *> Modules) {
  if (Modules.empty())
    return Error::success();
  static bool PassesRegistered = [] {
    mlir::registerAllPasses();
    return true;
  }();
  (void)PassesRegistered;
  mlir::DialectRegistry Registry;
  registerMLIRDialects(Registry);
  mlir::MLIRContext Context(Registry, mlir::MLIRContext::Threading::DISABLED);
  Error Errors = Error::success();
  for (Submodule *M : Modules) {
    auto Module = parseMLIRSubmodule(B, *M, Context);
    if (!Module) {
      Errors = joinErrors(std::move(Errors), Module.takeError());
      continue;
    }
    if (M->getOptions().Passes.empty())
      continue;
    Expected<std::string> Result = runPipeline(B, *M, **Module);
    if (!Result) {
      Errors = joinErrors(std::move(Errors), Result.takeError());
      continue;
    }
    M->setBody(std::move(*Result));
  }
  return Errors;
}
