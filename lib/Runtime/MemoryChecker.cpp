//===- MemoryChecker.cpp - CUDA's memcheck, on the CPU --------------------===//

#include "MemoryChecker.h"

#include "mm-runtime/mm_block_abi.h"

#include <cstdio>
#include <mutex>

using namespace mm::runtime;

thread_local MemoryChecker::RightRanges MemoryChecker::ThreadRightRanges;

uint64_t MemoryChecker::getNewGeneration() {
  static std::atomic<uint64_t> Generations{0};
  return Generations.fetch_add(1, std::memory_order_relaxed) + 1;
}

size_t MemoryChecker::getPaddedSize(size_t Size) {
  size_t Rounded = (Size + GuardBytes - 1) / GuardBytes * GuardBytes;
  return GuardBytes + Rounded + GuardBytes;
}

void *MemoryChecker::addAllocation(void *Base, size_t Size) {
  uintptr_t Start = reinterpret_cast<uintptr_t>(Base);
  std::unique_lock<std::shared_mutex> Guard(Lock);
  Blocks[Start] = {Start + GuardBytes, Size, getPaddedSize(Size), false};
  Generation.store(getNewGeneration(), std::memory_order_release);
  return reinterpret_cast<void *>(Start + GuardBytes);
}

std::vector<void *> MemoryChecker::removeAllocation(void *User) {
  uintptr_t Start = reinterpret_cast<uintptr_t>(User) - GuardBytes;
  std::vector<void *> Released;
  std::unique_lock<std::shared_mutex> Guard(Lock);
  auto It = Blocks.find(Start);
  if (It == Blocks.end()) {
    // Allocated before the checks began: no guard zones.
    Released.push_back(User);
    return Released;
  }
  It->second.Freed = true;
  Generation.store(getNewGeneration(), std::memory_order_release);
  HeldBack.push_back(Start);
  HeldBackSize += It->second.Padded;
  while (HeldBackSize > HeldBackBytes) {
    auto Oldest = Blocks.find(HeldBack.front());
    HeldBack.pop_front();
    HeldBackSize -= Oldest->second.Padded;
    Released.push_back(reinterpret_cast<void *>(Oldest->first));
    Blocks.erase(Oldest);
  }
  return Released;
}

/// "0x..." for \p Address.
static std::string hex(uintptr_t Address) {
  char Text[24];
  std::snprintf(Text, sizeof Text, "%#llx",
                static_cast<unsigned long long>(Address));
  return Text;
}

std::string MemoryChecker::describeInvalidFree(uintptr_t Address) const {
  std::shared_lock<std::shared_mutex> Guard(Lock);
  auto It = Blocks.upper_bound(Address);
  if (It != Blocks.begin()) {
    --It;
    const Block &B = It->second;
    std::string Allocation = "allocation at " + hex(B.User) + " of " +
                             std::to_string(B.Size) + " bytes";
    if (Address == B.User && B.Freed)
      return "the " + Allocation + " was freed already";
    if (Address >= B.User && Address < B.User + B.Size)
      return "address " + hex(Address) + " is " +
             std::to_string(Address - B.User) + " bytes into the " +
             Allocation + ", not its start";
  }
  return "address " + hex(Address) + " is not a device allocation's";
}

std::optional<std::string>
MemoryChecker::checkShared(uintptr_t Address, uint64_t Size,
                           const char *Static, uint64_t StaticSize,
                           const char *Dynamic, uint64_t DynamicSize) {
  auto Holds = [&](const char *Start, uint64_t Bytes) {
    uintptr_t First = reinterpret_cast<uintptr_t>(Start);
    return Start && Address >= First && Address + Size <= First + Bytes;
  };
  if (Holds(Static, StaticSize) || Holds(Dynamic, DynamicSize))
    return std::nullopt;
  return "address " + hex(Address) +
         " is outside the block's shared memory (" +
         std::to_string(StaticSize) + " bytes static, " +
         std::to_string(DynamicSize) + " dynamic)";
}

std::optional<std::string> MemoryChecker::check(uintptr_t Address,
                                                uint64_t Size,
                                                uint32_t Kind) const {
  uint64_t Alignment = uint64_t(1) << (Kind >> MM_ACCESS_ALIGNMENT_SHIFT);
  if (Address % Alignment)
    return "address " + hex(Address) + " is misaligned: the access needs " +
           std::to_string(Alignment) + "-byte alignment";
  if (Size == 0)
    return std::nullopt;
  uint64_t Current = Generation.load(std::memory_order_acquire);
  RightRanges &Known = ThreadRightRanges;
  for (const RightRange &R : Known.Ranges)
    if (R.Checker == this && R.Generation == Current && Address >= R.Begin &&
        Address + Size <= R.End)
      return std::nullopt;
  auto Remember = [&](uintptr_t Begin, uintptr_t End) {
    Known.Ranges[Known.Next++ % NumRightRanges] = {this, Current, Begin, End};
    return std::nullopt;
  };
  std::shared_lock<std::shared_mutex> Guard(Lock);
  auto It = Blocks.upper_bound(Address + Size - 1);
  uintptr_t GapEnd = It == Blocks.end() ? UINTPTR_MAX : It->first;
  if (It == Blocks.begin())
    return Remember(0, GapEnd);
  --It;
  const Block &B = It->second;
  if (Address >= It->first + B.Padded)
    return Remember(It->first + B.Padded, GapEnd);
  uintptr_t End = B.User + B.Size;
  if (!B.Freed && Address >= B.User && Address + Size <= End)
    return Remember(B.User, End);
  std::string Allocation = "allocation at " + hex(B.User) + " of " +
                           std::to_string(B.Size) + " bytes";
  if (B.Freed)
    return "address " + hex(Address) + " is in the freed " + Allocation;
  if (Address < B.User)
    return "address " + hex(Address) + " is " +
           std::to_string(B.User - Address) + " bytes before the " +
           Allocation;
  if (Address >= End)
    return "address " + hex(Address) + " is " + std::to_string(Address - End) +
           " bytes after the end of the " + Allocation;
  return "the access at " + hex(Address) + " runs " +
         std::to_string(Address + Size - End) + " bytes past the end of the " +
         Allocation;
}
