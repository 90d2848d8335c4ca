/*===- mm-cuda/cuda_bf16.h - Brain floating point ----------------*- C++ -*-===*
 *
 * CUDA's bfloat16 type, __nv_bfloat16, and its pair __nv_bfloat162, in
 * host and device code: conversions in every rounding mode, arithmetic,
 * comparisons and math, operators, shuffles and atomicAdd, each giving what
 * CUDA gives, rounded once (crt/narrow_float.hpp). __CUDA_NO_BFLOAT16_OPERATORS__
 * and __CUDA_NO_BFLOAT16_CONVERSIONS__ leave out the operators and implicit
 * conversions, as in CUDA. In C, the types are their bits, as in CUDA.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#if defined(__cplusplus)

#include "crt/narrow_float.hpp"

#if defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
#define __MM_BFLOAT16_MEMBERS __MM_NARROW_NO_CONVERSION_MEMBERS
#else
#define __MM_BFLOAT16_MEMBERS __MM_NARROW_CONVERSION_MEMBERS
#endif
__MM_NARROW_TYPES(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw,
                  __nv_bfloat162_raw, bfloat16, __MM_BFLOAT16_MEMBERS)
#undef __MM_BFLOAT16_MEMBERS

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


#else /* C: the types as their bits, as CUDA's header gives C programs */

typedef struct __nv_bfloat16_raw {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw {
  unsigned short x, y;
} __nv_bfloat162_raw;
typedef __nv_bfloat16_raw __nv_bfloat16;
typedef __nv_bfloat162_raw __nv_bfloat162;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#endif /* __cplusplus */

#endif /* __CUDA_BF16_H__ */
