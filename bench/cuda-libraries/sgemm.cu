// SGEMM through cuBLAS: C = A B for N x N matrices in device memory, REPS
// times after one warm-up call; prints the seconds of one call and a
// checksum of C. bench/cublas.sh compares it with sgemm_openblas.c.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cublas_v2.h>
#include <vector>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024, reps = argc > 2 ? atoi(argv[2]) : 5;
  std::vector<float> host(size_t(n) * n);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = float(i % 17) / 17 - 0.5f;
  float *a, *b, *c;
  cudaMalloc(&a, host.size() * sizeof(float));
  cudaMalloc(&b, host.size() * sizeof(float));
  cudaMalloc(&c, host.size() * sizeof(float));
  cudaMemcpy(a, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice);
  cublasHandle_t h;
  cublasCreate(&h);
  float one = 1, zero = 0;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero, c, n);
  cudaDeviceSynchronize();
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &zero,
                c, n);
  cudaDeviceSynchronize();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count() / reps;
  cudaMemcpy(host.data(), c, host.size() * sizeof(float), cudaMemcpyDeviceToHost);
  double sum = 0;
  for (float v : host)
    sum += v;
  printf("%.6f %.6e\n", seconds, sum);
  cublasDestroy(h);
  return 0;
}
