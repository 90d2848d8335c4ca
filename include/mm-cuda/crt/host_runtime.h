/*===- mm-cuda/crt/host_runtime.h - What nvcc's host code needs --*- C -*-===*
 *
 * In CUDA, the declarations that nvcc's generated host code uses to
 * register a fat binary. clang generates its own host code, and mm finds
 * kernels and device variables by name (docs/runtime.md): nothing is needed
 * here, but clang's CUDA wrapper includes the header.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_INTERNAL_COMPILATION__HOST_RUNTIME_H__
#define __CUDA_INTERNAL_COMPILATION__HOST_RUNTIME_H__

#endif
