/*===- mm-cuda/surface_types.h - Surface objects -----------------*- C -*-===*
 *
 * Surface objects, as CUDA declares them, and what mm's runtime makes of
 * one: an __mm_surface that describes the CUDA array it reads and writes,
 * whose address is the object's handle (surface_indirect_functions.h reads
 * it in device code).
 *
 *===----------------------------------------------------------------------===*/

#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__

#include "driver_types.h"

#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
#define cudaSurfaceTypeCubemap 0x0C
#define cudaSurfaceType1DLayered 0xF1
#define cudaSurfaceType2DLayered 0xF2
#define cudaSurfaceTypeCubemapLayered 0xFC

enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0,
  cudaBoundaryModeClamp = 1,
  cudaBoundaryModeTrap = 2
};

enum cudaSurfaceFormatMode { cudaFormatModeForced = 0, cudaFormatModeAuto = 1 };

typedef unsigned long long cudaSurfaceObject_t;

/* A surface: a CUDA array's rows of rowBytes bytes, one after another, in
 * slices (the layers of a layered array, or a 3-D array's depth) of `rows`
 * rows; one row and one slice for fewer dimensions. */
struct __mm_surface {
  char *data;
  unsigned long long rowBytes;
  unsigned long long rows;
  unsigned long long slices;
};

#endif /* __SURFACE_TYPES_H__ */
