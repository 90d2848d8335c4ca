//===- CheckedAccesses.h - What run-time checks look at ---------*- C++ -*-===//
//
// What the passes of CUDA's sanitizer's checks (mm-check-memory,
// mm-check-races) share: the accesses of memory that they instrument, where
// each is in the source, and the thread that makes it.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_CHECKEDACCESSES_H
#define MM_LIB_DEVICE_CHECKEDACCESSES_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DerivedTypes.h"

#include <array>
#include <string>

namespace llvm {
class Constant;
class Function;
class IRBuilderBase;
class Instruction;
class Module;
class Value;
} // namespace llvm

namespace mm::device {

/// One access that a check looks at: its address, its size in bytes and
/// its kind (MM_ACCESS_*, mm_block_abi.h: read, write or atomic, of shared
/// memory or not, and the alignment the code assumed).
struct CheckedAccess {
  llvm::Instruction *At;
  llvm::Value *Address;
  llvm::Value *Size;
  unsigned Kind;
};

/// The accesses of \p F of device memory, shared memory or a local variable
/// of a fixed size (MM_ACCESS_LOCAL), not of a variable of the module:
/// loads, stores, atomics and memory intrinsics, in order (a copy's read
/// before its write).
llvm::SmallVector<CheckedAccess> findCheckedAccesses(llvm::Function &F);

/// The runtime's entry point \p Name of type \p Ty that checks call, declared
/// in \p M as touching none of the program's memory, so that the analyses of
/// the passes after the check's see the kernel as without it.
llvm::FunctionCallee getCheckEntryPoint(llvm::Module &M, llvm::StringRef Name,
                                        llvm::FunctionType *Ty);

/// The thread's index in its block, x, y and z, read at \p B's insertion
/// point as the kernel reads it, so that the lowering gives it the thread
/// that runs there.
std::array<llvm::Value *, 3> createThreadIndex(llvm::IRBuilderBase &B);

/// Where instructions are, as the runtime's reports say it, as strings of
/// their module: with debug information (-g, -lineinfo), "FILE:LINE:COL in
/// FUNCTION", then ", inlined at FILE:LINE:COL in FUNCTION" for each
/// function it was inlined into; else "FUNCTION", the function that holds
/// it. One string for each site.
class SiteStrings {
public:
  /// The string of \p I's site, created at \p B's insertion point's
  /// module the first time.
  llvm::Constant *get(const llvm::Instruction &I, llvm::IRBuilderBase &B);

private:
  llvm::StringMap<llvm::Constant *> Strings;
};

} // namespace mm::device

#endif // MM_LIB_DEVICE_CHECKEDACCESSES_H
