//===- LoweringInternal.h - Shared pieces of the device lowering -*- C++ -*-===//
//
// Internal to lib/Device: the steps of lowerDeviceModuleForHost, in the order
// DeviceLowering.cpp runs them.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_LOWERINGINTERNAL_H
#define MM_LIB_DEVICE_LOWERINGINTERNAL_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Function;
class GlobalVariable;
class Module;
class Twine;
} // namespace llvm

namespace mm::device {

/// What the steps share about the module being lowered.
struct LoweringState {
  LoweringState(llvm::Module &M, llvm::StringRef Submodule)
      : M(M), Submodule(Submodule) {}

  llvm::Module &M;
  llvm::StringRef Submodule;
  bool IsAMDGCN = false;
  unsigned WarpSize = 32;
  /// The former addrspace(3) globals, now placeholders in address space 0
  /// whose uses the kernel lowering rewrites to the block's shared memory.
  llvm::SmallPtrSet<llvm::GlobalVariable *, 8> SharedGlobals;

  llvm::Error error(const llvm::Twine &Message) const;
  llvm::Error error(const llvm::Function &F, const llvm::Twine &Message) const;
};

/// Moves every global, function, instruction and constant to address space 0
/// (addrspacecasts vanish) and records the shared-memory globals.
llvm::Error flattenAddressSpaces(LoweringState &S);

/// Replaces every inline assembly call by the IR that computes the same: the
/// PTX that libdevice and CUDA code use (arithmetic with carries and
/// directed rounding, special registers, shuffles, barriers, fences). Fails,
/// naming the function and quoting the assembly, on any other.
llvm::Error lowerInlineAssembly(LoweringState &S);

/// Rewrites what does not depend on the thread running it: libdevice
/// `__nv_*` functions, NVVM math intrinsics, memory barriers, `__ldg`,
/// `__nvvm_reflect`, and atomics' and fences' GPU sync scopes.
llvm::Error lowerContextFreeOperations(LoweringState &S);

/// Inlines every call from kernel \p K to a defined function.
llvm::Error inlineIntoKernel(LoweringState &S, llvm::Function &K);

/// Lowers a function that is not a kernel as a direct call from the host
/// sees it: thread 0 of a one-thread block of a one-block grid, no block
/// context. A function that uses shared memory traps.
llvm::Error lowerStandaloneFunction(LoweringState &S, llvm::Function &F);

/// Replaces kernel \p K by its block function and its descriptor
/// `__mm_kernel.K`.
llvm::Error lowerKernel(LoweringState &S, llvm::Function &K);

/// The name of a device intrinsic or device library function that the
/// lowering does not know, for the "unsupported" error.
bool isDeviceSpecificCallee(const llvm::Function &F);

} // namespace mm::device

#endif // MM_LIB_DEVICE_LOWERINGINTERNAL_H
