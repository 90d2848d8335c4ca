//===- RaceChecker.h - CUDA's racecheck, on the CPU -------------*- C++ -*-===//
//
// What a worker keeps for `mm-lli --check=racecheck`: for each byte of the
// block's shared memory, the last write and the last reads of it (which
// thread, where in the source, after how many of the kernel's own barriers
// of the block and of its warp), and for each thread of the block how many
// of those barriers it has passed. Code instrumented by mm-check-races
// tells the checker of each access of shared memory and each barrier; an
// access is a hazard where the thread that made the earlier one is another
// and no barrier lies between them: both threads passed as many block
// barriers, and, if they are of one warp, as many warp barriers. The block
// function runs a block's threads one after the other between sync points,
// so the order in which the checker sees the accesses is one that the GPU
// may run them in; where the kernel relies on a warp's lockstep instead of
// __syncwarp(), that is a hazard too, as CUDA's racecheck reports it.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_RUNTIME_RACECHECKER_H
#define MM_LIB_RUNTIME_RACECHECKER_H

#include <cstdint>
#include <optional>
#include <vector>

namespace mm::runtime {

/// Two accesses of the same shared memory by two threads of a block, with
/// no barrier between them.
struct RaceHazard {
  enum Kind { ReadAfterWrite, WriteAfterRead, WriteAfterWrite };
  Kind K;
  /// The earlier access's thread (its index in the block, x fastest) and
  /// site, then the later's.
  uint32_t EarlierThread;
  const char *EarlierSite;
  uint32_t LaterThread;
  const char *LaterSite;
  /// The first byte of the later access that the earlier touched, as an
  /// offset in the block's shared memory.
  uint64_t Offset;
};

class RaceChecker {
public:
  /// Starts a block of \p NumThreads threads, in warps of \p WarpSize, whose
  /// shared memory is \p SharedBytes bytes: nothing of an earlier block's
  /// accesses or barriers counts.
  void beginBlock(uint32_t NumThreads, uint32_t WarpSize,
                  uint64_t SharedBytes);
  /// Thread \p Thread passed a barrier of the kernel's own: its block's
  /// (`__syncthreads()`), or its warp's (`__syncwarp()`) if \p Warp.
  void passBarrier(uint32_t Thread, bool Warp);
  /// Thread \p Thread reads (or writes, if \p Write) \p Size bytes of shared
  /// memory from \p Offset, at \p Site; the first hazard that the access
  /// makes with an earlier one, if any. Bytes beyond the block's shared
  /// memory are not looked at.
  std::optional<RaceHazard> access(uint32_t Thread, uint64_t Offset,
                                   uint64_t Size, bool Write,
                                   const char *Site);

private:
  /// One access of a byte: by which thread (its index plus one; 0 for
  /// none), after how many barriers, where.
  struct Access {
    uint32_t Thread = 0;
    uint32_t BlockBarriers = 0;
    uint32_t WarpBarriers = 0;
    const char *Site = nullptr;
  };
  /// What a byte of shared memory saw in the block of \p Block: its last
  /// write, and the last reads since by up to two threads.
  struct ByteState {
    uint64_t Block = 0;
    Access Write;
    Access Reads[2];
  };

  Access makeAccess(uint32_t Thread, const char *Site) const;
  /// True if \p Earlier and \p Later, by different threads, have no
  /// barrier between them.
  bool isConcurrent(const Access &Earlier, const Access &Later) const;

  uint32_t WarpSize = 32;
  /// The block being run, counted from 1: a byte whose state is of another
  /// block is as if untouched, so that starting a block clears nothing.
  uint64_t Block = 0;
  std::vector<ByteState> Bytes;
  std::vector<uint32_t> BlockBarriers, WarpBarriers;
};

} // namespace mm::runtime

#endif // MM_LIB_RUNTIME_RACECHECKER_H
