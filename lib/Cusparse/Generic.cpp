//===- Generic.cpp - cuSPARSE's generic routines --------------------------===//
//
// SpMV, SpMM, SDDMM, SpGEMM, SpSV, SpSM, Axpby, Gather, Scatter and the
// conversions between dense and sparse matrices, each computed as its
// definition says, in the descriptors' value type, which must be the
// compute type (else CUSPARSE_STATUS_NOT_SUPPORTED). Products accumulate
// op(A)'s entries into a zeroed result before alpha and beta are applied;
// a zero beta does not read the output, as cuSPARSE's does not. The work
// buffers that cuSPARSE asks for are not needed: their sizes are small, and
// what they are given is not touched.
//
//===----------------------------------------------------------------------===//

#include "Sparse.h"

#include <algorithm>
#include <new>

using namespace mm;
using namespace mm::cusparse;

/// True if every one of \p Types is \p Compute.
static bool allOfType(cudaDataType Compute,
                      std::initializer_list<cudaDataType> Types) {
  return std::all_of(Types.begin(), Types.end(),
                     [&](cudaDataType T) { return T == Compute; });
}

/// The batch of a strided-batch operation whose operands have \p Counts
/// matrices: each 1 (shared by the batch) or the batch's count; 0 if they
/// disagree. \p Result, the output, must have the batch's count.
static int batchCount(int Result, std::initializer_list<int> Counts) {
  for (int C : Counts)
    if (C != 1 && C != Result)
      return 0;
  return Result;
}

/// \p Result = \p Alpha * \p Computed + \p Beta * \p Result, not reading
/// \p Result when \p Beta is 0.
template <typename T> static T combine(T Alpha, T Computed, T Beta, T Result) {
  return Beta == T(0) ? Alpha * Computed : Alpha * Computed + Beta * Result;
}

//===------------------------------- SpMV ---------------------------------===//

static cusparseStatus_t checkSpMV(cusparseHandle_t H, cusparseOperation_t Op,
                                  const void *Alpha,
                                  cusparseConstSpMatDescr_t A,
                                  cusparseConstDnVecDescr_t X,
                                  const void *Beta, cusparseDnVecDescr_t Y,
                                  cudaDataType Compute) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!Alpha || !Beta || !A || !X || !Y ||
                         !isOperation(Op) || !hasArrays(*A));
  auto [Rows, Cols] = opShape(Op, *A);
  MM_CUSPARSE_INVALID_IF(X->Size != Cols || Y->Size != Rows);
  if (!allOfType(Compute, {A->ValueType, X->ValueType, Y->ValueType}) ||
      A->BatchCount != 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV_bufferSize(
    cusparseHandle_t H, cusparseOperation_t Op, const void *Alpha,
    cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X, const void *Beta,
    cusparseDnVecDescr_t Y, cudaDataType Compute, cusparseSpMVAlg_t,
    size_t *Size) {
  return reportWorkBufferSize(
      checkSpMV(H, Op, Alpha, A, X, Beta, Y, Compute), Size);
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t H, cusparseOperation_t Op,
                              const void *Alpha, cusparseConstSpMatDescr_t A,
                              cusparseConstDnVecDescr_t X, const void *Beta,
                              cusparseDnVecDescr_t Y, cudaDataType Compute,
                              cusparseSpMVAlg_t, void *) {
  if (cusparseStatus_t S = checkSpMV(H, Op, Alpha, A, X, Beta, Y, Compute))
    return S;
  return dispatchValueType(Compute, [&](auto Zero) {
    using T = decltype(Zero);
    Scalar<T> AlphaValue(H, Alpha), BetaValue(H, Beta);
    return issue(H, [=, A = *A, X = *X, Y = *Y] {
      const T *XValues = static_cast<const T *>(X.Values);
      const T *Values = batchValues<T>(A, 0);
      std::vector<T> Sum(Y.Size);
      bool Conjugate = Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
      forEachEntry(A, 0, [&](int64_t Row, int64_t Col, int64_t K) {
        if (Op == CUSPARSE_OPERATION_NON_TRANSPOSE)
          Sum[Row] += Values[K] * XValues[Col];
        else
          Sum[Col] += conjugateIf(Conjugate, Values[K]) * XValues[Row];
      });
      T *YValues = static_cast<T *>(Y.Values);
      T AlphaV = AlphaValue.get(), BetaV = BetaValue.get();
      for (int64_t I = 0; I < Y.Size; ++I)
        YValues[I] = combine(AlphaV, Sum[I], BetaV, YValues[I]);
    });
  });
}

//===------------------------------- SpMM ---------------------------------===//

/// The checks of a product C = alpha op(A) op(B) + beta C, SpMM's (A sparse)
/// and SDDMM's (C sparse): its operands' shapes, types and batches.
template <typename MA, typename MC>
static cusparseStatus_t
checkProduct(cusparseHandle_t H, cusparseOperation_t OpA,
             cusparseOperation_t OpB, const void *Alpha, const MA *A,
             cusparseConstDnMatDescr_t B, const void *Beta, const MC *C,
             cudaDataType Compute) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!Alpha || !Beta || !A || !B || !C ||
                         !isOperation(OpA) || !isOperation(OpB));
  // The sparse operand has the arrays its entries need.
  if constexpr (std::is_same_v<MA, cusparseSpMatDescr>)
    MM_CUSPARSE_INVALID_IF(!hasArrays(*A));
  else
    MM_CUSPARSE_INVALID_IF(!hasArrays(*C));
  auto [M, K] = opShape(OpA, *A);
  auto [BRows, N] = opShape(OpB, *B);
  MM_CUSPARSE_INVALID_IF(BRows != K || C->Rows != M || C->Cols != N);
  if (!allOfType(Compute, {A->ValueType, B->ValueType, C->ValueType}) ||
      !batchCount(C->BatchCount, {A->BatchCount, B->BatchCount}))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMM_bufferSize(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstDnMatDescr_t B, const void *Beta, cusparseDnMatDescr_t C,
    cudaDataType Compute, cusparseSpMMAlg_t, size_t *Size) {
  return reportWorkBufferSize(
      checkProduct(H, OpA, OpB, Alpha, A, B, Beta, C, Compute), Size);
}

cusparseStatus_t cusparseSpMM_preprocess(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstDnMatDescr_t B, const void *Beta, cusparseDnMatDescr_t C,
    cudaDataType Compute, cusparseSpMMAlg_t, void *) {
  return checkProduct(H, OpA, OpB, Alpha, A, B, Beta, C, Compute);
}

cusparseStatus_t cusparseSpMM(cusparseHandle_t H, cusparseOperation_t OpA,
                              cusparseOperation_t OpB, const void *Alpha,
                              cusparseConstSpMatDescr_t A,
                              cusparseConstDnMatDescr_t B, const void *Beta,
                              cusparseDnMatDescr_t C, cudaDataType Compute,
                              cusparseSpMMAlg_t, void *) {
  if (cusparseStatus_t S =
          checkProduct(H, OpA, OpB, Alpha, A, B, Beta, C, Compute))
    return S;
  return dispatchValueType(Compute, [&](auto Zero) {
    using T = decltype(Zero);
    Scalar<T> AlphaValue(H, Alpha), BetaValue(H, Beta);
    return issue(H, [=, A = *A, B = *B, C = *C] {
      int64_t M = C.Rows, N = C.Cols;
      bool Conjugate = OpA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
      T AlphaV = AlphaValue.get(), BetaV = BetaValue.get();
      std::vector<T> Product(M * N);
      for (int Batch = 0; Batch < C.BatchCount; ++Batch) {
        int BatchA = A.BatchCount == 1 ? 0 : Batch;
        int BatchB = B.BatchCount == 1 ? 0 : Batch;
        const T *Values = batchValues<T>(A, BatchA);
        std::fill(Product.begin(), Product.end(), T(0));
        forEachEntry(A, BatchA, [&](int64_t Row, int64_t Col, int64_t K) {
          bool Transposed = OpA != CUSPARSE_OPERATION_NON_TRANSPOSE;
          int64_t I = Transposed ? Col : Row, L = Transposed ? Row : Col;
          T V = conjugateIf(Conjugate, Values[K]);
          for (int64_t J = 0; J < N; ++J)
            Product[I * N + J] += V * opAt<T>(OpB, B, BatchB, L, J);
        });
        for (int64_t I = 0; I < M; ++I)
          for (int64_t J = 0; J < N; ++J) {
            T &Out = at<T>(C, Batch, I, J);
            Out = combine(AlphaV, Product[I * N + J], BetaV, Out);
          }
      }
    });
  });
}

//===------------------------------- SDDMM --------------------------------===//

cusparseStatus_t cusparseSDDMM_bufferSize(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstDnMatDescr_t A,
    cusparseConstDnMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSDDMMAlg_t, size_t *Size) {
  return reportWorkBufferSize(
      checkProduct(H, OpA, OpB, Alpha, A, B, Beta, C, Compute), Size);
}

cusparseStatus_t cusparseSDDMM_preprocess(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstDnMatDescr_t A,
    cusparseConstDnMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSDDMMAlg_t, void *) {
  return checkProduct(H, OpA, OpB, Alpha, A, B, Beta, C, Compute);
}

cusparseStatus_t cusparseSDDMM(cusparseHandle_t H, cusparseOperation_t OpA,
                               cusparseOperation_t OpB, const void *Alpha,
                               cusparseConstDnMatDescr_t A,
                               cusparseConstDnMatDescr_t B, const void *Beta,
                               cusparseSpMatDescr_t C, cudaDataType Compute,
                               cusparseSDDMMAlg_t, void *) {
  if (cusparseStatus_t S =
          checkProduct(H, OpA, OpB, Alpha, A, B, Beta, C, Compute))
    return S;
  return dispatchValueType(Compute, [&](auto Zero) {
    using T = decltype(Zero);
    Scalar<T> AlphaValue(H, Alpha), BetaValue(H, Beta);
    return issue(H, [=, A = *A, B = *B, C = *C] {
      int64_t K = opShape(OpA, A).second;
      T AlphaV = AlphaValue.get(), BetaV = BetaValue.get();
      for (int Batch = 0; Batch < C.BatchCount; ++Batch) {
        int BatchA = A.BatchCount == 1 ? 0 : Batch;
        int BatchB = B.BatchCount == 1 ? 0 : Batch;
        T *Values = batchValues<T>(C, Batch);
        forEachEntry(C, Batch, [&](int64_t Row, int64_t Col, int64_t E) {
          T Dot(0);
          for (int64_t L = 0; L < K; ++L)
            Dot += opAt<T>(OpA, A, BatchA, Row, L) *
                   opAt<T>(OpB, B, BatchB, L, Col);
          Values[E] = combine(AlphaV, Dot, BetaV, Values[E]);
        });
      }
    });
  });
}

//===------------------------------ SpGEMM --------------------------------===//

/// SpGEMM's product, computed by cusparseSpGEMM_compute and copied into C's
/// arrays by cusparseSpGEMM_copy: rows of sorted columns.
struct cusparseSpGEMMDescr {
  std::vector<int64_t> RowOffsets, Columns;
  std::vector<unsigned char> Values;
  bool Computed = false;
};

cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *Descr) {
  MM_CUSPARSE_INVALID_IF(!Descr);
  *Descr = new (std::nothrow) cusparseSpGEMMDescr();
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t
checkSpGEMM(cusparseHandle_t H, cusparseOperation_t OpA,
            cusparseOperation_t OpB, const void *Alpha,
            cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B,
            const void *Beta, cusparseSpMatDescr_t C, cudaDataType Compute,
            cusparseSpGEMMDescr_t Descr) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!Alpha || !Beta || !A || !B || !C || !Descr ||
                         !isOperation(OpA) || !isOperation(OpB) ||
                         !hasArrays(*A) || !hasArrays(*B));
  MM_CUSPARSE_INVALID_IF(A->Cols != B->Rows || C->Rows != A->Rows ||
                         C->Cols != B->Cols);
  // As cuSPARSE: CSR operands, not transposed, not batched.
  if (OpA != CUSPARSE_OPERATION_NON_TRANSPOSE ||
      OpB != CUSPARSE_OPERATION_NON_TRANSPOSE ||
      A->Format != CUSPARSE_FORMAT_CSR || B->Format != CUSPARSE_FORMAT_CSR ||
      C->Format != CUSPARSE_FORMAT_CSR || A->BatchCount != 1 ||
      B->BatchCount != 1 ||
      !allOfType(Compute, {A->ValueType, B->ValueType, C->ValueType}))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_workEstimation(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstSpMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t Descr,
    size_t *Size, void *Buffer) {
  if (cusparseStatus_t S =
          checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Descr))
    return S;
  MM_CUSPARSE_INVALID_IF(!Size);
  if (!Buffer)
    *Size = WorkBufferSize;
  return CUSPARSE_STATUS_SUCCESS;
}

/// C = alpha A B into \p Descr's product, C's size in \p C.
template <typename T>
static void multiply(T Alpha, const cusparseSpMatDescr &A,
                     const cusparseSpMatDescr &B, cusparseSpGEMMDescr &Descr) {
  // Each row of A B is gathered into a dense row of B's columns, which
  // remembers where each column's value is in the row's list.
  std::vector<int64_t> Where(B.Cols, -1);
  std::vector<int64_t> Columns;
  std::vector<T> Sums;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> BRows(B.Rows);
  forEachEntry(B, 0, [&](int64_t Row, int64_t Col, int64_t K) {
    BRows[Row].push_back({Col, K});
  });
  std::vector<std::vector<std::pair<int64_t, int64_t>>> ARows(A.Rows);
  forEachEntry(A, 0, [&](int64_t Row, int64_t Col, int64_t K) {
    ARows[Row].push_back({Col, K});
  });
  const T *AValues = batchValues<T>(A, 0), *BValues = batchValues<T>(B, 0);
  std::vector<T> Values;
  Descr.RowOffsets.assign(1, 0);
  Descr.Columns.clear();
  for (int64_t Row = 0; Row < A.Rows; ++Row) {
    size_t RowStart = Descr.Columns.size();
    for (auto [L, KA] : ARows[Row])
      for (auto [Col, KB] : BRows[L]) {
        if (Where[Col] < 0) {
          Where[Col] = int64_t(Descr.Columns.size());
          Descr.Columns.push_back(Col);
          Values.push_back(T(0));
        }
        Values[Where[Col]] += AValues[KA] * BValues[KB];
      }
    // Sorted columns, as cuSPARSE's result has them.
    std::vector<std::pair<int64_t, T>> Row_;
    for (size_t I = RowStart; I < Descr.Columns.size(); ++I) {
      Row_.push_back({Descr.Columns[I], Alpha * Values[I]});
      Where[Descr.Columns[I]] = -1;
    }
    std::sort(Row_.begin(), Row_.end(),
              [](const auto &X, const auto &Y) { return X.first < Y.first; });
    for (size_t I = 0; I < Row_.size(); ++I) {
      Descr.Columns[RowStart + I] = Row_[I].first;
      Values[RowStart + I] = Row_[I].second;
    }
    Descr.RowOffsets.push_back(int64_t(Descr.Columns.size()));
  }
  Descr.Values.resize(Values.size() * sizeof(T));
  std::copy_n(reinterpret_cast<const unsigned char *>(Values.data()),
              Descr.Values.size(), Descr.Values.data());
  Descr.Computed = true;
}

cusparseStatus_t cusparseSpGEMM_compute(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstSpMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t Descr,
    size_t *Size, void *Buffer) {
  if (cusparseStatus_t S =
          checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Descr))
    return S;
  MM_CUSPARSE_INVALID_IF(!Size);
  if (!Buffer) {
    *Size = WorkBufferSize;
    return CUSPARSE_STATUS_SUCCESS;
  }
  // The product's size is the host's to read at once (cusparseSpMatGetSize),
  // so it is computed now, whatever the stream.
  return dispatchValueType(Compute, [&](auto Zero) {
    using T = decltype(Zero);
    // C = alpha A B + beta C, where C is the product's own pattern: cuSPARSE
    // takes only a beta of 0.
    if (*static_cast<const T *>(Beta) != T(0))
      return CUSPARSE_STATUS_NOT_SUPPORTED;
    multiply(*static_cast<const T *>(Alpha), *A, *B, *Descr);
    C->Nnz = int64_t(Descr->Columns.size());
    return CUSPARSE_STATUS_SUCCESS;
  });
}

cusparseStatus_t cusparseSpGEMM_copy(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstSpMatDescr_t B, const void *Beta, cusparseSpMatDescr_t C,
    cudaDataType Compute, cusparseSpGEMMAlg_t, cusparseSpGEMMDescr_t Descr) {
  if (cusparseStatus_t S =
          checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Descr))
    return S;
  MM_CUSPARSE_INVALID_IF(!Descr->Computed || !C->Offsets ||
                         C->Nnz != int64_t(Descr->Columns.size()) ||
                         (C->Nnz && (!C->Indices || !C->Values)));
  return issue(H, [C = *C, Descr] {
    int64_t Base = indexBase(C.Base);
    for (size_t I = 0; I < Descr->RowOffsets.size(); ++I)
      writeIndex(C.Offsets, C.OffsetType, I, Descr->RowOffsets[I] + Base);
    for (size_t I = 0; I < Descr->Columns.size(); ++I)
      writeIndex(C.Indices, C.IndexType, I, Descr->Columns[I] + Base);
    std::copy(Descr->Values.begin(), Descr->Values.end(),
              static_cast<unsigned char *>(C.Values));
  });
}

//===----------------------------- SpSV, SpSM -----------------------------===//

/// A triangular solve's descriptor: nothing to keep, as the solve reads
/// the matrix it is given.
struct cusparseSpSVDescr {};
struct cusparseSpSMDescr {};

namespace {
/// op(tri(A)) for SpSV and SpSM, where tri(A) is the triangle that A's
/// fill mode names: its diagonal (1 where A's diagonal type is unit) and,
/// for each row, the entries off it; and whether it is lower triangular.
template <typename T> struct Triangle {
  std::vector<T> Diagonal;
  std::vector<std::vector<std::pair<int64_t, T>>> Rows;
  bool Lower;

  Triangle(const cusparseSpMatDescr &A, cusparseOperation_t Op)
      : Diagonal(A.Rows, A.Diag == CUSPARSE_DIAG_TYPE_UNIT ? T(1) : T(0)),
        Rows(A.Rows) {
    bool AIsLower = A.Fill == CUSPARSE_FILL_MODE_LOWER;
    bool Transposed = Op != CUSPARSE_OPERATION_NON_TRANSPOSE;
    bool Conjugate = Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
    Lower = AIsLower != Transposed;
    const T *Values = batchValues<T>(A, 0);
    forEachEntry(A, 0, [&](int64_t Row, int64_t Col, int64_t K) {
      if (AIsLower ? Col > Row : Col < Row)
        return;
      T V = conjugateIf(Conjugate, Values[K]);
      if (Row == Col) {
        if (A.Diag != CUSPARSE_DIAG_TYPE_UNIT)
          Diagonal[Row] += V;
        return;
      }
      if (Transposed)
        Rows[Col].push_back({Row, V});
      else
        Rows[Row].push_back({Col, V});
    });
  }

  /// Solves op(tri(A)) y = \p Rhs in place.
  template <typename Get, typename Set> void solve(Get &&Rhs, Set &&Y) const {
    int64_t N = int64_t(Diagonal.size());
    std::vector<T> Solved(N);
    for (int64_t Step = 0; Step < N; ++Step) {
      int64_t I = Lower ? Step : N - 1 - Step;
      T Sum = Rhs(I);
      for (auto [J, V] : Rows[I])
        Sum -= V * Solved[J];
      Solved[I] = Sum / Diagonal[I];
      Y(I, Solved[I]);
    }
  }
};
} // namespace

cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *Descr) {
  MM_CUSPARSE_INVALID_IF(!Descr);
  *Descr = new (std::nothrow) cusparseSpSVDescr();
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t checkSpSV(cusparseHandle_t H, cusparseOperation_t Op,
                                  const void *Alpha,
                                  cusparseConstSpMatDescr_t A,
                                  cusparseConstDnVecDescr_t X,
                                  cusparseDnVecDescr_t Y, cudaDataType Compute,
                                  const void *Descr) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!Alpha || !A || !X || !Y || !Descr ||
                         !isOperation(Op) || !hasArrays(*A));
  MM_CUSPARSE_INVALID_IF(A->Rows != A->Cols || X->Size != A->Rows ||
                         Y->Size != A->Rows);
  if (!allOfType(Compute, {A->ValueType, X->ValueType, Y->ValueType}) ||
      A->BatchCount != 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_bufferSize(
    cusparseHandle_t H, cusparseOperation_t Op, const void *Alpha,
    cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X,
    cusparseDnVecDescr_t Y, cudaDataType Compute, cusparseSpSVAlg_t,
    cusparseSpSVDescr_t Descr, size_t *Size) {
  return reportWorkBufferSize(
      checkSpSV(H, Op, Alpha, A, X, Y, Compute, Descr), Size);
}

cusparseStatus_t cusparseSpSV_analysis(
    cusparseHandle_t H, cusparseOperation_t Op, const void *Alpha,
    cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X,
    cusparseDnVecDescr_t Y, cudaDataType Compute, cusparseSpSVAlg_t,
    cusparseSpSVDescr_t Descr, void *) {
  return checkSpSV(H, Op, Alpha, A, X, Y, Compute, Descr);
}

cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t H, cusparseOperation_t Op,
                                    const void *Alpha,
                                    cusparseConstSpMatDescr_t A,
                                    cusparseConstDnVecDescr_t X,
                                    cusparseDnVecDescr_t Y,
                                    cudaDataType Compute, cusparseSpSVAlg_t,
                                    cusparseSpSVDescr_t Descr) {
  if (cusparseStatus_t S = checkSpSV(H, Op, Alpha, A, X, Y, Compute, Descr))
    return S;
  return dispatchValueType(Compute, [&](auto Zero) {
    using T = decltype(Zero);
    Scalar<T> AlphaValue(H, Alpha);
    return issue(H, [=, A = *A, X = *X, Y = *Y] {
      T AlphaV = AlphaValue.get();
      const T *XValues = static_cast<const T *>(X.Values);
      T *YValues = static_cast<T *>(Y.Values);
      Triangle<T>(A, Op).solve([&](int64_t I) { return AlphaV * XValues[I]; },
                               [&](int64_t I, T V) { YValues[I] = V; });
    });
  });
}

cusparseStatus_t cusparseSpSM_createDescr(cusparseSpSMDescr_t *Descr) {
  MM_CUSPARSE_INVALID_IF(!Descr);
  *Descr = new (std::nothrow) cusparseSpSMDescr();
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}

cusparseStatus_t cusparseSpSM_destroyDescr(cusparseSpSMDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t
checkSpSM(cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
          const void *Alpha, cusparseConstSpMatDescr_t A,
          cusparseConstDnMatDescr_t B, cusparseDnMatDescr_t C,
          cudaDataType Compute, const void *Descr) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!Alpha || !A || !B || !C || !Descr ||
                         !isOperation(OpA) || !isOperation(OpB) ||
                         !hasArrays(*A));
  auto [BRows, N] = opShape(OpB, *B);
  MM_CUSPARSE_INVALID_IF(A->Rows != A->Cols || BRows != A->Rows ||
                         C->Rows != A->Rows || C->Cols != N);
  if (!allOfType(Compute, {A->ValueType, B->ValueType, C->ValueType}) ||
      A->BatchCount != 1 || B->BatchCount != 1 || C->BatchCount != 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSM_bufferSize(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstDnMatDescr_t B, cusparseDnMatDescr_t C, cudaDataType Compute,
    cusparseSpSMAlg_t, cusparseSpSMDescr_t Descr, size_t *Size) {
  return reportWorkBufferSize(
      checkSpSM(H, OpA, OpB, Alpha, A, B, C, Compute, Descr), Size);
}

cusparseStatus_t cusparseSpSM_analysis(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    const void *Alpha, cusparseConstSpMatDescr_t A,
    cusparseConstDnMatDescr_t B, cusparseDnMatDescr_t C, cudaDataType Compute,
    cusparseSpSMAlg_t, cusparseSpSMDescr_t Descr, void *) {
  return checkSpSM(H, OpA, OpB, Alpha, A, B, C, Compute, Descr);
}

cusparseStatus_t cusparseSpSM_solve(cusparseHandle_t H,
                                    cusparseOperation_t OpA,
                                    cusparseOperation_t OpB, const void *Alpha,
                                    cusparseConstSpMatDescr_t A,
                                    cusparseConstDnMatDescr_t B,
                                    cusparseDnMatDescr_t C,
                                    cudaDataType Compute, cusparseSpSMAlg_t,
                                    cusparseSpSMDescr_t Descr) {
  if (cusparseStatus_t S =
          checkSpSM(H, OpA, OpB, Alpha, A, B, C, Compute, Descr))
    return S;
  return dispatchValueType(Compute, [&](auto Zero) {
    using T = decltype(Zero);
    Scalar<T> AlphaValue(H, Alpha);
    return issue(H, [=, A = *A, B = *B, C = *C] {
      T AlphaV = AlphaValue.get();
      Triangle<T> Tri(A, OpA);
      for (int64_t J = 0; J < C.Cols; ++J)
        Tri.solve(
            [&](int64_t I) { return AlphaV * opAt<T>(OpB, B, 0, I, J); },
            [&](int64_t I, T V) { at<T>(C, 0, I, J) = V; });
    });
  });
}

//===------------------------ Axpby, Gather, Scatter ----------------------===//

static cusparseStatus_t checkVectors(cusparseHandle_t H,
                                     cusparseConstSpVecDescr_t X,
                                     cusparseConstDnVecDescr_t Y) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!X || !Y || X->Size != Y->Size);
  if (X->ValueType != Y->ValueType)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseAxpby(cusparseHandle_t H, const void *Alpha,
                               cusparseConstSpVecDescr_t X, const void *Beta,
                               cusparseDnVecDescr_t Y) {
  if (cusparseStatus_t S = checkVectors(H, X, Y))
    return S;
  MM_CUSPARSE_INVALID_IF(!Alpha || !Beta);
  return dispatchValueType(X->ValueType, [&](auto Zero) {
    using T = decltype(Zero);
    Scalar<T> AlphaValue(H, Alpha), BetaValue(H, Beta);
    return issue(H, [=, X = *X, Y = *Y] {
      T AlphaV = AlphaValue.get(), BetaV = BetaValue.get();
      T *YValues = static_cast<T *>(Y.Values);
      const T *XValues = static_cast<const T *>(X.Values);
      for (int64_t I = 0; I < Y.Size; ++I)
        YValues[I] = BetaV == T(0) ? T(0) : BetaV * YValues[I];
      int64_t Base = indexBase(X.Base);
      for (int64_t K = 0; K < X.Nnz; ++K)
        YValues[readIndex(X.Indices, X.IndexType, K) - Base] +=
            AlphaV * XValues[K];
    });
  });
}

cusparseStatus_t cusparseGather(cusparseHandle_t H,
                                cusparseConstDnVecDescr_t Y,
                                cusparseSpVecDescr_t X) {
  if (cusparseStatus_t S = checkVectors(H, X, Y))
    return S;
  return dispatchValueType(X->ValueType, [&](auto Zero) {
    using T = decltype(Zero);
    return issue(H, [X = *X, Y = *Y] {
      int64_t Base = indexBase(X.Base);
      for (int64_t K = 0; K < X.Nnz; ++K)
        static_cast<T *>(X.Values)[K] = static_cast<const T *>(
            Y.Values)[readIndex(X.Indices, X.IndexType, K) - Base];
    });
  });
}

cusparseStatus_t cusparseScatter(cusparseHandle_t H,
                                 cusparseConstSpVecDescr_t X,
                                 cusparseDnVecDescr_t Y) {
  if (cusparseStatus_t S = checkVectors(H, X, Y))
    return S;
  return dispatchValueType(X->ValueType, [&](auto Zero) {
    using T = decltype(Zero);
    return issue(H, [X = *X, Y = *Y] {
      int64_t Base = indexBase(X.Base);
      for (int64_t K = 0; K < X.Nnz; ++K)
        static_cast<T *>(
            Y.Values)[readIndex(X.Indices, X.IndexType, K) - Base] =
            static_cast<const T *>(X.Values)[K];
    });
  });
}

//===------------------------ Dense <-> sparse ----------------------------===//

static cusparseStatus_t checkConversion(cusparseHandle_t H,
                                        cusparseConstSpMatDescr_t Sparse,
                                        cusparseConstDnMatDescr_t Dense) {
  MM_CUSPARSE_CHECK_HANDLE(H);
  MM_CUSPARSE_INVALID_IF(!Sparse || !Dense || Sparse->Rows != Dense->Rows ||
                         Sparse->Cols != Dense->Cols);
  if (Sparse->ValueType != Dense->ValueType || Sparse->BatchCount != 1 ||
      Dense->BatchCount != 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSparseToDense_bufferSize(
    cusparseHandle_t H, cusparseConstSpMatDescr_t A, cusparseDnMatDescr_t B,
    cusparseSparseToDenseAlg_t, size_t *Size) {
  return reportWorkBufferSize(checkConversion(H, A, B), Size);
}

cusparseStatus_t cusparseSparseToDense(cusparseHandle_t H,
                                       cusparseConstSpMatDescr_t A,
                                       cusparseDnMatDescr_t B,
                                       cusparseSparseToDenseAlg_t, void *) {
  if (cusparseStatus_t S = checkConversion(H, A, B))
    return S;
  MM_CUSPARSE_INVALID_IF(!hasArrays(*A));
  return dispatchValueType(A->ValueType, [&](auto Zero) {
    using T = decltype(Zero);
    return issue(H, [A = *A, B = *B] {
      for (int64_t I = 0; I < B.Rows; ++I)
        for (int64_t J = 0; J < B.Cols; ++J)
          at<T>(B, 0, I, J) = T(0);
      const T *Values = batchValues<T>(A, 0);
      forEachEntry(A, 0, [&](int64_t Row, int64_t Col, int64_t K) {
        at<T>(B, 0, Row, Col) += Values[K];
      });
    });
  });
}

cusparseStatus_t cusparseDenseToSparse_bufferSize(
    cusparseHandle_t H, cusparseConstDnMatDescr_t A, cusparseSpMatDescr_t B,
    cusparseDenseToSparseAlg_t, size_t *Size) {
  return reportWorkBufferSize(checkConversion(H, B, A), Size);
}

/// Calls \p Visit(Row, Col) for each nonzero element of \p A, in the order
/// of \p Format's entries: by rows, or by columns for CSC.
template <typename T, typename F>
static void forEachNonzero(const cusparseDnMatDescr &A,
                           cusparseFormat_t Format, F &&Visit) {
  bool ByColumns = Format == CUSPARSE_FORMAT_CSC;
  int64_t Outer = ByColumns ? A.Cols : A.Rows;
  int64_t Inner = ByColumns ? A.Rows : A.Cols;
  for (int64_t O = 0; O < Outer; ++O)
    for (int64_t I = 0; I < Inner; ++I) {
      int64_t Row = ByColumns ? I : O, Col = ByColumns ? O : I;
      if (at<T>(A, 0, Row, Col) != T(0))
        Visit(Row, Col);
    }
}

cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t H,
                                                cusparseConstDnMatDescr_t A,
                                                cusparseSpMatDescr_t B,
                                                cusparseDenseToSparseAlg_t,
                                                void *) {
  if (cusparseStatus_t S = checkConversion(H, B, A))
    return S;
  MM_CUSPARSE_INVALID_IF(B->Format != CUSPARSE_FORMAT_COO && !B->Offsets);
  // B's count of entries is the host's to read at once, and its offsets
  // are written with it: computed now, whatever the stream.
  return dispatchValueType(A->ValueType, [&](auto Zero) {
    using T = decltype(Zero);
    bool Compressed = B->Format != CUSPARSE_FORMAT_COO;
    int64_t Major = B->Format == CUSPARSE_FORMAT_CSC ? B->Cols : B->Rows;
    std::vector<int64_t> Counts(Major + 1);
    forEachNonzero<T>(*A, B->Format, [&](int64_t Row, int64_t Col) {
      ++Counts[1 + (B->Format == CUSPARSE_FORMAT_CSC ? Col : Row)];
    });
    int64_t Base = indexBase(B->Base);
    for (int64_t I = 0; I < Major; ++I)
      Counts[I + 1] += Counts[I];
    if (Compressed)
      for (int64_t I = 0; I <= Major; ++I)
        writeIndex(B->Offsets, B->OffsetType, I, Counts[I] + Base);
    B->Nnz = Counts[Major];
    return CUSPARSE_STATUS_SUCCESS;
  });
}

cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t H,
                                               cusparseConstDnMatDescr_t A,
                                               cusparseSpMatDescr_t B,
                                               cusparseDenseToSparseAlg_t,
                                               void *) {
  if (cusparseStatus_t S = checkConversion(H, B, A))
    return S;
  MM_CUSPARSE_INVALID_IF(B->Nnz && (!B->Offsets || !B->Indices || !B->Values));
  return dispatchValueType(A->ValueType, [&](auto Zero) {
    using T = decltype(Zero);
    return issue(H, [A = *A, B = *B] {
      int64_t Base = indexBase(B.Base);
      int64_t K = 0;
      forEachNonzero<T>(A, B.Format, [&](int64_t Row, int64_t Col) {
        if (K >= B.Nnz)
          return;
        if (B.Format == CUSPARSE_FORMAT_COO)
          writeIndex(B.Offsets, B.OffsetType, K, Row + Base);
        writeIndex(B.Indices, B.IndexType, K,
                   (B.Format == CUSPARSE_FORMAT_CSC ? Row : Col) + Base);
        static_cast<T *>(B.Values)[K++] = at<T>(A, 0, Row, Col);
      });
    });
  });
}

