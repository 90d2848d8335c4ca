// The host side of a CUDA saxpy, compiled by clang-19 --cuda-host-only.
#include "cuda_decls.h"
#include <stdio.h>

#include <__clang_cuda_builtin_vars.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  int devices = 0;
  cudaGetDeviceCount(&devices);
  printf("devices: %d\n", devices);
  const int n = 3000;
  float *x, *y, *hy = new float[n], *hx = new float[n];
  for (int i = 0; i < n; ++i) {
    hx[i] = i;
    hy[i] = 2 * i;
  }
  cudaMalloc((void **)&x, n * sizeof(float));
  cudaMallocManaged((void **)&y, n * sizeof(float));
  cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, n * sizeof(float), cudaMemcpyDefault);
  saxpy<<<(n + 255) / 256, 256>>>(n, 3.0f, x, y);
  cudaError_t launch = cudaGetLastError();
  cudaError_t sync = cudaDeviceSynchronize();
  printf("launch: %s, synchronize: %s\n", cudaGetErrorString(launch),
         cudaGetErrorString(sync));
  int bad = 0;
  for (int i = 0; i < n; ++i) // managed memory, read directly
    bad += y[i] != 3.0f * hx[i] + hy[i];
  printf("saxpy: %d of %d differ from the host's result\n", bad, n);
  cudaMemset(y, 0, n * sizeof(float));
  cudaMemcpy(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("after memset: y[%d] = %g\n", n - 1, hy[n - 1]);
  cudaError_t badKind = cudaMemcpy(hy, y, 4, (cudaMemcpyKind)7);
  printf("bad kind: %s\n", cudaGetErrorString(badKind));
  printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
  printf("cleared: %s\n", cudaGetErrorString(cudaGetLastError()));
  cudaFree(x);
  cudaFree(y);
  delete[] hx;
  delete[] hy;
  return bad != 0;
}
