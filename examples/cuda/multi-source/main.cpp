// The host program, plain C++: it calls the device part through vector.h.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "vector.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = i;
    y[i] = 1.0f;
  }
  deviceSaxpy(2.0f, x.data(), y.data(), out.data(), n);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += out[i] != 2.0f * i + 1.0f;
  printf("saxpy of %d values on the device: %d wrong\n", n, wrong);
  return wrong != 0;
}
