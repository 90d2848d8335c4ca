//===- Lt.cpp - cuBLASLt's matrix multiplication --------------------------===//
//
// cublasLtMatmul, D = epilogue(alpha op(A) op(B) + beta C), over the
// system's BLAS: op(A) and op(B) are gathered from their layouts (column-
// or row-major, strided batches) into the compute type's precision, as
// GemmEx's operands are, multiplied, and the sum with beta C, the bias and
// the activation rounded once to D's type. The descriptors are cuBLASLt's
// semi-opaque structures, which hold mm's records; the heuristic offers one
// algorithm, which needs no workspace.
//
//===----------------------------------------------------------------------===//

#include "Elements.h"
#include "Handle.h"

#include "mm-cuda/cublasLt.h"
#include "mm-cuda/cuda_runtime_api.h"

#include <cmath>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

using namespace mm;
using namespace mm::cublas;
using namespace mm::cublas::elements;

struct cublasLtContext {};

namespace {

/// A matrix layout, in a cublasLtMatrixLayoutOpaque_t.
struct Layout {
  cudaDataType Type;
  cublasLtOrder_t Order;
  uint64_t Rows, Cols;
  int64_t Ld;
  int32_t BatchCount;
  int64_t BatchStride;

  /// The index of element (\p I, \p J) of matrix \p Batch.
  int64_t index(int64_t Batch, int64_t I, int64_t J) const {
    return Batch * BatchStride +
           (Order == CUBLASLT_ORDER_ROW ? I * Ld + J : I + J * Ld);
  }
};
static_assert(sizeof(Layout) <= sizeof(cublasLtMatrixLayoutOpaque_t));

/// A multiplication's descriptor, in a cublasLtMatmulDescOpaque_t.
struct MatmulDesc {
  cublasComputeType_t Compute;
  cudaDataType Scale;
  cublasLtPointerMode_t PointerMode = CUBLASLT_POINTER_MODE_HOST;
  cublasOperation_t TransA = CUBLAS_OP_N, TransB = CUBLAS_OP_N,
                    TransC = CUBLAS_OP_N;
  cublasFillMode_t Fill = CUBLAS_FILL_MODE_FULL;
  cublasLtEpilogue_t Epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  const void *Bias = nullptr;
  int64_t BiasBatchStride = 0;
  void *AuxPointer = nullptr;
  int64_t AuxLd = 0, AuxBatchStride = 0, AlphaVectorBatchStride = 0;
  int32_t SmCountTarget = 0;
  const void *AScale = nullptr, *BScale = nullptr, *CScale = nullptr,
             *DScale = nullptr;
  void *AmaxD = nullptr;
  cudaDataType AuxType = CUDA_R_32F;
  const void *AuxScale = nullptr;
  void *AuxAmax = nullptr;
  int8_t FastAccum = 0;
  /// The bias's type; -1: D's.
  int32_t BiasType = -1;
};
static_assert(sizeof(MatmulDesc) <= sizeof(cublasLtMatmulDescOpaque_t));

/// A preference, in a cublasLtMatmulPreferenceOpaque_t: kept and read back;
/// mm's one algorithm satisfies every one.
struct Preference {
  uint32_t SearchMode = CUBLASLT_SEARCH_BEST_FIT;
  uint64_t MaxWorkspace = 0;
  uint32_t ReductionMask = 0;
  uint32_t MinAlignment[4] = {256, 256, 256, 256};
  float MaxWaves = 0;
  uint64_t ImplMask = ~uint64_t(0);
};
static_assert(sizeof(Preference) <= sizeof(cublasLtMatmulPreferenceOpaque_t));

template <typename T, typename Opaque> T &recordOf(Opaque *Storage) {
  return *std::launder(reinterpret_cast<T *>(Storage));
}

/// Where attribute \p Field of a record is, and its size.
struct FieldRef {
  void *Address;
  size_t Size;
};
template <typename T> FieldRef field(T &Member) {
  return {&Member, sizeof(Member)};
}

bool findField(Layout &L, cublasLtMatrixLayoutAttribute_t A, FieldRef &F) {
  switch (A) {
  case CUBLASLT_MATRIX_LAYOUT_TYPE:
    F = field(L.Type);
    return true;
  case CUBLASLT_MATRIX_LAYOUT_ORDER:
    F = field(L.Order);
    return true;
  case CUBLASLT_MATRIX_LAYOUT_ROWS:
    F = field(L.Rows);
    return true;
  case CUBLASLT_MATRIX_LAYOUT_COLS:
    F = field(L.Cols);
    return true;
  case CUBLASLT_MATRIX_LAYOUT_LD:
    F = field(L.Ld);
    return true;
  case CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT:
    F = field(L.BatchCount);
    return true;
  case CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET:
    F = field(L.BatchStride);
    return true;
  default:
    return false;
  }
}

bool findField(MatmulDesc &D, cublasLtMatmulDescAttributes_t A, FieldRef &F) {
  switch (A) {
  case CUBLASLT_MATMUL_DESC_COMPUTE_TYPE:
    F = field(D.Compute);
    return true;
  case CUBLASLT_MATMUL_DESC_SCALE_TYPE:
    F = field(D.Scale);
    return true;
  case CUBLASLT_MATMUL_DESC_POINTER_MODE:
    F = field(D.PointerMode);
    return true;
  case CUBLASLT_MATMUL_DESC_TRANSA:
    F = field(D.TransA);
    return true;
  case CUBLASLT_MATMUL_DESC_TRANSB:
    F = field(D.TransB);
    return true;
  case CUBLASLT_MATMUL_DESC_TRANSC:
    F = field(D.TransC);
    return true;
  case CUBLASLT_MATMUL_DESC_FILL_MODE:
    F = field(D.Fill);
    return true;
  case CUBLASLT_MATMUL_DESC_EPILOGUE:
    F = field(D.Epilogue);
    return true;
  case CUBLASLT_MATMUL_DESC_BIAS_POINTER:
    F = field(D.Bias);
    return true;
  case CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE:
    F = field(D.BiasBatchStride);
    return true;
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER:
    F = field(D.AuxPointer);
    return true;
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD:
    F = field(D.AuxLd);
    return true;
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE:
    F = field(D.AuxBatchStride);
    return true;
  case CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE:
    F = field(D.AlphaVectorBatchStride);
    return true;
  case CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET:
    F = field(D.SmCountTarget);
    return true;
  case CUBLASLT_MATMUL_DESC_A_SCALE_POINTER:
    F = field(D.AScale);
    return true;
  case CUBLASLT_MATMUL_DESC_B_SCALE_POINTER:
    F = field(D.BScale);
    return true;
  case CUBLASLT_MATMUL_DESC_C_SCALE_POINTER:
    F = field(D.CScale);
    return true;
  case CUBLASLT_MATMUL_DESC_D_SCALE_POINTER:
    F = field(D.DScale);
    return true;
  case CUBLASLT_MATMUL_DESC_AMAX_D_POINTER:
    F = field(D.AmaxD);
    return true;
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE:
    F = field(D.AuxType);
    return true;
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER:
    F = field(D.AuxScale);
    return true;
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER:
    F = field(D.AuxAmax);
    return true;
  case CUBLASLT_MATMUL_DESC_FAST_ACCUM:
    F = field(D.FastAccum);
    return true;
  case CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE:
    F = field(D.BiasType);
    return true;
  }
  return false;
}

bool findField(Preference &P, cublasLtMatmulPreferenceAttributes_t A,
               FieldRef &F) {
  switch (A) {
  case CUBLASLT_MATMUL_PREF_SEARCH_MODE:
    F = field(P.SearchMode);
    return true;
  case CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES:
    F = field(P.MaxWorkspace);
    return true;
  case CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK:
    F = field(P.ReductionMask);
    return true;
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES:
    F = field(P.MinAlignment[A - CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES]);
    return true;
  case CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT:
    F = field(P.MaxWaves);
    return true;
  case CUBLASLT_MATMUL_PREF_IMPL_MASK:
    F = field(P.ImplMask);
    return true;
  }
  return false;
}

/// Sets attribute \p A of \p Record from \p Buffer of \p Size bytes, which
/// must be the attribute's size.
template <typename R, typename A>
cublasStatus_t setAttribute(R &Record, A Attribute, const void *Buffer,
                            size_t Size) {
  FieldRef F;
  if (!findField(Record, Attribute, F) || !Buffer || Size != F.Size)
    return CUBLAS_STATUS_INVALID_VALUE;
  std::memcpy(F.Address, Buffer, Size);
  return CUBLAS_STATUS_SUCCESS;
}

/// Reads attribute \p A of \p Record into \p Buffer of \p Size bytes; with
/// no buffer and a size of 0, tells only its size.
template <typename R, typename A>
cublasStatus_t getAttribute(R &Record, A Attribute, void *Buffer, size_t Size,
                            size_t *Written) {
  FieldRef F;
  if (!findField(Record, Attribute, F))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (!Buffer && Size == 0 && Written) {
    *Written = F.Size;
    return CUBLAS_STATUS_SUCCESS;
  }
  if (!Buffer || Size < F.Size)
    return CUBLAS_STATUS_INVALID_VALUE;
  std::memcpy(Buffer, F.Address, F.Size);
  if (Written)
    *Written = F.Size;
  return CUBLAS_STATUS_SUCCESS;
}

/// The epilogues mm computes: none, a bias, ReLU, GELU (the tanh form, as
/// cuBLASLt's), and the last two after a bias.
bool isComputedEpilogue(cublasLtEpilogue_t E) {
  switch (E) {
  case CUBLASLT_EPILOGUE_DEFAULT:
  case CUBLASLT_EPILOGUE_BIAS:
  case CUBLASLT_EPILOGUE_RELU:
  case CUBLASLT_EPILOGUE_RELU_BIAS:
  case CUBLASLT_EPILOGUE_GELU:
  case CUBLASLT_EPILOGUE_GELU_BIAS:
    return true;
  default:
    return false;
  }
}

double gelu(double X) {
  return 0.5 * X *
         (1 + std::tanh(std::sqrt(2 / M_PI) * (X + 0.044715 * X * X * X)));
}

/// The precision that \p Compute multiplies in: double for 64-bit and for
/// integer products (exact), float for the rest.
bool inDouble(cublasComputeType_t Compute) {
  switch (Compute) {
  case CUBLAS_COMPUTE_64F:
  case CUBLAS_COMPUTE_64F_PEDANTIC:
  case CUBLAS_COMPUTE_32I:
  case CUBLAS_COMPUTE_32I_PEDANTIC:
    return true;
  default:
    return false;
  }
}

/// The checks of a multiplication that the heuristic and cublasLtMatmul
/// share; the sizes M x N x K in \p Shape.
cublasStatus_t checkMatmul(const MatmulDesc &Op, const Layout &A,
                           const Layout &B, const Layout &C, const Layout &D,
                           int64_t Shape[3]) {
  auto Valid = [](cublasOperation_t T) {
    return T == CUBLAS_OP_N || T == CUBLAS_OP_T || T == CUBLAS_OP_C;
  };
  if (!Valid(Op.TransA) || !Valid(Op.TransB))
    return CUBLAS_STATUS_INVALID_VALUE;
  int64_t M = D.Rows, N = D.Cols;
  int64_t K = Op.TransA == CUBLAS_OP_N ? A.Cols : A.Rows;
  int64_t AM = Op.TransA == CUBLAS_OP_N ? A.Rows : A.Cols;
  int64_t BK = Op.TransB == CUBLAS_OP_N ? B.Rows : B.Cols;
  int64_t BN = Op.TransB == CUBLAS_OP_N ? B.Cols : B.Rows;
  if (AM != M || BK != K || BN != N || int64_t(C.Rows) != M ||
      int64_t(C.Cols) != N)
    return CUBLAS_STATUS_INVALID_VALUE;
  for (const Layout *L : {&A, &B, &C, &D}) {
    if (L->Order != CUBLASLT_ORDER_COL && L->Order != CUBLASLT_ORDER_ROW)
      return CUBLAS_STATUS_NOT_SUPPORTED;
    int64_t Line = L->Order == CUBLASLT_ORDER_COL ? L->Rows : L->Cols;
    if (L->Ld < Line || (L->BatchCount != D.BatchCount && L->BatchCount != 1))
      return CUBLAS_STATUS_INVALID_VALUE;
    if (!getSize(L->Type))
      return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  if (isComplex(A.Type) != isComplex(D.Type) ||
      isComplex(B.Type) != isComplex(D.Type) || C.Type != D.Type ||
      Op.TransC != CUBLAS_OP_N || !isComputedEpilogue(Op.Epilogue) ||
      (Op.PointerMode != CUBLASLT_POINTER_MODE_HOST &&
       Op.PointerMode != CUBLASLT_POINTER_MODE_DEVICE) ||
      (isComplex(D.Type) && (Op.Epilogue != CUBLASLT_EPILOGUE_DEFAULT)))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  Shape[0] = M, Shape[1] = N, Shape[2] = K;
  return CUBLAS_STATUS_SUCCESS;
}

/// op(matrix \p Batch of \p L at \p Base), \p Rows x \p Cols, packed
/// column-major in W.
template <typename W>
std::vector<W> gatherOp(const Layout &L, const void *Base, int64_t Batch,
                        cublasOperation_t Op, int64_t Rows, int64_t Cols) {
  std::vector<W> Packed(Rows * Cols);
  if (L.BatchCount == 1)
    Batch = 0;
  for (int64_t J = 0; J < Cols; ++J)
    for (int64_t I = 0; I < Rows; ++I) {
      Complex V = Op == CUBLAS_OP_N ? load(L.Type, Base, L.index(Batch, I, J))
                                    : load(L.Type, Base, L.index(Batch, J, I));
      if (Op == CUBLAS_OP_C)
        V = std::conj(V);
      Packed[I + J * Rows] = toWorking<W>(V);
    }
  return Packed;
}

/// The multiplication, once the arguments are checked, in working type W.
template <typename W>
void matmulIn(const MatmulDesc &Op, Complex Alpha, Complex Beta,
              const Layout &LA, const void *A, const Layout &LB, const void *B,
              const Layout &LC, const void *C, const Layout &LD, void *D,
              int64_t M, int64_t N, int64_t K) {
  auto ScaleOf = [](const void *P) { return P ? load(CUDA_R_32F, P, 0) : 1.0; };
  Complex ABScale = ScaleOf(Op.AScale) * ScaleOf(Op.BScale);
  Complex CScale = ScaleOf(Op.CScale), DScale = ScaleOf(Op.DScale);
  bool Bias = Op.Epilogue & CUBLASLT_EPILOGUE_BIAS;
  cudaDataType BiasType =
      Op.BiasType < 0 ? LD.Type : cudaDataType(Op.BiasType);
  double Amax = 0;
  for (int64_t Batch = 0; Batch < LD.BatchCount; ++Batch) {
    std::vector<W> PA = gatherOp<W>(LA, A, Batch, Op.TransA, M, K);
    std::vector<W> PB = gatherOp<W>(LB, B, Batch, Op.TransB, K, N);
    std::vector<W> Product(M * N);
    // Packed, each operand's leading dimension is its rows (M x K, K x N).
    if (M && N && K)
      blas::gemm(blas::Op(CblasNoTrans), blas::Op(CblasNoTrans), int(M),
                 int(N), int(K), toWorking<W>(1), PA.data(), int(M),
                 PB.data(), int(K), toWorking<W>(0), Product.data(),
                 int(M));
    int64_t CBatch = LC.BatchCount == 1 ? 0 : Batch;
    for (int64_t J = 0; J < N; ++J)
      for (int64_t I = 0; I < M; ++I) {
        Complex V = Alpha * ABScale * fromWorking(Product[I + J * M]);
        // C is read only if beta is not 0, as BLAS does.
        if (Beta != Complex(0))
          V += Beta * CScale * load(LC.Type, C, LC.index(CBatch, I, J));
        if (Bias)
          V += load(BiasType, Op.Bias, Batch * Op.BiasBatchStride + I);
        if (Op.Epilogue & CUBLASLT_EPILOGUE_RELU)
          V = std::max(V.real(), 0.0);
        else if (Op.Epilogue & CUBLASLT_EPILOGUE_GELU)
          V = gelu(V.real());
        Amax = std::max(Amax, std::abs(V));
        store(LD.Type, D, LD.index(Batch, I, J), V * DScale);
      }
  }
  if (Op.AmaxD)
    *static_cast<float *>(Op.AmaxD) = float(Amax);
}

} // namespace

cublasStatus_t cublasLtCreate(cublasLtHandle_t *Handle) {
  if (!Handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Handle = new (std::nothrow) cublasLtContext();
  return *Handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasLtDestroy(cublasLtHandle_t Handle) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  delete Handle;
  return CUBLAS_STATUS_SUCCESS;
}

size_t cublasLtGetVersion() { return CUBLAS_VERSION; }

size_t cublasLtGetCudartVersion() { return CUDART_VERSION; }

cublasStatus_t cublasLtGetProperty(libraryPropertyType Type, int *Value) {
  return cublasGetProperty(Type, Value);
}

const char *cublasLtGetStatusName(cublasStatus_t Status) {
  return cublasGetStatusName(Status);
}

const char *cublasLtGetStatusString(cublasStatus_t Status) {
  return cublasGetStatusString(Status);
}

cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t L,
                                                 size_t Size,
                                                 cudaDataType Type,
                                                 uint64_t Rows, uint64_t Cols,
                                                 int64_t Ld) {
  if (!L || Size < sizeof(Layout))
    return CUBLAS_STATUS_INVALID_VALUE;
  new (L) Layout{Type, CUBLASLT_ORDER_COL, Rows, Cols, Ld, 1, 0};
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *L,
                                          cudaDataType Type, uint64_t Rows,
                                          uint64_t Cols, int64_t Ld) {
  if (!L)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *Made = new (std::nothrow) cublasLtMatrixLayoutOpaque_t();
  if (!Made)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatrixLayoutInit_internal(Made, sizeof(*Made), Type, Rows, Cols,
                                    Ld);
  *L = Made;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t L) {
  delete L;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t
cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t L,
                                 cublasLtMatrixLayoutAttribute_t Attribute,
                                 const void *Buffer, size_t Size) {
  if (!L)
    return CUBLAS_STATUS_INVALID_VALUE;
  return setAttribute(recordOf<Layout>(L), Attribute, Buffer, Size);
}

cublasStatus_t
cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t L,
                                 cublasLtMatrixLayoutAttribute_t Attribute,
                                 void *Buffer, size_t Size, size_t *Written) {
  if (!L)
    return CUBLAS_STATUS_INVALID_VALUE;
  return getAttribute(recordOf<Layout>(L), Attribute, Buffer, Size, Written);
}

cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t Desc,
                                               size_t Size,
                                               cublasComputeType_t Compute,
                                               cudaDataType_t Scale) {
  if (!Desc || Size < sizeof(MatmulDesc))
    return CUBLAS_STATUS_INVALID_VALUE;
  MatmulDesc *Made = new (Desc) MatmulDesc();
  Made->Compute = Compute;
  Made->Scale = Scale;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *Desc,
                                        cublasComputeType_t Compute,
                                        cudaDataType_t Scale) {
  if (!Desc)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *Made = new (std::nothrow) cublasLtMatmulDescOpaque_t();
  if (!Made)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatmulDescInit_internal(Made, sizeof(*Made), Compute, Scale);
  *Desc = Made;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t Desc) {
  delete Desc;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t
cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t Desc,
                               cublasLtMatmulDescAttributes_t Attribute,
                               const void *Buffer, size_t Size) {
  if (!Desc)
    return CUBLAS_STATUS_INVALID_VALUE;
  return setAttribute(recordOf<MatmulDesc>(Desc), Attribute, Buffer, Size);
}

cublasStatus_t
cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t Desc,
                               cublasLtMatmulDescAttributes_t Attribute,
                               void *Buffer, size_t Size, size_t *Written) {
  if (!Desc)
    return CUBLAS_STATUS_INVALID_VALUE;
  return getAttribute(recordOf<MatmulDesc>(Desc), Attribute, Buffer, Size,
                      Written);
}

cublasStatus_t
cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t P,
                                      size_t Size) {
  if (!P || Size < sizeof(Preference))
    return CUBLAS_STATUS_INVALID_VALUE;
  new (P) Preference();
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *P) {
  if (!P)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *Made = new (std::nothrow) cublasLtMatmulPreferenceOpaque_t();
  if (!Made)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatmulPreferenceInit_internal(Made, sizeof(*Made));
  *P = Made;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t P) {
  delete P;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(
    cublasLtMatmulPreference_t P,
    cublasLtMatmulPreferenceAttributes_t Attribute, const void *Buffer,
    size_t Size) {
  if (!P)
    return CUBLAS_STATUS_INVALID_VALUE;
  return setAttribute(recordOf<Preference>(P), Attribute, Buffer, Size);
}

cublasStatus_t cublasLtMatmulPreferenceGetAttribute(
    cublasLtMatmulPreference_t P,
    cublasLtMatmulPreferenceAttributes_t Attribute, void *Buffer, size_t Size,
    size_t *Written) {
  if (!P)
    return CUBLAS_STATUS_INVALID_VALUE;
  return getAttribute(recordOf<Preference>(P), Attribute, Buffer, Size,
                      Written);
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t Handle, cublasLtMatmulDesc_t Desc,
    cublasLtMatrixLayout_t A, cublasLtMatrixLayout_t B,
    cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    cublasLtMatmulPreference_t P, int Requested,
    cublasLtMatmulHeuristicResult_t Results[], int *Returned) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Desc || !A || !B || !C || !D || !P || Requested < 1 || !Results ||
      !Returned)
    return CUBLAS_STATUS_INVALID_VALUE;
  int64_t Shape[3];
  *Returned = 0;
  if (cublasStatus_t S =
          checkMatmul(recordOf<MatmulDesc>(Desc), recordOf<Layout>(A),
                      recordOf<Layout>(B), recordOf<Layout>(C),
                      recordOf<Layout>(D), Shape))
    return S;
  Results[0] = cublasLtMatmulHeuristicResult_t();
  Results[0].state = CUBLAS_STATUS_SUCCESS;
  Results[0].wavesCount = 1;
  *Returned = 1;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmul(cublasLtHandle_t Handle,
                              cublasLtMatmulDesc_t Desc, const void *Alpha,
                              const void *A, cublasLtMatrixLayout_t ADesc,
                              const void *B, cublasLtMatrixLayout_t BDesc,
                              const void *Beta, const void *C,
                              cublasLtMatrixLayout_t CDesc, void *D,
                              cublasLtMatrixLayout_t DDesc,
                              const cublasLtMatmulAlgo_t *, void *, size_t,
                              cudaStream_t Stream) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Desc || !ADesc || !BDesc || !CDesc || !DDesc || !Alpha || !Beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  const MatmulDesc Op = recordOf<MatmulDesc>(Desc);
  const Layout LA = recordOf<Layout>(ADesc), LB = recordOf<Layout>(BDesc),
               LC = recordOf<Layout>(CDesc), LD = recordOf<Layout>(DDesc);
  int64_t Shape[3];
  if (cublasStatus_t S = checkMatmul(Op, LA, LB, LC, LD, Shape))
    return S;
  int64_t M = Shape[0], N = Shape[1], K = Shape[2];
  if ((M && N && (!D || (K && (!A || !B)))) ||
      ((Op.Epilogue & CUBLASLT_EPILOGUE_BIAS) && !Op.Bias))
    return CUBLAS_STATUS_INVALID_VALUE;
  // The scalars are of the scale type, read when issued, or, from device
  // memory on a capturing stream, when the graph runs.
  bool ReadWhenRun = Op.PointerMode == CUBLASLT_POINTER_MODE_DEVICE &&
                     cudalib::isCapturing(Stream);
  Complex AlphaValue = ReadWhenRun ? 0 : load(Op.Scale, Alpha, 0);
  Complex BetaValue = ReadWhenRun ? 0 : load(Op.Scale, Beta, 0);
  bool Done = cudalib::doOrRecord(Stream, [=] {
    Complex AlphaNow = ReadWhenRun ? load(Op.Scale, Alpha, 0) : AlphaValue;
    Complex BetaNow = ReadWhenRun ? load(Op.Scale, Beta, 0) : BetaValue;
    bool Complexes = isComplex(LD.Type);
    if (inDouble(Op.Compute))
      Complexes ? matmulIn<cuDoubleComplex>(Op, AlphaNow, BetaNow, LA, A, LB,
                                            B, LC, C, LD, D, M, N, K)
                : matmulIn<double>(Op, AlphaNow, BetaNow, LA, A, LB, B, LC, C,
                                   LD, D, M, N, K);
    else
      Complexes ? matmulIn<cuComplex>(Op, AlphaNow, BetaNow, LA, A, LB, B, LC,
                                      C, LD, D, M, N, K)
                : matmulIn<float>(Op, AlphaNow, BetaNow, LA, A, LB, B, LC, C,
                                  LD, D, M, N, K);
  });
  return Done ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_EXECUTION_FAILED;
}
