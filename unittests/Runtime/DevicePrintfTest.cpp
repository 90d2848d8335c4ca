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
