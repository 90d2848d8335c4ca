/*===- mm-cuda/cooperative_groups/reduce.h - Group reductions ---*- C++ -*-===*
 *
 * cooperative_groups::reduce over a thread_block_tile or a coalesced_group,
 * with CUDA's function objects (plus, less, greater, bit_and, bit_or,
 * bit_xor) or any callable: every thread of the group gets the result.
 *
 *===----------------------------------------------------------------------===*/

#ifndef _CG_REDUCE_H_
#define _CG_REDUCE_H_

#include "../cooperative_groups.h"

#if defined(__CUDACC__) || defined(__CUDA__)

namespace cooperative_groups {

template <typename T> struct plus {
  __device__ T operator()(T a, T b) const { return a + b; }
};
/// The smaller of the two (CUDA's name).
template <typename T> struct less {
  __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
/// The larger of the two (CUDA's name).
template <typename T> struct greater {
  __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
  __device__ T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct bit_or {
  __device__ T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct bit_xor {
  __device__ T operator()(T a, T b) const { return a ^ b; }
};

/// The reduction of \p value over the tile, by butterfly exchanges.
template <unsigned Size, typename ParentT, typename T, typename Op>
__device__ T reduce(const thread_block_tile<Size, ParentT> &group, T value,
                    Op op) {
  for (unsigned lanes = Size / 2; lanes > 0; lanes /= 2)
    value = op(value, group.shfl_xor(value, lanes));
  return value;
}

/// The reduction of \p value over the coalesced group, in rank order.
template <typename T, typename Op>
__device__ T reduce(const coalesced_group &group, T value, Op op) {
  T result = group.shfl(value, 0);
  for (unsigned rank = 1; rank < group.size(); ++rank)
    result = op(result, group.shfl(value, rank));
  return result;
}

} // namespace cooperative_groups

#endif /* __CUDACC__ || __CUDA__ */
#endif /* _CG_REDUCE_H_ */
