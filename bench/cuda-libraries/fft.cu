// A 1-D complex FFT of N points through cuFFT, REPS times after one
// warm-up; prints the seconds of one transform and a checksum.
// bench/cuda-libraries.sh compares it with fft_fftw.c.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cufft.h>
#include <vector>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20, reps = argc > 2 ? atoi(argv[2]) : 5;
  std::vector<cufftComplex> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = make_cuFloatComplex(std::sin(0.001f * i), std::cos(0.002f * i));
  cufftComplex *in, *out;
  cudaMalloc(&in, n * sizeof(cufftComplex));
  cudaMalloc(&out, n * sizeof(cufftComplex));
  cudaMemcpy(in, host.data(), n * sizeof(cufftComplex), cudaMemcpyHostToDevice);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftExecC2C(plan, in, out, CUFFT_FORWARD);
  cudaDeviceSynchronize();
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    cufftExecC2C(plan, in, out, CUFFT_FORWARD);
  cudaDeviceSynchronize();
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count() / reps;
  cudaMemcpy(host.data(), out, n * sizeof(cufftComplex), cudaMemcpyDeviceToHost);
  double sum = 0;
  for (const cufftComplex &v : host)
    sum += std::fabs(v.x) + std::fabs(v.y);
  printf("%.6f %.6e\n", seconds, sum);
  cufftDestroy(plan);
  return 0;
}
