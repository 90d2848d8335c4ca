/*===- mm-cuda/cufft.h - cuFFT's API ------------------------------*- C -*-===*
 *
 * cuFFT's plans and transforms as CUDA 12.3 declares them: 1-D to 3-D and
 * batched (cufftPlanMany's advanced layout), complex to complex, real to
 * complex and complex to real, in single and double precision; the plan's
 * stream, work area and size queries.
 *
 * mm's libcufft (docs/runtime.md, "cuFFT") computes on the CPU with FFTW:
 * the same layouts (row-major, the last dimension varying fastest; a real
 * transform's complex side of n / 2 + 1 elements in its last dimension),
 * the same signs (CUFFT_FORWARD is e^-2pi i jk/n) and no normalization,
 * as cuFFT's. A transform runs when it is executed, as all work on mm's
 * streams does, or is recorded in the graph of a capturing stream.
 *
 *===----------------------------------------------------------------------===*/

#ifndef _CUFFT_H_
#define _CUFFT_H_

#include <stddef.h>

#include "cuComplex.h"
#include "driver_types.h"
#include "library_types.h"

#define CUFFT_VER_MAJOR 11
#define CUFFT_VER_MINOR 0
#define CUFFT_VER_PATCH 12
#define CUFFT_VER_BUILD 1
#define CUFFT_VERSION                                                          \
  (CUFFT_VER_MAJOR * 1000 + CUFFT_VER_MINOR * 100 + CUFFT_VER_PATCH)

#define CUFFTAPI

typedef __MM_LIBRARY_ENUM(cufftResult_t) {
  CUFFT_SUCCESS = 0x0,
  CUFFT_INVALID_PLAN = 0x1,
  CUFFT_ALLOC_FAILED = 0x2,
  CUFFT_INVALID_TYPE = 0x3,
  CUFFT_INVALID_VALUE = 0x4,
  CUFFT_INTERNAL_ERROR = 0x5,
  CUFFT_EXEC_FAILED = 0x6,
  CUFFT_SETUP_FAILED = 0x7,
  CUFFT_INVALID_SIZE = 0x8,
  CUFFT_UNALIGNED_DATA = 0x9,
  CUFFT_INCOMPLETE_PARAMETER_LIST = 0xA,
  CUFFT_INVALID_DEVICE = 0xB,
  CUFFT_PARSE_ERROR = 0xC,
  CUFFT_NO_WORKSPACE = 0xD,
  CUFFT_NOT_IMPLEMENTED = 0xE,
  CUFFT_LICENSE_ERROR = 0x0F,
  CUFFT_NOT_SUPPORTED = 0x10
} cufftResult;

#define MAX_CUFFT_ERROR 0x11

typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef __MM_LIBRARY_ENUM(cufftType_t) {
  CUFFT_R2C = 0x2a,
  CUFFT_C2R = 0x2c,
  CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a,
  CUFFT_Z2D = 0x6c,
  CUFFT_Z2Z = 0x69
} cufftType;

typedef __MM_LIBRARY_ENUM(cufftCompatibility_t) {
  CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01
} cufftCompatibility;

#define CUFFT_COMPATIBILITY_DEFAULT CUFFT_COMPATIBILITY_FFTW_PADDING

typedef int cufftHandle;

#if defined(__cplusplus)
extern "C" {
#endif

cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz,
                        cufftType type);
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed,
                          int istride, int idist, int *onembed, int ostride,
                          int odist, cufftType type, int batch);

cufftResult cufftCreate(cufftHandle *handle);
cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type,
                            int batch, size_t *workSize);
cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type,
                            size_t *workSize);
cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz,
                            cufftType type, size_t *workSize);
cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n,
                              int *inembed, int istride, int idist,
                              int *onembed, int ostride, int odist,
                              cufftType type, int batch, size_t *workSize);
cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n,
                                long long int *inembed, long long int istride,
                                long long int idist, long long int *onembed,
                                long long int ostride, long long int odist,
                                cufftType type, long long int batch,
                                size_t *workSize);

/* The work area a plan needs: none, on the CPU. */
cufftResult cufftEstimate1d(int nx, cufftType type, int batch,
                            size_t *workSize);
cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type,
                            size_t *workSize);
cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride,
                              int idist, int *onembed, int ostride, int odist,
                              cufftType type, int batch, size_t *workSize);
cufftResult cufftGetSize1d(cufftHandle handle, int nx, cufftType type,
                           int batch, size_t *workSize);
cufftResult cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type,
                           size_t *workSize);
cufftResult cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz,
                           cufftType type, size_t *workSize);
cufftResult cufftGetSizeMany(cufftHandle handle, int rank, int *n,
                             int *inembed, int istride, int idist,
                             int *onembed, int ostride, int odist,
                             cufftType type, int batch, size_t *workArea);
cufftResult cufftGetSize(cufftHandle handle, size_t *workSize);
cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea);
cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate);

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata,
                         cufftComplex *odata, int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata,
                         cufftComplex *odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata,
                         cufftReal *odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata,
                         cufftDoubleComplex *odata, int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata,
                         cufftDoubleComplex *odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata,
                         cufftDoubleReal *odata);

cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftGetVersion(int *version);
cufftResult cufftGetProperty(libraryPropertyType type, int *value);

#if defined(__cplusplus)
}
#endif

#endif /* _CUFFT_H_ */
