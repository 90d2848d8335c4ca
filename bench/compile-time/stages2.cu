// Compile-time input of bench/compile-time.sh: 24 unrolled stages of 8
// shuffles and 2 barriers, 432 sync points (a shuffle is two), the shape
// of HeCBench's shuffle-heavy kernels. Prints the sum of the data after
// one launch.
#include <cstdio>
__global__ void stages(float *data, int n) {
  __shared__ float tile[8][256];
  int t = threadIdx.x;
  float v[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) v[k] = data[(blockIdx.x * 8 + k) * blockDim.x + t];
#pragma unroll
  for (int s = 0; s < 24; ++s) {
#pragma unroll
    for (int k = 0; k < 8; ++k) {
      v[k] += __shfl_xor_sync(0xffffffff, v[(k + s) % 8], (s + k) % 31 + 1);
      tile[k][t] = v[k] * (s + 1);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 8; ++k)
      v[k] = 0.5f * (v[k] + tile[(k + 1) % 8][(t + s + 1) % 256]);
    __syncthreads();
  }
#pragma unroll
  for (int k = 0; k < 8; ++k) data[(blockIdx.x * 8 + k) * blockDim.x + t] = v[k];
}
int main() {
  int n = 256 * 8 * 4;
  float *d;
  cudaMallocManaged(&d, n * sizeof(float));
  for (int i = 0; i < n; ++i) d[i] = i % 7;
  stages<<<4, 256>>>(d, n);
  cudaDeviceSynchronize();
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += d[i];
  printf("%g\n", sum);
}
