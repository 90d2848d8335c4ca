/*===- mm-cuda/device_launch_parameters.h - threadIdx and friends -*- C -*-===*
 *
 * In CUDA, declares threadIdx, blockIdx, blockDim, gridDim and warpSize.
 * clang's CUDA wrapper declares them (__clang_cuda_builtin_vars.h) and
 * defines this header's guard, so that a program that includes it gets
 * clang's.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

#if defined(__CUDA__)
#include <__clang_cuda_builtin_vars.h>
#endif

#endif /* __DEVICE_LAUNCH_PARAMETERS_H__ */
