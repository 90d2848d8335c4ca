// launch.cu's work as OpenMP parallel regions: ITERATIONS regions over
// BLOCKS * THREADS_PER_BLOCK elements. Prints the seconds per region.
//
//   launch_omp ITERATIONS BLOCKS THREADS_PER_BLOCK
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

int main(int argc, char **argv) {
  int Iterations = argc > 1 ? atoi(argv[1]) : 20000;
  int Blocks = argc > 2 ? atoi(argv[2]) : 64;
  int Threads = argc > 3 ? atoi(argv[3]) : 64;
  int N = Blocks * Threads;
  float *A = calloc(N, sizeof(float));
  if (!A)
    return 1;
#pragma omp parallel for
  for (int I = 0; I < N; ++I)
    A[I] = A[I] * 0.5f + 1.0f;
  double Start = omp_get_wtime();
  for (int It = 0; It < Iterations; ++It) {
#pragma omp parallel for
    for (int I = 0; I < N; ++I)
      A[I] = A[I] * 0.5f + 1.0f;
  }
  double Seconds = omp_get_wtime() - Start;
  if (A[N - 1] < 1.9f || A[N - 1] > 2.0f) {
    fprintf(stderr, "launch_omp: wrong result %g\n", A[N - 1]);
    return 1;
  }
  printf("%.9f\n", Seconds / Iterations);
  free(A);
  return 0;
}
