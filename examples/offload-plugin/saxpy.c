// y = a * x + y over N elements (argv[1], default 1000), REPEAT times
// (argv[2], default 1); prints a checksum.
#include <stdio.h>
#include <stdlib.h>

static void saxpy(long n, float a, const float *x, float *y) {
#pragma omp parallel for simd
  for (long i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  int repeat = argc > 2 ? atoi(argv[2]) : 1;
  float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
  for (long i = 0; i < n; ++i) {
    x[i] = (float)(i % 100);
    y[i] = (float)(i % 7);
  }
  for (int r = 0; r < repeat; ++r)
    saxpy(n, 0.5f, x, y);
  double sum = 0;
  for (long i = 0; i < n; ++i)
    sum += y[i];
  printf("saxpy: n=%ld y[0]=%.2f y[n-1]=%.2f sum=%.2f\n", n, y[0], y[n - 1],
         sum);
  free(x);
  free(y);
  return 0;
}
