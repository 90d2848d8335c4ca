/* The same SGEMM as sgemm.cu with OpenBLAS called directly. */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1024, reps = argc > 2 ? atoi(argv[2]) : 5;
  size_t size = (size_t)n * n;
  float *a = malloc(size * sizeof(float)), *c = malloc(size * sizeof(float));
  for (size_t i = 0; i < size; ++i)
    a[i] = (float)(i % 17) / 17 - 0.5f;
  cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, a, n, a,
              n, 0, c, n);
  double start = now();
  for (int r = 0; r < reps; ++r)
    cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, a, n,
                a, n, 0, c, n);
  double seconds = (now() - start) / reps;
  double sum = 0;
  for (size_t i = 0; i < size; ++i)
    sum += c[i];
  printf("%.6f %.6e\n", seconds, sum);
  free(a);
  free(c);
  return 0;
}
