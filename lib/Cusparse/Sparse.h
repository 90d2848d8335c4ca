//===- Sparse.h - What cuSPARSE's routines share ----------------*- C++ -*-===//
//
// A cuSPARSE handle (its stream and pointer mode) and the generic API's
// descriptors, as plain records of what the program gave; reading indices
// of any index type and base; the four value types a routine computes in;
// and the issuing of a routine's work (done at once, as all work on mm's
// streams is, or recorded in the graph of a capturing stream).
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_CUSPARSE_SPARSE_H
#define MM_LIB_CUSPARSE_SPARSE_H

#include "StreamWork.h"

#include "mm-cuda/cusparse.h"

#include <complex>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <vector>

struct cusparseContext {
  cudaStream_t Stream = nullptr;
  cusparsePointerMode_t PointerMode = CUSPARSE_POINTER_MODE_HOST;
};

struct cusparseMatDescr {
  cusparseMatrixType_t Type = CUSPARSE_MATRIX_TYPE_GENERAL;
  cusparseFillMode_t Fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t Diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparseIndexBase_t Base = CUSPARSE_INDEX_BASE_ZERO;
};

struct cusparseSpVecDescr {
  int64_t Size, Nnz;
  void *Indices, *Values;
  cusparseIndexType_t IndexType;
  cusparseIndexBase_t Base;
  cudaDataType ValueType;
};

struct cusparseDnVecDescr {
  int64_t Size;
  void *Values;
  cudaDataType ValueType;
};

/// A CSR, CSC or COO matrix. Offsets are CSR's row offsets, CSC's column
/// offsets or COO's row indices; Indices, CSR's column indices, CSC's row
/// indices or COO's column indices.
struct cusparseSpMatDescr {
  cusparseFormat_t Format;
  int64_t Rows, Cols, Nnz;
  void *Offsets, *Indices, *Values;
  cusparseIndexType_t OffsetType, IndexType;
  cusparseIndexBase_t Base;
  cudaDataType ValueType;
  /// A strided batch: the batch's matrices, and the elements from one
  /// matrix's offsets (CSR) and indices and values to the next's.
  int BatchCount = 1;
  int64_t OffsetsBatchStride = 0, IndicesBatchStride = 0;
  /// SpSV's and SpSM's triangle.
  cusparseFillMode_t Fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t Diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
};

struct cusparseDnMatDescr {
  int64_t Rows, Cols, Ld;
  void *Values;
  cudaDataType ValueType;
  cusparseOrder_t Order;
  int BatchCount = 1;
  int64_t BatchStride = 0;
};

namespace mm {
namespace cusparse {

/// Does a routine's work \p W, once its arguments are checked, on \p H's
/// stream (cudalib::doOrRecord).
cusparseStatus_t issue(cusparseHandle_t H, std::function<void()> W);

/// True for an index type cuSPARSE has.
bool isIndexType(cusparseIndexType_t Type);

/// True for an index base cuSPARSE has.
inline bool isIndexBase(cusparseIndexBase_t Base) {
  return Base == CUSPARSE_INDEX_BASE_ZERO || Base == CUSPARSE_INDEX_BASE_ONE;
}

/// The first index of \p Base: 0 or 1.
inline int indexBase(cusparseIndexBase_t Base) {
  return Base == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
}

/// The size that every work-buffer query reports: no routine uses a work
/// buffer, but a program may take a size of 0 for a failure.
constexpr size_t WorkBufferSize = 16;

/// A work-buffer query's answer once its routine's arguments are \p Checked:
/// WorkBufferSize in \p Size.
inline cusparseStatus_t reportWorkBufferSize(cusparseStatus_t Checked,
                                             size_t *Size) {
  if (Checked != CUSPARSE_STATUS_SUCCESS)
    return Checked;
  if (!Size)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Size = WorkBufferSize;
  return CUSPARSE_STATUS_SUCCESS;
}

/// Element \p I of index array \p P of type \p Type, as stored.
inline int64_t readIndex(const void *P, cusparseIndexType_t Type, int64_t I) {
  switch (Type) {
  case CUSPARSE_INDEX_16U:
    return static_cast<const uint16_t *>(P)[I];
  case CUSPARSE_INDEX_64I:
    return static_cast<const int64_t *>(P)[I];
  default:
    return static_cast<const int32_t *>(P)[I];
  }
}

inline void writeIndex(void *P, cusparseIndexType_t Type, int64_t I,
                       int64_t Value) {
  switch (Type) {
  case CUSPARSE_INDEX_16U:
    static_cast<uint16_t *>(P)[I] = uint16_t(Value);
    return;
  case CUSPARSE_INDEX_64I:
    static_cast<int64_t *>(P)[I] = Value;
    return;
  default:
    static_cast<int32_t *>(P)[I] = int32_t(Value);
    return;
  }
}

/// Calls \p Visit(Row, Column, ValueIndex) for each stored entry of matrix
/// \p batch of \p A, its row and column from 0 whatever A's base, the value
/// index counted from the batch's first value.
template <typename F>
void forEachEntry(const cusparseSpMatDescr &A, int Batch, F &&Visit) {
  int64_t Base = indexBase(A.Base);
  int64_t OffsetsStart = Batch * A.OffsetsBatchStride;
  int64_t IndicesStart = Batch * A.IndicesBatchStride;
  auto Index = [&](int64_t K) {
    return readIndex(A.Indices, A.IndexType, IndicesStart + K) - Base;
  };
  if (A.Format == CUSPARSE_FORMAT_COO) {
    for (int64_t K = 0; K < A.Nnz; ++K)
      Visit(readIndex(A.Offsets, A.OffsetType, IndicesStart + K) - Base,
            Index(K), K);
    return;
  }
  bool Csr = A.Format == CUSPARSE_FORMAT_CSR;
  int64_t Major = Csr ? A.Rows : A.Cols;
  for (int64_t I = 0; I < Major; ++I) {
    int64_t Begin = readIndex(A.Offsets, A.OffsetType, OffsetsStart + I);
    int64_t End = readIndex(A.Offsets, A.OffsetType, OffsetsStart + I + 1);
    for (int64_t K = Begin - Base; K < End - Base; ++K) {
      if (Csr)
        Visit(I, Index(K), K);
      else
        Visit(Index(K), I, K);
    }
  }
}

/// True if \p A has the arrays its entries need: offsets for a CSR or CSC
/// matrix of rows (columns), indices and values for any entry. A CSR
/// matrix may be made without them, for SpGEMM's result.
inline bool hasArrays(const cusparseSpMatDescr &A) {
  int64_t Major = A.Format == CUSPARSE_FORMAT_CSC ? A.Cols : A.Rows;
  if (A.Format != CUSPARSE_FORMAT_COO && Major && !A.Offsets)
    return false;
  return !A.Nnz || (A.Offsets && A.Indices && A.Values);
}

/// The values of matrix \p Batch of \p A, as T.
template <typename T> T *batchValues(const cusparseSpMatDescr &A, int Batch) {
  return static_cast<T *>(A.Values) + Batch * A.IndicesBatchStride;
}

/// Element (\p I, \p J) of matrix \p Batch of \p M.
template <typename T>
T &at(const cusparseDnMatDescr &M, int Batch, int64_t I, int64_t J) {
  T *Values = static_cast<T *>(M.Values) + Batch * M.BatchStride;
  return M.Order == CUSPARSE_ORDER_COL ? Values[I + J * M.Ld]
                                       : Values[I * M.Ld + J];
}

template <typename T> struct IsComplex : std::false_type {};
template <typename R> struct IsComplex<std::complex<R>> : std::true_type {};

/// \p V, conjugated if \p Conjugate and T is complex.
template <typename T> T conjugateIf(bool Conjugate, T V) {
  if constexpr (IsComplex<T>::value)
    return Conjugate ? std::conj(V) : V;
  return V;
}

/// Calls \p Compute with a value of the C++ type of \p Type (float,
/// double, std::complex of either), whose layouts are cuComplex's; a type
/// that is none of them is not supported.
template <typename F>
cusparseStatus_t dispatchValueType(cudaDataType Type, F &&Compute) {
  switch (Type) {
  case CUDA_R_32F:
    return Compute(float());
  case CUDA_R_64F:
    return Compute(double());
  case CUDA_C_32F:
    return Compute(std::complex<float>());
  case CUDA_C_64F:
    return Compute(std::complex<double>());
  default:
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  }
}

/// True if \p H's routines read their scalars when their work runs: device
/// pointers, issued to a capturing stream, whose graph reads them at each
/// launch; else they are read when the routine is issued.
inline bool readsScalarsWhenRun(cusparseHandle_t H) {
  return H->PointerMode == CUSPARSE_POINTER_MODE_DEVICE &&
         cudalib::isCapturing(H->Stream);
}

/// A scalar argument: its value, or, where it is read when the work runs,
/// its pointer.
template <typename T> class Scalar {
public:
  Scalar(cusparseHandle_t H, const void *P) {
    if (readsScalarsWhenRun(H))
      Pointer = static_cast<const T *>(P);
    else
      Value = *static_cast<const T *>(P);
  }
  T get() const { return Pointer ? *Pointer : Value; }

private:
  const T *Pointer = nullptr;
  T Value{};
};

/// True for an operation cuSPARSE has.
inline bool isOperation(cusparseOperation_t Op) {
  return Op == CUSPARSE_OPERATION_NON_TRANSPOSE ||
         Op == CUSPARSE_OPERATION_TRANSPOSE ||
         Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

/// The rows and columns of op(\p A) for a sparse or dense \p A.
template <typename M>
std::pair<int64_t, int64_t> opShape(cusparseOperation_t Op, const M &A) {
  if (Op == CUSPARSE_OPERATION_NON_TRANSPOSE)
    return {A.Rows, A.Cols};
  return {A.Cols, A.Rows};
}

/// Element (\p I, \p J) of op(matrix \p Batch of \p M).
template <typename T>
T opAt(cusparseOperation_t Op, const cusparseDnMatDescr &M, int Batch,
       int64_t I, int64_t J) {
  if (Op == CUSPARSE_OPERATION_NON_TRANSPOSE)
    return at<T>(M, Batch, I, J);
  return conjugateIf(Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE,
                     at<T>(M, Batch, J, I));
}

} // namespace cusparse
} // namespace mm

/// The checks that begin every routine: a handle (else
/// CUSPARSE_STATUS_NOT_INITIALIZED), and each condition of cuSPARSE's
/// CUSPARSE_STATUS_INVALID_VALUE false.
#define MM_CUSPARSE_CHECK_HANDLE(H)                                            \
  do {                                                                         \
    if (!(H))                                                                  \
      return CUSPARSE_STATUS_NOT_INITIALIZED;                                  \
  } while (false)
#define MM_CUSPARSE_INVALID_IF(Condition)                                      \
  do {                                                                         \
    if (Condition)                                                             \
      return CUSPARSE_STATUS_INVALID_VALUE;                                    \
  } while (false)

#endif // MM_LIB_CUSPARSE_SPARSE_H
