/*===- mm-cuda/cuda_texture_types.h - Texture references --------*- C++ -*-===*
 *
 * As CUDA's cuda_texture_types.h before CUDA 12: texture<T, dim, mode>, a
 * texture reference. A `texture<...> tex;` variable is a textureReference
 * on the host and, in device code (clang knows the type by its attribute),
 * a handle that the fetch functions of texture_fetch_functions.h read;
 * cudaBindTexture* and cudaUnbindTexture connect the two.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_TEXTURE_TYPES_H__
#define __CUDA_TEXTURE_TYPES_H__

#if defined(__cplusplus)

#include "channel_descriptor.h"

#include <limits.h>

template <class T, int texType = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __device_builtin_texture_type__ texture
    : public textureReference {
  __host__ texture(int norm = 0,
                   enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp) {
    initialize(norm, fMode, aMode, cudaCreateChannelDesc<T>());
  }
  __host__ texture(int norm, enum cudaTextureFilterMode fMode,
                   enum cudaTextureAddressMode aMode,
                   struct cudaChannelFormatDesc desc) {
    initialize(norm, fMode, aMode, desc);
  }

private:
  __host__ void initialize(int norm, enum cudaTextureFilterMode fMode,
                           enum cudaTextureAddressMode aMode,
                           struct cudaChannelFormatDesc desc) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = aMode;
    addressMode[1] = aMode;
    addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
    maxAnisotropy = 0;
    mipmapFilterMode = cudaFilterModePoint;
    mipmapLevelBias = 0;
    minMipmapLevelClamp = 0;
    maxMipmapLevelClamp = 0;
    disableTrilinearOptimization = 0;
  }
};

/*===------------------------- Binding, typed ------------------------------===*/

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                const void *devPtr, const struct cudaChannelFormatDesc &desc,
                size_t size = UINT_MAX) {
  return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, readMode> &tex,
                const void *devPtr, size_t size = UINT_MAX) {
  return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                  const void *devPtr, const struct cudaChannelFormatDesc &desc,
                  size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height,
                             pitch);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, readMode> &tex,
                  const void *devPtr, size_t width, size_t height,
                  size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width,
                             height, pitch);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex,
                       cudaArray_const_t array,
                       const struct cudaChannelFormatDesc &desc) {
  return ::cudaBindTextureToArray(&tex, array, &desc);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, readMode> &tex,
                       cudaArray_const_t array) {
  struct cudaChannelFormatDesc desc;
  cudaError_t err = ::cudaGetChannelDesc(&desc, array);
  return err == cudaSuccess ? ::cudaBindTextureToArray(&tex, array, &desc)
                            : err;
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaUnbindTexture(const struct texture<T, dim, readMode> &tex) {
  return ::cudaUnbindTexture(&tex);
}

template <class T, int dim, enum cudaTextureReadMode readMode>
static __inline__ __host__ cudaError_t
cudaGetTextureAlignmentOffset(size_t *offset,
                              const struct texture<T, dim, readMode> &tex) {
  return ::cudaGetTextureAlignmentOffset(offset, &tex);
}

#endif /* __cplusplus */

#endif /* __CUDA_TEXTURE_TYPES_H__ */
