//===- mm/Device/DeviceLowering.h - Device submodules for the CPU -*- C++ -*-===//
//
// Retargets a GPU submodule (nvptx64, amdgcn) to the host so that the CPU
// backend of the offload runtime can run its kernels. See BlockABI.h for what
// the lowered module defines and docs/design.md for the method.
//
//===----------------------------------------------------------------------===//

#ifndef MM_DEVICE_DEVICELOWERING_H
#define MM_DEVICE_DEVICELOWERING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class DataLayout;
class Module;
class Triple;
} // namespace llvm

namespace mm {

/// True when modules for \p T are GPU code that lowerDeviceModuleForHost
/// knows how to run on the CPU.
bool isLowerableDeviceTriple(const llvm::Triple &T);

/// Rewrites \p M, a device submodule named \p SubmoduleName, into a module
/// for \p HostTriple / \p HostDL: GPU address spaces are flattened, thread
/// and block queries read the block context, each kernel K becomes a block
/// function (work-item loops, split at barriers) with its descriptor
/// `__mm_kernel.K`, device printf and trap call the runtime's entry points.
/// Functions that are not kernels keep their names and can be called
/// directly from the host.
///
/// Fails, leaving \p M unusable, with a message naming the submodule and the
/// function when the module uses something the CPU backend cannot run (an
/// unsupported intrinsic, recursion, a dynamically sized alloca in a kernel
/// with barriers). Barriers in divergent control flow trap when they run.
llvm::Error lowerDeviceModuleForHost(llvm::Module &M,
                                     const llvm::Triple &HostTriple,
                                     const llvm::DataLayout &HostDL,
                                     llvm::StringRef SubmoduleName);

} // namespace mm

#endif // MM_DEVICE_DEVICELOWERING_H
