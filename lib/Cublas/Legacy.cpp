//===- Legacy.cpp - cuBLAS's first API, without handles -------------------===//
//
// cublas.h's API: one implicit handle, created by cublasInit (or by the
// first routine called without it) and destroyed by cublasShutdown; each
// routine forwards to its handle API twin and keeps its status for
// cublasGetError, which returns it and resets it, as cuBLAS's does.
//
//===----------------------------------------------------------------------===//

#include "Handle.h"

#include "mm-cuda/cublas.h"
#include "mm-cuda/cuda_runtime_api.h"

using namespace mm::cublas;

// The program's CUDA runtime, for cublasAlloc and cublasFree.
#pragma weak cudaMalloc
#pragma weak cudaFree

namespace {

cublasHandle_t &getImplicitHandle() {
  static cublasHandle_t Handle = nullptr;
  return Handle;
}

cublasStatus_t &getLastStatus() {
  thread_local cublasStatus_t Status = CUBLAS_STATUS_SUCCESS;
  return Status;
}

/// The implicit handle, created if there is none.
cublasHandle_t getHandle() {
  cublasHandle_t &Handle = getImplicitHandle();
  if (!Handle)
    cublasCreate_v2(&Handle);
  return Handle;
}

/// Keeps \p Status for cublasGetError if it is an error.
void keep(cublasStatus_t Status) {
  if (Status != CUBLAS_STATUS_SUCCESS)
    getLastStatus() = Status;
}

cublasOperation_t toOperation(char C) {
  switch (C) {
  case 'N':
  case 'n':
    return CUBLAS_OP_N;
  case 'T':
  case 't':
    return CUBLAS_OP_T;
  case 'C':
  case 'c':
    return CUBLAS_OP_C;
  default:
    return cublasOperation_t(-1);
  }
}

cublasFillMode_t toFill(char C) {
  return C == 'U' || C == 'u'   ? CUBLAS_FILL_MODE_UPPER
         : C == 'L' || C == 'l' ? CUBLAS_FILL_MODE_LOWER
                                : cublasFillMode_t(-1);
}

cublasDiagType_t toDiag(char C) {
  return C == 'U' || C == 'u'   ? CUBLAS_DIAG_UNIT
         : C == 'N' || C == 'n' ? CUBLAS_DIAG_NON_UNIT
                                : cublasDiagType_t(-1);
}

cublasSideMode_t toSide(char C) {
  return C == 'L' || C == 'l'   ? CUBLAS_SIDE_LEFT
         : C == 'R' || C == 'r' ? CUBLAS_SIDE_RIGHT
                                : cublasSideMode_t(-1);
}

/// Calls a handle API routine with host scalars, keeping its status.
template <typename F> void call(F Routine) {
  cublasHandle_t H = getHandle();
  cublasPointerMode_t Mode = H->PointerMode;
  H->PointerMode = CUBLAS_POINTER_MODE_HOST;
  keep(Routine(H));
  H->PointerMode = Mode;
}

/// A handle API routine's scalar result, 0 if it fails.
template <typename R, typename F> R result(F Routine) {
  R Value = 0;
  call([&](cublasHandle_t H) { return Routine(H, &Value); });
  return Value;
}

} // namespace

extern "C" {

cublasStatus cublasInit(void) {
  return getHandle() ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus cublasShutdown(void) {
  cublasHandle_t &Handle = getImplicitHandle();
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cublasDestroy_v2(Handle);
  Handle = nullptr;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus cublasGetError(void) {
  cublasStatus_t Status = getLastStatus();
  getLastStatus() = CUBLAS_STATUS_SUCCESS;
  return Status;
}

cublasStatus cublasGetVersion(int *Version) {
  return cublasGetVersion_v2(getHandle(), Version);
}

cublasStatus cublasAlloc(int N, int ElementSize, void **Pointer) {
  if (N <= 0 || ElementSize <= 0 || !Pointer)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!cudaMalloc)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  return cudaMalloc(Pointer, size_t(N) * ElementSize) == cudaSuccess
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus cublasFree(void *Pointer) {
  if (!cudaFree)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  return cudaFree(Pointer) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                          : CUBLAS_STATUS_INTERNAL_ERROR;
}

cublasStatus cublasSetKernelStream(cudaStream_t Stream) {
  return cublasSetStream_v2(getHandle(), Stream);
}

#define MM_LEGACY(T, P, p)                                                     \
  T cublas##P##nrm2(int n, const T *x, int incx) {                             \
    return result<T>([&](cublasHandle_t H, T *R) {                             \
      return cublas##P##nrm2_v2(H, n, x, incx, R);                             \
    });                                                                        \
  }                                                                            \
  T cublas##P##asum(int n, const T *x, int incx) {                             \
    return result<T>([&](cublasHandle_t H, T *R) {                             \
      return cublas##P##asum_v2(H, n, x, incx, R);                             \
    });                                                                        \
  }                                                                            \
  T cublas##P##dot(int n, const T *x, int incx, const T *y, int incy) {        \
    return result<T>([&](cublasHandle_t H, T *R) {                             \
      return cublas##P##dot_v2(H, n, x, incx, y, incy, R);                     \
    });                                                                        \
  }                                                                            \
  int cublasI##p##amax(int n, const T *x, int incx) {                          \
    return result<int>([&](cublasHandle_t H, int *R) {                         \
      return cublasI##p##amax_v2(H, n, x, incx, R);                            \
    });                                                                        \
  }                                                                            \
  int cublasI##p##amin(int n, const T *x, int incx) {                          \
    return result<int>([&](cublasHandle_t H, int *R) {                         \
      return cublasI##p##amin_v2(H, n, x, incx, R);                            \
    });                                                                        \
  }                                                                            \
  void cublas##P##scal(int n, T alpha, T *x, int incx) {                       \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##scal_v2(H, n, &alpha, x, incx);                        \
    });                                                                        \
  }                                                                            \
  void cublas##P##axpy(int n, T alpha, const T *x, int incx, T *y, int incy) { \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##axpy_v2(H, n, &alpha, x, incx, y, incy);               \
    });                                                                        \
  }                                                                            \
  void cublas##P##copy(int n, const T *x, int incx, T *y, int incy) {          \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##copy_v2(H, n, x, incx, y, incy);                       \
    });                                                                        \
  }                                                                            \
  void cublas##P##swap(int n, T *x, int incx, T *y, int incy) {                \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##swap_v2(H, n, x, incx, y, incy);                       \
    });                                                                        \
  }                                                                            \
  void cublas##P##rot(int n, T *x, int incx, T *y, int incy, T sc, T ss) {     \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##rot_v2(H, n, x, incx, y, incy, &sc, &ss);              \
    });                                                                        \
  }                                                                            \
  void cublas##P##gemv(char trans, int m, int n, T alpha, const T *A, int lda, \
                       const T *x, int incx, T beta, T *y, int incy) {         \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##gemv_v2(H, toOperation(trans), m, n, &alpha, A, lda,   \
                                x, incx, &beta, y, incy);                      \
    });                                                                        \
  }                                                                            \
  void cublas##P##ger(int m, int n, T alpha, const T *x, int incx,             \
                      const T *y, int incy, T *A, int lda) {                   \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##ger_v2(H, m, n, &alpha, x, incx, y, incy, A, lda);     \
    });                                                                        \
  }                                                                            \
  void cublas##P##symv(char uplo, int n, T alpha, const T *A, int lda,         \
                       const T *x, int incx, T beta, T *y, int incy) {         \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##symv_v2(H, toFill(uplo), n, &alpha, A, lda, x, incx,   \
                                &beta, y, incy);                               \
    });                                                                        \
  }                                                                            \
  void cublas##P##trmv(char uplo, char trans, char diag, int n, const T *A,    \
                       int lda, T *x, int incx) {                              \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##trmv_v2(H, toFill(uplo), toOperation(trans),           \
                                toDiag(diag), n, A, lda, x, incx);             \
    });                                                                        \
  }                                                                            \
  void cublas##P##trsv(char uplo, char trans, char diag, int n, const T *A,    \
                       int lda, T *x, int incx) {                              \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##trsv_v2(H, toFill(uplo), toOperation(trans),           \
                                toDiag(diag), n, A, lda, x, incx);             \
    });                                                                        \
  }                                                                            \
  void cublas##P##gemm(char transa, char transb, int m, int n, int k, T alpha, \
                       const T *A, int lda, const T *B, int ldb, T beta, T *C, \
                       int ldc) {                                              \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##gemm_v2(H, toOperation(transa), toOperation(transb),   \
                                m, n, k, &alpha, A, lda, B, ldb, &beta, C,     \
                                ldc);                                          \
    });                                                                        \
  }                                                                            \
  void cublas##P##symm(char side, char uplo, int m, int n, T alpha,            \
                       const T *A, int lda, const T *B, int ldb, T beta, T *C, \
                       int ldc) {                                              \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##symm_v2(H, toSide(side), toFill(uplo), m, n, &alpha,   \
                                A, lda, B, ldb, &beta, C, ldc);                \
    });                                                                        \
  }                                                                            \
  void cublas##P##syrk(char uplo, char trans, int n, int k, T alpha,           \
                       const T *A, int lda, T beta, T *C, int ldc) {           \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##syrk_v2(H, toFill(uplo), toOperation(trans), n, k,     \
                                &alpha, A, lda, &beta, C, ldc);                \
    });                                                                        \
  }                                                                            \
  /* The first API's trmm overwrites B. */                                     \
  void cublas##P##trmm(char side, char uplo, char transa, char diag, int m,    \
                       int n, T alpha, const T *A, int lda, T *B, int ldb) {   \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##trmm_v2(H, toSide(side), toFill(uplo),                 \
                                toOperation(transa), toDiag(diag), m, n,       \
                                &alpha, A, lda, B, ldb, B, ldb);               \
    });                                                                        \
  }                                                                            \
  void cublas##P##trsm(char side, char uplo, char transa, char diag, int m,    \
                       int n, T alpha, const T *A, int lda, T *B, int ldb) {   \
    call([&](cublasHandle_t H) {                                               \
      return cublas##P##trsm_v2(H, toSide(side), toFill(uplo),                 \
                                toOperation(transa), toDiag(diag), m, n,       \
                                &alpha, A, lda, B, ldb);                       \
    });                                                                        \
  }
MM_LEGACY(float, S, s)
MM_LEGACY(double, D, d)
#undef MM_LEGACY

} // extern "C"
