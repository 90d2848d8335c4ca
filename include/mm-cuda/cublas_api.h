/*===- mm-cuda/cublas_api.h - cuBLAS's handle API ------------------*- C -*-===*
 *
 * cuBLAS's types and its API with handles, as CUDA 12 declares them:
 * levels 1 to 3 in single, double, complex and double complex precision,
 * each with its 64-bit-index twin (NAME_64), the batched and strided
 * batched GEMMs, GemmEx and its mixed precisions, geam and dgmm, and the
 * batched LU, inverse and least-squares solvers. Include cublas_v2.h,
 * which gives the _v2 functions their usual names.
 *
 * mm's libcublas (docs/runtime.md, "cuBLAS") computes on the CPU with the
 * system's BLAS and LAPACK (OpenBLAS); a call runs when it is issued, as
 * all work on mm's streams does, and a call issued to a capturing stream
 * is recorded in its graph.
 *
 * Each signature is written once, as a macro of its name, index type and
 * element types, which the declarations below and the library's
 * definitions share.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUBLAS_API_H_
#define CUBLAS_API_H_

#include <stdint.h>

#include "cuComplex.h"
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "driver_types.h"
#include "library_types.h"

#define CUBLAS_VER_MAJOR 12
#define CUBLAS_VER_MINOR 3
#define CUBLAS_VER_PATCH 4
#define CUBLAS_VER_BUILD 1
#define CUBLAS_VERSION                                                         \
  (CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH)

#define CUBLASAPI
#define CUBLASWINAPI

typedef __MM_LIBRARY_ENUM() {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;

typedef __MM_LIBRARY_ENUM() {
  CUBLAS_FILL_MODE_LOWER = 0,
  CUBLAS_FILL_MODE_UPPER = 1,
  CUBLAS_FILL_MODE_FULL = 2
} cublasFillMode_t;
typedef __MM_LIBRARY_ENUM() {
  CUBLAS_DIAG_NON_UNIT = 0,
  CUBLAS_DIAG_UNIT = 1
} cublasDiagType_t;
typedef __MM_LIBRARY_ENUM() {
  CUBLAS_SIDE_LEFT = 0,
  CUBLAS_SIDE_RIGHT = 1
} cublasSideMode_t;
typedef __MM_LIBRARY_ENUM() {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef __MM_LIBRARY_ENUM() {
  CUBLAS_POINTER_MODE_HOST = 0,
  CUBLAS_POINTER_MODE_DEVICE = 1
} cublasPointerMode_t;
typedef __MM_LIBRARY_ENUM() {
  CUBLAS_ATOMICS_NOT_ALLOWED = 0,
  CUBLAS_ATOMICS_ALLOWED = 1
} cublasAtomicsMode_t;

/* The algorithm a GEMM asks for; mm has one for each precision. */
typedef __MM_LIBRARY_ENUM() {
  CUBLAS_GEMM_DFALT = -1,
  CUBLAS_GEMM_DEFAULT = -1,
  CUBLAS_GEMM_ALGO0 = 0,
  CUBLAS_GEMM_ALGO1 = 1,
  CUBLAS_GEMM_ALGO2 = 2,
  CUBLAS_GEMM_ALGO3 = 3,
  CUBLAS_GEMM_ALGO4 = 4,
  CUBLAS_GEMM_ALGO5 = 5,
  CUBLAS_GEMM_ALGO6 = 6,
  CUBLAS_GEMM_ALGO7 = 7,
  CUBLAS_GEMM_ALGO8 = 8,
  CUBLAS_GEMM_ALGO9 = 9,
  CUBLAS_GEMM_ALGO10 = 10,
  CUBLAS_GEMM_ALGO11 = 11,
  CUBLAS_GEMM_ALGO12 = 12,
  CUBLAS_GEMM_ALGO13 = 13,
  CUBLAS_GEMM_ALGO14 = 14,
  CUBLAS_GEMM_ALGO15 = 15,
  CUBLAS_GEMM_ALGO16 = 16,
  CUBLAS_GEMM_ALGO17 = 17,
  CUBLAS_GEMM_ALGO18 = 18,
  CUBLAS_GEMM_ALGO19 = 19,
  CUBLAS_GEMM_ALGO20 = 20,
  CUBLAS_GEMM_ALGO21 = 21,
  CUBLAS_GEMM_ALGO22 = 22,
  CUBLAS_GEMM_ALGO23 = 23,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99,
  CUBLAS_GEMM_DFALT_TENSOR_OP = 99,
  CUBLAS_GEMM_ALGO0_TENSOR_OP = 100,
  CUBLAS_GEMM_ALGO1_TENSOR_OP = 101,
  CUBLAS_GEMM_ALGO2_TENSOR_OP = 102,
  CUBLAS_GEMM_ALGO3_TENSOR_OP = 103,
  CUBLAS_GEMM_ALGO4_TENSOR_OP = 104,
  CUBLAS_GEMM_ALGO5_TENSOR_OP = 105,
  CUBLAS_GEMM_ALGO6_TENSOR_OP = 106,
  CUBLAS_GEMM_ALGO7_TENSOR_OP = 107,
  CUBLAS_GEMM_ALGO8_TENSOR_OP = 108,
  CUBLAS_GEMM_ALGO9_TENSOR_OP = 109,
  CUBLAS_GEMM_ALGO10_TENSOR_OP = 110,
  CUBLAS_GEMM_ALGO11_TENSOR_OP = 111,
  CUBLAS_GEMM_ALGO12_TENSOR_OP = 112,
  CUBLAS_GEMM_ALGO13_TENSOR_OP = 113,
  CUBLAS_GEMM_ALGO14_TENSOR_OP = 114,
  CUBLAS_GEMM_ALGO15_TENSOR_OP = 115
} cublasGemmAlgo_t;

typedef __MM_LIBRARY_ENUM() {
  CUBLAS_DEFAULT_MATH = 0,
  CUBLAS_TENSOR_OP_MATH = 1,
  CUBLAS_PEDANTIC_MATH = 2,
  CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;

typedef cudaDataType cublasDataType_t;

typedef __MM_LIBRARY_ENUM() {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;

struct cublasContext;
typedef struct cublasContext *cublasHandle_t;

#if defined(__cplusplus)
extern "C" {
#endif

/* The handle, its stream and modes. */
cublasStatus_t cublasCreate_v2(cublasHandle_t *handle);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasGetVersion_v2(cublasHandle_t handle, int *version);
cublasStatus_t cublasGetProperty(libraryPropertyType type, int *value);
size_t cublasGetCudartVersion(void);
cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t handle, void *workspace,
                                     size_t workspaceSizeInBytes);
cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream_v2(cublasHandle_t handle,
                                  cudaStream_t *streamId);
cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t handle,
                                       cublasPointerMode_t *mode);
cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t handle,
                                       cublasPointerMode_t mode);
cublasStatus_t cublasGetAtomicsMode(cublasHandle_t handle,
                                    cublasAtomicsMode_t *mode);
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle,
                                    cublasAtomicsMode_t mode);
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t *mode);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasGetSmCountTarget(cublasHandle_t handle,
                                      int *smCountTarget);
cublasStatus_t cublasSetSmCountTarget(cublasHandle_t handle, int smCountTarget);
const char *cublasGetStatusName(cublasStatus_t status);
const char *cublasGetStatusString(cublasStatus_t status);

/* Copies between host and device memory: strided vectors and matrices. */
#define __MM_CUBLAS_SET_VECTOR(Name, I)                                        \
  cublasStatus_t Name(I n, I elemSize, const void *x, I incx, void *y, I incy)
#define __MM_CUBLAS_SET_MATRIX(Name, I)                                        \
  cublasStatus_t Name(I rows, I cols, I elemSize, const void *A, I lda,        \
                      void *B, I ldb)
#define __MM_CUBLAS_SET_VECTOR_ASYNC(Name, I)                                  \
  cublasStatus_t Name(I n, I elemSize, const void *x, I incx, void *y,         \
                      I incy, cudaStream_t stream)
#define __MM_CUBLAS_SET_MATRIX_ASYNC(Name, I)                                  \
  cublasStatus_t Name(I rows, I cols, I elemSize, const void *A, I lda,        \
                      void *B, I ldb, cudaStream_t stream)

/* Level 1. */
#define __MM_CUBLAS_NRM2(Name, I, T, R)                                        \
  cublasStatus_t Name(cublasHandle_t handle, I n, const T *x, I incx,          \
                      R *result)
#define __MM_CUBLAS_DOT(Name, I, T)                                            \
  cublasStatus_t Name(cublasHandle_t handle, I n, const T *x, I incx,          \
                      const T *y, I incy, T *result)
#define __MM_CUBLAS_SCAL(Name, I, A, T)                                        \
  cublasStatus_t Name(cublasHandle_t handle, I n, const A *alpha, T *x,        \
                      I incx)
#define __MM_CUBLAS_AXPY(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, I n, const T *alpha, const T *x,  \
                      I incx, T *y, I incy)
#define __MM_CUBLAS_COPY(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, I n, const T *x, I incx, T *y,    \
                      I incy)
#define __MM_CUBLAS_SWAP(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, I n, T *x, I incx, T *y, I incy)
#define __MM_CUBLAS_IAMAX(Name, I, T)                                          \
  cublasStatus_t Name(cublasHandle_t handle, I n, const T *x, I incx,          \
                      I *result)
#define __MM_CUBLAS_ROT(Name, I, T, C, S)                                      \
  cublasStatus_t Name(cublasHandle_t handle, I n, T *x, I incx, T *y, I incy,  \
                      const C *c, const S *s)
#define __MM_CUBLAS_ROTG(Name, T, C)                                           \
  cublasStatus_t Name(cublasHandle_t handle, T *a, T *b, C *c, T *s)
#define __MM_CUBLAS_ROTM(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, I n, T *x, I incx, T *y, I incy,  \
                      const T *param)
#define __MM_CUBLAS_ROTMG(Name, T)                                             \
  cublasStatus_t Name(cublasHandle_t handle, T *d1, T *d2, T *x1,              \
                      const T *y1, T *param)
#define __MM_CUBLAS_NRM2_EX(Name, I)                                           \
  cublasStatus_t Name(cublasHandle_t handle, I n, const void *x,               \
                      cudaDataType xType, I incx, void *result,                \
                      cudaDataType resultType, cudaDataType executionType)
#define __MM_CUBLAS_DOT_EX(Name, I)                                            \
  cublasStatus_t Name(cublasHandle_t handle, I n, const void *x,               \
                      cudaDataType xType, I incx, const void *y,               \
                      cudaDataType yType, I incy, void *result,                \
                      cudaDataType resultType, cudaDataType executionType)
#define __MM_CUBLAS_SCAL_EX(Name, I)                                           \
  cublasStatus_t Name(cublasHandle_t handle, I n, const void *alpha,           \
                      cudaDataType alphaType, void *x, cudaDataType xType,     \
                      I incx, cudaDataType executionType)
#define __MM_CUBLAS_AXPY_EX(Name, I)                                           \
  cublasStatus_t Name(cublasHandle_t handle, I n, const void *alpha,           \
                      cudaDataType alphaType, const void *x,                   \
                      cudaDataType xType, I incx, void *y, cudaDataType yType, \
                      I incy, cudaDataType executiontype)

/* Level 2. */
#define __MM_CUBLAS_GEMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t trans, I m,     \
                      I n, const T *alpha, const T *A, I lda, const T *x,      \
                      I incx, const T *beta, T *y, I incy)
#define __MM_CUBLAS_GBMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t trans, I m,     \
                      I n, I kl, I ku, const T *alpha, const T *A, I lda,      \
                      const T *x, I incx, const T *beta, T *y, I incy)
#define __MM_CUBLAS_GER(Name, I, T)                                            \
  cublasStatus_t Name(cublasHandle_t handle, I m, I n, const T *alpha,         \
                      const T *x, I incx, const T *y, I incy, T *A, I lda)
#define __MM_CUBLAS_SYMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo, I n,       \
                      const T *alpha, const T *A, I lda, const T *x, I incx,   \
                      const T *beta, T *y, I incy)
#define __MM_CUBLAS_SBMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo, I n, I k,  \
                      const T *alpha, const T *A, I lda, const T *x, I incx,   \
                      const T *beta, T *y, I incy)
#define __MM_CUBLAS_SPMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo, I n,       \
                      const T *alpha, const T *AP, const T *x, I incx,         \
                      const T *beta, T *y, I incy)
#define __MM_CUBLAS_SYR(Name, I, T, S)                                         \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo, I n,       \
                      const S *alpha, const T *x, I incx, T *A, I lda)
#define __MM_CUBLAS_SPR(Name, I, T, S)                                         \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo, I n,       \
                      const S *alpha, const T *x, I incx, T *AP)
#define __MM_CUBLAS_SYR2(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo, I n,       \
                      const T *alpha, const T *x, I incx, const T *y, I incy,  \
                      T *A, I lda)
#define __MM_CUBLAS_SPR2(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo, I n,       \
                      const T *alpha, const T *x, I incx, const T *y, I incy,  \
                      T *AP)
#define __MM_CUBLAS_TRMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo,            \
                      cublasOperation_t trans, cublasDiagType_t diag, I n,     \
                      const T *A, I lda, T *x, I incx)
#define __MM_CUBLAS_TBMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo,            \
                      cublasOperation_t trans, cublasDiagType_t diag, I n,     \
                      I k, const T *A, I lda, T *x, I incx)
#define __MM_CUBLAS_TPMV(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo,            \
                      cublasOperation_t trans, cublasDiagType_t diag, I n,     \
                      const T *AP, T *x, I incx)
#define __MM_CUBLAS_GEMV_BATCHED(Name, I, T)                                   \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t trans, I m,     \
                      I n, const T *alpha, const T *const Aarray[], I lda,     \
                      const T *const xarray[], I incx, const T *beta,          \
                      T *const yarray[], I incy, I batchCount)
#define __MM_CUBLAS_GEMV_STRIDED_BATCHED(Name, I, T)                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t trans, I m,     \
                      I n, const T *alpha, const T *A, I lda,                  \
                      long long int strideA, const T *x, I incx,               \
                      long long int stridex, const T *beta, T *y, I incy,      \
                      long long int stridey, I batchCount)

/* Level 3. */
#define __MM_CUBLAS_GEMM(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, I k, const T *alpha, \
                      const T *A, I lda, const T *B, I ldb, const T *beta,     \
                      T *C, I ldc)
#define __MM_CUBLAS_GEMM_BATCHED(Name, I, T)                                   \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, I k, const T *alpha, \
                      const T *const Aarray[], I lda, const T *const Barray[], \
                      I ldb, const T *beta, T *const Carray[], I ldc,          \
                      I batchCount)
#define __MM_CUBLAS_GEMM_STRIDED_BATCHED(Name, I, T)                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, I k, const T *alpha, \
                      const T *A, I lda, long long int strideA, const T *B,    \
                      I ldb, long long int strideB, const T *beta, T *C,       \
                      I ldc, long long int strideC, I batchCount)
#define __MM_CUBLAS_SYMM(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasSideMode_t side,            \
                      cublasFillMode_t uplo, I m, I n, const T *alpha,         \
                      const T *A, I lda, const T *B, I ldb, const T *beta,     \
                      T *C, I ldc)
#define __MM_CUBLAS_SYRK(Name, I, T, S)                                        \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo,            \
                      cublasOperation_t trans, I n, I k, const S *alpha,       \
                      const T *A, I lda, const S *beta, T *C, I ldc)
#define __MM_CUBLAS_SYR2K(Name, I, T, S)                                       \
  cublasStatus_t Name(cublasHandle_t handle, cublasFillMode_t uplo,            \
                      cublasOperation_t trans, I n, I k, const T *alpha,       \
                      const T *A, I lda, const T *B, I ldb, const S *beta,     \
                      T *C, I ldc)
#define __MM_CUBLAS_TRMM(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasSideMode_t side,            \
                      cublasFillMode_t uplo, cublasOperation_t trans,          \
                      cublasDiagType_t diag, I m, I n, const T *alpha,         \
                      const T *A, I lda, const T *B, I ldb, T *C, I ldc)
#define __MM_CUBLAS_TRSM(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasSideMode_t side,            \
                      cublasFillMode_t uplo, cublasOperation_t trans,          \
                      cublasDiagType_t diag, I m, I n, const T *alpha,         \
                      const T *A, I lda, T *B, I ldb)
#define __MM_CUBLAS_TRSM_BATCHED(Name, I, T)                                   \
  cublasStatus_t Name(cublasHandle_t handle, cublasSideMode_t side,            \
                      cublasFillMode_t uplo, cublasOperation_t trans,          \
                      cublasDiagType_t diag, I m, I n, const T *alpha,         \
                      const T *const A[], I lda, T *const B[], I ldb,          \
                      I batchCount)
#define __MM_CUBLAS_GEAM(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, const T *alpha,      \
                      const T *A, I lda, const T *beta, const T *B, I ldb,     \
                      T *C, I ldc)
#define __MM_CUBLAS_DGMM(Name, I, T)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasSideMode_t mode, I m, I n,  \
                      const T *A, I lda, const T *x, I incx, T *C, I ldc)
#define __MM_CUBLAS_SGEMM_EX(Name, I)                                          \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, I k,                 \
                      const float *alpha, const void *A, cudaDataType Atype,   \
                      I lda, const void *B, cudaDataType Btype, I ldb,         \
                      const float *beta, void *C, cudaDataType Ctype, I ldc)
#define __MM_CUBLAS_GEMM_EX(Name, I)                                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, I k,                 \
                      const void *alpha, const void *A, cudaDataType Atype,    \
                      I lda, const void *B, cudaDataType Btype, I ldb,         \
                      const void *beta, void *C, cudaDataType Ctype, I ldc,    \
                      cublasComputeType_t computeType, cublasGemmAlgo_t algo)
#define __MM_CUBLAS_GEMM_BATCHED_EX(Name, I)                                   \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, I k,                 \
                      const void *alpha, const void *const Aarray[],           \
                      cudaDataType Atype, I lda, const void *const Barray[],   \
                      cudaDataType Btype, I ldb, const void *beta,             \
                      void *const Carray[], cudaDataType Ctype, I ldc,         \
                      I batchCount, cublasComputeType_t computeType,           \
                      cublasGemmAlgo_t algo)
#define __MM_CUBLAS_GEMM_STRIDED_BATCHED_EX(Name, I)                           \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t transa,         \
                      cublasOperation_t transb, I m, I n, I k,                 \
                      const void *alpha, const void *A, cudaDataType Atype,    \
                      I lda, long long int strideA, const void *B,             \
                      cudaDataType Btype, I ldb, long long int strideB,        \
                      const void *beta, void *C, cudaDataType Ctype, I ldc,    \
                      long long int strideC, I batchCount,                     \
                      cublasComputeType_t computeType, cublasGemmAlgo_t algo)

/* Batched LU factorization, solve, inverse, QR and least squares. */
#define __MM_CUBLAS_GETRF_BATCHED(Name, T)                                     \
  cublasStatus_t Name(cublasHandle_t handle, int n, T *const A[], int lda,     \
                      int *P, int *info, int batchSize)
#define __MM_CUBLAS_GETRS_BATCHED(Name, T)                                     \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t trans, int n,   \
                      int nrhs, const T *const Aarray[], int lda,              \
                      const int *devIpiv, T *const Barray[], int ldb,          \
                      int *info, int batchSize)
#define __MM_CUBLAS_GETRI_BATCHED(Name, T)                                     \
  cublasStatus_t Name(cublasHandle_t handle, int n, const T *const A[],        \
                      int lda, const int *P, T *const C[], int ldc, int *info, \
                      int batchSize)
#define __MM_CUBLAS_MATINV_BATCHED(Name, T)                                    \
  cublasStatus_t Name(cublasHandle_t handle, int n, const T *const A[],        \
                      int lda, T *const Ainv[], int lda_inv, int *info,        \
                      int batchSize)
#define __MM_CUBLAS_GEQRF_BATCHED(Name, T)                                     \
  cublasStatus_t Name(cublasHandle_t handle, int m, int n, T *const Aarray[],  \
                      int lda, T *const TauArray[], int *info, int batchSize)
#define __MM_CUBLAS_GELS_BATCHED(Name, T)                                      \
  cublasStatus_t Name(cublasHandle_t handle, cublasOperation_t trans, int m,   \
                      int n, int nrhs, T *const Aarray[], int lda,             \
                      T *const Carray[], int ldc, int *info,                   \
                      int *devInfoArray, int batchSize)

/* A family's 32-bit-index function and its 64-bit twin, NAME_64. */
#define __MM_CUBLAS_BOTH(Family, Name, ...)                                    \
  Family(Name, int, ##__VA_ARGS__);                                            \
  Family(Name##_64, int64_t, ##__VA_ARGS__)

__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_VECTOR, cublasSetVector);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_VECTOR, cublasGetVector);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_MATRIX, cublasSetMatrix);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_MATRIX, cublasGetMatrix);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_VECTOR_ASYNC, cublasSetVectorAsync);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_VECTOR_ASYNC, cublasGetVectorAsync);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_MATRIX_ASYNC, cublasSetMatrixAsync);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SET_MATRIX_ASYNC, cublasGetMatrixAsync);

__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasSnrm2_v2, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasDnrm2_v2, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasScnrm2_v2, cuComplex, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasDznrm2_v2, cuDoubleComplex, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasSasum_v2, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasDasum_v2, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasScasum_v2, cuComplex, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2, cublasDzasum_v2, cuDoubleComplex, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT, cublasSdot_v2, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT, cublasDdot_v2, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT, cublasCdotu_v2, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT, cublasCdotc_v2, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT, cublasZdotu_v2, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT, cublasZdotc_v2, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SCAL, cublasSscal_v2, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SCAL, cublasDscal_v2, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SCAL, cublasCscal_v2, cuComplex, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SCAL, cublasCsscal_v2, float, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SCAL, cublasZscal_v2, cuDoubleComplex,
                 cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SCAL, cublasZdscal_v2, double, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_AXPY, cublasSaxpy_v2, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_AXPY, cublasDaxpy_v2, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_AXPY, cublasCaxpy_v2, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_AXPY, cublasZaxpy_v2, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_COPY, cublasScopy_v2, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_COPY, cublasDcopy_v2, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_COPY, cublasCcopy_v2, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_COPY, cublasZcopy_v2, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SWAP, cublasSswap_v2, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SWAP, cublasDswap_v2, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SWAP, cublasCswap_v2, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SWAP, cublasZswap_v2, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIsamax_v2, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIdamax_v2, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIcamax_v2, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIzamax_v2, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIsamin_v2, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIdamin_v2, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIcamin_v2, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_IAMAX, cublasIzamin_v2, cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROT, cublasSrot_v2, float, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROT, cublasDrot_v2, double, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROT, cublasCrot_v2, cuComplex, float, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROT, cublasCsrot_v2, cuComplex, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROT, cublasZrot_v2, cuDoubleComplex, double,
                 cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROT, cublasZdrot_v2, cuDoubleComplex, double,
                 double);
__MM_CUBLAS_ROTG(cublasSrotg_v2, float, float);
__MM_CUBLAS_ROTG(cublasDrotg_v2, double, double);
__MM_CUBLAS_ROTG(cublasCrotg_v2, cuComplex, float);
__MM_CUBLAS_ROTG(cublasZrotg_v2, cuDoubleComplex, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROTM, cublasSrotm_v2, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_ROTM, cublasDrotm_v2, double);
__MM_CUBLAS_ROTMG(cublasSrotmg_v2, float);
__MM_CUBLAS_ROTMG(cublasDrotmg_v2, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_NRM2_EX, cublasNrm2Ex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT_EX, cublasDotEx);
__MM_CUBLAS_BOTH(__MM_CUBLAS_DOT_EX, cublasDotcEx);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SCAL_EX, cublasScalEx);
__MM_CUBLAS_BOTH(__MM_CUBLAS_AXPY_EX, cublasAxpyEx);

#define __MM_CUBLAS_EACH_TYPE(Family, Name)                                    \
  __MM_CUBLAS_BOTH(Family, cublasS##Name, float);                              \
  __MM_CUBLAS_BOTH(Family, cublasD##Name, double);                             \
  __MM_CUBLAS_BOTH(Family, cublasC##Name, cuComplex);                          \
  __MM_CUBLAS_BOTH(Family, cublasZ##Name, cuDoubleComplex)
#define __MM_CUBLAS_EACH_REAL(Family, Name)                                    \
  __MM_CUBLAS_BOTH(Family, cublasS##Name, float);                              \
  __MM_CUBLAS_BOTH(Family, cublasD##Name, double)
#define __MM_CUBLAS_EACH_COMPLEX(Family, Name)                                 \
  __MM_CUBLAS_BOTH(Family, cublasC##Name, cuComplex);                          \
  __MM_CUBLAS_BOTH(Family, cublasZ##Name, cuDoubleComplex)

__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMV, gemv_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GBMV, gbmv_v2);
__MM_CUBLAS_EACH_REAL(__MM_CUBLAS_GER, ger_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_GER, geru_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_GER, gerc_v2);
__MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SYMV, symv_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SYMV, hemv_v2);
__MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SBMV, sbmv_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SBMV, hbmv_v2);
__MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SPMV, spmv_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SPMV, hpmv_v2);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR, cublasSsyr_v2, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR, cublasDsyr_v2, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR, cublasCher_v2, cuComplex, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR, cublasZher_v2, cuDoubleComplex, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SPR, cublasSspr_v2, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SPR, cublasDspr_v2, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SPR, cublasChpr_v2, cuComplex, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SPR, cublasZhpr_v2, cuDoubleComplex, double);
__MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SYR2, syr2_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SYR2, her2_v2);
__MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SPR2, spr2_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SPR2, hpr2_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRMV, trmv_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRMV, trsv_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TBMV, tbmv_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TBMV, tbsv_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TPMV, tpmv_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TPMV, tpsv_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMV_BATCHED, gemvBatched);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMV_STRIDED_BATCHED, gemvStridedBatched);

__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMM, gemm_v2);
__MM_CUBLAS_BOTH(__MM_CUBLAS_GEMM, cublasHgemm, __half);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_GEMM, gemm3m);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMM_BATCHED, gemmBatched);
__MM_CUBLAS_BOTH(__MM_CUBLAS_GEMM_BATCHED, cublasHgemmBatched, __half);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMM_STRIDED_BATCHED, gemmStridedBatched);
__MM_CUBLAS_BOTH(__MM_CUBLAS_GEMM_STRIDED_BATCHED, cublasHgemmStridedBatched,
                 __half);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_SYMM, symm_v2);
__MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SYMM, hemm_v2);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYRK, cublasSsyrk_v2, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYRK, cublasDsyrk_v2, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYRK, cublasCsyrk_v2, cuComplex, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYRK, cublasZsyrk_v2, cuDoubleComplex,
                 cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYRK, cublasCherk_v2, cuComplex, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYRK, cublasZherk_v2, cuDoubleComplex, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR2K, cublasSsyr2k_v2, float, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR2K, cublasDsyr2k_v2, double, double);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR2K, cublasCsyr2k_v2, cuComplex, cuComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR2K, cublasZsyr2k_v2, cuDoubleComplex,
                 cuDoubleComplex);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR2K, cublasCher2k_v2, cuComplex, float);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SYR2K, cublasZher2k_v2, cuDoubleComplex, double);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRMM, trmm_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRSM, trsm_v2);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRSM_BATCHED, trsmBatched);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEAM, geam);
__MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_DGMM, dgmm);
__MM_CUBLAS_BOTH(__MM_CUBLAS_SGEMM_EX, cublasSgemmEx);
__MM_CUBLAS_BOTH(__MM_CUBLAS_GEMM_EX, cublasGemmEx);
__MM_CUBLAS_BOTH(__MM_CUBLAS_GEMM_BATCHED_EX, cublasGemmBatchedEx);
__MM_CUBLAS_BOTH(__MM_CUBLAS_GEMM_STRIDED_BATCHED_EX,
                 cublasGemmStridedBatchedEx);

#define __MM_CUBLAS_EACH_TYPE32(Family, Name)                                  \
  Family(cublasS##Name, float);                                                \
  Family(cublasD##Name, double);                                               \
  Family(cublasC##Name, cuComplex);                                            \
  Family(cublasZ##Name, cuDoubleComplex)
__MM_CUBLAS_EACH_TYPE32(__MM_CUBLAS_GETRF_BATCHED, getrfBatched);
__MM_CUBLAS_EACH_TYPE32(__MM_CUBLAS_GETRS_BATCHED, getrsBatched);
__MM_CUBLAS_EACH_TYPE32(__MM_CUBLAS_GETRI_BATCHED, getriBatched);
__MM_CUBLAS_EACH_TYPE32(__MM_CUBLAS_MATINV_BATCHED, matinvBatched);
__MM_CUBLAS_EACH_TYPE32(__MM_CUBLAS_GEQRF_BATCHED, geqrfBatched);
__MM_CUBLAS_EACH_TYPE32(__MM_CUBLAS_GELS_BATCHED, gelsBatched);

#if defined(__cplusplus)
}
#endif

#endif /* CUBLAS_API_H_ */
