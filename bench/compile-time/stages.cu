// Compile-time input of bench/compile-time.sh: 24 unrolled stages of one
// shuffle and two barriers, 96 sync points (a shuffle is two). Prints the
// sum of the data after one launch.
#include <cstdio>
__global__ void stages(float *data, int n) {
  __shared__ float tile[256];
  int t = threadIdx.x;
  float v = data[blockIdx.x * blockDim.x + t];
#pragma unroll
  for (int s = 0; s < 24; ++s) {
    v += __shfl_xor_sync(0xffffffff, v, (s % 5) + 1);
    tile[t] = v;
    __syncthreads();
    v = 0.5f * (v + tile[(t + s + 1) % 256]);
    __syncthreads();
  }
  data[blockIdx.x * blockDim.x + t] = v;
}
int main() {
  int n = 256 * 4;
  float *d;
  cudaMallocManaged(&d, n * sizeof(float));
  for (int i = 0; i < n; ++i) d[i] = i % 7;
  stages<<<4, 256>>>(d, n);
  cudaDeviceSynchronize();
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += d[i];
  printf("%g\n", sum);
}
