//===- mm/Compile/DefaultLowering.h - MLIR to LLVM per role -----*- C++ -*-===//
//
// What an MLIR submodule without `passes=` goes through before translation
// to LLVM IR when it holds more than the LLVM dialect: MLIR's standard
// lowering for its role, as upstream's gpu-lower-to-nvvm-pipeline lowers a
// GPU program, split at the bundle's host/device boundary
// (mm/Compile/GPUPrograms.h).
//
//===----------------------------------------------------------------------===//

#ifndef MM_COMPILE_DEFAULTLOWERING_H
#define MM_COMPILE_DEFAULTLOWERING_H

#include "mm/Bundle/Bundle.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace mm {

/// True if \p Module holds ops of dialects other than those that translate
/// to LLVM IR as they are (builtin, llvm, nvvm, rocdl, dlti).
bool needsDefaultLowering(mlir::ModuleOp Module);

/// Lowers \p Module, parsed from \p M, to the LLVM dialect:
/// - a device submodule holding a kernel module (`gpu.module` NAME, NAME
///   being the submodule's name) through MLIR's GPU-to-NVVM lowering, after
///   which the kernel module's contents are the module;
/// - any other submodule through MLIR's standard lowering to the LLVM
///   dialect, with `gpu-to-llvm` for the GPU runtime calls; in a host, each
///   nested kernel module is first replaced by the reference to the device
///   submodule of its name.
/// Returns the names of the device submodules that the host refers to, for
/// bindKernelModuleImages.
llvm::Expected<std::vector<std::string>>
runDefaultLowering(const Bundle &B, const Submodule &M, mlir::ModuleOp Module);

/// In \p Host, translated from a module that runDefaultLowering lowered,
/// makes each kernel module image that MLIR's translation emitted (the
/// constant NAME_bin_cst, which mgpuModuleLoad is given) the bundle's
/// `NAME::`, which a runner resolves to device submodule NAME.
void bindKernelModuleImages(llvm::Module &Host,
                            llvm::ArrayRef<std::string> KernelModules);

} // namespace mm

#endif // MM_COMPILE_DEFAULTLOWERING_H
