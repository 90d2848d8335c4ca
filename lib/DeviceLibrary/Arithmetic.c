/*===- Arithmetic.c - Rounded arithmetic of mm's libdevice ------*- C -*-===*
 *
 * CUDA's arithmetic intrinsics with an explicit rounding mode (__fadd_rn,
 * __fmul_rz, __ddiv_ru, __fmaf_rd, __fsqrt_rn, __frcp_rz, ...): _rn is the
 * operation itself, which the host rounds to nearest even; the directed
 * modes are the runtime's (mm_block_abi.h). Also __saturatef,
 * __fdividef and the reciprocal square root.
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceLibrary.h"

#define MM_ROUNDED_2(Name, Type, Op, Entry)                                    \
  MM_LIBDEVICE Type __nv_##Name##_rn(Type a, Type b) { return a Op b; }        \
  MM_LIBDEVICE Type __nv_##Name##_rz(Type a, Type b) {                         \
    return Entry(a, b, MM_ROUND_TOWARD_ZERO);                                  \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_rd(Type a, Type b) {                         \
    return Entry(a, b, MM_ROUND_DOWN);                                         \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_ru(Type a, Type b) {                         \
    return Entry(a, b, MM_ROUND_UP);                                           \
  }
MM_ROUNDED_2(fadd, float, +, __mm_device_fadd)
MM_ROUNDED_2(fmul, float, *, __mm_device_fmul)
MM_ROUNDED_2(fdiv, float, /, __mm_device_fdiv)
MM_ROUNDED_2(dadd, double, +, __mm_device_dadd)
MM_ROUNDED_2(dmul, double, *, __mm_device_dmul)
MM_ROUNDED_2(ddiv, double, /, __mm_device_ddiv)
#undef MM_ROUNDED_2

/* a - b is a + (-b), rounded the same way. */
#define MM_SUB(Name, Add, Type)                                                \
  MM_LIBDEVICE Type __nv_##Name##_rn(Type a, Type b) { return a - b; }         \
  MM_LIBDEVICE Type __nv_##Name##_rz(Type a, Type b) {                         \
    return __nv_##Add##_rz(a, -b);                                             \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_rd(Type a, Type b) {                         \
    return __nv_##Add##_rd(a, -b);                                             \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_ru(Type a, Type b) {                         \
    return __nv_##Add##_ru(a, -b);                                             \
  }
MM_SUB(fsub, fadd, float)
MM_SUB(dsub, dadd, double)
#undef MM_SUB

#define MM_FMA(Name, Type, Fma, Entry)                                         \
  MM_LIBDEVICE Type __nv_##Name##_rn(Type a, Type b, Type c) {                 \
    return Fma(a, b, c);                                                       \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_rz(Type a, Type b, Type c) {                 \
    return Entry(a, b, c, MM_ROUND_TOWARD_ZERO);                               \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_rd(Type a, Type b, Type c) {                 \
    return Entry(a, b, c, MM_ROUND_DOWN);                                      \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_ru(Type a, Type b, Type c) {                 \
    return Entry(a, b, c, MM_ROUND_UP);                                        \
  }
MM_FMA(fmaf, float, __builtin_fmaf, __mm_device_ffma)
MM_FMA(fmaf_ieee, float, __builtin_fmaf, __mm_device_ffma)
MM_FMA(fma, double, __builtin_fma, __mm_device_dfma)
#undef MM_FMA

#define MM_UNARY(Name, Type, Rn, Entry)                                        \
  MM_LIBDEVICE Type __nv_##Name##_rn(Type a) { return Rn; }                    \
  MM_LIBDEVICE Type __nv_##Name##_rz(Type a) {                                 \
    return Entry(MM_ROUND_TOWARD_ZERO);                                        \
  }                                                                            \
  MM_LIBDEVICE Type __nv_##Name##_rd(Type a) { return Entry(MM_ROUND_DOWN); }  \
  MM_LIBDEVICE Type __nv_##Name##_ru(Type a) { return Entry(MM_ROUND_UP); }
#define MM_FSQRT(Mode) __mm_device_fsqrt(a, Mode)
#define MM_DSQRT(Mode) __mm_device_dsqrt(a, Mode)
#define MM_FRCP(Mode) __mm_device_fdiv(1.0f, a, Mode)
#define MM_DRCP(Mode) __mm_device_ddiv(1.0, a, Mode)
MM_UNARY(fsqrt, float, __builtin_sqrtf(a), MM_FSQRT)
MM_UNARY(dsqrt, double, __builtin_sqrt(a), MM_DSQRT)
MM_UNARY(frcp, float, 1.0f / a, MM_FRCP)
MM_UNARY(drcp, double, 1.0 / a, MM_DRCP)
#undef MM_FSQRT
#undef MM_DSQRT
#undef MM_FRCP
#undef MM_DRCP
#undef MM_UNARY

/* The sign of 1 - m^2 a: whether 1 / sqrt(a) is above m (1), below (-1) or
 * m itself (0), exactly, for m of at most 26 bits. */
static int mm_compare_rsqrt(double m, float a) {
  double m2 = m * m; /* exact */
  mm_dd p = mm_two_prod(m2, (double)a);
  double d = (1.0 - p.hi) - p.lo; /* 1 - p.hi is exact: p.hi is near 1 */
  return d > 0.0 ? 1 : d < 0.0 ? -1 : 0;
}

/* 1 / sqrt(a), correctly rounded: the double estimate rounded to float, then
 * moved to a neighbour if the exact value lies past the midpoint. */
MM_LIBDEVICE float __nv_frsqrt_rn(float a) {
  float f = (float)(1.0 / __builtin_sqrt((double)a));
  if (!(a > 0.0f) || a == __builtin_inff() || f == 0.0f ||
      f == __builtin_inff())
    return f;
  float up = __builtin_nextafterf(f, __builtin_inff());
  float down = __builtin_nextafterf(f, 0.0f);
  double above = ((double)f + (double)up) / 2, below = ((double)f + down) / 2;
  int side = mm_compare_rsqrt(above, a);
  if (side > 0 || (side == 0 && (MM_BITS(unsigned, up) & 1u) == 0))
    return up;
  side = mm_compare_rsqrt(below, a);
  if (side < 0 || (side == 0 && (MM_BITS(unsigned, down) & 1u) == 0))
    return down;
  return f;
}

/* Clamps to [0, 1]; NaN gives 0. */
MM_LIBDEVICE float __nv_saturatef(float a) {
  return a > 0.0f ? (a < 1.0f ? a : 1.0f) : 0.0f;
}

/* The fast division: the exact quotient, rounded. */
MM_LIBDEVICE float __nv_fast_fdividef(float a, float b) { return a / b; }

/* The reciprocal: __nv_rcp64h keeps only the high word's precision on the
 * GPU; the full-precision reciprocal is within it. */
MM_LIBDEVICE double __nv_rcp64h(double a) { return 1.0 / a; }
