/*===- Conversion.c - Conversions of mm's libdevice -------------*- C -*-===*
 *
 * CUDA's conversions between floating point and integers with an explicit
 * rounding mode (__float2int_rn, __ll2float_rz, __double2float_ru, ...), and
 * between float and half.
 *
 * To an integer, as PTX's cvt.rni/rzi/rmi/rpi: round as the suffix says
 * (rn to nearest even, rz toward zero, rd down, ru up), then saturate to the
 * integer's range; NaN converts to 0. To floating point, the rounding is the
 * hardware's under the mode (mm_block_abi.h) where the value may not be
 * exact, and the usual conversion for _rn.
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceLibrary.h"

/* Rounds X to a whole number, in the mode of a suffix. */
#define MM_WHOLE_rn(X) __builtin_roundeven(X)
#define MM_WHOLE_rz(X) __builtin_trunc(X)
#define MM_WHOLE_rd(X) __builtin_floor(X)
#define MM_WHOLE_ru(X) __builtin_ceil(X)

/* Whole-valued rounding of a float or double, then saturation. The bounds
 * are powers of two, exact in both types. */
#define MM_TO_SIGNED(Name, From, To, Mode, Bits)                               \
  MM_LIBDEVICE To __nv_##Name##_##Mode(From x) {                               \
    if (x != x)                                                                \
      return 0;                                                                \
    From w = (From)MM_WHOLE_##Mode(x);                                         \
    if (w < -(From)(1ull << ((Bits) - 1)))                                     \
      return (To)(1ull << ((Bits) - 1));                                       \
    if (w >= (From)(1ull << ((Bits) - 1)))                                     \
      return (To)((1ull << ((Bits) - 1)) - 1);                                 \
    return (To)w;                                                              \
  }
#define MM_TO_UNSIGNED(Name, From, To, Mode, Bound)                            \
  MM_LIBDEVICE To __nv_##Name##_##Mode(From x) {                               \
    if (x != x)                                                                \
      return 0;                                                                \
    From w = (From)MM_WHOLE_##Mode(x);                                         \
    if (w <= 0)                                                                \
      return 0;                                                                \
    if (w >= (Bound))                                                          \
      return (To)-1;                                                           \
    return (To)w;                                                              \
  }
#define MM_FOR_MODES(Macro, ...)                                               \
  Macro(__VA_ARGS__, rn) Macro(__VA_ARGS__, rz) Macro(__VA_ARGS__, rd)         \
      Macro(__VA_ARGS__, ru)
#define MM_SIGNED(Name, From, To, Bits, Mode)                                  \
  MM_TO_SIGNED(Name, From, To, Mode, Bits)
#define MM_UNSIGNED(Name, From, To, Bound, Mode)                               \
  MM_TO_UNSIGNED(Name, From, To, Mode, Bound)
MM_FOR_MODES(MM_SIGNED, float2int, float, int, 32)
MM_FOR_MODES(MM_SIGNED, float2ll, float, long long, 64)
MM_FOR_MODES(MM_SIGNED, double2int, double, int, 32)
MM_FOR_MODES(MM_SIGNED, double2ll, double, long long, 64)
MM_FOR_MODES(MM_UNSIGNED, float2uint, float, unsigned, 4294967296.0f)
MM_FOR_MODES(MM_UNSIGNED, float2ull, float, unsigned long long,
             18446744073709551616.0f)
MM_FOR_MODES(MM_UNSIGNED, double2uint, double, unsigned, 4294967296.0)
MM_FOR_MODES(MM_UNSIGNED, double2ull, double, unsigned long long,
             18446744073709551616.0)
#undef MM_SIGNED
#undef MM_UNSIGNED
#undef MM_TO_SIGNED
#undef MM_TO_UNSIGNED

/* Integers and doubles to float, and 64-bit integers to double: the
 * hardware's conversion under the mode; _rn is the usual one. Every 32-bit
 * integer is exact as a double. */
#define MM_MODE_rz MM_ROUND_TOWARD_ZERO
#define MM_MODE_rd MM_ROUND_DOWN
#define MM_MODE_ru MM_ROUND_UP
#define MM_CONVERT(Name, From, To, Entry, Via)                                 \
  MM_LIBDEVICE To __nv_##Name##_rn(From x) { return (To)x; }                   \
  MM_LIBDEVICE To __nv_##Name##_rz(From x) {                                   \
    return Entry((Via)x, MM_MODE_rz);                                          \
  }                                                                            \
  MM_LIBDEVICE To __nv_##Name##_rd(From x) {                                   \
    return Entry((Via)x, MM_MODE_rd);                                          \
  }                                                                            \
  MM_LIBDEVICE To __nv_##Name##_ru(From x) {                                   \
    return Entry((Via)x, MM_MODE_ru);                                          \
  }
MM_CONVERT(double2float, double, float, __mm_device_f64_to_f32, double)
MM_CONVERT(int2float, int, float, __mm_device_i64_to_f32, long long)
MM_CONVERT(uint2float, unsigned, float, __mm_device_i64_to_f32, long long)
MM_CONVERT(ll2float, long long, float, __mm_device_i64_to_f32, long long)
MM_CONVERT(ull2float, unsigned long long, float, __mm_device_u64_to_f32,
           unsigned long long)
MM_CONVERT(ll2double, long long, double, __mm_device_i64_to_f64, long long)
MM_CONVERT(ull2double, unsigned long long, double, __mm_device_u64_to_f64,
           unsigned long long)
#undef MM_CONVERT

MM_LIBDEVICE double __nv_int2double_rn(int x) { return (double)x; }
MM_LIBDEVICE double __nv_uint2double_rn(unsigned x) { return (double)x; }

/* float to IEEE half, rounding to nearest even, as its bits; and back. */
MM_LIBDEVICE unsigned short __nv_float2half_rn(float x) {
  unsigned bits = MM_BITS(unsigned, x);
  unsigned short sign = (unsigned short)((bits >> 16) & 0x8000u);
  unsigned magnitude = bits & 0x7fffffffu;
  if (magnitude >= 0x7f800000u) /* infinity, NaN (kept quiet) */
    return sign | 0x7c00u | (magnitude > 0x7f800000u ? 0x200u : 0u);
  if (magnitude >= 0x477ff000u) /* rounds to 65520 or more: infinity */
    return sign | 0x7c00u;
  if (magnitude < 0x38800000u) {
    /* Below half's least normal, 2^-14: a multiple of 2^-24, rounded. */
    float scaled = MM_BITS(float, magnitude) * 16777216.0f;
    return sign | (unsigned short)__builtin_roundevenf(scaled);
  }
  /* Normal: drop 13 bits of the mantissa, to nearest even. */
  unsigned rebased = magnitude - 0x38000000u;
  unsigned kept = rebased >> 13, dropped = rebased & 0x1fffu;
  if (dropped > 0x1000u || (dropped == 0x1000u && (kept & 1u)))
    ++kept;
  return sign | (unsigned short)kept;
}
MM_LIBDEVICE float __nv_half2float(unsigned short h) {
  unsigned sign = (unsigned)(h & 0x8000u) << 16;
  unsigned exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
  if (exponent == 0x1fu) /* infinity, NaN */
    return MM_BITS(float, sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) /* zero and subnormals: mantissa * 2^-24, exact */
    return MM_BITS(float, sign) + (sign ? -1.0f : 1.0f) * (float)mantissa *
                                      (1.0f / 16777216.0f);
  return MM_BITS(float, sign | ((exponent + 112u) << 23) | (mantissa << 13));
}
