/*===- mm-cuda/texture_fetch_functions.h - Texture references ---*- C++ -*-===*
 *
 * As CUDA's before CUDA 12: the fetch functions of texture references,
 * texture<T, dim, mode>. In device code, clang passes such a reference as
 * a 64-bit handle, which mm's device lowering reads from the reference's
 * device variable: the address of the texture that cudaBindTexture* made.
 * A read in cudaReadModeNormalizedFloat returns T's float counterpart
 * (float4 for uchar4).
 *
 *===----------------------------------------------------------------------===*/

#ifndef __TEXTURE_FETCH_FUNCTIONS_H__
#define __TEXTURE_FETCH_FUNCTIONS_H__

#if defined(__CUDA__)

#include "crt/texture_sampling.hpp"
#include "cuda_texture_types.h"

namespace __mm_cuda {
/* The texture a texture reference names: clang's device code passes the
 * reference as its 64-bit handle, which only inline assembly can name as
 * an integer (as clang's own texture header does). */
template <class Reference>
static __device__ __inline__ __texture_t __texture_of_reference(Reference R) {
  unsigned long long Handle;
  asm("mov.b64 %0, %1;" : "=l"(Handle) : "l"(R));
  return __texture_of(Handle);
}

/* What a fetch of texture<T, dim, Mode> returns. */
template <class T, enum cudaTextureReadMode Mode> struct __fetch_result {
  typedef T type;
};
template <class T> struct __fetch_result<T, cudaReadModeNormalizedFloat> {
  typedef typename __texel<T>::normalized type;
};
} // namespace __mm_cuda

#define __MM_RESULT(T, Mode) typename __mm_cuda::__fetch_result<T, Mode>::type
#define __MM_NORMALIZED(Mode) (Mode == cudaReadModeNormalizedFloat)

template <class T, enum cudaTextureReadMode Mode>
static __device__ __inline__ __MM_RESULT(T, Mode)
    tex1Dfetch(texture<T, cudaTextureType1D, Mode> t, int x) {
  return __mm_cuda::__fetch<__MM_RESULT(T, Mode)>(
      __mm_cuda::__texture_of_reference(t), __MM_NORMALIZED(Mode), x);
}
template <class T, enum cudaTextureReadMode Mode>
static __device__ __inline__ __MM_RESULT(T, Mode)
    tex1D(texture<T, cudaTextureType1D, Mode> t, float x) {
  return __mm_cuda::__sample<__MM_RESULT(T, Mode)>(
      __mm_cuda::__texture_of_reference(t), __MM_NORMALIZED(Mode), 1, x, 0, 0,
      0);
}
template <class T, enum cudaTextureReadMode Mode>
static __device__ __inline__ __MM_RESULT(T, Mode)
    tex2D(texture<T, cudaTextureType2D, Mode> t, float x, float y) {
  return __mm_cuda::__sample<__MM_RESULT(T, Mode)>(
      __mm_cuda::__texture_of_reference(t), __MM_NORMALIZED(Mode), 2, x, y, 0,
      0);
}
template <class T, enum cudaTextureReadMode Mode>
static __device__ __inline__ __MM_RESULT(T, Mode)
    tex3D(texture<T, cudaTextureType3D, Mode> t, float x, float y, float z) {
  return __mm_cuda::__sample<__MM_RESULT(T, Mode)>(
      __mm_cuda::__texture_of_reference(t), __MM_NORMALIZED(Mode), 3, x, y, z,
      0);
}

#undef __MM_NORMALIZED
#undef __MM_RESULT

#endif /* __CUDA__ */

#endif /* __TEXTURE_FETCH_FUNCTIONS_H__ */
