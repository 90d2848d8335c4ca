//===- DirectedRounding.cpp - Arithmetic in a directed rounding mode ------===//
//
// The `__mm_device_*` entry points of mm_block_abi.h that round toward zero,
// down or up: the operation runs under fesetround, so the CPU rounds it as
// PTX's .rz, .rm and .rp do, subnormal results included. FENV_ACCESS keeps
// the compiler from moving or folding the operations across the mode
// changes.
//
//===----------------------------------------------------------------------===//

#include "mm-runtime/mm_block_abi.h"

#include <cfenv>
#include <cmath>

#pragma STDC FENV_ACCESS ON

namespace {
/// Sets the rounding mode of a device operation for its scope.
class RoundingScope {
public:
  explicit RoundingScope(int32_t Mode) : Saved(std::fegetround()) {
    std::fesetround(Mode == MM_ROUND_TOWARD_ZERO ? FE_TOWARDZERO
                    : Mode == MM_ROUND_DOWN      ? FE_DOWNWARD
                    : Mode == MM_ROUND_UP        ? FE_UPWARD
                                                 : FE_TONEAREST);
  }
  ~RoundingScope() { std::fesetround(Saved); }

private:
  int Saved;
};
} // namespace

extern "C" {

float __mm_device_fadd(float A, float B, int32_t Mode) {
  RoundingScope Scope(Mode);
  return A + B;
}
float __mm_device_fmul(float A, float B, int32_t Mode) {
  RoundingScope Scope(Mode);
  return A * B;
}
float __mm_device_fdiv(float A, float B, int32_t Mode) {
  RoundingScope Scope(Mode);
  return A / B;
}
float __mm_device_ffma(float A, float B, float C, int32_t Mode) {
  RoundingScope Scope(Mode);
  return std::fma(A, B, C);
}
float __mm_device_fsqrt(float A, int32_t Mode) {
  RoundingScope Scope(Mode);
  return std::sqrt(A);
}
double __mm_device_dadd(double A, double B, int32_t Mode) {
  RoundingScope Scope(Mode);
  return A + B;
}
double __mm_device_dmul(double A, double B, int32_t Mode) {
  RoundingScope Scope(Mode);
  return A * B;
}
double __mm_device_ddiv(double A, double B, int32_t Mode) {
  RoundingScope Scope(Mode);
  return A / B;
}
double __mm_device_dfma(double A, double B, double C, int32_t Mode) {
  RoundingScope Scope(Mode);
  return std::fma(A, B, C);
}
double __mm_device_dsqrt(double A, int32_t Mode) {
  RoundingScope Scope(Mode);
  return std::sqrt(A);
}
float __mm_device_f64_to_f32(double A, int32_t Mode) {
  RoundingScope Scope(Mode);
  return static_cast<float>(A);
}
float __mm_device_i64_to_f32(int64_t A, int32_t Mode) {
  RoundingScope Scope(Mode);
  return static_cast<float>(A);
}
float __mm_device_u64_to_f32(uint64_t A, int32_t Mode) {
  RoundingScope Scope(Mode);
  return static_cast<float>(A);
}
double __mm_device_i64_to_f64(int64_t A, int32_t Mode) {
  RoundingScope Scope(Mode);
  return static_cast<double>(A);
}
double __mm_device_u64_to_f64(uint64_t A, int32_t Mode) {
  RoundingScope Scope(Mode);
  return static_cast<double>(A);
}

} // extern "C"
