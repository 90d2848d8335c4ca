/*===- mm-cuda/device_atomic_functions.hpp - Atomic functions ---*- C++ -*-===*
 *
 * The atomics of every compute capability on 32-bit integers, and on 64-bit
 * unsigned integers for add, exchange and compare-and-swap, over clang's
 * __*Atomic* functions (__clang_cuda_device_functions.h), as CUDA defines
 * them over its own. They are relaxed read-modify-write operations; on the
 * CPU, the device lowering makes every scope the system's.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __DEVICE_ATOMIC_FUNCTIONS_HPP__
#define __DEVICE_ATOMIC_FUNCTIONS_HPP__

#if defined(__CUDA__)

#define __MM_ATOMIC_DECL static __inline__ __device__

#define __MM_ATOMIC(Name, T, Impl)                                             \
  __MM_ATOMIC_DECL T Name(T *address, T val) { return Impl(address, val); }

__MM_ATOMIC(atomicAdd, int, __iAtomicAdd)
__MM_ATOMIC(atomicAdd, unsigned int, __uAtomicAdd)
__MM_ATOMIC(atomicAdd, unsigned long long int, __ullAtomicAdd)
__MM_ATOMIC_DECL int atomicSub(int *address, int val) {
  return __iAtomicAdd(address, -val);
}
__MM_ATOMIC_DECL unsigned int atomicSub(unsigned int *address,
                                        unsigned int val) {
  return __uAtomicAdd(address, (unsigned int)-(int)val);
}
__MM_ATOMIC(atomicExch, int, __iAtomicExch)
__MM_ATOMIC(atomicExch, unsigned int, __uAtomicExch)
__MM_ATOMIC(atomicExch, unsigned long long int, __ullAtomicExch)
__MM_ATOMIC(atomicExch, float, __fAtomicExch)
__MM_ATOMIC(atomicMin, int, __iAtomicMin)
__MM_ATOMIC(atomicMin, unsigned int, __uAtomicMin)
__MM_ATOMIC(atomicMax, int, __iAtomicMax)
__MM_ATOMIC(atomicMax, unsigned int, __uAtomicMax)
/* ((old >= val) ? 0 : (old + 1)) and
 * (((old == 0) || (old > val)) ? val : (old - 1)). */
__MM_ATOMIC(atomicInc, unsigned int, __uAtomicInc)
__MM_ATOMIC(atomicDec, unsigned int, __uAtomicDec)
__MM_ATOMIC(atomicAnd, int, __iAtomicAnd)
__MM_ATOMIC(atomicAnd, unsigned int, __uAtomicAnd)
__MM_ATOMIC(atomicOr, int, __iAtomicOr)
__MM_ATOMIC(atomicOr, unsigned int, __uAtomicOr)
__MM_ATOMIC(atomicXor, int, __iAtomicXor)
__MM_ATOMIC(atomicXor, unsigned int, __uAtomicXor)

#undef __MM_ATOMIC

__MM_ATOMIC_DECL int atomicCAS(int *address, int compare, int val) {
  return __iAtomicCAS(address, compare, val);
}
__MM_ATOMIC_DECL unsigned int atomicCAS(unsigned int *address,
                                        unsigned int compare,
                                        unsigned int val) {
  return __uAtomicCAS(address, compare, val);
}
__MM_ATOMIC_DECL unsigned long long int atomicCAS(unsigned long long int *address,
                                                  unsigned long long int compare,
                                                  unsigned long long int val) {
  return __ullAtomicCAS(address, compare, val);
}
/* compute capability 7.0's 16-bit compare-and-swap. */
__MM_ATOMIC_DECL unsigned short int atomicCAS(unsigned short int *address,
                                              unsigned short int compare,
                                              unsigned short int val) {
  __atomic_compare_exchange_n(address, &compare, val, false, __ATOMIC_SEQ_CST,
                              __ATOMIC_SEQ_CST);
  return compare;
}

#undef __MM_ATOMIC_DECL

#endif /* __CUDA__ */

#endif /* __DEVICE_ATOMIC_FUNCTIONS_HPP__ */
