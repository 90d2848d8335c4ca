// A complete CUDA program: saxpy and a block reduction with shared memory
// and barriers, checked against the same computation on the host. Build and
// run it on the CPU with ./run.sh (see README.md).
#include <stdio.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// Sums each block's elements in shared memory: barriers inside a loop.
__global__ void blockSum(const float *in, float *out, int n) {
  extern __shared__ float partial[];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    out[blockIdx.x] = partial[0];
    if (blockIdx.x == 0)
      printf("block 0 of %u: sum %.1f\n", gridDim.x, partial[0]);
  }
}

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      printf("%s failed: %s\n", #call, cudaGetErrorString(err));              \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main() {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("%d device, %d threads per block, warp size %d, compute capability "
         "%d.%d\n",
         count, prop.maxThreadsPerBlock, prop.warpSize, prop.major, prop.minor);

  const int n = 1 << 20, threads = 256, blocks = (n + threads - 1) / threads;
  float *x = new float[n], *y = new float[n], *sums = new float[blocks];
  for (int i = 0; i < n; ++i) {
    x[i] = (i % 100) * 0.5f;
    y[i] = i % 7;
  }
  float *dx, *dy, *dsums;
  CHECK(cudaMalloc((void **)&dx, n * sizeof(float)));
  CHECK(cudaMalloc((void **)&dy, n * sizeof(float)));
  CHECK(cudaMalloc((void **)&dsums, blocks * sizeof(float)));
  CHECK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice));

  saxpy<<<blocks, threads>>>(n, 2.0f, dx, dy);
  CHECK(cudaGetLastError());
  blockSum<<<blocks, threads, threads * sizeof(float)>>>(dy, dsums, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(sums, dsums, blocks * sizeof(float),
                   cudaMemcpyDeviceToHost));

  int wrong = 0;
  double total = 0;
  for (int b = 0; b < blocks; ++b) {
    float expect = 0;
    for (int i = b * threads; i < (b + 1) * threads && i < n; ++i) {
      float yi = 2.0f * ((i % 100) * 0.5f) + i % 7;
      wrong += y[i] != yi;
      expect += yi;
    }
    // Summation order differs from the host's: compare with a tolerance.
    float diff = sums[b] - expect;
    wrong += (diff < 0 ? -diff : diff) > 1e-3f * expect;
    total += sums[b];
  }
  printf("saxpy and block sums: %d wrong values, total %.1f\n", wrong, total);
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dsums));
  delete[] x;
  delete[] y;
  delete[] sums;
  return wrong != 0;
}
