//===- CurandSkipaheadTest.cpp - cuRAND's jumps against stepping ----------===//

#include "mm-runtime/mm_block_abi.h"

#include "gtest/gtest.h"

#include <array>
#include <cstdint>

namespace {

using Xorwow = std::array<uint32_t, 5>;

void stepXorwow(Xorwow &V) {
  uint32_t T = V[0] ^ (V[0] >> 2);
  V = {V[1], V[2], V[3], V[4], (V[4] ^ (V[4] << 4)) ^ (T ^ (T << 1))};
}

struct Mrg32k3a {
  std::array<uint32_t, 3> S1, S2;
  void step() {
    const int64_t M1 = 4294967087, M2 = 4294944443;
    int64_t P1 =
        ((1403580 * int64_t(S1[1]) - 810728 * int64_t(S1[0])) % M1 + M1) % M1;
    int64_t P2 =
        ((527612 * int64_t(S2[2]) - 1370589 * int64_t(S2[0])) % M2 + M2) % M2;
    S1 = {S1[1], S1[2], uint32_t(P1)};
    S2 = {S2[1], S2[2], uint32_t(P2)};
  }
};

const uint64_t Counts[] = {0, 1, 2, 3, 4, 5, 15, 16, 17, 1000, 65537};

TEST(CurandSkipaheadTest, XorwowJumpIsThatManySteps) {
  for (uint64_t N : Counts) {
    Xorwow Stepped = {123456789, 362436069, 521288629, 88675123, 5783321};
    Xorwow Jumped = Stepped;
    for (uint64_t I = 0; I != N; ++I)
      stepXorwow(Stepped);
    __mm_device_curand_xorwow_skipahead(Jumped.data(), N, 0);
    EXPECT_EQ(Jumped, Stepped) << N << " steps";
  }
}

TEST(CurandSkipaheadTest, XorwowStridesCompose) {
  // n jumps of stride 2^3 are 8n steps.
  Xorwow Stepped = {1, 2, 3, 4, 5}, Jumped = Stepped;
  for (int I = 0; I != 8 * 37; ++I)
    stepXorwow(Stepped);
  __mm_device_curand_xorwow_skipahead(Jumped.data(), 37, 3);
  EXPECT_EQ(Jumped, Stepped);
  // 2^67 = 16 * 2^63 = 2 * 2^66.
  Xorwow A = {9, 8, 7, 6, 5}, B = A, C = A;
  __mm_device_curand_xorwow_skipahead(A.data(), 1, 67);
  __mm_device_curand_xorwow_skipahead(B.data(), 16, 63);
  __mm_device_curand_xorwow_skipahead(C.data(), 2, 66);
  EXPECT_EQ(A, B);
  EXPECT_EQ(A, C);
}

TEST(CurandSkipaheadTest, Mrg32k3aJumpIsThatManySteps) {
  for (uint64_t N : Counts) {
    Mrg32k3a Stepped{{12345, 12345, 12345}, {12345, 12345, 12345}};
    Mrg32k3a Jumped = Stepped;
    for (uint64_t I = 0; I != N; ++I)
      Stepped.step();
    __mm_device_curand_mrg32k3a_skipahead(Jumped.S1.data(), Jumped.S2.data(), N,
                                          0);
    EXPECT_EQ(Jumped.S1, Stepped.S1) << N << " steps";
    EXPECT_EQ(Jumped.S2, Stepped.S2) << N << " steps";
  }
}

TEST(CurandSkipaheadTest, Mrg32k3aStridesCompose) {
  // One sequence of 2^127 is 2^51 subsequences of 2^76.
  Mrg32k3a A{{1, 2, 3}, {4, 5, 6}}, B = A;
  __mm_device_curand_mrg32k3a_skipahead(A.S1.data(), A.S2.data(), 1, 127);
  __mm_device_curand_mrg32k3a_skipahead(B.S1.data(), B.S2.data(),
                                        uint64_t(1) << 51, 76);
  EXPECT_EQ(A.S1, B.S1);
  EXPECT_EQ(A.S2, B.S2);
}

} // namespace
