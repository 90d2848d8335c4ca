// A 2-D five-point Jacobi stencil on an N x N grid (argv[1], default 64)
// for STEPS steps (argv[2], default 10); prints a checksum.
#include <stdio.h>
#include <stdlib.h>

static void step(long n, const float *in, float *out) {
#pragma omp parallel for simd
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j)
      out[i * n + j] = 0.2f * (in[i * n + j] + in[(i - 1) * n + j] +
                               in[(i + 1) * n + j] + in[i * n + j - 1] +
                               in[i * n + j + 1]);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 64;
  int steps = argc > 2 ? atoi(argv[2]) : 10;
  float *a = calloc(n * n, sizeof(float)), *b = calloc(n * n, sizeof(float));
  for (long i = 0; i < n; ++i)
    a[i * n + n / 2] = b[i * n + n / 2] = 100.0f;
  for (int s = 0; s < steps; ++s) {
    step(n, a, b);
    float *t = a;
    a = b;
    b = t;
  }
  double sum = 0;
  for (long i = 0; i < n * n; ++i)
    sum += a[i];
  printf("stencil: n=%ld center=%.4f sum=%.4f\n", n, a[(n / 2) * n + n / 2],
         sum);
  free(a);
  free(b);
  return 0;
}
