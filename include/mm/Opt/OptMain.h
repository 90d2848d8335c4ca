//===- mm/Opt/OptMain.h - The mm-opt driver --------------------*- C++ -*-===//

#ifndef MM_OPT_OPTMAIN_H
#define MM_OPT_OPTMAIN_H

#include "mm/Compile/LLVMPipeline.h"

#include "llvm/ADT/ArrayRef.h"

namespace mm {

/// The whole of mm-opt: parses the command line, reads the bundle, optimizes
/// and verifies its submodules, and writes the result. Returns the exit code.
/// \p Extensions add the passes that pipelines can name beyond LLVM's and
/// the plugins' (the tool passes the device lowering's), as MLIR's
/// MlirOptMain takes a registry.
int optMain(int argc, char **argv,
            llvm::ArrayRef<PassBuilderExtension> Extensions);

} // namespace mm

#endif // MM_OPT_OPTMAIN_H
