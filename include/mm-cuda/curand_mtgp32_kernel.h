/*===- mm-cuda/curand_mtgp32_kernel.h - MTGP32 device generator -*- C++ -*-===*
 *
 * clang's CUDA wrapper includes this header, with dim3 and uint3 renamed, so
 * that CUDA's version sees the built-in variables' types. mm has no MTGP32
 * generator, so there is nothing to declare.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CURAND_MTGP32_KERNEL_H
#define CURAND_MTGP32_KERNEL_H

#endif
