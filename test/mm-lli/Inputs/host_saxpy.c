#include "mm-runtime/mm_offload.h"
#include <stdio.h>
int main(void) {
  enum { N = 1000 };
  static float x[N], y[N], expect[N];
  int n = N;
  float a = 2.5f;
  for (int i = 0; i < N; ++i) {
    x[i] = i * 0.5f;
    y[i] = 1000 - i;
    expect[i] = a * x[i] + y[i];
  }
  mm_kernel *k;
  if (mm_get_kernel("kernels", "saxpy", &k)) {
    printf("error: %s\n", mm_get_error_message());
    return 1;
  }
  float *dx, *dy;
  mm_malloc((void **)&dx, sizeof x);
  mm_malloc((void **)&dy, sizeof y);
  mm_memcpy(dx, x, sizeof x, MM_MEMCPY_HOST_TO_DEVICE);
  mm_memcpy(dy, y, sizeof y, MM_MEMCPY_HOST_TO_DEVICE);
  void *args[] = {&n, &a, &dx, &dy};
  mm_status s = mm_launch(k, (N + 127) / 128, 1, 1, 128, 1, 1, 0, args);
  if (s == MM_SUCCESS)
    s = mm_synchronize();
  if (s != MM_SUCCESS) {
    printf("error: %s\n", mm_get_error_message());
    return 1;
  }
  mm_memcpy(y, dy, sizeof y, MM_MEMCPY_DEVICE_TO_HOST);
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += y[i] != expect[i];
  printf("saxpy: %d of %d elements differ from the host's result\n", bad, N);
  printf("y[1] = %g, y[999] = %g\n", y[1], y[999]);
  mm_free(dx);
  mm_free(dy);
  return bad != 0;
}
