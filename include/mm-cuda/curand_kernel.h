/*===- mm-cuda/curand_kernel.h - cuRAND's device API -------------*- C++ -*-===*
 *
 * cuRAND's generators and distributions for device code, giving the numbers
 * that NVIDIA's cuRAND gives for the same seed, subsequence and offset:
 *
 * - XORWOW (curandState, curandStateXORWOW_t), cuRAND's default: Marsaglia's
 *   xorshift with a Weyl sequence, seeded as cuRAND seeds it; a
 *   subsequence is 2^67 numbers.
 * - Philox4_32_10 (curandStatePhilox4_32_10_t): the counter-based generator
 *   of Salmon et al., 10 rounds; the seed is the key, the subsequence the
 *   high half of the counter.
 * - MRG32k3a (curandStateMRG32k3a_t): L'Ecuyer's combined multiple
 *   recursive generator; a subsequence is 2^76 numbers, a sequence 2^127.
 * - Sobol32 and Sobol64, plain and scrambled, over direction vectors that
 *   the program gives.
 *
 * Distributions: uniform in (0, 1] (curand_uniform, _double, 2 and 4
 * forms), normal by the Box-Muller transform (curand_normal, _double, 2 and
 * 4 forms; Sobol's by the inverse normal distribution function), log-normal.
 *
 * Jumping ahead (curand_init's subsequence and offset, skipahead,
 * skipahead_sequence) multiplies the state by a power of the generator's
 * transition matrix; the runtime computes those powers once per process
 * (mm_block_abi.h), as cuRAND ships them precomputed.
 *
 * curand_poisson and the discrete distributions are declared unavailable.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_

#include <math.h>

#include "curand.h"
#include "vector_functions.h"
#include "vector_types.h"

#define QUALIFIERS static __forceinline__ __device__

/* The runtime's jump-ahead (mm-runtime/mm_block_abi.h). */
extern "C" __device__ void
__mm_device_curand_xorwow_skipahead(unsigned int *v, unsigned long long n,
                                    unsigned int log2_stride);
extern "C" __device__ void
__mm_device_curand_mrg32k3a_skipahead(unsigned int *s1, unsigned int *s2,
                                      unsigned long long n,
                                      unsigned int log2_stride);

#define EXTRA_FLAG_NORMAL 0x00000001
#define EXTRA_FLAG_LOG_NORMAL 0x00000002

/* 2^-32, 2^-53 and 2 pi, as cuRAND's conversions use them. */
#define CURAND_2POW32_INV (0x1p-32f)
#define CURAND_2POW32_INV_DOUBLE (0x1p-32)
#define CURAND_2POW53_INV_DOUBLE (0x1p-53)
#define CURAND_2PI (6.2831855f)
#define CURAND_2POW32_INV_2PI (CURAND_2POW32_INV * CURAND_2PI)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI_DOUBLE (6.2831853071795860)
/* Negated: the normal quantile of p is -sqrt(2) * erfcinv(2p). */
#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)

/*---- States ---------------------------------------------------------------*/

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output; /* the block of the counter, output[STATE] next */
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

/* No cuRAND generator here: a state type that names it. */
struct curandStateMtgp32;
typedef struct curandStateMtgp32 curandStateMtgp32_t;

template <typename State> QUALIFIERS void __mm_curand_clear_extras(State *s) {
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}

/*---- XORWOW ---------------------------------------------------------------*/

/* XORWOW's subsequences are 2^67 numbers apart. */
#define __MM_CURAND_XORWOW_LOG2_SUBSEQUENCE 67
/* Its Weyl sequence's increment. */
#define __MM_CURAND_XORWOW_WEYL 362437u

QUALIFIERS unsigned int curand(curandStateXORWOW_t *state) {
  unsigned int t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += __MM_CURAND_XORWOW_WEYL;
  return state->v[4] + state->d;
}

QUALIFIERS void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
  __mm_device_curand_xorwow_skipahead(state->v, n, 0);
  state->d += __MM_CURAND_XORWOW_WEYL * (unsigned int)n;
}

/* The Weyl sequence moves by a multiple of 2^32: d is unchanged. */
QUALIFIERS void skipahead_sequence(unsigned long long n,
                                   curandStateXORWOW_t *state) {
  __mm_device_curand_xorwow_skipahead(state->v, n,
                                      __MM_CURAND_XORWOW_LOG2_SUBSEQUENCE);
}

QUALIFIERS void curand_init(unsigned long long seed,
                            unsigned long long subsequence,
                            unsigned long long offset,
                            curandStateXORWOW_t *state) {
  /* The seed's halves, salted, then mixed by multiplication. */
  unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u;
  unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
  unsigned int t0 = 1099087573u * s0;
  unsigned int t1 = 2591861531u * s1;
  /* Marsaglia's initial state, moved by them. */
  state->d = 6615241u + t1 + t0;
  state->v[0] = 123456789u + t0;
  state->v[1] = 362436069u ^ t0;
  state->v[2] = 521288629u + t1;
  state->v[3] = 88675123u ^ t1;
  state->v[4] = 5783321u + t0;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
  __mm_curand_clear_extras(state);
}

/*---- Philox4_32_10 --------------------------------------------------------*/

#define PHILOX_W32_0 (0x9E3779B9u)
#define PHILOX_W32_1 (0xBB67AE85u)
#define PHILOX_M4x32_0 (0xD2511F53u)
#define PHILOX_M4x32_1 (0xCD9E8D57u)

QUALIFIERS uint4 __mm_philox4x32_round(uint4 ctr, uint2 key) {
  unsigned long long p0 = (unsigned long long)PHILOX_M4x32_0 * ctr.x;
  unsigned long long p1 = (unsigned long long)PHILOX_M4x32_1 * ctr.z;
  unsigned int hi0 = (unsigned int)(p0 >> 32), lo0 = (unsigned int)p0;
  unsigned int hi1 = (unsigned int)(p1 >> 32), lo1 = (unsigned int)p1;
  return make_uint4(hi1 ^ ctr.y ^ key.x, lo1, hi0 ^ ctr.w ^ key.y, lo0);
}

/* Philox-4x32-10 of counter c under key k. */
QUALIFIERS uint4 curand_Philox4x32_10(uint4 c, uint2 k) {
  for (int round = 0; round < 9; ++round) {
    c = __mm_philox4x32_round(c, k);
    k.x += PHILOX_W32_0;
    k.y += PHILOX_W32_1;
  }
  return __mm_philox4x32_round(c, k);
}

/* Adds n to the 128-bit counter. */
QUALIFIERS void __mm_philox_add(curandStatePhilox4_32_10_t *s,
                                unsigned long long n) {
  unsigned int lo = (unsigned int)n;
  unsigned int hi = (unsigned int)(n >> 32);
  s->ctr.x += lo;
  if (s->ctr.x < lo)
    ++hi;
  s->ctr.y += hi;
  if (s->ctr.y >= hi)
    return;
  if (++s->ctr.z)
    return;
  ++s->ctr.w;
}

/* Adds n to the counter's high 64 bits: n subsequences of 2^64 blocks. */
QUALIFIERS void __mm_philox_add_high(curandStatePhilox4_32_10_t *s,
                                     unsigned long long n) {
  unsigned int lo = (unsigned int)n;
  unsigned int hi = (unsigned int)(n >> 32);
  s->ctr.z += lo;
  if (s->ctr.z < lo)
    ++hi;
  s->ctr.w += hi;
}

QUALIFIERS void __mm_philox_next_block(curandStatePhilox4_32_10_t *s) {
  __mm_philox_add(s, 1);
  s->output = curand_Philox4x32_10(s->ctr, s->key);
}

QUALIFIERS unsigned int __mm_uint4_at(uint4 v, unsigned int i) {
  return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}

QUALIFIERS unsigned int curand(curandStatePhilox4_32_10_t *state) {
  unsigned int r = __mm_uint4_at(state->output, state->STATE++);
  if (state->STATE == 4) {
    __mm_philox_next_block(state);
    state->STATE = 0;
  }
  return r;
}

/* The next four numbers, which may straddle two blocks. */
QUALIFIERS uint4 curand4(curandStatePhilox4_32_10_t *state) {
  uint4 current = state->output;
  __mm_philox_next_block(state);
  unsigned int words[8] = {current.x,          current.y,
                           current.z,          current.w,
                           state->output.x,    state->output.y,
                           state->output.z,    state->output.w};
  unsigned int first = state->STATE;
  return make_uint4(words[first], words[first + 1], words[first + 2],
                    words[first + 3]);
}

QUALIFIERS void skipahead(unsigned long long n,
                          curandStatePhilox4_32_10_t *state) {
  state->STATE += (unsigned int)(n & 3);
  n /= 4;
  if (state->STATE > 3) {
    ++n;
    state->STATE -= 4;
  }
  __mm_philox_add(state, n);
  state->output = curand_Philox4x32_10(state->ctr, state->key);
}

QUALIFIERS void skipahead_sequence(unsigned long long n,
                                   curandStatePhilox4_32_10_t *state) {
  __mm_philox_add_high(state, n);
  state->output = curand_Philox4x32_10(state->ctr, state->key);
}

QUALIFIERS void curand_init(unsigned long long seed,
                            unsigned long long subsequence,
                            unsigned long long offset,
                            curandStatePhilox4_32_10_t *state) {
  state->ctr = make_uint4(0, 0, 0, 0);
  state->key = make_uint2((unsigned int)seed, (unsigned int)(seed >> 32));
  state->STATE = 0;
  __mm_curand_clear_extras(state);
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}

/*---- MRG32k3a -------------------------------------------------------------*/

#define MRG32K3A_MOD1 4294967087.
#define MRG32K3A_MOD2 4294944443.
#define MRG32K3A_A12 1403580.
#define MRG32K3A_A13N 810728.
#define MRG32K3A_A21 527612.
#define MRG32K3A_A23N 1370589.
#define MRG32K3A_NORM (2.3283065498378288e-10)
/* Scales the generator's (0, MOD1] to 32 bits. */
#define MRG32K3A_BITS_NORM 1.000000048662
#define __MM_CURAND_MRG32K3A_LOG2_SUBSEQUENCE 76
#define __MM_CURAND_MRG32K3A_LOG2_SEQUENCE 127

/* One step of both components, exactly in 64-bit integers; the combined
 * value in (0, MOD1]. */
QUALIFIERS double curand_MRG32k3a(curandStateMRG32k3a_t *state) {
  const long long m1 = 4294967087ll, m2 = 4294944443ll;
  long long p1 = (1403580ll * state->s1[1] - 810728ll * state->s1[0]) % m1;
  if (p1 < 0)
    p1 += m1;
  state->s1[0] = state->s1[1];
  state->s1[1] = state->s1[2];
  state->s1[2] = (unsigned int)p1;
  long long p2 = (527612ll * state->s2[2] - 1370589ll * state->s2[0]) % m2;
  if (p2 < 0)
    p2 += m2;
  state->s2[0] = state->s2[1];
  state->s2[1] = state->s2[2];
  state->s2[2] = (unsigned int)p2;
  return (double)(p1 > p2 ? p1 - p2 : p1 - p2 + m1);
}

QUALIFIERS unsigned int curand(curandStateMRG32k3a_t *state) {
  return (unsigned int)(curand_MRG32k3a(state) * MRG32K3A_BITS_NORM);
}

QUALIFIERS void skipahead(unsigned long long n,
                          curandStateMRG32k3a_t *state) {
  __mm_device_curand_mrg32k3a_skipahead(state->s1, state->s2, n, 0);
}

QUALIFIERS void skipahead_subsequence(unsigned long long n,
                                      curandStateMRG32k3a_t *state) {
  __mm_device_curand_mrg32k3a_skipahead(
      state->s1, state->s2, n, __MM_CURAND_MRG32K3A_LOG2_SUBSEQUENCE);
}

QUALIFIERS void skipahead_sequence(unsigned long long n,
                                   curandStateMRG32k3a_t *state) {
  __mm_device_curand_mrg32k3a_skipahead(state->s1, state->s2, n,
                                        __MM_CURAND_MRG32K3A_LOG2_SEQUENCE);
}

QUALIFIERS void curand_init(unsigned long long seed,
                            unsigned long long subsequence,
                            unsigned long long offset,
                            curandStateMRG32k3a_t *state) {
  const unsigned long long m1 = 4294967087ull, m2 = 4294944443ull;
  unsigned long long x1 = (unsigned int)seed ^ 0x55555555u;
  unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
  unsigned long long a = 12345;
  if (seed == 0)
    x1 = x2 = 1;
  state->s1[0] = (unsigned int)(x1 * a % m1);
  state->s1[1] = (unsigned int)(x2 * a % m1);
  state->s1[2] = (unsigned int)(x1 * a % m1);
  state->s2[0] = (unsigned int)(x2 * a % m2);
  state->s2[1] = (unsigned int)(x1 * a % m2);
  state->s2[2] = (unsigned int)(x2 * a % m2);
  skipahead_subsequence(subsequence, state);
  skipahead(offset, state);
  __mm_curand_clear_extras(state);
}

/*---- Sobol ----------------------------------------------------------------*/

/* Gray-code order: the i-th point is the XOR of the direction vectors of
 * the set bits of i ^ (i >> 1), scrambled by c. */
template <typename State, typename Word>
QUALIFIERS void __mm_sobol_init(const Word *direction_vectors, Word scramble,
                                Word offset, State *state) {
  const int bits = 8 * sizeof(Word);
  for (int i = 0; i < bits; ++i)
    state->direction_vectors[i] = direction_vectors[i];
  state->c = scramble;
  state->i = offset;
  Word gray = offset ^ (offset >> 1);
  state->x = scramble;
  for (int i = 0; i < bits; ++i)
    if (gray >> i & 1)
      state->x ^= state->direction_vectors[i];
}

template <typename State>
QUALIFIERS decltype(State::x) __mm_sobol_next(State *state) {
  decltype(State::x) result = state->x;
  /* From i to i + 1, the Gray code flips the bit of i's lowest zero. */
  decltype(State::i) ones = state->i;
  int bit = 0;
  while ((ones & 1) && bit < (int)(8 * sizeof(ones)) - 1) {
    ones >>= 1;
    ++bit;
  }
  state->x ^= state->direction_vectors[bit];
  ++state->i;
  return result;
}

template <typename State, typename Word>
QUALIFIERS void __mm_sobol_skipahead(Word n, State *state) {
  Word i = state->i + n;
  Word gray = i ^ (i >> 1);
  state->i = i;
  state->x = state->c;
  for (int b = 0; b < (int)(8 * sizeof(Word)); ++b)
    if (gray >> b & 1)
      state->x ^= state->direction_vectors[b];
}

QUALIFIERS void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int offset, curandStateSobol32_t *state) {
  __mm_sobol_init(direction_vectors, 0u, offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int scramble_c, unsigned int offset,
                            curandStateScrambledSobol32_t *state) {
  __mm_sobol_init(direction_vectors, scramble_c, offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors64_t direction_vectors,
                            unsigned long long offset,
                            curandStateSobol64_t *state) {
  __mm_sobol_init(direction_vectors, 0ull, offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors64_t direction_vectors,
                            unsigned long long scramble_c,
                            unsigned long long offset,
                            curandStateScrambledSobol64_t *state) {
  __mm_sobol_init(direction_vectors, scramble_c, offset, state);
}

QUALIFIERS unsigned int curand(curandStateSobol32_t *state) {
  return __mm_sobol_next(state);
}
QUALIFIERS unsigned int curand(curandStateScrambledSobol32_t *state) {
  return __mm_sobol_next(state);
}
QUALIFIERS unsigned long long curand(curandStateSobol64_t *state) {
  return __mm_sobol_next(state);
}
QUALIFIERS unsigned long long curand(curandStateScrambledSobol64_t *state) {
  return __mm_sobol_next(state);
}

QUALIFIERS void skipahead(unsigned int n, curandStateSobol32_t *state) {
  __mm_sobol_skipahead(n, state);
}
QUALIFIERS void skipahead(unsigned int n,
                          curandStateScrambledSobol32_t *state) {
  __mm_sobol_skipahead(n, state);
}
QUALIFIERS void skipahead(unsigned long long n, curandStateSobol64_t *state) {
  __mm_sobol_skipahead(n, state);
}
QUALIFIERS void skipahead(unsigned long long n,
                          curandStateScrambledSobol64_t *state) {
  __mm_sobol_skipahead(n, state);
}

/*---- Uniform --------------------------------------------------------------*/

/* 32 or 64 random bits to (0, 1]: the bits' value scaled, plus half a
 * step. */
QUALIFIERS float _curand_uniform(unsigned int x) {
  return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}
QUALIFIERS float _curand_uniform(unsigned long long x) {
  return _curand_uniform((unsigned int)(x >> 32));
}
QUALIFIERS float4 _curand_uniform4(uint4 x) {
  return make_float4(_curand_uniform(x.x), _curand_uniform(x.y),
                     _curand_uniform(x.z), _curand_uniform(x.w));
}
QUALIFIERS double _curand_uniform_double(unsigned int x) {
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}
QUALIFIERS double _curand_uniform_double(unsigned long long x) {
  return (x >> 11) * CURAND_2POW53_INV_DOUBLE +
         (CURAND_2POW53_INV_DOUBLE / 2.0);
}
/* 53 bits from two numbers: x, and y's low 32 bits above x's low 21. */
QUALIFIERS unsigned long long __mm_curand_53_bits(unsigned int x,
                                                  unsigned int y) {
  return (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));
}
QUALIFIERS double _curand_uniform_double_hq(unsigned int x, unsigned int y) {
  return __mm_curand_53_bits(x, y) * CURAND_2POW53_INV_DOUBLE +
         (CURAND_2POW53_INV_DOUBLE / 2.0);
}

QUALIFIERS float curand_uniform(curandStateXORWOW_t *state) {
  return _curand_uniform(curand(state));
}
QUALIFIERS double curand_uniform_double(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_uniform_double_hq(x, y);
}

QUALIFIERS float curand_uniform(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform(curand(state));
}
QUALIFIERS float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform4(curand4(state));
}
QUALIFIERS double curand_uniform_double(curandStatePhilox4_32_10_t *state) {
  return _curand_uniform_double(curand(state));
}
QUALIFIERS double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return make_double2(_curand_uniform_double_hq(x.x, x.y),
                      _curand_uniform_double_hq(x.z, x.w));
}
QUALIFIERS double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state) {
  double2 a = curand_uniform2_double(state);
  double2 b = curand_uniform2_double(state);
  return make_double4(a.x, a.y, b.x, b.y);
}

QUALIFIERS float curand_uniform(curandStateMRG32k3a_t *state) {
  return (float)(curand_MRG32k3a(state) * MRG32K3A_NORM);
}
QUALIFIERS double curand_uniform_double(curandStateMRG32k3a_t *state) {
  return curand_MRG32k3a(state) * MRG32K3A_NORM;
}

#define __MM_CURAND_SOBOL_UNIFORM(State)                                       \
  QUALIFIERS float curand_uniform(State *state) {                             \
    return _curand_uniform(curand(state));                                     \
  }                                                                            \
  QUALIFIERS double curand_uniform_double(State *state) {                     \
    return _curand_uniform_double(curand(state));                              \
  }
__MM_CURAND_SOBOL_UNIFORM(curandStateSobol32_t)
__MM_CURAND_SOBOL_UNIFORM(curandStateScrambledSobol32_t)
__MM_CURAND_SOBOL_UNIFORM(curandStateSobol64_t)
__MM_CURAND_SOBOL_UNIFORM(curandStateScrambledSobol64_t)
#undef __MM_CURAND_SOBOL_UNIFORM

/*---- Normal ---------------------------------------------------------------*/

/* Box-Muller: two normal numbers from two uniform ones. */
QUALIFIERS float2 _curand_box_muller(unsigned int x, unsigned int y) {
  float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
  float v = y * CURAND_2POW32_INV_2PI + (CURAND_2POW32_INV_2PI / 2);
  float s = sqrtf(-2.0f * logf(u));
  float2 result;
  sincosf(v, &result.x, &result.y);
  result.x *= s;
  result.y *= s;
  return result;
}

QUALIFIERS double2 _curand_box_muller_double(unsigned int x0, unsigned int x1,
                                             unsigned int y0,
                                             unsigned int y1) {
  double u = __mm_curand_53_bits(x0, x1) * CURAND_2POW53_INV_DOUBLE +
             (CURAND_2POW53_INV_DOUBLE / 2.0);
  double v = __mm_curand_53_bits(y0, y1) * (CURAND_2POW53_INV_DOUBLE * 2.0) +
             CURAND_2POW53_INV_DOUBLE;
  double s = sqrt(-2.0 * log(u));
  double2 result;
  sincospi(v, &result.x, &result.y);
  result.x *= s;
  result.y *= s;
  return result;
}

QUALIFIERS float2 curand_box_muller_mrg(curandStateMRG32k3a_t *state) {
  float x = curand_uniform(state);
  float y = curand_uniform(state) * CURAND_2PI;
  float s = sqrtf(-2.0f * logf(x));
  float2 result;
  sincosf(y, &result.x, &result.y);
  result.x *= s;
  result.y *= s;
  return result;
}

QUALIFIERS double2 curand_box_muller_mrg_double(curandStateMRG32k3a_t *state) {
  double x = curand_uniform_double(state);
  double y = curand_uniform_double(state) * 2.0;
  double s = sqrt(-2.0 * log(x));
  double2 result;
  sincospi(y, &result.x, &result.y);
  result.x *= s;
  result.y *= s;
  return result;
}

/* A pair of normal numbers, from 32 bits each (float) or 64 (double). */
QUALIFIERS float2 __mm_curand_normal_pair(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_box_muller(x, y);
}
QUALIFIERS float2 __mm_curand_normal_pair(curandStatePhilox4_32_10_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return _curand_box_muller(x, y);
}
QUALIFIERS float2 __mm_curand_normal_pair(curandStateMRG32k3a_t *state) {
  return curand_box_muller_mrg(state);
}
QUALIFIERS double2
__mm_curand_normal_double_pair(curandStateXORWOW_t *state) {
  unsigned int x0 = curand(state);
  unsigned int x1 = curand(state);
  unsigned int y0 = curand(state);
  unsigned int y1 = curand(state);
  return _curand_box_muller_double(x0, x1, y0, y1);
}
QUALIFIERS double2
__mm_curand_normal_double_pair(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return _curand_box_muller_double(x.x, x.y, x.z, x.w);
}
QUALIFIERS double2
__mm_curand_normal_double_pair(curandStateMRG32k3a_t *state) {
  return curand_box_muller_mrg_double(state);
}

/* One number of a pair; the other is kept for the next call, tagged with
 * the distribution (normal or log-normal) it belongs to. */
template <typename State>
QUALIFIERS float __mm_curand_one_of_pair(State *state, int flag, float mean,
                                         float stddev) {
  if (state->boxmuller_flag != flag) {
    float2 v = __mm_curand_normal_pair(state);
    if (flag == EXTRA_FLAG_LOG_NORMAL) {
      v.x = expf(mean + stddev * v.x);
      v.y = expf(mean + stddev * v.y);
    }
    state->boxmuller_extra = v.y;
    state->boxmuller_flag = flag;
    return v.x;
  }
  state->boxmuller_flag = 0;
  return state->boxmuller_extra;
}
template <typename State>
QUALIFIERS double __mm_curand_one_of_double_pair(State *state, int flag,
                                                 double mean, double stddev) {
  if (state->boxmuller_flag_double != flag) {
    double2 v = __mm_curand_normal_double_pair(state);
    if (flag == EXTRA_FLAG_LOG_NORMAL) {
      v.x = exp(mean + stddev * v.x);
      v.y = exp(mean + stddev * v.y);
    }
    state->boxmuller_extra_double = v.y;
    state->boxmuller_flag_double = flag;
    return v.x;
  }
  state->boxmuller_flag_double = 0;
  return state->boxmuller_extra_double;
}

#define __MM_CURAND_BOX_MULLER_DISTRIBUTIONS(State)                            \
  QUALIFIERS float curand_normal(State *state) {                              \
    return __mm_curand_one_of_pair(state, EXTRA_FLAG_NORMAL, 0.f, 1.f);        \
  }                                                                            \
  QUALIFIERS double curand_normal_double(State *state) {                      \
    return __mm_curand_one_of_double_pair(state, EXTRA_FLAG_NORMAL, 0., 1.);   \
  }                                                                            \
  QUALIFIERS float2 curand_normal2(State *state) {                            \
    return __mm_curand_normal_pair(state);                                     \
  }                                                                            \
  QUALIFIERS double2 curand_normal2_double(State *state) {                    \
    return __mm_curand_normal_double_pair(state);                              \
  }                                                                            \
  QUALIFIERS float curand_log_normal(State *state, float mean, float stddev) { \
    return __mm_curand_one_of_pair(state, EXTRA_FLAG_LOG_NORMAL, mean,         \
                                   stddev);                                    \
  }                                                                            \
  QUALIFIERS double curand_log_normal_double(State *state, double mean,       \
                                             double stddev) {                  \
    return __mm_curand_one_of_double_pair(state, EXTRA_FLAG_LOG_NORMAL, mean,  \
                                          stddev);                             \
  }                                                                            \
  QUALIFIERS float2 curand_log_normal2(State *state, float mean,              \
                                       float stddev) {                         \
    float2 v = __mm_curand_normal_pair(state);                                 \
    return make_float2(expf(mean + stddev * v.x), expf(mean + stddev * v.y));  \
  }                                                                            \
  QUALIFIERS double2 curand_log_normal2_double(State *state, double mean,     \
                                               double stddev) {                \
    double2 v = __mm_curand_normal_double_pair(state);                         \
    return make_double2(exp(mean + stddev * v.x), exp(mean + stddev * v.y));   \
  }
__MM_CURAND_BOX_MULLER_DISTRIBUTIONS(curandStateXORWOW_t)
__MM_CURAND_BOX_MULLER_DISTRIBUTIONS(curandStatePhilox4_32_10_t)
__MM_CURAND_BOX_MULLER_DISTRIBUTIONS(curandStateMRG32k3a_t)
#undef __MM_CURAND_BOX_MULLER_DISTRIBUTIONS

/* Philox's four-at-a-time forms. */
QUALIFIERS float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  float2 a = _curand_box_muller(x.x, x.y);
  float2 b = _curand_box_muller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
QUALIFIERS double4 curand_normal4_double(curandStatePhilox4_32_10_t *state) {
  double2 a = __mm_curand_normal_double_pair(state);
  double2 b = __mm_curand_normal_double_pair(state);
  return make_double4(a.x, a.y, b.x, b.y);
}
QUALIFIERS float4 curand_log_normal4(curandStatePhilox4_32_10_t *state,
                                     float mean, float stddev) {
  float4 v = curand_normal4(state);
  return make_float4(expf(mean + stddev * v.x), expf(mean + stddev * v.y),
                     expf(mean + stddev * v.z), expf(mean + stddev * v.w));
}
QUALIFIERS double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state,
                                             double mean, double stddev) {
  double4 v = curand_normal4_double(state);
  return make_double4(exp(mean + stddev * v.x), exp(mean + stddev * v.y),
                      exp(mean + stddev * v.z), exp(mean + stddev * v.w));
}

/* Sobol's points go through the normal quantile function, so that the
 * sequence keeps its low discrepancy; mirrored at 1/2 for precision. */
QUALIFIERS float _curand_normal_icdf(unsigned int x) {
  float s = CURAND_SQRT2;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  float p = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
  return s * erfcinvf(2.0f * p);
}
QUALIFIERS float _curand_normal_icdf(unsigned long long x) {
  return _curand_normal_icdf((unsigned int)(x >> 32));
}
QUALIFIERS double _curand_normal_icdf_double(unsigned int x) {
  double s = CURAND_SQRT2_DOUBLE;
  if (x > 0x80000000u) {
    x = 0xffffffffu - x;
    s = -s;
  }
  double p = x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
  return s * erfcinv(2.0 * p);
}
QUALIFIERS double _curand_normal_icdf_double(unsigned long long x) {
  double s = CURAND_SQRT2_DOUBLE;
  x >>= 11;
  if (x > 0x10000000000000ull) {
    x = 0x1fffffffffffffull - x;
    s = -s;
  }
  double p = x * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  return s * erfcinv(2.0 * p);
}

#define __MM_CURAND_SOBOL_NORMAL(State)                                        \
  QUALIFIERS float curand_normal(State *state) {                              \
    return _curand_normal_icdf(curand(state));                                 \
  }                                                                            \
  QUALIFIERS double curand_normal_double(State *state) {                      \
    return _curand_normal_icdf_double(curand(state));                          \
  }                                                                            \
  QUALIFIERS float curand_log_normal(State *state, float mean, float stddev) { \
    return expf(mean + stddev * _curand_normal_icdf(curand(state)));           \
  }                                                                            \
  QUALIFIERS double curand_log_normal_double(State *state, double mean,       \
                                             double stddev) {                  \
    return exp(mean + stddev * _curand_normal_icdf_double(curand(state)));     \
  }
__MM_CURAND_SOBOL_NORMAL(curandStateSobol32_t)
__MM_CURAND_SOBOL_NORMAL(curandStateScrambledSobol32_t)
__MM_CURAND_SOBOL_NORMAL(curandStateSobol64_t)
__MM_CURAND_SOBOL_NORMAL(curandStateScrambledSobol64_t)
#undef __MM_CURAND_SOBOL_NORMAL

/*---- Not provided ---------------------------------------------------------*/

#define __MM_CURAND_UNAVAILABLE(what)                                          \
  __attribute__((unavailable(what " is not provided by mm's cuRAND")))

template <typename State>
QUALIFIERS unsigned int curand_poisson(State *state, double lambda)
    __MM_CURAND_UNAVAILABLE("the Poisson distribution");
template <typename State>
QUALIFIERS uint4 curand_poisson4(State *state, double lambda)
    __MM_CURAND_UNAVAILABLE("the Poisson distribution");
template <typename State>
QUALIFIERS unsigned int curand_discrete(State *state,
                                        curandDiscreteDistribution_t d)
    __MM_CURAND_UNAVAILABLE("a discrete distribution");
template <typename State>
QUALIFIERS uint4 curand_discrete4(State *state,
                                  curandDiscreteDistribution_t d)
    __MM_CURAND_UNAVAILABLE("a discrete distribution");
template <typename... Arguments>
QUALIFIERS void curand_mtgp32_init(Arguments...)
    __MM_CURAND_UNAVAILABLE("the MTGP32 generator");

#undef __MM_CURAND_UNAVAILABLE

#endif /* CURAND_KERNEL_H_ */
