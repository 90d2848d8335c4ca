//===- Descriptors.cpp - cuSPARSE's handle and descriptors ----------------===//
//
// The handle, the status names, the legacy matrix descriptor and the
// generic API's descriptors: records of what the program gave, checked as
// cuSPARSE checks them (sizes not negative, arrays present where entries
// are, index types and orders that exist, leading dimensions that hold a
// row or column).
//
//===----------------------------------------------------------------------===//

#include "Sparse.h"

#include <new>

using namespace mm;
using namespace mm::cusparse;

cusparseStatus_t cusparse::issue(cusparseHandle_t H,
                                 std::function<void()> W) {
  return cudalib::doOrRecord(H->Stream, std::move(W))
             ? CUSPARSE_STATUS_SUCCESS
             : CUSPARSE_STATUS_EXECUTION_FAILED;
}

bool cusparse::isIndexType(cusparseIndexType_t Type) {
  return Type == CUSPARSE_INDEX_16U || Type == CUSPARSE_INDEX_32I ||
         Type == CUSPARSE_INDEX_64I;
}

/// Makes a new \p T from \p Value into \p *Result.
template <typename T, typename Handle>
static cusparseStatus_t create(Handle *Result, T Value) {
  if (!Result)
    return CUSPARSE_STATUS_INVALID_VALUE;
  T *Made = new (std::nothrow) T(Value);
  if (!Made)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  *Result = Made;
  return CUSPARSE_STATUS_SUCCESS;
}

/// Makes a descriptor that the program only reads, as \p Create makes a
/// writable one.
template <typename T, typename F>
static cusparseStatus_t createConst(const T **Descr, F Create) {
  MM_CUSPARSE_INVALID_IF(!Descr);
  T *Made;
  cusparseStatus_t Status = Create(&Made);
  if (Status == CUSPARSE_STATUS_SUCCESS)
    *Descr = Made;
  return Status;
}

/// The elements a descriptor's values array holds.
static int64_t countValues(const cusparseSpVecDescr &D) { return D.Nnz; }
static int64_t countValues(const cusparseDnVecDescr &D) { return D.Size; }
static int64_t countValues(const cusparseSpMatDescr &D) { return D.Nnz; }
static int64_t countValues(const cusparseDnMatDescr &D) {
  return D.Rows * D.Cols;
}

/// *\p Values = \p Descr's values array.
template <typename T, typename V>
static cusparseStatus_t getValues(const T *Descr, V **Values) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Values);
  *Values = Descr->Values;
  return CUSPARSE_STATUS_SUCCESS;
}

/// Points \p Descr at \p Values, which must be there if it has elements.
template <typename T>
static cusparseStatus_t setValues(T *Descr, void *Values) {
  MM_CUSPARSE_INVALID_IF(!Descr || (countValues(*Descr) && !Values));
  Descr->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

extern "C" {

//===------------------------------ The handle ----------------------------===//

cusparseStatus_t cusparseCreate(cusparseHandle_t *Handle) {
  return create(Handle, cusparseContext());
}

cusparseStatus_t cusparseDestroy(cusparseHandle_t Handle) {
  MM_CUSPARSE_CHECK_HANDLE(Handle);
  delete Handle;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetVersion(cusparseHandle_t Handle, int *Version) {
  MM_CUSPARSE_CHECK_HANDLE(Handle);
  MM_CUSPARSE_INVALID_IF(!Version);
  *Version = CUSPARSE_VERSION;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetProperty(libraryPropertyType Type, int *Value) {
  MM_CUSPARSE_INVALID_IF(!Value);
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CUSPARSE_VER_MAJOR;
    return CUSPARSE_STATUS_SUCCESS;
  case MINOR_VERSION:
    *Value = CUSPARSE_VER_MINOR;
    return CUSPARSE_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *Value = CUSPARSE_VER_PATCH;
    return CUSPARSE_STATUS_SUCCESS;
  }
  return CUSPARSE_STATUS_INVALID_VALUE;
}

const char *cusparseGetErrorName(cusparseStatus_t Status) {
  switch (Status) {
#define MM_STATUS(Name, Description)                                           \
  case Name:                                                                   \
    return #Name;
#include "Status.def"
  }
  return "CUSPARSE_STATUS_UNKNOWN";
}

const char *cusparseGetErrorString(cusparseStatus_t Status) {
  switch (Status) {
#define MM_STATUS(Name, Description)                                           \
  case Name:                                                                   \
    return Description;
#include "Status.def"
  }
  return "unknown status";
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t Handle,
                                   cudaStream_t Stream) {
  MM_CUSPARSE_CHECK_HANDLE(Handle);
  Handle->Stream = Stream;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetStream(cusparseHandle_t Handle,
                                   cudaStream_t *Stream) {
  MM_CUSPARSE_CHECK_HANDLE(Handle);
  MM_CUSPARSE_INVALID_IF(!Stream);
  *Stream = Handle->Stream;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t Handle,
                                        cusparsePointerMode_t *Mode) {
  MM_CUSPARSE_CHECK_HANDLE(Handle);
  MM_CUSPARSE_INVALID_IF(!Mode);
  *Mode = Handle->PointerMode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t Handle,
                                        cusparsePointerMode_t Mode) {
  MM_CUSPARSE_CHECK_HANDLE(Handle);
  MM_CUSPARSE_INVALID_IF(Mode != CUSPARSE_POINTER_MODE_HOST &&
                         Mode != CUSPARSE_POINTER_MODE_DEVICE);
  Handle->PointerMode = Mode;
  return CUSPARSE_STATUS_SUCCESS;
}

//===---------------------- Legacy matrix descriptors ---------------------===//

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *Descr) {
  return create(Descr, cusparseMatDescr());
}

cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t Descr,
                                    cusparseMatrixType_t Type) {
  MM_CUSPARSE_INVALID_IF(!Descr || Type < CUSPARSE_MATRIX_TYPE_GENERAL ||
                         Type > CUSPARSE_MATRIX_TYPE_TRIANGULAR);
  Descr->Type = Type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t Descr) {
  return Descr->Type;
}

cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t Descr,
                                        cusparseFillMode_t Fill) {
  MM_CUSPARSE_INVALID_IF(!Descr || (Fill != CUSPARSE_FILL_MODE_LOWER &&
                                    Fill != CUSPARSE_FILL_MODE_UPPER));
  Descr->Fill = Fill;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t Descr) {
  return Descr->Fill;
}

cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t Descr,
                                        cusparseDiagType_t Diag) {
  MM_CUSPARSE_INVALID_IF(!Descr || (Diag != CUSPARSE_DIAG_TYPE_NON_UNIT &&
                                    Diag != CUSPARSE_DIAG_TYPE_UNIT));
  Descr->Diag = Diag;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t Descr) {
  return Descr->Diag;
}

cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t Descr,
                                         cusparseIndexBase_t Base) {
  MM_CUSPARSE_INVALID_IF(!Descr || !isIndexBase(Base));
  Descr->Base = Base;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t Descr) {
  return Descr->Base;
}

//===---------------------------- Sparse vectors --------------------------===//

cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *Descr, int64_t Size,
                                     int64_t Nnz, void *Indices, void *Values,
                                     cusparseIndexType_t IndexType,
                                     cusparseIndexBase_t Base,
                                     cudaDataType ValueType) {
  MM_CUSPARSE_INVALID_IF(Size < 0 || Nnz < 0 || Nnz > Size ||
                         (Nnz && (!Indices || !Values)) ||
                         !isIndexType(IndexType) || !isIndexBase(Base));
  return create(Descr, cusparseSpVecDescr{Size, Nnz, Indices, Values,
                                          IndexType, Base, ValueType});
}

cusparseStatus_t cusparseCreateConstSpVec(cusparseConstSpVecDescr_t *Descr,
                                          int64_t Size, int64_t Nnz,
                                          const void *Indices,
                                          const void *Values,
                                          cusparseIndexType_t IndexType,
                                          cusparseIndexBase_t Base,
                                          cudaDataType ValueType) {
  return createConst(Descr, [&](cusparseSpVecDescr_t *Made) {
    return cusparseCreateSpVec(Made, Size, Nnz, const_cast<void *>(Indices),
                               const_cast<void *>(Values), IndexType, Base,
                               ValueType);
  });
}

cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t Descr, int64_t *Size,
                                  int64_t *Nnz, void **Indices, void **Values,
                                  cusparseIndexType_t *IndexType,
                                  cusparseIndexBase_t *Base,
                                  cudaDataType *ValueType) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Size || !Nnz || !Indices || !Values ||
                         !IndexType || !Base || !ValueType);
  *Size = Descr->Size;
  *Nnz = Descr->Nnz;
  *Indices = Descr->Indices;
  *Values = Descr->Values;
  *IndexType = Descr->IndexType;
  *Base = Descr->Base;
  *ValueType = Descr->ValueType;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGetIndexBase(cusparseConstSpVecDescr_t Descr,
                                           cusparseIndexBase_t *Base) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Base);
  *Base = Descr->Base;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpVecGetValues(cusparseSpVecDescr_t Descr,
                                        void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseConstSpVecGetValues(cusparseConstSpVecDescr_t Descr,
                                             const void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseSpVecSetValues(cusparseSpVecDescr_t Descr,
                                        void *Values) {
  return setValues(Descr, Values);
}

//===---------------------------- Dense vectors ---------------------------===//

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *Descr, int64_t Size,
                                     void *Values, cudaDataType ValueType) {
  MM_CUSPARSE_INVALID_IF(Size < 0 || (Size && !Values));
  return create(Descr, cusparseDnVecDescr{Size, Values, ValueType});
}

cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *Descr,
                                          int64_t Size, const void *Values,
                                          cudaDataType ValueType) {
  return createConst(Descr, [&](cusparseDnVecDescr_t *Made) {
    return cusparseCreateDnVec(Made, Size, const_cast<void *>(Values),
                               ValueType);
  });
}

cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t Descr, int64_t *Size,
                                  void **Values, cudaDataType *ValueType) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Size || !Values || !ValueType);
  *Size = Descr->Size;
  *Values = Descr->Values;
  *ValueType = Descr->ValueType;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t Descr,
                                        void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseConstDnVecGetValues(cusparseConstDnVecDescr_t Descr,
                                             const void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t Descr,
                                        void *Values) {
  return setValues(Descr, Values);
}

//===---------------------------- Sparse matrices -------------------------===//

/// Makes a CSR, CSC or COO matrix of \p Format.
static cusparseStatus_t
createSpMat(cusparseSpMatDescr_t *Descr, cusparseFormat_t Format, int64_t Rows,
            int64_t Cols, int64_t Nnz, void *Offsets, void *Indices,
            void *Values, cusparseIndexType_t OffsetType,
            cusparseIndexType_t IndexType, cusparseIndexBase_t Base,
            cudaDataType ValueType) {
  // A CSR or CSC matrix may be made without arrays, for SpGEMM's result
  // or a conversion to fill; its offsets come before its entries.
  bool Compressed = Format != CUSPARSE_FORMAT_COO;
  MM_CUSPARSE_INVALID_IF(Rows < 0 || Cols < 0 || Nnz < 0 ||
                         !isIndexType(OffsetType) || !isIndexType(IndexType) ||
                         !isIndexBase(Base));
  MM_CUSPARSE_INVALID_IF(!Compressed && Nnz && (!Offsets || !Indices));
  MM_CUSPARSE_INVALID_IF(Compressed && Nnz && Offsets &&
                         (!Indices || !Values));
  return create(Descr, cusparseSpMatDescr{Format, Rows, Cols, Nnz, Offsets,
                                          Indices, Values, OffsetType,
                                          IndexType, Base, ValueType});
}

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *Descr, int64_t Rows,
                                   int64_t Cols, int64_t Nnz, void *Offsets,
                                   void *Columns, void *Values,
                                   cusparseIndexType_t OffsetType,
                                   cusparseIndexType_t ColumnType,
                                   cusparseIndexBase_t Base,
                                   cudaDataType ValueType) {
  return createSpMat(Descr, CUSPARSE_FORMAT_CSR, Rows, Cols, Nnz, Offsets,
                     Columns, Values, OffsetType, ColumnType, Base, ValueType);
}

cusparseStatus_t cusparseCreateConstCsr(
    cusparseConstSpMatDescr_t *Descr, int64_t Rows, int64_t Cols, int64_t Nnz,
    const void *Offsets, const void *Columns, const void *Values,
    cusparseIndexType_t OffsetType, cusparseIndexType_t ColumnType,
    cusparseIndexBase_t Base, cudaDataType ValueType) {
  return createConst(Descr, [&](cusparseSpMatDescr_t *Made) {
    return cusparseCreateCsr(Made, Rows, Cols, Nnz, const_cast<void *>(Offsets),
                             const_cast<void *>(Columns),
                             const_cast<void *>(Values), OffsetType, ColumnType,
                             Base, ValueType);
  });
}

cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *Descr, int64_t Rows,
                                   int64_t Cols, int64_t Nnz, void *Offsets,
                                   void *RowIndices, void *Values,
                                   cusparseIndexType_t OffsetType,
                                   cusparseIndexType_t RowType,
                                   cusparseIndexBase_t Base,
                                   cudaDataType ValueType) {
  return createSpMat(Descr, CUSPARSE_FORMAT_CSC, Rows, Cols, Nnz, Offsets,
                     RowIndices, Values, OffsetType, RowType, Base, ValueType);
}

cusparseStatus_t cusparseCreateConstCsc(
    cusparseConstSpMatDescr_t *Descr, int64_t Rows, int64_t Cols, int64_t Nnz,
    const void *Offsets, const void *RowIndices, const void *Values,
    cusparseIndexType_t OffsetType, cusparseIndexType_t RowType,
    cusparseIndexBase_t Base, cudaDataType ValueType) {
  return createConst(Descr, [&](cusparseSpMatDescr_t *Made) {
    return cusparseCreateCsc(Made, Rows, Cols, Nnz, const_cast<void *>(Offsets),
                             const_cast<void *>(RowIndices),
                             const_cast<void *>(Values), OffsetType, RowType,
                             Base, ValueType);
  });
}

cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *Descr, int64_t Rows,
                                   int64_t Cols, int64_t Nnz, void *RowIndices,
                                   void *ColIndices, void *Values,
                                   cusparseIndexType_t IndexType,
                                   cusparseIndexBase_t Base,
                                   cudaDataType ValueType) {
  return createSpMat(Descr, CUSPARSE_FORMAT_COO, Rows, Cols, Nnz, RowIndices,
                     ColIndices, Values, IndexType, IndexType, Base,
                     ValueType);
}

cusparseStatus_t cusparseCreateConstCoo(
    cusparseConstSpMatDescr_t *Descr, int64_t Rows, int64_t Cols, int64_t Nnz,
    const void *RowIndices, const void *ColIndices, const void *Values,
    cusparseIndexType_t IndexType, cusparseIndexBase_t Base,
    cudaDataType ValueType) {
  return createConst(Descr, [&](cusparseSpMatDescr_t *Made) {
    return cusparseCreateCoo(Made, Rows, Cols, Nnz,
                             const_cast<void *>(RowIndices),
                             const_cast<void *>(ColIndices),
                             const_cast<void *>(Values), IndexType, Base,
                             ValueType);
  });
}

cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t Descr,
                                        cusparseFormat_t *Format) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Format);
  *Format = Descr->Format;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t Descr,
                                           cusparseIndexBase_t *Base) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Base);
  *Base = Descr->Base;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t Descr,
                                        void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseConstSpMatGetValues(cusparseConstSpMatDescr_t Descr,
                                             const void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t Descr,
                                        void *Values) {
  return setValues(Descr, Values);
}

cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t Descr,
                                      int64_t *Rows, int64_t *Cols,
                                      int64_t *Nnz) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Rows || !Cols || !Nnz);
  *Rows = Descr->Rows;
  *Cols = Descr->Cols;
  *Nnz = Descr->Nnz;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t Descr,
                                              int *BatchCount) {
  MM_CUSPARSE_INVALID_IF(!Descr || !BatchCount);
  *BatchCount = Descr->BatchCount;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t Descr,
                                            int BatchCount,
                                            int64_t BatchStride) {
  MM_CUSPARSE_INVALID_IF(!Descr || Descr->Format != CUSPARSE_FORMAT_COO ||
                         BatchCount < 1 || BatchStride < Descr->Nnz);
  Descr->BatchCount = BatchCount;
  Descr->IndicesBatchStride = BatchStride;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t Descr,
                                            int BatchCount,
                                            int64_t OffsetsBatchStride,
                                            int64_t IndicesBatchStride) {
  // A stride of 0 shares the offsets (or the entries) among the batch.
  MM_CUSPARSE_INVALID_IF(!Descr || Descr->Format != CUSPARSE_FORMAT_CSR ||
                         BatchCount < 1 ||
                         (OffsetsBatchStride &&
                          OffsetsBatchStride < Descr->Rows + 1) ||
                         (IndicesBatchStride &&
                          IndicesBatchStride < Descr->Nnz));
  Descr->BatchCount = BatchCount;
  Descr->OffsetsBatchStride = OffsetsBatchStride;
  Descr->IndicesBatchStride = IndicesBatchStride;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t Descr,
                                           cusparseSpMatAttribute_t Attribute,
                                           void *Data, size_t DataSize) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Data);
  if (Attribute == CUSPARSE_SPMAT_FILL_MODE) {
    MM_CUSPARSE_INVALID_IF(DataSize != sizeof(cusparseFillMode_t));
    *static_cast<cusparseFillMode_t *>(Data) = Descr->Fill;
    return CUSPARSE_STATUS_SUCCESS;
  }
  MM_CUSPARSE_INVALID_IF(Attribute != CUSPARSE_SPMAT_DIAG_TYPE ||
                         DataSize != sizeof(cusparseDiagType_t));
  *static_cast<cusparseDiagType_t *>(Data) = Descr->Diag;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t Descr,
                                           cusparseSpMatAttribute_t Attribute,
                                           void *Data, size_t DataSize) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Data);
  if (Attribute == CUSPARSE_SPMAT_FILL_MODE) {
    auto Fill = *static_cast<cusparseFillMode_t *>(Data);
    MM_CUSPARSE_INVALID_IF(DataSize != sizeof(cusparseFillMode_t) ||
                           (Fill != CUSPARSE_FILL_MODE_LOWER &&
                            Fill != CUSPARSE_FILL_MODE_UPPER));
    Descr->Fill = Fill;
    return CUSPARSE_STATUS_SUCCESS;
  }
  MM_CUSPARSE_INVALID_IF(Attribute != CUSPARSE_SPMAT_DIAG_TYPE ||
                         DataSize != sizeof(cusparseDiagType_t));
  auto Diag = *static_cast<cusparseDiagType_t *>(Data);
  MM_CUSPARSE_INVALID_IF(Diag != CUSPARSE_DIAG_TYPE_NON_UNIT &&
                         Diag != CUSPARSE_DIAG_TYPE_UNIT);
  Descr->Diag = Diag;
  return CUSPARSE_STATUS_SUCCESS;
}

/// What cusparseCsrGet, cusparseCooGet read: \p Descr of \p Format.
static cusparseStatus_t
getSpMat(cusparseSpMatDescr_t Descr, cusparseFormat_t Format, int64_t *Rows,
         int64_t *Cols, int64_t *Nnz, void **Offsets, void **Indices,
         void **Values, cusparseIndexType_t *OffsetType,
         cusparseIndexType_t *IndexType, cusparseIndexBase_t *Base,
         cudaDataType *ValueType) {
  MM_CUSPARSE_INVALID_IF(!Descr || Descr->Format != Format || !Rows ||
                         !Cols || !Nnz || !Offsets || !Indices || !Values ||
                         !OffsetType || !IndexType || !Base || !ValueType);
  *Rows = Descr->Rows;
  *Cols = Descr->Cols;
  *Nnz = Descr->Nnz;
  *Offsets = Descr->Offsets;
  *Indices = Descr->Indices;
  *Values = Descr->Values;
  *OffsetType = Descr->OffsetType;
  *IndexType = Descr->IndexType;
  *Base = Descr->Base;
  *ValueType = Descr->ValueType;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t Descr, int64_t *Rows,
                                int64_t *Cols, int64_t *Nnz, void **Offsets,
                                void **Columns, void **Values,
                                cusparseIndexType_t *OffsetType,
                                cusparseIndexType_t *ColumnType,
                                cusparseIndexBase_t *Base,
                                cudaDataType *ValueType) {
  return getSpMat(Descr, CUSPARSE_FORMAT_CSR, Rows, Cols, Nnz, Offsets,
                  Columns, Values, OffsetType, ColumnType, Base, ValueType);
}

cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t Descr, int64_t *Rows,
                                int64_t *Cols, int64_t *Nnz, void **RowIndices,
                                void **ColIndices, void **Values,
                                cusparseIndexType_t *IndexType,
                                cusparseIndexBase_t *Base,
                                cudaDataType *ValueType) {
  cusparseIndexType_t ColumnType;
  return getSpMat(Descr, CUSPARSE_FORMAT_COO, Rows, Cols, Nnz, RowIndices,
                  ColIndices, Values, IndexType, &ColumnType, Base, ValueType);
}

/// Points \p Descr of \p Format at new arrays.
static cusparseStatus_t setPointers(cusparseSpMatDescr_t Descr,
                                    cusparseFormat_t Format, void *Offsets,
                                    void *Indices, void *Values) {
  MM_CUSPARSE_INVALID_IF(!Descr || Descr->Format != Format);
  MM_CUSPARSE_INVALID_IF(Format != CUSPARSE_FORMAT_COO && !Offsets);
  MM_CUSPARSE_INVALID_IF(Descr->Nnz &&
                         (!Offsets || !Indices || !Values));
  Descr->Offsets = Offsets;
  Descr->Indices = Indices;
  Descr->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t Descr,
                                        void *Offsets, void *Columns,
                                        void *Values) {
  return setPointers(Descr, CUSPARSE_FORMAT_CSR, Offsets, Columns, Values);
}

cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t Descr,
                                        void *Offsets, void *RowIndices,
                                        void *Values) {
  return setPointers(Descr, CUSPARSE_FORMAT_CSC, Offsets, RowIndices, Values);
}

cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t Descr,
                                        void *RowIndices, void *ColIndices,
                                        void *Values) {
  return setPointers(Descr, CUSPARSE_FORMAT_COO, RowIndices, ColIndices,
                     Values);
}

//===---------------------------- Dense matrices --------------------------===//

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *Descr, int64_t Rows,
                                     int64_t Cols, int64_t Ld, void *Values,
                                     cudaDataType ValueType,
                                     cusparseOrder_t Order) {
  MM_CUSPARSE_INVALID_IF(Rows < 0 || Cols < 0 ||
                         (Order != CUSPARSE_ORDER_COL &&
                          Order != CUSPARSE_ORDER_ROW));
  MM_CUSPARSE_INVALID_IF(Ld < (Order == CUSPARSE_ORDER_COL ? Rows : Cols));
  MM_CUSPARSE_INVALID_IF(Rows && Cols && !Values);
  return create(Descr, cusparseDnMatDescr{Rows, Cols, Ld, Values, ValueType,
                                          Order});
}

cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *Descr,
                                          int64_t Rows, int64_t Cols,
                                          int64_t Ld, const void *Values,
                                          cudaDataType ValueType,
                                          cusparseOrder_t Order) {
  return createConst(Descr, [&](cusparseDnMatDescr_t *Made) {
    return cusparseCreateDnMat(Made, Rows, Cols, Ld, const_cast<void *>(Values),
                               ValueType, Order);
  });
}

cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t Descr, int64_t *Rows,
                                  int64_t *Cols, int64_t *Ld, void **Values,
                                  cudaDataType *Type, cusparseOrder_t *Order) {
  MM_CUSPARSE_INVALID_IF(!Descr || !Rows || !Cols || !Ld || !Values ||
                         !Type || !Order);
  *Rows = Descr->Rows;
  *Cols = Descr->Cols;
  *Ld = Descr->Ld;
  *Values = Descr->Values;
  *Type = Descr->ValueType;
  *Order = Descr->Order;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t Descr,
                                        void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseConstDnMatGetValues(cusparseConstDnMatDescr_t Descr,
                                             const void **Values) {
  return getValues(Descr, Values);
}

cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t Descr,
                                        void *Values) {
  return setValues(Descr, Values);
}

cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t Descr,
                                              int BatchCount,
                                              int64_t BatchStride) {
  MM_CUSPARSE_INVALID_IF(!Descr || BatchCount < 1);
  int64_t Size = Descr->Ld * (Descr->Order == CUSPARSE_ORDER_COL
                                  ? Descr->Cols
                                  : Descr->Rows);
  MM_CUSPARSE_INVALID_IF(BatchCount > 1 && BatchStride < Size);
  Descr->BatchCount = BatchCount;
  Descr->BatchStride = BatchStride;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t Descr,
                                              int *BatchCount,
                                              int64_t *BatchStride) {
  MM_CUSPARSE_INVALID_IF(!Descr || !BatchCount || !BatchStride);
  *BatchCount = Descr->BatchCount;
  *BatchStride = Descr->BatchStride;
  return CUSPARSE_STATUS_SUCCESS;
}

} // extern "C"
