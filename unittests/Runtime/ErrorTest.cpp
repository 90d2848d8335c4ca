//===- ErrorTest.cpp - The offload runtime's Error and Expected -----------===//

#include "mm/Runtime/Error.h"

#include "gtest/gtest.h"

#include <memory>

using namespace mm::runtime;

namespace {

TEST(RuntimeErrorTest, SuccessIsFalse) {
  Error E = Error::success();
  EXPECT_FALSE(E);
  EXPECT_EQ(E.getStatus(), MM_SUCCESS);
  EXPECT_TRUE(E.getMessage().empty());
}

TEST(RuntimeErrorTest, FailureKeepsItsStatusAndMessage) {
  Error E(MM_ERROR_OUT_OF_MEMORY, "cannot allocate 10 bytes");
  EXPECT_TRUE(E);
  EXPECT_EQ(E.getStatus(), MM_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(E.getMessage(), "cannot allocate 10 bytes");
  EXPECT_FALSE(E.isDiagnostic());

  Error D =
      Error::diagnostic(MM_ERROR_NOT_FOUND, "a.mml:3:1: error: bad\nbad\n^\n");
  EXPECT_TRUE(D);
  EXPECT_TRUE(D.isDiagnostic());
  EXPECT_EQ(D.getStatus(), MM_ERROR_NOT_FOUND);
}

TEST(RuntimeErrorTest, ExpectedHoldsAValueOrAnError) {
  Expected<int> Value = 42;
  ASSERT_TRUE(Value);
  EXPECT_EQ(*Value, 42);
  EXPECT_FALSE(Value.takeError());

  Expected<int> Failed = Error(MM_ERROR_INVALID_VALUE, "no");
  EXPECT_FALSE(Failed);
  Error E = Failed.takeError();
  EXPECT_EQ(E.getStatus(), MM_ERROR_INVALID_VALUE);
  EXPECT_EQ(E.getMessage(), "no");

  // Move-only values, and pointers made from null.
  Expected<std::unique_ptr<int>> Owned = std::make_unique<int>(7);
  ASSERT_TRUE(Owned);
  EXPECT_EQ(**Owned, 7);
  Expected<void *> Null = nullptr;
  ASSERT_TRUE(Null);
  EXPECT_EQ(*Null, nullptr);
}

} // namespace
