/*===- mm-cuda/nvToolsExtCudaRt.h - NVTX 2's header name ---------*- C -*-===*
 *
 * NVTX 2's name of nvtx3/nvToolsExtCudaRt.h.
 *
 *===----------------------------------------------------------------------===*/

#include "nvtx3/nvToolsExtCudaRt.h"
