// Kernels for DeviceLoweringTest, compiled by regenerate.sh into
// kernels.ll with clang-19 and mm's CUDA header.

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// A tree reduction in shared memory: barriers inside a loop.
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

#define TILE 8
// C = A * B, n x n, tiles of TILE x TILE in shared memory.
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

// out[i] = in[i-1] + in[i] + in[i+1], with a halo in dynamic shared memory.
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
    out[g] = tile[l - 1] + tile[l] + tile[l + 1];
}

// Inclusive prefix sum of one block (Hillis-Steele): a barrier in a loop
// with values live across it.
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

// Sum of each warp with shuffles, then of the block through shared memory.
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

// Every lane's results of the other warp operations.
__global__ void warpOps(const int *in, int *out) {
  unsigned t = threadIdx.x;
  int v = in[t];
  out[6 * t + 0] = __shfl_sync(0xffffffffu, v, 3);
  out[6 * t + 1] = __shfl_up_sync(0xffffffffu, v, 2);
  out[6 * t + 2] = __shfl_xor_sync(0xffffffffu, v, 5, 16);
  out[6 * t + 3] = __ballot_sync(0xffffffffu, v % 3 == 0);
  out[6 * t + 4] = __any_sync(0xffffffffu, v == 7);
  out[6 * t + 5] = __all_sync(0xffffffffu, v >= 0);
}

// The classic block reduction: each warp reduces with shuffles, lane 0
// writes the warp's sum to shared memory, and after the barrier only warp 0
// reduces the warps' sums, with shuffles again.
static __device__ int warpSum(int v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void blockReduce(const int *in, int *out, int n) {
  __shared__ int warpSums[32];
  unsigned t = threadIdx.x, lane = t % warpSize, warp = t / warpSize;
  unsigned i = blockIdx.x * blockDim.x + t;
  int v = warpSum(i < n ? in[i] : 0);
  if (lane == 0)
    warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (blockDim.x + warpSize - 1) / warpSize ? warpSums[lane] : 0;
    v = warpSum(v);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

// Warps taking different branches, each with its own warp operations.
__global__ void warpSpecialized(const int *in, int *out) {
  unsigned t = threadIdx.x;
  int v = in[t];
  if (t / warpSize % 2 == 0) {
    v = __shfl_xor_sync(0xffffffffu, v, 1);
  } else {
    __syncwarp();
    v = __shfl_up_sync(0xffffffffu, v, 1) * 2;
  }
  out[t] = v;
}

// Threads past the end return before the barrier that the others reach.
__global__ void earlyExit(const int *in, int *out, int n) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  if (i >= n)
    return;
  tile[t] = in[i];
  __syncthreads();
  int next = t + 1 < blockDim.x && i + 1 < n ? tile[t + 1] : 0;
  __syncthreads();
  out[i] = tile[t] * 10 + next;
}

// Values that are the same in every thread (a quotient, a loop counter)
// kept across barriers: read from the block function while the block runs
// region by region, and from each thread's copy while warps run on their own
// (after the branch on the warp) and after they meet again.
__global__ void uniformAcrossBarriers(const int *in, int *out, int n, int m) {
  __shared__ int tile[256];
  unsigned t = threadIdx.x;
  int rounds = n / m;
  int acc = 0;
  for (int round = 0; round < rounds; ++round) {
    tile[t] = in[t] + round;
    __syncthreads();
    acc += tile[(t + round) % blockDim.x];
    __syncthreads();
  }
  if (t / warpSize % 2 == 0)
    acc += __shfl_xor_sync(0xffffffffu, acc, 1);
  else
    __syncwarp();
  __syncthreads();
  out[t] = acc * rounds + n % m;
}

// Threads below split and the others reach different barriers.
__global__ void divergentBarrier(int *out, unsigned split) {
  if (threadIdx.x < split) {
    __syncthreads();
    out[threadIdx.x] = 1;
  } else {
    __syncthreads();
    out[threadIdx.x] = 2;
  }
}

// Lanes of one warp reach different shuffles, which synchronize (as
// shfl.sync does since Volta): each lane gets its neighbour's value.
__global__ void divergentShuffle(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x % 2 == 0)
    v = __shfl_down_sync(0xffffffffu, v, 1);
  else
    v = __shfl_up_sync(0xffffffffu, v, 1);
  out[threadIdx.x] = v;
}

// Lanes of one warp reach a shuffle and a vote, which do not meet.
__global__ void divergentVote(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x % 2 == 0)
    v = __shfl_down_sync(0xffffffffu, v, 1);
  else
    v = __ballot_sync(0xffffffffu, v > 4);
  out[threadIdx.x] = v;
}

__global__ void hello(int base) {
  if (threadIdx.x == 1)
    printf("block %d thread %d: %d %f\n", blockIdx.x, threadIdx.x,
           base + (int)blockIdx.x, 0.5);
}

__global__ void trapAt(int bad) {
  if (threadIdx.x == bad)
    __trap();
}

__global__ void trapInBlock(int bad) {
  if (blockIdx.x * blockDim.x + threadIdx.x == bad)
    __trap();
}

// 2D kernels without barriers, which run ranges of blocks.
__global__ void scale2D(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    out[y * w + x] = in[y * w + x] * 2 + x - y;
}

__global__ void offset2D(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    out[y * w + x] = in[y * w + x] * 2 + x - y + threadIdx.x;
}

__device__ float square(float x) { return x * x; }
