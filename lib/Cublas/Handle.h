//===- Handle.h - What cuBLAS's routines share ------------------*- C++ -*-===//
//
// A cuBLAS handle (its stream and modes), the issuing of a routine's work
// (done at once, as all work on mm's streams is, or recorded in the graph
// of a capturing stream), scalars read as the pointer mode says, and the
// checks of arguments that every routine makes as cuBLAS does.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_CUBLAS_HANDLE_H
#define MM_LIB_CUBLAS_HANDLE_H

#include "Blas.h"
#include "StreamWork.h"

#include <climits>
#include <cstdint>
#include <functional>
#include <initializer_list>

struct cublasContext {
  cudaStream_t Stream = nullptr;
  cublasPointerMode_t PointerMode = CUBLAS_POINTER_MODE_HOST;
  cublasAtomicsMode_t AtomicsMode = CUBLAS_ATOMICS_NOT_ALLOWED;
  cublasMath_t MathMode = CUBLAS_DEFAULT_MATH;
  int SmCountTarget = 0;
};

namespace mm {
namespace cublas {

/// Does a routine's work \p W, once its arguments are checked, on \p H's
/// stream (cudalib::doOrRecord).
cublasStatus_t issue(cublasHandle_t H, std::function<void()> W);

/// True if \p H's routines read their scalars when their work runs: device
/// pointers, issued to a capturing stream, whose graph reads them at each
/// launch; else they are read when the routine is issued.
inline bool readsScalarsWhenRun(cublasHandle_t H) {
  return H->PointerMode == CUBLAS_POINTER_MODE_DEVICE &&
         cudalib::isCapturing(H->Stream);
}

/// A scalar argument: its value, or, where it is read when the work runs,
/// its pointer.
template <typename T> class Scalar {
public:
  Scalar(cublasHandle_t H, const T *P) {
    if (readsScalarsWhenRun(H))
      Pointer = P;
    else
      Value = *P;
  }
  T get() const { return Pointer ? *Pointer : Value; }

private:
  const T *Pointer = nullptr;
  T Value{};
};

/// True if every one of \p Values is an index that the system's BLAS
/// (32-bit blasint) takes; a _64 routine's larger sizes are not supported.
inline bool fitsBlasInt(std::initializer_list<int64_t> Values) {
  for (int64_t V : Values)
    if (V < INT_MIN || V > INT_MAX)
      return false;
  return true;
}

/// The CBLAS forms of cuBLAS's enumerations; false for a value that is not
/// one of them. For a real type, CUBLAS_OP_C is CUBLAS_OP_T.
bool toBlas(cublasOperation_t Op, blas::Op &Result);
bool toBlas(cublasFillMode_t Fill, blas::Uplo &Result);
bool toBlas(cublasDiagType_t Diag, blas::Diag &Result);
bool toBlas(cublasSideMode_t Side, blas::Side &Result);

/// The rows of a matrix as stored when op() of it has \p Rows rows and
/// \p Columns columns: \p Rows if \p Op is CUBLAS_OP_N, else \p Columns.
inline int64_t storedRows(cublasOperation_t Op, int64_t Rows,
                          int64_t Columns) {
  return Op == CUBLAS_OP_N ? Rows : Columns;
}

/// max(1, N), the least leading dimension of a matrix of N rows.
inline int64_t leastLeading(int64_t N) { return N > 1 ? N : 1; }

} // namespace cublas
} // namespace mm

/// The checks that begin every routine: a handle (else
/// CUBLAS_STATUS_NOT_INITIALIZED), and each condition of cuBLAS's
/// CUBLAS_STATUS_INVALID_VALUE false.
#define MM_CUBLAS_CHECK_HANDLE(H)                                              \
  do {                                                                         \
    if (!(H))                                                                  \
      return CUBLAS_STATUS_NOT_INITIALIZED;                                    \
  } while (false)
#define MM_CUBLAS_INVALID_IF(Condition)                                        \
  do {                                                                         \
    if (Condition)                                                             \
      return CUBLAS_STATUS_INVALID_VALUE;                                      \
  } while (false)
#define MM_CUBLAS_NEED_BLAS_INT(...)                                           \
  do {                                                                         \
    if (!mm::cublas::fitsBlasInt({__VA_ARGS__}))                               \
      return CUBLAS_STATUS_NOT_SUPPORTED;                                      \
  } while (false)


/// A family's 32-bit-index entry point and its 64-bit twin (NAME_64), both
/// returning \p Call, over one implementation that takes 64-bit indices.
#define MM_CUBLAS_DEFINE_BOTH(Family, Name, Call, ...)                         \
  Family(Name, int, ##__VA_ARGS__) { return Call; }                            \
  Family(Name##_64, int64_t, ##__VA_ARGS__) { return Call; }
/// The same for each of the real, the complex, or all four element types,
/// cublas{S,D,C,Z}Name.
#define MM_CUBLAS_EACH_REAL(Family, Name, Call)                                \
  MM_CUBLAS_DEFINE_BOTH(Family, cublasS##Name, Call, float)                    \
  MM_CUBLAS_DEFINE_BOTH(Family, cublasD##Name, Call, double)
#define MM_CUBLAS_EACH_COMPLEX(Family, Name, Call)                             \
  MM_CUBLAS_DEFINE_BOTH(Family, cublasC##Name, Call, cuComplex)                \
  MM_CUBLAS_DEFINE_BOTH(Family, cublasZ##Name, Call, cuDoubleComplex)
#define MM_CUBLAS_EACH_TYPE(Family, Name, Call)                                \
  MM_CUBLAS_EACH_REAL(Family, Name, Call)                                      \
  MM_CUBLAS_EACH_COMPLEX(Family, Name, Call)

#endif // MM_LIB_CUBLAS_HANDLE_H
