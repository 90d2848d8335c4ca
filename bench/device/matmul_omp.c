/* C = A * B as in matmul.cu, in C with OpenMP (rows split between the
 * threads, the i-k-j loop order that vectorizes the inner loop): one warm-up
 * run, then REPS timed runs. Prints the median seconds per run and the
 * checksum.
 *   matmul_omp N REPS */
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
  int n = argc > 1 ? atoi(argv[1]) : 512;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  size_t size = (size_t)n * n;
  float *a = malloc(size * sizeof(float)), *b = malloc(size * sizeof(float));
  float *c = malloc(size * sizeof(float));
  double *times = malloc(reps * sizeof(double));
  for (size_t i = 0; i < size; ++i) {
    a[i] = (float)(i % 7) - 3;
    b[i] = (float)(i % 5);
  }
  for (int r = 0; r <= reps; ++r) {
    double start = now();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i) {
      float *row = c + (size_t)i * n;
      for (int j = 0; j < n; ++j)
        row[j] = 0.0f;
      for (int k = 0; k < n; ++k) {
        float aik = a[(size_t)i * n + k];
        for (int j = 0; j < n; ++j)
          row[j] += aik * b[(size_t)k * n + j];
      }
    }
    if (r > 0)
      times[r - 1] = now() - start;
  }
  qsort(times, reps, sizeof(double), compare);
  double sum = 0;
  for (size_t i = 0; i < size; ++i)
    sum += c[i];
  printf("median_s=%.6f checksum=%.17g\n", times[reps / 2], sum);
  return 0;
}
