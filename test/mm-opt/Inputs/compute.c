// Real C code for the oracle tests: loops that the optimizer unrolls,
// vectorizes, inlines and simplifies.
struct point {
  float x, y;
};

static float dot(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

void saxpy(float a, const float *x, float *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void matmul(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0;
      for (int k = 0; k < n; ++k)
        s += a[i * n + k] * b[k * n + j];
      c[i * n + j] = s;
    }
}

float norm2(const float *v, int n) { return dot(v, v, n); }

int histogram(const unsigned char *data, int n, int *bins) {
  int max = 0;
  for (int i = 0; i < n; ++i) {
    int b = ++bins[data[i] & 15];
    if (b > max)
      max = b;
  }
  return max;
}

float centroid_x(const struct point *p, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i].x;
  return n ? s / n : 0;
}

unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
