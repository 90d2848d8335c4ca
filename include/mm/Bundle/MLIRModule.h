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

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace mm {

/// Registers every upstream dialect and dialect extension, as mlir-opt does.
void registerMLIRDialects(mlir::DialectRegistry &Registry);

/// Parses and verifies the MLIR body of \p M in \p Context. Every diagnostic
/// is located in the bundle file and names the submodule.
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseMLIRSubmodule(const Bundle &B, const Submodule &M,
                   mlir::MLIRContext &Context);

} // namespace mm

#endif // MM_BUNDLE_MLIRMODULE_H
