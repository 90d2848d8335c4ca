/*===- mm-cuda/sm_20_atomic_functions.hpp - Float atomicAdd -----*- C++ -*-===*/

#ifndef __SM_20_ATOMIC_FUNCTIONS_HPP__
#define __SM_20_ATOMIC_FUNCTIONS_HPP__

#if defined(__CUDA__)
static __inline__ __device__ float atomicAdd(float *address, float val) {
  return __fAtomicAdd(address, val);
}
#endif

#endif /* __SM_20_ATOMIC_FUNCTIONS_HPP__ */
