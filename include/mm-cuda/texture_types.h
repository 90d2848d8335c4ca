/*===- mm-cuda/texture_types.h - Textures ------------------------*- C -*-===*
 *
 * CUDA's textures: how a texture is addressed, filtered and read, texture
 * objects, texture references (which CUDA 12 removed and mm keeps, for the
 * programs written before), and __mm_texture, what a texture is to mm's
 * runtime and to the fetch functions of device code.
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

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03

/* A texture reference: the host side of a `texture<T, dim, mode>` variable,
 * whose fields cudaBindTexture* and every launch read. */
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  int __cudaReserved[14];
};

/* A texture as mm's runtime makes it and device code samples it: a texture
 * object is the address of one, and the device variable of a bound texture
 * reference holds the address of one. The memory is `height` rows of
 * `width` texels, `pitch` bytes apart, in `depth` slices `slicePitch` bytes
 * apart; each texel has `channels` channels of `channelBits` bits, all of
 * one cudaChannelFormatKind. */
struct __mm_texture {
  const void *data;
  unsigned long long width;
  unsigned long long height;
  unsigned long long depth;
  unsigned long long pitch;
  unsigned long long slicePitch;
  unsigned int elementSize;
  unsigned int channels;
  unsigned int channelBits;
  enum cudaChannelFormatKind kind;
  enum cudaTextureAddressMode addressMode[3];
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureReadMode readMode;
  int normalizedCoords;
  float borderColor[4];
};

#undef __MM_ENUM_INT

#endif /* __TEXTURE_TYPES_H__ */
