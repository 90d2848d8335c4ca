//===- Level3.cpp - cuBLAS's matrix-matrix routines -----------------------===//
//
// Level 3: GEMM (single, batched, strided batched), symmetric and Hermitian
// products and rank-k updates, triangular products and solves, and
// cuBLAS's extensions geam (C = alpha op(A) + beta op(B)) and dgmm (a
// product with a diagonal matrix), with cuBLAS's checks of their arguments
// and its quick returns. cuBLAS's trmm writes C, not B.
//
//===----------------------------------------------------------------------===//

#include "Handle.h"

#include <cstring>
#include <tuple>

using namespace mm::cublas;

namespace {

/// GEMM's checks: op(A) is m x k, op(B) k x n, C m x n.
bool isValidGemm(cublasOperation_t TransA, cublasOperation_t TransB,
                 int64_t M, int64_t N, int64_t K, int64_t Lda, int64_t Ldb,
                 int64_t Ldc, blas::Op &OpA, blas::Op &OpB) {
  return toBlas(TransA, OpA) && toBlas(TransB, OpB) && M >= 0 && N >= 0 &&
         K >= 0 && Lda >= leastLeading(storedRows(TransA, M, K)) &&
         Ldb >= leastLeading(storedRows(TransB, K, N)) &&
         Ldc >= leastLeading(M);
}

/// The GEMMs, one or many, each problem's operands found by \p Find(I).
template <typename T, typename Operands>
cublasStatus_t gemmEach(cublasHandle_t H, cublasOperation_t TransA,
                        cublasOperation_t TransB, int64_t M, int64_t N,
                        int64_t K, const T *Alpha, int64_t Lda, int64_t Ldb,
                        const T *Beta, int64_t Ldc, int64_t BatchCount,
                        Operands Find) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Op OpA, OpB;
  MM_CUBLAS_INVALID_IF(!isValidGemm(TransA, TransB, M, N, K, Lda, Ldb, Ldc,
                                    OpA, OpB) ||
                       BatchCount < 0 || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(M, N, K, Lda, Ldb, Ldc);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    for (int64_t I = 0; I < BatchCount && M && N; ++I) {
      auto [A, B, C] = Find(I);
      blas::gemm(OpA, OpB, M, N, K, Alpha.get(), A, Lda, B, Ldb, Beta.get(), C,
                 Ldc);
    }
  });
}

template <typename T>
cublasStatus_t gemm(cublasHandle_t H, cublasOperation_t TransA,
                    cublasOperation_t TransB, int64_t M, int64_t N, int64_t K,
                    const T *Alpha, const T *A, int64_t Lda, const T *B,
                    int64_t Ldb, const T *Beta, T *C, int64_t Ldc) {
  return gemmEach(H, TransA, TransB, M, N, K, Alpha, Lda, Ldb, Beta, Ldc, 1,
                  [=](int64_t) { return std::make_tuple(A, B, C); });
}

template <typename T>
cublasStatus_t gemmBatched(cublasHandle_t H, cublasOperation_t TransA,
                           cublasOperation_t TransB, int64_t M, int64_t N,
                           int64_t K, const T *Alpha, const T *const As[],
                           int64_t Lda, const T *const Bs[], int64_t Ldb,
                           const T *Beta, T *const Cs[], int64_t Ldc,
                           int64_t BatchCount) {
  return gemmEach(H, TransA, TransB, M, N, K, Alpha, Lda, Ldb, Beta, Ldc,
                  BatchCount, [=](int64_t I) {
                    return std::make_tuple(As[I], Bs[I], Cs[I]);
                  });
}

template <typename T>
cublasStatus_t gemmStridedBatched(cublasHandle_t H, cublasOperation_t TransA,
                                  cublasOperation_t TransB, int64_t M,
                                  int64_t N, int64_t K, const T *Alpha,
                                  const T *A, int64_t Lda, long long StrideA,
                                  const T *B, int64_t Ldb, long long StrideB,
                                  const T *Beta, T *C, int64_t Ldc,
                                  long long StrideC, int64_t BatchCount) {
  return gemmEach(H, TransA, TransB, M, N, K, Alpha, Lda, Ldb, Beta, Ldc,
                  BatchCount, [=](int64_t I) {
                    return std::make_tuple(A + I * StrideA, B + I * StrideB,
                                           C + I * StrideC);
                  });
}

/// symm (Hermitian = false) and hemm.
template <bool Hermitian, typename T>
cublasStatus_t symm(cublasHandle_t H, cublasSideMode_t SideMode,
                    cublasFillMode_t Fill, int64_t M, int64_t N,
                    const T *Alpha, const T *A, int64_t Lda, const T *B,
                    int64_t Ldb, const T *Beta, T *C, int64_t Ldc) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Side Side;
  blas::Uplo Uplo;
  MM_CUBLAS_INVALID_IF(
      !toBlas(SideMode, Side) || !toBlas(Fill, Uplo) || M < 0 || N < 0 ||
      Lda < leastLeading(SideMode == CUBLAS_SIDE_LEFT ? M : N) ||
      Ldb < leastLeading(M) || Ldc < leastLeading(M) || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(M, N, Lda, Ldb, Ldc);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    if (!M || !N)
      return;
    if constexpr (Hermitian)
      blas::hemm(Side, Uplo, M, N, Alpha.get(), A, Lda, B, Ldb, Beta.get(), C,
                 Ldc);
    else
      blas::symm(Side, Uplo, M, N, Alpha.get(), A, Lda, B, Ldb, Beta.get(), C,
                 Ldc);
  });
}

/// syrk and herk (Hermitian, whose scalars are real).
template <bool Hermitian, typename T, typename S>
cublasStatus_t syrk(cublasHandle_t H, cublasFillMode_t Fill,
                    cublasOperation_t Trans, int64_t N, int64_t K,
                    const S *Alpha, const T *A, int64_t Lda, const S *Beta,
                    T *C, int64_t Ldc) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  blas::Op Op;
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || !toBlas(Trans, Op) || N < 0 ||
                       K < 0 || Lda < leastLeading(storedRows(Trans, N, K)) ||
                       Ldc < leastLeading(N) || !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(N, K, Lda, Ldc);
  return issue(H, [=, Alpha = Scalar<S>(H, Alpha), Beta = Scalar<S>(H, Beta)] {
    if (!N)
      return;
    if constexpr (Hermitian)
      blas::herk(Uplo, Op, N, K, Alpha.get(), A, Lda, Beta.get(), C, Ldc);
    else
      blas::syrk(Uplo, Op, N, K, Alpha.get(), A, Lda, Beta.get(), C, Ldc);
  });
}

/// syr2k and her2k (Hermitian, whose beta is real).
template <bool Hermitian, typename T, typename S>
cublasStatus_t syr2k(cublasHandle_t H, cublasFillMode_t Fill,
                     cublasOperation_t Trans, int64_t N, int64_t K,
                     const T *Alpha, const T *A, int64_t Lda, const T *B,
                     int64_t Ldb, const S *Beta, T *C, int64_t Ldc) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Uplo Uplo;
  blas::Op Op;
  int64_t Rows = storedRows(Trans, N, K);
  MM_CUBLAS_INVALID_IF(!toBlas(Fill, Uplo) || !toBlas(Trans, Op) || N < 0 ||
                       K < 0 || Lda < leastLeading(Rows) ||
                       Ldb < leastLeading(Rows) || Ldc < leastLeading(N) ||
                       !Alpha || !Beta);
  MM_CUBLAS_NEED_BLAS_INT(N, K, Lda, Ldb, Ldc);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<S>(H, Beta)] {
    if (!N)
      return;
    if constexpr (Hermitian)
      blas::her2k(Uplo, Op, N, K, Alpha.get(), A, Lda, B, Ldb, Beta.get(), C,
                  Ldc);
    else
      blas::syr2k(Uplo, Op, N, K, Alpha.get(), A, Lda, B, Ldb, Beta.get(), C,
                  Ldc);
  });
}

/// The checks of trmm and trsm: A is triangular, m x m on the left of B or
/// n x n on its right.
bool isValidTriangular(cublasSideMode_t SideMode, cublasFillMode_t Fill,
                       cublasOperation_t Trans, cublasDiagType_t DiagType,
                       int64_t M, int64_t N, int64_t Lda, int64_t Ldb,
                       blas::Side &Side, blas::Uplo &Uplo, blas::Op &Op,
                       blas::Diag &Diag) {
  return toBlas(SideMode, Side) && toBlas(Fill, Uplo) && toBlas(Trans, Op) &&
         toBlas(DiagType, Diag) && M >= 0 && N >= 0 &&
         Lda >= leastLeading(SideMode == CUBLAS_SIDE_LEFT ? M : N) &&
         Ldb >= leastLeading(M);
}

template <typename T>
cublasStatus_t trmm(cublasHandle_t H, cublasSideMode_t SideMode,
                    cublasFillMode_t Fill, cublasOperation_t Trans,
                    cublasDiagType_t DiagType, int64_t M, int64_t N,
                    const T *Alpha, const T *A, int64_t Lda, const T *B,
                    int64_t Ldb, T *C, int64_t Ldc) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Side Side;
  blas::Uplo Uplo;
  blas::Op Op;
  blas::Diag Diag;
  MM_CUBLAS_INVALID_IF(!isValidTriangular(SideMode, Fill, Trans, DiagType, M,
                                          N, Lda, Ldb, Side, Uplo, Op, Diag) ||
                       Ldc < leastLeading(M) || !Alpha);
  MM_CUBLAS_NEED_BLAS_INT(M, N, Lda, Ldb, Ldc);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha)] {
    if (!M || !N)
      return;
    // C = B, then C = alpha op(A) C (or C op(A)) in place.
    if (C != B)
      for (int64_t J = 0; J < N; ++J)
        std::memmove(C + J * Ldc, B + J * Ldb, M * sizeof(T));
    blas::trmm(Side, Uplo, Op, Diag, M, N, Alpha.get(), A, Lda, C, Ldc);
  });
}

/// trsm, once or for each of a batch, each problem's A and B found by
/// \p Find(I).
template <typename T, typename Operands>
cublasStatus_t trsmEach(cublasHandle_t H, cublasSideMode_t SideMode,
                        cublasFillMode_t Fill, cublasOperation_t Trans,
                        cublasDiagType_t DiagType, int64_t M, int64_t N,
                        const T *Alpha, int64_t Lda, int64_t Ldb,
                        int64_t BatchCount, Operands Find) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Side Side;
  blas::Uplo Uplo;
  blas::Op Op;
  blas::Diag Diag;
  MM_CUBLAS_INVALID_IF(!isValidTriangular(SideMode, Fill, Trans, DiagType, M,
                                          N, Lda, Ldb, Side, Uplo, Op, Diag) ||
                       BatchCount < 0 || !Alpha);
  MM_CUBLAS_NEED_BLAS_INT(M, N, Lda, Ldb);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha)] {
    for (int64_t I = 0; I < BatchCount && M && N; ++I) {
      auto [A, B] = Find(I);
      blas::trsm(Side, Uplo, Op, Diag, M, N, Alpha.get(), A, Lda, B, Ldb);
    }
  });
}

template <typename T>
cublasStatus_t trsm(cublasHandle_t H, cublasSideMode_t Side,
                    cublasFillMode_t Fill, cublasOperation_t Trans,
                    cublasDiagType_t Diag, int64_t M, int64_t N,
                    const T *Alpha, const T *A, int64_t Lda, T *B,
                    int64_t Ldb) {
  return trsmEach(H, Side, Fill, Trans, Diag, M, N, Alpha, Lda, Ldb, 1,
                  [=](int64_t) { return std::make_tuple(A, B); });
}

template <typename T>
cublasStatus_t trsmBatched(cublasHandle_t H, cublasSideMode_t Side,
                           cublasFillMode_t Fill, cublasOperation_t Trans,
                           cublasDiagType_t Diag, int64_t M, int64_t N,
                           const T *Alpha, const T *const As[], int64_t Lda,
                           T *const Bs[], int64_t Ldb, int64_t BatchCount) {
  return trsmEach(H, Side, Fill, Trans, Diag, M, N, Alpha, Lda, Ldb,
                  BatchCount,
                  [=](int64_t I) { return std::make_tuple(As[I], Bs[I]); });
}

/// Element (I, J) of op(A), with A stored column-major.
template <typename T>
blas::ArithmeticOf<T> elementOf(cublasOperation_t Op, const T *A, int64_t Lda,
                                int64_t I, int64_t J) {
  using Value = blas::ArithmeticOf<T>;
  const Value *Values = reinterpret_cast<const Value *>(A);
  if (Op == CUBLAS_OP_N)
    return Values[I + J * Lda];
  Value V = Values[J + I * Lda];
  if constexpr (blas::IsComplex<T>)
    if (Op == CUBLAS_OP_C)
      return std::conj(V);
  return V;
}

template <typename T>
cublasStatus_t geam(cublasHandle_t H, cublasOperation_t TransA,
                    cublasOperation_t TransB, int64_t M, int64_t N,
                    const T *Alpha, const T *A, int64_t Lda, const T *Beta,
                    const T *B, int64_t Ldb, T *C, int64_t Ldc) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Op OpA, OpB;
  MM_CUBLAS_INVALID_IF(!toBlas(TransA, OpA) || !toBlas(TransB, OpB) || M < 0 ||
                       N < 0 || Lda < leastLeading(storedRows(TransA, M, N)) ||
                       Ldb < leastLeading(storedRows(TransB, M, N)) ||
                       Ldc < leastLeading(M) || !Alpha || !Beta);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha), Beta = Scalar<T>(H, Beta)] {
    using Value = blas::ArithmeticOf<T>;
    T AlphaValue = Alpha.get(), BetaValue = Beta.get();
    Value AlphaOf = *reinterpret_cast<const Value *>(&AlphaValue);
    Value BetaOf = *reinterpret_cast<const Value *>(&BetaValue);
    Value *Out = reinterpret_cast<Value *>(C);
    // A matrix whose scalar is 0 is not read, as in cuBLAS.
    for (int64_t J = 0; J < N; ++J)
      for (int64_t I = 0; I < M; ++I) {
        Value Sum(0);
        if (AlphaOf != Value(0))
          Sum += AlphaOf * elementOf(TransA, A, Lda, I, J);
        if (BetaOf != Value(0))
          Sum += BetaOf * elementOf(TransB, B, Ldb, I, J);
        Out[I + J * Ldc] = Sum;
      }
  });
}

template <typename T>
cublasStatus_t dgmm(cublasHandle_t H, cublasSideMode_t Mode, int64_t M,
                    int64_t N, const T *A, int64_t Lda, const T *X,
                    int64_t IncX, T *C, int64_t Ldc) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF((Mode != CUBLAS_SIDE_LEFT &&
                        Mode != CUBLAS_SIDE_RIGHT) ||
                       M < 0 || N < 0 || Lda < leastLeading(M) ||
                       Ldc < leastLeading(M));
  return issue(H, [=] {
    using Value = blas::ArithmeticOf<T>;
    const Value *In = reinterpret_cast<const Value *>(A);
    const Value *Diagonal = reinterpret_cast<const Value *>(X);
    Value *Out = reinterpret_cast<Value *>(C);
    int64_t Length = Mode == CUBLAS_SIDE_LEFT ? M : N;
    int64_t First = blas::firstIndex(Length, IncX);
    for (int64_t J = 0; J < N; ++J)
      for (int64_t I = 0; I < M; ++I) {
        int64_t K = Mode == CUBLAS_SIDE_LEFT ? I : J;
        Out[I + J * Ldc] = In[I + J * Lda] * Diagonal[First + K * IncX];
      }
  });
}

} // namespace

extern "C" {
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMM, gemm_v2,
                    gemm(handle, transa, transb, m, n, k, alpha, A, lda, B,
                         ldb, beta, C, ldc))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_GEMM, gemm3m,
                       gemm(handle, transa, transb, m, n, k, alpha, A, lda, B,
                            ldb, beta, C, ldc))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMM_BATCHED, gemmBatched,
                    gemmBatched(handle, transa, transb, m, n, k, alpha, Aarray,
                                lda, Barray, ldb, beta, Carray, ldc,
                                batchCount))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEMM_STRIDED_BATCHED, gemmStridedBatched,
                    gemmStridedBatched(handle, transa, transb, m, n, k, alpha,
                                       A, lda, strideA, B, ldb, strideB, beta,
                                       C, ldc, strideC, batchCount))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_SYMM, symm_v2,
                    symm<false>(handle, side, uplo, m, n, alpha, A, lda, B,
                                ldb, beta, C, ldc))
MM_CUBLAS_EACH_COMPLEX(__MM_CUBLAS_SYMM, hemm_v2,
                       symm<true>(handle, side, uplo, m, n, alpha, A, lda, B,
                                  ldb, beta, C, ldc))
#define MM_SYRK(Prefix, Hermitian, T, S)                                       \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SYRK, Prefix##k_v2,                        \
                        syrk<Hermitian>(handle, uplo, trans, n, k, alpha, A,   \
                                        lda, beta, C, ldc),                    \
                        T, S)                                                  \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SYR2K, Prefix##2k_v2,                      \
                        syr2k<Hermitian>(handle, uplo, trans, n, k, alpha, A,  \
                                         lda, B, ldb, beta, C, ldc),           \
                        T, S)
MM_SYRK(cublasSsyr, false, float, float)
MM_SYRK(cublasDsyr, false, double, double)
MM_SYRK(cublasCsyr, false, cuComplex, cuComplex)
MM_SYRK(cublasZsyr, false, cuDoubleComplex, cuDoubleComplex)
MM_SYRK(cublasCher, true, cuComplex, float)
MM_SYRK(cublasZher, true, cuDoubleComplex, double)
#undef MM_SYRK
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRMM, trmm_v2,
                    trmm(handle, side, uplo, trans, diag, m, n, alpha, A, lda,
                         B, ldb, C, ldc))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRSM, trsm_v2,
                    trsm(handle, side, uplo, trans, diag, m, n, alpha, A, lda,
                         B, ldb))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_TRSM_BATCHED, trsmBatched,
                    trsmBatched(handle, side, uplo, trans, diag, m, n, alpha,
                                A, lda, B, ldb, batchCount))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_GEAM, geam,
                    geam(handle, transa, transb, m, n, alpha, A, lda, beta, B,
                         ldb, C, ldc))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_DGMM, dgmm,
                    dgmm(handle, mode, m, n, A, lda, x, incx, C, ldc))
} // extern "C"
