//===- Handle.cpp - cuBLAS's handles, streams and copies ------------------===//
//
// The handle API (create, destroy, stream, modes, versions, status names),
// the copies of strided vectors and matrices between host and device
// memory, and the issuing of a routine's work.
//
//===----------------------------------------------------------------------===//

#include "Handle.h"

#include "mm-cuda/cuda_runtime_api.h"

#include <cstring>
#include <new>
#include <vector>

using namespace mm::cublas;

cublasStatus_t mm::cublas::issue(cublasHandle_t H, std::function<void()> W) {
  return cudalib::doOrRecord(H->Stream, std::move(W))
             ? CUBLAS_STATUS_SUCCESS
             : CUBLAS_STATUS_EXECUTION_FAILED;
}

bool mm::cublas::toBlas(cublasOperation_t Op, blas::Op &Result) {
  switch (Op) {
  case CUBLAS_OP_N:
    Result = CblasNoTrans;
    return true;
  case CUBLAS_OP_T:
    Result = CblasTrans;
    return true;
  case CUBLAS_OP_C:
    Result = CblasConjTrans;
    return true;
  default:
    return false;
  }
}

bool mm::cublas::toBlas(cublasFillMode_t Fill, blas::Uplo &Result) {
  if (Fill != CUBLAS_FILL_MODE_LOWER && Fill != CUBLAS_FILL_MODE_UPPER)
    return false;
  Result = Fill == CUBLAS_FILL_MODE_LOWER ? CblasLower : CblasUpper;
  return true;
}

bool mm::cublas::toBlas(cublasDiagType_t Diag, blas::Diag &Result) {
  if (Diag != CUBLAS_DIAG_NON_UNIT && Diag != CUBLAS_DIAG_UNIT)
    return false;
  Result = Diag == CUBLAS_DIAG_UNIT ? CblasUnit : CblasNonUnit;
  return true;
}

bool mm::cublas::toBlas(cublasSideMode_t Side, blas::Side &Result) {
  if (Side != CUBLAS_SIDE_LEFT && Side != CUBLAS_SIDE_RIGHT)
    return false;
  Result = Side == CUBLAS_SIDE_LEFT ? CblasLeft : CblasRight;
  return true;
}

extern "C" {

cublasStatus_t cublasCreate_v2(cublasHandle_t *Handle) {
  MM_CUBLAS_INVALID_IF(!Handle);
  *Handle = new (std::nothrow) cublasContext();
  return *Handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t H) {
  MM_CUBLAS_CHECK_HANDLE(H);
  delete H;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetVersion_v2(cublasHandle_t H, int *Version) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Version);
  *Version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetProperty(libraryPropertyType Type, int *Value) {
  MM_CUBLAS_INVALID_IF(!Value);
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CUBLAS_VER_MAJOR;
    return CUBLAS_STATUS_SUCCESS;
  case MINOR_VERSION:
    *Value = CUBLAS_VER_MINOR;
    return CUBLAS_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *Value = CUBLAS_VER_PATCH;
    return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

size_t cublasGetCudartVersion(void) { return CUDART_VERSION; }

cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t H, void *, size_t) {
  // Nothing mm's routines do needs the program's workspace.
  MM_CUBLAS_CHECK_HANDLE(H);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t H, cudaStream_t Stream) {
  MM_CUBLAS_CHECK_HANDLE(H);
  H->Stream = Stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t H, cudaStream_t *Stream) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Stream);
  *Stream = H->Stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t H,
                                       cublasPointerMode_t *Mode) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Mode);
  *Mode = H->PointerMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t H,
                                       cublasPointerMode_t Mode) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(Mode != CUBLAS_POINTER_MODE_HOST &&
                       Mode != CUBLAS_POINTER_MODE_DEVICE);
  H->PointerMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t H,
                                    cublasAtomicsMode_t *Mode) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Mode);
  *Mode = H->AtomicsMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetAtomicsMode(cublasHandle_t H,
                                    cublasAtomicsMode_t Mode) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(Mode != CUBLAS_ATOMICS_NOT_ALLOWED &&
                       Mode != CUBLAS_ATOMICS_ALLOWED);
  H->AtomicsMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t H, cublasMath_t *Mode) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Mode);
  *Mode = H->MathMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetMathMode(cublasHandle_t H, cublasMath_t Mode) {
  MM_CUBLAS_CHECK_HANDLE(H);
  H->MathMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetSmCountTarget(cublasHandle_t H, int *Count) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Count);
  *Count = H->SmCountTarget;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetSmCountTarget(cublasHandle_t H, int Count) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(Count < 0);
  H->SmCountTarget = Count;
  return CUBLAS_STATUS_SUCCESS;
}

const char *cublasGetStatusName(cublasStatus_t Status) {
  switch (Status) {
#define MM_STATUS(Name, Text)                                                  \
  case Name:                                                                   \
    return #Name;
#include "Status.def"
  }
  return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasGetStatusString(cublasStatus_t Status) {
  switch (Status) {
#define MM_STATUS(Name, Text)                                                  \
  case Name:                                                                   \
    return Text;
#include "Status.def"
  }
  return "unknown error";
}

} // extern "C"

/// Copies \p Count elements of \p Size bytes, \p FromStride and \p ToStride
/// elements apart.
static cublasStatus_t copyStrided(int64_t Count, int64_t Size,
                                  const void *From, int64_t FromStride,
                                  void *To, int64_t ToStride) {
  MM_CUBLAS_INVALID_IF(Count < 0 || Size <= 0 || FromStride <= 0 ||
                       ToStride <= 0);
  const char *Source = static_cast<const char *>(From);
  char *Destination = static_cast<char *>(To);
  if (FromStride == 1 && ToStride == 1) {
    if (Count)
      std::memmove(Destination, Source, Count * Size);
    return CUBLAS_STATUS_SUCCESS;
  }
  for (int64_t I = 0; I < Count; ++I)
    std::memmove(Destination + I * ToStride * Size,
                 Source + I * FromStride * Size, Size);
  return CUBLAS_STATUS_SUCCESS;
}

/// Copies a \p Rows x \p Columns matrix of \p Size-byte elements.
static cublasStatus_t copyMatrix(int64_t Rows, int64_t Columns, int64_t Size,
                                 const void *From, int64_t FromLeading,
                                 void *To, int64_t ToLeading) {
  MM_CUBLAS_INVALID_IF(Rows < 0 || Columns < 0 || Size <= 0 ||
                       FromLeading < leastLeading(Rows) ||
                       ToLeading < leastLeading(Rows));
  const char *Source = static_cast<const char *>(From);
  char *Destination = static_cast<char *>(To);
  for (int64_t J = 0; J < Columns && Rows; ++J)
    std::memmove(Destination + J * ToLeading * Size,
                 Source + J * FromLeading * Size, Rows * Size);
  return CUBLAS_STATUS_SUCCESS;
}

// Host and device memory are the same memory on the CPU: the copies are
// done when issued, the asynchronous ones too.
extern "C" {
#define MM_DEFINE_COPIES(I, Suffix)                                            \
  __MM_CUBLAS_SET_VECTOR(cublasSetVector##Suffix, I) {                         \
    return copyStrided(n, elemSize, x, incx, y, incy);                         \
  }                                                                            \
  __MM_CUBLAS_SET_VECTOR(cublasGetVector##Suffix, I) {                         \
    return copyStrided(n, elemSize, x, incx, y, incy);                         \
  }                                                                            \
  __MM_CUBLAS_SET_MATRIX(cublasSetMatrix##Suffix, I) {                         \
    return copyMatrix(rows, cols, elemSize, A, lda, B, ldb);                   \
  }                                                                            \
  __MM_CUBLAS_SET_MATRIX(cublasGetMatrix##Suffix, I) {                         \
    return copyMatrix(rows, cols, elemSize, A, lda, B, ldb);                   \
  }                                                                            \
  __MM_CUBLAS_SET_VECTOR_ASYNC(cublasSetVectorAsync##Suffix, I) {              \
    return copyStrided(n, elemSize, x, incx, y, incy);                         \
  }                                                                            \
  __MM_CUBLAS_SET_VECTOR_ASYNC(cublasGetVectorAsync##Suffix, I) {              \
    return copyStrided(n, elemSize, x, incx, y, incy);                         \
  }                                                                            \
  __MM_CUBLAS_SET_MATRIX_ASYNC(cublasSetMatrixAsync##Suffix, I) {              \
    return copyMatrix(rows, cols, elemSize, A, lda, B, ldb);                   \
  }                                                                            \
  __MM_CUBLAS_SET_MATRIX_ASYNC(cublasGetMatrixAsync##Suffix, I) {              \
    return copyMatrix(rows, cols, elemSize, A, lda, B, ldb);                   \
  }
MM_DEFINE_COPIES(int, )
MM_DEFINE_COPIES(int64_t, _64)
#undef MM_DEFINE_COPIES
} // extern "C"
