//===- RuntimeCalls.h - Calls of the runtime's device entry points -*- C++ -*-===//
//
// Lowered device code calls the entry points that mm-runtime/mm_block_abi.h
// declares: the traps, printf, and a block's report that it spins. Their
// names come from those declarations.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_RUNTIMECALLS_H
#define MM_LIB_DEVICE_RUNTIMECALLS_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallBase;
class FunctionCallee;
class IRBuilderBase;
class Module;
class Value;
} // namespace llvm

namespace mm::device {

/// The name of an entry point that mm_block_abi.h declares: it does not
/// compile unless the header declares it.
#define MM_DEVICE_ENTRY_POINT(Function) ((void)&::Function, #Function)

/// __mm_device_vprintf(ctx, format, args).
llvm::FunctionCallee getVPrintfFunction(llvm::Module &M);

/// Emits a trap of function \p FunctionName (for the runtime's message).
void emitTrap(llvm::IRBuilderBase &B, llvm::Value *Ctx,
              llvm::StringRef FunctionName);

/// Why a launch fails whose warp's lanes are at different warp operations
/// that mm cannot run together (emitUnsupported).
inline constexpr llvm::StringLiteral WarpDivergence =
    "threads of one warp reached different warp operations (a warp "
    "operation in divergent control flow)";

/// Emits a trap of function \p FunctionName that reached what the lowering
/// could not lower, which \p Why (a C string) describes.
void emitUnsupported(llvm::IRBuilderBase &B, llvm::Value *Ctx,
                     llvm::StringRef FunctionName, llvm::Value *Why);

/// Reports to the runtime that the block waits for other blocks
/// (__mm_device_block_spins).
void emitBlockSpins(llvm::IRBuilderBase &B, llvm::Value *Ctx);

/// CUDA's assert, \p Call of __assertfail(message, file, line, function,
/// size): prints the failed assertion as CUDA does, then calls
/// __mm_device_assert_fail, a trap that fails the launch as an assert.
void emitAssertFail(llvm::IRBuilderBase &B, llvm::CallBase &Call,
                    llvm::Value *Ctx, llvm::StringRef FunctionName);

} // namespace mm::device

#endif // MM_LIB_DEVICE_RUNTIMECALLS_H
