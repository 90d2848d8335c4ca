/*===- mm-cuda/cuComplex.h - Complex numbers ------------------------*- C -*-===*
 *
 * CUDA's single- and double-precision complex numbers, float2 and double2,
 * and their arithmetic in host and device code. Division scales both
 * operands by the divisor's 1-norm first, as CUDA's does, so that the
 * squared magnitude neither overflows nor underflows needlessly; the
 * magnitude is hypot's.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_

#include <math.h>

#include "host_defines.h"
#include "vector_types.h"

#define __MM_COMPLEX __host__ __device__ static __inline__

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __MM_COMPLEX_OPERATIONS(C, T, F, Make, Abs)                            \
  __MM_COMPLEX T cuCreal##F(C x) { return x.x; }                               \
  __MM_COMPLEX T cuCimag##F(C x) { return x.y; }                               \
  __MM_COMPLEX C Make(T r, T i) {                                              \
    C z;                                                                       \
    z.x = r;                                                                   \
    z.y = i;                                                                   \
    return z;                                                                  \
  }                                                                            \
  __MM_COMPLEX C cuConj##F(C x) { return Make(x.x, -x.y); }                    \
  __MM_COMPLEX C cuCadd##F(C x, C y) { return Make(x.x + y.x, x.y + y.y); }    \
  __MM_COMPLEX C cuCsub##F(C x, C y) { return Make(x.x - y.x, x.y - y.y); }    \
  __MM_COMPLEX C cuCmul##F(C x, C y) {                                         \
    return Make(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);                 \
  }                                                                            \
  __MM_COMPLEX C cuCdiv##F(C x, C y) {                                         \
    T s = Abs(y.x) + Abs(y.y);                                                 \
    T inverse = (T)1 / s;                                                      \
    T ars = x.x * inverse, ais = x.y * inverse;                                \
    T brs = y.x * inverse, bis = y.y * inverse;                                \
    inverse = (T)1 / (brs * brs + bis * bis);                                  \
    return Make((ars * brs + ais * bis) * inverse,                             \
                (ais * brs - ars * bis) * inverse);                            \
  }                                                                            \
  /* x * y + d */                                                              \
  __MM_COMPLEX C cuCfma##F(C x, C y, C d) {                                    \
    T re = x.x * y.x + d.x, im = x.x * y.y + d.y;                              \
    return Make(-(x.y * y.y) + re, x.y * y.x + im);                            \
  }

__MM_COMPLEX_OPERATIONS(cuFloatComplex, float, f, make_cuFloatComplex, fabsf)
__MM_COMPLEX_OPERATIONS(cuDoubleComplex, double, , make_cuDoubleComplex, fabs)
#undef __MM_COMPLEX_OPERATIONS

__MM_COMPLEX float cuCabsf(cuFloatComplex x) { return hypotf(x.x, x.y); }
__MM_COMPLEX double cuCabs(cuDoubleComplex x) { return hypot(x.x, x.y); }

__MM_COMPLEX cuComplex make_cuComplex(float r, float i) {
  return make_cuFloatComplex(r, i);
}
__MM_COMPLEX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}
__MM_COMPLEX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)c.x, (float)c.y);
}

#undef __MM_COMPLEX

#endif /* CU_COMPLEX_H_ */
