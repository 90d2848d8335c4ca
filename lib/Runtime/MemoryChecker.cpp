//===- MemoryChecker.cpp - CUDA's memcheck, on the CPU --------------------===//

#include "MemoryChecker.h"

#include "mm-runtime/mm_block_abi.h"

#include <cstdio>
#include <mutex>

using namespace mm::runtime;

size_t MemoryChecker::getPaddedSize(size_t Size) {
  size_t Rounded = (Size + GuardBytes - 1) / GuardBytes * GuardBytes;
  return GuardBytes + Rounded + GuardBytes;
}

void *MemoryChecker::addAllocation(void *Base, size_t Size) {
  uintptr_t Start = reinterpret_cast<uintptr_t>(Base);
  std::unique_lock<std::shared_mutex> Guard(Lock);
  Blocks[Start] = {Start + GuardBytes, Size, getPaddedSize(Size), false};
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
  std::shared_lock<std::shared_mutex> Guard(Lock);
  auto It = Blocks.upper_bound(Address + Size - 1);
  if (It == Blocks.begin())
    return std::nullopt;
  --It;
  const Block &B = It->second;
  if (Address >= It->first + B.Padded)
    return std::nullopt;
  std::string Allocation = "allocation at " + hex(B.User) + " of " +
                           std::to_string(B.Size) + " bytes";
  if (B.Freed)
    return "address " + hex(Address) + " is in the freed " + Allocation;
  if (Address < B.User)
    return "address " + hex(Address) + " is " +
           std::to_string(B.User - Address) + " bytes before the " +
           Allocation;
  uintptr_t End = B.User + B.Size;
  if (Address >= End)
    return "address " + hex(Address) + " is " + std::to_string(Address - End) +
           " bytes after the end of the " + Allocation;
  if (Address + Size > End)
    return "the access at " + hex(Address) + " runs " +
           std::to_string(Address + Size - End) +
           " bytes past the end of the " + Allocation;
  return std::nullopt;
}
