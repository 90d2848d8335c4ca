/*===- mm-cuda/cuda_runtime.h - A small CUDA header for clang-19 -*- C++ -*-===*
 *
 * Enough of the CUDA runtime API and device built-ins to compile common CUDA
 * programs with clang-19 and `-nocudainc` (Debian's clang 19 does not accept
 * the installed CUDA 13 headers), for both halves of a CUDA compilation:
 *
 *   clang-19 -x cuda --cuda-device-only --cuda-gpu-arch=sm_70 -nocudainc \
 *            -include cuda_runtime.h -I<prefix>/include/mm-cuda ...
 *   clang-19 -x cuda --cuda-host-only -nocudainc -include cuda_runtime.h ...
 *
 * The device half lowers to what mm's device lowering runs on the CPU. The
 * host API (types, error codes, the runtime functions that mm's offload
 * runtime defines) is cuda_runtime_api.h, a plain C/C++ header, as in CUDA.
 * `warpSize` is clang's device-side constant (__clang_cuda_builtin_vars.h),
 * as with CUDA's own headers.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MM_CUDA_RUNTIME_H
#define MM_CUDA_RUNTIME_H

#if !defined(__CUDA__)
#error "mm-cuda/cuda_runtime.h is for CUDA compilations (clang -x cuda)"
#endif

/* printf works on both sides: on the device, clang packs its arguments and
 * calls vprintf. */
#pragma clang force_cuda_host_device begin
#include <stdio.h>
#pragma clang force_cuda_host_device end

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))

/* The host API: types, error codes and the runtime functions. */
#include "cuda_runtime_api.h"

/* The typed overloads of CUDA's cuda_runtime.h: `cudaMalloc(&p, bytes)` for
 * any `T *p`. */
template <class T>
static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}

/*===-------------------------- Device built-ins --------------------------===*/

#include <__clang_cuda_builtin_vars.h>

#define __MM_BUILTIN_VAR_CONVERSIONS(Type)                                     \
  __device__ inline Type::operator dim3() const { return dim3(x, y, z); }      \
  __device__ inline Type::operator uint3() const { return {x, y, z}; }
__MM_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_threadIdx_t)
__MM_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_blockIdx_t)
__MM_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_blockDim_t)
__MM_BUILTIN_VAR_CONVERSIONS(__cuda_builtin_gridDim_t)
#undef __MM_BUILTIN_VAR_CONVERSIONS

extern "C" __device__ int vprintf(const char *format, const char *args);
extern "C" __device__ void __assertfail(const char *message, const char *file,
                                        unsigned line, const char *function,
                                        size_t charSize);

/* __syncthreads() is a clang built-in (llvm.nvvm.barrier0). */
static __device__ __forceinline__ void __syncwarp(unsigned mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask);
}
static __device__ __forceinline__ void __threadfence_block() {
  __nvvm_membar_cta();
}
static __device__ __forceinline__ void __threadfence() { __nvvm_membar_gl(); }
static __device__ __forceinline__ void __threadfence_system() {
  __nvvm_membar_sys();
}
static __device__ __forceinline__ void __trap() { __builtin_trap(); }

/* Atomics: relaxed read-modify-write operations, as on a GPU. */
#define __MM_ATOMIC(Name, Builtin, T)                                          \
  static __device__ __forceinline__ T Name(T *address, T val) {                \
    return Builtin(address, val, __ATOMIC_RELAXED);                            \
  }
#define __MM_ATOMIC_INTEGERS(Name, Builtin)                                    \
  __MM_ATOMIC(Name, Builtin, int)                                              \
  __MM_ATOMIC(Name, Builtin, unsigned int)                                     \
  __MM_ATOMIC(Name, Builtin, unsigned long long)
__MM_ATOMIC_INTEGERS(atomicAdd, __atomic_fetch_add)
__MM_ATOMIC(atomicAdd, __atomic_fetch_add, float)
__MM_ATOMIC(atomicAdd, __atomic_fetch_add, double)
__MM_ATOMIC_INTEGERS(atomicSub, __atomic_fetch_sub)
__MM_ATOMIC_INTEGERS(atomicExch, __atomic_exchange_n)
__MM_ATOMIC_INTEGERS(atomicMin, __atomic_fetch_min)
__MM_ATOMIC_INTEGERS(atomicMax, __atomic_fetch_max)
__MM_ATOMIC_INTEGERS(atomicAnd, __atomic_fetch_and)
__MM_ATOMIC_INTEGERS(atomicOr, __atomic_fetch_or)
__MM_ATOMIC_INTEGERS(atomicXor, __atomic_fetch_xor)
#undef __MM_ATOMIC_INTEGERS
#undef __MM_ATOMIC
#define __MM_ATOMIC_CAS(T)                                                     \
  static __device__ __forceinline__ T atomicCAS(T *address, T compare, T val) { \
    __atomic_compare_exchange_n(address, &compare, val, false,                 \
                                __ATOMIC_RELAXED, __ATOMIC_RELAXED);           \
    return compare;                                                            \
  }
__MM_ATOMIC_CAS(int)
__MM_ATOMIC_CAS(unsigned int)
__MM_ATOMIC_CAS(unsigned long long)
#undef __MM_ATOMIC_CAS

/* Warp shuffles and votes, with PTX's operand c: the segment mask in bits
 * 12:8 and the clamp lane in bits 4:0. */
#define __MM_SHFL(Name, Mode, T, Suffix, Clamp)                                \
  static __device__ __forceinline__ T Name(unsigned mask, T var, int lane,     \
                                           int width = warpSize) {             \
    return __nvvm_shfl_sync_##Mode##_##Suffix(                                 \
        mask, var, lane, ((warpSize - width) << 8) | (Clamp));                 \
  }
#define __MM_SHFL_TYPES(Name, Mode, Clamp)                                     \
  __MM_SHFL(Name, Mode, int, i32, Clamp)                                       \
  __MM_SHFL(Name, Mode, float, f32, Clamp)                                     \
  static __device__ __forceinline__ unsigned Name(unsigned mask, unsigned var, \
                                                  int lane,                    \
                                                  int width = warpSize) {      \
    return (unsigned)Name(mask, (int)var, lane, width);                        \
  }
__MM_SHFL_TYPES(__shfl_sync, idx, 0x1f)
__MM_SHFL_TYPES(__shfl_up_sync, up, 0)
__MM_SHFL_TYPES(__shfl_down_sync, down, 0x1f)
__MM_SHFL_TYPES(__shfl_xor_sync, bfly, 0x1f)
#undef __MM_SHFL_TYPES
#undef __MM_SHFL

static __device__ __forceinline__ unsigned __ballot_sync(unsigned mask,
                                                         int predicate) {
  return __nvvm_vote_ballot_sync(mask, predicate);
}
static __device__ __forceinline__ int __any_sync(unsigned mask, int predicate) {
  return __nvvm_vote_any_sync(mask, predicate);
}
static __device__ __forceinline__ int __all_sync(unsigned mask, int predicate) {
  return __nvvm_vote_all_sync(mask, predicate);
}

/* Common math: libdevice's functions, which the device lowering maps to the
 * host's. */
#define __MM_MATH1(Name)                                                       \
  extern "C" __device__ float __nv_##Name##f(float);                           \
  extern "C" __device__ double __nv_##Name(double);                            \
  static __device__ __forceinline__ float Name##f(float x) {                   \
    return __nv_##Name##f(x);                                                  \
  }                                                                            \
  static __device__ __forceinline__ double Name(double x) {                    \
    return __nv_##Name(x);                                                     \
  }
#define __MM_MATH2(Name)                                                       \
  extern "C" __device__ float __nv_##Name##f(float, float);                    \
  extern "C" __device__ double __nv_##Name(double, double);                    \
  static __device__ __forceinline__ float Name##f(float x, float y) {          \
    return __nv_##Name##f(x, y);                                               \
  }                                                                            \
  static __device__ __forceinline__ double Name(double x, double y) {          \
    return __nv_##Name(x, y);                                                  \
  }
__MM_MATH1(sqrt) __MM_MATH1(rsqrt) __MM_MATH1(cbrt) __MM_MATH1(exp)
__MM_MATH1(exp2) __MM_MATH1(expm1) __MM_MATH1(log) __MM_MATH1(log2)
__MM_MATH1(log10) __MM_MATH1(log1p) __MM_MATH1(sin) __MM_MATH1(cos)
__MM_MATH1(tan) __MM_MATH1(asin) __MM_MATH1(acos) __MM_MATH1(atan)
__MM_MATH1(sinh) __MM_MATH1(cosh) __MM_MATH1(tanh) __MM_MATH1(erf)
__MM_MATH1(erfc) __MM_MATH1(fabs) __MM_MATH1(floor) __MM_MATH1(ceil)
__MM_MATH1(trunc) __MM_MATH1(round) __MM_MATH1(rint)
__MM_MATH2(pow) __MM_MATH2(atan2) __MM_MATH2(fmin) __MM_MATH2(fmax)
__MM_MATH2(fmod) __MM_MATH2(hypot) __MM_MATH2(copysign)
#undef __MM_MATH1
#undef __MM_MATH2
extern "C" __device__ float __nv_fmaf(float, float, float);
extern "C" __device__ double __nv_fma(double, double, double);
static __device__ __forceinline__ float fmaf(float x, float y, float z) {
  return __nv_fmaf(x, y, z);
}
static __device__ __forceinline__ double fma(double x, double y, double z) {
  return __nv_fma(x, y, z);
}
static __device__ __forceinline__ float __fdividef(float x, float y) {
  return x / y;
}
static __device__ __forceinline__ int min(int a, int b) { return a < b ? a : b; }
static __device__ __forceinline__ int max(int a, int b) { return a > b ? a : b; }

#endif /* MM_CUDA_RUNTIME_H */
