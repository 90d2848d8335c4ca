/*===- mm-cuda/cuda_fp16.h - Half precision -----------------------*- C++ -*-===*
 *
 * CUDA's binary16 type, __half (half), and its pair __half2 (half2), in
 * host and device code: conversions in every rounding mode, arithmetic,
 * comparisons and math, operators, shuffles and atomicAdd, each giving what
 * CUDA gives, rounded once (crt/narrow_float.hpp). __CUDA_NO_HALF_OPERATORS__
 * and __CUDA_NO_HALF_CONVERSIONS__ leave out the operators and implicit
 * conversions, as in CUDA. In C, the types are their bits, as in CUDA.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#if defined(__cplusplus)

#include "crt/narrow_float.hpp"

#if defined(__CUDA_NO_HALF_CONVERSIONS__)
#define __MM_HALF_MEMBERS __MM_NARROW_NO_CONVERSION_MEMBERS
#else
#define __MM_HALF_MEMBERS __MM_NARROW_CONVERSION_MEMBERS
#endif
__MM_NARROW_TYPES(__half, __half2, __half_raw, __half2_raw, binary16,
                  __MM_HALF_MEMBERS)
#undef __MM_HALF_MEMBERS

typedef __half half;
typedef __half2 half2;

__MM_NARROW_FLOAT_API(__half, __half2)
#if !defined(__CUDA_NO_HALF_OPERATORS__)
__MM_NARROW_OPERATORS(__half, __half2)
#endif
__MM_NARROW_CONVERSIONS(__half, __half2, half, half2)

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)


#else /* C: the types as their bits, as CUDA's header gives C programs */

typedef struct __half_raw {
  unsigned short x;
} __half_raw;
typedef struct __half2_raw {
  unsigned short x, y;
} __half2_raw;
typedef __half_raw __half;
typedef __half2_raw __half2;
typedef __half half;
typedef __half2 half2;

#endif /* __cplusplus */

#endif /* __CUDA_FP16_H__ */
