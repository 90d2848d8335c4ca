//===- Solvers.cpp - cuBLAS's batched LU, inverse, QR and least squares ---===//
//
// The batched solvers of small systems, with LAPACK's (OpenBLAS's) routines
// for each matrix of a batch: LU factorization, with or without pivoting
// (P null, which LAPACK lacks), solves from it, inverses, QR and
// overdetermined least squares. As in cuBLAS, a per-matrix info reports a
// singular factor (the first zero pivot, from 1), and the host info of
// getrs, geqrf and gels the first invalid argument (negated).
//
//===----------------------------------------------------------------------===//

#include "Handle.h"

#include <cstring>
#include <numeric>
#include <vector>

using namespace mm::cublas;

namespace {

/// LU factorization of the \p N x \p N matrix \p A in place without row
/// exchanges; the first zero pivot (from 1) in \p Info, else 0.
template <typename T> void factorWithoutPivoting(int N, T *A, int Lda,
                                                 int *Info) {
  using Value = blas::ArithmeticOf<T>;
  Value *M = reinterpret_cast<Value *>(A);
  *Info = 0;
  for (int K = 0; K < N; ++K) {
    Value Pivot = M[K + K * Lda];
    if (Pivot == Value(0)) {
      if (!*Info)
        *Info = K + 1;
      continue;
    }
    for (int I = K + 1; I < N; ++I)
      M[I + K * Lda] /= Pivot;
    for (int J = K + 1; J < N; ++J)
      for (int I = K + 1; I < N; ++I)
        M[I + J * Lda] -= M[I + K * Lda] * M[K + J * Lda];
  }
}

/// The size of the work array that a LAPACK routine asks for in \p Query.
template <typename T> int workSize(T Query) {
  if constexpr (blas::IsComplex<T>)
    return std::max(1, int(Query.x));
  else
    return std::max(1, int(Query));
}

template <typename T>
cublasStatus_t getrfBatched(cublasHandle_t H, int N, T *const As[], int Lda,
                            int *Pivots, int *Infos, int BatchSize) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(N < 0 || Lda < leastLeading(N) || BatchSize < 0 ||
                       !Infos);
  return issue(H, [=] {
    for (int I = 0; I < BatchSize; ++I) {
      if (Pivots)
        blas::getrf(N, N, As[I], Lda, Pivots + I * N, &Infos[I]);
      else
        factorWithoutPivoting(N, As[I], Lda, &Infos[I]);
    }
  });
}

template <typename T>
cublasStatus_t getrsBatched(cublasHandle_t H, cublasOperation_t Trans, int N,
                            int Nrhs, const T *const As[], int Lda,
                            const int *Pivots, T *const Bs[], int Ldb,
                            int *Info, int BatchSize) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Info);
  // The first invalid argument, counted as cuBLAS counts them.
  blas::Op Op;
  *Info = !toBlas(Trans, Op)             ? -1
          : N < 0                        ? -2
          : Nrhs < 0                     ? -3
          : Lda < leastLeading(N)        ? -5
          : Ldb < leastLeading(N)        ? -8
          : BatchSize < 0                ? -10
                                         : 0;
  if (*Info)
    return CUBLAS_STATUS_INVALID_VALUE;
  return issue(H, [=] {
    char TransChar = "NTC"[Trans];
    for (int I = 0; I < BatchSize && N && Nrhs; ++I) {
      if (Pivots) {
        int Ignored;
        blas::getrs(TransChar, N, Nrhs, As[I], Lda, Pivots + I * N, Bs[I],
                    Ldb, &Ignored);
        continue;
      }
      // A = L U: solve L U x = b, or U^T L^T x = b.
      T One{};
      *reinterpret_cast<blas::RealOf<T> *>(&One) = 1;
      bool Plain = Trans == CUBLAS_OP_N;
      blas::trsm(CblasLeft, Plain ? CblasLower : CblasUpper, Op,
                 Plain ? CblasUnit : CblasNonUnit, N, Nrhs, One, As[I], Lda,
                 Bs[I], Ldb);
      blas::trsm(CblasLeft, Plain ? CblasUpper : CblasLower, Op,
                 Plain ? CblasNonUnit : CblasUnit, N, Nrhs, One, As[I], Lda,
                 Bs[I], Ldb);
    }
  });
}

/// C = the inverse of A from its LU factors (in place in C, which holds
/// them), with pivots \p Pivots or none.
template <typename T>
void invertFactors(int N, T *C, int Ldc, const int *Pivots, int *Info) {
  std::vector<int> Identity;
  if (!Pivots) {
    Identity.resize(N);
    std::iota(Identity.begin(), Identity.end(), 1);
    Pivots = Identity.data();
  }
  T Query;
  blas::getri(N, C, Ldc, Pivots, &Query, -1, Info);
  std::vector<T> Work(workSize(Query));
  blas::getri(N, C, Ldc, Pivots, Work.data(), Work.size(), Info);
}

template <typename T>
void copyMatrix(int N, const T *From, int FromLeading, T *To, int ToLeading) {
  if (From != To)
    for (int J = 0; J < N; ++J)
      std::memmove(To + J * ToLeading, From + J * FromLeading, N * sizeof(T));
}

template <typename T>
cublasStatus_t getriBatched(cublasHandle_t H, int N, const T *const As[],
                            int Lda, const int *Pivots, T *const Cs[], int Ldc,
                            int *Infos, int BatchSize) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(N < 0 || Lda < leastLeading(N) ||
                       Ldc < leastLeading(N) || BatchSize < 0 || !Infos);
  return issue(H, [=] {
    for (int I = 0; I < BatchSize; ++I) {
      Infos[I] = 0;
      if (!N)
        continue;
      copyMatrix(N, As[I], Lda, Cs[I], Ldc);
      invertFactors(N, Cs[I], Ldc, Pivots ? Pivots + I * N : nullptr,
                    &Infos[I]);
    }
  });
}

template <typename T>
cublasStatus_t matinvBatched(cublasHandle_t H, int N, const T *const As[],
                             int Lda, T *const Inverses[], int LdaInverse,
                             int *Infos, int BatchSize) {
  MM_CUBLAS_CHECK_HANDLE(H);
  // cuBLAS inverts matrices of at most 32 rows with this routine.
  MM_CUBLAS_INVALID_IF(N < 0 || N > 32 || Lda < leastLeading(N) ||
                       LdaInverse < leastLeading(N) || BatchSize < 0 ||
                       !Infos);
  return issue(H, [=] {
    std::vector<int> Pivots(N);
    for (int I = 0; I < BatchSize; ++I) {
      Infos[I] = 0;
      if (!N)
        continue;
      copyMatrix(N, As[I], Lda, Inverses[I], LdaInverse);
      blas::getrf(N, N, Inverses[I], LdaInverse, Pivots.data(), &Infos[I]);
      if (!Infos[I])
        invertFactors(N, Inverses[I], LdaInverse, Pivots.data(), &Infos[I]);
    }
  });
}

template <typename T>
cublasStatus_t geqrfBatched(cublasHandle_t H, int M, int N, T *const As[],
                            int Lda, T *const Taus[], int *Info,
                            int BatchSize) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Info);
  *Info = M < 0                   ? -1
          : N < 0                 ? -2
          : Lda < leastLeading(M) ? -4
          : BatchSize < 0         ? -7
                                  : 0;
  if (*Info)
    return CUBLAS_STATUS_INVALID_VALUE;
  return issue(H, [=] {
    for (int I = 0; I < BatchSize && M && N; ++I) {
      T Query;
      int Result;
      blas::geqrf(M, N, As[I], Lda, Taus[I], &Query, -1, &Result);
      std::vector<T> Work(workSize(Query));
      blas::geqrf(M, N, As[I], Lda, Taus[I], Work.data(), Work.size(),
                  &Result);
    }
  });
}

template <typename T>
cublasStatus_t gelsBatched(cublasHandle_t H, cublasOperation_t Trans, int M,
                           int N, int Nrhs, T *const As[], int Lda,
                           T *const Cs[], int Ldc, int *Info, int *DevInfos,
                           int BatchSize) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Info);
  // cuBLAS solves overdetermined systems (m >= n) without transposition.
  *Info = Trans != CUBLAS_OP_N     ? -1
          : M < 0                  ? -2
          : N < 0 || N > M         ? -3
          : Nrhs < 0               ? -4
          : Lda < leastLeading(M)  ? -6
          : Ldc < leastLeading(M)  ? -8
          : BatchSize < 0          ? -11
                                   : 0;
  if (*Info)
    return CUBLAS_STATUS_INVALID_VALUE;
  return issue(H, [=] {
    for (int I = 0; I < BatchSize; ++I) {
      int Result = 0;
      if (M && N && Nrhs) {
        T Query;
        blas::gels('N', M, N, Nrhs, As[I], Lda, Cs[I], Ldc, &Query, -1,
                   &Result);
        std::vector<T> Work(workSize(Query));
        blas::gels('N', M, N, Nrhs, As[I], Lda, Cs[I], Ldc, Work.data(),
                   Work.size(), &Result);
      }
      if (DevInfos)
        DevInfos[I] = Result;
    }
  });
}

} // namespace

extern "C" {
#define MM_SOLVERS(Prefix, T)                                                  \
  __MM_CUBLAS_GETRF_BATCHED(cublas##Prefix##getrfBatched, T) {                 \
    return getrfBatched(handle, n, A, lda, P, info, batchSize);                \
  }                                                                            \
  __MM_CUBLAS_GETRS_BATCHED(cublas##Prefix##getrsBatched, T) {                 \
    return getrsBatched(handle, trans, n, nrhs, Aarray, lda, devIpiv, Barray,  \
                        ldb, info, batchSize);                                 \
  }                                                                            \
  __MM_CUBLAS_GETRI_BATCHED(cublas##Prefix##getriBatched, T) {                 \
    return getriBatched(handle, n, A, lda, P, C, ldc, info, batchSize);        \
  }                                                                            \
  __MM_CUBLAS_MATINV_BATCHED(cublas##Prefix##matinvBatched, T) {               \
    return matinvBatched(handle, n, A, lda, Ainv, lda_inv, info, batchSize);   \
  }                                                                            \
  __MM_CUBLAS_GEQRF_BATCHED(cublas##Prefix##geqrfBatched, T) {                 \
    return geqrfBatched(handle, m, n, Aarray, lda, TauArray, info, batchSize); \
  }                                                                            \
  __MM_CUBLAS_GELS_BATCHED(cublas##Prefix##gelsBatched, T) {                   \
    return gelsBatched(handle, trans, m, n, nrhs, Aarray, lda, Carray, ldc,    \
                       info, devInfoArray, batchSize);                         \
  }
MM_SOLVERS(S, float)
MM_SOLVERS(D, double)
MM_SOLVERS(C, cuComplex)
MM_SOLVERS(Z, cuDoubleComplex)
#undef MM_SOLVERS
} // extern "C"
