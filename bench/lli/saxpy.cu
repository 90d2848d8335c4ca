// saxpy on the emulated grid: one warm-up launch (it compiles the kernel),
// then REPS timed launches of y = a * x + y over N floats, each followed by
// cudaDeviceSynchronize. Prints the median seconds per launch.
//   saxpy N REPS
// clang's CUDA wrapper of <new> needs malloc declared first.
#include <stdio.h>
#include <stdlib.h>

#include <algorithm>
#include <chrono>
#include <vector>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  float *x, *y;
  cudaMalloc((void **)&x, n * sizeof(float));
  cudaMalloc((void **)&y, n * sizeof(float));
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = i % 1000;
  cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(y, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  const int threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<double> times;
  for (int r = 0; r <= reps; ++r) {
    auto start = std::chrono::steady_clock::now();
    saxpy<<<blocks, threads>>>(n, 0.5f, x, y);
    if (cudaDeviceSynchronize() != cudaSuccess)
      return 1;
    std::chrono::duration<double> d = std::chrono::steady_clock::now() - start;
    if (r > 0)
      times.push_back(d.count());
  }
  std::sort(times.begin(), times.end());
  cudaMemcpy(host.data(), y, sizeof(float), cudaMemcpyDeviceToHost);
  printf("median_s=%.6f y0=%g\n", times[times.size() / 2], host[0]);
  return 0;
}
