//===- mm/Opt/MLIRSubmodules.h - mm-opt's MLIR side ------------*- C++ -*-===//

#ifndef MM_OPT_MLIRSUBMODULES_H
#define MM_OPT_MLIRSUBMODULES_H

#include "mm/Bundle/Bundle.h"

namespace mm {

/// Parses and verifies each of \p Modules (MLIR submodules of \p B) in one
/// MLIRContext with every upstream dialect and pass registered, and runs the
/// pass pipeline of those whose header has `passes=` (mlir-opt's
/// --pass-pipeline syntax). A submodule that ran a pipeline gets the result
/// printed as mlir-opt prints it. Returns all errors.
llvm::Error processMLIRSubmodules(const Bundle &B,
                                  llvm::ArrayRef<Submodule *> Modules);

} // namespace mm

#endif // MM_OPT_MLIRSUBMODULES_H
