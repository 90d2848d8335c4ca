// A dot product: a reduction, which outline-parallel-loops refuses with a
// remark (its sum is used after the loop); the program runs unchanged.
#include <stdio.h>
#include <stdlib.h>

static double dot(long n, const double *x, const double *y) {
  double sum = 0;
#pragma omp parallel for simd reduction(+ : sum)
  for (long i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (long i = 0; i < n; ++i) {
    x[i] = (double)(i % 10);
    y[i] = 0.5;
  }
  printf("dot: n=%ld %.2f\n", n, dot(n, x, y));
  free(x);
  free(y);
  return 0;
}
