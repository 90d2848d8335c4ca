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
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"

#include <functional>

namespace mlir {
class DialectRegistry;
class MLIRContext;
class ScopedDiagnosticHandler;
} // namespace mlir

namespace mm {

/// Registers every upstream dialect and dialect extension, as mlir-opt does.
void registerMLIRDialects(mlir::DialectRegistry &Registry);

/// While it lives, turns every error (with its notes) that \p Context reports
/// into an llvm::Error that names submodule \p M and points into the bundle
/// file when the error's location is in \p M's body. Warnings and remarks go
/// on to the context's other handlers.
class SubmoduleDiagnostics {
public:
  SubmoduleDiagnostics(const Bundle &B, const Submodule &M,
                       mlir::MLIRContext &Context);
  ~SubmoduleDiagnostics() { llvm::consumeError(std::move(Errors)); }

  /// Locates errors whose location is not in the body (as those of LLVM IR
  /// import, which quote the IR they are about): returns a 1-based line and
  /// column in the body for a message, or {0, 0}.
  void setLocator(
      std::function<std::pair<unsigned, unsigned>(llvm::StringRef)> L) {
    Locator = std::move(L);
  }

  /// The errors collected so far; \p IfNone when there are none, for a
  /// failure that reported nothing.
  llvm::Error takeErrors(const llvm::Twine &IfNone);

private:
  void report(mlir::Location Loc, llvm::SourceMgr::DiagKind Kind,
              const llvm::Twine &Message);
  /// Another submodule of the bundle, with its text from the file, that
  /// MLIR knows as \p Name.
  const Submodule *findSubmoduleByIdentifier(llvm::StringRef Name) const;

  const Bundle &B;
  const Submodule &M;
  std::string Identifier;
  std::function<std::pair<unsigned, unsigned>(llvm::StringRef)> Locator;
  llvm::Error Errors = llvm::Error::success();
  mlir::ScopedDiagnosticHandler Handler;
};

/// Parses and verifies the MLIR body of \p M in \p Context. Every diagnostic
/// is located in the bundle file and names the submodule. \p Identifier
/// names the parsed buffer, which MLIR's locations carry (default: the
/// bundle's identifier of \p M).
llvm::Expected<mlir::OwningOpRef<mlir::ModuleOp>>
parseMLIRSubmodule(const Bundle &B, const Submodule &M,
                   mlir::MLIRContext &Context,
                   llvm::StringRef Identifier = {});

} // namespace mm

#endif // MM_BUNDLE_MLIRMODULE_H
