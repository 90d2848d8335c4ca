// C = A * B for n x n floats (n a multiple of 16), with 16 x 16 tiles in
// shared memory and two barriers per tile: one warm-up launch (it compiles
// the kernel), then REPS timed launches, each followed by
// cudaDeviceSynchronize. Prints the median seconds per launch and a
// checksum of C (the inputs are small integers: every sum is exact).
//   matmul N REPS
// clang's CUDA wrapper of <new> needs malloc declared first.
#include <stdio.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <vector>

#define TILE 16

__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 512;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  size_t bytes = size_t(n) * n * sizeof(float);
  float *a, *b, *c;
  cudaMalloc((void **)&a, bytes);
  cudaMalloc((void **)&b, bytes);
  cudaMalloc((void **)&c, bytes);
  std::vector<float> host(size_t(n) * n);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i % 7) - 3;
  cudaMemcpy(a, host.data(), bytes, cudaMemcpyHostToDevice);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i % 5);
  cudaMemcpy(b, host.data(), bytes, cudaMemcpyHostToDevice);
  dim3 threads(TILE, TILE), blocks(n / TILE, n / TILE);
  std::vector<double> times;
  for (int r = 0; r <= reps; ++r) {
    auto start = std::chrono::steady_clock::now();
    matmulTiled<<<blocks, threads>>>(a, b, c, n);
    if (cudaDeviceSynchronize() != cudaSuccess)
      return 1;
    std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    if (r > 0)
      times.push_back(d.count());
  }
  std::sort(times.begin(), times.end());
  cudaMemcpy(host.data(), c, bytes, cudaMemcpyDeviceToHost);
  double sum = 0;
  for (float v : host)
    sum += v;
  printf("median_s=%.6f checksum=%.17g\n", times[times.size() / 2], sum);
  return 0;
}
