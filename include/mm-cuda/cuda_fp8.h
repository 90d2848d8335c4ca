/*===- mm-cuda/cuda_fp8.h - 8-bit floating point ----------------*- C++ -*-===*
 *
 * CUDA's 8-bit floating-point formats, in host and device code: E4M3 (4
 * exponent bits, 3 fraction bits, no infinity: its largest exponent holds
 * values up to 448, and all ones is NaN) and E5M2 (binary16's top byte).
 * Conversions round to nearest, ties to even, as CUDA's do
 * (crt/narrow_float.hpp); with __NV_SATFINITE what overflows, infinities
 * included, becomes the largest finite value of its sign, with __NV_NOSAT
 * infinity (E5M2) or NaN (E4M3). NaN converts to NaN (0x7f).
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_FP8_H__
#define __CUDA_FP8_H__

#include "cuda_bf16.h"
#include "cuda_fp16.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t {
  __NV_NOSAT,
  __NV_SATFINITE
} __nv_saturation_t;

typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2
} __nv_fp8_interpretation_t;

__MM_NARROW __nv_fp8_storage_t
__nv_cvt_double_to_fp8(double x, __nv_saturation_t saturate,
                       __nv_fp8_interpretation_t interpretation) {
  bool finite = saturate == __NV_SATFINITE;
  return __mm_narrow::to_fp8(
      interpretation == __NV_E4M3
          ? __mm_narrow::round<__mm_narrow::fp8_e4m3>(
                x, __mm_narrow::nearest, finite)
          : __mm_narrow::round<__mm_narrow::fp8_e5m2>(
                x, __mm_narrow::nearest, finite));
}
__MM_NARROW __nv_fp8_storage_t
__nv_cvt_float_to_fp8(float x, __nv_saturation_t saturate,
                      __nv_fp8_interpretation_t interpretation) {
  return __nv_cvt_double_to_fp8(x, saturate, interpretation);
}
__MM_NARROW __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t saturate,
                        __nv_fp8_interpretation_t interpretation) {
  return __nv_cvt_double_to_fp8(
      __mm_narrow::widen<__mm_narrow::binary16>(x.x), saturate,
      interpretation);
}
__MM_NARROW __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t saturate,
                            __nv_fp8_interpretation_t interpretation) {
  return __nv_cvt_double_to_fp8(
      __mm_narrow::widen<__mm_narrow::bfloat16>(x.x), saturate,
      interpretation);
}

/* Pairs: the first value in the low byte. */
__MM_NARROW __nv_fp8x2_storage_t __mm_fp8_pair(__nv_fp8_storage_t low,
                                               __nv_fp8_storage_t high) {
  return (__nv_fp8x2_storage_t)(low | high << 8);
}
__MM_NARROW __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(double2 x, __nv_saturation_t saturate,
                          __nv_fp8_interpretation_t interpretation) {
  return __mm_fp8_pair(__nv_cvt_double_to_fp8(x.x, saturate, interpretation),
                       __nv_cvt_double_to_fp8(x.y, saturate, interpretation));
}
__MM_NARROW __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t saturate,
                         __nv_fp8_interpretation_t interpretation) {
  return __mm_fp8_pair(__nv_cvt_float_to_fp8(x.x, saturate, interpretation),
                       __nv_cvt_float_to_fp8(x.y, saturate, interpretation));
}
__MM_NARROW __nv_fp8x2_storage_t
__nv_cvt_halfraw2_to_fp8x2(__half2_raw x, __nv_saturation_t saturate,
                           __nv_fp8_interpretation_t interpretation) {
  __half_raw low, high;
  low.x = x.x;
  high.x = x.y;
  return __mm_fp8_pair(
      __nv_cvt_halfraw_to_fp8(low, saturate, interpretation),
      __nv_cvt_halfraw_to_fp8(high, saturate, interpretation));
}
__MM_NARROW __nv_fp8x2_storage_t
__nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw x,
                               __nv_saturation_t saturate,
                               __nv_fp8_interpretation_t interpretation) {
  __nv_bfloat16_raw low, high;
  low.x = x.x;
  high.x = x.y;
  return __mm_fp8_pair(
      __nv_cvt_bfloat16raw_to_fp8(low, saturate, interpretation),
      __nv_cvt_bfloat16raw_to_fp8(high, saturate, interpretation));
}

/* To half precision, exactly: every fp8 value is a binary16 value. */
__MM_NARROW float __mm_fp8_to_float(__nv_fp8_storage_t x,
                                    __nv_fp8_interpretation_t interpretation) {
  unsigned short bits = __mm_narrow::from_fp8(x);
  return interpretation == __NV_E4M3
             ? __mm_narrow::widen<__mm_narrow::fp8_e4m3>(bits)
             : __mm_narrow::widen<__mm_narrow::fp8_e5m2>(bits);
}
__MM_NARROW __half_raw
__nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x,
                        __nv_fp8_interpretation_t interpretation) {
  __half_raw r;
  r.x = __mm_narrow::round<__mm_narrow::binary16>(
      __mm_fp8_to_float(x, interpretation), __mm_narrow::nearest);
  return r;
}
__MM_NARROW __half2_raw
__nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x,
                           __nv_fp8_interpretation_t interpretation) {
  __half2_raw r;
  r.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)x, interpretation).x;
  r.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), interpretation)
            .x;
  return r;
}

/* The types: a value's bits in __x; built from wider values with
 * __NV_SATFINITE, as CUDA's constructors do. */
#define __MM_FP8_TYPE(Name, Interpretation)                                    \
  struct __align__(1) Name {                                                   \
    __nv_fp8_storage_t __x;                                                    \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(double f)                                \
        : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, Interpretation)) {}   \
    __host__ __device__ explicit Name(float f)                                 \
        : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, Interpretation)) {}    \
    __host__ __device__ explicit Name(__half f)                                \
        : __x(__nv_cvt_halfraw_to_fp8(f, __NV_SATFINITE, Interpretation)) {}  \
    __host__ __device__ explicit Name(__nv_bfloat16 f)                         \
        : __x(__nv_cvt_bfloat16raw_to_fp8(f, __NV_SATFINITE,                  \
                                          Interpretation)) {}                  \
    __host__ __device__ explicit Name(int i) : Name((double)i) {}              \
    __host__ __device__ explicit Name(unsigned i) : Name((double)i) {}         \
    __host__ __device__ explicit Name(long long i)                             \
        : Name(__mm_narrow::integer_to_double(i)) {}                           \
    __host__ __device__ explicit operator float() const {                      \
      return __mm_fp8_to_float(__x, Interpretation);                           \
    }                                                                          \
    __host__ __device__ explicit operator double() const {                     \
      return __mm_fp8_to_float(__x, Interpretation);                           \
    }                                                                          \
    __host__ __device__ explicit operator __half() const {                     \
      return __half(__nv_cvt_fp8_to_halfraw(__x, Interpretation));             \
    }                                                                          \
    __host__ __device__ explicit operator __nv_bfloat16() const {              \
      __nv_bfloat16_raw r;                                                     \
      r.x = __mm_narrow::round<__mm_narrow::bfloat16>(                         \
          __mm_fp8_to_float(__x, Interpretation), __mm_narrow::nearest);       \
      return __nv_bfloat16(r);                                                 \
    }                                                                          \
  };

/* Pairs and quadruples, the first value in the lowest byte. */
#define __MM_FP8X2_TYPE(Name, Interpretation)                                  \
  struct __align__(2) Name {                                                   \
    __nv_fp8x2_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(__half2 f)                               \
        : __x(__nv_cvt_halfraw2_to_fp8x2(f, __NV_SATFINITE, Interpretation)) {} \
    __host__ __device__ explicit Name(__nv_bfloat162 f)                        \
        : __x(__nv_cvt_bfloat16raw2_to_fp8x2(f, __NV_SATFINITE,               \
                                             Interpretation)) {}               \
    __host__ __device__ explicit Name(float2 f)                                \
        : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, Interpretation)) {} \
    __host__ __device__ explicit Name(double2 f)                               \
        : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, Interpretation)) {} \
    __host__ __device__ explicit operator __half2() const {                    \
      return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, Interpretation));         \
    }                                                                          \
    __host__ __device__ explicit operator float2() const {                     \
      return make_float2(                                                      \
          __mm_fp8_to_float((__nv_fp8_storage_t)__x, Interpretation),          \
          __mm_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), Interpretation));  \
    }                                                                          \
  };
#define __MM_FP8X4_TYPE(Name, Interpretation)                                  \
  struct __align__(4) Name {                                                   \
    __nv_fp8x4_storage_t __x;                                                  \
    Name() = default;                                                          \
    __host__ __device__ explicit Name(__half2 low, __half2 high)               \
        : __x(__mm_fp8_quad(                                                   \
              __nv_cvt_halfraw2_to_fp8x2(low, __NV_SATFINITE, Interpretation), \
              __nv_cvt_halfraw2_to_fp8x2(high, __NV_SATFINITE,                 \
                                         Interpretation))) {}                  \
    __host__ __device__ explicit Name(__nv_bfloat162 low,                      \
                                      __nv_bfloat162 high)                     \
        : __x(__mm_fp8_quad(__nv_cvt_bfloat16raw2_to_fp8x2(                    \
                                low, __NV_SATFINITE, Interpretation),          \
                            __nv_cvt_bfloat16raw2_to_fp8x2(                    \
                                high, __NV_SATFINITE, Interpretation))) {}     \
    __host__ __device__ explicit Name(float4 f)                                \
        : __x(__mm_fp8_quad(                                                   \
              __nv_cvt_float2_to_fp8x2(make_float2(f.x, f.y), __NV_SATFINITE,  \
                                       Interpretation),                        \
              __nv_cvt_float2_to_fp8x2(make_float2(f.z, f.w), __NV_SATFINITE,  \
                                       Interpretation))) {}                    \
    __host__ __device__ explicit Name(double4 f)                               \
        : __x(__mm_fp8_quad(                                                   \
              __nv_cvt_double2_to_fp8x2(make_double2(f.x, f.y),                \
                                        __NV_SATFINITE, Interpretation),       \
              __nv_cvt_double2_to_fp8x2(make_double2(f.z, f.w),                \
                                        __NV_SATFINITE, Interpretation))) {}   \
    __host__ __device__ explicit operator float4() const {                     \
      return make_float4(                                                      \
          __mm_fp8_to_float((__nv_fp8_storage_t)__x, Interpretation),          \
          __mm_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), Interpretation),   \
          __mm_fp8_to_float((__nv_fp8_storage_t)(__x >> 16), Interpretation),  \
          __mm_fp8_to_float((__nv_fp8_storage_t)(__x >> 24), Interpretation)); \
    }                                                                          \
  };
__MM_NARROW __nv_fp8x4_storage_t __mm_fp8_quad(__nv_fp8x2_storage_t low,
                                               __nv_fp8x2_storage_t high) {
  return (__nv_fp8x4_storage_t)low | (__nv_fp8x4_storage_t)high << 16;
}

__MM_FP8_TYPE(__nv_fp8_e4m3, __NV_E4M3)
__MM_FP8_TYPE(__nv_fp8_e5m2, __NV_E5M2)
__MM_FP8X2_TYPE(__nv_fp8x2_e4m3, __NV_E4M3)
__MM_FP8X2_TYPE(__nv_fp8x2_e5m2, __NV_E5M2)
__MM_FP8X4_TYPE(__nv_fp8x4_e4m3, __NV_E4M3)
__MM_FP8X4_TYPE(__nv_fp8x4_e5m2, __NV_E5M2)
#undef __MM_FP8_TYPE
#undef __MM_FP8X2_TYPE
#undef __MM_FP8X4_TYPE

#endif /* __CUDA_FP8_H__ */
