//===- Level1.cpp - cuBLAS's vector routines ------------------------------===//
//
// Level 1: norms, sums, dot products, scaling, axpy, copies, swaps, the
// indices of the largest and smallest magnitudes and the plane rotations,
// with cuBLAS's results for empty and negative sizes and strides (a norm,
// sum or index of no elements is 0; indices count from 1).
//
//===----------------------------------------------------------------------===//

#include "Handle.h"

using namespace mm::cublas;

namespace {

/// nrm2 (Norm) and asum: a real result, 0 for no elements.
template <bool Norm, typename T, typename R>
cublasStatus_t reduce(cublasHandle_t H, int64_t N, const T *X, int64_t IncX,
                      R *Result) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Result);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX);
  return issue(H, [=] {
    if (N <= 0 || IncX <= 0)
      *Result = 0;
    else
      *Result = Norm ? blas::nrm2(N, X, IncX) : blas::asum(N, X, IncX);
  });
}

template <bool Conjugate, typename T>
cublasStatus_t dot(cublasHandle_t H, int64_t N, const T *X, int64_t IncX,
                   const T *Y, int64_t IncY, T *Result) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Result);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=] {
    T Zero{};
    if (N <= 0)
      *Result = Zero;
    else if constexpr (Conjugate)
      *Result = blas::dotc(N, X, IncX, Y, IncY);
    else
      *Result = blas::dotu(N, X, IncX, Y, IncY);
  });
}

template <typename A, typename T>
cublasStatus_t scal(cublasHandle_t H, int64_t N, const A *Alpha, T *X,
                    int64_t IncX) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Alpha);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX);
  return issue(H, [=, Alpha = Scalar<A>(H, Alpha)] {
    if (N > 0 && IncX > 0)
      blas::scal(N, Alpha.get(), X, IncX);
  });
}

template <typename T>
cublasStatus_t axpy(cublasHandle_t H, int64_t N, const T *Alpha, const T *X,
                    int64_t IncX, T *Y, int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Alpha);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=, Alpha = Scalar<T>(H, Alpha)] {
    if (N > 0)
      blas::axpy(N, Alpha.get(), X, IncX, Y, IncY);
  });
}

template <typename T>
cublasStatus_t copy(cublasHandle_t H, int64_t N, const T *X, int64_t IncX,
                    T *Y, int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=] {
    if (N > 0)
      blas::copy(N, X, IncX, Y, IncY);
  });
}

template <typename T>
cublasStatus_t swap(cublasHandle_t H, int64_t N, T *X, int64_t IncX, T *Y,
                    int64_t IncY) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=] {
    if (N > 0)
      blas::swap(N, X, IncX, Y, IncY);
  });
}

template <bool Largest, typename T, typename I>
cublasStatus_t iamax(cublasHandle_t H, int64_t N, const T *X, int64_t IncX,
                     I *Result) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Result);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX);
  return issue(H, [=] {
    if (N <= 0 || IncX <= 0)
      *Result = 0;
    else
      *Result = I(Largest ? blas::iamax(N, X, IncX)
                          : blas::iamin(N, X, IncX)) +
                1;
  });
}

/// x and y rotated by c and s: x' = c x + s y, y' = -conj(s) x + c y, for
/// the one case that CBLAS lacks, a complex sine.
template <typename T, typename R>
void rotateComplexSine(int64_t N, T *X, int64_t IncX, T *Y, int64_t IncY,
                       R C, T S) {
  using Complex = blas::ArithmeticOf<T>;
  Complex Sine(S.x, S.y);
  int64_t IX = blas::firstIndex(N, IncX), IY = blas::firstIndex(N, IncY);
  for (int64_t K = 0; K < N; ++K, IX += IncX, IY += IncY) {
    Complex XK(X[IX].x, X[IX].y), YK(Y[IY].x, Y[IY].y);
    Complex NewX = C * XK + Sine * YK;
    Complex NewY = C * YK - std::conj(Sine) * XK;
    X[IX] = {NewX.real(), NewX.imag()};
    Y[IY] = {NewY.real(), NewY.imag()};
  }
}

template <typename T, typename C, typename S>
cublasStatus_t rot(cublasHandle_t H, int64_t N, T *X, int64_t IncX, T *Y,
                   int64_t IncY, const C *Cosine, const S *Sine) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Cosine || !Sine);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=, Cosine = Scalar<C>(H, Cosine),
                   Sine = Scalar<S>(H, Sine)] {
    if (N <= 0)
      return;
    if constexpr (std::is_same_v<C, S>)
      blas::rot(N, X, IncX, Y, IncY, Cosine.get(), Sine.get());
    else
      rotateComplexSine(N, X, IncX, Y, IncY, Cosine.get(), Sine.get());
  });
}

template <typename T, typename C>
cublasStatus_t rotg(cublasHandle_t H, T *A, T *B, C *Cosine, T *Sine) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!A || !B || !Cosine || !Sine);
  return issue(H, [=] {
    blas::rotg(A, B, Cosine, Sine);
  });
}

template <typename T>
cublasStatus_t rotm(cublasHandle_t H, int64_t N, T *X, int64_t IncX, T *Y,
                    int64_t IncY, const T *Param) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!Param);
  MM_CUBLAS_NEED_BLAS_INT(N, IncX, IncY);
  return issue(H, [=] {
    if (N > 0)
      blas::rotm(N, X, IncX, Y, IncY, Param);
  });
}

template <typename T>
cublasStatus_t rotmg(cublasHandle_t H, T *D1, T *D2, T *X1, const T *Y1,
                     T *Param) {
  MM_CUBLAS_CHECK_HANDLE(H);
  MM_CUBLAS_INVALID_IF(!D1 || !D2 || !X1 || !Y1 || !Param);
  return issue(H, [=] {
    blas::rotmg(D1, D2, X1, *Y1, Param);
  });
}

} // namespace


extern "C" {
#define MM_REDUCTIONS(P, T, R)                                                 \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_NRM2, cublas##P##nrm2_v2,                  \
                        reduce<true>(handle, n, x, incx, result), T, R)        \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_NRM2, cublas##P##asum_v2,                  \
                        reduce<false>(handle, n, x, incx, result), T, R)
MM_REDUCTIONS(S, float, float)
MM_REDUCTIONS(D, double, double)
MM_REDUCTIONS(Sc, cuComplex, float)
MM_REDUCTIONS(Dz, cuDoubleComplex, double)
#undef MM_REDUCTIONS

#define MM_DOT(Name, Conjugate, T)                                             \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_DOT, Name,                                 \
                 dot<Conjugate>(handle, n, x, incx, y, incy, result), T)
MM_DOT(cublasSdot_v2, false, float)
MM_DOT(cublasDdot_v2, false, double)
MM_DOT(cublasCdotu_v2, false, cuComplex)
MM_DOT(cublasCdotc_v2, true, cuComplex)
MM_DOT(cublasZdotu_v2, false, cuDoubleComplex)
MM_DOT(cublasZdotc_v2, true, cuDoubleComplex)
#undef MM_DOT

#define MM_SCAL(P, A, T)                                                       \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_SCAL, cublas##P##scal_v2,                  \
                 scal(handle, n, alpha, x, incx), A, T)
MM_SCAL(S, float, float)
MM_SCAL(D, double, double)
MM_SCAL(C, cuComplex, cuComplex)
MM_SCAL(Cs, float, cuComplex)
MM_SCAL(Z, cuDoubleComplex, cuDoubleComplex)
MM_SCAL(Zd, double, cuDoubleComplex)
#undef MM_SCAL

MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_AXPY, axpy_v2,
                    axpy(handle, n, alpha, x, incx, y, incy))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_COPY, copy_v2,
                    copy(handle, n, x, incx, y, incy))
MM_CUBLAS_EACH_TYPE(__MM_CUBLAS_SWAP, swap_v2,
                    swap(handle, n, x, incx, y, incy))

#define MM_IAMAX(P, T)                                                         \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_IAMAX, cublasI##P##amax_v2,                \
                 iamax<true>(handle, n, x, incx, result), T)                   \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_IAMAX, cublasI##P##amin_v2,                \
                 iamax<false>(handle, n, x, incx, result), T)
MM_IAMAX(s, float)
MM_IAMAX(d, double)
MM_IAMAX(c, cuComplex)
MM_IAMAX(z, cuDoubleComplex)
#undef MM_IAMAX

#define MM_ROT(P, T, C, S)                                                     \
  MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_ROT, cublas##P##rot_v2,                    \
                 rot(handle, n, x, incx, y, incy, c, s), T, C, S)
MM_ROT(S, float, float, float)
MM_ROT(D, double, double, double)
MM_ROT(C, cuComplex, float, cuComplex)
MM_ROT(Cs, cuComplex, float, float)
MM_ROT(Z, cuDoubleComplex, double, cuDoubleComplex)
MM_ROT(Zd, cuDoubleComplex, double, double)
#undef MM_ROT

__MM_CUBLAS_ROTG(cublasSrotg_v2, float, float) {
  return rotg(handle, a, b, c, s);
}
__MM_CUBLAS_ROTG(cublasDrotg_v2, double, double) {
  return rotg(handle, a, b, c, s);
}
__MM_CUBLAS_ROTG(cublasCrotg_v2, cuComplex, float) {
  return rotg(handle, a, b, c, s);
}
__MM_CUBLAS_ROTG(cublasZrotg_v2, cuDoubleComplex, double) {
  return rotg(handle, a, b, c, s);
}
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_ROTM, cublasSrotm_v2,
               rotm(handle, n, x, incx, y, incy, param), float)
MM_CUBLAS_DEFINE_BOTH(__MM_CUBLAS_ROTM, cublasDrotm_v2,
               rotm(handle, n, x, incx, y, incy, param), double)
__MM_CUBLAS_ROTMG(cublasSrotmg_v2, float) {
  return rotmg(handle, d1, d2, x1, y1, param);
}
__MM_CUBLAS_ROTMG(cublasDrotmg_v2, double) {
  return rotmg(handle, d1, d2, x1, y1, param);
}
} // extern "C"
