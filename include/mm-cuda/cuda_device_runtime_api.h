/*===- mm-cuda/cuda_device_runtime_api.h - Device-side launches -*- C -*-===*
 *
 * The entry points of CUDA's device runtime that a kernel launch from
 * device code (dynamic parallelism) compiles to, as NVIDIA's header
 * declares them for CUDA compilations: libraries such as Thrust and CUB
 * name them in functions that launch from either side. mm runs no launch
 * from device code and defines none of them: a program whose device code
 * launches, or synchronizes with what it launched, fails to link (an
 * undefined reference to cudaLaunchDevice, cudaGetParameterBuffer or
 * __cudaDeviceSynchronizeDeprecationAvoidance) rather than run without the
 * work it asked for. The device runtime's other functions, which mm serves
 * from device code, are in cuda_runtime_api.h.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_DEVICE_RUNTIME_API_H__
#define __CUDA_DEVICE_RUNTIME_API_H__

#if defined(__CUDACC__)

#include "builtin_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

extern __device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
extern __device__ void *cudaGetParameterBufferV2(void *func,
                                                 dim3 gridDimension,
                                                 dim3 blockDimension,
                                                 unsigned int sharedMemSize);
extern __device__ cudaError_t cudaLaunchDevice(void *func,
                                               void *parameterBuffer,
                                               dim3 gridDimension,
                                               dim3 blockDimension,
                                               unsigned int sharedMemSize,
                                               cudaStream_t stream);
extern __device__ cudaError_t cudaLaunchDeviceV2(void *parameterBuffer,
                                                 cudaStream_t stream);
/* CUDA 11.6's name for a device-side cudaDeviceSynchronize, which CUB
 * calls after a device-side launch. */
extern __device__ cudaError_t
__cudaDeviceSynchronizeDeprecationAvoidance(void);

#if defined(__cplusplus)
}
#endif

#endif /* defined(__CUDACC__) */

#endif /* __CUDA_DEVICE_RUNTIME_API_H__ */
