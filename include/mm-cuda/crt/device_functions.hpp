/*===- mm-cuda/crt/device_functions.hpp - Device functions -------------*- C++ -*-===*
 *
 * In CUDA, the definitions of the device functions that wrap PTX
 * instructions. clang's __clang_cuda_device_functions.h defines the same
 * functions for CUDA 9 and later, which is what mm's cuda.h announces;
 * clang's CUDA wrapper still includes this header by name.
 *
 * Here: what CUDA 12 added and clang 19 lacks, the DPX functions (maxima
 * and minima of two or three values, of a sum and a value, with ReLU, and
 * with the comparison's predicate), on 32-bit integers and on the two
 * 16-bit halves of a word, in host and device code as in CUDA. A sum wraps
 * around in its width; ReLU clamps the result below at zero; __vibmax sets
 * *pred to a >= b, __vibmin to a <= b (per half: pred_hi, pred_lo).
 *
 *===----------------------------------------------------------------------===*/

#ifndef __DEVICE_FUNCTIONS_HPP__
#define __DEVICE_FUNCTIONS_HPP__

#if defined(__cplusplus) && defined(__CUDACC__)

/* clang's CUDA wrapper includes this header with __host__ poisoned: the
 * attributes themselves. */
#define __MM_DPX_HD __attribute__((host)) __attribute__((device))

namespace __mm_dpx {
template <typename T> __MM_DPX_HD inline T max2(T a, T b) {
  return a > b ? a : b;
}
template <typename T> __MM_DPX_HD inline T min2(T a, T b) {
  return a < b ? a : b;
}
template <typename T> __MM_DPX_HD inline T relu(T a) {
  return a > T(0) ? a : T(0);
}
/* Half i (0: low, 1: high) of a word, as T (short or unsigned short). */
template <typename T>
__MM_DPX_HD inline T half(unsigned int word, int i) {
  return (T)(unsigned short)(word >> (16 * i));
}
__MM_DPX_HD inline unsigned int pack(unsigned int low,
                                             unsigned int high) {
  return (low & 0xffffu) | (high << 16);
}
/* F applied to the halves of its operands, as T. */
template <typename T, typename F>
__MM_DPX_HD inline unsigned int halves(unsigned int a, unsigned int b,
                                               unsigned int c, F f) {
  return pack((unsigned short)f(half<T>(a, 0), half<T>(b, 0), half<T>(c, 0)),
              (unsigned short)f(half<T>(a, 1), half<T>(b, 1), half<T>(c, 1)));
}
/* The sum of two halves, wrapped around in 16 bits. */
template <typename T> __MM_DPX_HD inline T add(T a, T b) {
  return (T)(unsigned short)((unsigned)a + (unsigned)b);
}
} // namespace __mm_dpx

#define __MM_DPX_HALVES(T, EXPR)                                               \
  __mm_dpx::halves<T>(a, b, c, [](T a, T b, T c) -> T { return EXPR; })

__MM_DPX_HD inline int __vimax_s32_relu(int a, int b) {
  return __mm_dpx::relu(__mm_dpx::max2(a, b));
}
__MM_DPX_HD inline int __vimin_s32_relu(int a, int b) {
  return __mm_dpx::relu(__mm_dpx::min2(a, b));
}
__MM_DPX_HD inline unsigned int __vimax_s16x2_relu(unsigned int a,
                                                           unsigned int b) {
  unsigned int c = 0;
  return __MM_DPX_HALVES(short, __mm_dpx::relu(__mm_dpx::max2(a, b)));
}
__MM_DPX_HD inline unsigned int __vimin_s16x2_relu(unsigned int a,
                                                           unsigned int b) {
  unsigned int c = 0;
  return __MM_DPX_HALVES(short, __mm_dpx::relu(__mm_dpx::min2(a, b)));
}

#define __MM_DPX_THREE(NAME, EXPR)                                             \
  __MM_DPX_HD inline int NAME##_s32(int a, int b, int c) {             \
    return EXPR;                                                               \
  }                                                                            \
  __MM_DPX_HD inline unsigned int NAME##_u32(                          \
      unsigned int a, unsigned int b, unsigned int c) {                        \
    return EXPR;                                                               \
  }                                                                            \
  __MM_DPX_HD inline unsigned int NAME##_s16x2(                        \
      unsigned int a, unsigned int b, unsigned int c) {                        \
    return __MM_DPX_HALVES(short, EXPR);                                       \
  }                                                                            \
  __MM_DPX_HD inline unsigned int NAME##_u16x2(                        \
      unsigned int a, unsigned int b, unsigned int c) {                        \
    return __MM_DPX_HALVES(unsigned short, EXPR);                              \
  }
#define __MM_DPX_THREE_RELU(NAME, EXPR)                                        \
  __MM_DPX_HD inline int NAME##_s32_relu(int a, int b, int c) {        \
    return __mm_dpx::relu(EXPR);                                               \
  }                                                                            \
  __MM_DPX_HD inline unsigned int NAME##_s16x2_relu(                   \
      unsigned int a, unsigned int b, unsigned int c) {                        \
    return __MM_DPX_HALVES(short, __mm_dpx::relu(EXPR));                       \
  }

/* The 32-bit sums wrap around: computed unsigned. */
#define __MM_DPX_SUM(a, b) (decltype(a))((unsigned)(a) + (unsigned)(b))

__MM_DPX_THREE(__vimax3, __mm_dpx::max2(__mm_dpx::max2(a, b), c))
__MM_DPX_THREE(__vimin3, __mm_dpx::min2(__mm_dpx::min2(a, b), c))
__MM_DPX_THREE(__viaddmax, __mm_dpx::max2(__MM_DPX_SUM(a, b), c))
__MM_DPX_THREE(__viaddmin, __mm_dpx::min2(__MM_DPX_SUM(a, b), c))
__MM_DPX_THREE_RELU(__vimax3, __mm_dpx::max2(__mm_dpx::max2(a, b), c))
__MM_DPX_THREE_RELU(__vimin3, __mm_dpx::min2(__mm_dpx::min2(a, b), c))
__MM_DPX_THREE_RELU(__viaddmax, __mm_dpx::max2(__MM_DPX_SUM(a, b), c))
__MM_DPX_THREE_RELU(__viaddmin, __mm_dpx::min2(__MM_DPX_SUM(a, b), c))

#define __MM_DPX_PREDICATED(NAME, T, PICK, CMP)                                \
  __MM_DPX_HD inline T NAME(T a, T b, bool *const pred) {             \
    *pred = a CMP b;                                                           \
    return __mm_dpx::PICK(a, b);                                               \
  }
__MM_DPX_PREDICATED(__vibmax_s32, int, max2, >=)
__MM_DPX_PREDICATED(__vibmax_u32, unsigned int, max2, >=)
__MM_DPX_PREDICATED(__vibmin_s32, int, min2, <=)
__MM_DPX_PREDICATED(__vibmin_u32, unsigned int, min2, <=)

#define __MM_DPX_PREDICATED_HALVES(NAME, T, PICK, CMP)                         \
  __MM_DPX_HD inline unsigned int NAME(unsigned int a, unsigned int b, \
                                               bool *const pred_hi,            \
                                               bool *const pred_lo) {          \
    T al = __mm_dpx::half<T>(a, 0), ah = __mm_dpx::half<T>(a, 1);              \
    T bl = __mm_dpx::half<T>(b, 0), bh = __mm_dpx::half<T>(b, 1);              \
    *pred_lo = al CMP bl;                                                      \
    *pred_hi = ah CMP bh;                                                      \
    return __mm_dpx::pack((unsigned short)__mm_dpx::PICK(al, bl),              \
                          (unsigned short)__mm_dpx::PICK(ah, bh));             \
  }
__MM_DPX_PREDICATED_HALVES(__vibmax_s16x2, short, max2, >=)
__MM_DPX_PREDICATED_HALVES(__vibmax_u16x2, unsigned short, max2, >=)
__MM_DPX_PREDICATED_HALVES(__vibmin_s16x2, short, min2, <=)
__MM_DPX_PREDICATED_HALVES(__vibmin_u16x2, unsigned short, min2, <=)

#undef __MM_DPX_HD
#undef __MM_DPX_HALVES
#undef __MM_DPX_THREE
#undef __MM_DPX_THREE_RELU
#undef __MM_DPX_SUM
#undef __MM_DPX_PREDICATED
#undef __MM_DPX_PREDICATED_HALVES

#endif /* defined(__cplusplus) && defined(__CUDACC__) */

#endif
