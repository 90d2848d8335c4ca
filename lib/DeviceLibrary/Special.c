/*===- Special.c - Functions of mm's libdevice beyond libm ------*- C -*-===*
 *
 * CUDA's math functions that the C library lacks, or that it would round
 * twice: sinpi and cospi, the inverse error functions and normal
 * distribution, the scaled complementary error function, the modified
 * Bessel functions I0 and I1, reciprocal roots, and Euclidean norms. The
 * double versions carry double-double intermediates where an ordinary
 * double would lose more than CUDA's error bound allows; the float versions
 * compute in double.
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceLibrary.h"

#define MM_INF __builtin_inf()
#define MM_NAN __builtin_nan("")
/* pi as a double-double, and constants. */
static const double MM_PI_HI = 3.141592653589793116e+00;
static const double MM_PI_LO = 1.224646799147353207e-16;
static const double MM_SQRT_PI = 1.772453850905516104e+00;
static const double MM_TWO_OVER_SQRT_PI = 1.128379167095512574e+00;
static const double MM_SQRT1_2_HI = 7.071067811865475727e-01;
static const double MM_SQRT1_2_LO = -4.833646656726456726e-17;
static const double MM_SQRT2 = 1.414213562373095145e+00;

/*===-------------------------- sinpi and cospi --------------------------===*/

/* sin(pi x) or cos(pi x): x = n/2 + t with |t| <= 1/4, pi t as a
 * double-double, and the quadrant n mod 4. */
static double mm_sincospi(double x, int cosine) {
  if (x != x || __builtin_isinf(x))
    return MM_NAN;
  /* Beyond 2^53 every double is even: sin(pi x) = 0, cos(pi x) = 1. */
  if (__builtin_fabs(x) >= 9007199254740992.0)
    return cosine ? 1.0 : __builtin_copysign(0.0, x);
  double n = MM_ROUND_EVEN(2.0 * x);
  double t = x - 0.5 * n; /* exact */
  long long quadrant = (long long)n & 3;
  /* sin(pi t) at 0 is a zero: its sign is x's for sinpi, + for cospi. */
  if (t == 0.0 && (quadrant & 1) == (cosine ? 1 : 0))
    return cosine ? 0.0 : __builtin_copysign(0.0, x);
  mm_dd p = mm_two_prod(MM_PI_HI, t);
  p.lo += MM_PI_LO * t;
  double s, c;
  sincos(p.hi, &s, &c);
  double sin_t = s + p.lo * c, cos_t = c - p.lo * s;
  if (cosine)
    quadrant = (quadrant + 1) & 3;
  switch (quadrant) {
  case 0:
    return sin_t;
  case 1:
    return cos_t;
  case 2:
    return -sin_t;
  default:
    return -cos_t;
  }
}

MM_LIBDEVICE double __nv_sinpi(double a) { return mm_sincospi(a, 0); }
MM_LIBDEVICE double __nv_cospi(double a) { return mm_sincospi(a, 1); }
MM_LIBDEVICE void __nv_sincospi(double a, double *s, double *c) {
  *s = mm_sincospi(a, 0);
  *c = mm_sincospi(a, 1);
}
MM_LIBDEVICE float __nv_sinpif(float a) { return (float)mm_sincospi(a, 0); }
MM_LIBDEVICE float __nv_cospif(float a) { return (float)mm_sincospi(a, 1); }
MM_LIBDEVICE void __nv_sincospif(float a, float *s, float *c) {
  *s = (float)mm_sincospi(a, 0);
  *c = (float)mm_sincospi(a, 1);
}

/*===------------------- The error function's relatives ------------------===*/

/* exp(x^2), with x^2 as a double-double. */
static double mm_exp_square(double x) {
  mm_dd s = mm_two_prod(x, x);
  return exp(s.hi) * (1.0 + s.lo);
}

/* erfcx(x) = exp(x^2) erfc(x) for x >= 0. Past 25, where erfc nears
 * underflow, the asymptotic series 1/(x sqrt(pi)) (1 - 1/(2x^2) +
 * 3/(2x^2)^2 - ...). */
static double mm_erfcx_nonnegative(double x) {
  if (x < 25.0)
    return mm_exp_square(x) * erfc(x);
  if (__builtin_isinf(x))
    return 0.0;
  double inverse = 1.0 / (2.0 * x * x), term = 1.0, sum = 1.0;
  for (int k = 1; k < 40; ++k) {
    term *= -(2.0 * k - 1.0) * inverse;
    sum += term;
    if (__builtin_fabs(term) < 1e-18 * sum)
      break;
  }
  return sum / (x * MM_SQRT_PI);
}

/* Below 0, erfcx(x) = 2 exp(x^2) - erfcx(-x). */
static double mm_erfcx(double x) {
  if (x != x)
    return x;
  if (x == -MM_INF)
    return MM_INF;
  if (x >= 0.0)
    return mm_erfcx_nonnegative(x);
  double e = mm_exp_square(x);
  return __builtin_isinf(e) ? MM_INF : 2.0 * e - mm_erfcx_nonnegative(-x);
}

MM_LIBDEVICE double __nv_erfcx(double a) { return mm_erfcx(a); }
MM_LIBDEVICE float __nv_erfcxf(float a) { return (float)mm_erfcx(a); }

/* The normal distribution: erfc(-x / sqrt(2)) / 2, with -x / sqrt(2) as a
 * double-double h + l and erfc(h + l) = erfc(h) (1 - 2 l / (sqrt(pi)
 * erfcx(h))) to first order. */
static double mm_normcdf(double x) {
  if (x != x)
    return x;
  mm_dd h = mm_two_prod(-x, MM_SQRT1_2_HI);
  h.lo += -x * MM_SQRT1_2_LO;
  double e = erfc(h.hi);
  if (e == 0.0 || __builtin_isinf(x))
    return 0.5 * e;
  return 0.5 * e * (1.0 - MM_TWO_OVER_SQRT_PI * h.lo / mm_erfcx(h.hi));
}

MM_LIBDEVICE double __nv_normcdf(double a) { return mm_normcdf(a); }
MM_LIBDEVICE float __nv_normcdff(float a) { return (float)mm_normcdf(a); }

/* erfinv(y) for 0 < y <= 1/2: Newton's method on erf(x) - y, which erf
 * computes to its full relative precision near 0, from the Taylor
 * estimate. */
static double mm_erfinv_center(double y) {
  double x = 0.5 * MM_SQRT_PI * (y + 0.2617993877991494 * y * y * y);
  for (int i = 0; i < 8; ++i) {
    double step = (y - erf(x)) / (MM_TWO_OVER_SQRT_PI * exp(-x * x));
    x += step;
    if (__builtin_fabs(step) <= 1e-17 * x)
      break;
  }
  return x;
}

/* erfcinv(z) for 0 < z <= 1/2: Newton's method on
 * g(x) = log(erfcx(x)) - x^2 - log(z) = log(erfc(x) / z), whose derivative
 * is -2 / (sqrt(pi) erfcx(x)), from the asymptotic estimate
 * x^2 = -log(z) - log(sqrt(pi) x). Nothing underflows, however small z. */
static double mm_erfcinv_tail(double z) {
  double l = -log(z);
  double x = __builtin_sqrt(l - log(MM_SQRT_PI * __builtin_sqrt(l)));
  if (x < 0.4)
    x = 0.4;
  for (int i = 0; i < 12; ++i) {
    double e = mm_erfcx(x);
    mm_dd square = mm_two_prod(x, x);
    double g = (log(e) - square.hi - square.lo) + l;
    double step = g * MM_SQRT_PI * e * 0.5;
    x += step;
    if (__builtin_fabs(step) <= 1e-17 * x)
      break;
  }
  return x;
}

/* erfcinv on (0, 2): each piece where its argument is exact. */
static double mm_erfcinv(double z) {
  if (!(z >= 0.0 && z <= 2.0))
    return MM_NAN;
  if (z == 0.0)
    return MM_INF;
  if (z == 2.0)
    return -MM_INF;
  if (z == 1.0)
    return 0.0;
  if (z <= 0.5)
    return mm_erfcinv_tail(z);
  if (z < 1.0)
    return mm_erfinv_center(1.0 - z); /* 1 - z is exact */
  if (z < 1.5)
    return -mm_erfinv_center(z - 1.0); /* exact */
  return -mm_erfcinv_tail(2.0 - z);    /* exact */
}

static double mm_erfinv(double y) {
  if (!(y >= -1.0 && y <= 1.0))
    return MM_NAN;
  if (y == 0.0)
    return y;
  double magnitude = __builtin_fabs(y);
  if (magnitude == 1.0)
    return __builtin_copysign(MM_INF, y);
  double x = magnitude <= 0.5 ? mm_erfinv_center(magnitude)
                              : mm_erfcinv_tail(1.0 - magnitude); /* exact */
  return __builtin_copysign(x, y);
}

MM_LIBDEVICE double __nv_erfinv(double a) { return mm_erfinv(a); }
MM_LIBDEVICE float __nv_erfinvf(float a) { return (float)mm_erfinv(a); }
MM_LIBDEVICE double __nv_erfcinv(double a) { return mm_erfcinv(a); }
MM_LIBDEVICE float __nv_erfcinvf(float a) { return (float)mm_erfcinv(a); }
/* normcdfinv(p) = -sqrt(2) erfcinv(2p). */
MM_LIBDEVICE double __nv_normcdfinv(double a) {
  return -MM_SQRT2 * mm_erfcinv(2.0 * a);
}
MM_LIBDEVICE float __nv_normcdfinvf(float a) {
  return (float)(-MM_SQRT2 * mm_erfcinv(2.0 * (double)a));
}

/*===------------------ The modified Bessel functions I0, I1 -------------===*/

/* I_nu(x) for nu = 0 or 1 and x >= 0. Up to 30, the power series
 * (x/2)^nu sum (x^2/4)^k / (k! (k+nu)!) in double-double; beyond, the
 * asymptotic series e^x / sqrt(2 pi x) sum c_k / x^k with
 * c_k = c_{k-1} ((2k-1)^2 - 4 nu^2) / (8k). */
static double mm_bessel_i(int nu, double x) {
  if (x != x)
    return x;
  if (x <= 30.0) {
    mm_dd q = mm_two_prod(0.5 * x, 0.5 * x);
    mm_dd term = {1.0, 0.0}, sum = {1.0, 0.0};
    for (int k = 1; k < 200; ++k) {
      term = mm_dd_div_d(mm_dd_mul(term, q), (double)k * (double)(k + nu));
      sum = mm_dd_add(sum, term);
      if (term.hi < 1e-34 * sum.hi)
        break;
    }
    return nu ? 0.5 * x * (sum.hi + sum.lo) : sum.hi + sum.lo;
  }
  if (__builtin_isinf(x))
    return MM_INF;
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 60; ++k) {
    double next = term * ((2.0 * k - 1.0) * (2.0 * k - 1.0) - 4.0 * nu * nu) /
                  (8.0 * k * x);
    if (__builtin_fabs(next) > __builtin_fabs(term))
      break;
    term = next;
    sum += term;
    if (__builtin_fabs(term) < 1e-18 * sum)
      break;
  }
  /* e^x / sqrt(2 pi x) in two halves, so that it overflows only when the
   * result does. */
  double half = exp(0.5 * x);
  return half * (half / __builtin_sqrt(2.0 * MM_PI_HI * x) * sum);
}

MM_LIBDEVICE double __nv_cyl_bessel_i0(double a) {
  return mm_bessel_i(0, __builtin_fabs(a));
}
MM_LIBDEVICE float __nv_cyl_bessel_i0f(float a) {
  return (float)mm_bessel_i(0, __builtin_fabs((double)a));
}
MM_LIBDEVICE double __nv_cyl_bessel_i1(double a) {
  return __builtin_copysign(mm_bessel_i(1, __builtin_fabs(a)), a);
}
MM_LIBDEVICE float __nv_cyl_bessel_i1f(float a) {
  return (float)__builtin_copysign(mm_bessel_i(1, __builtin_fabs((double)a)),
                                   (double)a);
}

/*===--------------------- Reciprocal roots and norms --------------------===*/

/* 1 / sqrt(s) for a double-double s > 0 in [2^-900, 2^900]: the estimate,
 * refined once with the residual 1 - s r^2. */
static double mm_rsqrt_dd(mm_dd s) {
  double r = 1.0 / __builtin_sqrt(s.hi);
  mm_dd r2 = mm_two_prod(r, r);
  mm_dd p = mm_two_prod(s.hi, r2.hi);
  double e = ((1.0 - p.hi) - p.lo) - s.hi * r2.lo - s.lo * r2.hi;
  return r + 0.5 * r * e;
}

/* sqrt(s) for a double-double s >= 0: the estimate, refined with the
 * residual s - q^2. */
static double mm_sqrt_dd(mm_dd s) {
  double q = __builtin_sqrt(s.hi);
  if (q == 0.0)
    return q;
  mm_dd q2 = mm_two_prod(q, q);
  return q + ((s.hi - q2.hi) - q2.lo + s.lo) / (2.0 * q);
}

MM_LIBDEVICE double __nv_rsqrt(double a) {
  if (!(a > 0.0) || __builtin_isinf(a))
    return 1.0 / __builtin_sqrt(a);
  if (a < 0x1p-900)
    return 0x1p500 * mm_rsqrt_dd((mm_dd){a * 0x1p1000, 0.0});
  if (a > 0x1p900)
    return 0x1p-500 * mm_rsqrt_dd((mm_dd){a * 0x1p-1000, 0.0});
  return mm_rsqrt_dd((mm_dd){a, 0.0});
}
MM_LIBDEVICE float __nv_rsqrtf(float a) {
  return (float)(1.0 / __builtin_sqrt((double)a));
}

/* |a| brought into [2^-900, 2^900] by a power of 2^999, whose cube root
 * *root_scale is: cbrt(|a|) = *root_scale * cbrt(result). a is finite and
 * not 0. */
static double mm_cbrt_range(double a, double *root_scale) {
  double magnitude = __builtin_fabs(a);
  *root_scale = 1.0;
  if (magnitude < 0x1p-900) {
    *root_scale = 0x1p-333;
    return magnitude * 0x1p999;
  }
  if (magnitude > 0x1p900) {
    *root_scale = 0x1p333;
    return magnitude * 0x1p-999;
  }
  return magnitude;
}

/* cbrt(a) within CUDA's 1 ulp, where the C library's may be 2 off: its
 * estimate, refined once with the residual a - r^3 in double-double. */
MM_LIBDEVICE double __nv_cbrt(double a) {
  if (a == 0.0 || a != a || __builtin_isinf(a))
    return cbrt(a);
  double scale, magnitude = mm_cbrt_range(a, &scale);
  double r = cbrt(magnitude);
  mm_dd r3 = mm_dd_mul_d(mm_two_prod(r, r), r);
  double residual = (magnitude - r3.hi) - r3.lo;
  return __builtin_copysign(scale * (r + residual / (3.0 * r * r)), a);
}
MM_LIBDEVICE float __nv_cbrtf(float a) { return cbrtf(a); }

/* 1 / cbrt(a): the estimate, refined once with the residual 1 - a r^3. */
MM_LIBDEVICE double __nv_rcbrt(double a) {
  if (a == 0.0 || a != a || __builtin_isinf(a))
    return 1.0 / cbrt(a);
  double scale, magnitude = mm_cbrt_range(a, &scale);
  double r = 1.0 / cbrt(magnitude);
  mm_dd r3 = mm_dd_mul_d(mm_two_prod(r, r), r);
  mm_dd p = mm_dd_mul_d(r3, magnitude);
  double e = (1.0 - p.hi) - p.lo;
  return __builtin_copysign((r + r * e / 3.0) / scale, a);
}
MM_LIBDEVICE float __nv_rcbrtf(float a) { return (float)(1.0 / cbrt(a)); }

/* The sum of the squares of N values scaled by 2^-E (E the exponent of the
 * largest), as a double-double; E, or a special result: +inf if any value
 * is infinite (even beside a NaN), NaN if any is NaN, 0 if all are 0. */
static int mm_scaled_squares(int n, const double *values, mm_dd *sum, int *e,
                             double *special) {
  double largest = 0.0;
  int nan = 0;
  for (int i = 0; i < n; ++i) {
    double v = __builtin_fabs(values[i]);
    if (__builtin_isinf(v)) {
      *special = MM_INF;
      return 1;
    }
    if (v != v)
      nan = 1;
    else if (v > largest)
      largest = v;
  }
  if (nan) {
    *special = MM_NAN;
    return 1;
  }
  if (largest == 0.0) {
    *special = 0.0;
    return 1;
  }
  *e = ilogb(largest);
  *sum = (mm_dd){0.0, 0.0};
  for (int i = 0; i < n; ++i) {
    double v = ldexp(values[i], -*e); /* exact but for tiny values */
    *sum = mm_dd_add(*sum, mm_two_prod(v, v));
  }
  return 0;
}

static double mm_norm(int n, const double *values) {
  mm_dd sum;
  int e;
  double special;
  if (mm_scaled_squares(n, values, &sum, &e, &special))
    return special;
  return ldexp(mm_sqrt_dd(sum), e);
}
static double mm_rnorm(int n, const double *values) {
  mm_dd sum;
  int e;
  double special;
  if (mm_scaled_squares(n, values, &sum, &e, &special))
    return 1.0 / special;
  return ldexp(mm_rsqrt_dd(sum), -e);
}

MM_LIBDEVICE double __nv_norm(int n, const double *a) { return mm_norm(n, a); }
MM_LIBDEVICE double __nv_rnorm(int n, const double *a) {
  return mm_rnorm(n, a);
}
MM_LIBDEVICE double __nv_norm3d(double a, double b, double c) {
  double v[3] = {a, b, c};
  return mm_norm(3, v);
}
MM_LIBDEVICE double __nv_rnorm3d(double a, double b, double c) {
  double v[3] = {a, b, c};
  return mm_rnorm(3, v);
}
MM_LIBDEVICE double __nv_norm4d(double a, double b, double c, double d) {
  double v[4] = {a, b, c, d};
  return mm_norm(4, v);
}
MM_LIBDEVICE double __nv_rnorm4d(double a, double b, double c, double d) {
  double v[4] = {a, b, c, d};
  return mm_rnorm(4, v);
}
MM_LIBDEVICE double __nv_rhypot(double a, double b) {
  double v[2] = {a, b};
  return mm_rnorm(2, v);
}

/* The float norms in double: the squares and their sum are exact enough. */
static double mm_normf(int n, const float *values, int reciprocal) {
  double sum = 0.0;
  int infinite = 0;
  for (int i = 0; i < n; ++i) {
    double v = values[i];
    infinite |= __builtin_isinf(v);
    sum += v * v;
  }
  if (infinite)
    return reciprocal ? 0.0 : MM_INF;
  return reciprocal ? 1.0 / __builtin_sqrt(sum) : __builtin_sqrt(sum);
}
MM_LIBDEVICE float __nv_normf(int n, const float *a) {
  return (float)mm_normf(n, a, 0);
}
MM_LIBDEVICE float __nv_rnormf(int n, const float *a) {
  return (float)mm_normf(n, a, 1);
}
MM_LIBDEVICE float __nv_norm3df(float a, float b, float c) {
  float v[3] = {a, b, c};
  return (float)mm_normf(3, v, 0);
}
MM_LIBDEVICE float __nv_rnorm3df(float a, float b, float c) {
  float v[3] = {a, b, c};
  return (float)mm_normf(3, v, 1);
}
MM_LIBDEVICE float __nv_norm4df(float a, float b, float c, float d) {
  float v[4] = {a, b, c, d};
  return (float)mm_normf(4, v, 0);
}
MM_LIBDEVICE float __nv_rnorm4df(float a, float b, float c, float d) {
  float v[4] = {a, b, c, d};
  return (float)mm_normf(4, v, 1);
}
MM_LIBDEVICE float __nv_rhypotf(float a, float b) {
  float v[2] = {a, b};
  return (float)mm_normf(2, v, 1);
}
