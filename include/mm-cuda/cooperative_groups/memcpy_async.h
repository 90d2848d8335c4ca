/*===- mm-cuda/cooperative_groups/memcpy_async.h - Group copies -*- C++ -*-===*
 *
 * cooperative_groups::memcpy_async, wait and wait_prior. On the CPU there
 * is no asynchronous copy engine: the group's threads copy the bytes
 * between them at once, and wait synchronizes the group, after which every
 * thread sees the whole copy, as on a GPU.
 *
 *===----------------------------------------------------------------------===*/

#ifndef _CG_MEMCPY_ASYNC_H_
#define _CG_MEMCPY_ASYNC_H_

#include "../cooperative_groups.h"

#if defined(__CUDACC__) || defined(__CUDA__)

namespace cooperative_groups {

template <typename Group>
__device__ void memcpy_async(const Group &group, void *destination,
                             const void *source, size_t bytes) {
  char *to = static_cast<char *>(destination);
  const char *from = static_cast<const char *>(source);
  for (size_t i = group.thread_rank(); i < bytes; i += group.size())
    to[i] = from[i];
}

template <typename Group> __device__ void wait(const Group &group) {
  group.sync();
}
template <unsigned Pending, typename Group>
__device__ void wait_prior(const Group &group) {
  group.sync();
}

} // namespace cooperative_groups

#endif /* __CUDACC__ || __CUDA__ */
#endif /* _CG_MEMCPY_ASYNC_H_ */
