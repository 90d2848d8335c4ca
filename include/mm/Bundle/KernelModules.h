//===- mm/Bundle/KernelModules.h - Nested kernel modules ---------*- C++ -*-===//
//
// An MLIR GPU program in one file nests its kernel modules (`gpu.module`) in
// the host's module; in a bundle, each is a device submodule of its own
// name, and the host refers to it with
//
//   gpu.binary @NAME [#gpu.object<#nvvm.target, "NAME::">]
//
// ("NAME::" is format-spec §14's name of a whole submodule). These convert
// between the two forms on the text, so that a file and its bundle form
// convert back byte for byte (mm-bundle unnest and nest).
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLE_KERNELMODULES_H
#define MM_BUNDLE_KERNELMODULES_H

#include "mm/Bundle/Bundle.h"

#include <string>

namespace mm {

/// The triple of the device submodules that hold kernel modules.
inline constexpr llvm::StringLiteral KernelModuleTriple = "nvptx64-nvidia-cuda";

/// The host's reference to the kernel module in device submodule \p Name.
std::string getKernelModuleReference(llvm::StringRef Name);

/// The bundle form of \p B, whose host submodule is MLIR: every kernel
/// module directly inside the host's module becomes a device submodule of
/// its name, kind=mlir and triple=nvptx64-nvidia-cuda, after the host; its
/// text, from `gpu.module` to its closing brace, is replaced in the host by
/// the reference. The kernel module's lines lose the indentation of its
/// first line when they all have it. Fails if the host has no kernel module
/// or one's name is taken.
llvm::Expected<Bundle> unnestKernelModules(const Bundle &B);

/// The single-file form of \p B: the host's text with each reference
/// replaced by the kernel module of the device submodule it names, indented
/// as the reference is. Every other submodule must be such a kernel module
/// that the host refers to once.
llvm::Expected<std::string> nestKernelModules(const Bundle &B);

} // namespace mm

#endif // MM_BUNDLE_KERNELMODULES_H
