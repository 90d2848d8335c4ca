/*===- mm-cuda/channel_descriptor.h - Texel types ---------------*- C++ -*-===*
 *
 * As CUDA's channel_descriptor.h: cudaCreateChannelDesc<T>(), the channel
 * format of texels of type T. __mm_cuda::__texel<T> is the one table of
 * texel types that it, texture<T, dim, mode> and the fetch functions of
 * device code read: T's component type, how many components it has, their
 * channel format kind, and the type that a normalized read of T returns.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__

#if defined(__cplusplus)

#include "cuda_runtime_api.h"

namespace __mm_cuda {
/* Not a texel type: no channels. */
template <class T> struct __texel {
  static const int channels = 0;
};

#define __MM_TEXEL(T, C, N, Kind, Normalized, ...)                             \
  template <> struct __texel<T> {                                              \
    typedef C component;                                                       \
    typedef Normalized normalized;                                             \
    static const int channels = N;                                             \
    static const enum cudaChannelFormatKind kind = Kind;                       \
    static __host__ __device__ __inline__ T make(const C *c) {                 \
      T t = {__VA_ARGS__};                                                     \
      return t;                                                                \
    }                                                                          \
  };
#define __MM_TEXELS(Vector, C, Kind, Float)                                    \
  __MM_TEXEL(C, C, 1, Kind, Float, c[0])                                       \
  __MM_TEXEL(Vector##1, C, 1, Kind, Float##1, c[0])                            \
  __MM_TEXEL(Vector##2, C, 2, Kind, Float##2, c[0], c[1])                      \
  __MM_TEXEL(Vector##4, C, 4, Kind, Float##4, c[0], c[1], c[2], c[3])

#if defined(__CHAR_UNSIGNED__)
__MM_TEXEL(char, char, 1, cudaChannelFormatKindUnsigned, float, c[0])
#else
__MM_TEXEL(char, char, 1, cudaChannelFormatKindSigned, float, c[0])
#endif
__MM_TEXELS(char, signed char, cudaChannelFormatKindSigned, float)
__MM_TEXELS(uchar, unsigned char, cudaChannelFormatKindUnsigned, float)
__MM_TEXELS(short, short, cudaChannelFormatKindSigned, float)
__MM_TEXELS(ushort, unsigned short, cudaChannelFormatKindUnsigned, float)
__MM_TEXELS(int, int, cudaChannelFormatKindSigned, float)
__MM_TEXELS(uint, unsigned int, cudaChannelFormatKindUnsigned, float)
__MM_TEXELS(float, float, cudaChannelFormatKindFloat, float)
#undef __MM_TEXELS
#undef __MM_TEXEL
} // namespace __mm_cuda

template <class T>
static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(void) {
  typedef __mm_cuda::__texel<T> Texel;
  const int Bits = Texel::channels ? int(8 * sizeof(T)) / Texel::channels : 0;
  struct cudaChannelFormatDesc Desc = {
      Bits,
      Texel::channels > 1 ? Bits : 0,
      Texel::channels > 2 ? Bits : 0,
      Texel::channels > 3 ? Bits : 0,
      Texel::channels ? Texel::kind : cudaChannelFormatKindNone};
  return Desc;
}

static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDescHalf(void) {
  return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDescHalf2(void) {
  return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ struct cudaChannelFormatDesc
cudaCreateChannelDescHalf4(void) {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

#endif /* __cplusplus */

#endif /* __CHANNEL_DESCRIPTOR_H__ */
