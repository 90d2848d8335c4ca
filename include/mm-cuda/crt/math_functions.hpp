/*===- mm-cuda/crt/math_functions.hpp - Host math of CUDA -------*- C++ -*-===*
 *
 * clang's CUDA wrapper includes this header twice, for CUDA's device and
 * host definitions. The device's come from clang's __clang_cuda_math.h over
 * libdevice. This header defines, the first time, the host versions of what
 * CUDA's math API has and the C library has not: rsqrt, rcbrt, sinpi,
 * cospi, sincospi, erfinv, erfcinv, normcdf, normcdfinv and erfcx (the
 * wrapper itself then defines their float overloads over the `f`
 * functions), the `min` and `max` overloads that CUDA programs call on
 * both sides, and the device's float overloads of C++11's <cmath>
 * functions. The host versions compute in a wider type than their result,
 * within CUDA's error bounds.
 *
 *===----------------------------------------------------------------------===*/

#if !defined(__MM_HOST_MATH_FUNCTIONS_HPP)
#define __MM_HOST_MATH_FUNCTIONS_HPP

#include <math.h>

/* Functions of the host only (clang's headers define the device's), and
 * of both sides; plain C++ (mm's cuRAND, lib/Curand) has one side. */
#if defined(__CUDA__)
#define __MM_HOST_MATH static inline __attribute__((host))
#define __MM_HOST_DEVICE_MATH                                                  \
  static inline __attribute__((host)) __attribute__((device))
#else
#define __MM_HOST_MATH static inline
#define __MM_HOST_DEVICE_MATH static inline
#endif

namespace __mm_cuda_math {

/* sin(pi * x) and cos(pi * x), reduced exactly to [-1, 1] first. */
__MM_HOST_MATH long double sinpi(long double x) {
  long double r = remainderl(x, 2.0L);
  long double a = fabsl(r);
  long double pi = 3.141592653589793238462643383279502884L;
  long double s;
  if (a <= 0.25L)
    s = sinl(pi * a);
  else if (a <= 0.75L)
    s = cosl(pi * (0.5L - a));
  else
    s = sinl(pi * (1.0L - a));
  /* sin(pi * n) is a zero with the sign of x. */
  if (s == 0)
    return copysignl(0.0L, x);
  return r < 0 ? -s : s;
}

__MM_HOST_MATH long double cospi(long double x) {
  long double a = fabsl(remainderl(x, 2.0L));
  long double pi = 3.141592653589793238462643383279502884L;
  if (a <= 0.25L)
    return cosl(pi * a);
  if (a < 0.75L)
    return sinl(pi * (0.5L - a));
  if (a == 0.5L)
    return 0.0L;
  return -cosl(pi * (1.0L - a));
}

/* Giles' approximation of erfinv, from w = -log((1 - x)(1 + x)), good to
 * about single precision: the start of Newton's iteration. */
__MM_HOST_MATH long double erfinvStart(long double x, long double w) {
  long double p;
  if (w < 6.25L) {
    w -= 3.125L;
    p = -3.6444120640178196996e-21L;
    p = -1.685059138182016589e-19L + p * w;
    p = 1.2858480715256400167e-18L + p * w;
    p = 1.115787767802518096e-17L + p * w;
    p = -1.333171662854620906e-16L + p * w;
    p = 2.0972767875968561637e-17L + p * w;
    p = 6.6376381343583238325e-15L + p * w;
    p = -4.0545662729752068639e-14L + p * w;
    p = -8.1519341976054721522e-14L + p * w;
    p = 2.6335093153082322977e-12L + p * w;
    p = -1.2975133253453532498e-11L + p * w;
    p = -5.4154120542946279317e-11L + p * w;
    p = 1.051212273321532285e-09L + p * w;
    p = -4.1126339803469836976e-09L + p * w;
    p = -2.9070369957882005086e-08L + p * w;
    p = 4.2347877827932403518e-07L + p * w;
    p = -1.3654692000834678645e-06L + p * w;
    p = -1.3882523362786468719e-05L + p * w;
    p = 0.0001867342080340571352L + p * w;
    p = -0.00074070253416626697512L + p * w;
    p = -0.0060336708714301490533L + p * w;
    p = 0.24015818242558961693L + p * w;
    p = 1.6536545626831027356L + p * w;
  } else if (w < 16.0L) {
    w = sqrtl(w) - 3.25L;
    p = 2.2137376921775787049e-09L;
    p = 9.0756561938885390979e-08L + p * w;
    p = -2.7517406297064545428e-07L + p * w;
    p = 1.8239629214389227755e-08L + p * w;
    p = 1.5027403968909827627e-06L + p * w;
    p = -4.013867526981545969e-06L + p * w;
    p = 2.9234449089955446044e-06L + p * w;
    p = 1.2475304481671778723e-05L + p * w;
    p = -4.7318229009055733981e-05L + p * w;
    p = 6.8284851459573175448e-05L + p * w;
    p = 2.4031110387097893999e-05L + p * w;
    p = -0.0003550375203628474796L + p * w;
    p = 0.00095328937973738049703L + p * w;
    p = -0.0016882755560235047313L + p * w;
    p = 0.0024914420961078508066L + p * w;
    p = -0.0037512085075692412107L + p * w;
    p = 0.005370914553590063617L + p * w;
    p = 1.0052589676941592334L + p * w;
    p = 3.0838856104922207635L + p * w;
  } else {
    w = sqrtl(w) - 5.0L;
    p = -2.7109920616438573243e-11L;
    p = -2.5556418169965252055e-10L + p * w;
    p = 1.5076572693500548083e-09L + p * w;
    p = -3.7894654401267369937e-09L + p * w;
    p = 7.6157012080783393804e-09L + p * w;
    p = -1.4960026627149240478e-08L + p * w;
    p = 2.9147953450901080826e-08L + p * w;
    p = -6.7711997758452339498e-08L + p * w;
    p = 2.2900482228026654717e-07L + p * w;
    p = -9.9298272942317002539e-07L + p * w;
    p = 4.5260625972231537039e-06L + p * w;
    p = -1.9681778105531670567e-05L + p * w;
    p = 7.5995277030017761139e-05L + p * w;
    p = -0.00021503011930044477347L + p * w;
    p = -0.00013871931833623122026L + p * w;
    p = 1.0103004648645343977L + p * w;
    p = 4.8499064014085844221L + p * w;
  }
  return p * x;
}

/* The x > 0 with erfc(x) = y, for 0 < y <= 1, by Newton's iteration on
 * erfc, which keeps its relative accuracy as y tends to 0. */
__MM_HOST_MATH long double erfcinvPositive(long double y) {
  long double x = erfinvStart(1.0L - y, -logl(y * (2.0L - y)));
  long double twoOverSqrtPi = 1.128379167095512573896158903121545172L;
  for (int i = 0; i < 4; ++i) {
    long double slope = -twoOverSqrtPi * expl(-x * x);
    if (slope == 0)
      break;
    x -= (erfcl(x) - y) / slope;
  }
  return x;
}

__MM_HOST_MATH long double erfcinv(long double y) {
  if (isnan(y) || y < 0 || y > 2)
    return NAN;
  if (y == 0)
    return INFINITY;
  if (y == 2)
    return -INFINITY;
  if (y <= 1)
    return erfcinvPositive(y);
  return -erfcinvPositive(2.0L - y);
}

__MM_HOST_MATH long double erfinv(long double y) {
  if (isnan(y) || y < -1 || y > 1)
    return NAN;
  if (y == 0)
    return y;
  if (y == 1 || y == -1)
    return copysignl(INFINITY, y);
  long double a = fabsl(y);
  long double x;
  if (a > 0.5L) {
    x = erfcinvPositive(1.0L - a);
  } else {
    x = erfinvStart(a, -logl((1.0L - a) * (1.0L + a)));
    long double twoOverSqrtPi = 1.128379167095512573896158903121545172L;
    for (int i = 0; i < 3; ++i)
      x -= (erfl(x) - a) / (twoOverSqrtPi * expl(-x * x));
  }
  return y < 0 ? -x : x;
}

/* exp(x * x) * erfc(x), with its asymptotic series where erfc underflows. */
__MM_HOST_MATH long double erfcx(long double x) {
  if (isnan(x))
    return x;
  if (x < 50.0L)
    return expl(x * x) * erfcl(x);
  if (isinf(x))
    return 0.0L;
  long double invSqrtPi = 0.564189583547756286948079451560772586L;
  long double t = 1.0L / (2.0L * x * x);
  long double sum = 1.0L, term = 1.0L;
  for (int n = 1; n < 6; ++n) {
    term *= -(2 * n - 1) * t;
    sum += term;
  }
  return invSqrtPi / x * sum;
}

/* -sqrt(2) erfcinv(2p), whose zero at p = 0.5 is +0. */
__MM_HOST_MATH long double normcdfinv(long double p) {
  return -1.414213562373095048801688724209698079L * erfcinv(2.0L * p) + 0.0L;
}

} // namespace __mm_cuda_math

__MM_HOST_MATH float rsqrtf(float x) { return (float)(1.0 / sqrt((double)x)); }
__MM_HOST_MATH double rsqrt(double x) {
  return (double)(1.0L / sqrtl((long double)x));
}
__MM_HOST_MATH float rcbrtf(float x) { return (float)(1.0 / cbrt((double)x)); }
__MM_HOST_MATH double rcbrt(double x) {
  return (double)(1.0L / cbrtl((long double)x));
}
__MM_HOST_MATH float sinpif(float x) {
  return (float)__mm_cuda_math::sinpi(x);
}
__MM_HOST_MATH double sinpi(double x) {
  return (double)__mm_cuda_math::sinpi(x);
}
__MM_HOST_MATH float cospif(float x) {
  return (float)__mm_cuda_math::cospi(x);
}
__MM_HOST_MATH double cospi(double x) {
  return (double)__mm_cuda_math::cospi(x);
}
__MM_HOST_MATH void sincospif(float x, float *s, float *c) {
  *s = sinpif(x);
  *c = cospif(x);
}
__MM_HOST_MATH void sincospi(double x, double *s, double *c) {
  *s = sinpi(x);
  *c = cospi(x);
}
__MM_HOST_MATH float erfinvf(float x) {
  return (float)__mm_cuda_math::erfinv(x);
}
__MM_HOST_MATH double erfinv(double x) {
  return (double)__mm_cuda_math::erfinv(x);
}
__MM_HOST_MATH float erfcinvf(float x) {
  return (float)__mm_cuda_math::erfcinv(x);
}
__MM_HOST_MATH double erfcinv(double x) {
  return (double)__mm_cuda_math::erfcinv(x);
}
__MM_HOST_MATH float normcdff(float x) {
  return (float)(0.5L * erfcl(-(long double)x *
                              0.707106781186547524400844362104849039L));
}
__MM_HOST_MATH double normcdf(double x) {
  return (double)(0.5L * erfcl(-(long double)x *
                               0.707106781186547524400844362104849039L));
}
__MM_HOST_MATH float normcdfinvf(float p) {
  return (float)__mm_cuda_math::normcdfinv(p);
}
__MM_HOST_MATH double normcdfinv(double p) {
  return (double)__mm_cuda_math::normcdfinv(p);
}
__MM_HOST_MATH float erfcxf(float x) {
  return (float)__mm_cuda_math::erfcx(x);
}
__MM_HOST_MATH double erfcx(double x) {
  return (double)__mm_cuda_math::erfcx(x);
}

/* CUDA's min and max. clang defines the device's int overloads; the others
 * serve both sides, with C++'s usual arithmetic conversions spelled out as
 * CUDA's headers spell them. */
__MM_HOST_MATH int min(int a, int b) { return a < b ? a : b; }
__MM_HOST_MATH int max(int a, int b) { return a > b ? a : b; }
#define __MM_MIN_MAX(A, B, R)                                                  \
  __MM_HOST_DEVICE_MATH R min(A a, B b) {                                      \
    return (R)a < (R)b ? (R)a : (R)b;                                          \
  }                                                                            \
  __MM_HOST_DEVICE_MATH R max(A a, B b) {                                      \
    return (R)a > (R)b ? (R)a : (R)b;                                          \
  }
__MM_MIN_MAX(unsigned int, unsigned int, unsigned int)
__MM_MIN_MAX(int, unsigned int, unsigned int)
__MM_MIN_MAX(unsigned int, int, unsigned int)
__MM_MIN_MAX(long, long, long)
__MM_MIN_MAX(unsigned long, unsigned long, unsigned long)
__MM_MIN_MAX(long, unsigned long, unsigned long)
__MM_MIN_MAX(unsigned long, long, unsigned long)
__MM_MIN_MAX(long long, long long, long long)
__MM_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
__MM_MIN_MAX(long long, unsigned long long, unsigned long long)
__MM_MIN_MAX(unsigned long long, long long, unsigned long long)
#undef __MM_MIN_MAX
__MM_HOST_DEVICE_MATH float min(float a, float b) { return fminf(a, b); }
__MM_HOST_DEVICE_MATH float max(float a, float b) { return fmaxf(a, b); }
__MM_HOST_DEVICE_MATH double min(double a, double b) { return fmin(a, b); }
__MM_HOST_DEVICE_MATH double max(double a, double b) { return fmax(a, b); }
__MM_HOST_DEVICE_MATH double min(float a, double b) { return fmin(a, b); }
__MM_HOST_DEVICE_MATH double max(float a, double b) { return fmax(a, b); }
__MM_HOST_DEVICE_MATH double min(double a, float b) { return fmin(a, b); }
__MM_HOST_DEVICE_MATH double max(double a, float b) { return fmax(a, b); }

#if defined(__CUDA__)
/* The float overloads of C++11's <cmath> functions in device code, which
 * clang's __clang_cuda_math_forward_declares.h declares and leaves to
 * CUDA's headers to define (its own __clang_cuda_cmath.h defines those of
 * C++98): `fma(a, b, c)` on floats is fmaf. The host's are the C++
 * library's. */
#define __MM_DEVICE_OVERLOAD static __inline__ __attribute__((always_inline)) \
    __attribute__((device))
#define __MM_FLOAT_OVERLOAD_1(R, Name)                                         \
  __MM_DEVICE_OVERLOAD R Name(float a) { return Name##f(a); }
#define __MM_FLOAT_OVERLOAD_2(Name)                                            \
  __MM_DEVICE_OVERLOAD float Name(float a, float b) { return Name##f(a, b); }
__MM_FLOAT_OVERLOAD_1(float, acosh)
__MM_FLOAT_OVERLOAD_1(float, asinh)
__MM_FLOAT_OVERLOAD_1(float, atanh)
__MM_FLOAT_OVERLOAD_1(float, cbrt)
__MM_FLOAT_OVERLOAD_1(float, erf)
__MM_FLOAT_OVERLOAD_1(float, erfc)
__MM_FLOAT_OVERLOAD_1(float, exp2)
__MM_FLOAT_OVERLOAD_1(float, expm1)
__MM_FLOAT_OVERLOAD_1(int, ilogb)
__MM_FLOAT_OVERLOAD_1(float, lgamma)
__MM_FLOAT_OVERLOAD_1(long long, llrint)
__MM_FLOAT_OVERLOAD_1(long long, llround)
__MM_FLOAT_OVERLOAD_1(float, log1p)
__MM_FLOAT_OVERLOAD_1(float, log2)
__MM_FLOAT_OVERLOAD_1(float, logb)
__MM_FLOAT_OVERLOAD_1(long, lrint)
__MM_FLOAT_OVERLOAD_1(long, lround)
__MM_FLOAT_OVERLOAD_1(float, nearbyint)
__MM_FLOAT_OVERLOAD_1(float, rint)
__MM_FLOAT_OVERLOAD_1(float, round)
__MM_FLOAT_OVERLOAD_1(float, tgamma)
__MM_FLOAT_OVERLOAD_1(float, trunc)
__MM_FLOAT_OVERLOAD_2(copysign)
__MM_FLOAT_OVERLOAD_2(fdim)
__MM_FLOAT_OVERLOAD_2(fmax)
__MM_FLOAT_OVERLOAD_2(fmin)
__MM_FLOAT_OVERLOAD_2(hypot)
__MM_FLOAT_OVERLOAD_2(nextafter)
__MM_FLOAT_OVERLOAD_2(remainder)
__MM_DEVICE_OVERLOAD float fma(float a, float b, float c) {
  return fmaf(a, b, c);
}
__MM_DEVICE_OVERLOAD float remquo(float a, float b, int *quotient) {
  return remquof(a, b, quotient);
}
__MM_DEVICE_OVERLOAD float scalbln(float a, long n) { return scalblnf(a, n); }
__MM_DEVICE_OVERLOAD float scalbn(float a, int n) { return scalbnf(a, n); }
#undef __MM_FLOAT_OVERLOAD_1
#undef __MM_FLOAT_OVERLOAD_2
#undef __MM_DEVICE_OVERLOAD
#endif

#undef __MM_HOST_MATH
#undef __MM_HOST_DEVICE_MATH

#endif /* __MM_HOST_MATH_FUNCTIONS_HPP */
