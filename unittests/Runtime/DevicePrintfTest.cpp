//===- DevicePrintfTest.cpp - CUDA vprintf argument packing ---------------===//

#include "mm/Runtime/DevicePrintf.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <vector>

using namespace mm::runtime;

namespace {
/// Packs arguments as CUDA's device printf does: each at the next multiple
/// of its own size.
class Packer {
public:
  template <typename T> Packer &add(T Value) {
    size_t Offset = (Bytes.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    Bytes.resize(Offset + sizeof(T));
    std::memcpy(Bytes.data() + Offset, &Value, sizeof(T));
    return *this;
  }
  const char *data() const { return Bytes.data(); }

private:
  std::vector<char> Bytes;
};

TEST(DevicePrintfTest, IntegersAndAlignment) {
  Packer P;
  // An int, then a long long that must skip to offset 8, then an int.
  P.add<int32_t>(-7).add<long long>(1LL << 40).add<uint32_t>(255);
  EXPECT_EQ(formatDevicePrintf("%d %lld %x", P.data()), "-7 1099511627776 ff");
}

TEST(DevicePrintfTest, FloatsArePromotedToDouble) {
  Packer P;
  P.add<int32_t>(3).add<double>(2.5).add<double>(0.125);
  EXPECT_EQ(formatDevicePrintf("i=%d x=%.2f y=%g", P.data()),
            "i=3 x=2.50 y=0.125");
}

TEST(DevicePrintfTest, StringsPointersAndStars) {
  const char *Word = "block";
  Packer P;
  P.add<const char *>(Word).add<int32_t>(6).add<int32_t>(42);
  EXPECT_EQ(formatDevicePrintf("[%s] [%*d] 100%%", P.data()),
            "[block] [    42] 100%");
}

TEST(DevicePrintfTest, CharsAndFlags) {
  Packer P;
  P.add<int32_t>('z').add<int32_t>(5).add<size_t>(12);
  EXPECT_EQ(formatDevicePrintf("%c|%-3d|%05zu", P.data()), "z|5  |00012");
}

TEST(DevicePrintfTest, UnknownConversionIsPrintedAsWritten) {
  Packer P;
  P.add<int32_t>(1);
  EXPECT_EQ(formatDevicePrintf("%y %d", P.data()), "%y 1");
}
} // namespace

/// The bits that clang's amdgcn printf passes for a double.
static uint64_t doubleBits(double Value) {
  uint64_t Bits;
  std::memcpy(&Bits, &Value, sizeof(Bits));
  return Bits;
}

TEST(DevicePrintfTest, AMDGCNHostcallArguments) {
  // printf("block %d thread %u: %.1f %s %ld %c|%5s|\n", 3, 1u, 0.5, "str",
  //        -7L, 'x', null): the format and each string as a string (its
  // length counts the null), any other argument as 64 bits.
  HostcallPrintf Call;
  const char Format[] = "block %d thread %u: %.1f %s %ld %c|%5s|\n";
  Call.appendString(Format, sizeof(Format));
  Call.appendArgs({3, 1, doubleBits(0.5)});
  Call.appendString("str", 4);
  Call.appendArgs({uint64_t(-7), 'x'});
  Call.appendString(nullptr, 0);
  EXPECT_EQ(Call.format(), "block 3 thread 1: 0.5 str -7 x|(null)|\n");
}

TEST(DevicePrintfTest, AMDGCNHostcallMissingArguments) {
  // A format with no arguments, and conversions past the last argument.
  HostcallPrintf Plain;
  Plain.appendString("100%% done\n", 12);
  EXPECT_EQ(Plain.format(), "100% done\n");
  HostcallPrintf Short;
  Short.appendString("%d %d %s", 9);
  Short.appendArgs({5});
  EXPECT_EQ(Short.format(), "5 0 (null)");
  // The length bounds the string even without a null.
  HostcallPrintf Bounded;
  Bounded.appendString("%s!", 4);
  Bounded.appendString("abcdef", 3);
  EXPECT_EQ(Bounded.format(), "abc!");
}
