// A CUDA source that is its own test, compiled by mm's nvcc (%nvcc).
// RUN: %nvcc -o %t %s
// RUN: %t | FileCheck %s
// CHECK: sum of 0..255 = 32640
#include <cstdio>
__global__ void sum(int *total) { atomicAdd(total, (int)threadIdx.x); }
int main() {
  int *total;
  cudaMallocManaged(&total, sizeof(int));
  *total = 0;
  sum<<<1, 256>>>(total);
  cudaDeviceSynchronize();
  printf("sum of 0..255 = %d\n", *total);
}
