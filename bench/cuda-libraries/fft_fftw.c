/* The same FFT as fft.cu with FFTW called directly, planned as mm's cuFFT
 * plans it (FFTW_ESTIMATE | FFTW_UNALIGNED, one thread). */
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20, reps = argc > 2 ? atoi(argv[2]) : 5;
  fftwf_complex *in = fftwf_malloc(n * sizeof(fftwf_complex));
  fftwf_complex *out = fftwf_malloc(n * sizeof(fftwf_complex));
  fftwf_plan plan = fftwf_plan_dft_1d(n, in, out, FFTW_FORWARD,
                                      FFTW_ESTIMATE | FFTW_UNALIGNED);
  for (int i = 0; i < n; ++i) {
    in[i][0] = sinf(0.001f * i);
    in[i][1] = cosf(0.002f * i);
  }
  fftwf_execute(plan);
  double start = now();
  for (int r = 0; r < reps; ++r)
    fftwf_execute(plan);
  double seconds = (now() - start) / reps;
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += fabs(out[i][0]) + fabs(out[i][1]);
  printf("%.6f %.6e\n", seconds, sum);
  fftwf_destroy_plan(plan);
  fftwf_free(in);
  fftwf_free(out);
  return 0;
}
