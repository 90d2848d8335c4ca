/*===- mm-cuda/cuda.h - The CUDA version mm's headers implement -*- C -*-===*
 *
 * As in CUDA, CUDA_VERSION is the version of the CUDA API these headers
 * implement (1000 * major + 10 * minor). clang reads it from here to decide
 * how a CUDA compilation launches kernels and whether device code may call
 * variadic functions: mm's build tree (and install) has a CUDA root for
 * clang's --cuda-path whose include/ is this directory, so that a
 * compilation does not depend on whether, or which, CUDA toolkit the machine
 * has.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_CUDA_H
#define MM_CUDA_H

#define CUDA_VERSION 12030

/* The driver API's fixed-width integers, which clang's CUDA headers use. */
#include <stdint.h>
typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;

#endif /* MM_CUDA_H */
