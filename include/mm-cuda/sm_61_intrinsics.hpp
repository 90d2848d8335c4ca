/*===- mm-cuda/sm_61_intrinsics.hpp - Dot products of bytes -----*- C++ -*-===*
 *
 * Compute capability 6.1's four-way byte and two-way halfword dot products
 * with 32-bit accumulation (PTX dp4a and dp2a), in their wrapping integer
 * arithmetic.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __SM_61_INTRINSICS_HPP__
#define __SM_61_INTRINSICS_HPP__

#if defined(__CUDA__)
#define __MM_BYTE(x, i, T) ((T)((x) >> (8 * (i))))
#define __MM_HALF(x, i, T) ((T)((x) >> (16 * (i))))

static __inline__ __device__ int __dp4a(int srcA, int srcB, int c) {
  unsigned int a = (unsigned int)srcA, b = (unsigned int)srcB;
  unsigned int sum = (unsigned int)c;
  for (int i = 0; i < 4; ++i)
    sum += (unsigned int)((int)__MM_BYTE(a, i, signed char) *
                          (int)__MM_BYTE(b, i, signed char));
  return (int)sum;
}
static __inline__ __device__ unsigned int __dp4a(unsigned int srcA,
                                                 unsigned int srcB,
                                                 unsigned int c) {
  unsigned int sum = c;
  for (int i = 0; i < 4; ++i)
    sum += (unsigned int)__MM_BYTE(srcA, i, unsigned char) *
           __MM_BYTE(srcB, i, unsigned char);
  return sum;
}
static __inline__ __device__ int __dp4a(char4 srcA, char4 srcB, int c) {
  return (int)((unsigned int)c + (unsigned int)(srcA.x * srcB.x) +
               (unsigned int)(srcA.y * srcB.y) +
               (unsigned int)(srcA.z * srcB.z) +
               (unsigned int)(srcA.w * srcB.w));
}
static __inline__ __device__ unsigned int __dp4a(uchar4 srcA, uchar4 srcB,
                                                 unsigned int c) {
  return c + (unsigned int)srcA.x * srcB.x + (unsigned int)srcA.y * srcB.y +
         (unsigned int)srcA.z * srcB.z + (unsigned int)srcA.w * srcB.w;
}

/* The halfwords of srcA times the low (lo) or high (hi) two bytes of srcB. */
#define __MM_DP2A(Name, Part)                                                  \
  static __inline__ __device__ int Name(int srcA, int srcB, int c) {           \
    unsigned int a = (unsigned int)srcA, b = (unsigned int)srcB;               \
    unsigned int sum = (unsigned int)c;                                        \
    for (int i = 0; i < 2; ++i)                                                \
      sum += (unsigned int)((int)__MM_HALF(a, i, short) *                      \
                            (int)__MM_BYTE(b, 2 * (Part) + i, signed char));   \
    return (int)sum;                                                           \
  }                                                                            \
  static __inline__ __device__ unsigned int Name(                              \
      unsigned int srcA, unsigned int srcB, unsigned int c) {                  \
    unsigned int sum = c;                                                      \
    for (int i = 0; i < 2; ++i)                                                \
      sum += (unsigned int)__MM_HALF(srcA, i, unsigned short) *                \
             __MM_BYTE(srcB, 2 * (Part) + i, unsigned char);                   \
    return sum;                                                                \
  }
__MM_DP2A(__dp2a_lo, 0)
__MM_DP2A(__dp2a_hi, 1)
#undef __MM_DP2A
#undef __MM_BYTE
#undef __MM_HALF
#endif /* __CUDA__ */

#endif /* __SM_61_INTRINSICS_HPP__ */
