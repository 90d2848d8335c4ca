/*===- mm-cuda/nvtx3/nvToolsExtCudaRt.h - NVTX's CUDA names -----*- C -*-===*
 *
 * NVTX's names for the CUDA runtime's devices, streams and events: like
 * the rest of NVTX on mm (nvToolsExt.h), nothing, as NVTX with no tool.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVTOOLSEXT_CUDART_V3
#define NVTOOLSEXT_CUDART_V3

#include "../driver_types.h"
#include "nvToolsExt.h"

NVTX_INLINE_STATIC void nvtxNameCudaDeviceA(int device, const char *name) {
  (void)device, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameCudaDeviceW(int device, const wchar_t *name) {
  (void)device, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameCudaStreamA(cudaStream_t stream,
                                            const char *name) {
  (void)stream, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameCudaStreamW(cudaStream_t stream,
                                            const wchar_t *name) {
  (void)stream, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameCudaEventA(cudaEvent_t event,
                                           const char *name) {
  (void)event, (void)name;
}
NVTX_INLINE_STATIC void nvtxNameCudaEventW(cudaEvent_t event,
                                           const wchar_t *name) {
  (void)event, (void)name;
}

#endif /* NVTOOLSEXT_CUDART_V3 */
