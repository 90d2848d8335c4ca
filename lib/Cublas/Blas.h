//===- Blas.h - The system's BLAS and LAPACK by element type ----*- C++ -*-===//
//
// CBLAS's and LAPACK's routines (OpenBLAS) as C++ overloads of one name per
// routine, for the four element types of cuBLAS's API (float, double,
// cuComplex, cuDoubleComplex), column-major; the complex ones take their
// scalars by value here and by address in CBLAS. Index results are CBLAS's,
// from 0. Single precision dot products and sums of magnitudes accumulate
// in double.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_CUBLAS_BLAS_H
#define MM_LIB_CUBLAS_BLAS_H

#include "mm-cuda/cublas_api.h"

#include <cblas.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>

namespace mm {
namespace cublas {
namespace blas {

// LAPACK's Fortran entry points, with the hidden lengths of their
// character arguments.
extern "C" {
#define MM_LAPACK(P, T)                                                        \
  void P##getrf_(const int *, const int *, T *, const int *, int *, int *);    \
  void P##getrs_(const char *, const int *, const int *, const T *,            \
                 const int *, const int *, T *, const int *, int *, size_t);   \
  void P##getri_(const int *, T *, const int *, const int *, T *,              \
                 const int *, int *);                                          \
  void P##geqrf_(const int *, const int *, T *, const int *, T *, T *,         \
                 const int *, int *);                                          \
  void P##gels_(const char *, const int *, const int *, const int *, T *,      \
                const int *, T *, const int *, T *, const int *, int *,        \
                size_t);
MM_LAPACK(s, float)
MM_LAPACK(d, double)
MM_LAPACK(c, cuComplex)
MM_LAPACK(z, cuDoubleComplex)
#undef MM_LAPACK
}

/// The C++ type whose arithmetic an element type's is.
template <typename T> struct Arithmetic {
  using Type = T;
};
template <> struct Arithmetic<cuComplex> {
  using Type = std::complex<float>;
};
template <> struct Arithmetic<cuDoubleComplex> {
  using Type = std::complex<double>;
};
template <typename T> using ArithmeticOf = typename Arithmetic<T>::Type;

/// The real type of element type T (float for cuComplex).
template <typename T> struct Real {
  using Type = T;
};
template <> struct Real<cuComplex> {
  using Type = float;
};
template <> struct Real<cuDoubleComplex> {
  using Type = double;
};
template <typename T> using RealOf = typename Real<T>::Type;

template <typename T> inline constexpr bool IsComplex = false;
template <> inline constexpr bool IsComplex<cuComplex> = true;
template <> inline constexpr bool IsComplex<cuDoubleComplex> = true;

/// The index of a strided vector's first element as BLAS walks it: from
/// the end for a negative stride.
inline int64_t firstIndex(int64_t N, int64_t Inc) {
  return Inc < 0 ? (1 - N) * Inc : 0;
}

using Order = CBLAS_ORDER;
constexpr Order Col = CblasColMajor;
using Op = CBLAS_TRANSPOSE;
using Uplo = CBLAS_UPLO;
using Diag = CBLAS_DIAG;
using Side = CBLAS_SIDE;

// What real and complex types share, with the scalar passed as CBLAS wants
// it: VALUE(x) is x for real types and &x for complex ones.
#define MM_BLAS_SHARED(T, P, VALUE)                                            \
  inline void axpy(int n, T a, const T *x, int incx, T *y, int incy) {         \
    cblas_##P##axpy(n, VALUE(a), x, incx, y, incy);                            \
  }                                                                            \
  inline void copy(int n, const T *x, int incx, T *y, int incy) {              \
    cblas_##P##copy(n, x, incx, y, incy);                                      \
  }                                                                            \
  inline void swap(int n, T *x, int incx, T *y, int incy) {                    \
    cblas_##P##swap(n, x, incx, y, incy);                                      \
  }                                                                            \
  inline void scal(int n, T a, T *x, int incx) {                               \
    cblas_##P##scal(n, VALUE(a), x, incx);                                     \
  }                                                                            \
  inline size_t iamax(int n, const T *x, int incx) {                           \
    return cblas_i##P##amax(n, x, incx);                                       \
  }                                                                            \
  inline size_t iamin(int n, const T *x, int incx) {                           \
    return cblas_i##P##amin(n, x, incx);                                       \
  }                                                                            \
  inline void gemv(Op t, int m, int n, T a, const T *A, int lda, const T *x,   \
                   int incx, T b, T *y, int incy) {                            \
    cblas_##P##gemv(Col, t, m, n, VALUE(a), A, lda, x, incx, VALUE(b), y,      \
                    incy);                                                     \
  }                                                                            \
  inline void gbmv(Op t, int m, int n, int kl, int ku, T a, const T *A,        \
                   int lda, const T *x, int incx, T b, T *y, int incy) {       \
    cblas_##P##gbmv(Col, t, m, n, kl, ku, VALUE(a), A, lda, x, incx,           \
                    VALUE(b), y, incy);                                        \
  }                                                                            \
  inline void trmv(Uplo u, Op t, Diag d, int n, const T *A, int lda, T *x,     \
                   int incx) {                                                 \
    cblas_##P##trmv(Col, u, t, d, n, A, lda, x, incx);                         \
  }                                                                            \
  inline void trsv(Uplo u, Op t, Diag d, int n, const T *A, int lda, T *x,     \
                   int incx) {                                                 \
    cblas_##P##trsv(Col, u, t, d, n, A, lda, x, incx);                         \
  }                                                                            \
  inline void tbmv(Uplo u, Op t, Diag d, int n, int k, const T *A, int lda,    \
                   T *x, int incx) {                                           \
    cblas_##P##tbmv(Col, u, t, d, n, k, A, lda, x, incx);                      \
  }                                                                            \
  inline void tbsv(Uplo u, Op t, Diag d, int n, int k, const T *A, int lda,    \
                   T *x, int incx) {                                           \
    cblas_##P##tbsv(Col, u, t, d, n, k, A, lda, x, incx);                      \
  }                                                                            \
  inline void tpmv(Uplo u, Op t, Diag d, int n, const T *AP, T *x, int incx) { \
    cblas_##P##tpmv(Col, u, t, d, n, AP, x, incx);                             \
  }                                                                            \
  inline void tpsv(Uplo u, Op t, Diag d, int n, const T *AP, T *x, int incx) { \
    cblas_##P##tpsv(Col, u, t, d, n, AP, x, incx);                             \
  }                                                                            \
  inline void gemm(Op ta, Op tb, int m, int n, int k, T a, const T *A,         \
                   int lda, const T *B, int ldb, T b, T *C, int ldc) {         \
    cblas_##P##gemm(Col, ta, tb, m, n, k, VALUE(a), A, lda, B, ldb, VALUE(b),  \
                    C, ldc);                                                   \
  }                                                                            \
  inline void symm(Side s, Uplo u, int m, int n, T a, const T *A, int lda,     \
                   const T *B, int ldb, T b, T *C, int ldc) {                  \
    cblas_##P##symm(Col, s, u, m, n, VALUE(a), A, lda, B, ldb, VALUE(b), C,    \
                    ldc);                                                      \
  }                                                                            \
  inline void syrk(Uplo u, Op t, int n, int k, T a, const T *A, int lda, T b,  \
                   T *C, int ldc) {                                            \
    cblas_##P##syrk(Col, u, t, n, k, VALUE(a), A, lda, VALUE(b), C, ldc);      \
  }                                                                            \
  inline void syr2k(Uplo u, Op t, int n, int k, T a, const T *A, int lda,      \
                    const T *B, int ldb, T b, T *C, int ldc) {                 \
    cblas_##P##syr2k(Col, u, t, n, k, VALUE(a), A, lda, B, ldb, VALUE(b), C,   \
                     ldc);                                                     \
  }                                                                            \
  inline void trmm(Side s, Uplo u, Op t, Diag d, int m, int n, T a,            \
                   const T *A, int lda, T *B, int ldb) {                       \
    cblas_##P##trmm(Col, s, u, t, d, m, n, VALUE(a), A, lda, B, ldb);          \
  }                                                                            \
  inline void trsm(Side s, Uplo u, Op t, Diag d, int m, int n, T a,            \
                   const T *A, int lda, T *B, int ldb) {                       \
    cblas_##P##trsm(Col, s, u, t, d, m, n, VALUE(a), A, lda, B, ldb);          \
  }                                                                            \
  inline void getrf(int m, int n, T *A, int lda, int *ipiv, int *info) {       \
    P##getrf_(&m, &n, A, &lda, ipiv, info);                                    \
  }                                                                            \
  inline void getrs(char t, int n, int nrhs, const T *A, int lda,              \
                    const int *ipiv, T *B, int ldb, int *info) {               \
    P##getrs_(&t, &n, &nrhs, A, &lda, ipiv, B, &ldb, info, 1);                 \
  }                                                                            \
  inline void getri(int n, T *A, int lda, const int *ipiv, T *work,            \
                    int lwork, int *info) {                                    \
    P##getri_(&n, A, &lda, ipiv, work, &lwork, info);                          \
  }                                                                            \
  inline void geqrf(int m, int n, T *A, int lda, T *tau, T *work, int lwork,   \
                    int *info) {                                               \
    P##geqrf_(&m, &n, A, &lda, tau, work, &lwork, info);                       \
  }                                                                            \
  inline void gels(char t, int m, int n, int nrhs, T *A, int lda, T *B,        \
                   int ldb, T *work, int lwork, int *info) {                   \
    P##gels_(&t, &m, &n, &nrhs, A, &lda, B, &ldb, work, &lwork, info, 1);      \
  }

#define MM_BLAS_BY_VALUE(x) x
#define MM_BLAS_BY_ADDRESS(x) &x

#define MM_BLAS_REAL(T, P)                                                     \
  MM_BLAS_SHARED(T, P, MM_BLAS_BY_VALUE)                                       \
  inline T nrm2(int n, const T *x, int incx) {                                 \
    return cblas_##P##nrm2(n, x, incx);                                        \
  }                                                                            \
  inline void rot(int n, T *x, int incx, T *y, int incy, T c, T s) {           \
    cblas_##P##rot(n, x, incx, y, incy, c, s);                                 \
  }                                                                            \
  inline void rotg(T *a, T *b, T *c, T *s) { cblas_##P##rotg(a, b, c, s); }    \
  inline void rotm(int n, T *x, int incx, T *y, int incy, const T *p) {        \
    cblas_##P##rotm(n, x, incx, y, incy, p);                                   \
  }                                                                            \
  inline void rotmg(T *d1, T *d2, T *x1, T y1, T *p) {                         \
    cblas_##P##rotmg(d1, d2, x1, y1, p);                                       \
  }                                                                            \
  inline void geru(int m, int n, T a, const T *x, int incx, const T *y,        \
                   int incy, T *A, int lda) {                                  \
    cblas_##P##ger(Col, m, n, a, x, incx, y, incy, A, lda);                    \
  }                                                                            \
  inline void hemv(Uplo u, int n, T a, const T *A, int lda, const T *x,        \
                   int incx, T b, T *y, int incy) {                            \
    cblas_##P##symv(Col, u, n, a, A, lda, x, incx, b, y, incy);                \
  }                                                                            \
  inline void hbmv(Uplo u, int n, int k, T a, const T *A, int lda,             \
                   const T *x, int incx, T b, T *y, int incy) {                \
    cblas_##P##sbmv(Col, u, n, k, a, A, lda, x, incx, b, y, incy);             \
  }                                                                            \
  inline void hpmv(Uplo u, int n, T a, const T *AP, const T *x, int incx, T b, \
                   T *y, int incy) {                                           \
    cblas_##P##spmv(Col, u, n, a, AP, x, incx, b, y, incy);                    \
  }                                                                            \
  inline void her(Uplo u, int n, T a, const T *x, int incx, T *A, int lda) {   \
    cblas_##P##syr(Col, u, n, a, x, incx, A, lda);                             \
  }                                                                            \
  inline void hpr(Uplo u, int n, T a, const T *x, int incx, T *AP) {           \
    cblas_##P##spr(Col, u, n, a, x, incx, AP);                                 \
  }                                                                            \
  inline void her2(Uplo u, int n, T a, const T *x, int incx, const T *y,       \
                   int incy, T *A, int lda) {                                  \
    cblas_##P##syr2(Col, u, n, a, x, incx, y, incy, A, lda);                   \
  }                                                                            \
  inline void hpr2(Uplo u, int n, T a, const T *x, int incx, const T *y,       \
                   int incy, T *AP) {                                          \
    cblas_##P##spr2(Col, u, n, a, x, incx, y, incy, AP);                       \
  }

#define MM_BLAS_COMPLEX(T, R, P, RP, SP)                                       \
  MM_BLAS_SHARED(T, P, MM_BLAS_BY_ADDRESS)                                     \
  inline R nrm2(int n, const T *x, int incx) {                                 \
    return cblas_##RP##nrm2(n, x, incx);                                       \
  }                                                                            \
  inline void scal(int n, R a, T *x, int incx) {                               \
    cblas_##SP##scal(n, a, x, incx);                                           \
  }                                                                            \
  inline void rot(int n, T *x, int incx, T *y, int incy, R c, R s) {           \
    cblas_##SP##rot(n, x, incx, y, incy, c, s);                                \
  }                                                                            \
  inline void rotg(T *a, T *b, R *c, T *s) { cblas_##P##rotg(a, b, c, s); }    \
  inline void geru(int m, int n, T a, const T *x, int incx, const T *y,        \
                   int incy, T *A, int lda) {                                  \
    cblas_##P##geru(Col, m, n, &a, x, incx, y, incy, A, lda);                  \
  }                                                                            \
  inline void gerc(int m, int n, T a, const T *x, int incx, const T *y,        \
                   int incy, T *A, int lda) {                                  \
    cblas_##P##gerc(Col, m, n, &a, x, incx, y, incy, A, lda);                  \
  }                                                                            \
  inline void hemv(Uplo u, int n, T a, const T *A, int lda, const T *x,        \
                   int incx, T b, T *y, int incy) {                            \
    cblas_##P##hemv(Col, u, n, &a, A, lda, x, incx, &b, y, incy);              \
  }                                                                            \
  inline void hbmv(Uplo u, int n, int k, T a, const T *A, int lda,             \
                   const T *x, int incx, T b, T *y, int incy) {                \
    cblas_##P##hbmv(Col, u, n, k, &a, A, lda, x, incx, &b, y, incy);           \
  }                                                                            \
  inline void hpmv(Uplo u, int n, T a, const T *AP, const T *x, int incx, T b, \
                   T *y, int incy) {                                           \
    cblas_##P##hpmv(Col, u, n, &a, AP, x, incx, &b, y, incy);                  \
  }                                                                            \
  inline void her(Uplo u, int n, R a, const T *x, int incx, T *A, int lda) {   \
    cblas_##P##her(Col, u, n, a, x, incx, A, lda);                             \
  }                                                                            \
  inline void hpr(Uplo u, int n, R a, const T *x, int incx, T *AP) {           \
    cblas_##P##hpr(Col, u, n, a, x, incx, AP);                                 \
  }                                                                            \
  inline void her2(Uplo u, int n, T a, const T *x, int incx, const T *y,       \
                   int incy, T *A, int lda) {                                  \
    cblas_##P##her2(Col, u, n, &a, x, incx, y, incy, A, lda);                  \
  }                                                                            \
  inline void hpr2(Uplo u, int n, T a, const T *x, int incx, const T *y,       \
                   int incy, T *AP) {                                          \
    cblas_##P##hpr2(Col, u, n, &a, x, incx, y, incy, AP);                      \
  }                                                                            \
  inline void hemm(Side s, Uplo u, int m, int n, T a, const T *A, int lda,     \
                   const T *B, int ldb, T b, T *C, int ldc) {                  \
    cblas_##P##hemm(Col, s, u, m, n, &a, A, lda, B, ldb, &b, C, ldc);          \
  }                                                                            \
  inline void herk(Uplo u, Op t, int n, int k, R a, const T *A, int lda, R b,  \
                   T *C, int ldc) {                                            \
    cblas_##P##herk(Col, u, t, n, k, a, A, lda, b, C, ldc);                    \
  }                                                                            \
  inline void her2k(Uplo u, Op t, int n, int k, T a, const T *A, int lda,      \
                    const T *B, int ldb, R b, T *C, int ldc) {                 \
    cblas_##P##her2k(Col, u, t, n, k, &a, A, lda, B, ldb, b, C, ldc);          \
  }

MM_BLAS_REAL(float, s)
MM_BLAS_REAL(double, d)
MM_BLAS_COMPLEX(cuComplex, float, c, sc, cs)
MM_BLAS_COMPLEX(cuDoubleComplex, double, z, dz, zd)

// Single precision sums accumulated in double: CBLAS's accumulate in
// float, which for a million terms is off by more than a GPU's tree
// reduction (HeCBench's blas-dot checks cuBLAS's dot of 2^20 floats to
// 0.1).


inline float dotu(int n, const float *x, int incx, const float *y, int incy) {
  return float(cblas_dsdot(n, x, incx, y, incy));
}

template <bool Conjugate>
cuComplex dotInDouble(int n, const cuComplex *x, int incx, const cuComplex *y,
                      int incy) {
  std::complex<double> Sum = 0;
  for (int64_t I = 0, IX = firstIndex(n, incx), IY = firstIndex(n, incy); I < n;
       ++I, IX += incx, IY += incy) {
    std::complex<double> X(x[IX].x, x[IX].y), Y(y[IY].x, y[IY].y);
    Sum += (Conjugate ? std::conj(X) : X) * Y;
  }
  return {float(Sum.real()), float(Sum.imag())};
}
inline cuComplex dotu(int n, const cuComplex *x, int incx, const cuComplex *y,
                      int incy) {
  return dotInDouble<false>(n, x, incx, y, incy);
}
inline cuComplex dotc(int n, const cuComplex *x, int incx, const cuComplex *y,
                      int incy) {
  return dotInDouble<true>(n, x, incx, y, incy);
}

// Double precision's, CBLAS's.
inline double dotu(int n, const double *x, int incx, const double *y,
                   int incy) {
  return cblas_ddot(n, x, incx, y, incy);
}
inline cuDoubleComplex dotu(int n, const cuDoubleComplex *x, int incx,
                            const cuDoubleComplex *y, int incy) {
  cuDoubleComplex r;
  cblas_zdotu_sub(n, x, incx, y, incy, &r);
  return r;
}
inline cuDoubleComplex dotc(int n, const cuDoubleComplex *x, int incx,
                            const cuDoubleComplex *y, int incy) {
  cuDoubleComplex r;
  cblas_zdotc_sub(n, x, incx, y, incy, &r);
  return r;
}
inline double asum(int n, const double *x, int incx) {
  return cblas_dasum(n, x, incx);
}
inline double asum(int n, const cuDoubleComplex *x, int incx) {
  return cblas_dzasum(n, x, incx);
}

/// The sum of magnitudes, |re| + |im| for a complex element, as BLAS's.
inline float asum(int n, const float *x, int incx) {
  double Sum = 0;
  for (int64_t I = 0; I < n; ++I)
    Sum += std::fabs(double(x[I * incx]));
  return float(Sum);
}
inline float asum(int n, const cuComplex *x, int incx) {
  double Sum = 0;
  for (int64_t I = 0; I < n; ++I)
    Sum += std::fabs(double(x[I * incx].x)) + std::fabs(double(x[I * incx].y));
  return float(Sum);
}

#undef MM_BLAS_SHARED
#undef MM_BLAS_REAL
#undef MM_BLAS_COMPLEX
#undef MM_BLAS_BY_VALUE
#undef MM_BLAS_BY_ADDRESS

} // namespace blas
} // namespace cublas
} // namespace mm

#endif // MM_LIB_CUBLAS_BLAS_H
