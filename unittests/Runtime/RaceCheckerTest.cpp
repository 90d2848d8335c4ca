//===- RaceCheckerTest.cpp - racecheck's hazards between threads ----------===//

#include "RaceChecker.h"

#include "gtest/gtest.h"

using mm::runtime::RaceChecker;
using mm::runtime::RaceHazard;

namespace {

constexpr bool Read = false, Write = true;
constexpr bool BlockBarrier = false, WarpBarrier = true;

/// A block of 64 threads in warps of 32, with 256 bytes of shared memory.
struct RaceCheckerTest : testing::Test {
  void SetUp() override { Checker.beginBlock(64, 32, 256); }
  /// Every thread of the block passes a barrier.
  void passBarrier(bool Warp) {
    for (uint32_t Thread = 0; Thread != 64; ++Thread)
      Checker.passBarrier(Thread, Warp);
  }
  RaceChecker Checker;
};

TEST_F(RaceCheckerTest, ReadAfterAnotherThreadsWrite) {
  EXPECT_FALSE(Checker.access(0, 8, 4, Write, "store"));
  std::optional<RaceHazard> H = Checker.access(1, 10, 4, Read, "load");
  ASSERT_TRUE(H);
  EXPECT_EQ(H->K, RaceHazard::ReadAfterWrite);
  EXPECT_EQ(H->EarlierThread, 0u);
  EXPECT_STREQ(H->EarlierSite, "store");
  EXPECT_EQ(H->LaterThread, 1u);
  EXPECT_STREQ(H->LaterSite, "load");
  // The first byte that both touched.
  EXPECT_EQ(H->Offset, 10u);
}

TEST_F(RaceCheckerTest, OwnAccessesAndDisjointBytesDoNotRace) {
  EXPECT_FALSE(Checker.access(0, 0, 4, Write, "a"));
  EXPECT_FALSE(Checker.access(0, 0, 4, Read, "b"));
  EXPECT_FALSE(Checker.access(0, 0, 4, Write, "c"));
  EXPECT_FALSE(Checker.access(1, 4, 4, Write, "d"));
}

TEST_F(RaceCheckerTest, ReadsOfTwoThreadsDoNotRace) {
  EXPECT_FALSE(Checker.access(0, 0, 4, Read, "a"));
  EXPECT_FALSE(Checker.access(1, 0, 4, Read, "b"));
}

TEST_F(RaceCheckerTest, WriteAfterAnotherThreadsRead) {
  // The writer read too: the other reader's read is remembered.
  EXPECT_FALSE(Checker.access(5, 0, 4, Read, "other"));
  EXPECT_FALSE(Checker.access(6, 0, 4, Read, "own"));
  std::optional<RaceHazard> H = Checker.access(6, 0, 4, Write, "store");
  ASSERT_TRUE(H);
  EXPECT_EQ(H->K, RaceHazard::WriteAfterRead);
  EXPECT_EQ(H->EarlierThread, 5u);
  EXPECT_STREQ(H->EarlierSite, "other");
}

TEST_F(RaceCheckerTest, WriteAfterAnotherThreadsWrite) {
  EXPECT_FALSE(Checker.access(0, 0, 1, Write, "a"));
  std::optional<RaceHazard> H = Checker.access(40, 0, 1, Write, "b");
  ASSERT_TRUE(H);
  EXPECT_EQ(H->K, RaceHazard::WriteAfterWrite);
}

TEST_F(RaceCheckerTest, BlockBarrierOrders) {
  EXPECT_FALSE(Checker.access(0, 0, 4, Write, "a"));
  passBarrier(BlockBarrier);
  EXPECT_FALSE(Checker.access(1, 0, 4, Read, "b"));
  EXPECT_FALSE(Checker.access(63, 0, 4, Read, "c"));
  passBarrier(BlockBarrier);
  EXPECT_FALSE(Checker.access(2, 0, 4, Write, "d"));
}

TEST_F(RaceCheckerTest, WarpBarrierOrdersItsWarpOnly) {
  EXPECT_FALSE(Checker.access(0, 0, 4, Write, "a"));
  passBarrier(WarpBarrier);
  EXPECT_FALSE(Checker.access(31, 0, 4, Read, "same warp"));
  std::optional<RaceHazard> H = Checker.access(32, 0, 4, Read, "next warp");
  ASSERT_TRUE(H);
  EXPECT_EQ(H->K, RaceHazard::ReadAfterWrite);
}

TEST_F(RaceCheckerTest, LanesWithoutWarpBarrierRace) {
  EXPECT_FALSE(Checker.access(0, 0, 4, Write, "a"));
  EXPECT_TRUE(Checker.access(1, 0, 4, Read, "b"));
}

TEST_F(RaceCheckerTest, NewBlockForgetsTheLast) {
  EXPECT_FALSE(Checker.access(0, 0, 4, Write, "a"));
  Checker.beginBlock(64, 32, 256);
  EXPECT_FALSE(Checker.access(1, 0, 4, Write, "b"));
  // Barrier counts start again too.
  EXPECT_TRUE(Checker.access(2, 0, 4, Write, "c"));
}

TEST_F(RaceCheckerTest, OutsideSharedMemoryOrBlockIsNotJudged) {
  EXPECT_FALSE(Checker.access(0, 256, 4, Write, "a"));
  EXPECT_FALSE(Checker.access(1, 256, 4, Write, "b"));
  EXPECT_FALSE(Checker.access(64, 0, 4, Write, "c"));
  // An access that ends past the shared memory is judged on its bytes
  // within.
  EXPECT_FALSE(Checker.access(0, 252, 8, Write, "d"));
  EXPECT_TRUE(Checker.access(1, 254, 8, Read, "e"));
}

} // namespace
