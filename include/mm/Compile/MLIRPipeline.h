//===- mm/Compile/MLIRPipeline.h - Running MLIR pipelines -------*- C++ -*-===//

#ifndef MM_COMPILE_MLIRPIPELINE_H
#define MM_COMPILE_MLIRPIPELINE_H

#include "mm/Bundle/Bundle.h"

#include "mlir/IR/BuiltinOps.h"

namespace mm {

/// Runs \p M's `passes=` pipeline (mlir-opt's --pass-pipeline syntax, every
/// upstream pass registered) on \p Module, parsed from \p M. Diagnostics are
/// located in the bundle file; a pipeline that does not parse is an
/// InvalidPipelineError.
llvm::Error runMLIRSubmodulePipeline(const Bundle &B, const Submodule &M,
                                     mlir::ModuleOp Module);

/// Runs \p Pipeline (mlir-opt's --pass-pipeline syntax) on \p Module,
/// parsed from \p M, with its diagnostics located in the bundle file.
llvm::Error runMLIRPipeline(const Bundle &B, const Submodule &M,
                            mlir::ModuleOp Module, llvm::StringRef Pipeline);

} // namespace mm

#endif // MM_COMPILE_MLIRPIPELINE_H
