//===- Level2.cpp - cuBLAS's matrix-vector routines -----------------------===//
//
// Level 2: general, banded, symmetric and Hermitian, packed and triangular
// matrix-vector products, rank-1 and rank-2 updates, triangular solves,
// and the batched and strided batched GEMV, with cuBLAS's checks of their
// arguments (CUBLAS_STATUS_INVALID_VALUE) and its quick returns.
//
//===----------------------------------------------------------------------===//

#include "Handle.h"

using namespace mm::cublas;

namespace {

template <typename T>
cublasStatus_t gemv(cublasHandle_t H, cublasOperation_t Trans, int64_t M,
                    int64_t N, const T *Alpha, const T *A, int64_t Lda,
                    const T *X, int64_t IncX, const T *Beta, T *Y,
                    int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Op Op;
  MM_CUBLAS_INVALID_IF(!toBlas(Trans, Op) || M < 0 || N < 0 ||
                       Lda < leastLeading(M) || IncX == 0 || IncY == 0 ||
                       !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(M, N, Lda, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    if (M && N)
      blas::gemv(Op, M, N, Alpha.get(), A, Lda, X, IncX, Beta.get(), Y, IncY);
  });
}

template <typename T>
cublasStatus_t gbmv(cublasHandle_t H, cublasOperation_t Trans, int64_t M,
                    int64_t N, int64_t KL, int64_t KU, const T *Alpha,
                    const T *A, int64_t Lda, const T *X, int64_t IncX,
                    const T *Beta, T *Y, int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Op Op;
  MM_CUBLAS_INVALID_IF(!toBlas(Trans, Op) || M < 0 || N < 0 || KL < 0 ||
                       KU < 0 || Lda < KL + KU + 1 || IncX == 0 ||
                       IncY == 0 || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(M, N, KL, KU, Lda, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    if (M && N)
      blas::gbmv(Op, M, N, KL, KU, Alpha.get(), A, Lda, X, IncX, Beta.get(), Y,
                 IncY);
  });
}

template <bool Conjugate, typename T>
cublasStatus_t ger(cublasHandle_t H, int64_t M, int64_t N, const T *Alpha,
                   const T *X, int64_t IncX, const T *Y, int64_t IncY, T *A,
                   int64_t Lda) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(M < 0 || N < 0 || IncX == 0 || IncY == 0 ||
                       Lda < leastLeading(M) || !Alpha);
  MM_CUBLAS_NEED_BLAS_INT(M, N, IncX, IncY, Lda);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha)] {
    if (!M || !N)
      return;
    if constexpr (Conjugate)
      blas::gerc(M, N, Alpha.get(), X, IncX, Y, IncY, A, Lda);
    else
      blas::geru(M, N, Alpha.get(), X, IncX, Y, IncY, A, Lda);
  });
}

/// symv (real) and hemv (complex): for real types the two are one.
template <typename T>
cublasStatus_t hemv(cublasHandle_t H, cublasFillMode_t Fill, int64_t N,
                    const T *Alpha, const T *A, int64_t Lda, const T *X,
                    int64_t IncX, const T *Beta, T *Y, int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || N < 0 || Lda < leastLeading(N) ||
                       IncX == 0 || IncY == 0 || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(N, Lda, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    if (N)
      blas::hemv(Uplo, N, Alpha.get(), A, Lda, X, IncX, Beta.get(), Y, IncY);
  });
}

template <typename T>
cublasStatus_t hbmv(cublasHandle_t H, cublasFillMode_t Fill, int64_t N,
                    int64_t K, const T *Alpha, const T *A, int64_t Lda,
                    const T *X, int64_t IncX, const T *Beta, T *Y,
                    int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || N < 0 || K < 0 || Lda < K + 1 ||
                       IncX == 0 || IncY == 0 || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(N, K, Lda, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    if (N)
      blas::hbmv(Uplo, N, K, Alpha.get(), A, Lda, X, IncX, Beta.get(), Y, IncY);
  });
}

template <typename T>
cublasStatus_t hpmv(cublasHandle_t H, cublasFillMode_t Fill, int64_t N,
                    const T *Alpha, const T *AP, const T *X, int64_t IncX,
                    const T *Beta, T *Y, int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || N < 0 || IncX == 0 ||
                       IncY == 0 || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    if (N)
      blas::hpmv(Uplo, N, Alpha.get(), AP, X, IncX, Beta.get(), Y, IncY);
  });
}

template <typename T, typename S>
cublasStatus_t her(cublasHandle_t H, cublasFillMode_t Fill, int64_t N,
                   const S *Alpha, const T *X, int64_t IncX, T *A,
                   int64_t Lda) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || N < 0 || IncX == 0 ||
                       Lda < leastLeading(N) || !Alpha);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, Lda);
  return issue(H, [=, Alpha = Scalar<S>(H, Alpha)] {
    if (N)
      blas::her(Uplo, N, Alpha.get(), X, IncX, A, Lda);
  });
}

template <typename T, typename S>
cublasStatus_t hpr(cublasHandle_t H, cublasFillMode_t Fill, int64_t N,
                   const S *Alpha, const T *X, int64_t IncX, T *AP) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || N < 0 || IncX == 0 || !Alpha);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX);
  return issue(H, [=, Alpha = Scalar<S>(H, Alpha)] {
    if (N)
      blas::hpr(Uplo, N, Alpha.get(), X, IncX, AP);
  });
}

template <typename T>
cublasStatus_t her2(cublasHandle_t H, cublasFillMode_t Fill, int64_t N,
                    const T *Alpha, const T *X, int64_t IncX, const T *Y,
                    int64_t IncY, T *A, int64_t Lda) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || N < 0 || IncX == 0 ||
                       IncY == 0 || Lda < leastLeading(N) || !Alpha);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY, Lda);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha)] {
    if (N)
      blas::her2(Uplo, N, Alpha.get(), X, IncX, Y, IncY, A, Lda);
  });
}

template <typename T>
cublasStatus_t hpr2(cublasHandle_t H, cublasFillMode_t Fill, int64_t N,
                    const T *Alpha, const T *X, int64_t IncX, const T *Y,
                    int64_t IncY, T *AP) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || N < 0 || IncX == 0 ||
                       IncY == 0 || !Alpha);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha)] {
    if (N)
      blas::hpr2(Uplo, N, Alpha.get(), X, IncX, Y, IncY, AP);
  });
}

/// The triangular routines: trmv, trsv, tbmv, tbsv, tpmv and tpsv.
enum class Triangular { Multiply, Solve };

template <Triangular Kind, typename T>
cublasStatus_t trmv(cublasHandle_t H, cublasFillMode_t Fill,
                    cublasOperation_t Trans, cublasDiagType_t DiagType,
                    int64_t N, const T *A, int64_t Lda, T *X, int64_t IncX) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  blas::Op Op;
  blas::Diag Diag;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || !toBlas(Trans, Op) ||
                       !toBlas(DiagType, Diag) || N < 0 ||
                       Lda < leastLeading(N) || IncX == 0);
  MM_CUBLAS_NEED_BLAS_INT(N, Lda, IncX);
  return issue(H, [=] {
    if (!N)
      return;
    if constexpr (Kind == Triangular::Multiply)
      blas::trmv(Uplo, Op, Diag, N, A, Lda, X, IncX);
    else
      blas::trsv(Uplo, Op, Diag, N, A, Lda, X, IncX);
  });
}

template <Triangular Kind, typename T>
cublasStatus_t tbmv(cublasHandle_t H, cublasFillMode_t Fill,
                    cublasOperation_t Trans, cublasDiagType_t DiagType,
                    int64_t N, int64_t K, const T *A, int64_t Lda, T *X,
                    int64_t IncX) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  blas::Op Op;
  blas::Diag Diag;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || !toBlas(Trans, Op) ||
                       !toBlas(DiagType, Diag) || N < 0 || K < 0 ||
                       Lda < K + 1 || IncX == 0);
  MM_CUBLAS_NEED_BLAS_INT(N, K, Lda, IncX);
  return issue(H, [=] {
    if (!N)
      return;
    if constexpr (Kind == Triangular::Multiply)
      blas::tbmv(Uplo, Op, Diag, N, K, A, Lda, X, IncX);
    else
      blas::tbsv(Uplo, Op, Diag, N, K, A, Lda, X, IncX);
  });
}

template <Triangular Kind, typename T>
cublasStatus_t tpmv(cublasHandle_t H, cublasFillMode_t Fill,
                    cublasOperation_t Trans, cublasDiagType_t DiagType,
                    int64_t N, const T *AP, T *X, int64_t IncX) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  blas::Op Op;
  blas::Diag Diag;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || !toBlas(Trans, Op) ||
                       !toBlas(DiagType, Diag) || N < 0 || IncX == 0);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX);
  return issue(H, [=] {
    if (!N)
      return;
    if constexpr (Kind == Triangular::Multiply)
      blas::tpmv(Uplo, Op, Diag, N, AP, X, IncX);
    else
      blas::tpsv(Uplo, Op, Diag, N, AP, X, IncX);
  });
}

/// The batched GEMV, each problem's operands found by \p Operands(I).
template <typename T, typename Operands>
cublasStatus_t gemvEach(cublasHandle_t H, cublasOperation_t Trans, int64_t M,
                        int64_t N, const T *Alpha, int64_t Lda, int64_t IncX,
                        const T *Beta, int64_t IncY, int64_t BatchCount,
                        Operands Find) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Op Op;
  MM_CUBLAS_INVALID_IF(!toBlas(Trans, Op) || M < 0 || N < 0 ||
                       Lda < leastLeading(M) || IncX == 0 || IncY == 0 ||
                       BatchCount < 0 || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(M, N, Lda, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    for (int64_t I = 0; I < BatchCount && M && N; ++I) {
      auto [A, X, Y] = Find(I);
      blas::gemv(Op, M, N, Alpha.get(), A, Lda, X, IncX, Beta.get(), Y, IncY);
    }
  });
}

template <typename T>
cublasStatus_t gemvBatched(cublasHandle_t H, cublasOperation_t Trans,
                           int64_t M, int64_t N, const T *Alpha,
                           const T *const As[], int64_t Lda,
                           const T *const Xs[], int64_t IncX, const T *Beta,
                           T *const Ys[], int64_t IncY, int64_t BatchCount) {
  return gemvEach(H, Trans, M, N, Alpha, Lda, IncX, Beta, IncY, BatchCount,
                  [=](int64_t I) {
                    return std::make_tuple(As[I], Xs[I], Ys[I]);
                  });
}

template <typename T>
cublasStatus_t gemvStridedBatched(cublasHandle_t H, cublasOperation_t Trans,
                                  int64_t M, int64_t N, const T *Alpha,
                                  const T *A, int64_t Lda, long long StrideA,
                                  const T *X, int64_t IncX, long long StrideX,
                                  const T *Beta, T *Y, int64_t IncY,
                                  long long StrideY, int64_t BatchCount) {
  return gemvEach(H, Trans, M, N, Alpha, Lda, IncX, Beta, IncY, BatchCount,
                  [=](int64_t I) {
                    return std::make_tuple(A + I * StrideA, X + I * StrideX,
                                           Y + I * StrideY);
                  });
}

} // namespace


extern "C" {
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMV, gemv_v2,
             gemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GBMV, gbmv_v2,
             gbmv(handle, trans, m, n, kl, ku, alpha, A, lda, x, incx, beta, y,
                  incy))
MM_CUBLAS_EACH_REAL(__MM_CUBLAS_GER, ger_v2,
             ger<false>(handle, m, n, alpha, x, incx, y, incy, A, lda))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_GER, geru_v2,
                ger<false>(handle, m, n, alpha, x, incx, y, incy, A, lda))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_GER, gerc_v2,
                ger<true>(handle, m, n, alpha, x, incx, y, incy, A, lda))
MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SYMV, symv_v2,
             hemv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SYMV, hemv_v2,
                hemv(handle, uplo, n, alpha, A, lda, x, incx, beta, y, incy))
MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SBMV, sbmv_v2,
             hbmv(handle, uplo, n, k, alpha, A, lda, x, incx, beta, y, incy))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SBMV, hbmv_v2,
                hbmv(handle, uplo, n, k, alpha, A, lda, x, incx, beta, y,
                     incy))
MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SPMV, spmv_v2,
             hpmv(handle, uplo, n, alpha, AP, x, incx, beta, y, incy))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SPMV, hpmv_v2,
                hpmv(handle, uplo, n, alpha, AP, x, incx, beta, y, incy))
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SYR, cublasSsyr_v2,
               her(handle, uplo, n, alpha, x, incx, A, lda), float, float)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SYR, cublasDsyr_v2,
               her(handle, uplo, n, alpha, x, incx, A, lda), double, double)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SYR, cublasCher_v2,
               her(handle, uplo, n, alpha, x, incx, A, lda), cuComplex, float)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SYR, cublasZher_v2,
               her(handle, uplo, n, alpha, x, incx, A, lda), cuDoubleComplex,
               double)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SPR, cublasSspr_v2,
               hpr(handle, uplo, n, alpha, x, incx, AP), float, float)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SPR, cublasDspr_v2,
               hpr(handle, uplo, n, alpha, x, incx, AP), double, double)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SPR, cublasChpr_v2,
               hpr(handle, uplo, n, alpha, x, incx, AP), cuComplex, float)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SPR, cublasZhpr_v2,
               hpr(handle, uplo, n, alpha, x, incx, AP), cuDoubleComplex,
               double)
MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SYR2, syr2_v2,
             her2(handle, uplo, n, alpha, x, incx, y, incy, A, lda))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SYR2, her2_v2,
                her2(handle, uplo, n, alpha, x, incx, y, incy, A, lda))
MM_CUBLAS_EACH_REAL(__MM_CUBLAS_SPR2, spr2_v2,
             hpr2(handle, uplo, n, alpha, x, incx, y, incy, AP))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SPR2, hpr2_v2,
                hpr2(handle, uplo, n, alpha, x, incx, y, incy, AP))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRMV, trmv_v2,
             trmv<Triangular::Multiply>(handle, uplo, trans, diag, n, A, lda,
                                        x, incx))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRMV, trsv_v2,
             trmv<Triangular::Solve>(handle, uplo, trans, diag, n, A, lda, x,
                                     incx))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TBMV, tbmv_v2,
             tbmv<Triangular::Multiply>(handle, uplo, trans, diag, n, k, A,
                                        lda, x, incx))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TBMV, tbsv_v2,
             tbmv<Triangular::Solve>(handle, uplo, trans, diag, n, k, A, lda,
                                     x, incx))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TPMV, tpmv_v2,
             tpmv<Triangular::Multiply>(handle, uplo, trans, diag, n, AP, x,
                                        incx))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TPMV, tpsv_v2,
             tpmv<Triangular::Solve>(handle, uplo, trans, diag, n, AP, x,
                                     incx))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMV_BATCHED, gemvBatched,
             gemvBatched(handle, trans, m, n, alpha, Aarray, lda, xarray, incx,
                         beta, yarray, incy, batchCount))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMV_STRIDED_BATCHED, gemvStridedBatched,
             gemvStridedBatched(handle, trans, m, n, alpha, A, lda, strideA, x,
                                incx, stridex, beta, y, incy, stridey,
                                batchCount))
} // extern "C"
