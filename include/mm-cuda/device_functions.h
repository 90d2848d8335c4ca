/*===- mm-cuda/device_functions.h - Device functions ------------*- C++ -*-===*
 *
 * Programs include it by name; in a clang CUDA compilation the functions
 * come from clang's __clang_cuda_device_functions.h, which the CUDA wrapper
 * includes, and the wrapper defines this header's guard.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __DEVICE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif
