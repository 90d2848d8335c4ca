//===- MLIRSubmodules.cpp - mm-opt's MLIR side ----------------------------===//

#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Bundle/MLIRModule.h"
#include "mm/Compile/MLIRPipeline.h"
#include "mm/Opt/Optimizer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

Error mm::processMLIRSubmodules(const Bundle &B, ArrayRef<Submodule *> Modules) {
  if (Modules.empty())
    return Error::success();
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
    if (Error E = runMLIRSubmodulePipeline(B, *M, **Module)) {
      Errors = joinErrors(std::move(Errors), std::move(E));
      continue;
    }
    // Printed as mlir-opt prints it.
    std::string Printed;
    raw_string_ostream OS(Printed);
    (*Module)->print(OS);
    OS << '\n';
    M->setBody(std::move(Printed));
  }
  return Errors;
}
