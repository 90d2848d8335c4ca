// The kernels GPU programs are made of, each run on the CPU through mm-lli
// and checked against the same computation on the host: saxpy, a reduction
// with shared memory and barriers, a tiled matrix multiply, a histogram with
// atomics, a stencil with dynamic shared memory, a scan with a barrier
// inside a loop, and a warp-shuffle reduction.
//
//   examples/cuda/run.sh examples/cuda/kernels.cu
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// A tree reduction in static shared memory: barriers inside a loop.
__global__ void reduceSum(const float *in, float *out, int n) {
  __shared__ float partial[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = partial[0];
}

#define TILE 16
// C = A * B for n x n matrices, TILE x TILE tiles staged in shared memory.
__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

__global__ void histogram(const unsigned *data, int n, unsigned *bins,
                          int numBins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[data[i] % numBins], 1u);
}

// out[i] = in[i-1] + 2 in[i] + in[i+1], the block's tile and its halo in
// dynamic shared memory.
__global__ void stencil(const float *in, float *out, int n) {
  extern __shared__ float tile[];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + 1;
  tile[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x == 0)
    tile[0] = g > 0 ? in[g - 1] : 0.0f;
  if (threadIdx.x == blockDim.x - 1)
    tile[l + 1] = g + 1 < n ? in[g + 1] : 0.0f;
  __syncthreads();
  if (g < n)
    out[g] = tile[l - 1] + 2.0f * tile[l] + tile[l + 1];
}

// Inclusive prefix sum of each block (Hillis-Steele): barriers inside a loop
// with values live across them.
__global__ void blockScan(const int *in, int *out) {
  __shared__ int buffer[256];
  unsigned t = threadIdx.x;
  int value = in[blockIdx.x * blockDim.x + t];
  buffer[t] = value;
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    int add = t >= offset ? buffer[t - offset] : 0;
    __syncthreads();
    value += add;
    buffer[t] = value;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = value;
}

// Each warp sums its lanes with shuffles; the block adds the warps' sums.
__global__ void warpReduce(const int *in, int *out) {
  __shared__ int warpSums[32];
  unsigned t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  if (t % 32 == 0)
    warpSums[t / 32] = v;
  __syncthreads();
  if (t == 0) {
    int sum = 0;
    for (unsigned w = 0; w < blockDim.x / 32; ++w)
      sum += warpSums[w];
    out[blockIdx.x] = sum;
  }
}

static int failures = 0;

// Reports one kernel's check: how many of its values differ from the host's.
static void report(const char *name, int wrong, int total) {
  printf("%-12s %s (%d of %d values wrong)\n", name, wrong ? "FAILED" : "ok",
         wrong, total);
  failures += wrong != 0;
}

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      printf("%s failed: %s\n", #call, cudaGetErrorString(err));              \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

// Device copy of n host elements.
template <typename T> static T *toDevice(const T *host, int n) {
  T *device;
  CHECK(cudaMalloc((void **)&device, n * sizeof(T)));
  CHECK(cudaMemcpy(device, host, n * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

template <typename T> static void toHost(T *host, const T *device, int n) {
  CHECK(cudaMemcpy(host, device, n * sizeof(T), cudaMemcpyDeviceToHost));
}

static bool near(float a, float b) {
  return fabsf(a - b) <= 1e-4f * fmaxf(1.0f, fabsf(b));
}

static void testSaxpy() {
  const int n = 100003;
  float *x = new float[n], *y = new float[n], *r = new float[n];
  for (int i = 0; i < n; ++i) {
    x[i] = i % 17;
    y[i] = i % 5 - 2;
  }
  float *dx = toDevice(x, n), *dy = toDevice(y, n);
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.5f, dx, dy);
  CHECK(cudaGetLastError());
  toHost(r, dy, n);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += !near(r[i], 2.5f * x[i] + y[i]);
  report("saxpy", wrong, n);
}

static void testReduce() {
  const int n = 65000, threads = 256, blocks = (n + threads - 1) / threads;
  float *in = new float[n], *sums = new float[blocks];
  for (int i = 0; i < n; ++i)
    in[i] = (i % 13) * 0.25f;
  float *din = toDevice(in, n), *dsums;
  CHECK(cudaMalloc((void **)&dsums, blocks * sizeof(float)));
  reduceSum<<<blocks, threads>>>(din, dsums, n);
  toHost(sums, dsums, blocks);
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) {
    float expected = 0;
    for (int i = b * threads; i < n && i < (b + 1) * threads; ++i)
      expected += in[i];
    wrong += !near(sums[b], expected);
  }
  report("reduction", wrong, blocks);
}

static void testMatmul() {
  const int n = 64;
  float *a = new float[n * n], *b = new float[n * n], *c = new float[n * n];
  for (int i = 0; i < n * n; ++i) {
    a[i] = (i % 7) - 3;
    b[i] = (i % 5) * 0.5f;
  }
  float *da = toDevice(a, n * n), *db = toDevice(b, n * n), *dc;
  CHECK(cudaMalloc((void **)&dc, n * n * sizeof(float)));
  matmulTiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(da, db, dc, n);
  toHost(c, dc, n * n);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float expected = 0;
      for (int k = 0; k < n; ++k)
        expected += a[i * n + k] * b[k * n + j];
      wrong += !near(c[i * n + j], expected);
    }
  report("matmul", wrong, n * n);
}

static void testHistogram() {
  const int n = 200000, numBins = 37;
  unsigned *data = new unsigned[n], bins[numBins] = {0}, expected[numBins] = {0};
  for (int i = 0; i < n; ++i) {
    data[i] = (unsigned)i * 2654435761u >> 7;
    ++expected[data[i] % numBins];
  }
  unsigned *ddata = toDevice(data, n), *dbins = toDevice(bins, numBins);
  histogram<<<(n + 127) / 128, 128>>>(ddata, n, dbins, numBins);
  toHost(bins, dbins, numBins);
  int wrong = 0;
  for (int i = 0; i < numBins; ++i)
    wrong += bins[i] != expected[i];
  report("histogram", wrong, numBins);
}

static void testStencil() {
  const int n = 50000, threads = 128;
  float *in = new float[n], *out = new float[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 31 % 101) * 0.125f;
  float *din = toDevice(in, n), *dout;
  CHECK(cudaMalloc((void **)&dout, n * sizeof(float)));
  stencil<<<(n + threads - 1) / threads, threads,
            (threads + 2) * sizeof(float)>>>(din, dout, n);
  toHost(out, dout, n);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    float left = i > 0 ? in[i - 1] : 0, right = i + 1 < n ? in[i + 1] : 0;
    wrong += !near(out[i], left + 2 * in[i] + right);
  }
  report("stencil", wrong, n);
}

static void testScan() {
  const int threads = 256, blocks = 40, n = threads * blocks;
  int *in = new int[n], *out = new int[n];
  for (int i = 0; i < n; ++i)
    in[i] = i % 9 - 4;
  int *din = toDevice(in, n), *dout;
  CHECK(cudaMalloc((void **)&dout, n * sizeof(int)));
  blockScan<<<blocks, threads>>>(din, dout);
  toHost(out, dout, n);
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) {
    int running = 0;
    for (int t = 0; t < threads; ++t) {
      running += in[b * threads + t];
      wrong += out[b * threads + t] != running;
    }
  }
  report("scan", wrong, n);
}

static void testWarpReduce() {
  const int threads = 256, blocks = 64, n = threads * blocks;
  int *in = new int[n], sums[blocks];
  for (int i = 0; i < n; ++i)
    in[i] = i * 7 % 23;
  int *din = toDevice(in, n), *dsums;
  CHECK(cudaMalloc((void **)&dsums, blocks * sizeof(int)));
  warpReduce<<<blocks, threads>>>(din, dsums);
  toHost(sums, dsums, blocks);
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) {
    int expected = 0;
    for (int t = 0; t < threads; ++t)
      expected += in[b * threads + t];
    wrong += sums[b] != expected;
  }
  report("warp-reduce", wrong, blocks);
}

int main() {
  testSaxpy();
  testReduce();
  testMatmul();
  testHistogram();
  testStencil();
  testScan();
  testWarpReduce();
  CHECK(cudaDeviceSynchronize());
  printf("%s\n", failures ? "some kernels FAILED" : "all kernels ok");
  return failures != 0;
}
