//===- MLIRSubmodules.cpp - mm-opt's MLIR side ----------------------------===//

#include "mm/Opt/MLIRSubmodules.h"
#include "mm/Bundle/MLIRModule.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

using namespace llvm;
using namespace mm;

Error mm::verifyMLIRSubmodules(const Bundle &B,
                               ArrayRef<const Submodule *> Modules) {
  if (Modules.empty())
    return Error::success();
  mlir::DialectRegistry Registry;
  registerMLIRDialects(Registry);
  mlir::MLIRContext Context(Registry, mlir::MLIRContext::Threading::DISABLED);
  Error Errors = Error::success();
  for (const Submodule *M : Modules) {
    auto Module = parseMLIRSubmodule(B, *M, Context);
    if (!Module)
      Errors = joinErrors(std::move(Errors), Module.takeError());
  }
  return Errors;
}
