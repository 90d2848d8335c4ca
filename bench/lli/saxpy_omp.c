/* The same loop as saxpy.cu, in C with OpenMP: one warm-up run, then REPS
 * timed runs. Prints the median seconds per run.
 *   saxpy_omp N REPS */
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
  int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
  double *times = malloc(reps * sizeof(double));
  for (int i = 0; i < n; ++i)
    x[i] = y[i] = i % 1000;
  for (int r = 0; r <= reps; ++r) {
    double start = now();
#pragma omp parallel for schedule(static)
    for (int i = 0; i < n; ++i)
      y[i] = 0.5f * x[i] + y[i];
    if (r > 0)
      times[r - 1] = now() - start;
  }
  qsort(times, reps, sizeof(double), compare);
  printf("median_s=%.6f y0=%g\n", times[reps / 2], y[0]);
  return 0;
}
