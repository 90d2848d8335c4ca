//===- Elements.cpp - cuBLAS's element types ------------------------------===//
//
// Reading and writing an element of any of the types that cuBLAS's mixed
// routines and cuBLASLt take, through double precision.
//
//===----------------------------------------------------------------------===//

#include "Elements.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mm::cublas;
using elements::Complex;

size_t elements::getSize(cudaDataType Type) {
  switch (Type) {
  case CUDA_R_8I:
  case CUDA_R_8U:
    return 1;
  case CUDA_R_16F:
  case CUDA_R_16BF:
    return 2;
  case CUDA_R_32F:
  case CUDA_R_32I:
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

bool elements::isComplex(cudaDataType Type) {
  return Type == CUDA_C_32F || Type == CUDA_C_64F;
}

static float fromBFloat16(uint16_t Bits) {
  uint32_t Wide = uint32_t(Bits) << 16;
  float F;
  std::memcpy(&F, &Wide, sizeof F);
  return F;
}

/// \p F rounded to the nearest bfloat16, ties to even.
static uint16_t toBFloat16(float F) {
  uint32_t Bits;
  std::memcpy(&Bits, &F, sizeof Bits);
  if (std::isnan(F))
    return uint16_t((Bits >> 16) | 0x40);
  return uint16_t((Bits + 0x7FFF + ((Bits >> 16) & 1)) >> 16);
}

Complex elements::load(cudaDataType Type, const void *Base, int64_t Index) {
  const char *P = static_cast<const char *>(Base) + Index * getSize(Type);
  switch (Type) {
  case CUDA_R_8I:
    return *reinterpret_cast<const int8_t *>(P);
  case CUDA_R_8U:
    return *reinterpret_cast<const uint8_t *>(P);
  case CUDA_R_16F:
    return double(*reinterpret_cast<const _Float16 *>(P));
  case CUDA_R_16BF:
    return fromBFloat16(*reinterpret_cast<const uint16_t *>(P));
  case CUDA_R_32F:
    return *reinterpret_cast<const float *>(P);
  case CUDA_R_32I:
    return *reinterpret_cast<const int32_t *>(P);
  case CUDA_R_64F:
    return *reinterpret_cast<const double *>(P);
  case CUDA_C_32F:
    return Complex(reinterpret_cast<const float *>(P)[0],
                   reinterpret_cast<const float *>(P)[1]);
  case CUDA_C_64F:
    return *reinterpret_cast<const Complex *>(P);
  default:
    return 0;
  }
}

/// \p Value rounded to the nearest I, saturated.
template <typename I> static I toInteger(double Value) {
  double Rounded = std::nearbyint(Value);
  if (Rounded <= double(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  if (Rounded >= double(std::numeric_limits<I>::max()))
    return std::numeric_limits<I>::max();
  return I(Rounded);
}

void elements::store(cudaDataType Type, void *Base, int64_t Index,
                      Complex Value) {
  char *P = static_cast<char *>(Base) + Index * getSize(Type);
  switch (Type) {
  case CUDA_R_8I:
    *reinterpret_cast<int8_t *>(P) = toInteger<int8_t>(Value.real());
    return;
  case CUDA_R_8U:
    *reinterpret_cast<uint8_t *>(P) = toInteger<uint8_t>(Value.real());
    return;
  case CUDA_R_16F:
    *reinterpret_cast<_Float16 *>(P) = _Float16(float(Value.real()));
    return;
  case CUDA_R_16BF:
    *reinterpret_cast<uint16_t *>(P) = toBFloat16(float(Value.real()));
    return;
  case CUDA_R_32F:
    *reinterpret_cast<float *>(P) = float(Value.real());
    return;
  case CUDA_R_32I:
    *reinterpret_cast<int32_t *>(P) = toInteger<int32_t>(Value.real());
    return;
  case CUDA_R_64F:
    *reinterpret_cast<double *>(P) = Value.real();
    return;
  case CUDA_C_32F:
    reinterpret_cast<float *>(P)[0] = float(Value.real());
    reinterpret_cast<float *>(P)[1] = float(Value.imag());
    return;
  case CUDA_C_64F:
    *reinterpret_cast<Complex *>(P) = Value;
    return;
  default:
    return;
  }
}
