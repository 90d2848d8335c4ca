/*===- mm-cuda/host_defines.h - CUDA's keywords -------------------*- C -*-===*
 *
 * The execution-space and memory-space keywords of CUDA (__host__,
 * __device__, __global__, __shared__, ...) as clang's attributes in a CUDA
 * compilation, and as nothing in a plain C or C++ one, so that host code
 * that includes CUDA's headers compiles without CUDA. Also the macros that
 * CUDA's headers mark their declarations with.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* A managed variable is a device variable that host code reaches too:
 * clang's `managed` attribute is HIP's only, so mm marks it for mm-lli and
 * mm-llc, which have host code use the device variable's storage. */
#define __managed__                                                            \
  __attribute__((device)) __attribute__((annotate("mm.managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#endif

#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is not a macro: clang takes it as a keyword in CUDA, and
 * the C++ library spells `__attribute__((__noinline__))`. */
#define __align__(n) __attribute__((aligned(n)))
#define __thread__ __thread
#define __import__
#define __export__
#define __cdecl
#define __annotate__(a) __attribute__((a))
#define __location__(a) __annotate__(a)
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define __specialization_static
#define __builtin_align__(a) __align__(a)
/* What CUDA's headers mark built-in types and functions with. clang knows
 * texture references by their attribute when it compiles CUDA; a host
 * compile of C++ has no such attribute. */
#define __device_builtin__
#if defined(__CUDA__)
#define __device_builtin_texture_type__                                        \
  __location__(device_builtin_texture_type)
#else
#define __device_builtin_texture_type__
#endif
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __CUDA_ALIGN__(n) __align__(n)

#endif /* __HOST_DEFINES_H__ */
