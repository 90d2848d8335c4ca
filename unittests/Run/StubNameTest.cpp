//===- StubNameTest.cpp - CUDA host stubs to kernel names -----------------===//

#include "mm/Support/CudaStubs.h"

#include "gtest/gtest.h"

using namespace mm;

namespace {

TEST(StubNameTest, MangledFunction) {
  EXPECT_EQ(getKernelNameForStub("_Z20__device_stub__saxpyifPfS_"),
            "_Z5saxpyifPfS_");
}

TEST(StubNameTest, LengthCrossesADigitBoundary) {
  // The new length is written anew: 25 - 15 = 10, 16 - 15 = 1.
  EXPECT_EQ(getKernelNameForStub("_Z25__device_stub__abcdefghijv"),
            "_Z10abcdefghijv");
  EXPECT_EQ(getKernelNameForStub("_Z16__device_stub__kv"), "_Z1kv");
  // A static kernel's, renamed apart from another source's (mm-nvcc).
  EXPECT_EQ(getKernelNameForStub("_ZL16__device_stub__kPi.main"),
            "_ZL1kPi.main");
}

TEST(StubNameTest, NamespacesAndTemplates) {
  EXPECT_EQ(getKernelNameForStub("_ZN2ns22__device_stub__reduceEPfi"),
            "_ZN2ns7reduceEPfi");
  EXPECT_EQ(getKernelNameForStub("_Z21__device_stub__kernelIiEvPT_"),
            "_Z6kernelIiEvPT_");
}

TEST(StubNameTest, ExternC) {
  EXPECT_EQ(getKernelNameForStub("__device_stub__saxpy"), "saxpy");
}

TEST(StubNameTest, NotAStub) {
  EXPECT_EQ(getKernelNameForStub("_Z5saxpyifPfS_"), "");
  EXPECT_EQ(getKernelNameForStub("main"), "");
  // No length before the prefix, or one too short to hold it.
  EXPECT_EQ(getKernelNameForStub("x__device_stub__k"), "");
  EXPECT_EQ(getKernelNameForStub("_Z15__device_stub__"), "");
}

} // namespace
