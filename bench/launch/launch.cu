// N launches of one small kernel, each followed by cudaDeviceSynchronize:
// the shape of a wavefront or iterative solver's main loop. Prints the
// seconds per launch; launch_omp.c does the same work as OpenMP regions.
//
//   launch ITERATIONS BLOCKS THREADS_PER_BLOCK
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void relax(float *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = A[I] * 0.5f + 1.0f;
}

int main(int argc, char **argv) {
  int Iterations = argc > 1 ? atoi(argv[1]) : 20000;
  int Blocks = argc > 2 ? atoi(argv[2]) : 64;
  int Threads = argc > 3 ? atoi(argv[3]) : 64;
  int N = Blocks * Threads;
  float *A;
  if (cudaMalloc(&A, N * sizeof(float)) != cudaSuccess)
    return 1;
  cudaMemset(A, 0, N * sizeof(float));
  // One launch before the clock starts, as launch_omp.c's first region.
  relax<<<Blocks, Threads>>>(A, N);
  cudaDeviceSynchronize();
  auto Start = std::chrono::steady_clock::now();
  for (int I = 0; I < Iterations; ++I) {
    relax<<<Blocks, Threads>>>(A, N);
    cudaDeviceSynchronize();
  }
  double Seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  float Last;
  cudaMemcpy(&Last, A + N - 1, sizeof(float), cudaMemcpyDeviceToHost);
  if (cudaGetLastError() != cudaSuccess || Last < 1.9f || Last > 2.0f) {
    std::fprintf(stderr, "launch: wrong result %g\n", Last);
    return 1;
  }
  std::printf("%.9f\n", Seconds / Iterations);
  cudaFree(A);
  return 0;
}
