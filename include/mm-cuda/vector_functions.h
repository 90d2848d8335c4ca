/*===- mm-cuda/vector_functions.h - make_int2 and the like -------*- C -*-===*
 *
 * The constructors of CUDA's vector types: make_char1 to make_double4.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __VECTOR_FUNCTIONS_H__
#define __VECTOR_FUNCTIONS_H__

#include "vector_types.h"

#define __MM_MAKE(Name, Type)                                                  \
  static __inline__ __host__ __device__ Name##1 make_##Name##1(Type x) {       \
    Name##1 v = {x};                                                           \
    return v;                                                                  \
  }                                                                            \
  static __inline__ __host__ __device__ Name##2 make_##Name##2(Type x,         \
                                                               Type y) {       \
    Name##2 v = {x, y};                                                        \
    return v;                                                                  \
  }                                                                            \
  static __inline__ __host__ __device__ Name##3 make_##Name##3(                \
      Type x, Type y, Type z) {                                                \
    Name##3 v = {x, y, z};                                                     \
    return v;                                                                  \
  }                                                                            \
  static __inline__ __host__ __device__ Name##4 make_##Name##4(                \
      Type x, Type y, Type z, Type w) {                                        \
    Name##4 v = {x, y, z, w};                                                  \
    return v;                                                                  \
  }
__MM_MAKE(char, signed char)
__MM_MAKE(uchar, unsigned char)
__MM_MAKE(short, short)
__MM_MAKE(ushort, unsigned short)
__MM_MAKE(int, int)
__MM_MAKE(uint, unsigned int)
__MM_MAKE(long, long)
__MM_MAKE(ulong, unsigned long)
__MM_MAKE(longlong, long long)
__MM_MAKE(ulonglong, unsigned long long)
__MM_MAKE(float, float)
__MM_MAKE(double, double)
#undef __MM_MAKE

#endif /* __VECTOR_FUNCTIONS_H__ */
