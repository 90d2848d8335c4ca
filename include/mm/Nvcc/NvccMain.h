//===- mm/Nvcc/NvccMain.h - mm's nvcc drivers -------------------*- C++ -*-===//
//
// One driver, two names. As `nvcc` (mm's CUDA toolkit's bin/nvcc), it
// builds what NVIDIA's nvcc builds, for the CPU: objects, executables and
// libraries that a project's own Makefile or CMakeLists.txt links, with
// nvcc's defaults. As `mm-nvcc`, it builds bundles for mm-lli. Each .cu
// source becomes a host and a device half through clang; the device code
// is lowered for the CPU into the objects (nvcc) or kept as a device
// submodule (mm-nvcc).
//
//===----------------------------------------------------------------------===//

#ifndef MM_NVCC_NVCCMAIN_H
#define MM_NVCC_NVCCMAIN_H

namespace mm {

/// The drivers' main: the personality from argv[0]'s name (`nvcc`, else
/// mm-nvcc); parses, compiles, links and runs, and returns the process's
/// exit code (the program's, with -run).
int nvccMain(int argc, char **argv);

} // namespace mm

#endif // MM_NVCC_NVCCMAIN_H
