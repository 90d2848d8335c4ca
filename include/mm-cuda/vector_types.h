/*===- mm-cuda/vector_types.h - CUDA's vector types -------------*- C -*-===*
 *
 * char1 to double4, with CUDA's sizes and alignments, and dim3, the grid
 * and block dimensions, whose missing components default to 1.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __VECTOR_TYPES_H__
#define __VECTOR_TYPES_H__

#include "host_defines.h"

/* NAME1 to NAME4 of TYPE; NAME2 aligned to A2 bytes, NAME4 to A4. */
#define __MM_VECTOR_TYPES(Name, Type, A2, A4)                                  \
  typedef struct Name##1 {                                                     \
    Type x;                                                                    \
  } Name##1;                                                                   \
  typedef struct __align__(A2) Name##2 {                                       \
    Type x, y;                                                                 \
  } Name##2;                                                                   \
  typedef struct Name##3 {                                                     \
    Type x, y, z;                                                              \
  } Name##3;                                                                   \
  typedef struct __align__(A4) Name##4 {                                       \
    Type x, y, z, w;                                                           \
  } Name##4;
__MM_VECTOR_TYPES(char, signed char, 2, 4)
__MM_VECTOR_TYPES(uchar, unsigned char, 2, 4)
__MM_VECTOR_TYPES(short, short, 4, 8)
__MM_VECTOR_TYPES(ushort, unsigned short, 4, 8)
__MM_VECTOR_TYPES(int, int, 8, 16)
__MM_VECTOR_TYPES(uint, unsigned int, 8, 16)
__MM_VECTOR_TYPES(long, long, 2 * sizeof(long), 16)
__MM_VECTOR_TYPES(ulong, unsigned long, 2 * sizeof(unsigned long), 16)
__MM_VECTOR_TYPES(longlong, long long, 16, 16)
__MM_VECTOR_TYPES(ulonglong, unsigned long long, 16, 16)
__MM_VECTOR_TYPES(float, float, 8, 16)
__MM_VECTOR_TYPES(double, double, 16, 16)
#undef __MM_VECTOR_TYPES

/* Grid and block dimensions. */
typedef struct dim3 {
  unsigned int x, y, z;
#if defined(__cplusplus)
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return {x, y, z}; }
#endif
} dim3;

#endif /* __VECTOR_TYPES_H__ */
