/*===- mm-cuda/nvToolsExt.h - NVTX 2's header name -----------------*- C -*-===*
 *
 * NVTX 2 programs include <nvToolsExt.h> (and link -lnvToolsExt, which
 * mm's lib64/libnvToolsExt.so satisfies with nothing): NVTX 3's API, which
 * is the same C API (nvtx3/nvToolsExt.h).
 *
 *===----------------------------------------------------------------------===*/

#include "nvtx3/nvToolsExt.h"
