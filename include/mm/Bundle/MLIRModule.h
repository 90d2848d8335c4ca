//===- mm/Bundle/MLIRModule.h - Loading MLIR submodules --------*- C++ -*-===//
//
// Kept apart from the rest of the library so that only the code that handles
// MLIR bodies pays for MLIR's headers.
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLE_MLIRMODULE_H
#define MM_BUNDLE_MLIRMODULE_H

#include "mm/Bundle/Bundle.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>

namespace mlir {
class DialectRegistry;
class MLIRContext;
class ScopedDiagnosticHandler;
} // namespace mlir

namespace mm {

/// Registers every upstream dialect and dialect extension, as mlir-opt does.
void registerMLIRDialects(mlir::DialectRegistry &Registry);

/// While it lives, collects the errors (with their notes) that MLIR emits in
/// a context, about submodule \p M: each is located in the bundle file where
/// it points into \p M's body, else at its header line, and names the
/// submodule. Warnings and remarks go on to the context's other handlers.
class SubmoduleDiagnostics {
public:
  SubmoduleDiagnostics(const Bundle &B, const Submodule &M,
                       mlir::MLIRContext &Context);
  ~SubmoduleDiagnostics();

  /// The errors collected so far; success if none.
  llvm::Error takeErrors() { return std::move(Errors); }

private:
  const Bundle &B;
  const Submodule &M;
  std::string Identifier;
  llvm::Error Errors = llvm::Error::success();
  std::unique_ptr<mlir::ScopedDiagnosticHandler> Handler;
};

/// Parses and verifies the MLIR body of \p M in \p Context. Every diagnostic
/// is located in the bundle file and names the submodule.
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseMLIRSubmodule(const Bundle &B, const Submodule &M,
                   mlir::MLIRContext &Context);

} // namespace mm

#endif // MM_BUNDLE_MLIRMODULE_H
