/*===- mm-cuda/sm_32_atomic_functions.hpp - 64-bit atomics ------*- C++ -*-===*
 *
 * Compute capability 3.2's atomics on 64-bit integers.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __SM_32_ATOMIC_FUNCTIONS_HPP__
#define __SM_32_ATOMIC_FUNCTIONS_HPP__

#if defined(__CUDA__)
#define __MM_ATOMIC(Name, T, Impl)                                             \
  static __inline__ __device__ T Name(T *address, T val) {                     \
    return Impl(address, val);                                                 \
  }
__MM_ATOMIC(atomicMin, long long int, __illAtomicMin)
__MM_ATOMIC(atomicMax, long long int, __illAtomicMax)
__MM_ATOMIC(atomicAnd, long long int, __llAtomicAnd)
__MM_ATOMIC(atomicOr, long long int, __llAtomicOr)
__MM_ATOMIC(atomicXor, long long int, __llAtomicXor)
__MM_ATOMIC(atomicMin, unsigned long long int, __ullAtomicMin)
__MM_ATOMIC(atomicMax, unsigned long long int, __ullAtomicMax)
__MM_ATOMIC(atomicAnd, unsigned long long int, __ullAtomicAnd)
__MM_ATOMIC(atomicOr, unsigned long long int, __ullAtomicOr)
__MM_ATOMIC(atomicXor, unsigned long long int, __ullAtomicXor)
#undef __MM_ATOMIC
#endif

#endif /* __SM_32_ATOMIC_FUNCTIONS_HPP__ */
