/*===- mm-cuda/cooperative_groups.h - CUDA's cooperative groups -*- C++ -*-===*
 *
 * The cooperative groups API of CUDA 12 for device code, over the warp and
 * block intrinsics that mm lowers for the CPU:
 *
 * - thread_block (this_thread_block()): sync, thread_rank, size,
 *   num_threads, group_index, thread_index, group_dim, dim_threads;
 * - thread_block_tile<N> (tiled_partition<N>(parent), N a power of two up
 *   to 32, of a block or of a larger tile): sync, thread_rank, size,
 *   meta_group_rank, meta_group_size, shfl, shfl_up, shfl_down, shfl_xor
 *   on any trivially copyable type, any, all, ballot, match_any,
 *   match_all;
 * - thread_group, from tiled_partition(parent, n) with n a power of two up
 *   to 32, or from a block or a tile: sync, thread_rank, size;
 * - coalesced_group (coalesced_threads()): the warp's active lanes. mm
 *   runs a warp's operations where all its threads meet, so a coalesced
 *   group in divergent code is a runtime error that says so;
 * - grid_group (this_grid()): its ranks and sizes. Its sync() needs a
 *   cooperative launch, which mm does not have: using it is a compile
 *   error that says so;
 * - sync(group), thread_rank(group), group_size(group);
 * - cooperative_groups/reduce.h, scan.h and memcpy_async.h: reduce,
 *   inclusive_scan, exclusive_scan, memcpy_async and wait.
 *
 *===----------------------------------------------------------------------===*/

#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#if defined(__CUDACC__) || defined(__CUDA__)

#include <string.h>

namespace cooperative_groups {
namespace details {

__device__ inline unsigned block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
__device__ inline unsigned lane_id() { return block_rank() % 32; }

/// The lanes of the tile of \p size threads (a power of two up to 32) that
/// holds the calling thread.
__device__ inline unsigned tile_mask(unsigned size) {
  if (size >= 32)
    return 0xffffffffu;
  return ((1u << size) - 1) << (lane_id() & ~(size - 1));
}

/// \p value with each of its 32-bit words passed through \p exchange: a
/// shuffle of any trivially copyable type.
template <typename T, typename Exchange>
__device__ T exchange_words(T value, Exchange exchange) {
  constexpr unsigned Words = (sizeof(T) + 3) / 4;
  int words[Words] = {};
  memcpy(words, &value, sizeof(T));
  for (unsigned i = 0; i < Words; ++i)
    words[i] = exchange(words[i]);
  T result;
  memcpy(&result, words, sizeof(T));
  return result;
}

/// The lane of the \p rank-th (0-based) set bit of \p mask.
__device__ inline unsigned nth_lane(unsigned mask, unsigned rank) {
  for (unsigned lane = 0; lane < 32; ++lane)
    if ((mask >> lane) & 1) {
      if (rank == 0)
        return lane;
      --rank;
    }
  return 32;
}

/// The bits of \p bits at the lanes of \p mask, packed by rank.
__device__ inline unsigned pack_by_rank(unsigned bits, unsigned mask) {
  unsigned packed = 0, rank = 0;
  for (unsigned lane = 0; lane < 32; ++lane)
    if ((mask >> lane) & 1)
      packed |= ((bits >> lane) & 1) << rank++;
  return packed;
}

} // namespace details

/// A group of threads of a block: a block, or a tile of a warp.
class thread_group {
public:
  __device__ unsigned long long size() const {
    return tile_size_ ? tile_size_ : details::block_size();
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long thread_rank() const {
    return tile_size_ ? details::block_rank() % tile_size_
                      : details::block_rank();
  }
  __device__ void sync() const {
    if (tile_size_)
      __syncwarp(details::tile_mask(tile_size_));
    else
      __syncthreads();
  }

protected:
  __device__ explicit thread_group(unsigned tile_size)
      : tile_size_(tile_size) {}
  unsigned tile_size_; ///< 0 for the whole block.

  friend __device__ thread_group tiled_partition(const thread_group &parent,
                                                 unsigned tile_size);
  template <unsigned, typename> friend class thread_block_tile;
};

/// The threads of the calling thread's block.
class thread_block : public thread_group {
public:
  __device__ static void sync() { __syncthreads(); }
  __device__ static unsigned long long thread_rank() {
    return details::block_rank();
  }
  __device__ static unsigned long long size() { return details::block_size(); }
  __device__ static unsigned long long num_threads() { return size(); }
  __device__ static dim3 group_index() { return blockIdx; }
  __device__ static dim3 thread_index() { return threadIdx; }
  __device__ static dim3 group_dim() { return blockDim; }
  __device__ static dim3 dim_threads() { return blockDim; }

private:
  __device__ thread_block() : thread_group(0) {}
  friend __device__ thread_block this_thread_block();
};

__device__ inline thread_block this_thread_block() { return thread_block(); }

/// The threads of the grid. mm has no cooperative launch, so a grid never
/// synchronizes as one.
class grid_group {
public:
  __device__ static unsigned long long size() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z *
           details::block_size();
  }
  __device__ static unsigned long long num_threads() { return size(); }
  __device__ static unsigned long long block_rank() {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) *
               gridDim.x +
           blockIdx.x;
  }
  __device__ static unsigned long long num_blocks() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ static unsigned long long thread_rank() {
    return block_rank() * details::block_size() + details::block_rank();
  }
  __device__ static dim3 group_dim() { return gridDim; }
  __device__ static dim3 dim_blocks() { return gridDim; }
  __device__ static dim3 block_index() { return blockIdx; }
  __device__ static bool is_valid() { return false; }
  __device__ void sync() const
      __attribute__((unavailable("mm: grid_group::sync() needs a cooperative "
                                 "launch, which mm does not support")));
};

__device__ inline grid_group this_grid() { return grid_group(); }

/// A tile of Size threads of a warp (a power of two up to 32).
template <unsigned Size, typename ParentT = void> class thread_block_tile;

template <unsigned Size> class thread_block_tile<Size, void> {
  static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                "mm: a thread_block_tile has 1 to 32 threads, a power of two");

public:
  __device__ static constexpr unsigned long long num_threads() { return Size; }
  __device__ static constexpr unsigned long long size() { return Size; }
  __device__ unsigned long long thread_rank() const {
    return details::block_rank() % Size;
  }
  __device__ unsigned long long meta_group_rank() const { return meta_rank_; }
  __device__ unsigned long long meta_group_size() const { return meta_size_; }
  __device__ void sync() const { __syncwarp(mask()); }

  template <typename T> __device__ T shfl(T value, int source) const {
    unsigned m = mask();
    return details::exchange_words(
        value, [=](int w) { return __shfl_sync(m, w, source, Size); });
  }
  template <typename T> __device__ T shfl_up(T value, unsigned delta) const {
    unsigned m = mask();
    return details::exchange_words(
        value, [=](int w) { return __shfl_up_sync(m, w, delta, Size); });
  }
  template <typename T> __device__ T shfl_down(T value, unsigned delta) const {
    unsigned m = mask();
    return details::exchange_words(
        value, [=](int w) { return __shfl_down_sync(m, w, delta, Size); });
  }
  template <typename T> __device__ T shfl_xor(T value, unsigned lanes) const {
    unsigned m = mask();
    return details::exchange_words(
        value, [=](int w) { return __shfl_xor_sync(m, w, lanes, Size); });
  }
  __device__ int any(int predicate) const {
    return __any_sync(mask(), predicate);
  }
  __device__ int all(int predicate) const {
    return __all_sync(mask(), predicate);
  }
  /// The predicate of each thread, at the bit of its rank in the tile.
  __device__ unsigned ballot(int predicate) const {
    return __ballot_sync(mask(), predicate) >> base();
  }
  template <typename T> __device__ unsigned match_any(T value) const {
    return __match_any_sync(mask(), value) >> base();
  }
  template <typename T>
  __device__ unsigned match_all(T value, int &predicate) const {
    return __match_all_sync(mask(), value, &predicate) >> base();
  }

  __device__ operator thread_group() const { return thread_group(Size); }

protected:
  __device__ thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : meta_rank_(meta_rank), meta_size_(meta_size) {}
  __device__ unsigned mask() const { return details::tile_mask(Size); }
  __device__ unsigned base() const {
    return Size >= 32 ? 0 : details::lane_id() & ~(Size - 1);
  }

private:
  unsigned meta_rank_, meta_size_;
};

/// A tile of a block or of a larger tile: the parent decides its meta
/// group's rank and size.
template <unsigned Size, typename ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
public:
  __device__ explicit thread_block_tile(const ParentT &parent)
      : thread_block_tile<Size, void>(
            (unsigned)parent.thread_rank() / Size,
            (unsigned)(parent.size() + Size - 1) / Size) {}
};

template <unsigned Size, typename ParentT>
__device__ thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &parent) {
  return thread_block_tile<Size, ParentT>(parent);
}

/// A tile of \p tile_size threads (a power of two up to 32) of \p parent.
__device__ inline thread_group tiled_partition(const thread_group &parent,
                                               unsigned tile_size) {
  (void)parent;
  if (tile_size == 0 || tile_size > 32 || (tile_size & (tile_size - 1)))
    __trap(); // CUDA's own limits: 1 to 32 threads, a power of two
  return thread_group(tile_size);
}

/// The active lanes of the calling thread's warp.
class coalesced_group {
public:
  __device__ explicit coalesced_group(unsigned mask) : mask_(mask) {}
  __device__ unsigned long long size() const { return __popc(mask_); }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long thread_rank() const {
    return __popc(mask_ & ((1u << details::lane_id()) - 1));
  }
  __device__ unsigned long long meta_group_rank() const { return 0; }
  __device__ unsigned long long meta_group_size() const { return 1; }
  __device__ void sync() const { __syncwarp(mask_); }

  template <typename T> __device__ T shfl(T value, unsigned rank) const {
    unsigned m = mask_, lane = details::nth_lane(mask_, rank);
    return details::exchange_words(
        value, [=](int w) { return __shfl_sync(m, w, lane); });
  }
  template <typename T> __device__ T shfl_down(T value, unsigned delta) const {
    unsigned rank = (unsigned)thread_rank() + delta;
    unsigned m = mask_, lane = rank < size() ? details::nth_lane(mask_, rank)
                                             : details::lane_id();
    return details::exchange_words(
        value, [=](int w) { return __shfl_sync(m, w, lane); });
  }
  template <typename T> __device__ T shfl_up(T value, unsigned delta) const {
    unsigned rank = (unsigned)thread_rank();
    unsigned m = mask_, lane = rank >= delta
                                   ? details::nth_lane(mask_, rank - delta)
                                   : details::lane_id();
    return details::exchange_words(
        value, [=](int w) { return __shfl_sync(m, w, lane); });
  }
  __device__ int any(int predicate) const {
    return __any_sync(mask_, predicate);
  }
  __device__ int all(int predicate) const {
    return __all_sync(mask_, predicate);
  }
  __device__ unsigned ballot(int predicate) const {
    return details::pack_by_rank(__ballot_sync(mask_, predicate), mask_);
  }
  template <typename T> __device__ unsigned match_any(T value) const {
    return details::pack_by_rank(__match_any_sync(mask_, value), mask_);
  }
  template <typename T>
  __device__ unsigned match_all(T value, int &predicate) const {
    return details::pack_by_rank(__match_all_sync(mask_, value, &predicate),
                                 mask_);
  }

private:
  unsigned mask_;
};

__device__ inline coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

template <typename Group> __device__ void sync(const Group &group) {
  group.sync();
}
template <typename Group>
__device__ unsigned long long thread_rank(const Group &group) {
  return group.thread_rank();
}
template <typename Group>
__device__ unsigned long long group_size(const Group &group) {
  return group.size();
}

} // namespace cooperative_groups

#endif /* __CUDACC__ || __CUDA__ */
#endif /* _COOPERATIVE_GROUPS_H_ */
