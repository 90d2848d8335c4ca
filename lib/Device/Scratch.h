//===- Scratch.h - A block's scratch memory ---------------------*- C++ -*-===//
//
// The layout of a block's scratch memory (mm_block_context::thread_scratch),
// shared by the passes that address it: one array per value, the threads'
// copies side by side at their linear index (so that the loops over x access
// consecutive copies). A value at per-thread offset O of a kernel with
// thread_scratch_size S starts at O * the block's thread count. The first
// arrays are the lowering's own: the slots through which warp operations
// exchange values, the sync point each thread stopped at, and the tag that
// says which warp operation's exchange a thread is at.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_DEVICE_SCRATCH_H
#define MM_LIB_DEVICE_SCRATCH_H

#include "llvm/ADT/Twine.h"

#include <cstdint>

namespace llvm {
class IRBuilderBase;
class Value;
} // namespace llvm

namespace mm::device {

class ThreadValues;

inline constexpr uint64_t ExchangeSlotOffset = 0;
inline constexpr uint64_t ExchangeSlotSize = 8;
inline constexpr uint64_t StopSlotOffset = 8;
inline constexpr uint64_t StopSlotSize = 4;
inline constexpr uint64_t ExchangeTagOffset = 12;
inline constexpr uint64_t ExchangeTagSize = 4;
/// Where the kernel's own values start.
inline constexpr uint64_t ScratchHeaderSize = 16;

/// What a thread's exchange tag holds: in its low ExchangeKindBits, the
/// kind of sync point it is at; above them, for an exchange, the number of
/// the warp operation, one per warp operation of the function.
enum ExchangeKind : uint32_t {
  /// The thread has exited.
  NotExchanging = 0,
  /// At a sync point that is not an exchange: a barrier, `__syncwarp()`, a
  /// yield point.
  Waiting = 1,
  Shuffle = 2,
  Vote = 3,
  Match = 4,
  /// An operation without a mask (__activemask(), amdgcn's ballot and
  /// ds.bpermute).
  Unmasked = 5,
};
inline constexpr unsigned ExchangeKindBits = 3;

/// The array of the threads' copies of the scratch value at per-thread
/// offset \p Offset; \p BlockThreads is the block's thread count (i64).
llvm::Value *scratchArray(llvm::IRBuilderBase &B, llvm::Value *BlockScratch,
                          llvm::Value *BlockThreads, uint64_t Offset);

/// Thread \p Thread's (i64) copy in \p Array of \p Size-byte values.
llvm::Value *scratchElement(llvm::IRBuilderBase &B, llvm::Value *Array,
                            uint64_t Size, llvm::Value *Thread,
                            const llvm::Twine &Name = "");

/// The exchange slot of thread \p Thread of the block (a resumable thread
/// function's values).
llvm::Value *exchangeSlot(llvm::IRBuilderBase &B, const ThreadValues &TV,
                          llvm::Value *Thread);

/// The exchange tag (i32) of thread \p Thread of the block.
llvm::Value *exchangeTag(llvm::IRBuilderBase &B, const ThreadValues &TV,
                         llvm::Value *Thread);

} // namespace mm::device

#endif // MM_LIB_DEVICE_SCRATCH_H
