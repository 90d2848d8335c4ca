/*===- mm-cuda/math_functions.h - Math functions ----------------*- C++ -*-===*
 *
 * Programs include it by name; in a clang CUDA compilation the device math
 * functions come from clang's __clang_cuda_math.h and the host-only ones
 * from crt/math_functions.hpp, both of which the CUDA wrapper includes, and
 * the wrapper defines this header's guard.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __MATH_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__

#include <math.h>

#endif
