// A HIP kernel for DeviceLoweringTest, compiled by regenerate.sh into
// kernels-amdgcn.ll with clang-19 (no HIP headers: clang's built-ins).

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

// Reverses each block's part of in into out through shared memory; block
// and grid sizes come from the dispatch packet and the implicit arguments.
extern "C" __global__ void reverseBlocks(const int *in, int *out) {
  __shared__ int tile[256];
  unsigned t = __builtin_amdgcn_workitem_id_x();
  unsigned size = __builtin_amdgcn_workgroup_size_x();
  unsigned base = __builtin_amdgcn_workgroup_id_x() * size;
  tile[t] = in[base + t];
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[base + t] = tile[size - 1 - t] + __builtin_amdgcn_grid_size_x();
}
