//===- mm/Compile/GPUPrograms.h - MLIR GPU programs as bundles --*- C++ -*-===//
//
// An MLIR GPU program is a host module that launches kernels of GPU kernel
// modules (`gpu.module`) with `gpu.launch_func`. In a bundle, each kernel
// module is a device submodule of its own name, and the host refers to it
// with a `gpu.binary` of that name whose one object is the text "NAME::"
// (format-spec §14's name of a whole submodule; mm/Bundle/KernelModules.h
// converts the text between the forms). A single .mlir file that nests its
// kernel modules, as MLIR's own tests do, becomes that bundle with
// addNestedKernelModules. No MLIR header is needed to use it.
//
//===----------------------------------------------------------------------===//

#ifndef MM_COMPILE_GPUPROGRAMS_H
#define MM_COMPILE_GPUPROGRAMS_H

#include "mm/Bundle/Bundle.h"

namespace mm {

/// If \p B's host submodule is MLIR with kernel modules nested in it (or
/// `gpu.launch` regions, which MLIR's gpu-kernel-outlining turns into kernel
/// modules), adds one device submodule per kernel module: kind=mlir,
/// KernelModuleTriple (mm/Bundle/KernelModules.h), its body the `gpu.module`
/// with locations
/// that point into the host's text. The host's text is left as it is: its
/// lowering (lowerMLIRSubmoduleToLLVM) refers to the device submodules in
/// place of the kernel modules it nests. A kernel module whose name is taken
/// by another submodule is an error.
llvm::Error addNestedKernelModules(Bundle &B);

} // namespace mm

#endif // MM_COMPILE_GPUPROGRAMS_H
