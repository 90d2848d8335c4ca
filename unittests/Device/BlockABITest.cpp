//===- BlockABITest.cpp - The descriptor's IR type against the C struct ---===//

#include "BlockABI.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/TargetParser/Host.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace mm::device;

namespace {

/// The IR type of mm_kernel_descriptor lays its fields out where the C
/// struct has them, on the host the runtime runs on.
TEST(BlockABITest, DescriptorTypeMatchesTheCStruct) {
  LLVMContext C;
  StructType *Ty = getKernelDescriptorType(C);
  // The host's layout, as the JIT uses it (x86-64 and AArch64 alike for
  // these fields).
  DataLayout DL("e-m:e-i64:64-n32:64-S128");
  const StructLayout *Layout = DL.getStructLayout(Ty);
  ArrayRef<size_t> Offsets = getKernelDescriptorFieldOffsets();
  ASSERT_EQ(Ty->getNumElements(), Offsets.size());
  for (unsigned I = 0; I < Ty->getNumElements(); ++I)
    EXPECT_EQ(Layout->getElementOffset(I), Offsets[I]) << "field " << I;
  EXPECT_EQ(Layout->getSizeInBytes(), sizeof(mm_kernel_descriptor));
}

} // namespace
