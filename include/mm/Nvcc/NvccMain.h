//===- mm/Tools/NvccMain.h - The mm-nvcc driver ----------------*- C++ -*-===//
//
// mm-nvcc compiles CUDA programs into bundles with nvcc's flags: each .cu
// source becomes a host and a device half through clang, .c/.cpp sources
// host code; the host halves are linked into one host submodule and the
// device halves into one device submodule per GPU target. -c writes one
// source's bundle, which a later mm-nvcc links with the rest; -run runs the
// program with mm-lli.
//
//===----------------------------------------------------------------------===//

#ifndef MM_TOOLS_NVCCMAIN_H
#define MM_TOOLS_NVCCMAIN_H

namespace mm {

/// mm-nvcc's main: parses \p argv, compiles, links and runs, and returns the
/// process's exit code (the program's, with -run).
int nvccMain(int argc, char **argv);

} // namespace mm

#endif // MM_TOOLS_NVCCMAIN_H
