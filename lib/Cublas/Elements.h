//===- Elements.h - cuBLAS's element types ----------------------*- C++ -*-===//
//
// The element types that cuBLAS's mixed routines and cuBLASLt take as
// arguments (8-bit and 32-bit integers, half, bfloat16, float, double and
// their complex types): their sizes, an element read or written through a
// complex double, which holds each of them exactly, and the conversions
// between that and the system BLAS's working types.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_CUBLAS_ELEMENTS_H
#define MM_LIB_CUBLAS_ELEMENTS_H

#include "Blas.h"

#include "mm-cuda/library_types.h"

#include <complex>
#include <cstddef>
#include <cstdint>

namespace mm {
namespace cublas {
namespace elements {

using Complex = std::complex<double>;

/// The size of an element of type \p Type, or 0 if mm does not support it.
size_t getSize(cudaDataType Type);

bool isComplex(cudaDataType Type);

/// Element \p Index of the array of \p Type at \p Base.
Complex load(cudaDataType Type, const void *Base, int64_t Index);

/// Stores \p Value as \p Type: a half or bfloat16 rounded from the float
/// it was computed in, an integer rounded to nearest and saturated.
void store(cudaDataType Type, void *Base, int64_t Index, Complex Value);

/// \p V in working type W: float, double, cuComplex or cuDoubleComplex.
template <typename W> W toWorking(Complex V) {
  if constexpr (blas::IsComplex<W>)
    return {blas::RealOf<W>(V.real()), blas::RealOf<W>(V.imag())};
  else
    return W(V.real());
}

/// \p V of working type W.
template <typename W> Complex fromWorking(W V) {
  if constexpr (blas::IsComplex<W>)
    return Complex(V.x, V.y);
  else
    return Complex(V);
}

} // namespace elements
} // namespace cublas
} // namespace mm

#endif // MM_LIB_CUBLAS_ELEMENTS_H
