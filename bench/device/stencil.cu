// A 5-point stencil (one Jacobi sweep) over an n x n grid of floats, blocks
// of 32 x 8 threads, no barriers: one warm-up launch (it compiles the
// kernel), then REPS timed launches, each followed by cudaDeviceSynchronize.
// Prints the median seconds per launch and a checksum of the result.
//   stencil N REPS
// clang's CUDA wrapper of <new> needs malloc declared first.
#include <stdio.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <vector>

__global__ void stencil(int n, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && x < n - 1 && y > 0 && y < n - 1)
    out[y * n + x] = 0.25f * (in[y * n + x - 1] + in[y * n + x + 1] +
                              in[(y - 1) * n + x] + in[(y + 1) * n + x]);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  size_t bytes = size_t(n) * n * sizeof(float);
  float *in, *out;
  cudaMalloc((void **)&in, bytes);
  cudaMalloc((void **)&out, bytes);
  std::vector<float> host(size_t(n) * n);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i % 64);
  cudaMemcpy(in, host.data(), bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(out, host.data(), bytes, cudaMemcpyHostToDevice);
  dim3 threads(32, 8), blocks((n + 31) / 32, (n + 7) / 8);
  std::vector<double> times;
  for (int r = 0; r <= reps; ++r) {
    auto start = std::chrono::steady_clock::now();
    stencil<<<blocks, threads>>>(n, in, out);
    if (cudaDeviceSynchronize() != cudaSuccess)
      return 1;
    std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    if (r > 0)
      times.push_back(d.count());
  }
  std::sort(times.begin(), times.end());
  cudaMemcpy(host.data(), out, bytes, cudaMemcpyDeviceToHost);
  double sum = 0;
  for (float v : host)
    sum += v;
  printf("median_s=%.6f checksum=%.17g\n", times[times.size() / 2], sum);
  return 0;
}
