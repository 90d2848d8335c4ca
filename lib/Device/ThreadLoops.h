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
#include "llvm/IR/IRBuilder.h"

namespace mm::device {

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

/// Emits loops over the block's threads, z outermost and x innermost, at
/// \p B's insertion point; \p Body gets the thread index and the values of
/// \p Carried of the previous thread and returns the next ones. Every
/// dimension must be at least 1. Leaves \p B after the loops and returns
/// the carried values of the last thread. \p NoInterleave asks the loop
/// vectorizer not to interleave the x loop, so that its vector body runs for
/// as few as one vector's width of threads (16 x 16 tiles: interleaving 4
/// <8 x float> iterations would need 32). With \p Innermost 1, only the
/// loops over z and y: \p Body gets their indices (Index[1], Index[2]).
llvm::SmallVector<llvm::Value *> emitThreadLoops(
    llvm::IRBuilderBase &B, llvm::Value *const Dims[3],
    llvm::ArrayRef<llvm::Value *> Carried,
    llvm::function_ref<llvm::SmallVector<llvm::Value *>(
        llvm::Value *const Index[3], llvm::ArrayRef<llvm::Value *> Carried)>
        Body,
    bool NoInterleave = false, int Innermost = 0, int Level = 2,
    llvm::Value **Index = nullptr);

/// Emits a loop named \p Name over the indices [\p Begin, \p End) (linear
/// thread indices by default, of Begin's type), which must not be empty;
/// otherwise as emitThreadLoops.
llvm::SmallVector<llvm::Value *> emitLinearLoop(
    llvm::IRBuilderBase &B, llvm::Value *Begin, llvm::Value *End,
    llvm::ArrayRef<llvm::Value *> Carried,
    llvm::function_ref<llvm::SmallVector<llvm::Value *>(
        llvm::Value *Linear, llvm::ArrayRef<llvm::Value *> Carried)>
        Body,
    llvm::StringRef Name = "thread");

} // namespace mm::device

#endif // MM_LIB_DEVICE_THREADLOOPS_H
