//===- mm/Opt/MLIRSubmodules.h - mm-opt's MLIR side ------------*- C++ -*-===//

#ifndef MM_OPT_MLIRSUBMODULES_H
#define MM_OPT_MLIRSUBMODULES_H

#include "mm/Bundle/Bundle.h"

namespace mm {

/// Parses and verifies each of \p Modules (MLIR submodules of \p B) in one
/// MLIRContext with every upstream dialect registered. Returns all their
/// errors.
llvm::Error verifyMLIRSubmodules(const Bundle &B,
                                 llvm::ArrayRef<const Submodule *> Modules);

} // namespace mm

#endif // MM_OPT_MLIRSUBMODULES_H
