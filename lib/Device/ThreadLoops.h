//===- ThreadLoops.h - Loops over a block's threads -------------*- C++ -*-===//
//
// What the block functions of mm-work-item-loops and mm-region-loops share:
// the block function's skeleton and prologue (the kernel's arguments and the
// block's values, loaded once), the calls of the thread function, and the
// loops over the block's threads (z outermost, x innermost, so that LLVM's
// loop vectorizer vectorizes x).
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_THREADLOOPS_H
#define MM_LIB_DEVICE_THREADLOOPS_H

#include "DeviceIR.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/IRBuilder.h"

namespace mm::device {

/// The values of each extent of a block (ntid.x, .y, .z): at least 1
/// (mm_block_abi.h), so that the loops over the threads run exactly ntid
/// times, which ScalarEvolution otherwise counts as umax(ntid, 1), expanded
/// again before every loop.
inline llvm::ConstantRange getBlockExtentRange() {
  return llvm::ConstantRange(llvm::APInt(32, 1), llvm::APInt(32, 0));
}

/// A block function `__mm_block.K(args, ctx)` under construction: what its
/// prologue loads once for every thread, and its blocks.
struct BlockFunction {
  llvm::Function *F = nullptr;
  llvm::Function *Kernel = nullptr;
  llvm::Function *Thread = nullptr;
  llvm::Value *Args = nullptr;
  llvm::Value *Ctx = nullptr;
  /// The kernel's arguments, loaded from args.
  llvm::SmallVector<llvm::Value *> KernelArgs;
  /// The block's values; the thread's own are set per call.
  ThreadValues TV;
  /// The block's number of threads (i32).
  llvm::Value *Threads = nullptr;
  /// Returns; `Run` (the builder's block on return) runs a block of at
  /// least one thread.
  llvm::BasicBlock *Done = nullptr;

  /// Creates the block function of thread function \p Thread, its prologue,
  /// and leaves \p B in `run`.
  static BlockFunction create(llvm::Function &Thread, llvm::IRBuilderBase &B);

  /// A call of the thread function for thread \p Index of the block at
  /// \p BlockX along x (by default, the context's). A resumable thread
  /// function also takes \p Resumable's values, with the thread's i64
  /// linear index.
  llvm::CallInst *callThread(llvm::IRBuilderBase &B,
                             llvm::Value *const Index[3],
                             llvm::Value *BlockX = nullptr,
                             const ThreadValues *Resumable = nullptr);
};

/// Puts the plain (neither atomic nor volatile) loads and stores of thread
/// function \p Thread in one access group (`llvm.access.group`) and returns
/// it, or null when a loop over the threads must keep them in order.
/// Between two sync points CUDA leaves the block's threads unordered: a
/// kernel whose result depends on their order there has a data race, but
/// for its atomic, volatile and fenced accesses (which stay untagged), so
/// that a loop over the threads may run the tagged accesses in any order,
/// side by side in vectors. The thread's own memory is the exception:
/// an alloca, once the thread function is inlined into the block function,
/// is one for every thread, so a thread function with one gets no group.
/// The tags survive inlining; what is inlined later (libdevice's functions)
/// comes untagged, and a loop with an untagged access is not parallel.
llvm::MDNode *tagUnorderedAccesses(llvm::Function &Thread);

/// Emits loops over the block's threads, z outermost and x innermost, at
/// \p B's insertion point; \p Body gets the thread index and the values of
/// \p Carried of the previous thread and returns the next ones. Every
/// dimension must be at least 1. Leaves \p B after the loops and returns
/// the carried values of the last thread. \p NoInterleave asks the loop
/// vectorizer not to interleave the x loop, so that its vector body runs for
/// as few as one vector's width of threads (16 x 16 tiles: interleaving 4
/// <8 x float> iterations would need 32). \p ParallelAccesses, an access
/// group of tagUnorderedAccesses, marks the x loop's iterations independent
/// (`llvm.loop.parallel_accesses`) for the accesses so tagged, so that the
/// vectorizer needs no proof that they do not overlap (gathers from shared
/// memory by computed indices). With \p Innermost 1, only the loops over z
/// and y: \p Body gets their indices (Index[1], Index[2]).
llvm::SmallVector<llvm::Value *> emitThreadLoops(
    llvm::IRBuilderBase &B, llvm::Value *const Dims[3],
    llvm::ArrayRef<llvm::Value *> Carried,
    llvm::function_ref<llvm::SmallVector<llvm::Value *>(
        llvm::Value *const Index[3], llvm::ArrayRef<llvm::Value *> Carried)>
        Body,
    bool NoInterleave = false, llvm::MDNode *ParallelAccesses = nullptr,
    int Innermost = 0, int Level = 2, llvm::Value **Index = nullptr);

/// Emits a loop named \p Name over the indices [\p Begin, \p End) (linear
/// thread indices by default, of Begin's type), which must not be empty;
/// otherwise as emitThreadLoops (its x loop).
llvm::SmallVector<llvm::Value *>
emitLinearLoop(llvm::IRBuilderBase &B, llvm::Value *Begin, llvm::Value *End,
               llvm::ArrayRef<llvm::Value *> Carried,
               llvm::function_ref<llvm::SmallVector<llvm::Value *>(
                   llvm::Value *Linear, llvm::ArrayRef<llvm::Value *> Carried)>
                   Body,
               llvm::StringRef Name = "thread",
               llvm::MDNode *ParallelAccesses = nullptr);

} // namespace mm::device

#endif // MM_LIB_DEVICE_THREADLOOPS_H
