//===- mm/Support/ToolSupport.h - Shared tool plumbing ---------*- C++ -*-===//

#ifndef MM_SUPPORT_TOOLSUPPORT_H
#define MM_SUPPORT_TOOLSUPPORT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mm {

/// The project's version, "MAJOR.MINOR.PATCH".
llvm::StringRef getVersion();

/// Makes --version print mm's version after LLVM's.
void addVersionPrinter();

/// Writes \p Path ("-" for standard output) through a ToolOutputFile that is
/// kept only if \p Write succeeds and every byte reaches the file, so that a
/// failure never leaves a partial or empty output behind.
llvm::Error
writeOutputFile(llvm::StringRef Path,
                llvm::function_ref<llvm::Error(llvm::raw_ostream &)> Write);

/// Fails if \p Path is "-" and standard output is a terminal: binary output
/// is not written to a terminal, as LLVM's tools refuse to.
llvm::Error checkBinaryOutput(llvm::StringRef Path);

} // namespace mm

#endif // MM_SUPPORT_TOOLSUPPORT_H
