/*===- mm-cuda/crt/device_double_functions.hpp - Device functions -------------*- C++ -*-===*
 *
 * In CUDA, the definitions of the device functions that wrap PTX
 * instructions. clang's __clang_cuda_device_functions.h defines the same
 * functions for CUDA 9 and later, which is what mm's cuda.h announces;
 * clang's CUDA wrapper still includes this header by name.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __DEVICE_DOUBLE_FUNCTIONS_HPP__
#define __DEVICE_DOUBLE_FUNCTIONS_HPP__

#endif
