/*===- mm-cuda/crt/narrow_float.hpp - 16-bit floating point -----*- C++ -*-===*
 *
 * What cuda_fp16.h's __half and cuda_bf16.h's __nv_bfloat16 share: a 16-bit
 * floating-point format (binary16 or bfloat16) kept as its bits, rounded to
 * from double in any of IEEE's four modes, widened exactly to float, and
 * the operations of CUDA's API over it, each rounded once as CUDA's are:
 * +, -, *, / and sqrt computed in float, whose 24 bits make rounding the
 * float result again exact (at least twice the format's bits plus two);
 * fma from the exact product in double, summed with its error kept and
 * rounded to odd, so that the final rounding is the only one.
 *
 * __MM_NARROW_FLOAT_API(T, T2) defines the overloads that both types have
 * under the same names (__hadd, __hfma2, hsqrt, __heq, ...), for a scalar
 * type T and its pair T2.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __MM_CRT_NARROW_FLOAT_HPP__
#define __MM_CRT_NARROW_FLOAT_HPP__

#include <math.h>

#include "../host_defines.h"
#include "../vector_types.h"

#define __MM_NARROW __host__ __device__ static __inline__

namespace __mm_narrow {

/* The formats: fraction and exponent bits, and whether the format has no
 * infinity, its largest exponent holding finite values but for a NaN of
 * all ones (fp8's E4M3). IEEE's binary16, Google's bfloat16, and the two
 * 8-bit formats of cuda_fp8.h, whose values this header keeps in the low
 * 7 bits with the sign at bit 15, as the 16-bit formats' (fp8 bits to and
 * from this form: to_fp8, from_fp8). */
struct binary16 {
  static constexpr int fraction = 10, exponent = 5;
  static constexpr bool finite_only = false;
};
struct bfloat16 {
  static constexpr int fraction = 7, exponent = 8;
  static constexpr bool finite_only = false;
};
struct fp8_e4m3 {
  static constexpr int fraction = 3, exponent = 4;
  static constexpr bool finite_only = true;
};
struct fp8_e5m2 {
  static constexpr int fraction = 2, exponent = 5;
  static constexpr bool finite_only = false;
};

enum rounding { nearest, toward_zero, down, up };

/* The canonical NaN that CUDA's conversions return. */
constexpr unsigned short canonical_nan = 0x7fff;

template <class F> struct layout {
  static constexpr int bias = (1 << (F::exponent - 1)) - 1;
  /* The pattern past the largest finite value: infinity's, or, in a
   * format without one, its NaN's. */
  static constexpr unsigned infinity =
      F::finite_only ? (1u << (F::exponent + F::fraction)) - 1
                     : ((1u << F::exponent) - 1) << F::fraction;
  static constexpr unsigned max_finite = infinity - 1;
  /* The largest exponent of a finite value. */
  static constexpr int max_exponent =
      (F::finite_only ? (1 << F::exponent) - 1 : (1 << F::exponent) - 2) -
      bias;
  static constexpr unsigned magnitude_mask = 0x7fffu;
};

__MM_NARROW unsigned long long double_bits(double x) {
  unsigned long long b;
  __builtin_memcpy(&b, &x, sizeof b);
  return b;
}
__MM_NARROW double bits_double(unsigned long long b) {
  double x;
  __builtin_memcpy(&x, &b, sizeof x);
  return x;
}

/* x rounded to the format in `mode`, as its bits. What overflows is
 * infinity (or, without one, NaN) as IEEE's modes say, or, with
 * `saturate`, the largest finite value of x's sign, infinities included. */
template <class F>
__MM_NARROW unsigned short round(double x, rounding mode,
                                 bool saturate = false) {
  typedef layout<F> L;
  const int M = F::fraction;
  unsigned long long b = double_bits(x);
  unsigned sign = (unsigned)(b >> 63);
  unsigned long long magnitude = b & ~(1ull << 63);
  if (magnitude > 0x7ff0000000000000ull)
    return canonical_nan;
  unsigned max_finite = L::max_finite;
  unsigned overflowed =
      saturate                ? max_finite
      : mode == nearest       ? L::infinity
      : mode == toward_zero ? max_finite
      : mode == up          ? (sign ? max_finite : L::infinity)
                            : (sign ? L::infinity : max_finite);
  unsigned out;
  if (magnitude == 0) {
    out = 0;
  } else if (magnitude == 0x7ff0000000000000ull) {
    out = saturate ? max_finite : L::infinity;
  } else {
    int double_exponent = (int)(magnitude >> 52);
    unsigned long long significand = magnitude & ((1ull << 52) - 1);
    if (double_exponent)
      significand |= 1ull << 52;
    else
      double_exponent = 1;
    /* x = significand * 2^lsb; its leading bit is 2^e. */
    int lsb = double_exponent - 1075;
    int e = lsb + 63 - __builtin_clzll(significand);
    if (e > L::max_exponent) {
      out = overflowed;
    } else {
      /* The format's unit in the last place at x, subnormals' below its
       * least exponent. */
      int min_exponent = 1 - L::bias;
      int ulp = (e < min_exponent ? min_exponent : e) - M;
      int shift = ulp - lsb;
      unsigned long long quotient, remainder = 0, half = 0;
      if (shift <= 0) {
        quotient = significand << -shift;
      } else if (shift > 62) {
        quotient = 0;
        remainder = 1;
        half = 2;
      } else {
        quotient = significand >> shift;
        remainder = significand & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
      }
      bool increment =
          mode == nearest ? remainder > half ||
                                (remainder == half && remainder && (quotient & 1))
          : mode == up    ? remainder && !sign
          : mode == down  ? remainder && sign
                          : false;
      quotient += increment;
      /* A normal number's leading bit carries into its exponent field. */
      unsigned long long field =
          ((unsigned long long)(ulp + M - min_exponent) << M) + quotient;
      out = field > max_finite ? overflowed : (unsigned)field;
    }
  }
  /* A format without infinity has one NaN, of either sign. */
  if (F::finite_only && out == L::infinity)
    return canonical_nan;
  return (unsigned short)(sign << 15 | out);
}

/* The format's value, exactly. */
template <class F> __MM_NARROW float widen(unsigned short h) {
  typedef layout<F> L;
  const int M = F::fraction;
  unsigned sign = (unsigned)(h >> 15) << 31;
  unsigned exponent = (h & L::magnitude_mask) >> M;
  unsigned fraction = h & ((1u << M) - 1);
  unsigned bits;
  if (F::finite_only ? (h & L::magnitude_mask) == L::infinity
                     : exponent == (L::infinity >> M)) {
    bits = sign | 0x7f800000u |
           (F::finite_only ? 1u << 22 : fraction << (23 - M));
  } else if (exponent != 0 || F::exponent == 8) {
    /* Normal, or a bfloat16 subnormal, whose bits are float's. */
    bits = sign | (exponent ? exponent - L::bias + 127 : 0) << 23 |
           fraction << (23 - M);
  } else {
    /* A subnormal of a narrower exponent: fraction * 2^(1 - bias - M), a
     * normal float. (bfloat16, whose exponent is float's, never comes
     * here: its shift is not taken, which would exceed 32 bits.) */
    const int shift = F::exponent == 8 ? 0 : L::bias + M - 1;
    float magnitude = (float)fraction * (1.0f / (1u << shift));
    return sign ? -magnitude : magnitude;
  }
  float f;
  __builtin_memcpy(&f, &bits, sizeof f);
  return f;
}

template <class F> __MM_NARROW bool is_nan(unsigned short h) {
  return F::finite_only
             ? (h & layout<F>::magnitude_mask) == layout<F>::infinity
             : (h & layout<F>::magnitude_mask) > layout<F>::infinity;
}
template <class F> __MM_NARROW bool is_inf(unsigned short h) {
  return !F::finite_only &&
         (h & layout<F>::magnitude_mask) == layout<F>::infinity;
}

/* An 8-bit format's bits to and from this header's form of them. */
__MM_NARROW unsigned short from_fp8(unsigned char b) {
  return (unsigned short)((b & 0x80u) << 8 | (b & 0x7fu));
}
__MM_NARROW unsigned char to_fp8(unsigned short h) {
  return (unsigned char)((h >> 8 & 0x80u) | (h & 0x7fu));
}

/* a * b + c, rounded once: the product is exact in double; the sum's
 * rounding error, kept by Knuth's TwoSum, rounds the double to odd, which
 * the final rounding to 16 bits then rounds as the exact value. */
template <class F>
__MM_NARROW unsigned short fma(unsigned short a, unsigned short b,
                               unsigned short c, rounding mode) {
  double p = (double)widen<F>(a) * (double)widen<F>(b);
  double q = widen<F>(c);
  double s = p + q;
  double t = s - p;
  double error = (p - (s - t)) + (q - t);
  if (error != 0 && s == s) {
    unsigned long long bits = double_bits(s);
    if (!(bits & 1))
      s = bits_double((error > 0) == (s > 0) ? bits + 1 : bits - 1);
  }
  return round<F>(s, mode);
}

/* A 64-bit integer as a double that rounds as the integer does: its top
 * 52 bits and a sticky bit for the rest. */
template <typename I> __MM_NARROW double integer_to_double(I value) {
  bool negative = value < 0;
  unsigned long long magnitude =
      negative ? 0ull - (unsigned long long)value : (unsigned long long)value;
  if (magnitude < (1ull << 53))
    return negative ? -(double)magnitude : (double)magnitude;
  int shift = 64 - __builtin_clzll(magnitude) - 53;
  unsigned long long kept = magnitude >> shift;
  if (magnitude & ((1ull << shift) - 1))
    kept |= 1;
  double result = (double)kept;
  for (int i = 0; i < shift; ++i)
    result *= 2;
  return negative ? -result : result;
}

/* The format's value as an integer in `mode`: NaN is 0, and values out of
 * I's range saturate, as CUDA's conversions do. */
template <class F, typename I>
__MM_NARROW I to_integer(unsigned short h, rounding mode, I min, I max) {
  if (is_nan<F>(h))
    return 0;
  float v = widen<F>(h);
  float r = mode == nearest       ? __builtin_rintf(v)
            : mode == toward_zero ? __builtin_truncf(v)
            : mode == down        ? __builtin_floorf(v)
                                  : __builtin_ceilf(v);
  if (r <= (float)min)
    return min;
  if (r >= (float)max)
    return max;
  return (I)r;
}

} // namespace __mm_narrow

/* The overloads that __half and __nv_bfloat16 share. T has `__x`, its bits,
 * and `format`; T2 has `x` and `y` of T. */
#define __MM_NARROW_FLOAT_API(T, T2)                                           \
  __MM_NARROW T __mm_from_bits(T, unsigned short bits) {                       \
    T r;                                                                       \
    r.__x = bits;                                                              \
    return r;                                                                  \
  }                                                                            \
  __MM_NARROW T __mm_from_float(T, float f) {                                  \
    return __mm_from_bits(T(), __mm_narrow::round<T::format>(                  \
                                   f, __mm_narrow::nearest));                  \
  }                                                                            \
  __MM_NARROW float __mm_to_float(T h) {                                       \
    return __mm_narrow::widen<T::format>(h.__x);                               \
  }                                                                            \
  __MM_NARROW T2 __mm_pair(T x, T y) {                                         \
    T2 r;                                                                      \
    r.x = x;                                                                   \
    r.y = y;                                                                   \
    return r;                                                                  \
  }                                                                            \
  /* Arithmetic, rounded to nearest. */                                        \
  __MM_NARROW T __hadd(T a, T b) {                                             \
    return __mm_from_float(T(), __mm_to_float(a) + __mm_to_float(b));          \
  }                                                                            \
  __MM_NARROW T __hsub(T a, T b) {                                             \
    return __mm_from_float(T(), __mm_to_float(a) - __mm_to_float(b));          \
  }                                                                            \
  __MM_NARROW T __hmul(T a, T b) {                                             \
    return __mm_from_float(T(), __mm_to_float(a) * __mm_to_float(b));          \
  }                                                                            \
  __MM_NARROW T __hdiv(T a, T b) {                                             \
    return __mm_from_float(T(), __mm_to_float(a) / __mm_to_float(b));          \
  }                                                                            \
  __MM_NARROW T __hadd_rn(T a, T b) { return __hadd(a, b); }                   \
  __MM_NARROW T __hsub_rn(T a, T b) { return __hsub(a, b); }                   \
  __MM_NARROW T __hmul_rn(T a, T b) { return __hmul(a, b); }                   \
  __MM_NARROW T __hfma(T a, T b, T c) {                                        \
    return __mm_from_bits(T(), __mm_narrow::fma<T::format>(                    \
                                   a.__x, b.__x, c.__x, __mm_narrow::nearest)); \
  }                                                                            \
  __MM_NARROW T __hneg(T a) { return __mm_from_bits(T(), a.__x ^ 0x8000u); }   \
  __MM_NARROW T __habs(T a) { return __mm_from_bits(T(), a.__x & 0x7fffu); }   \
  /* Saturated to [0, 1], NaN to 0; fma_relu's negative results to 0. */     \
  __MM_NARROW T __mm_saturate(T a) {                                           \
    float f = __mm_to_float(a);                                                \
    return f >= 1.0f ? __mm_from_float(T(), 1.0f)                              \
           : f > 0.0f ? a                                                      \
                      : __mm_from_bits(T(), 0);                                \
  }                                                                            \
  __MM_NARROW T __hadd_sat(T a, T b) { return __mm_saturate(__hadd(a, b)); }   \
  __MM_NARROW T __hsub_sat(T a, T b) { return __mm_saturate(__hsub(a, b)); }   \
  __MM_NARROW T __hmul_sat(T a, T b) { return __mm_saturate(__hmul(a, b)); }   \
  __MM_NARROW T __hfma_sat(T a, T b, T c) {                                    \
    return __mm_saturate(__hfma(a, b, c));                                     \
  }                                                                            \
  __MM_NARROW T __hfma_relu(T a, T b, T c) {                                   \
    T r = __hfma(a, b, c);                                                     \
    if (__mm_narrow::is_nan<T::format>(r.__x))                                 \
      return __mm_from_bits(T(), __mm_narrow::canonical_nan);                  \
    return __mm_to_float(r) < 0.0f ? __mm_from_bits(T(), 0) : r;               \
  }                                                                            \
  /* The larger or smaller; NaN only if both are (the _nan forms: if           \
   * either is). */                                                            \
  __MM_NARROW T __hmax(T a, T b) {                                             \
    bool na = __mm_narrow::is_nan<T::format>(a.__x),                           \
         nb = __mm_narrow::is_nan<T::format>(b.__x);                           \
    if (na && nb)                                                              \
      return __mm_from_bits(T(), __mm_narrow::canonical_nan);                  \
    if (na || nb)                                                              \
      return na ? b : a;                                                       \
    float fa = __mm_to_float(a), fb = __mm_to_float(b);                        \
    if (fa == fb)                                                              \
      return (a.__x & 0x8000u) ? b : a;                                        \
    return fa > fb ? a : b;                                                    \
  }                                                                            \
  __MM_NARROW T __hmin(T a, T b) {                                             \
    bool na = __mm_narrow::is_nan<T::format>(a.__x),                           \
         nb = __mm_narrow::is_nan<T::format>(b.__x);                           \
    if (na && nb)                                                              \
      return __mm_from_bits(T(), __mm_narrow::canonical_nan);                  \
    if (na || nb)                                                              \
      return na ? b : a;                                                       \
    float fa = __mm_to_float(a), fb = __mm_to_float(b);                        \
    if (fa == fb)                                                              \
      return (a.__x & 0x8000u) ? a : b;                                        \
    return fa < fb ? a : b;                                                    \
  }                                                                            \
  __MM_NARROW T __hmax_nan(T a, T b) {                                         \
    if (__mm_narrow::is_nan<T::format>(a.__x) ||                               \
        __mm_narrow::is_nan<T::format>(b.__x))                                 \
      return __mm_from_bits(T(), __mm_narrow::canonical_nan);                  \
    return __hmax(a, b);                                                       \
  }                                                                            \
  __MM_NARROW T __hmin_nan(T a, T b) {                                         \
    if (__mm_narrow::is_nan<T::format>(a.__x) ||                               \
        __mm_narrow::is_nan<T::format>(b.__x))                                 \
      return __mm_from_bits(T(), __mm_narrow::canonical_nan);                  \
    return __hmin(a, b);                                                       \
  }                                                                            \
  /* Comparisons: ordered, and unordered (true when either is NaN). */        \
  __MM_NARROW bool __heq(T a, T b) {                                           \
    return __mm_to_float(a) == __mm_to_float(b);                               \
  }                                                                            \
  __MM_NARROW bool __hne(T a, T b) {                                           \
    float fa = __mm_to_float(a), fb = __mm_to_float(b);                        \
    return fa < fb || fa > fb;                                                 \
  }                                                                            \
  __MM_NARROW bool __hlt(T a, T b) {                                           \
    return __mm_to_float(a) < __mm_to_float(b);                                \
  }                                                                            \
  __MM_NARROW bool __hle(T a, T b) {                                           \
    return __mm_to_float(a) <= __mm_to_float(b);                               \
  }                                                                            \
  __MM_NARROW bool __hgt(T a, T b) {                                           \
    return __mm_to_float(a) > __mm_to_float(b);                                \
  }                                                                            \
  __MM_NARROW bool __hge(T a, T b) {                                           \
    return __mm_to_float(a) >= __mm_to_float(b);                               \
  }                                                                            \
  __MM_NARROW bool __hequ(T a, T b) { return !__hne(a, b); }                   \
  __MM_NARROW bool __hneu(T a, T b) { return !__heq(a, b); }                   \
  __MM_NARROW bool __hltu(T a, T b) { return !__hge(a, b); }                   \
  __MM_NARROW bool __hleu(T a, T b) { return !__hgt(a, b); }                   \
  __MM_NARROW bool __hgtu(T a, T b) { return !__hle(a, b); }                   \
  __MM_NARROW bool __hgeu(T a, T b) { return !__hlt(a, b); }                   \
  __MM_NARROW bool __hisnan(T a) {                                             \
    return __mm_narrow::is_nan<T::format>(a.__x);                              \
  }                                                                            \
  __MM_NARROW int __hisinf(T a) {                                              \
    return __mm_narrow::is_inf<T::format>(a.__x) ? (a.__x & 0x8000u ? -1 : 1)  \
                                                 : 0;                          \
  }                                                                            \
  /* Math, computed in float and rounded to nearest. */                        \
  __MM_NARROW_MATH(T, hsqrt, __builtin_sqrtf)                                  \
  __MM_NARROW_MATH(T, hrsqrt, 1.0f / __builtin_sqrtf)                          \
  __MM_NARROW_MATH(T, hrcp, 1.0f /)                                            \
  __MM_NARROW_MATH(T, hexp, expf) __MM_NARROW_MATH(T, hexp2, exp2f)            \
  __MM_NARROW_MATH(T, hexp10, exp10f) __MM_NARROW_MATH(T, hlog, logf)          \
  __MM_NARROW_MATH(T, hlog2, log2f) __MM_NARROW_MATH(T, hlog10, log10f)        \
  __MM_NARROW_MATH(T, hsin, sinf) __MM_NARROW_MATH(T, hcos, cosf)              \
  __MM_NARROW_MATH(T, htanh, tanhf)                                            \
  __MM_NARROW_MATH(T, htrunc, __builtin_truncf)                                \
  __MM_NARROW_MATH(T, hceil, __builtin_ceilf)                                  \
  __MM_NARROW_MATH(T, hfloor, __builtin_floorf)                                \
  __MM_NARROW_MATH(T, hrint, __builtin_rintf)                                  \
  /* Pairs, lane by lane. */                                                   \
  __MM_NARROW_LANES_2(T2, __hadd2, __hadd)                                     \
  __MM_NARROW_LANES_2(T2, __hsub2, __hsub)                                     \
  __MM_NARROW_LANES_2(T2, __hmul2, __hmul)                                     \
  __MM_NARROW_LANES_2(T2, __h2div, __hdiv)                                     \
  __MM_NARROW_LANES_2(T2, __hadd2_rn, __hadd)                                  \
  __MM_NARROW_LANES_2(T2, __hsub2_rn, __hsub)                                  \
  __MM_NARROW_LANES_2(T2, __hmul2_rn, __hmul)                                  \
  __MM_NARROW_LANES_2(T2, __hadd2_sat, __hadd_sat)                             \
  __MM_NARROW_LANES_2(T2, __hsub2_sat, __hsub_sat)                             \
  __MM_NARROW_LANES_2(T2, __hmul2_sat, __hmul_sat)                             \
  __MM_NARROW_LANES_3(T2, __hfma2, __hfma)                                     \
  __MM_NARROW_LANES_3(T2, __hfma2_sat, __hfma_sat)                             \
  __MM_NARROW_LANES_3(T2, __hfma2_relu, __hfma_relu)                           \
  /* Complex multiply-add: (a.x + i a.y)(b.x + i b.y) + (c.x + i c.y). */      \
  __MM_NARROW T2 __hcmadd(T2 a, T2 b, T2 c) {                                  \
    T re = __hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x));                    \
    T im = __hfma(a.y, b.x, __hfma(a.x, b.y, c.y));                            \
    return __mm_pair(re, im);                                                  \
  }                                                                            \
  __MM_NARROW_LANES_1(T2, __hneg2, __hneg)                                     \
  __MM_NARROW_LANES_1(T2, __habs2, __habs)                                     \
  __MM_NARROW_LANES_2(T2, __hmax2, __hmax)                                     \
  __MM_NARROW_LANES_2(T2, __hmin2, __hmin)                                     \
  __MM_NARROW_LANES_2(T2, __hmax2_nan, __hmax_nan)                             \
  __MM_NARROW_LANES_2(T2, __hmin2_nan, __hmin_nan)                       \
  __MM_NARROW T __mm_truth(T, bool b) {                                        \
    return __mm_from_float(T(), b ? 1.0f : 0.0f);                              \
  }                                                                            \
  __MM_NARROW T2 __hisnan2(T2 a) {                                             \
    return __mm_pair(__mm_truth(T(), __hisnan(a.x)),                           \
                     __mm_truth(T(), __hisnan(a.y)));                          \
  }                                                                            \
  __MM_NARROW_PAIR_COMPARISON(T, T2, eq)                                       \
  __MM_NARROW_PAIR_COMPARISON(T, T2, ne)                                       \
  __MM_NARROW_PAIR_COMPARISON(T, T2, lt)                                       \
  __MM_NARROW_PAIR_COMPARISON(T, T2, le)                                       \
  __MM_NARROW_PAIR_COMPARISON(T, T2, gt)                                       \
  __MM_NARROW_PAIR_COMPARISON(T, T2, ge)                                       \
  __MM_NARROW_PAIR_COMPARISON(T, T2, equ)                                      \
  __MM_NARROW_PAIR_COMPARISON(T, T2, neu)                                      \
  __MM_NARROW_PAIR_COMPARISON(T, T2, ltu)                                      \
  __MM_NARROW_PAIR_COMPARISON(T, T2, leu)                                      \
  __MM_NARROW_PAIR_COMPARISON(T, T2, gtu)                                      \
  __MM_NARROW_PAIR_COMPARISON(T, T2, geu)                                      \
  __MM_NARROW_PAIR_MATH(T2, sqrt) __MM_NARROW_PAIR_MATH(T2, rsqrt)           \
  __MM_NARROW_PAIR_MATH(T2, rcp) __MM_NARROW_PAIR_MATH(T2, exp)              \
  __MM_NARROW_PAIR_MATH(T2, exp2) __MM_NARROW_PAIR_MATH(T2, exp10)           \
  __MM_NARROW_PAIR_MATH(T2, log) __MM_NARROW_PAIR_MATH(T2, log2)             \
  __MM_NARROW_PAIR_MATH(T2, log10) __MM_NARROW_PAIR_MATH(T2, sin)            \
  __MM_NARROW_PAIR_MATH(T2, cos) __MM_NARROW_PAIR_MATH(T2, tanh)             \
  __MM_NARROW_PAIR_MATH(T2, trunc) __MM_NARROW_PAIR_MATH(T2, ceil)           \
  __MM_NARROW_PAIR_MATH(T2, floor) __MM_NARROW_PAIR_MATH(T2, rint)           \
  /* Device side: shuffles, __ldg and atomicAdd on the bits. */                \
  __MM_NARROW_DEVICE(T, T2)

/* __hXX2, __hbXX2 (both lanes) and __hXX2_mask (a lane mask). */
#define __MM_NARROW_PAIR_COMPARISON(T, T2, Op)                                 \
  __MM_NARROW T2 __h##Op##2(T2 a, T2 b) {                                      \
    return __mm_pair(__mm_truth(T(), __h##Op(a.x, b.x)),                       \
                     __mm_truth(T(), __h##Op(a.y, b.y)));                      \
  }                                                                            \
  __MM_NARROW bool __hb##Op##2(T2 a, T2 b) {                                   \
    return __h##Op(a.x, b.x) && __h##Op(a.y, b.y);                             \
  }                                                                            \
  __MM_NARROW unsigned __h##Op##2_mask(T2 a, T2 b) {                           \
    return (__h##Op(a.x, b.x) ? 0xffffu : 0u) |                                \
           (__h##Op(a.y, b.y) ? 0xffff0000u : 0u);                             \
  }

/* h2NAME of hNAME, lane by lane. */
#define __MM_NARROW_PAIR_MATH(T2, Name) __MM_NARROW_LANES_1(T2, h2##Name, h##Name)

/* hNAME(a): F of a's value, rounded to nearest. */
#define __MM_NARROW_MATH(T, Name, F)                                           \
  __MM_NARROW T Name(T a) { return __mm_from_float(T(), F(__mm_to_float(a))); }

/* NAME2 applies NAME to each lane of its pairs. */
#define __MM_NARROW_LANES_1(T2, Name2, Name)                                   \
  __MM_NARROW T2 Name2(T2 a) { return __mm_pair(Name(a.x), Name(a.y)); }
#define __MM_NARROW_LANES_2(T2, Name2, Name)                                   \
  __MM_NARROW T2 Name2(T2 a, T2 b) {                                           \
    return __mm_pair(Name(a.x, b.x), Name(a.y, b.y));                         \
  }
#define __MM_NARROW_LANES_3(T2, Name2, Name)                                   \
  __MM_NARROW T2 Name2(T2 a, T2 b, T2 c) {                                     \
    return __mm_pair(Name(a.x, b.x, c.x), Name(a.y, b.y, c.y));               \
  }

/* The operators of T and T2, which a program may ask not to have. */
#define __MM_NARROW_OPERATORS(T, T2)                                           \
  __MM_NARROW T operator+(const T &a, const T &b) { return __hadd(a, b); }     \
  __MM_NARROW T operator-(const T &a, const T &b) { return __hsub(a, b); }     \
  __MM_NARROW T operator*(const T &a, const T &b) { return __hmul(a, b); }     \
  __MM_NARROW T operator/(const T &a, const T &b) { return __hdiv(a, b); }     \
  __MM_NARROW T &operator+=(T &a, const T &b) { return a = __hadd(a, b); }     \
  __MM_NARROW T &operator-=(T &a, const T &b) { return a = __hsub(a, b); }     \
  __MM_NARROW T &operator*=(T &a, const T &b) { return a = __hmul(a, b); }     \
  __MM_NARROW T &operator/=(T &a, const T &b) { return a = __hdiv(a, b); }     \
  __MM_NARROW T operator+(const T &a) { return a; }                            \
  __MM_NARROW T operator-(const T &a) { return __hneg(a); }                    \
  __MM_NARROW T &operator++(T &a) {                                            \
    return a = __hadd(a, __mm_from_float(T(), 1.0f));                          \
  }                                                                            \
  __MM_NARROW T &operator--(T &a) {                                            \
    return a = __hsub(a, __mm_from_float(T(), 1.0f));                          \
  }                                                                            \
  __MM_NARROW T operator++(T &a, int) {                                        \
    T old = a;                                                                 \
    ++a;                                                                       \
    return old;                                                                \
  }                                                                            \
  __MM_NARROW T operator--(T &a, int) {                                        \
    T old = a;                                                                 \
    --a;                                                                       \
    return old;                                                                \
  }                                                                            \
  __MM_NARROW bool operator==(const T &a, const T &b) { return __heq(a, b); }  \
  __MM_NARROW bool operator!=(const T &a, const T &b) { return __hneu(a, b); } \
  __MM_NARROW bool operator<(const T &a, const T &b) { return __hlt(a, b); }   \
  __MM_NARROW bool operator<=(const T &a, const T &b) { return __hle(a, b); }  \
  __MM_NARROW bool operator>(const T &a, const T &b) { return __hgt(a, b); }   \
  __MM_NARROW bool operator>=(const T &a, const T &b) { return __hge(a, b); }  \
  __MM_NARROW T2 operator+(const T2 &a, const T2 &b) { return __hadd2(a, b); } \
  __MM_NARROW T2 operator-(const T2 &a, const T2 &b) { return __hsub2(a, b); } \
  __MM_NARROW T2 operator*(const T2 &a, const T2 &b) { return __hmul2(a, b); } \
  __MM_NARROW T2 operator/(const T2 &a, const T2 &b) { return __h2div(a, b); } \
  __MM_NARROW T2 &operator+=(T2 &a, const T2 &b) { return a = __hadd2(a, b); } \
  __MM_NARROW T2 &operator-=(T2 &a, const T2 &b) { return a = __hsub2(a, b); } \
  __MM_NARROW T2 &operator*=(T2 &a, const T2 &b) { return a = __hmul2(a, b); } \
  __MM_NARROW T2 &operator/=(T2 &a, const T2 &b) { return a = __h2div(a, b); } \
  __MM_NARROW T2 operator+(const T2 &a) { return a; }                          \
  __MM_NARROW T2 operator-(const T2 &a) { return __hneg2(a); }                 \
  __MM_NARROW bool operator==(const T2 &a, const T2 &b) {                      \
    return __hbeq2(a, b);                                                      \
  }                                                                            \
  __MM_NARROW bool operator!=(const T2 &a, const T2 &b) {                      \
    return __hbneu2(a, b);                                                     \
  }                                                                            \
  __MM_NARROW bool operator<(const T2 &a, const T2 &b) {                       \
    return __hblt2(a, b);                                                      \
  }                                                                            \
  __MM_NARROW bool operator<=(const T2 &a, const T2 &b) {                      \
    return __hble2(a, b);                                                      \
  }                                                                            \
  __MM_NARROW bool operator>(const T2 &a, const T2 &b) {                       \
    return __hbgt2(a, b);                                                      \
  }                                                                            \
  __MM_NARROW bool operator>=(const T2 &a, const T2 &b) {                      \
    return __hbge2(a, b);                                                      \
  }

#if defined(__CUDA__)
#define __MM_NARROW_DEVICE(T, T2)                                              \
  static __device__ __inline__ T __shfl_sync(unsigned mask, T var, int lane,   \
                                             int width = 32) {                 \
    return __mm_from_bits(                                                     \
        T(), (unsigned short)__shfl_sync(mask, (int)var.__x, lane, width));    \
  }                                                                            \
  static __device__ __inline__ T __shfl_up_sync(unsigned mask, T var,          \
                                                unsigned delta,                \
                                                int width = 32) {              \
    return __mm_from_bits(T(), (unsigned short)__shfl_up_sync(                 \
                                   mask, (int)var.__x, delta, width));         \
  }                                                                            \
  static __device__ __inline__ T __shfl_down_sync(unsigned mask, T var,        \
                                                  unsigned delta,              \
                                                  int width = 32) {            \
    return __mm_from_bits(T(), (unsigned short)__shfl_down_sync(               \
                                   mask, (int)var.__x, delta, width));         \
  }                                                                            \
  static __device__ __inline__ T __shfl_xor_sync(unsigned mask, T var,         \
                                                 int lane_mask,                \
                                                 int width = 32) {             \
    return __mm_from_bits(T(), (unsigned short)__shfl_xor_sync(                \
                                   mask, (int)var.__x, lane_mask, width));     \
  }                                                                            \
  static __device__ __inline__ unsigned __mm_pair_bits(T2 v) {                 \
    return (unsigned)v.x.__x | (unsigned)v.y.__x << 16;                        \
  }                                                                            \
  static __device__ __inline__ T2 __mm_pair_from_bits(T2, unsigned bits) {         \
    return __mm_pair(__mm_from_bits(T(), (unsigned short)bits),                \
                     __mm_from_bits(T(), (unsigned short)(bits >> 16)));       \
  }                                                                            \
  static __device__ __inline__ T2 __shfl_sync(unsigned mask, T2 var, int lane, \
                                              int width = 32) {                \
    return __mm_pair_from_bits(T2(),                                                 \
        (unsigned)__shfl_sync(mask, (int)__mm_pair_bits(var), lane, width));   \
  }                                                                            \
  static __device__ __inline__ T2 __shfl_up_sync(unsigned mask, T2 var,        \
                                                 unsigned delta,               \
                                                 int width = 32) {             \
    return __mm_pair_from_bits(T2(), (unsigned)__shfl_up_sync(                       \
        mask, (int)__mm_pair_bits(var), delta, width));                        \
  }                                                                            \
  static __device__ __inline__ T2 __shfl_down_sync(unsigned mask, T2 var,      \
                                                   unsigned delta,             \
                                                   int width = 32) {           \
    return __mm_pair_from_bits(T2(), (unsigned)__shfl_down_sync(                     \
        mask, (int)__mm_pair_bits(var), delta, width));                        \
  }                                                                            \
  static __device__ __inline__ T2 __shfl_xor_sync(unsigned mask, T2 var,       \
                                                  int lane_mask,               \
                                                  int width = 32) {            \
    return __mm_pair_from_bits(T2(), (unsigned)__shfl_xor_sync(                      \
        mask, (int)__mm_pair_bits(var), lane_mask, width));                    \
  }                                                                            \
  static __device__ __inline__ T __ldg(const T *p) { return *p; }              \
  static __device__ __inline__ T2 __ldg(const T2 *p) { return *p; }            \
  static __device__ __inline__ T atomicAdd(T *address, T value) {              \
    unsigned short *bits = (unsigned short *)address;                          \
    unsigned short old = *bits, assumed;                                       \
    do {                                                                       \
      assumed = old;                                                           \
      old = atomicCAS(bits, assumed,                                           \
                      __hadd(__mm_from_bits(T(), assumed), value).__x);        \
    } while (old != assumed);                                                  \
    return __mm_from_bits(T(), old);                                           \
  }                                                                            \
  static __device__ __inline__ T2 atomicAdd(T2 *address, T2 value) {           \
    unsigned *bits = (unsigned *)address;                                      \
    unsigned old = *bits, assumed;                                             \
    do {                                                                       \
      assumed = old;                                                           \
      old = atomicCAS(bits, assumed,                                           \
                      __mm_pair_bits(__hadd2(__mm_pair_from_bits(T2(), assumed),     \
                                             value)));                         \
    } while (old != assumed);                                                  \
    return __mm_pair_from_bits(T2(), old);                                           \
  }
#else
#define __MM_NARROW_DEVICE(T, T2)
#endif

/* The conversions of a scalar type T (CUDA's name Tag: half, bfloat16) and
 * its pair T2 (Tag2: half2, bfloat162), whose names carry the type's. */
#define __MM_NARROW_CONVERSIONS(T, T2, Tag, Tag2)                              \
  __MM_NARROW T __mm_round(T, double x, __mm_narrow::rounding mode) {          \
    return __mm_from_bits(T(), __mm_narrow::round<T::format>(x, mode));        \
  }                                                                            \
  __MM_NARROW T __float2##Tag(float f) {                                       \
    return __mm_round(T(), f, __mm_narrow::nearest);                           \
  }                                                                            \
  __MM_NARROW T __float2##Tag##_rn(float f) {                                  \
    return __mm_round(T(), f, __mm_narrow::nearest);                           \
  }                                                                            \
  __MM_NARROW T __float2##Tag##_rz(float f) {                                  \
    return __mm_round(T(), f, __mm_narrow::toward_zero);                       \
  }                                                                            \
  __MM_NARROW T __float2##Tag##_rd(float f) {                                  \
    return __mm_round(T(), f, __mm_narrow::down);                              \
  }                                                                            \
  __MM_NARROW T __float2##Tag##_ru(float f) {                                  \
    return __mm_round(T(), f, __mm_narrow::up);                                \
  }                                                                            \
  __MM_NARROW T __double2##Tag(double d) {                                     \
    return __mm_round(T(), d, __mm_narrow::nearest);                           \
  }                                                                            \
  __MM_NARROW float __##Tag##2float(T h) { return __mm_to_float(h); }          \
  __MM_NARROW T2 __float2##Tag2##_rn(float f) {                                \
    T h = __float2##Tag(f);                                                    \
    return __mm_pair(h, h);                                                    \
  }                                                                            \
  __MM_NARROW T2 __floats2##Tag2##_rn(float a, float b) {                      \
    return __mm_pair(__float2##Tag(a), __float2##Tag(b));                      \
  }                                                                            \
  __MM_NARROW T2 __float22##Tag2##_rn(float2 f) {                              \
    return __mm_pair(__float2##Tag(f.x), __float2##Tag(f.y));                  \
  }                                                                            \
  __MM_NARROW float2 __##Tag2##2float2(T2 h) {                                 \
    float2 f;                                                                  \
    f.x = __mm_to_float(h.x);                                                  \
    f.y = __mm_to_float(h.y);                                                  \
    return f;                                                                  \
  }                                                                            \
  __MM_NARROW float __low2float(T2 h) { return __mm_to_float(h.x); }           \
  __MM_NARROW float __high2float(T2 h) { return __mm_to_float(h.y); }          \
  __MM_NARROW T __low2##Tag(T2 h) { return h.x; }                              \
  __MM_NARROW T __high2##Tag(T2 h) { return h.y; }                             \
  __MM_NARROW T2 __##Tag##2##Tag2(T h) { return __mm_pair(h, h); }             \
  __MM_NARROW T2 __halves2##Tag2(T a, T b) { return __mm_pair(a, b); }         \
  __MM_NARROW T2 __lows2##Tag2(T2 a, T2 b) { return __mm_pair(a.x, b.x); }     \
  __MM_NARROW T2 __highs2##Tag2(T2 a, T2 b) { return __mm_pair(a.y, b.y); }    \
  __MM_NARROW T2 __low2##Tag2(T2 h) { return __mm_pair(h.x, h.x); }            \
  __MM_NARROW T2 __high2##Tag2(T2 h) { return __mm_pair(h.y, h.y); }           \
  __MM_NARROW T2 __lowhigh2highlow(T2 h) { return __mm_pair(h.y, h.x); }       \
  __MM_NARROW T2 make_##Tag2(T x, T y) { return __mm_pair(x, y); }             \
  __MM_NARROW short __##Tag##_as_short(T h) { return (short)h.__x; }           \
  __MM_NARROW unsigned short __##Tag##_as_ushort(T h) { return h.__x; }        \
  __MM_NARROW T __short_as_##Tag(short i) {                                    \
    return __mm_from_bits(T(), (unsigned short)i);                             \
  }                                                                            \
  __MM_NARROW T __ushort_as_##Tag(unsigned short i) {                          \
    return __mm_from_bits(T(), i);                                             \
  }                                                                            \
  __MM_NARROW_INTEGER(T, Tag, int, int, -2147483647 - 1, 2147483647)           \
  __MM_NARROW_INTEGER(T, Tag, uint, unsigned, 0u, 4294967295u)                 \
  __MM_NARROW_INTEGER(T, Tag, short, short, (short)-32768, (short)32767)       \
  __MM_NARROW_INTEGER(T, Tag, ushort, unsigned short, (unsigned short)0,       \
                      (unsigned short)65535)                                   \
  __MM_NARROW_INTEGER(T, Tag, ll, long long, -9223372036854775807ll - 1,       \
                      9223372036854775807ll)                                   \
  __MM_NARROW_INTEGER(T, Tag, ull, unsigned long long, 0ull,                   \
                      18446744073709551615ull)

/* __NAME2TAG_MODE and __TAG2NAME_MODE for the integer type I. */
#define __MM_NARROW_INTEGER(T, Tag, Name, I, Min, Max)                         \
  __MM_NARROW_INTEGER_MODE(T, Tag, Name, I, Min, Max, rn, nearest)             \
  __MM_NARROW_INTEGER_MODE(T, Tag, Name, I, Min, Max, rz, toward_zero)         \
  __MM_NARROW_INTEGER_MODE(T, Tag, Name, I, Min, Max, rd, down)                \
  __MM_NARROW_INTEGER_MODE(T, Tag, Name, I, Min, Max, ru, up)
#define __MM_NARROW_INTEGER_MODE(T, Tag, Name, I, Min, Max, Suffix, Mode)      \
  __MM_NARROW T __##Name##2##Tag##_##Suffix(I i) {                             \
    return __mm_round(T(), __mm_narrow::integer_to_double(i),                  \
                      __mm_narrow::Mode);                                      \
  }                                                                            \
  __MM_NARROW I __##Tag##2##Name##_##Suffix(T h) {                             \
    return __mm_narrow::to_integer<T::format, I>(h.__x, __mm_narrow::Mode,     \
                                                 Min, Max);                    \
  }

/* A format's scalar type T and pair type T2 over its raw structs, with
 * `Members(T)` for the implicit conversions (or none). Assigning a raw
 * value converts it: no operator= of its own, which would make `x = {}`
 * ambiguous. */
#define __MM_NARROW_TYPES(T, T2, Raw, Raw2, Format, Members)                   \
  typedef struct Raw {                                                         \
    unsigned short x;                                                          \
  } Raw;                                                                       \
  typedef struct Raw2 {                                                        \
    unsigned short x, y;                                                       \
  } Raw2;                                                                      \
  struct __align__(2) T {                                                      \
    typedef __mm_narrow::Format format;                                        \
    unsigned short __x;                                                        \
    T() = default;                                                             \
    __host__ __device__ T(const Raw &raw) : __x(raw.x) {}                      \
    __host__ __device__ operator Raw() const {                                 \
      Raw raw;                                                                 \
      raw.x = __x;                                                             \
      return raw;                                                              \
    }                                                                          \
    Members(T)                                                                 \
  };                                                                           \
  struct __align__(4) T2 {                                                     \
    T x, y;                                                                    \
    T2() = default;                                                            \
    __host__ __device__ T2(const T &a, const T &b) : x(a), y(b) {}             \
    __host__ __device__ T2(const Raw2 &raw) {                                  \
      x.__x = raw.x;                                                           \
      y.__x = raw.y;                                                           \
    }                                                                          \
    __host__ __device__ operator Raw2() const {                                \
      Raw2 raw;                                                                \
      raw.x = x.__x;                                                           \
      raw.y = y.__x;                                                           \
      return raw;                                                              \
    }                                                                          \
  };
#define __MM_NARROW_NO_CONVERSION_MEMBERS(T)

/* The scalar type's implicit conversions from and to float, double and
 * integers, which a program may ask not to have. */
#define __MM_NARROW_CONVERSION_MEMBERS(T)                                                 \
  __host__ __device__ T(float f)                                               \
      : __x(__mm_narrow::round<format>(f, __mm_narrow::nearest)) {}            \
  __host__ __device__ T(double d)                                              \
      : __x(__mm_narrow::round<format>(d, __mm_narrow::nearest)) {}            \
  __host__ __device__ T(int i) : T((double)i) {}                               \
  __host__ __device__ T(unsigned i) : T((double)i) {}                          \
  __host__ __device__ T(short i) : T((double)i) {}                             \
  __host__ __device__ T(unsigned short i) : T((double)i) {}                    \
  __host__ __device__ T(long long i)                                           \
      : T(__mm_narrow::integer_to_double(i)) {}                                \
  __host__ __device__ T(unsigned long long i)                                  \
      : T(__mm_narrow::integer_to_double(i)) {}                                \
  __host__ __device__ operator float() const {                                 \
    return __mm_narrow::widen<format>(__x);                                    \
  }

#endif /* __MM_CRT_NARROW_FLOAT_HPP__ */
