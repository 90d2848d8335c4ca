/*===- mm-cuda/cuda_profiler_api.h - The profiler control API ---*- C -*-===*
 *
 * cudaProfilerStart and cudaProfilerStop mark the part of a run that a
 * CUDA profiler collects. No CUDA profiler attaches to mm's runs (perf and
 * gdb see the kernels as the host's own code throughout), so both do what
 * CUDA's do without a profiler: nothing, and return cudaSuccess.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_PROFILER_API_H__
#define __CUDA_PROFILER_API_H__

#include "driver_types.h"
#include "host_defines.h"

static inline __host__ cudaError_t cudaProfilerStart(void) {
  return cudaSuccess;
}
static inline __host__ cudaError_t cudaProfilerStop(void) {
  return cudaSuccess;
}

#endif /* __CUDA_PROFILER_API_H__ */
