//===- MLIRPipeline.cpp - Running MLIR pipelines --------------------------===//

#include "mm/Compile/MLIRPipeline.h"
#include "mm/Bundle/MLIRModule.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace llvm;
using namespace mm;

Error mm::runMLIRSubmodulePipeline(const Bundle &B, const Submodule &M,
                                   mlir::ModuleOp Module) {
  return runMLIRPipeline(B, M, Module, M.getOptions().Passes);
}

Error mm::runMLIRPipeline(const Bundle &B, const Submodule &M,
                          mlir::ModuleOp Module, StringRef Text) {
  static bool PassesRegistered = [] {
    mlir::registerAllPasses();
    return true;
  }();
  (void)PassesRegistered;
  std::string ParseErrors;
  raw_string_ostream ErrorOS(ParseErrors);
  FailureOr<mlir::OpPassManager> Parsed =
      mlir::parsePassPipeline(Text, ErrorOS);
  if (failed(Parsed))
    return make_error<InvalidPipelineError>(
        M, ("invalid pass pipeline '" + Text +
            "': " + StringRef(ParseErrors).trim())
               .str());
  mlir::PassManager PM(Module.getContext(), Parsed->getOpAnchorName());
  static_cast<mlir::OpPassManager &>(PM) = *Parsed;
  SubmoduleDiagnostics Diagnostics(B, M, *Module.getContext());
  if (succeeded(PM.run(Module)))
    return Error::success();
  return Diagnostics.takeErrors("pass pipeline '" + Text + "' failed");
}
