/*===- mm-cuda/curand.h - cuRAND's host API and types -------------*- C -*-===*
 *
 * cuRAND's host API (lib/Curand: the toolkit's lib64/libcurand.so) and the
 * types that it and the device API (curand_kernel.h) share: status codes,
 * generator kinds, orderings and Sobol direction vectors, with CUDA 12's
 * names and values.
 *
 * The host API's XORWOW, MRG32k3a and Philox4_32_10 generators give the
 * numbers that NVIDIA's give for the same seed, offset and ordering. What
 * mm's cuRAND does not provide is declared unavailable, so that a program
 * that calls it fails to compile with a message that says so: the Poisson
 * and discrete distributions, the quasirandom generators' own functions
 * (dimensions, 64-bit numbers, direction vectors, scramble constants).
 * Creating a generator of a kind that mm lacks (MTGP32, MT19937, Sobol)
 * fails at run time with CURAND_STATUS_TYPE_ERROR and a message.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CURAND_H_
#define CURAND_H_

#include <stddef.h>

#include "cuda_runtime_api.h"
#include "library_types.h"

#define CURAND_VER_MAJOR 10
#define CURAND_VER_MINOR 3
#define CURAND_VER_PATCH 4
#define CURAND_VER_BUILD 0
#define CURAND_VERSION                                                         \
  (CURAND_VER_MAJOR * 1000 + CURAND_VER_MINOR * 100 + CURAND_VER_PATCH)

enum curandStatus {
  CURAND_STATUS_SUCCESS = 0,
  CURAND_STATUS_VERSION_MISMATCH = 100,
  CURAND_STATUS_NOT_INITIALIZED = 101,
  CURAND_STATUS_ALLOCATION_FAILED = 102,
  CURAND_STATUS_TYPE_ERROR = 103,
  CURAND_STATUS_OUT_OF_RANGE = 104,
  CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
  CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
  CURAND_STATUS_LAUNCH_FAILURE = 201,
  CURAND_STATUS_PREEXISTING_FAILURE = 202,
  CURAND_STATUS_INITIALIZATION_FAILED = 203,
  CURAND_STATUS_ARCH_MISMATCH = 204,
  CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;

enum curandRngType {
  CURAND_RNG_TEST = 0,
  CURAND_RNG_PSEUDO_DEFAULT = 100,
  CURAND_RNG_PSEUDO_XORWOW = 101,
  CURAND_RNG_PSEUDO_MRG32K3A = 121,
  CURAND_RNG_PSEUDO_MTGP32 = 141,
  CURAND_RNG_PSEUDO_MT19937 = 142,
  CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
  CURAND_RNG_QUASI_DEFAULT = 200,
  CURAND_RNG_QUASI_SOBOL32 = 201,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
  CURAND_RNG_QUASI_SOBOL64 = 203,
  CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;

enum curandOrdering {
  CURAND_ORDERING_PSEUDO_BEST = 100,
  CURAND_ORDERING_PSEUDO_DEFAULT = 101,
  CURAND_ORDERING_PSEUDO_SEEDED = 102,
  CURAND_ORDERING_PSEUDO_LEGACY = 103,
  CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
  CURAND_ORDERING_QUASI_DEFAULT = 201
};
typedef enum curandOrdering curandOrdering_t;

enum curandDirectionVectorSet {
  CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
  CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
  CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
};
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;

/* A Sobol generator's direction vectors for one dimension. */
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];

struct curandGenerator_st;
typedef struct curandGenerator_st *curandGenerator_t;

typedef double curandDistribution_st;
typedef curandDistribution_st *curandDistribution_t;
struct curandDiscreteDistribution_st;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;

#ifndef CURANDAPI
#define CURANDAPI
#endif

enum curandMethod {
  CURAND_CHOOSE_BEST = 0,
  CURAND_ITR = 1,
  CURAND_KNUTH = 2,
  CURAND_HITR = 3,
  CURAND_M1 = 4,
  CURAND_M2 = 5,
  CURAND_BINARY_SEARCH = 6,
  CURAND_DISCRETE_GAUSS = 7,
  CURAND_REJECTION = 8,
  CURAND_DEVICE_API = 9,
  CURAND_FAST_REJECTION = 10,
  CURAND_3RD = 11,
  CURAND_DEFINITION = 12,
  CURAND_POISSON = 13
};
typedef enum curandMethod curandMethod_t;

#define __MM_CURAND_NOT_PROVIDED(what)                                         \
  __attribute__((unavailable(what " is not provided by mm's cuRAND")))

#ifdef __cplusplus
extern "C" {
#endif

curandStatus_t CURANDAPI curandCreateGenerator(curandGenerator_t *generator,
                                               curandRngType_t rng_type);
curandStatus_t CURANDAPI curandCreateGeneratorHost(
    curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t CURANDAPI curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t CURANDAPI curandGetVersion(int *version);
curandStatus_t CURANDAPI curandGetProperty(libraryPropertyType type,
                                           int *value);
curandStatus_t CURANDAPI curandSetStream(curandGenerator_t generator,
                                         cudaStream_t stream);
curandStatus_t CURANDAPI curandSetPseudoRandomGeneratorSeed(
    curandGenerator_t generator, unsigned long long seed);
curandStatus_t CURANDAPI curandSetGeneratorOffset(curandGenerator_t generator,
                                                  unsigned long long offset);
curandStatus_t CURANDAPI curandSetGeneratorOrdering(
    curandGenerator_t generator, curandOrdering_t order);
curandStatus_t CURANDAPI curandGenerateSeeds(curandGenerator_t generator);
curandStatus_t CURANDAPI curandGenerate(curandGenerator_t generator,
                                        unsigned int *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateUniform(curandGenerator_t generator,
                                               float *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateUniformDouble(
    curandGenerator_t generator, double *outputPtr, size_t num);
curandStatus_t CURANDAPI curandGenerateNormal(curandGenerator_t generator,
                                              float *outputPtr, size_t n,
                                              float mean, float stddev);
curandStatus_t CURANDAPI curandGenerateNormalDouble(
    curandGenerator_t generator, double *outputPtr, size_t n, double mean,
    double stddev);
curandStatus_t CURANDAPI curandGenerateLogNormal(curandGenerator_t generator,
                                                 float *outputPtr, size_t n,
                                                 float mean, float stddev);
curandStatus_t CURANDAPI curandGenerateLogNormalDouble(
    curandGenerator_t generator, double *outputPtr, size_t n, double mean,
    double stddev);

curandStatus_t CURANDAPI curandSetQuasiRandomGeneratorDimensions(
    curandGenerator_t generator, unsigned int num_dimensions)
    __MM_CURAND_NOT_PROVIDED("a quasirandom generator");
curandStatus_t CURANDAPI curandGenerateLongLong(curandGenerator_t generator,
                                                unsigned long long *outputPtr,
                                                size_t num)
    __MM_CURAND_NOT_PROVIDED("a 64-bit quasirandom generator");
curandStatus_t CURANDAPI curandGetDirectionVectors32(
    curandDirectionVectors32_t *vectors[], curandDirectionVectorSet_t set)
    __MM_CURAND_NOT_PROVIDED("Sobol's direction vectors");
curandStatus_t CURANDAPI curandGetDirectionVectors64(
    curandDirectionVectors64_t *vectors[], curandDirectionVectorSet_t set)
    __MM_CURAND_NOT_PROVIDED("Sobol's direction vectors");
curandStatus_t CURANDAPI curandGetScrambleConstants32(unsigned int **constants)
    __MM_CURAND_NOT_PROVIDED("Sobol's scramble constants");
curandStatus_t CURANDAPI curandGetScrambleConstants64(
    unsigned long long **constants)
    __MM_CURAND_NOT_PROVIDED("Sobol's scramble constants");
curandStatus_t CURANDAPI curandCreatePoissonDistribution(
    double lambda, curandDiscreteDistribution_t *discrete_distribution)
    __MM_CURAND_NOT_PROVIDED("the Poisson distribution");
curandStatus_t CURANDAPI curandDestroyDistribution(
    curandDiscreteDistribution_t discrete_distribution)
    __MM_CURAND_NOT_PROVIDED("a discrete distribution");
curandStatus_t CURANDAPI curandGeneratePoisson(curandGenerator_t generator,
                                               unsigned int *outputPtr,
                                               size_t n, double lambda)
    __MM_CURAND_NOT_PROVIDED("the Poisson distribution");

#ifdef __cplusplus
}
#endif

#undef __MM_CURAND_NOT_PROVIDED

#endif /* CURAND_H_ */
