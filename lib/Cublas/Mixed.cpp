//===- Mixed.cpp - cuBLAS's routines over any of its element types --------===//
//
// The routines whose element types are arguments (GemmEx and its batched
// forms, SgemmEx, Nrm2Ex, DotEx, DotcEx, ScalEx, AxpyEx) and the half
// precision GEMMs. Operands of a type the system's BLAS lacks (half,
// bfloat16, 8-bit integers) are converted to the compute type's precision,
// computed there and rounded once to the result's type. Half precision is
// computed in float (cuBLAS computes CUBLAS_COMPUTE_16F in half), and the
// 32-bit integer GEMM of 8-bit integers in double, which is exact while
// k * 127 * 128 < 2^53.
//
//===----------------------------------------------------------------------===//

#include "Elements.h"
#include "Handle.h"

#include <cmath>
#include <cstring>
#include <vector>

using namespace mm::cublas;
using namespace mm::cublas::elements;

namespace {

/// The data type of working type W.
template <typename W> constexpr cudaDataType typeOf() {
  if constexpr (std::is_same_v<W, float>)
    return CUDA_R_32F;
  else if constexpr (std::is_same_v<W, double>)
    return CUDA_R_64F;
  else if constexpr (std::is_same_v<W, cuComplex>)
    return CUDA_C_32F;
  else
    return CUDA_C_64F;
}

/// A stored matrix of \p Rows x \p Columns of \p Type, converted to W and
/// packed (leading dimension \p Rows).
template <typename W>
std::vector<W> gather(cudaDataType Type, const void *Base, int64_t Rows,
                      int64_t Columns, int64_t Leading) {
  std::vector<W> Packed(Rows * Columns);
  for (int64_t J = 0; J < Columns; ++J)
    for (int64_t I = 0; I < Rows; ++I)
      Packed[I + J * Rows] = toWorking<W>(load(Type, Base, I + J * Leading));
  return Packed;
}

/// A scalar of \p Type, which the routine gives at run time, read as Scalar
/// reads one.
class ScalarOf {
public:
  ScalarOf(cublasHandle_t H, cudaDataType Type, const void *P) : Type(Type) {
    if (readsScalarsWhenRun(H))
      Pointer = P;
    else
      Value = load(Type, P, 0);
  }
  Complex get() const { return Pointer ? load(Type, Pointer, 0) : Value; }

private:
  cudaDataType Type;
  const void *Pointer = nullptr;
  Complex Value;
};

/// The type of GemmEx's alpha and beta for \p Compute and \p CType.
cudaDataType getScaleType(cublasComputeType_t Compute, cudaDataType CType) {
  switch (Compute) {
  case CUBLAS_COMPUTE_16F:
  case CUBLAS_COMPUTE_16F_PEDANTIC:
    return CUDA_R_16F;
  case CUBLAS_COMPUTE_64F:
  case CUBLAS_COMPUTE_64F_PEDANTIC:
    return isComplex(CType) ? CUDA_C_64F : CUDA_R_64F;
  case CUBLAS_COMPUTE_32I:
  case CUBLAS_COMPUTE_32I_PEDANTIC:
    return CType == CUDA_R_32I ? CUDA_R_32I : CUDA_R_32F;
  default:
    return isComplex(CType) ? CUDA_C_32F : CUDA_R_32F;
  }
}

/// One GEMM of any supported types, computed in W.
template <typename W>
void gemmIn(blas::Op OpA, blas::Op OpB, int64_t M, int64_t N, int64_t K,
            Complex Alpha, cudaDataType AType, const void *A, int64_t Lda,
            int64_t ARows, cudaDataType BType, const void *B, int64_t Ldb,
            int64_t BRows, Complex Beta, cudaDataType CType, void *C,
            int64_t Ldc) {
  if (AType == typeOf<W>() && BType == typeOf<W>() && CType == typeOf<W>()) {
    blas::gemm(OpA, OpB, M, N, K, toWorking<W>(Alpha),
               static_cast<const W *>(A), Lda, static_cast<const W *>(B), Ldb,
               toWorking<W>(Beta), static_cast<W *>(C), Ldc);
    return;
  }
  // op(A) is M x K and op(B) K x N: stored, A has M * K / ARows columns.
  int64_t AColumns = ARows == M ? K : M, BColumns = BRows == K ? N : K;
  std::vector<W> PackedA = gather<W>(AType, A, ARows, AColumns, Lda);
  std::vector<W> PackedB = gather<W>(BType, B, BRows, BColumns, Ldb);
  // C is read only if beta is not 0, as BLAS does.
  std::vector<W> PackedC(M * N);
  if (Beta != Complex(0))
    PackedC = gather<W>(CType, C, M, N, Ldc);
  blas::gemm(OpA, OpB, M, N, K, toWorking<W>(Alpha), PackedA.data(),
             std::max<int64_t>(ARows, 1), PackedB.data(),
             std::max<int64_t>(BRows, 1), toWorking<W>(Beta), PackedC.data(),
             std::max<int64_t>(M, 1));
  for (int64_t J = 0; J < N; ++J)
    for (int64_t I = 0; I < M; ++I)
      store(CType, C, I + J * Ldc, fromWorking(PackedC[I + J * M]));
}

/// The precision a GEMM of these types and compute type is computed in;
/// false if cuBLAS has no such combination or mm does not support it.
enum class Working { Float, Double, ComplexFloat, ComplexDouble };
bool getWorking(cudaDataType AType, cudaDataType BType, cudaDataType CType,
                cublasComputeType_t Compute, Working &Result) {
  if (!getSize(AType) || !getSize(BType) || !getSize(CType) ||
      isComplex(AType) != isComplex(CType) ||
      isComplex(BType) != isComplex(CType))
    return false;
  switch (Compute) {
  case CUBLAS_COMPUTE_64F:
  case CUBLAS_COMPUTE_64F_PEDANTIC:
    Result = isComplex(CType) ? Working::ComplexDouble : Working::Double;
    return true;
  case CUBLAS_COMPUTE_32I:
  case CUBLAS_COMPUTE_32I_PEDANTIC:
    Result = Working::Double;
    return !isComplex(CType);
  case CUBLAS_COMPUTE_16F:
  case CUBLAS_COMPUTE_16F_PEDANTIC:
  case CUBLAS_COMPUTE_32F:
  case CUBLAS_COMPUTE_32F_PEDANTIC:
  case CUBLAS_COMPUTE_32F_FAST_16F:
  case CUBLAS_COMPUTE_32F_FAST_16BF:
  case CUBLAS_COMPUTE_32F_FAST_TF32:
    Result = isComplex(CType) ? Working::ComplexFloat : Working::Float;
    return true;
  }
  return false;
}

/// GemmEx, once or for each of a batch, each problem's operands found by
/// \p Find(I).
template <typename Operands>
cublasStatus_t gemmExEach(cublasHandle_t H, cublasOperation_t TransA,
                          cublasOperation_t TransB, int64_t M, int64_t N,
                          int64_t K, const void *Alpha, cudaDataType AType,
                          int64_t Lda, cudaDataType BType, int64_t Ldb,
                          const void *Beta, cudaDataType CType, int64_t Ldc,
                          cublasComputeType_t Compute, cudaDataType ScaleType,
                          int64_t BatchCount, Operands Find) {
  MM_CUBLAS_CHECK_HANDLE(H);
  blas::Op OpA, OpB;
  int64_t ARows = storedRows(TransA, M, K), BRows = storedRows(TransB, K, N);
  MM_CUBLAS_INVALID_IF(!toBlas(TransA, OpA) || !toBlas(TransB, OpB) || M < 0 ||
                       N < 0 || K < 0 || Lda < leastLeading(ARows) ||
                       Ldb < leastLeading(BRows) || Ldc < leastLeading(M) ||
                       BatchCount < 0 || !Alpha || !Beta);
  Working In;
  if (!getWorking(AType, BType, CType, Compute, In))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  MM_CUBLAS_NEED_BLAS_INT(M, N, K, Lda, Ldb, Ldc);
  return issue(H, [=, Alpha = ScalarOf(H, ScaleType, Alpha),
                   Beta = ScalarOf(H, ScaleType, Beta)] {
    Complex AlphaValue = Alpha.get(), BetaValue = Beta.get();
    for (int64_t I = 0; I < BatchCount && M && N; ++I) {
      const void *A, *B;
      void *C;
      std::tie(A, B, C) = Find(I);
      auto Run = [&](auto Working) {
        using W = decltype(Working);
        gemmIn<W>(OpA, OpB, M, N, K, AlphaValue, AType, A, Lda, ARows, BType,
                  B, Ldb, BRows, BetaValue, CType, C, Ldc);
      };
      switch (In) {
      case Working::Float:
        Run(float());
        break;
      case Working::Double:
        Run(double());
        break;
      case Working::ComplexFloat:
        Run(cuComplex());
        break;
      case Working::ComplexDouble:
        Run(cuDoubleComplex());
        break;
      }
    }
  });
}

/// The byte offset of element \p Index of \p Type.
const void *offset(const void *Base, cudaDataType Type, long long Index) {
  return static_cast<const char *>(Base) + Index * getSize(Type);
}
void *offset(void *Base, cudaDataType Type, long long Index) {
  return static_cast<char *>(Base) + Index * getSize(Type);
}

cublasStatus_t gemmEx(cublasHandle_t H, cublasOperation_t TransA,
                      cublasOperation_t TransB, int64_t M, int64_t N,
                      int64_t K, const void *Alpha, const void *A,
                      cudaDataType AType, int64_t Lda, const void *B,
                      cudaDataType BType, int64_t Ldb, const void *Beta,
                      void *C, cudaDataType CType, int64_t Ldc,
                      cublasComputeType_t Compute) {
  return gemmExEach(H, TransA, TransB, M, N, K, Alpha, AType, Lda, BType, Ldb,
                    Beta, CType, Ldc, Compute, getScaleType(Compute, CType), 1,
                    [=](int64_t) { return std::make_tuple(A, B, C); });
}

/// A vector of \p N elements of \p Type, \p Inc apart, converted to W.
template <typename W>
std::vector<W> gatherVector(cudaDataType Type, const void *Base, int64_t N,
                            int64_t Inc) {
  std::vector<W> Packed(N > 0 ? N : 0);
  int64_t First = blas::firstIndex(N, Inc);
  for (int64_t I = 0; I < N; ++I)
    Packed[I] = toWorking<W>(load(Type, Base, First + I * Inc));
  return Packed;
}
template <typename W>
void scatterVector(const std::vector<W> &Packed, cudaDataType Type, void *Base,
                   int64_t Inc) {
  int64_t N = Packed.size();
  int64_t First = blas::firstIndex(N, Inc);
  for (int64_t I = 0; I < N; ++I)
    store(Type, Base, First + I * Inc, fromWorking(Packed[I]));
}

/// A vector of N elements of a type, Inc apart, as W: the memory itself if
/// the type is W's, else a packed copy converted to W, which writeBack()
/// stores back.
template <typename W> class VectorOperand {
public:
  VectorOperand(cudaDataType Type, const void *Base, int64_t N, int64_t Inc)
      : Type(Type), Base(const_cast<void *>(Base)), Inc(Inc) {
    if (Type == typeOf<W>())
      return;
    Packed = gatherVector<W>(Type, Base, N, Inc);
  }
  W *data() {
    return Type == typeOf<W>() ? static_cast<W *>(Base) : Packed.data();
  }
  int64_t inc() const { return Type == typeOf<W>() ? Inc : 1; }
  void writeBack() {
    if (Type != typeOf<W>())
      scatterVector(Packed, Type, Base, Inc);
  }

private:
  cudaDataType Type;
  void *Base;
  int64_t Inc;
  std::vector<W> Packed;
};

/// Calls \p F with a value of the working type of execution type \p Type
/// (float, double or their complex), or returns false if there is none.
template <typename F> bool withWorking(cudaDataType Type, F Function) {
  switch (Type) {
  case CUDA_R_32F:
    Function(float());
    return true;
  case CUDA_R_64F:
    Function(double());
    return true;
  case CUDA_C_32F:
    Function(cuComplex());
    return true;
  case CUDA_C_64F:
    Function(cuDoubleComplex());
    return true;
  default:
    return false;
  }
}

/// The real or complex type of execution type \p Execution that operands of
/// \p Type are computed in.
cudaDataType getExecution(cudaDataType Execution, cudaDataType Type) {
  if (!isComplex(Type))
    return Execution;
  return Execution == CUDA_R_64F || Execution == CUDA_C_64F ? CUDA_C_64F
                                                            : CUDA_C_32F;
}

cublasStatus_t nrm2Ex(cublasHandle_t H, int64_t N, const void *X,
                      cudaDataType XType, int64_t IncX, void *Result,
                      cudaDataType ResultType, cudaDataType Execution) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Result);
  cudaDataType In = getExecution(Execution, XType);
  if (!getSize(XType) || !getSize(ResultType) || isComplex(ResultType) ||
      !withWorking(In, [](auto) {}))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  MM_CUBLAS_NEED_BLAS_INT(N, IncX);
  return issue(H, [=] {
    withWorking(In, [&](auto Working) {
      using W = decltype(Working);
      double Norm = 0;
      if (N > 0 && IncX > 0) {
        VectorOperand<W> XS(XType, X, N, IncX);
        Norm = blas::nrm2(N, XS.data(), XS.inc());
      }
      store(ResultType, Result, 0, Norm);
    });
  });
}

template <bool Conjugate>
cublasStatus_t dotEx(cublasHandle_t H, int64_t N, const void *X,
                     cudaDataType XType, int64_t IncX, const void *Y,
                     cudaDataType YType, int64_t IncY, void *Result,
                     cudaDataType ResultType, cudaDataType Execution) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Result);
  cudaDataType In = getExecution(Execution, ResultType);
  if (!getSize(XType) || !getSize(YType) || !getSize(ResultType) ||
      !withWorking(In, [](auto) {}))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=] {
    withWorking(In, [&](auto Working) {
      using W = decltype(Working);
      W Dot{};
      if (N > 0) {
        VectorOperand<W> XS(XType, X, N, IncX), YS(YType, Y, N, IncY);
        if constexpr (Conjugate && blas::IsComplex<W>)
          Dot = blas::dotc(N, XS.data(), XS.inc(), YS.data(), YS.inc());
        else
          Dot = blas::dotu(N, XS.data(), XS.inc(), YS.data(), YS.inc());
      }
      store(ResultType, Result, 0, fromWorking(Dot));
    });
  });
}

cublasStatus_t scalEx(cublasHandle_t H, int64_t N, const void *Alpha,
                      cudaDataType AlphaType, void *X, cudaDataType XType,
                      int64_t IncX, cudaDataType Execution) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Alpha);
  cudaDataType In = getExecution(Execution, XType);
  if (!getSize(AlphaType) || !getSize(XType) || !withWorking(In, [](auto) {}))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  MM_CUBLAS_NEED_BLAS_INT(N, IncX);
  return issue(H, [=, Alpha = ScalarOf(H, AlphaType, Alpha)] {
    if (N <= 0 || IncX <= 0)
      return;
    withWorking(In, [&](auto Working) {
      using W = decltype(Working);
      VectorOperand<W> XS(XType, X, N, IncX);
      blas::scal(N, toWorking<W>(Alpha.get()), XS.data(), XS.inc());
      XS.writeBack();
    });
  });
}

cublasStatus_t axpyEx(cublasHandle_t H, int64_t N, const void *Alpha,
                      cudaDataType AlphaType, const void *X,
                      cudaDataType XType, int64_t IncX, void *Y,
                      cudaDataType YType, int64_t IncY,
                      cudaDataType Execution) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Alpha);
  cudaDataType In = getExecution(Execution, YType);
  if (!getSize(AlphaType) || !getSize(XType) || !getSize(YType) ||
      !withWorking(In, [](auto) {}))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=, Alpha = ScalarOf(H, AlphaType, Alpha)] {
    if (N <= 0)
      return;
    withWorking(In, [&](auto Working) {
      using W = decltype(Working);
      VectorOperand<W> XS(XType, X, N, IncX), YS(YType, Y, N, IncY);
      blas::axpy(N, toWorking<W>(Alpha.get()), XS.data(), XS.inc(), YS.data(),
                 YS.inc());
      YS.writeBack();
    });
  });
}

} // namespace

extern "C" {
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_GEMM, cublasHgemm,
                      gemmEx(handle, transa, transb, m, n, k, alpha, A,
                             CUDA_R_16F, lda, B, CUDA_R_16F, ldb, beta, C,
                             CUDA_R_16F, ldc, CUBLAS_COMPUTE_16F),
                      __half)
MM_CUBLAS_DEFINE_BOTH(
    __MM_CUBLAS_GEMM_BATCHED, cublasHgemmBatched,
    gemmExEach(handle, transa, transb, m, n, k, alpha, CUDA_R_16F, lda,
               CUDA_R_16F, ldb, beta, CUDA_R_16F, ldc, CUBLAS_COMPUTE_16F,
               CUDA_R_16F, batchCount,
               [=](int64_t I) {
                 return std::make_tuple(static_cast<const void *>(Aarray[I]),
                                        static_cast<const void *>(Barray[I]),
                                        static_cast<void *>(Carray[I]));
               }),
    __half)
MM_CUBLAS_DEFINE_BOTH(
    __MM_CUBLAS_GEMM_STRIDED_BATCHED, cublasHgemmStridedBatched,
    gemmExEach(handle, transa, transb, m, n, k, alpha, CUDA_R_16F, lda,
               CUDA_R_16F, ldb, beta, CUDA_R_16F, ldc, CUBLAS_COMPUTE_16F,
               CUDA_R_16F, batchCount,
               [=](int64_t I) {
                 const void *AI = A + I * strideA, *BI = B + I * strideB;
                 void *CI = C + I * strideC;
                 return std::make_tuple(AI, BI, CI);
               }),
    __half)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SGEMM_EX, cublasSgemmEx,
                      gemmExEach(handle, transa, transb, m, n, k, alpha, Atype,
                                 lda, Btype, ldb, beta, Ctype, ldc,
                                 CUBLAS_COMPUTE_32F, CUDA_R_32F, 1,
                                 [=](int64_t) {
                                   return std::make_tuple(A, B, C);
                                 }))
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_GEMM_EX, cublasGemmEx,
                      gemmEx(handle, transa, transb, m, n, k, alpha, A, Atype,
                             lda, B, Btype, ldb, beta, C, Ctype, ldc,
                             computeType))
MM_CUBLAS_DEFINE_BOTH(
    __MM_CUBLAS_GEMM_BATCHED_EX, cublasGemmBatchedEx,
    gemmExEach(handle, transa, transb, m, n, k, alpha, Atype, lda, Btype, ldb,
               beta, Ctype, ldc, computeType,
               getScaleType(computeType, Ctype), batchCount,
               [=](int64_t I) {
                 return std::make_tuple(Aarray[I], Barray[I], Carray[I]);
               }))
MM_CUBLAS_DEFINE_BOTH(
    __MM_CUBLAS_GEMM_STRIDED_BATCHED_EX, cublasGemmStridedBatchedEx,
    gemmExEach(handle, transa, transb, m, n, k, alpha, Atype, lda, Btype, ldb,
               beta, Ctype, ldc, computeType,
               getScaleType(computeType, Ctype), batchCount,
               [=](int64_t I) {
                 return std::make_tuple(offset(A, Atype, I * strideA),
                                        offset(B, Btype, I * strideB),
                                        offset(C, Ctype, I * strideC));
               }))
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_NRM2_EX, cublasNrm2Ex,
                      nrm2Ex(handle, n, x, xType, incx, result, resultType,
                             executionType))
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_DOT_EX, cublasDotEx,
                      dotEx<false>(handle, n, x, xType, incx, y, yType, incy,
                                   result, resultType, executionType))
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_DOT_EX, cublasDotcEx,
                      dotEx<true>(handle, n, x, xType, incx, y, yType, incy,
                                  result, resultType, executionType))
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SCAL_EX, cublasScalEx,
                      scalEx(handle, n, alpha, alphaType, x, xType, incx,
                             executionType))
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_AXPY_EX, cublasAxpyEx,
                      axpyEx(handle, n, alpha, alphaType, x, xType, incx, y,
                             yType, incy, executiontype))
} // extern "C"
