/*===- mm-cuda/device_atomic_functions.h - Atomic functions -----*- C++ -*-===*
 *
 * CUDA's device atomics, defined in device_atomic_functions.hpp and the
 * sm_*_atomic_functions.hpp headers, as in CUDA.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__

#if defined(__CUDA__)
#include "device_atomic_functions.hpp"
#endif

#endif /* __DEVICE_ATOMIC_FUNCTIONS_H__ */
