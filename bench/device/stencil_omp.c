/* The same stencil as stencil.cu, in C with OpenMP: one warm-up run, then
 * REPS timed runs. Prints the median seconds per run and the checksum.
 *   stencil_omp N REPS */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  size_t size = (size_t)n * n;
  float *in = malloc(size * sizeof(float)), *out = malloc(size * sizeof(float));
  double *times = malloc(reps * sizeof(double));
  for (size_t i = 0; i < size; ++i)
    in[i] = out[i] = (float)(i % 64);
  for (int r = 0; r <= reps; ++r) {
    double start = now();
#pragma omp parallel for schedule(static)
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x)
        out[y * n + x] = 0.25f * (in[y * n + x - 1] + in[y * n + x + 1] +
                                  in[(y - 1) * n + x] + in[(y + 1) * n + x]);
    if (r > 0)
      times[r - 1] = now() - start;
  }
  qsort(times, reps, sizeof(double), compare);
  double sum = 0;
  for (size_t i = 0; i < size; ++i)
    sum += out[i];
  printf("median_s=%.6f checksum=%.17g\n", times[reps / 2], sum);
  return 0;
}
