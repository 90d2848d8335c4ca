/*===- mm-cuda/texture_types.h - Texture objects -----------------*- C -*-===*
 *
 * CUDA's texture objects: how a texture is addressed, filtered and read.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __TEXTURE_TYPES_H__
#define __TEXTURE_TYPES_H__

#include "driver_types.h"

#if defined(__cplusplus)
#define __MM_ENUM_INT : int
#else
#define __MM_ENUM_INT
#endif

typedef enum cudaTextureAddressMode __MM_ENUM_INT {
  cudaAddressModeWrap = 0,
  cudaAddressModeClamp = 1,
  cudaAddressModeMirror = 2,
  cudaAddressModeBorder = 3
} cudaTextureAddressMode;

typedef enum cudaTextureFilterMode __MM_ENUM_INT {
  cudaFilterModePoint = 0,
  cudaFilterModeLinear = 1
} cudaTextureFilterMode;

typedef enum cudaTextureReadMode __MM_ENUM_INT {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
} cudaTextureReadMode;

typedef struct cudaTextureDesc {
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int seamlessCubemap;
} cudaTextureDesc;

typedef unsigned long long cudaTextureObject_t;

#undef __MM_ENUM_INT

#endif /* __TEXTURE_TYPES_H__ */
