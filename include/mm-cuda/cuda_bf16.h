/*===- mm-cuda/cuda_bf16.h - Brain floating point ----------------*- C++ -*-===*
 *
 * CUDA's bfloat16 type, __nv_bfloat16, and its pair __nv_bfloat162, in
 * host and device code: conversions in every rounding mode, arithmetic,
 * comparisons and math, operators, shuffles and atomicAdd, each giving what
 * CUDA gives, rounded once (crt/narrow_float.hpp). __CUDA_NO_BFLOAT16_OPERATORS__
 * and __CUDA_NO_BFLOAT16_CONVERSIONS__ leave out the operators and implicit
 * conversions, as in CUDA.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#include "crt/narrow_float.hpp"

typedef struct __nv_bfloat16_raw {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw {
  unsigned short x, y;
} __nv_bfloat162_raw;

/* Assigning a raw value converts it: no operator= of its own, which would
 * make `x = {}` ambiguous. */
struct __align__(2) __nv_bfloat16 {
  typedef __mm_narrow::bfloat16 format;
  unsigned short __x;

  __nv_bfloat16() = default;
  __host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &raw) : __x(raw.x) {}
  __host__ __device__ operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw raw;
    raw.x = __x;
    return raw;
  }
#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  __MM_NARROW_CONVERSION_MEMBERS(__nv_bfloat16)
#endif
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;

  __nv_bfloat162() = default;
  __host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &raw) {
    x.__x = raw.x;
    y.__x = raw.y;
  }
  __host__ __device__ operator __nv_bfloat162_raw() const {
    __nv_bfloat162_raw raw;
    raw.x = x.__x;
    raw.y = y.__x;
    return raw;
  }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

__MM_NARROW_FLOAT_API(__nv_bfloat16, __nv_bfloat162)
#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
__MM_NARROW_OPERATORS(__nv_bfloat16, __nv_bfloat162)
#endif
__MM_NARROW_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16, bfloat162)

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

#endif /* __CUDA_BF16_H__ */
