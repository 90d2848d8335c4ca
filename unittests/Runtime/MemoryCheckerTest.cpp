//===- MemoryCheckerTest.cpp - memcheck's guard zones and freed memory ----===//

#include "MemoryChecker.h"
#include "mm-runtime/mm_block_abi.h"

#include "gtest/gtest.h"

#include <cstdlib>

using mm::runtime::MemoryChecker;

namespace {

constexpr size_t Guard = MemoryChecker::GuardBytes;

/// An allocation of Size bytes as the runtime makes one with the checks on.
struct Allocation {
  Allocation(MemoryChecker &Checker, size_t Size)
      : Block(std::aligned_alloc(Guard, MemoryChecker::getPaddedSize(Size))),
        User(reinterpret_cast<uintptr_t>(Checker.addAllocation(Block, Size))) {}
  void *Block;
  uintptr_t User;
};

uint32_t kind(uint32_t Access, unsigned Log2Alignment = 0) {
  return Access | Log2Alignment << MM_ACCESS_ALIGNMENT_SHIFT;
}

TEST(MemoryCheckerTest, PaddedSize) {
  EXPECT_EQ(MemoryChecker::getPaddedSize(1), 3 * Guard);
  EXPECT_EQ(MemoryChecker::getPaddedSize(Guard), 3 * Guard);
  EXPECT_EQ(MemoryChecker::getPaddedSize(Guard + 1), 4 * Guard);
}

TEST(MemoryCheckerTest, InsideIsRight) {
  MemoryChecker Checker;
  Allocation A(Checker, 100);
  EXPECT_EQ(A.User % Guard, 0u);
  EXPECT_FALSE(Checker.check(A.User, 4, kind(MM_ACCESS_READ, 2)));
  EXPECT_FALSE(Checker.check(A.User + 96, 4, kind(MM_ACCESS_WRITE, 2)));
  EXPECT_FALSE(Checker.check(A.User, 100, kind(MM_ACCESS_READ)));
  std::free(A.Block);
}

TEST(MemoryCheckerTest, GuardZones) {
  MemoryChecker Checker;
  Allocation A(Checker, 100);
  std::optional<std::string> After =
      Checker.check(A.User + 100, 4, kind(MM_ACCESS_WRITE));
  ASSERT_TRUE(After);
  EXPECT_NE(After->find("is 0 bytes after the end of the allocation at"),
            std::string::npos)
      << *After;
  EXPECT_NE(After->find("of 100 bytes"), std::string::npos) << *After;
  // The rounding up to the guard's multiple is guard zone too.
  EXPECT_TRUE(Checker.check(A.User + Guard, 1, kind(MM_ACCESS_READ)));
  std::optional<std::string> Before =
      Checker.check(A.User - 8, 4, kind(MM_ACCESS_READ));
  ASSERT_TRUE(Before);
  EXPECT_NE(Before->find("is 8 bytes before the allocation"),
            std::string::npos)
      << *Before;
  std::optional<std::string> Across =
      Checker.check(A.User + 98, 4, kind(MM_ACCESS_READ));
  ASSERT_TRUE(Across);
  EXPECT_NE(Across->find("runs 2 bytes past the end"), std::string::npos)
      << *Across;
  // Beyond the padded block, memory is not judged.
  EXPECT_FALSE(Checker.check(A.User + 2 * Guard, 4, kind(MM_ACCESS_READ)));
  std::free(A.Block);
}

TEST(MemoryCheckerTest, RightAccessesRememberedUntilBlocksChange) {
  MemoryChecker Checker;
  Allocation A(Checker, 64);
  // Right, then remembered as right: the allocation, and the gap after it.
  EXPECT_FALSE(Checker.check(A.User, 4, kind(MM_ACCESS_READ)));
  EXPECT_FALSE(Checker.check(A.User + 60, 4, kind(MM_ACCESS_READ)));
  uintptr_t Beyond = A.User + 4 * Guard;
  EXPECT_FALSE(Checker.check(Beyond, 4, kind(MM_ACCESS_READ)));
  // Still checked past the remembered range.
  EXPECT_TRUE(Checker.check(A.User + 62, 4, kind(MM_ACCESS_READ)));
  // Freed: no longer right.
  Checker.removeAllocation(reinterpret_cast<void *>(A.User));
  EXPECT_TRUE(Checker.check(A.User, 4, kind(MM_ACCESS_READ)));
  // An allocation in the gap: its guard zone is checked.
  void *Base = reinterpret_cast<void *>(Beyond - Guard);
  Checker.addAllocation(Base, 64);
  EXPECT_TRUE(Checker.check(Beyond - 4, 4, kind(MM_ACCESS_READ)));
  std::free(A.Block);
}

// A checker made where another was, as a test's are, remembers nothing of
// the other's.
TEST(MemoryCheckerTest, CheckersDoNotShareWhatTheyRemember) {
  uintptr_t User;
  {
    MemoryChecker First;
    Allocation A(First, 64);
    User = A.User;
    EXPECT_FALSE(First.check(User, 4, kind(MM_ACCESS_READ)));
    std::free(A.Block);
  }
  MemoryChecker Second;
  void *Block = std::aligned_alloc(Guard, MemoryChecker::getPaddedSize(8));
  uintptr_t Small =
      reinterpret_cast<uintptr_t>(Second.addAllocation(Block, 8));
  EXPECT_TRUE(Second.check(Small + 8, 4, kind(MM_ACCESS_READ)));
  std::free(Block);
}

TEST(MemoryCheckerTest, InvalidFrees) {
  MemoryChecker Checker;
  Allocation A(Checker, 64);
  EXPECT_NE(Checker.describeInvalidFree(A.User + 8)
                .find("is 8 bytes into the allocation at"),
            std::string::npos);
  EXPECT_NE(Checker.describeInvalidFree(A.User + 64)
                .find("is not a device allocation's"),
            std::string::npos);
  Checker.removeAllocation(reinterpret_cast<void *>(A.User));
  EXPECT_NE(Checker.describeInvalidFree(A.User).find(
                "of 64 bytes was freed already"),
            std::string::npos);
  std::free(A.Block);
}

TEST(MemoryCheckerTest, Misaligned) {
  MemoryChecker Checker;
  std::optional<std::string> Problem =
      Checker.check(0x1002, 4, kind(MM_ACCESS_WRITE, 2));
  ASSERT_TRUE(Problem);
  EXPECT_EQ(*Problem, "address 0x1002 is misaligned: the access needs 4-byte "
                      "alignment");
  EXPECT_FALSE(Checker.check(0x1002, 4, kind(MM_ACCESS_WRITE)));
  EXPECT_FALSE(Checker.check(0x1008, 8, kind(MM_ACCESS_WRITE, 3)));
}

TEST(MemoryCheckerTest, SharedMemory) {
  char Static[64], Dynamic[32];
  auto At = [](const char *P) { return reinterpret_cast<uintptr_t>(P); };
  EXPECT_FALSE(
      MemoryChecker::checkShared(At(Static + 60), 4, Static, 64, Dynamic, 32));
  EXPECT_FALSE(
      MemoryChecker::checkShared(At(Dynamic), 32, Static, 64, Dynamic, 32));
  std::optional<std::string> Past =
      MemoryChecker::checkShared(At(Static + 62), 4, Static, 64, Dynamic, 32);
  ASSERT_TRUE(Past);
  EXPECT_NE(Past->find("is outside the block's shared memory (64 bytes "
                       "static, 32 dynamic)"),
            std::string::npos)
      << *Past;
  // No dynamic shared memory: nothing is within it.
  EXPECT_TRUE(
      MemoryChecker::checkShared(At(Dynamic), 4, Static, 64, nullptr, 0));
}

TEST(MemoryCheckerTest, FreedAllocationsAreHeldBack) {
  MemoryChecker Checker;
  Allocation A(Checker, 64);
  EXPECT_TRUE(Checker.removeAllocation(reinterpret_cast<void *>(A.User))
                  .empty());
  std::optional<std::string> Freed =
      Checker.check(A.User + 12, 4, kind(MM_ACCESS_READ));
  ASSERT_TRUE(Freed);
  EXPECT_NE(Freed->find("is in the freed allocation"), std::string::npos)
      << *Freed;
  // Beyond HeldBackBytes, the oldest freed block is given back: B's padded
  // block and A's together are 256 bytes too many.
  size_t Big = MemoryChecker::HeldBackBytes - 4 * Guard;
  Allocation B(Checker, Big);
  std::vector<void *> Released =
      Checker.removeAllocation(reinterpret_cast<void *>(B.User));
  ASSERT_EQ(Released.size(), 1u);
  EXPECT_EQ(Released[0], A.Block);
  EXPECT_FALSE(Checker.check(A.User + 12, 4, kind(MM_ACCESS_READ)));
  std::free(A.Block);
  std::free(B.Block);
}

TEST(MemoryCheckerTest, UnknownAllocationIsGivenBackAsItIs) {
  MemoryChecker Checker;
  int Local;
  std::vector<void *> Released = Checker.removeAllocation(&Local);
  ASSERT_EQ(Released.size(), 1u);
  EXPECT_EQ(Released[0], &Local);
}

} // namespace
