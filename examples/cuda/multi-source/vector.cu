// The kernel and its host wrapper, compiled as CUDA.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#include "vector.h"

__global__ void saxpy(float a, const float *x, const float *y, float *out,
                      int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a * x[i] + y[i];
}

static void check(cudaError_t Error, const char *What) {
  if (Error != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(Error));
    exit(1);
  }
}

void deviceSaxpy(float a, const float *x, const float *y, float *out, int n) {
  float *dx, *dy, *dout;
  size_t bytes = n * sizeof(float);
  check(cudaMalloc(&dx, bytes), "cudaMalloc");
  check(cudaMalloc(&dy, bytes), "cudaMalloc");
  check(cudaMalloc(&dout, bytes), "cudaMalloc");
  check(cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  check(cudaMemcpy(dy, y, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  saxpy<<<(n + 255) / 256, 256>>>(a, dx, dy, dout, n);
  check(cudaGetLastError(), "saxpy");
  check(cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout);
}
