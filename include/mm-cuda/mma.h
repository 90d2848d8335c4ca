/*===- mm-cuda/mma.h - Warp matrix multiply-accumulate (WMMA) ---*- C++ -*-===*
 *
 * CUDA's nvcuda::wmma API on the CPU. A fragment is a warp's tile of a
 * matrix; how its elements are spread over the lanes is unspecified, and
 * mm chooses a spread that needs no exchange between lanes:
 *
 * - a matrix_a or matrix_b fragment holds the whole tile in every lane
 *   (num_elements = rows x columns), in the tile's row-major order;
 * - an accumulator fragment is shared out: lane L holds the elements
 *   L * E to L * E + E - 1 of the tile in row-major order, E = M * N / 32.
 *
 * So load_matrix_sync of A or B has every lane read the whole tile,
 * mma_sync has every lane compute its own accumulator elements from whole
 * rows of A and columns of B, and store_matrix_sync has every lane write its
 * own elements: the warp does the product's arithmetic once, as a GPU
 * does, and element-wise loops over `x[i]` up to num_elements mean what
 * they mean on a GPU. Products are exact and sums are in the accumulator's
 * precision or wider (float for half and bfloat16 accumulators, 64-bit for
 * integer ones, saturated with satf), as the tensor cores' are; tf32
 * operands keep their top 19 bits, as the hardware reads them.
 *
 * Shapes and types: 16x16x16, 32x8x16 and 8x32x16 with __half or
 * __nv_bfloat16 operands and float or __half accumulators, and with signed
 * or unsigned char operands and int accumulators; 16x16x8 with tf32
 * operands and float accumulators; 8x8x4 with double. The sub-byte types
 * (experimental::precision::u4, s4, b1) are declared unavailable.
 *
 *===----------------------------------------------------------------------===*/

#ifndef __CUDA_MMA_H__
#define __CUDA_MMA_H__

#include "cuda_bf16.h"
#include "cuda_fp16.h"

#define __MM_WMMA __device__ __forceinline__

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32;
} // namespace precision

namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

/* What a fragment of element type T stores (tf32 is stored as float). */
template <typename T> struct __mm_storage { typedef T type; };
template <> struct __mm_storage<precision::tf32> { typedef float type; };

/* The rows and columns of each use's tile of an M x N x K product. */
template <typename Use, int M, int N, int K> struct __mm_tile;
template <int M, int N, int K> struct __mm_tile<matrix_a, M, N, K> {
  enum { rows = M, columns = K };
};
template <int M, int N, int K> struct __mm_tile<matrix_b, M, N, K> {
  enum { rows = K, columns = N };
};
template <int M, int N, int K> struct __mm_tile<accumulator, M, N, K> {
  enum { rows = M, columns = N };
};

/* The shapes and types that CUDA's tensor cores take. */
template <int M, int N, int K, typename T> struct __mm_supported {
  enum { value = 0 };
};
#define __MM_WMMA_SHAPE(M, N, K, T)                                            \
  template <> struct __mm_supported<M, N, K, T> {                              \
    enum { value = 1 };                                                        \
  };
#define __MM_WMMA_SHAPES(T)                                                    \
  __MM_WMMA_SHAPE(16, 16, 16, T)                                               \
  __MM_WMMA_SHAPE(32, 8, 16, T)                                                \
  __MM_WMMA_SHAPE(8, 32, 16, T)
__MM_WMMA_SHAPES(__half)
__MM_WMMA_SHAPES(__nv_bfloat16)
__MM_WMMA_SHAPES(float)
__MM_WMMA_SHAPES(signed char)
__MM_WMMA_SHAPES(unsigned char)
__MM_WMMA_SHAPES(int)
__MM_WMMA_SHAPE(16, 16, 8, precision::tf32)
__MM_WMMA_SHAPE(16, 16, 8, float)
__MM_WMMA_SHAPE(8, 8, 4, double)
#undef __MM_WMMA_SHAPES
#undef __MM_WMMA_SHAPE

template <typename Use, int M, int N, int K, typename T,
          typename Layout = void>
class fragment {
  static_assert(__mm_supported<M, N, K, T>::value,
                "mm: this WMMA shape and element type are not supported "
                "(mma.h lists those that are)");

public:
  typedef typename __mm_storage<T>::type element_type;
  typedef element_type storage_element_type;
  enum {
    tile_elements = __mm_tile<Use, M, N, K>::rows *
                    __mm_tile<Use, M, N, K>::columns,
    num_elements = __is_same(Use, accumulator) ? tile_elements / 32
                                                : tile_elements
  };
  element_type x[num_elements];
};

template <typename Use, int M, int N, int K, typename Layout>
class fragment<Use, M, N, K, experimental::precision::u4, Layout>;
template <typename Use, int M, int N, int K, typename Layout>
class fragment<Use, M, N, K, experimental::precision::s4, Layout>;
template <typename Use, int M, int N, int K, typename Layout>
class fragment<Use, M, N, K, experimental::precision::b1, Layout>;

/* The lane of the calling thread, and the first accumulator element it
 * holds. */
__MM_WMMA unsigned __mm_lane() { return __nvvm_read_ptx_sreg_laneid(); }

/* Conversions between stored elements and the arithmetic's types. */
__MM_WMMA float __mm_to_float(__half v) { return __half2float(v); }
__MM_WMMA float __mm_to_float(__nv_bfloat16 v) { return __bfloat162float(v); }
__MM_WMMA float __mm_to_float(float v) { return v; }
__MM_WMMA void __mm_from_float(float v, __half &out) {
  out = __float2half_rn(v);
}
__MM_WMMA void __mm_from_float(float v, float &out) { out = v; }

/* The largest finite value of an accumulator type, for satf. */
__MM_WMMA float __mm_finite_max(__half) { return 65504.0f; }
__MM_WMMA float __mm_finite_max(float) { return 3.40282347e38f; }

/* The value a tf32 operand has: the top 19 bits of the float. */
__MM_WMMA float __mm_tf32_bits(float v) {
  return __uint_as_float(__float_as_uint(v) & 0xffffe000u);
}

/* tf32's nearest value to \p v, ties away from zero, as cvt.rna.tf32.f32. */
__MM_WMMA float __float_to_tf32(float v) {
  unsigned bits = __float_as_uint(v);
  if ((bits & 0x7f800000u) == 0x7f800000u)
    return v; // Infinity and NaN stay as they are.
  return __uint_as_float((bits + 0x1000u) & 0xffffe000u);
}

template <typename Use, int M, int N, int K, typename T, typename Layout,
          typename V>
__MM_WMMA void fill_fragment(fragment<Use, M, N, K, T, Layout> &f,
                             const V &value) {
  typedef typename fragment<Use, M, N, K, T, Layout>::element_type E;
  for (int i = 0; i < f.num_elements; ++i)
    f.x[i] = E(value);
}

template <int M, int N, int K, typename T, typename E>
__MM_WMMA void load_matrix_sync(fragment<matrix_a, M, N, K, T, row_major> &a,
                                const E *p, unsigned ldm) {
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < K; ++c)
      a.x[r * K + c] = p[r * ldm + c];
}
template <int M, int N, int K, typename T, typename E>
__MM_WMMA void load_matrix_sync(fragment<matrix_a, M, N, K, T, col_major> &a,
                                const E *p, unsigned ldm) {
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < K; ++c)
      a.x[r * K + c] = p[c * ldm + r];
}
template <int M, int N, int K, typename T, typename E>
__MM_WMMA void load_matrix_sync(fragment<matrix_b, M, N, K, T, row_major> &b,
                                const E *p, unsigned ldm) {
  for (int r = 0; r < K; ++r)
    for (int c = 0; c < N; ++c)
      b.x[r * N + c] = p[r * ldm + c];
}
template <int M, int N, int K, typename T, typename E>
__MM_WMMA void load_matrix_sync(fragment<matrix_b, M, N, K, T, col_major> &b,
                                const E *p, unsigned ldm) {
  for (int r = 0; r < K; ++r)
    for (int c = 0; c < N; ++c)
      b.x[r * N + c] = p[c * ldm + r];
}
template <int M, int N, int K, typename T, typename E>
__MM_WMMA void load_matrix_sync(fragment<accumulator, M, N, K, T> &acc,
                                const E *p, unsigned ldm, layout_t layout) {
  const int count = fragment<accumulator, M, N, K, T>::num_elements;
  for (int i = 0; i < count; ++i) {
    int e = __mm_lane() * count + i;
    int r = e / N, c = e % N;
    acc.x[i] = layout == mem_row_major ? p[r * ldm + c] : p[c * ldm + r];
  }
}

template <int M, int N, int K, typename T, typename E>
__MM_WMMA void store_matrix_sync(E *p,
                                 const fragment<accumulator, M, N, K, T> &acc,
                                 unsigned ldm, layout_t layout) {
  const int count = fragment<accumulator, M, N, K, T>::num_elements;
  for (int i = 0; i < count; ++i) {
    int e = __mm_lane() * count + i;
    int r = e / N, c = e % N;
    (layout == mem_row_major ? p[r * ldm + c] : p[c * ldm + r]) = acc.x[i];
  }
}

/* D = A x B + C with __half or __nv_bfloat16 operands (float or __half
 * accumulators), or tf32 operands (float accumulators). */
template <int M, int N, int K, typename AB, typename LA, typename LB,
          typename CD>
__MM_WMMA void mma_sync(fragment<accumulator, M, N, K, CD> &d,
                        const fragment<matrix_a, M, N, K, AB, LA> &a,
                        const fragment<matrix_b, M, N, K, AB, LB> &b,
                        const fragment<accumulator, M, N, K, CD> &c,
                        bool satf = false) {
  const int count = fragment<accumulator, M, N, K, CD>::num_elements;
  for (int i = 0; i < count; ++i) {
    int e = __mm_lane() * count + i;
    int row = e / N, column = e % N;
    float sum = __mm_to_float(c.x[i]);
    for (int k = 0; k < K; ++k) {
      float x = __mm_to_float(a.x[row * K + k]);
      float y = __mm_to_float(b.x[k * N + column]);
      if (__is_same(AB, precision::tf32)) {
        x = __mm_tf32_bits(x);
        y = __mm_tf32_bits(y);
      }
      sum = __fmaf_rn(x, y, sum);
    }
    if (satf) {
      // Out of range is the largest finite value of its sign; NaN is 0.
      float limit = __mm_finite_max(CD());
      sum = isnan(sum) ? 0.0f : fminf(fmaxf(sum, -limit), limit);
    }
    __mm_from_float(sum, d.x[i]);
  }
}

/* D = A x B + C with signed or unsigned char operands. */
template <int M, int N, int K, typename AB, typename LA, typename LB>
__MM_WMMA void mma_sync(fragment<accumulator, M, N, K, int> &d,
                        const fragment<matrix_a, M, N, K, AB, LA> &a,
                        const fragment<matrix_b, M, N, K, AB, LB> &b,
                        const fragment<accumulator, M, N, K, int> &c,
                        bool satf = false) {
  const int count = fragment<accumulator, M, N, K, int>::num_elements;
  for (int i = 0; i < count; ++i) {
    int e = __mm_lane() * count + i;
    int row = e / N, column = e % N;
    long long sum = c.x[i];
    for (int k = 0; k < K; ++k)
      sum += (long long)a.x[row * K + k] * (long long)b.x[k * N + column];
    if (satf)
      sum = sum > 2147483647LL ? 2147483647LL
                               : sum < -2147483648LL ? -2147483648LL : sum;
    d.x[i] = (int)sum;
  }
}

/* D = A x B + C in double (8x8x4). */
template <typename LA, typename LB>
__MM_WMMA void mma_sync(fragment<accumulator, 8, 8, 4, double> &d,
                        const fragment<matrix_a, 8, 8, 4, double, LA> &a,
                        const fragment<matrix_b, 8, 8, 4, double, LB> &b,
                        const fragment<accumulator, 8, 8, 4, double> &c) {
  const int count = fragment<accumulator, 8, 8, 4, double>::num_elements;
  for (int i = 0; i < count; ++i) {
    int e = __mm_lane() * count + i;
    int row = e / 8, column = e % 8;
    double sum = c.x[i];
    for (int k = 0; k < 4; ++k)
      sum = __fma_rn(a.x[row * 4 + k], b.x[k * 8 + column], sum);
    d.x[i] = sum;
  }
}

} // namespace wmma
} // namespace nvcuda

#undef __MM_WMMA

#endif // __CUDA_MMA_H__
