/*===- mm-cuda/crt/sm_70_rt.hpp - Warp match functions ----------*- C++ -*-===*
 *
 * Compute capability 7.0's __match_any_sync and __match_all_sync on every
 * 32- and 64-bit type, over clang's __match32_* and __match64_* functions
 * (__clang_cuda_intrinsics.h, which includes this header).
 *
 *===----------------------------------------------------------------------===*/

#ifndef __SM_70_RT_HPP__
#define __SM_70_RT_HPP__

#define __MM_MATCH(T, Bits, As)                                                \
  static __inline__ __device__ unsigned int __match_any_sync(unsigned mask,    \
                                                             T value) {        \
    return __match##Bits##_any_sync(mask, __builtin_bit_cast(As, value));     \
  }                                                                            \
  static __inline__ __device__ unsigned int __match_all_sync(                  \
      unsigned mask, T value, int *pred) {                                     \
    return __match##Bits##_all_sync(mask, __builtin_bit_cast(As, value),      \
                                    pred);                                     \
  }
__MM_MATCH(unsigned int, 32, unsigned int)
__MM_MATCH(int, 32, unsigned int)
__MM_MATCH(float, 32, unsigned int)
__MM_MATCH(unsigned long long, 64, unsigned long long)
__MM_MATCH(long long, 64, unsigned long long)
__MM_MATCH(double, 64, unsigned long long)
__MM_MATCH(unsigned long, 64, unsigned long long)
__MM_MATCH(long, 64, unsigned long long)
#undef __MM_MATCH

#endif /* __SM_70_RT_HPP__ */
