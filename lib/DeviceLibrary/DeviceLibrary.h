/*===- DeviceLibrary.h - What mm's libdevice is built from -------*- C -*-===*
 *
 * mm's libdevice: the `__nv_*` functions of NVIDIA's libdevice, which clang's
 * CUDA headers call for every math and integer function of CUDA's device
 * API, with the host's meaning. It is C, compiled by clang for nvptx64 into
 * the libdevice.10.bc of mm's CUDA root, so that clang links it into device
 * code as it links NVIDIA's; the device lowering links the same bitcode into
 * every device submodule that still calls an `__nv_*` function, and replaces
 * NVIDIA's definitions with these. After the lowering retargets the code to
 * the host, the C library calls below are the host's libm, and the
 * `__mm_device_*` entry points are the offload runtime's (mm_block_abi.h).
 *
 * Every function follows CUDA's documented semantics: conversions to
 * integers saturate and take NaN to 0, as PTX's cvt does; the other
 * functions return what the host's libm returns, which is within CUDA's
 * error bounds, or compute more carefully where libm has no counterpart.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_DEVICE_LIBRARY_H
#define MM_DEVICE_LIBRARY_H

#include "mm-runtime/mm_block_abi.h"

#define MM_LIBDEVICE __attribute__((visibility("default")))

/* The host's libm (and glibc's extensions), declared here rather than
 * included: the library is compiled for nvptx64, with no system headers. */
#define MM_LIBM_1(Name)                                                        \
  double Name(double);                                                         \
  float Name##f(float);
#define MM_LIBM_2(Name)                                                        \
  double Name(double, double);                                                 \
  float Name##f(float, float);
MM_LIBM_1(acos) MM_LIBM_1(acosh) MM_LIBM_1(asin) MM_LIBM_1(asinh)
MM_LIBM_1(atan) MM_LIBM_1(atanh) MM_LIBM_1(cbrt) MM_LIBM_1(cos)
MM_LIBM_1(cosh) MM_LIBM_1(erf) MM_LIBM_1(erfc) MM_LIBM_1(exp)
MM_LIBM_1(exp10) MM_LIBM_1(exp2) MM_LIBM_1(expm1) MM_LIBM_1(j0)
MM_LIBM_1(j1) MM_LIBM_1(log) MM_LIBM_1(log10) MM_LIBM_1(log1p)
MM_LIBM_1(log2) MM_LIBM_1(logb) MM_LIBM_1(nearbyint) MM_LIBM_1(sin)
MM_LIBM_1(sinh) MM_LIBM_1(tan) MM_LIBM_1(tanh) MM_LIBM_1(tgamma)
MM_LIBM_1(y0) MM_LIBM_1(y1)
MM_LIBM_2(atan2) MM_LIBM_2(fdim) MM_LIBM_2(fmod) MM_LIBM_2(hypot)
MM_LIBM_2(nextafter) MM_LIBM_2(pow) MM_LIBM_2(remainder)
#undef MM_LIBM_1
#undef MM_LIBM_2
double frexp(double, int *);
float frexpf(float, int *);
int ilogb(double);
int ilogbf(float);
double jn(int, double);
float jnf(int, float);
double yn(int, double);
float ynf(int, float);
double ldexp(double, int);
float ldexpf(float, int);
double lgamma_r(double, int *);
float lgammaf_r(float, int *);
double modf(double, double *);
float modff(float, float *);
double remquo(double, double, int *);
float remquof(float, float, int *);
void sincos(double, double *, double *);
void sincosf(float, float *, float *);

/* Reinterprets the bits of a value. */
#define MM_BITS(To, X) __builtin_bit_cast(To, X)

/* Whole-valued rounding as the C library's functions do it, whatever the
 * current rounding mode. */
#define MM_ROUND_EVEN_F(X) __builtin_roundevenf(X)
#define MM_ROUND_EVEN(X) __builtin_roundeven(X)

/* An unevaluated double-double: hi + lo, |lo| <= ulp(hi) / 2. */
typedef struct mm_dd {
  double hi, lo;
} mm_dd;

/* Error-free transformations, exact unless they overflow. */
static inline mm_dd mm_two_sum(double a, double b) {
  double s = a + b;
  double bb = s - a;
  double e = (a - (s - bb)) + (b - bb);
  return (mm_dd){s, e};
}
static inline mm_dd mm_two_prod(double a, double b) {
  double p = a * b;
  return (mm_dd){p, __builtin_fma(a, b, -p)};
}
static inline mm_dd mm_dd_add(mm_dd a, mm_dd b) {
  mm_dd s = mm_two_sum(a.hi, b.hi);
  s.lo += a.lo + b.lo;
  return mm_two_sum(s.hi, s.lo);
}
static inline mm_dd mm_dd_mul(mm_dd a, mm_dd b) {
  mm_dd p = mm_two_prod(a.hi, b.hi);
  p.lo += a.hi * b.lo + a.lo * b.hi;
  return mm_two_sum(p.hi, p.lo);
}
static inline mm_dd mm_dd_mul_d(mm_dd a, double b) {
  mm_dd p = mm_two_prod(a.hi, b);
  p.lo += a.lo * b;
  return mm_two_sum(p.hi, p.lo);
}
static inline mm_dd mm_dd_div_d(mm_dd a, double b) {
  double q = a.hi / b;
  /* The remainder a - q * b, exactly enough. */
  mm_dd qb = mm_two_prod(q, b);
  double r = ((a.hi - qb.hi) - qb.lo + a.lo) / b;
  return mm_two_sum(q, r);
}

#endif /* MM_DEVICE_LIBRARY_H */
