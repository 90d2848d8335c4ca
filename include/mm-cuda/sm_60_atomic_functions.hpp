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
__MM_ATOMIC(atomicAdd_block, int, __iAtomicAdd_block)
__MM_ATOMIC(atomicAdd_system, int, __iAtomicAdd_system)
__MM_ATOMIC(atomicAdd_block, unsigned int, __uAtomicAdd_block)
__MM_ATOMIC(atomicAdd_system, unsigned int, __uAtomicAdd_system)
__MM_ATOMIC(atomicAdd_block, unsigned long long int, __ullAtomicAdd_block)
__MM_ATOMIC(atomicAdd_system, unsigned long long int, __ullAtomicAdd_system)
__MM_ATOMIC(atomicAdd_block, float, __fAtomicAdd_block)
__MM_ATOMIC(atomicAdd_system, float, __fAtomicAdd_system)
__MM_ATOMIC(atomicAdd_block, double, __dAtomicAdd_block)
__MM_ATOMIC(atomicAdd_system, double, __dAtomicAdd_system)
__MM_ATOMIC(atomicExch_block, int, __iAtomicExch_block)
__MM_ATOMIC(atomicExch_system, int, __iAtomicExch_system)
__MM_ATOMIC(atomicExch_block, unsigned int, __uAtomicExch_block)
__MM_ATOMIC(atomicExch_system, unsigned int, __uAtomicExch_system)
__MM_ATOMIC(atomicExch_block, unsigned long long int, __ullAtomicExch_block)
__MM_ATOMIC(atomicExch_system, unsigned long long int, __ullAtomicExch_system)
__MM_ATOMIC(atomicExch_block, float, __fAtomicExch_block)
__MM_ATOMIC(atomicExch_system, float, __fAtomicExch_system)
__MM_ATOMIC(atomicMin_block, int, __iAtomicMin_block)
__MM_ATOMIC(atomicMin_system, int, __iAtomicMin_system)
__MM_ATOMIC(atomicMin_block, unsigned int, __uAtomicMin_block)
__MM_ATOMIC(atomicMin_system, unsigned int, __uAtomicMin_system)
__MM_ATOMIC(atomicMin_block, long long int, __illAtomicMin_block)
__MM_ATOMIC(atomicMin_system, long long int, __illAtomicMin_system)
__MM_ATOMIC(atomicMin_block, unsigned long long int, __ullAtomicMin_block)
__MM_ATOMIC(atomicMin_system, unsigned long long int, __ullAtomicMin_system)
__MM_ATOMIC(atomicMax_block, int, __iAtomicMax_block)
__MM_ATOMIC(atomicMax_system, int, __iAtomicMax_system)
__MM_ATOMIC(atomicMax_block, unsigned int, __uAtomicMax_block)
__MM_ATOMIC(atomicMax_system, unsigned int, __uAtomicMax_system)
__MM_ATOMIC(atomicMax_block, long long int, __illAtomicMax_block)
__MM_ATOMIC(atomicMax_system, long long int, __illAtomicMax_system)
__MM_ATOMIC(atomicMax_block, unsigned long long int, __ullAtomicMax_block)
__MM_ATOMIC(atomicMax_system, unsigned long long int, __ullAtomicMax_system)
__MM_ATOMIC(atomicInc_block, unsigned int, __uAtomicInc_block)
__MM_ATOMIC(atomicInc_system, unsigned int, __uAtomicInc_system)
__MM_ATOMIC(atomicDec_block, unsigned int, __uAtomicDec_block)
__MM_ATOMIC(atomicDec_system, unsigned int, __uAtomicDec_system)
__MM_ATOMIC(atomicAnd_block, int, __iAtomicAnd_block)
__MM_ATOMIC(atomicAnd_system, int, __iAtomicAnd_system)
__MM_ATOMIC(atomicAnd_block, unsigned int, __uAtomicAnd_block)
__MM_ATOMIC(atomicAnd_system, unsigned int, __uAtomicAnd_system)
__MM_ATOMIC(atomicAnd_block, long long int, __llAtomicAnd_block)
__MM_ATOMIC(atomicAnd_system, long long int, __llAtomicAnd_system)
__MM_ATOMIC(atomicAnd_block, unsigned long long int, __ullAtomicAnd_block)
__MM_ATOMIC(atomicAnd_system, unsigned long long int, __ullAtomicAnd_system)
__MM_ATOMIC(atomicOr_block, int, __iAtomicOr_block)
__MM_ATOMIC(atomicOr_system, int, __iAtomicOr_system)
__MM_ATOMIC(atomicOr_block, unsigned int, __uAtomicOr_block)
__MM_ATOMIC(atomicOr_system, unsigned int, __uAtomicOr_system)
__MM_ATOMIC(atomicOr_block, long long int, __llAtomicOr_block)
__MM_ATOMIC(atomicOr_system, long long int, __llAtomicOr_system)
__MM_ATOMIC(atomicOr_block, unsigned long long int, __ullAtomicOr_block)
__MM_ATOMIC(atomicOr_system, unsigned long long int, __ullAtomicOr_system)
__MM_ATOMIC(atomicXor_block, int, __iAtomicXor_block)
__MM_ATOMIC(atomicXor_system, int, __iAtomicXor_system)
__MM_ATOMIC(atomicXor_block, unsigned int, __uAtomicXor_block)
__MM_ATOMIC(atomicXor_system, unsigned int, __uAtomicXor_system)
__MM_ATOMIC(atomicXor_block, long long int, __llAtomicXor_block)
__MM_ATOMIC(atomicXor_system, long long int, __llAtomicXor_system)
__MM_ATOMIC(atomicXor_block, unsigned long long int, __ullAtomicXor_block)
__MM_ATOMIC(atomicXor_system, unsigned long long int, __ullAtomicXor_system)
#undef __MM_ATOMIC
static __inline__ __device__ int atomicSub_block(int *address, int val) {
  return __iAtomicAdd_block(address, -val);
}
static __inline__ __device__ unsigned int atomicSub_block(unsigned int *address,
                                                       unsigned int val) {
  return __uAtomicAdd_block(address, (unsigned int)-(int)val);
}
static __inline__ __device__ int atomicCAS_block(int *address, int compare,
                                                 int val) {
  return __iAtomicCAS_block(address, compare, val);
}
static __inline__ __device__ unsigned int
atomicCAS_block(unsigned int *address, unsigned int compare, unsigned int val) {
  return __uAtomicCAS_block(address, compare, val);
}
static __inline__ __device__ unsigned long long int
atomicCAS_block(unsigned long long int *address, unsigned long long int compare,
               unsigned long long int val) {
  return __ullAtomicCAS_block(address, compare, val);
}
static __inline__ __device__ int atomicSub_system(int *address, int val) {
  return __iAtomicAdd_system(address, -val);
}
static __inline__ __device__ unsigned int atomicSub_system(unsigned int *address,
                                                       unsigned int val) {
  return __uAtomicAdd_system(address, (unsigned int)-(int)val);
}
static __inline__ __device__ int atomicCAS_system(int *address, int compare,
                                                 int val) {
  return __iAtomicCAS_system(address, compare, val);
}
static __inline__ __device__ unsigned int
atomicCAS_system(unsigned int *address, unsigned int compare, unsigned int val) {
  return __uAtomicCAS_system(address, compare, val);
}
static __inline__ __device__ unsigned long long int
atomicCAS_system(unsigned long long int *address, unsigned long long int compare,
               unsigned long long int val) {
  return __ullAtomicCAS_system(address, compare, val);
}
#endif /* __CUDA__ */

#endif /* __SM_60_ATOMIC_FUNCTIONS_HPP__ */
