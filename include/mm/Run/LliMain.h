//===- mm/Run/LliMain.h - The mm-lli driver --------------------*- C++ -*-===//

#ifndef MM_RUN_LLIMAIN_H
#define MM_RUN_LLIMAIN_H

namespace mm {

/// mm-lli: JIT-compiles a bundle's host submodule, links it with its device
/// submodules compiled for the CPU and the offload runtime, and runs its
/// `main` (or --entry-function). Returns the program's exit code, or 1 if
/// mm-lli itself failed.
int lliMain(int argc, char **argv);

} // namespace mm

#endif // MM_RUN_LLIMAIN_H
