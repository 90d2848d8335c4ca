/*===- mm-cuda/surface_types.h - Surface objects -----------------*- C -*-===*/

#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__

#include "driver_types.h"

typedef unsigned long long cudaSurfaceObject_t;

#endif /* __SURFACE_TYPES_H__ */
