/*===- mm-cuda/texture_indirect_functions.h - Texture objects ---*- C++ -*-===*
 *
 * The fetch functions of texture objects. mm's runtime creates no texture
 * objects (cudaCreateTextureObject is unavailable, docs/runtime.md), so a
 * kernel that fetches from one is refused at compile time, with the reason,
 * instead of reading memory that is not there.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#if defined(__CUDA__)
#define __MM_TEXTURE_UNAVAILABLE                                               \
  __attribute__((unavailable("texture objects are not supported by mm's "     \
                             "CUDA runtime on the CPU (docs/runtime.md)")))

template <class T>
__device__ T tex1Dfetch(cudaTextureObject_t texObject,
                        int x) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex1D(cudaTextureObject_t texObject,
                   float x) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex2D(cudaTextureObject_t texObject, float x,
                   float y) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex3D(cudaTextureObject_t texObject, float x, float y,
                   float z) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex1DLayered(cudaTextureObject_t texObject, float x,
                          int layer) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex2DLayered(cudaTextureObject_t texObject, float x, float y,
                          int layer) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex1DLod(cudaTextureObject_t texObject, float x,
                      float level) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex2DLod(cudaTextureObject_t texObject, float x, float y,
                      float level) __MM_TEXTURE_UNAVAILABLE;
template <class T>
__device__ T tex3DLod(cudaTextureObject_t texObject, float x, float y, float z,
                      float level) __MM_TEXTURE_UNAVAILABLE;

#undef __MM_TEXTURE_UNAVAILABLE
#endif /* __CUDA__ */

#endif /* __TEXTURE_INDIRECT_FUNCTIONS_H__ */
