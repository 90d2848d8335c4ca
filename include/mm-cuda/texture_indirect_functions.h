/*===- mm-cuda/texture_indirect_functions.h - Texture objects ---*- C++ -*-===*
 *
 * The fetch functions of texture objects, as CUDA declares them: the
 * result type T is the caller's; it is T's type of component (float, or an
 * integer) that decides whether integer texels read as floats. mm's runtime
 * makes no mipmapped, cubemap or gather textures, so the level of detail
 * and the gradients select the one level there is, and the cubemap and
 * gather functions are refused at compile time.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#if defined(__CUDA__)

#include "crt/texture_sampling.hpp"

namespace __mm_cuda {
static __device__ __inline__ bool __reads_normalized(__texture_t T) {
  return __nvvm_ldg_i((const int *)&T->readMode) == cudaReadModeNormalizedFloat;
}

template <class T>
static __device__ __inline__ T __sample_object(cudaTextureObject_t Object,
                                               int Dims, float X, float Y,
                                               float Z, int Layer) {
  __texture_t Texture = __texture_of(Object);
  return __sample<T>(Texture, __reads_normalized(Texture), Dims, X, Y, Z,
                     Layer);
}
} // namespace __mm_cuda

template <class T>
static __device__ __inline__ T tex1Dfetch(cudaTextureObject_t texObject,
                                          int x) {
  __mm_cuda::__texture_t Texture = __mm_cuda::__texture_of(texObject);
  return __mm_cuda::__fetch<T>(Texture, __mm_cuda::__reads_normalized(Texture),
                               x);
}
template <class T>
static __device__ __inline__ T tex1D(cudaTextureObject_t texObject, float x) {
  return __mm_cuda::__sample_object<T>(texObject, 1, x, 0, 0, 0);
}
template <class T>
static __device__ __inline__ T tex2D(cudaTextureObject_t texObject, float x,
                                     float y) {
  return __mm_cuda::__sample_object<T>(texObject, 2, x, y, 0, 0);
}
template <class T>
static __device__ __inline__ T tex3D(cudaTextureObject_t texObject, float x,
                                     float y, float z) {
  return __mm_cuda::__sample_object<T>(texObject, 3, x, y, z, 0);
}
template <class T>
static __device__ __inline__ T tex1DLayered(cudaTextureObject_t texObject,
                                            float x, int layer) {
  return __mm_cuda::__sample_object<T>(texObject, 1, x, 0, 0, layer);
}
template <class T>
static __device__ __inline__ T tex2DLayered(cudaTextureObject_t texObject,
                                            float x, float y, int layer) {
  return __mm_cuda::__sample_object<T>(texObject, 2, x, y, 0, layer);
}
template <class T>
static __device__ __inline__ T tex1DLod(cudaTextureObject_t texObject, float x,
                                        float) {
  return tex1D<T>(texObject, x);
}
template <class T>
static __device__ __inline__ T tex2DLod(cudaTextureObject_t texObject, float x,
                                        float y, float) {
  return tex2D<T>(texObject, x, y);
}
template <class T>
static __device__ __inline__ T tex3DLod(cudaTextureObject_t texObject, float x,
                                        float y, float z, float) {
  return tex3D<T>(texObject, x, y, z);
}
template <class T>
static __device__ __inline__ T tex1DGrad(cudaTextureObject_t texObject,
                                         float x, float, float) {
  return tex1D<T>(texObject, x);
}
template <class T>
static __device__ __inline__ T tex2DGrad(cudaTextureObject_t texObject,
                                         float x, float y, float2, float2) {
  return tex2D<T>(texObject, x, y);
}
template <class T>
static __device__ __inline__ T tex3DGrad(cudaTextureObject_t texObject,
                                         float x, float y, float z, float4,
                                         float4) {
  return tex3D<T>(texObject, x, y, z);
}

/* The forms that return through a pointer. */
template <class T>
static __device__ __inline__ void tex1Dfetch(T *ptr,
                                             cudaTextureObject_t texObject,
                                             int x) {
  *ptr = tex1Dfetch<T>(texObject, x);
}
template <class T>
static __device__ __inline__ void tex1D(T *ptr, cudaTextureObject_t texObject,
                                        float x) {
  *ptr = tex1D<T>(texObject, x);
}
template <class T>
static __device__ __inline__ void tex2D(T *ptr, cudaTextureObject_t texObject,
                                        float x, float y) {
  *ptr = tex2D<T>(texObject, x, y);
}
template <class T>
static __device__ __inline__ void tex3D(T *ptr, cudaTextureObject_t texObject,
                                        float x, float y, float z) {
  *ptr = tex3D<T>(texObject, x, y, z);
}

#define __MM_TEXTURE_UNAVAILABLE                                               \
  __attribute__((unavailable("cubemap and gather textures are not supported " \
                             "by mm's CUDA runtime on the CPU "               \
                             "(docs/runtime.md)")))
template <class T>
__device__ T texCubemap(cudaTextureObject_t texObject, float x, float y,
                        float z) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T texCubemapLayered(cudaTextureObject_t texObject, float x, float y,
                               float z, int layer) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex2Dgather(cudaTextureObject_t texObject, float x, float y,
                         int comp = 0) __MM_TEXTURE_UNAVAILABLE;
#undef __MM_TEXTURE_UNAVAILABLE

/* Surface objects' functions, which clang's CUDA wrapper, including this
 * header, does not include itself. */
#include "surface_indirect_functions.h"

#endif /* __CUDA__ */

#endif /* __TEXTURE_INDIRECT_FUNCTIONS_H__ */
