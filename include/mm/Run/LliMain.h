//===- mm/Run/LliMain.h - The mm-lli driver --------------------*- C++ -*-===//

#ifndef MM_RUN_LLIMAIN_H
#define MM_RUN_LLIMAIN_H

#include "mm/Run/BundleJIT.h"

namespace mm {

/// mm-lli: JIT-compiles a bundle's host submodule, links it with its device
/// submodules compiled for the CPU and the offload runtime, and runs its
/// `main` (or --entry-function). Returns the program's exit code, or 1 if
/// mm-lli itself failed. \p Extensions add the passes that pipelines can
/// name beyond LLVM's: the tool passes the device lowering's, which GPU
/// submodules need to run.
int lliMain(int argc, char **argv,
            llvm::ArrayRef<PassBuilderExtension> Extensions);

} // namespace mm

#endif // MM_RUN_LLIMAIN_H
