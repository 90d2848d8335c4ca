/*===- mm-cuda/cooperative_groups/scan.h - Group scans ----------*- C++ -*-===*
 *
 * cooperative_groups::inclusive_scan and exclusive_scan over a
 * thread_block_tile, by rank, with plus by default or any associative
 * callable. The exclusive scan gives the first thread T{} (0 for plus, as
 * CUDA's does).
 *
 *===----------------------------------------------------------------------===*/

#ifndef _CG_SCAN_H_
#define _CG_SCAN_H_

#include "reduce.h"

#if defined(__CUDACC__) || defined(__CUDA__)

namespace cooperative_groups {

template <unsigned Size, typename ParentT, typename T, typename Op>
__device__ T inclusive_scan(const thread_block_tile<Size, ParentT> &group,
                            T value, Op op) {
  unsigned rank = (unsigned)group.thread_rank();
  for (unsigned delta = 1; delta < Size; delta *= 2) {
    T before = group.shfl_up(value, delta);
    if (rank >= delta)
      value = op(before, value);
  }
  return value;
}
template <unsigned Size, typename ParentT, typename T>
__device__ T inclusive_scan(const thread_block_tile<Size, ParentT> &group,
                            T value) {
  return inclusive_scan(group, value, plus<T>());
}

template <unsigned Size, typename ParentT, typename T, typename Op>
__device__ T exclusive_scan(const thread_block_tile<Size, ParentT> &group,
                            T value, Op op) {
  T inclusive = inclusive_scan(group, value, op);
  T before = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? T() : before;
}
template <unsigned Size, typename ParentT, typename T>
__device__ T exclusive_scan(const thread_block_tile<Size, ParentT> &group,
                            T value) {
  return exclusive_scan(group, value, plus<T>());
}

} // namespace cooperative_groups

#endif /* __CUDACC__ || __CUDA__ */
#endif /* _CG_SCAN_H_ */
