//===- CurandSkipahead.cpp - cuRAND's generators jumping ahead -----------===//
//
// The `__mm_device_curand_*_skipahead` entry points of mm_block_abi.h.
// Both generators are linear in their state: XORWOW's xorshift words over
// GF(2), MRG32k3a's components modulo their primes. Moving n * 2^s numbers
// ahead multiplies the state by the transition matrix to that power. For
// each stride 2^s the first jump computes the powers T^(2^s * R^k), R the
// radix of n's digits, once per process; a jump then applies each of n's
// digits' power that many times, as cuRAND applies its precomputed tables.
//
//===----------------------------------------------------------------------===//

#include "mm-runtime/mm_block_abi.h"

#include <array>
#include <memory>
#include <mutex>

namespace {

constexpr unsigned MaxLog2Stride = 128;

/// Powers of one matrix for each stride, computed on first use. `Powers`
/// builds the table of stride 2^s.
template <typename Powers> class PowerTables {
public:
  const Powers &get(unsigned Log2Stride) {
    std::call_once(Once[Log2Stride], [&] {
      Tables[Log2Stride] = std::make_unique<Powers>(Log2Stride);
    });
    return *Tables[Log2Stride];
  }

private:
  std::array<std::once_flag, MaxLog2Stride> Once;
  std::array<std::unique_ptr<Powers>, MaxLog2Stride> Tables;
};

//===- XORWOW ------------------------------------------------------------===//

constexpr unsigned XorwowWords = 5;
using XorwowVector = std::array<uint32_t, XorwowWords>;

/// The xorshift part of XORWOW's step; the Weyl counter is separate.
XorwowVector stepXorwow(const XorwowVector &V) {
  uint32_t T = V[0] ^ (V[0] >> 2);
  return {V[1], V[2], V[3], V[4], (V[4] ^ (V[4] << 4)) ^ (T ^ (T << 1))};
}

/// A 160 x 160 matrix over GF(2): column j is the image of the state whose
/// only set bit is bit j % 32 of word j / 32.
struct XorwowMatrix {
  std::array<XorwowVector, XorwowWords * 32> Columns;

  XorwowVector apply(const XorwowVector &V) const {
    XorwowVector Result{};
    for (unsigned Bit = 0; Bit != XorwowWords * 32; ++Bit)
      if (V[Bit / 32] >> (Bit % 32) & 1)
        for (unsigned W = 0; W != XorwowWords; ++W)
          Result[W] ^= Columns[Bit][W];
    return Result;
  }

  XorwowMatrix squared() const {
    XorwowMatrix Result;
    for (unsigned Bit = 0; Bit != XorwowWords * 32; ++Bit)
      Result.Columns[Bit] = apply(Columns[Bit]);
    return Result;
  }

  static XorwowMatrix step() {
    XorwowMatrix M;
    for (unsigned Bit = 0; Bit != XorwowWords * 32; ++Bit) {
      XorwowVector Unit{};
      Unit[Bit / 32] = 1u << (Bit % 32);
      M.Columns[Bit] = stepXorwow(Unit);
    }
    return M;
  }
};

/// M^(2^s * 4^k) for k < 32: n's base-4 digits, as cuRAND's tables.
struct XorwowPowers {
  static constexpr unsigned Log2Radix = 2;
  std::array<XorwowMatrix, 64 / Log2Radix> ByDigit;

  explicit XorwowPowers(unsigned Log2Stride) {
    XorwowMatrix Power = XorwowMatrix::step();
    for (unsigned I = 0; I != Log2Stride; ++I)
      Power = Power.squared();
    for (XorwowMatrix &Digit : ByDigit) {
      Digit = Power;
      for (unsigned I = 0; I != Log2Radix; ++I)
        Power = Power.squared();
    }
  }
};

PowerTables<XorwowPowers> &getXorwowPowers() {
  static PowerTables<XorwowPowers> Tables;
  return Tables;
}

//===- MRG32k3a ----------------------------------------------------------===//

/// A 3 x 3 matrix modulo one of MRG32k3a's primes.
struct ModularMatrix {
  uint64_t Modulus;
  std::array<std::array<uint64_t, 3>, 3> Rows;

  std::array<uint64_t, 3> apply(const std::array<uint64_t, 3> &V) const {
    std::array<uint64_t, 3> Result{};
    for (unsigned R = 0; R != 3; ++R)
      for (unsigned C = 0; C != 3; ++C)
        Result[R] = (Result[R] + Rows[R][C] * V[C] % Modulus) % Modulus;
    return Result;
  }

  ModularMatrix squared() const {
    ModularMatrix Result{Modulus, {}};
    for (unsigned R = 0; R != 3; ++R)
      for (unsigned C = 0; C != 3; ++C)
        for (unsigned K = 0; K != 3; ++K)
          Result.Rows[R][C] =
              (Result.Rows[R][C] + Rows[R][K] * Rows[K][C] % Modulus) % Modulus;
    return Result;
  }
};

constexpr uint64_t Mrg32k3aModulus1 = 4294967087u;
constexpr uint64_t Mrg32k3aModulus2 = 4294944443u;

/// The components' steps: s1' = (s1[1], s1[2], 1403580 s1[1] - 810728
/// s1[0]) and s2' = (s2[1], s2[2], 527612 s2[2] - 1370589 s2[0]).
constexpr ModularMatrix Mrg32k3aStep1{
    Mrg32k3aModulus1,
    {{{0, 1, 0}, {0, 0, 1}, {Mrg32k3aModulus1 - 810728, 1403580, 0}}}};
constexpr ModularMatrix Mrg32k3aStep2{
    Mrg32k3aModulus2,
    {{{0, 1, 0}, {0, 0, 1}, {Mrg32k3aModulus2 - 1370589, 0, 527612}}}};

/// Both components' A^(2^s * 2^k) for k < 64: n's bits.
struct Mrg32k3aPowers {
  struct ComponentPowers {
    std::array<ModularMatrix, 64> ByBit;
    ComponentPowers(ModularMatrix Power, unsigned Log2Stride) {
      for (unsigned I = 0; I != Log2Stride; ++I)
        Power = Power.squared();
      for (ModularMatrix &Bit : ByBit) {
        Bit = Power;
        Power = Power.squared();
      }
    }
    void jump(uint32_t *State, uint64_t N) const {
      std::array<uint64_t, 3> V = {State[0], State[1], State[2]};
      for (unsigned Bit = 0; N; ++Bit, N >>= 1)
        if (N & 1)
          V = ByBit[Bit].apply(V);
      for (unsigned I = 0; I != 3; ++I)
        State[I] = static_cast<uint32_t>(V[I]);
    }
  };
  ComponentPowers First, Second;

  explicit Mrg32k3aPowers(unsigned Log2Stride)
      : First(Mrg32k3aStep1, Log2Stride), Second(Mrg32k3aStep2, Log2Stride) {}
};

PowerTables<Mrg32k3aPowers> &getMrg32k3aPowers() {
  static PowerTables<Mrg32k3aPowers> Tables;
  return Tables;
}

} // namespace

void __mm_device_curand_xorwow_skipahead(uint32_t *V, uint64_t N,
                                         uint32_t Log2Stride) {
  if (N == 0 || Log2Stride >= MaxLog2Stride)
    return;
  const XorwowPowers &Powers = getXorwowPowers().get(Log2Stride);
  XorwowVector State;
  std::copy(V, V + XorwowWords, State.begin());
  for (unsigned Digit = 0; N; ++Digit, N >>= XorwowPowers::Log2Radix)
    for (uint64_t Times = N & ((1u << XorwowPowers::Log2Radix) - 1); Times;
         --Times)
      State = Powers.ByDigit[Digit].apply(State);
  std::copy(State.begin(), State.end(), V);
}

void __mm_device_curand_mrg32k3a_skipahead(uint32_t *S1, uint32_t *S2,
                                           uint64_t N, uint32_t Log2Stride) {
  if (N == 0 || Log2Stride >= MaxLog2Stride)
    return;
  const Mrg32k3aPowers &Powers = getMrg32k3aPowers().get(Log2Stride);
  Powers.First.jump(S1, N);
  Powers.Second.jump(S2, N);
}
