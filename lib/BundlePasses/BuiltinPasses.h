//===- BuiltinPasses.h - mm's bundle passes ---------------------*- C++ -*-===//
//
// The bundle passes that mm registers (registerBuiltinBundlePasses), one per
// file.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_BUNDLEPASSES_BUILTINPASSES_H
#define MM_LIB_BUNDLEPASSES_BUILTINPASSES_H

#include "mm/BundlePasses/BundlePass.h"

namespace mm {

/// strip-unreferenced-devices: removes the device submodules that no other
/// submodule refers to (LoadedBundle::getReferencesTo).
std::unique_ptr<BundlePass> createStripUnreferencedDevicesPass();

/// link-submodules: links the LLVM device submodules of one triple into the
/// first of them, as llvm-link links modules (internal names kept apart, an
/// external symbol defined twice an error), and points the `NAME::SYM`
/// references to the others at it. A submodule that the bundle names as a
/// whole (`NAME::`, or by its name as a string) is not linked into another.
std::unique_ptr<BundlePass> createLinkSubmodulesPass();

/// internalize-devices: gives internal linkage to what a device LLVM
/// submodule defines and nothing outside it uses: not a kernel, not named
/// by another submodule (`NAME::SYM`, or a string, as CUDA's registration
/// and mm_get_kernel name kernels and variables).
std::unique_ptr<BundlePass> createInternalizeDevicesPass();

} // namespace mm

#endif // MM_LIB_BUNDLEPASSES_BUILTINPASSES_H
