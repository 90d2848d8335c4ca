/*===- mm-cuda/crt/texture_sampling.hpp - Sampling a texture ----*- C++ -*-===*
 *
 * How device code reads a texture that mm's runtime made (__mm_texture,
 * texture_types.h), as CUDA's texture hardware does (CUDA C++ Programming
 * Guide, "Texture Fetching"): coordinates normalized or not, the address
 * modes, point and linear filtering with 8-bit fractional weights, and
 * integer channels read as themselves or normalized to [0, 1] or [-1, 1].
 * The fetch functions of texture objects and of texture references both
 * come here; they differ only in where the texture comes from.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __MM_CUDA_TEXTURE_SAMPLING_HPP__
#define __MM_CUDA_TEXTURE_SAMPLING_HPP__

#if defined(__CUDA__)

#include "../channel_descriptor.h"

extern "C" __device__ void __assertfail(const char *__message,
                                        const char *__file, unsigned __line,
                                        const char *__function,
                                        size_t __charSize);

namespace __mm_cuda {
typedef const struct __mm_texture *__texture_t;

/* What an unbound texture reference or a texture object that is not live
 * names: a texture of no texels and no format, so that a fetch from it
 * takes the general path, which stops the kernel (__check_live). */
static __device__ const struct __mm_texture __no_texture = {};

/* The texture \p Handle names, without a branch: in a loop of fetches, the
 * texture's fields are then read on every path, and LLVM takes them out of
 * the loop. */
static __device__ __inline__ __texture_t
__texture_of(unsigned long long Handle) {
  return Handle ? reinterpret_cast<__texture_t>(Handle) : &__no_texture;
}

/* Stops the kernel where \p T is no texture. */
static __device__ __inline__ void __check_live(__texture_t T) {
  if (T == &__no_texture)
    __assertfail("texture fetch from an unbound texture reference or a "
                 "texture object that is not live",
                 __FILE__, __LINE__, __func__, 1);
}

/* A half-precision channel as a float. */
static __device__ __inline__ float __half_to_float(unsigned short H) {
  unsigned Sign = (unsigned)(H >> 15) << 31, Exponent = (H >> 10) & 0x1f,
           Mantissa = H & 0x3ff, Bits;
  if (Exponent == 0) {
    float Magnitude = (float)Mantissa * 5.9604644775390625e-8f; /* 2^-24 */
    return Sign ? -Magnitude : Magnitude;
  }
  if (Exponent == 31)
    Bits = Sign | 0x7f800000u | (Mantissa << 13);
  else
    Bits = Sign | ((Exponent + 112) << 23) | (Mantissa << 13);
  float F;
  __builtin_memcpy(&F, &Bits, sizeof(F));
  return F;
}

/* Channel \p C of the texel at \p P as an integer. */
static __device__ __inline__ int __channel_int(__texture_t T,
                                               const unsigned char *P, int C) {
  bool Signed = T->kind == cudaChannelFormatKindSigned;
  switch (T->channelBits) {
  case 8:
    return Signed ? (int)((const signed char *)P)[C] : (int)P[C];
  case 16:
    return Signed ? (int)((const short *)P)[C]
                  : (int)((const unsigned short *)P)[C];
  default:
    return ((const int *)P)[C];
  }
}

/* Channel \p C of the texel at \p P as a float: a float channel as it is,
 * an integer one as itself or, \p Normalize, mapped to [0, 1] or [-1, 1]. */
static __device__ __inline__ float
__channel_float(__texture_t T, const unsigned char *P, int C, bool Normalize) {
  if (T->kind == cudaChannelFormatKindFloat)
    return T->channelBits == 16
               ? __half_to_float(((const unsigned short *)P)[C])
               : ((const float *)P)[C];
  if (T->kind == cudaChannelFormatKindUnsigned) {
    unsigned V = (unsigned)__channel_int(T, P, C);
    if (!Normalize)
      return (float)V;
    return (float)V / (T->channelBits == 8 ? 255.0f : 65535.0f);
  }
  int V = __channel_int(T, P, C);
  if (!Normalize)
    return (float)V;
  float F = (float)V / (T->channelBits == 8 ? 127.0f : 32767.0f);
  return F < -1.0f ? -1.0f : F;
}

/* A texel's channels as the components of a result: floats (of float
 * channels, or of integer ones read as floats) or integers. */
static __device__ __inline__ void __components(__texture_t T,
                                               const unsigned char *P,
                                               bool Normalize, float *Out) {
  for (unsigned C = 0; C < 4; ++C)
    Out[C] = C < T->channels ? __channel_float(T, P, C, Normalize) : 0.0f;
}
template <class C>
static __device__ __inline__ void
__components(__texture_t T, const unsigned char *P, bool, C *Out) {
  for (unsigned I = 0; I < 4; ++I)
    Out[I] = I < T->channels ? (C)__channel_int(T, P, I) : (C)0;
}

/* Resolves texel index \p I of an axis of \p N texels by address mode
 * \p Mode; false where it falls on the border. */
static __device__ __inline__ bool __address(long long &I, long long N,
                                            enum cudaTextureAddressMode Mode,
                                            bool NormalizedCoords) {
  if (I >= 0 && I < N)
    return true;
  // Wrap and mirror need normalized coordinates; without, they clamp.
  if (!NormalizedCoords && Mode != cudaAddressModeBorder)
    Mode = cudaAddressModeClamp;
  switch (Mode) {
  case cudaAddressModeBorder:
    return false;
  case cudaAddressModeWrap:
    I %= N;
    if (I < 0)
      I += N;
    return true;
  case cudaAddressModeMirror: {
    long long Folded = I < 0 ? -I - 1 : I;
    long long Period = Folded / N, Rest = Folded % N;
    I = Period & 1 ? N - 1 - Rest : Rest;
    return true;
  }
  default:
    I = I < 0 ? 0 : N - 1;
    return true;
  }
}

/* The texel at integer coordinates (X, Y, Z) of layer \p Layer, addressed,
 * as components; the border color (or zero) where it falls outside. */
template <class C>
static __device__ __inline__ void
__texel_components(__texture_t T, bool Normalize, long long X, long long Y,
                   long long Z, long long Layer, int Dims, C *Out) {
  bool Inside = __address(X, (long long)T->width, T->addressMode[0],
                          T->normalizedCoords);
  if (Dims > 1)
    Inside &= __address(Y, (long long)T->height, T->addressMode[1],
                        T->normalizedCoords);
  if (Dims > 2)
    Inside &= __address(Z, (long long)T->depth, T->addressMode[2],
                        T->normalizedCoords);
  if (!Inside) {
    for (int I = 0; I < 4; ++I)
      Out[I] = (C)T->borderColor[I];
    return;
  }
  const unsigned char *P = (const unsigned char *)T->data +
                           (Z + Layer) * T->slicePitch + Y * T->pitch +
                           X * T->elementSize;
  __components(T, P, Normalize, Out);
}

/* The coordinate of axis \p Axis in texels. */
static __device__ __inline__ float __texel_coordinate(__texture_t T, float X,
                                                      int Axis) {
  if (!T->normalizedCoords)
    return X;
  unsigned long long N =
      Axis == 0 ? T->width : Axis == 1 ? T->height : T->depth;
  return X * (float)N;
}

/* Linear filtering's weight: the fraction in 9-bit fixed point, 8 bits of
 * it fractional, as the hardware keeps it. */
static __device__ __inline__ float __filter_weight(float Fraction) {
  return __builtin_rintf(Fraction * 256.0f) / 256.0f;
}

/* Samples texel coordinates (X, Y, Z) of a 1, 2 or 3 (\p Dims) dimensional
 * texture, in layer \p Layer, into a result of type R. */
template <class R>
static __device__ __inline__ R __sample(__texture_t T, bool Normalize,
                                        int Dims, float X, float Y, float Z,
                                        long long Layer) {
  typedef __texel<R> Texel;
  typedef typename Texel::component C;
  __check_live(T);
  float Coordinates[3] = {__texel_coordinate(T, X, 0),
                          __texel_coordinate(T, Y, 1),
                          __texel_coordinate(T, Z, 2)};
  C Result[4];
  // Linear filtering interpolates floats; integer texels read as
  // themselves are not filtered (CUDA refuses to make such textures).
  if (T->filterMode != cudaFilterModeLinear ||
      Texel::kind != cudaChannelFormatKindFloat) {
    long long I[3] = {0, 0, 0};
    for (int A = 0; A < Dims; ++A)
      I[A] = (long long)__builtin_floorf(Coordinates[A]);
    __texel_components(T, Normalize, I[0], I[1], I[2], Layer, Dims, Result);
    return Texel::make(Result);
  }
  long long I[3] = {0, 0, 0};
  float Weight[3] = {0, 0, 0};
  for (int A = 0; A < Dims; ++A) {
    float Below = Coordinates[A] - 0.5f;
    float Floor = __builtin_floorf(Below);
    I[A] = (long long)Floor;
    Weight[A] = __filter_weight(Below - Floor);
  }
  float Sum[4] = {0, 0, 0, 0};
  for (int Corner = 0; Corner < (1 << Dims); ++Corner) {
    float CornerWeight = 1.0f;
    long long At[3];
    for (int A = 0; A < 3; ++A) {
      bool Upper = A < Dims && (Corner >> A & 1);
      At[A] = I[A] + Upper;
      if (A < Dims)
        CornerWeight *= Upper ? Weight[A] : 1.0f - Weight[A];
    }
    float Texel[4];
    __texel_components(T, Normalize, At[0], At[1], At[2], Layer, Dims, Texel);
    for (int Channel = 0; Channel < 4; ++Channel)
      Sum[Channel] += CornerWeight * Texel[Channel];
  }
  for (int Channel = 0; Channel < 4; ++Channel)
    Result[Channel] = (C)Sum[Channel];
  return Texel::make(Result);
}

/* tex1Dfetch: element \p X of linear memory, into a result of type R;
 * zero outside the texture. A texel read as the type it is stored as is
 * copied without a branch: the element read is texel 0 where X falls
 * outside (the runtime keeps texel 0 of every texture readable), and the
 * texture's fields are read first, whatever the path, through the read-only
 * cache (no thread changes a texture while a kernel runs). A loop of
 * fetches then branches only on the texture's format, the same in every
 * iteration and every thread, which LLVM takes out of the loop. No texture
 * (__no_texture) has no format: its fetch takes the general path. */
template <class R>
static __device__ __inline__ R __fetch(__texture_t T, bool Normalize, int X) {
  typedef __texel<R> Texel;
  const unsigned char *Data = (const unsigned char *)__nvvm_ldg_ull(
      (const unsigned long long *)&T->data);
  unsigned long long Width = __nvvm_ldg_ull(&T->width);
  unsigned ElementSize = __nvvm_ldg_ui(&T->elementSize),
           ChannelBits = __nvvm_ldg_ui(&T->channelBits);
  bool Float =
      __nvvm_ldg_i((const int *)&T->kind) == cudaChannelFormatKindFloat;
  bool Copied =
      !Normalize & (ElementSize == sizeof(R)) & !(Float & (ChannelBits == 16));
  // A negative X is a huge unsigned one.
  bool Inside = (unsigned long long)(long long)X < Width;
  const unsigned char *P =
      Data + (Inside ? (unsigned long long)X : 0) * ElementSize;
  R Result;
  if (Copied) {
    R Zero;
    __builtin_memset(&Zero, 0, sizeof(R));
    __builtin_memcpy(&Result, P, sizeof(R));
    return Inside ? Result : Zero;
  }
  __check_live(T);
  if (!Inside) {
    __builtin_memset(&Result, 0, sizeof(R));
    return Result;
  }
  typename Texel::component Components[4];
  __components(T, P, Normalize, Components);
  return Texel::make(Components);
}
} // namespace __mm_cuda

#endif /* __CUDA__ */

#endif /* __MM_CUDA_TEXTURE_SAMPLING_HPP__ */
