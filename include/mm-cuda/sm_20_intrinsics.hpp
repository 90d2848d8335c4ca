/*===- mm-cuda/sm_20_intrinsics.hpp - Cache-hinted loads, stores -*- C++ -*-===*
 *
 * The loads and stores with a cache operator (__ldca, __ldcg, __ldcs,
 * __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt) on every type CUDA has
 * them for. A cache hint does not change what a load or store does, and
 * the CPU has no such hints: they are plain loads and stores. Also the
 * conversions of generic addresses to and from the GPU's address spaces,
 * which the device lowering makes identities on the CPU.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __SM_20_INTRINSICS_HPP__
#define __SM_20_INTRINSICS_HPP__

#if defined(__CUDA__)
#define __MM_CACHE_HINTED(T)                                                   \
  static __inline__ __device__ T __ldca(const T *ptr) { return *ptr; }         \
  static __inline__ __device__ T __ldcg(const T *ptr) { return *ptr; }         \
  static __inline__ __device__ T __ldcs(const T *ptr) { return *ptr; }         \
  static __inline__ __device__ T __ldlu(const T *ptr) { return *ptr; }         \
  static __inline__ __device__ T __ldcv(const T *ptr) { return *ptr; }         \
  static __inline__ __device__ void __stwb(T *ptr, T value) { *ptr = value; }  \
  static __inline__ __device__ void __stcg(T *ptr, T value) { *ptr = value; }  \
  static __inline__ __device__ void __stcs(T *ptr, T value) { *ptr = value; }  \
  static __inline__ __device__ void __stwt(T *ptr, T value) { *ptr = value; }
__MM_CACHE_HINTED(char)
__MM_CACHE_HINTED(signed char)
__MM_CACHE_HINTED(unsigned char)
__MM_CACHE_HINTED(short)
__MM_CACHE_HINTED(unsigned short)
__MM_CACHE_HINTED(int)
__MM_CACHE_HINTED(unsigned int)
__MM_CACHE_HINTED(long)
__MM_CACHE_HINTED(unsigned long)
__MM_CACHE_HINTED(long long)
__MM_CACHE_HINTED(unsigned long long)
__MM_CACHE_HINTED(float)
__MM_CACHE_HINTED(double)
__MM_CACHE_HINTED(char2)
__MM_CACHE_HINTED(char4)
__MM_CACHE_HINTED(uchar2)
__MM_CACHE_HINTED(uchar4)
__MM_CACHE_HINTED(short2)
__MM_CACHE_HINTED(short4)
__MM_CACHE_HINTED(ushort2)
__MM_CACHE_HINTED(ushort4)
__MM_CACHE_HINTED(int2)
__MM_CACHE_HINTED(int4)
__MM_CACHE_HINTED(uint2)
__MM_CACHE_HINTED(uint4)
__MM_CACHE_HINTED(longlong2)
__MM_CACHE_HINTED(ulonglong2)
__MM_CACHE_HINTED(float2)
__MM_CACHE_HINTED(float4)
__MM_CACHE_HINTED(double2)
#undef __MM_CACHE_HINTED

#define __MM_ADDRESS_SPACE(Name, Space)                                        \
  static __inline__ __device__ size_t __cvta_generic_to_##Name(                \
      const void *ptr) {                                                       \
    return (size_t)(void __attribute__((address_space(Space))) *)ptr;          \
  }                                                                            \
  static __inline__ __device__ void *__cvta_##Name##_to_generic(               \
      size_t address) {                                                        \
    return (void *)(void __attribute__((address_space(Space))) *)address;      \
  }
__MM_ADDRESS_SPACE(global, 1)
__MM_ADDRESS_SPACE(shared, 3)
__MM_ADDRESS_SPACE(constant, 4)
__MM_ADDRESS_SPACE(local, 5)
#undef __MM_ADDRESS_SPACE
#endif /* __CUDA__ */

#endif /* __SM_20_INTRINSICS_HPP__ */
