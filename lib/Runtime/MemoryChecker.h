//===- MemoryChecker.h - CUDA's memcheck, on the CPU ------------*- C++ -*-===//
//
// What the runtime keeps for `mm-lli --check=memcheck`: each device
// allocation sits between guard zones, and a freed one is held back before
// its memory is released, so that an access just past an allocation, or of
// one already freed, falls on memory that no other allocation has; device
// code instrumented by mm-check-memory asks, before each access of global
// memory, whether it falls there.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_RUNTIME_MEMORYCHECKER_H
#define MM_LIB_RUNTIME_MEMORYCHECKER_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

namespace mm::runtime {

class MemoryChecker {
public:
  /// Bytes of guard zone before and after each allocation: cudaMalloc's
  /// alignment, which the user's pointer keeps.
  static constexpr size_t GuardBytes = 256;
  /// How many bytes of freed allocations are held back before the oldest
  /// is released.
  static constexpr size_t HeldBackBytes = size_t(256) << 20;

  /// What to allocate from the backend for an allocation of \p Size bytes.
  static size_t getPaddedSize(size_t Size);
  /// Records the allocation of \p Size bytes whose padded block the backend
  /// gave at \p Base; returns the pointer that the program gets.
  void *addAllocation(void *Base, size_t Size);
  /// Records that the program freed \p User (an allocation's pointer);
  /// returns the blocks to give back to the backend now: the oldest held
  /// back beyond HeldBackBytes, or \p User itself if it was allocated
  /// before the checks began.
  std::vector<void *> removeAllocation(void *User);
  /// Why a free of \p Address, which is not a live allocation's start, is
  /// wrong, in a sentence: the allocation there was freed already, the
  /// address is inside one, or in none.
  std::string describeInvalidFree(uintptr_t Address) const;
  /// What is wrong with an access of \p Size bytes at \p Address of kind
  /// \p Kind (MM_ACCESS_*), in a sentence; nothing if it is right as far as
  /// the checker knows (memory that no allocation is near is not judged).
  std::optional<std::string> check(uintptr_t Address, uint64_t Size,
                                   uint32_t Kind) const;

  /// What is wrong with an access of \p Size bytes of shared memory at
  /// \p Address by a thread of a block whose shared memory is
  /// \p StaticSize bytes at \p Static and \p DynamicSize at \p Dynamic, if
  /// anything: it must lie within one of them.
  static std::optional<std::string>
  checkShared(uintptr_t Address, uint64_t Size, const char *Static,
              uint64_t StaticSize, const char *Dynamic, uint64_t DynamicSize);

private:
  /// Ranges of addresses that the checks found right to access, each for
  /// the checker and the generation of its blocks it was found in: an
  /// allocation's bytes, or the bytes between two blocks, which no check
  /// judges. A thread's next accesses within one are right without the
  /// lock (most accesses of a kernel fall in the arrays it last touched).
  struct RightRange {
    const MemoryChecker *Checker = nullptr;
    uint64_t Generation = 0;
    uintptr_t Begin = 0, End = 0;
  };
  static constexpr unsigned NumRightRanges = 4;
  struct RightRanges {
    RightRange Ranges[NumRightRanges];
    unsigned Next = 0;
  };
  static thread_local RightRanges ThreadRightRanges;
  /// A generation that no checker has had: each change of a checker's
  /// Blocks gives it a new one, which makes every RightRange stale.
  static uint64_t getNewGeneration();
  std::atomic<uint64_t> Generation{getNewGeneration()};

  struct Block {
    uintptr_t User;
    size_t Size;
    size_t Padded;
    bool Freed;
  };
  mutable std::shared_mutex Lock;
  /// Every block given by the backend and not yet given back, by its base.
  std::map<uintptr_t, Block> Blocks;
  /// Freed blocks held back, oldest first, and their padded bytes.
  std::deque<uintptr_t> HeldBack;
  size_t HeldBackSize = 0;
};

} // namespace mm::runtime

#endif // MM_LIB_RUNTIME_MEMORYCHECKER_H
