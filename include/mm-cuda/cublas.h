/*===- mm-cuda/cublas.h - cuBLAS's first API -----------------------*- C -*-===*
 *
 * cuBLAS's first API, without handles, which older programs use: one
 * implicit handle that cublasInit creates and cublasShutdown destroys,
 * errors kept for cublasGetError, scalars and transpositions ('N', 'T',
 * 'C') passed by value. mm has its single and double precision routines;
 * new programs include cublas_v2.h instead (the two cannot be mixed).
 *
 *===----------------------------------------------------------------------===*/

#if !defined(CUBLAS_H_)
#define CUBLAS_H_

#if defined(CUBLAS_V2_H_)
#error "It is an error to include both cublas.h and cublas_v2.h"
#endif

#include "cublas_api.h"

typedef cublasStatus_t cublasStatus;

#if defined(__cplusplus)
extern "C" {
#endif

cublasStatus cublasInit(void);
cublasStatus cublasShutdown(void);
cublasStatus cublasGetError(void);
cublasStatus cublasGetVersion(int *version);
cublasStatus cublasAlloc(int n, int elemSize, void **devicePtr);
cublasStatus cublasFree(void *devicePtr);
cublasStatus cublasSetKernelStream(cudaStream_t stream);

#define __MM_CUBLAS_LEGACY(T, P, p)                                            \
  T cublas##P##nrm2(int n, const T *x, int incx);                              \
  T cublas##P##asum(int n, const T *x, int incx);                              \
  T cublas##P##dot(int n, const T *x, int incx, const T *y, int incy);         \
  void cublas##P##scal(int n, T alpha, T *x, int incx);                        \
  void cublas##P##axpy(int n, T alpha, const T *x, int incx, T *y, int incy);  \
  void cublas##P##copy(int n, const T *x, int incx, T *y, int incy);           \
  void cublas##P##swap(int n, T *x, int incx, T *y, int incy);                 \
  int cublasI##p##amax(int n, const T *x, int incx);                           \
  int cublasI##p##amin(int n, const T *x, int incx);                           \
  void cublas##P##rot(int n, T *x, int incx, T *y, int incy, T sc, T ss);      \
  void cublas##P##gemv(char trans, int m, int n, T alpha, const T *A, int lda, \
                       const T *x, int incx, T beta, T *y, int incy);          \
  void cublas##P##ger(int m, int n, T alpha, const T *x, int incx,             \
                      const T *y, int incy, T *A, int lda);                    \
  void cublas##P##symv(char uplo, int n, T alpha, const T *A, int lda,         \
                       const T *x, int incx, T beta, T *y, int incy);          \
  void cublas##P##trmv(char uplo, char trans, char diag, int n, const T *A,    \
                       int lda, T *x, int incx);                               \
  void cublas##P##trsv(char uplo, char trans, char diag, int n, const T *A,    \
                       int lda, T *x, int incx);                               \
  void cublas##P##gemm(char transa, char transb, int m, int n, int k, T alpha, \
                       const T *A, int lda, const T *B, int ldb, T beta, T *C, \
                       int ldc);                                               \
  void cublas##P##symm(char side, char uplo, int m, int n, T alpha,            \
                       const T *A, int lda, const T *B, int ldb, T beta, T *C, \
                       int ldc);                                               \
  void cublas##P##syrk(char uplo, char trans, int n, int k, T alpha,           \
                       const T *A, int lda, T beta, T *C, int ldc);            \
  void cublas##P##trmm(char side, char uplo, char transa, char diag, int m,    \
                       int n, T alpha, const T *A, int lda, T *B, int ldb);    \
  void cublas##P##trsm(char side, char uplo, char transa, char diag, int m,    \
                       int n, T alpha, const T *A, int lda, T *B, int ldb);
__MM_CUBLAS_LEGACY(float, S, s)
__MM_CUBLAS_LEGACY(double, D, d)
#undef __MM_CUBLAS_LEGACY

#if defined(__cplusplus)
}
#endif

#endif /* CUBLAS_H_ */
