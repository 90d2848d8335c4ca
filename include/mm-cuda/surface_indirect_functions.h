/*===- mm-cuda/surface_indirect_functions.h - Surface objects ---*- C++ -*-===*
 *
 * The read and write functions of surface objects, as CUDA declares them:
 * x in bytes, y and z (or the layer) in rows and slices, and a boundary
 * mode for a value not wholly inside the surface: cudaBoundaryModeTrap
 * (the default) fails the launch, cudaBoundaryModeClamp reads and writes
 * the nearest value inside, cudaBoundaryModeZero reads zeros and writes
 * nothing. A surface object's handle is the address of its __mm_surface
 * (surface_types.h). mm's runtime makes no cubemap arrays: the cubemap
 * functions are refused at compile time.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __SURFACE_INDIRECT_FUNCTIONS_H__
#define __SURFACE_INDIRECT_FUNCTIONS_H__

#if defined(__CUDA__)

#include "surface_types.h"

namespace __mm_cuda {
/* The address of the sizeof(T) bytes at byte X of row Y of slice Z, as
 * Mode places a value not wholly inside; null to read zeros and write
 * nothing. */
template <class T>
static __device__ __inline__ char *
__surface_at(cudaSurfaceObject_t Object, int X, int Y, int Z,
             cudaSurfaceBoundaryMode Mode) {
  const __mm_surface *S = (const __mm_surface *)Object;
  long long Last = (long long)S->rowBytes - (long long)sizeof(T);
  long long Rows = (long long)S->rows, Slices = (long long)S->slices;
  long long X1 = X, Y1 = Y, Z1 = Z;
  if (X1 < 0 || X1 > Last || Y1 < 0 || Y1 >= Rows || Z1 < 0 ||
      Z1 >= Slices) {
    if (Mode == cudaBoundaryModeZero)
      return nullptr;
    if (Mode != cudaBoundaryModeClamp)
      __trap();
    X1 = X1 < 0 ? 0 : X1 > Last ? Last : X1;
    Y1 = Y1 < 0 ? 0 : Y1 >= Rows ? Rows - 1 : Y1;
    Z1 = Z1 < 0 ? 0 : Z1 >= Slices ? Slices - 1 : Z1;
  }
  return S->data + (Z1 * Rows + Y1) * (long long)S->rowBytes + X1;
}

template <class T>
static __device__ __inline__ void __surface_read(T *Value,
                                                 cudaSurfaceObject_t Object,
                                                 int X, int Y, int Z,
                                                 cudaSurfaceBoundaryMode Mode) {
  const char *At = __surface_at<T>(Object, X, Y, Z, Mode);
  if (At)
    __builtin_memcpy(Value, At, sizeof(T));
  else
    __builtin_memset(Value, 0, sizeof(T));
}

template <class T>
static __device__ __inline__ void
__surface_write(const T &Value, cudaSurfaceObject_t Object, int X, int Y,
                int Z, cudaSurfaceBoundaryMode Mode) {
  if (char *At = __surface_at<T>(Object, X, Y, Z, Mode))
    __builtin_memcpy(At, &Value, sizeof(T));
}
} // namespace __mm_cuda

#define __MM_SURFACE_READ(Name, Params, X, Y, Z)                               \
  template <class T>                                                           \
  static __device__ __inline__ void Name(                                      \
      T *ptr, cudaSurfaceObject_t obj, Params,                                 \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                   \
    __mm_cuda::__surface_read(ptr, obj, X, Y, Z, mode);                        \
  }                                                                            \
  template <class T>                                                           \
  static __device__ __inline__ T Name(                                         \
      cudaSurfaceObject_t obj, Params,                                         \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                   \
    T value;                                                                   \
    __mm_cuda::__surface_read(&value, obj, X, Y, Z, mode);                     \
    return value;                                                              \
  }
#define __MM_SURFACE_WRITE(Name, Params, X, Y, Z)                              \
  template <class T>                                                           \
  static __device__ __inline__ void Name(                                      \
      T data, cudaSurfaceObject_t obj, Params,                                 \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                   \
    __mm_cuda::__surface_write(data, obj, X, Y, Z, mode);                      \
  }
#define __MM_COMMA ,

__MM_SURFACE_READ(surf1Dread, int x, x, 0, 0)
__MM_SURFACE_READ(surf2Dread, int x __MM_COMMA int y, x, y, 0)
__MM_SURFACE_READ(surf3Dread, int x __MM_COMMA int y __MM_COMMA int z, x, y,
                  z)
__MM_SURFACE_READ(surf1DLayeredread, int x __MM_COMMA int layer, x, 0, layer)
__MM_SURFACE_READ(surf2DLayeredread,
                  int x __MM_COMMA int y __MM_COMMA int layer, x, y, layer)
__MM_SURFACE_WRITE(surf1Dwrite, int x, x, 0, 0)
__MM_SURFACE_WRITE(surf2Dwrite, int x __MM_COMMA int y, x, y, 0)
__MM_SURFACE_WRITE(surf3Dwrite, int x __MM_COMMA int y __MM_COMMA int z, x, y,
                   z)
__MM_SURFACE_WRITE(surf1DLayeredwrite, int x __MM_COMMA int layer, x, 0,
                   layer)
__MM_SURFACE_WRITE(surf2DLayeredwrite,
                   int x __MM_COMMA int y __MM_COMMA int layer, x, y, layer)

#undef __MM_SURFACE_READ
#undef __MM_SURFACE_WRITE
#undef __MM_COMMA

#define __MM_NO_CUBEMAP_SURFACES                                               \
  __attribute__((unavailable("cubemap surfaces are not provided by mm: its "  \
                             "runtime makes no cubemap arrays")))
template <class... Arguments>
static __device__ void surfCubemapread(Arguments...) __MM_NO_CUBEMAP_SURFACES;
template <class... Arguments>
static __device__ void surfCubemapwrite(Arguments...) __MM_NO_CUBEMAP_SURFACES;
template <class... Arguments>
static __device__ void
surfCubemapLayeredread(Arguments...) __MM_NO_CUBEMAP_SURFACES;
template <class... Arguments>
static __device__ void
surfCubemapLayeredwrite(Arguments...) __MM_NO_CUBEMAP_SURFACES;
#undef __MM_NO_CUBEMAP_SURFACES

#endif /* defined(__CUDA__) */

#endif /* __SURFACE_INDIRECT_FUNCTIONS_H__ */
