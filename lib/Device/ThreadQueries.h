//===- ThreadQueries.h - What a thread asks of its block --------*- C++ -*-===//

#ifndef MM_LIB_DEVICE_THREADQUERIES_H
#define MM_LIB_DEVICE_THREADQUERIES_H

#include <utility>

namespace llvm {
class IRBuilderBase;
class Value;
} // namespace llvm

namespace mm::device {

class ThreadValues;

/// The linear index of thread \p Tid in a block of \p NTid threads:
/// x + ntid.x * (y + ntid.y * z). The runtime limits a block to
/// MaxThreadsPerBlock threads, so that linear indices and counts do not wrap.
llvm::Value *linearIndex(llvm::IRBuilderBase &B, llvm::Value *const Tid[3],
                         llvm::Value *const NTid[3]);
/// The thread's linear index in its block.
llvm::Value *linearThreadId(llvm::IRBuilderBase &B, const ThreadValues &TV);
/// The block's number of threads.
llvm::Value *threadsPerBlock(llvm::IRBuilderBase &B, const ThreadValues &TV);

/// The emulated HSA kernel dispatch packet and code object v5 implicit
/// kernel arguments, from which clang's HIP code reads block and grid
/// sizes, for a block of \p NTid threads in a grid of \p NCtaId blocks.
std::pair<llvm::Value *, llvm::Value *>
emitAMDGCNDispatchData(llvm::IRBuilderBase &B, llvm::Value *const NTid[3],
                       llvm::Value *const NCtaId[3]);

} // namespace mm::device

#endif // MM_LIB_DEVICE_THREADQUERIES_H
