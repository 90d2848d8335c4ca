//===- Legacy.cpp - cuSPARSE's legacy routines ----------------------------===//
//
// The routines of cuSPARSE's first API that programs still call: nnz of a
// dense matrix, the identity permutation, csrsort, gthr (CUDA 11's),
// Csr2cscEx2 and ILU(0) (csrilu02), each as its definition says, on
// 32-bit indices with the matrix descriptor's base.
//
//===----------------------------------------------------------------------===//

#include "Sparse.h"

#include <algorithm>
#include <new>
#include <numeric>

using namespace mm;
using namespace mm::cusparse;

/// The bytes of one value of \p Type, or 0 for a type cuSPARSE does not
/// convert.
static size_t valueSize(cudaDataType Type) {
  switch (Type) {
  case CUDA_R_16F:
  case CUDA_R_16BF:
    return 2;
  case CUDA_R_32F:
  case CUDA_C_16F:
  case CUDA_C_16BF:
    return 4;
  case CUDA_R_64F:
  case CUDA_C_32F:
    return 8;
  case CUDA_C_64F:
    return 16;
  default:
    return 0;
  }
}

/// nnz: the nonzero elements of column-major \p A per row or column, and
/// their total.
template <typename T>
static cusparseStatus_t countNonzeros(cusparseHandle_t H,
                                      cusparseDirection_t Dir, int M, int N,
                                      const cusparseMatDescr_t Descr,
                                      const T *A, int Lda, int *PerRowCol,
                                      int *Total) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(M < 0 || N < 0 || Lda < std::max(1, M) || !Descr ||
                         !PerRowCol || !Total ||
                         (Dir != CUSPARSE_DIRECTION_ROW &&
                          Dir != CUSPARSE_DIRECTION_COLUMN));
  if (Descr->Type != CUSPARSE_MATRIX_TYPE_GENERAL)
    return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  return issue(H, [=] {
    int Count = Dir == CUSPARSE_DIRECTION_ROW ? M : N;
    std::fill_n(PerRowCol, Count, 0);
    int Sum = 0;
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I)
        if (A[I + int64_t(J) * Lda] != T(0)) {
          ++PerRowCol[Dir == CUSPARSE_DIRECTION_ROW ? I : J];
          ++Sum;
        }
    *Total = Sum;
  });
}

/// gthr: \p XValues[i] = \p Y[\p XIndices[i]].
template <typename T>
static cusparseStatus_t gather(cusparseHandle_t H, int Nnz, const T *Y,
                               T *XValues, const int *XIndices,
                               cusparseIndexBase_t Base) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(Nnz < 0 || (Nnz && (!Y || !XValues || !XIndices)) ||
                         !isIndexBase(Base));
  return issue(H, [=] {
    for (int I = 0; I < Nnz; ++I)
      XValues[I] = Y[XIndices[I] - indexBase(Base)];
  });
}

/// ILU(0)'s state: the first zero pivot found, a row from the matrix's base,
/// or -1.
struct csrilu02Info {
  int ZeroPivot = -1;
};

/// Records in \p Info the first row of CSR matrix (\p M rows, 0-based
/// \p RowPtr, \p ColInd of \p Base) whose diagonal is not stored.
static void findStructuralZero(int M, const int *RowPtr, const int *ColInd,
                               int Base, csrilu02Info &Info) {
  for (int I = 0; I < M; ++I) {
    bool HasDiagonal = false;
    for (int K = RowPtr[I] - Base; K < RowPtr[I + 1] - Base; ++K)
      HasDiagonal |= ColInd[K] - Base == I;
    if (!HasDiagonal) {
      Info.ZeroPivot = I + Base;
      return;
    }
  }
}

/// ILU(0) of the CSR matrix in place, rows by rows: for each entry (i, k)
/// left of the diagonal, by increasing k, a_ik /= a_kk, then a_ij -= a_ik
/// a_kj for each entry (k, j) right of row k's diagonal that row i also
/// has. Columns need not be sorted. The first zero or missing pivot is
/// recorded in \p Info.
template <typename T>
static void factorize(int M, T *Values, const int *RowPtr, const int *ColInd,
                      int Base, csrilu02Info &Info) {
  std::vector<int64_t> Diagonal(M, -1), Where(M, -1), Left;
  for (int I = 0; I < M; ++I) {
    int64_t Begin = RowPtr[I] - Base, End = RowPtr[I + 1] - Base;
    Left.clear();
    for (int64_t K = Begin; K < End; ++K) {
      Where[ColInd[K] - Base] = K;
      if (ColInd[K] - Base < I)
        Left.push_back(K);
    }
    std::sort(Left.begin(), Left.end(),
              [&](int64_t A, int64_t B) { return ColInd[A] < ColInd[B]; });
    for (int64_t K : Left) {
      int Col = ColInd[K] - Base;
      if (Diagonal[Col] < 0 || Values[Diagonal[Col]] == T(0))
        continue;
      Values[K] /= Values[Diagonal[Col]];
      for (int64_t L = RowPtr[Col] - Base; L < RowPtr[Col + 1] - Base; ++L)
        if (ColInd[L] - Base > Col)
          if (int64_t Target = Where[ColInd[L] - Base]; Target >= 0)
            Values[Target] -= Values[K] * Values[L];
    }
    Diagonal[I] = Where[I];
    if ((Diagonal[I] < 0 || Values[Diagonal[I]] == T(0)) &&
        Info.ZeroPivot < 0)
      Info.ZeroPivot = I + Base;
    for (int64_t K = Begin; K < End; ++K)
      Where[ColInd[K] - Base] = -1;
  }
}

template <typename T>
static cusparseStatus_t checkIlu(cusparseHandle_t H, int M, int Nnz,
                                 const cusparseMatDescr_t Descr,
                                 const T *Values, const int *RowPtr,
                                 const int *ColInd, csrilu02Info_t Info) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(M < 0 || Nnz < 0 || !Descr || !Info || !RowPtr ||
                         (Nnz && (!Values || !ColInd)));
  if (Descr->Type != CUSPARSE_MATRIX_TYPE_GENERAL)
    return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

template <typename T>
static cusparseStatus_t iluBufferSize(cusparseHandle_t H, int M, int Nnz,
                                      const cusparseMatDescr_t Descr,
                                      T *Values, const int *RowPtr,
                                      const int *ColInd, csrilu02Info_t Info,
                                      int *Size) {
  if (cusparseStatus_t S =
          checkIlu(H, M, Nnz, Descr, Values, RowPtr, ColInd, Info))
    return S;
  MM_CUSPARSE_INVALID_IF(!Size);
  *Size = int(WorkBufferSize);
  return CUSPARSE_STATUS_SUCCESS;
}

template <typename T>
static cusparseStatus_t iluAnalysis(cusparseHandle_t H, int M, int Nnz,
                                    const cusparseMatDescr_t Descr,
                                    const T *Values, const int *RowPtr,
                                    const int *ColInd, csrilu02Info_t Info) {
  if (cusparseStatus_t S =
          checkIlu(H, M, Nnz, Descr, Values, RowPtr, ColInd, Info))
    return S;
  return issue(H, [=] {
    Info->ZeroPivot = -1;
    findStructuralZero(M, RowPtr, ColInd, indexBase(Descr->Base), *Info);
  });
}

template <typename T>
static cusparseStatus_t ilu(cusparseHandle_t H, int M, int Nnz,
                            const cusparseMatDescr_t Descr, T *Values,
                            const int *RowPtr, const int *ColInd,
                            csrilu02Info_t Info) {
  if (cusparseStatus_t S =
          checkIlu(H, M, Nnz, Descr, Values, RowPtr, ColInd, Info))
    return S;
  int Base = indexBase(Descr->Base);
  return issue(H, [=] {
    Info->ZeroPivot = -1;
    factorize(M, Values, RowPtr, ColInd, Base, *Info);
  });
}

extern "C" {

#define MM_CUSPARSE_NNZ(Prefix, Type, Internal)                                \
  cusparseStatus_t cusparse##Prefix##nnz(                                      \
      cusparseHandle_t H, cusparseDirection_t Dir, int M, int N,               \
      const cusparseMatDescr_t Descr, const Type *A, int Lda, int *PerRowCol,  \
      int *Total) {                                                            \
    return countNonzeros(H, Dir, M, N, Descr,                                  \
                         reinterpret_cast<const Internal *>(A), Lda,           \
                         PerRowCol, Total);                                    \
  }
MM_CUSPARSE_NNZ(S, float, float)
MM_CUSPARSE_NNZ(D, double, double)
MM_CUSPARSE_NNZ(C, cuComplex, std::complex<float>)
MM_CUSPARSE_NNZ(Z, cuDoubleComplex, std::complex<double>)
#undef MM_CUSPARSE_NNZ

#define MM_CUSPARSE_GTHR(Prefix, Type, Internal)                               \
  cusparseStatus_t cusparse##Prefix##gthr(cusparseHandle_t H, int Nnz,         \
                                          const Type *Y, Type *XValues,        \
                                          const int *XIndices,                 \
                                          cusparseIndexBase_t Base) {          \
    return gather(H, Nnz, reinterpret_cast<const Internal *>(Y),               \
                  reinterpret_cast<Internal *>(XValues), XIndices, Base);      \
  }
MM_CUSPARSE_GTHR(S, float, float)
MM_CUSPARSE_GTHR(D, double, double)
MM_CUSPARSE_GTHR(C, cuComplex, std::complex<float>)
MM_CUSPARSE_GTHR(Z, cuDoubleComplex, std::complex<double>)
#undef MM_CUSPARSE_GTHR

cusparseStatus_t cusparseCreateIdentityPermutation(cusparseHandle_t H, int N,
                                                   int *P) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(N < 0 || (N && !P));
  return issue(H, [=] { std::iota(P, P + N, 0); });
}

cusparseStatus_t cusparseXcsrsort_bufferSizeExt(cusparseHandle_t H, int M,
                                                int N, int Nnz,
                                                const int *RowPtr,
                                                const int *ColInd,
                                                size_t *Size) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(M < 0 || N < 0 || Nnz < 0 || !RowPtr ||
                         (Nnz && !ColInd) || !Size);
  *Size = WorkBufferSize;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseXcsrsort(cusparseHandle_t H, int M, int N, int Nnz,
                                  const cusparseMatDescr_t Descr,
                                  const int *RowPtr, int *ColInd, int *P,
                                  void *) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(M < 0 || N < 0 || Nnz < 0 || !Descr || !RowPtr ||
                         (Nnz && (!ColInd || !P)));
  int Base = indexBase(Descr->Base);
  return issue(H, [=] {
    // Each row's columns sorted, and the permutation moved with them; equal
    // columns keep their order.
    std::vector<int> Order, Columns, Permutation;
    for (int I = 0; I < M; ++I) {
      int Begin = RowPtr[I] - Base, End = RowPtr[I + 1] - Base;
      Order.resize(End - Begin);
      std::iota(Order.begin(), Order.end(), Begin);
      std::sort(Order.begin(), Order.end(), [&](int A, int B) {
        return std::make_pair(ColInd[A], A) < std::make_pair(ColInd[B], B);
      });
      Columns.clear();
      Permutation.clear();
      for (int K : Order) {
        Columns.push_back(ColInd[K]);
        Permutation.push_back(P[K]);
      }
      std::copy(Columns.begin(), Columns.end(), ColInd + Begin);
      std::copy(Permutation.begin(), Permutation.end(), P + Begin);
    }
  });
}

/// Checks Csr2cscEx2's arguments; the size of one value in \p Size.
static cusparseStatus_t checkCsr2csc(cusparseHandle_t H, int M, int N, int Nnz,
                                     const void *CsrVal, const int *CsrRowPtr,
                                     const int *CsrColInd, void *CscVal,
                                     int *CscColPtr, int *CscRowInd,
                                     cudaDataType ValueType,
                                     cusparseAction_t Action,
                                     cusparseIndexBase_t Base, size_t &Size) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  bool Numeric = Action == CUSPARSE_ACTION_NUMERIC;
  MM_CUSPARSE_INVALID_IF(M < 0 || N < 0 || Nnz < 0 || !CsrRowPtr ||
                         !CscColPtr ||
                         (Nnz && (!CsrColInd || !CscRowInd)) ||
                         (Numeric && Nnz && (!CsrVal || !CscVal)) ||
                         (!Numeric && Action != CUSPARSE_ACTION_SYMBOLIC) ||
                         !isIndexBase(Base));
  Size = valueSize(ValueType);
  if (Numeric && !Size)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsr2cscEx2_bufferSize(
    cusparseHandle_t H, int M, int N, int Nnz, const void *CsrVal,
    const int *CsrRowPtr, const int *CsrColInd, void *CscVal, int *CscColPtr,
    int *CscRowInd, cudaDataType ValueType, cusparseAction_t Action,
    cusparseIndexBase_t Base, cusparseCsr2CscAlg_t, size_t *BufferSize) {
  size_t Size;
  return reportWorkBufferSize(
      checkCsr2csc(H, M, N, Nnz, CsrVal, CsrRowPtr, CsrColInd, CscVal,
                   CscColPtr, CscRowInd, ValueType, Action, Base, Size),
      BufferSize);
}

cusparseStatus_t cusparseCsr2cscEx2(
    cusparseHandle_t H, int M, int N, int Nnz, const void *CsrVal,
    const int *CsrRowPtr, const int *CsrColInd, void *CscVal, int *CscColPtr,
    int *CscRowInd, cudaDataType ValueType, cusparseAction_t Action,
    cusparseIndexBase_t Base, cusparseCsr2CscAlg_t, void *) {
  size_t Size;
  if (cusparseStatus_t S =
          checkCsr2csc(H, M, N, Nnz, CsrVal, CsrRowPtr, CsrColInd, CscVal,
                       CscColPtr, CscRowInd, ValueType, Action, Base, Size))
    return S;
  bool Numeric = Action == CUSPARSE_ACTION_NUMERIC;
  return issue(H, [=] {
    int B = indexBase(Base);
    // Each column's entries in the order of their rows.
    std::vector<int> Next(N + 1, 0);
    for (int K = 0; K < Nnz; ++K)
      ++Next[CsrColInd[K] - B + 1];
    for (int J = 0; J < N; ++J)
      Next[J + 1] += Next[J];
    for (int J = 0; J <= N; ++J)
      CscColPtr[J] = Next[J] + B;
    for (int I = 0; I < M; ++I)
      for (int K = CsrRowPtr[I] - B; K < CsrRowPtr[I + 1] - B; ++K) {
        int At = Next[CsrColInd[K] - B]++;
        CscRowInd[At] = I + B;
        if (Numeric)
          std::copy_n(static_cast<const unsigned char *>(CsrVal) + K * Size,
                      Size, static_cast<unsigned char *>(CscVal) + At * Size);
      }
  });
}

//===-------------------------------- ILU(0) ------------------------------===//

cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t *Info) {
  MM_CUSPARSE_INVALID_IF(!Info);
  *Info = new (std::nothrow) csrilu02Info();
  return *Info ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t Info) {
  delete Info;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t H,
                                             csrilu02Info_t Info,
                                             int *Position) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!Info || !Position);
  *Position = Info->ZeroPivot;
  return Info->ZeroPivot < 0 ? CUSPARSE_STATUS_SUCCESS
                             : CUSPARSE_STATUS_ZERO_PIVOT;
}

#define MM_CUSPARSE_CSRILU02(Prefix, Type, Internal)                           \
  cusparseStatus_t cusparse##Prefix##csrilu02_bufferSize(                      \
      cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t Descr,      \
      Type *Values, const int *RowPtr, const int *ColInd, csrilu02Info_t Info, \
      int *Size) {                                                             \
    return iluBufferSize(H, M, Nnz, Descr,                                     \
                         reinterpret_cast<Internal *>(Values), RowPtr, ColInd, \
                         Info, Size);                                          \
  }                                                                            \
  cusparseStatus_t cusparse##Prefix##csrilu02_analysis(                        \
      cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t Descr,      \
      const Type *Values, const int *RowPtr, const int *ColInd,                \
      csrilu02Info_t Info, cusparseSolvePolicy_t, void *) {                    \
    return iluAnalysis(H, M, Nnz, Descr,                                       \
                       reinterpret_cast<const Internal *>(Values), RowPtr,     \
                       ColInd, Info);                                          \
  }                                                                            \
  cusparseStatus_t cusparse##Prefix##csrilu02(                                 \
      cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t Descr,      \
      Type *Values, const int *RowPtr, const int *ColInd, csrilu02Info_t Info, \
      cusparseSolvePolicy_t, void *) {                                         \
    return ilu(H, M, Nnz, Descr, reinterpret_cast<Internal *>(Values), RowPtr, \
               ColInd, Info);                                                  \
  }
MM_CUSPARSE_CSRILU02(S, float, float)
MM_CUSPARSE_CSRILU02(D, double, double)
MM_CUSPARSE_CSRILU02(C, cuComplex, std::complex<float>)
MM_CUSPARSE_CSRILU02(Z, cuDoubleComplex, std::complex<double>)
#undef MM_CUSPARSE_CSRILU02

} // extern "C"
