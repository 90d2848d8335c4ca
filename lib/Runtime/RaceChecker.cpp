//===- RaceChecker.cpp - CUDA's racecheck, on the CPU ---------------------===//

#include "RaceChecker.h"

#include <algorithm>

using namespace mm::runtime;

void RaceChecker::beginBlock(uint32_t NumThreads, uint32_t WarpSize,
                             uint64_t SharedBytes) {
  this->WarpSize = WarpSize ? WarpSize : 1;
  ++Block;
  if (Bytes.size() < SharedBytes)
    Bytes.resize(SharedBytes);
  BlockBarriers.assign(NumThreads, 0);
  WarpBarriers.assign(NumThreads, 0);
}

void RaceChecker::passBarrier(uint32_t Thread, bool Warp) {
  if (Thread >= BlockBarriers.size())
    return;
  ++(Warp ? WarpBarriers : BlockBarriers)[Thread];
}

RaceChecker::Access RaceChecker::makeAccess(uint32_t Thread,
                                            const char *Site) const {
  return {Thread + 1, BlockBarriers[Thread], WarpBarriers[Thread], Site};
}

bool RaceChecker::isConcurrent(const Access &Earlier,
                               const Access &Later) const {
  if (!Earlier.Thread || Earlier.Thread == Later.Thread ||
      Earlier.BlockBarriers != Later.BlockBarriers)
    return false;
  bool SameWarp =
      (Earlier.Thread - 1) / WarpSize == (Later.Thread - 1) / WarpSize;
  return !SameWarp || Earlier.WarpBarriers == Later.WarpBarriers;
}

std::optional<RaceHazard> RaceChecker::access(uint32_t Thread,
                                              uint64_t Offset, uint64_t Size,
                                              bool Write, const char *Site) {
  if (Thread >= BlockBarriers.size() || Offset >= Bytes.size())
    return std::nullopt;
  Access This = makeAccess(Thread, Site);
  std::optional<RaceHazard> Found;
  auto Note = [&](RaceHazard::Kind K, const Access &Earlier, uint64_t At) {
    if (!Found)
      Found = RaceHazard{K, Earlier.Thread - 1, Earlier.Site, Thread, Site, At};
  };
  uint64_t End = std::min<uint64_t>(Offset + Size, Bytes.size());
  for (uint64_t At = Offset; At != End; ++At) {
    ByteState &B = Bytes[At];
    if (B.Block != Block)
      B = ByteState{Block, {}, {}};
    if (isConcurrent(B.Write, This))
      Note(Write ? RaceHazard::WriteAfterWrite : RaceHazard::ReadAfterWrite,
           B.Write, At);
    if (Write) {
      for (const Access &Read : B.Reads)
        if (isConcurrent(Read, This))
          Note(RaceHazard::WriteAfterRead, Read, At);
      B.Write = This;
      B.Reads[0] = B.Reads[1] = Access();
      continue;
    }
    // Keep this thread's read, and another thread's read of the same
    // interval between barriers if there is one, for a later write.
    Access &Slot = B.Reads[0].Thread == This.Thread ||
                           !isConcurrent(B.Reads[0], This)
                       ? B.Reads[0]
                       : B.Reads[1];
    Slot = This;
  }
  return Found;
}
