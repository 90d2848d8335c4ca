/*===- Elementary.c - The host's libm in mm's libdevice ---------*- C -*-===*
 *
 * The math functions that the C library has, in float and double: each
 * `__nv_NAME` and `__nv_NAMEf` is the host's NAME and NAMEf, which are
 * within CUDA's documented error bounds. The fast variants of CUDA's
 * intrinsics (__expf, __sinf, ...) compute the accurate function. Also the
 * classification functions and the rounding to whole numbers.
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceLibrary.h"

#define MM_FROM_LIBM_1(Name)                                                   \
  MM_LIBDEVICE double __nv_##Name(double a) { return Name(a); }                \
  MM_LIBDEVICE float __nv_##Name##f(float a) { return Name##f(a); }
#define MM_FROM_LIBM_2(Name)                                                   \
  MM_LIBDEVICE double __nv_##Name(double a, double b) { return Name(a, b); }   \
  MM_LIBDEVICE float __nv_##Name##f(float a, float b) { return Name##f(a, b); }
MM_FROM_LIBM_1(acos) MM_FROM_LIBM_1(acosh) MM_FROM_LIBM_1(asin)
MM_FROM_LIBM_1(asinh) MM_FROM_LIBM_1(atan) MM_FROM_LIBM_1(atanh)
MM_FROM_LIBM_1(cos) MM_FROM_LIBM_1(cosh)
MM_FROM_LIBM_1(erf) MM_FROM_LIBM_1(erfc) MM_FROM_LIBM_1(exp)
MM_FROM_LIBM_1(exp10) MM_FROM_LIBM_1(exp2) MM_FROM_LIBM_1(expm1)
MM_FROM_LIBM_1(j0) MM_FROM_LIBM_1(j1) MM_FROM_LIBM_1(log)
MM_FROM_LIBM_1(log10) MM_FROM_LIBM_1(log1p) MM_FROM_LIBM_1(log2)
MM_FROM_LIBM_1(logb) MM_FROM_LIBM_1(nearbyint) MM_FROM_LIBM_1(sin)
MM_FROM_LIBM_1(sinh) MM_FROM_LIBM_1(tan) MM_FROM_LIBM_1(tanh)
MM_FROM_LIBM_1(tgamma) MM_FROM_LIBM_1(y0) MM_FROM_LIBM_1(y1)
MM_FROM_LIBM_2(atan2) MM_FROM_LIBM_2(fdim) MM_FROM_LIBM_2(fmod)
MM_FROM_LIBM_2(hypot) MM_FROM_LIBM_2(nextafter) MM_FROM_LIBM_2(pow)
MM_FROM_LIBM_2(remainder)
#undef MM_FROM_LIBM_1
#undef MM_FROM_LIBM_2

MM_LIBDEVICE double __nv_frexp(double a, int *e) { return frexp(a, e); }
MM_LIBDEVICE float __nv_frexpf(float a, int *e) { return frexpf(a, e); }
MM_LIBDEVICE int __nv_ilogb(double a) { return ilogb(a); }
MM_LIBDEVICE int __nv_ilogbf(float a) { return ilogbf(a); }
MM_LIBDEVICE double __nv_jn(int n, double a) { return jn(n, a); }
MM_LIBDEVICE float __nv_jnf(int n, float a) { return jnf(n, a); }
MM_LIBDEVICE double __nv_yn(int n, double a) { return yn(n, a); }
MM_LIBDEVICE float __nv_ynf(int n, float a) { return ynf(n, a); }
MM_LIBDEVICE double __nv_ldexp(double a, int e) { return ldexp(a, e); }
MM_LIBDEVICE float __nv_ldexpf(float a, int e) { return ldexpf(a, e); }
MM_LIBDEVICE double __nv_scalbn(double a, int e) { return ldexp(a, e); }
MM_LIBDEVICE float __nv_scalbnf(float a, int e) { return ldexpf(a, e); }
/* lgamma without the sign that the C library's keeps in a global. */
MM_LIBDEVICE double __nv_lgamma(double a) {
  int sign;
  return lgamma_r(a, &sign);
}
MM_LIBDEVICE float __nv_lgammaf(float a) {
  int sign;
  return lgammaf_r(a, &sign);
}
MM_LIBDEVICE double __nv_modf(double a, double *whole) {
  return modf(a, whole);
}
MM_LIBDEVICE float __nv_modff(float a, float *whole) {
  return modff(a, whole);
}
MM_LIBDEVICE double __nv_remquo(double a, double b, int *quotient) {
  return remquo(a, b, quotient);
}
MM_LIBDEVICE float __nv_remquof(float a, float b, int *quotient) {
  return remquof(a, b, quotient);
}
MM_LIBDEVICE void __nv_sincos(double a, double *s, double *c) {
  sincos(a, s, c);
}
MM_LIBDEVICE void __nv_sincosf(float a, float *s, float *c) {
  sincosf(a, s, c);
}
MM_LIBDEVICE double __nv_powi(double a, int n) { return pow(a, (double)n); }
MM_LIBDEVICE float __nv_powif(float a, int n) { return powf(a, (float)n); }

/* The fast intrinsics: the accurate functions. */
MM_LIBDEVICE float __nv_fast_sinf(float a) { return sinf(a); }
MM_LIBDEVICE float __nv_fast_cosf(float a) { return cosf(a); }
MM_LIBDEVICE float __nv_fast_tanf(float a) { return tanf(a); }
MM_LIBDEVICE void __nv_fast_sincosf(float a, float *s, float *c) {
  sincosf(a, s, c);
}
MM_LIBDEVICE float __nv_fast_expf(float a) { return expf(a); }
MM_LIBDEVICE float __nv_fast_exp10f(float a) { return exp10f(a); }
MM_LIBDEVICE float __nv_fast_logf(float a) { return logf(a); }
MM_LIBDEVICE float __nv_fast_log2f(float a) { return log2f(a); }
MM_LIBDEVICE float __nv_fast_log10f(float a) { return log10f(a); }
MM_LIBDEVICE float __nv_fast_powf(float a, float b) { return powf(a, b); }
MM_LIBDEVICE float __nv_fast_tanhf(float a) { return tanhf(a); }

/* What the compiler knows exactly. */
MM_LIBDEVICE double __nv_fabs(double a) { return __builtin_fabs(a); }
MM_LIBDEVICE float __nv_fabsf(float a) { return __builtin_fabsf(a); }
MM_LIBDEVICE double __nv_sqrt(double a) { return __builtin_sqrt(a); }
MM_LIBDEVICE float __nv_sqrtf(float a) { return __builtin_sqrtf(a); }
MM_LIBDEVICE double __nv_fma(double a, double b, double c) {
  return __builtin_fma(a, b, c);
}
MM_LIBDEVICE float __nv_fmaf(float a, float b, float c) {
  return __builtin_fmaf(a, b, c);
}
MM_LIBDEVICE double __nv_copysign(double a, double b) {
  return __builtin_copysign(a, b);
}
MM_LIBDEVICE float __nv_copysignf(float a, float b) {
  return __builtin_copysignf(a, b);
}
/* fmin and fmax return the other operand of a NaN. */
MM_LIBDEVICE double __nv_fmin(double a, double b) { return __builtin_fmin(a, b); }
MM_LIBDEVICE float __nv_fminf(float a, float b) { return __builtin_fminf(a, b); }
MM_LIBDEVICE double __nv_fmax(double a, double b) { return __builtin_fmax(a, b); }
MM_LIBDEVICE float __nv_fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
MM_LIBDEVICE double __nv_ceil(double a) { return __builtin_ceil(a); }
MM_LIBDEVICE float __nv_ceilf(float a) { return __builtin_ceilf(a); }
MM_LIBDEVICE double __nv_floor(double a) { return __builtin_floor(a); }
MM_LIBDEVICE float __nv_floorf(float a) { return __builtin_floorf(a); }
MM_LIBDEVICE double __nv_trunc(double a) { return __builtin_trunc(a); }
MM_LIBDEVICE float __nv_truncf(float a) { return __builtin_truncf(a); }
/* Halfway cases away from zero. */
MM_LIBDEVICE double __nv_round(double a) { return __builtin_round(a); }
MM_LIBDEVICE float __nv_roundf(float a) { return __builtin_roundf(a); }
/* Device code runs in the default rounding mode: to nearest even. */
MM_LIBDEVICE double __nv_rint(double a) { return MM_ROUND_EVEN(a); }
MM_LIBDEVICE float __nv_rintf(float a) { return MM_ROUND_EVEN_F(a); }

/* To long long: rounded, then saturated; NaN gives 0 (PTX's cvt). */
#define MM_TO_LL(Name, Type, Whole)                                            \
  MM_LIBDEVICE long long __nv_##Name(Type a) {                                 \
    if (a != a)                                                                \
      return 0;                                                                \
    Type w = Whole(a);                                                         \
    if (w < -(Type)9223372036854775808.0)                                      \
      return (long long)(1ull << 63);                                          \
    if (w >= (Type)9223372036854775808.0)                                      \
      return (long long)((1ull << 63) - 1);                                    \
    return (long long)w;                                                       \
  }
MM_TO_LL(llrint, double, MM_ROUND_EVEN)
MM_TO_LL(llrintf, float, MM_ROUND_EVEN_F)
MM_TO_LL(llround, double, __builtin_round)
MM_TO_LL(llroundf, float, __builtin_roundf)
#undef MM_TO_LL

MM_LIBDEVICE int __nv_isinfd(double a) { return __builtin_isinf(a); }
MM_LIBDEVICE int __nv_isinff(float a) { return __builtin_isinf(a); }
MM_LIBDEVICE int __nv_isnand(double a) { return __builtin_isnan(a); }
MM_LIBDEVICE int __nv_isnanf(float a) { return __builtin_isnan(a); }
MM_LIBDEVICE int __nv_isfinited(double a) { return __builtin_isfinite(a); }
MM_LIBDEVICE int __nv_finitef(float a) { return __builtin_isfinite(a); }
MM_LIBDEVICE int __nv_signbitd(double a) { return __builtin_signbit(a); }
MM_LIBDEVICE int __nv_signbitf(float a) { return __builtin_signbit(a); }
/* A quiet NaN, whatever the tag. */
MM_LIBDEVICE double __nv_nan(const signed char *tag) {
  (void)tag;
  return __builtin_nan("");
}
MM_LIBDEVICE float __nv_nanf(const signed char *tag) {
  (void)tag;
  return __builtin_nanf("");
}
