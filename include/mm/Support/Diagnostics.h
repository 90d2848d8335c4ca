//===- mm/Support/Diagnostics.h - Located errors ---------------*- C++ -*-===//
//
// Libraries report problems in the input as DiagnosticError: an llvm::Error
// that carries a complete SMDiagnostic (file, line, column, source line and
// caret) in the coordinates of the bundle file. Tools print them with
// reportError.
//
//===----------------------------------------------------------------------===//

#ifndef MM_SUPPORT_DIAGNOSTICS_H
#define MM_SUPPORT_DIAGNOSTICS_H

#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mm {

class DiagnosticError : public llvm::ErrorInfo<DiagnosticError> {
public:
  static char ID;

  explicit DiagnosticError(llvm::SMDiagnostic Diag) : Diag(std::move(Diag)) {}

  const llvm::SMDiagnostic &getDiagnostic() const { return Diag; }
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  llvm::SMDiagnostic Diag;
};

inline llvm::Error makeDiagnosticError(llvm::SMDiagnostic Diag) {
  return llvm::make_error<DiagnosticError>(std::move(Diag));
}

/// Prints every error in \p E to \p OS: located diagnostics as
/// `file:line:col: error: ...` with the source line and a caret, others as
/// `Tool: error: ...`. Returns true if there was any error.
bool reportError(llvm::Error E, llvm::StringRef Tool, llvm::raw_ostream &OS);
/// Prints one error, as reportError does.
void reportError(const llvm::ErrorInfoBase &Info, llvm::StringRef Tool,
                 llvm::raw_ostream &OS);

} // namespace mm

#endif // MM_SUPPORT_DIAGNOSTICS_H
