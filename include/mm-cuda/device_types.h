/*===- mm-cuda/device_types.h - Rounding modes -------------------*- C -*-===*/

#ifndef __DEVICE_TYPES_H__
#define __DEVICE_TYPES_H__

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf,
                     cudaRoundMinInf };

#endif /* __DEVICE_TYPES_H__ */
