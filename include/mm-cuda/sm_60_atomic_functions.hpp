/*===- mm-cuda/sm_60_atomic_functions.hpp - Scoped atomics -----*- C++ -*-===*
 *
 * Compute capability 6.0's atomicAdd on doubles, and the block-scoped
 * (_block) and system-scoped (_system) variant of every atomic. On the CPU
 * every scope is the system's (the device lowering says so of each).
 *
 *===----------------------------------------------------------------------===*/

#ifndef __SM_60_ATOMIC_FUNCTIONS_HPP__
#define __SM_60_ATOMIC_FUNCTIONS_HPP__

#if defined(__CUDA__)
#define __MM_ATOMIC(Name, T, Impl)                                             \
  static __inline__ __device__ T Name(T *address, T val) {                     \
    return Impl(address, val);                                                 \
  }
__MM_ATOMIC(atomicAdd, double, __dAtomicAdd)
/* The block- or system-scoped variant (Scope) of every atomic. */
#define __MM_SCOPED_ATOMICS(Scope)                                             \
  __MM_ATOMIC(atomicAdd##Scope, int, __iAtomicAdd##Scope)                      \
  __MM_ATOMIC(atomicAdd##Scope, unsigned int, __uAtomicAdd##Scope)             \
  __MM_ATOMIC(atomicAdd##Scope, unsigned long long int, __ullAtomicAdd##Scope) \
  __MM_ATOMIC(atomicAdd##Scope, float, __fAtomicAdd##Scope)                    \
  __MM_ATOMIC(atomicAdd##Scope, double, __dAtomicAdd##Scope)                   \
  __MM_ATOMIC(atomicExch##Scope, int, __iAtomicExch##Scope)                    \
  __MM_ATOMIC(atomicExch##Scope, unsigned int, __uAtomicExch##Scope)           \
  __MM_ATOMIC(atomicExch##Scope, unsigned long long int,                       \
              __ullAtomicExch##Scope)                                          \
  __MM_ATOMIC(atomicExch##Scope, float, __fAtomicExch##Scope)                  \
  __MM_ATOMIC(atomicMin##Scope, int, __iAtomicMin##Scope)                      \
  __MM_ATOMIC(atomicMin##Scope, unsigned int, __uAtomicMin##Scope)             \
  __MM_ATOMIC(atomicMin##Scope, long long int, __illAtomicMin##Scope)          \
  __MM_ATOMIC(atomicMin##Scope, unsigned long long int, __ullAtomicMin##Scope) \
  __MM_ATOMIC(atomicMax##Scope, int, __iAtomicMax##Scope)                      \
  __MM_ATOMIC(atomicMax##Scope, unsigned int, __uAtomicMax##Scope)             \
  __MM_ATOMIC(atomicMax##Scope, long long int, __illAtomicMax##Scope)          \
  __MM_ATOMIC(atomicMax##Scope, unsigned long long int, __ullAtomicMax##Scope) \
  __MM_ATOMIC(atomicInc##Scope, unsigned int, __uAtomicInc##Scope)             \
  __MM_ATOMIC(atomicDec##Scope, unsigned int, __uAtomicDec##Scope)             \
  __MM_ATOMIC(atomicAnd##Scope, int, __iAtomicAnd##Scope)                      \
  __MM_ATOMIC(atomicAnd##Scope, unsigned int, __uAtomicAnd##Scope)             \
  __MM_ATOMIC(atomicAnd##Scope, long long int, __llAtomicAnd##Scope)           \
  __MM_ATOMIC(atomicAnd##Scope, unsigned long long int, __ullAtomicAnd##Scope) \
  __MM_ATOMIC(atomicOr##Scope, int, __iAtomicOr##Scope)                        \
  __MM_ATOMIC(atomicOr##Scope, unsigned int, __uAtomicOr##Scope)               \
  __MM_ATOMIC(atomicOr##Scope, long long int, __llAtomicOr##Scope)             \
  __MM_ATOMIC(atomicOr##Scope, unsigned long long int, __ullAtomicOr##Scope)   \
  __MM_ATOMIC(atomicXor##Scope, int, __iAtomicXor##Scope)                      \
  __MM_ATOMIC(atomicXor##Scope, unsigned int, __uAtomicXor##Scope)             \
  __MM_ATOMIC(atomicXor##Scope, long long int, __llAtomicXor##Scope)           \
  __MM_ATOMIC(atomicXor##Scope, unsigned long long int, __ullAtomicXor##Scope) \
  static __inline__ __device__ int atomicSub##Scope(int *address, int val) {   \
    return __iAtomicAdd##Scope(address, -val);                                 \
  }                                                                            \
  static __inline__ __device__ unsigned int atomicSub##Scope(                  \
      unsigned int *address, unsigned int val) {                               \
    return __uAtomicAdd##Scope(address, (unsigned int)-(int)val);              \
  }                                                                            \
  static __inline__ __device__ int atomicCAS##Scope(int *address, int compare, \
                                                    int val) {                 \
    return __iAtomicCAS##Scope(address, compare, val);                         \
  }                                                                            \
  static __inline__ __device__ unsigned int atomicCAS##Scope(                  \
      unsigned int *address, unsigned int compare, unsigned int val) {         \
    return __uAtomicCAS##Scope(address, compare, val);                         \
  }                                                                            \
  static __inline__ __device__ unsigned long long int atomicCAS##Scope(        \
      unsigned long long int *address, unsigned long long int compare,         \
      unsigned long long int val) {                                            \
    return __ullAtomicCAS##Scope(address, compare, val);                       \
  }
__MM_SCOPED_ATOMICS(_block)
__MM_SCOPED_ATOMICS(_system)
#undef __MM_SCOPED_ATOMICS
#undef __MM_ATOMIC
#endif /* __CUDA__ */

#endif /* __SM_60_ATOMIC_FUNCTIONS_HPP__ */
