//===- mm/Device/DeviceLowering.h - Device submodules for the CPU -*- C++ -*-===//
//
// Retargets a GPU submodule (nvptx64, amdgcn) to the host so that the CPU
// backend of the offload runtime can run its kernels, as a pipeline of
// new-pass-manager passes, one per concern (lib/Device/DevicePasses.def
// lists them in order). See mm-runtime/mm_block_abi.h for what the lowered
// module defines and docs/device-lowering.md for the method.
//
//===----------------------------------------------------------------------===//

#ifndef MM_DEVICE_DEVICELOWERING_H
#define MM_DEVICE_DEVICELOWERING_H

#include <optional>

namespace llvm {
class PassBuilder;
class Triple;
} // namespace llvm

namespace mm {

/// Makes the device lowering's passes parseable in \p PB's pipelines: each
/// step by its name, `mm-lower-device<TRIPLE>` for the whole lowering for
/// host TRIPLE (`mm-lower-device<TRIPLE;CHECK>` with CUDA's memcheck or
/// racecheck, the kernels' accesses checked at run time), and
/// `print<mm-uniformity>`.
/// `mm-lower-device<TRIPLE>`
/// rewrites a device module into a module for TRIPLE: GPU address spaces
/// are flattened, thread and block queries read the block context, each
/// kernel K becomes a block function (work-item loops, split at barriers)
/// with its descriptor, device printf and trap call the runtime's entry
/// points; functions that are not kernels keep their names and can be
/// called directly from the host. It fails, leaving the module unusable,
/// with an error naming the function when the module uses something the
/// CPU backend cannot run (an unsupported intrinsic or inline assembly,
/// recursion, a dynamically sized alloca in a kernel with barriers);
/// barriers in divergent control flow trap when they run. Without a triple,
/// `mm-lower-device` lowers for \p BundleHost, the triple of the bundle's
/// host submodule, or without one for LLVM's default target triple, as llc
/// compiles a module that names none. A step that fails reports a
/// diagnostic error to the module's LLVMContext.
void registerDevicePasses(llvm::PassBuilder &PB,
                          std::optional<llvm::Triple> BundleHost);

} // namespace mm

#endif // MM_DEVICE_DEVICELOWERING_H
