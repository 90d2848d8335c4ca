/*===- mm-cuda/curand.h - cuRAND's types --------------------------*- C -*-===*
 *
 * The types that cuRAND's host API and its device API (curand_kernel.h)
 * share: status codes, generator kinds, orderings and Sobol direction
 * vectors, with CUDA 12's names and values.
 *
 * mm provides cuRAND's device API only. The host API's generators
 * (curandCreateGenerator and the curandGenerate* functions) are declared
 * unavailable, so that a program calling one fails to compile with a
 * message that says so, rather than with an undeclared name.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CURAND_H_
#define CURAND_H_

#include <stddef.h>

#include "cuda_runtime_api.h"

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

#define __MM_CURAND_HOST_API                                                   \
  __attribute__((unavailable("mm provides cuRAND's device API only "          \
                             "(curand_kernel.h), not its host generators")))

#ifdef __cplusplus
extern "C" {
#endif

curandStatus_t curandCreateGenerator(curandGenerator_t *generator,
                                     curandRngType_t rng_type)
    __MM_CURAND_HOST_API;
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator,
                                         curandRngType_t rng_type)
    __MM_CURAND_HOST_API;
curandStatus_t curandDestroyGenerator(curandGenerator_t generator)
    __MM_CURAND_HOST_API;
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed)
    __MM_CURAND_HOST_API;
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator,
                                        unsigned long long offset)
    __MM_CURAND_HOST_API;
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator,
                                          curandOrdering_t order)
    __MM_CURAND_HOST_API;
curandStatus_t curandSetStream(curandGenerator_t generator,
                               cudaStream_t stream) __MM_CURAND_HOST_API;
curandStatus_t curandGenerate(curandGenerator_t generator,
                              unsigned int *output_ptr,
                              size_t num) __MM_CURAND_HOST_API;
curandStatus_t curandGenerateUniform(curandGenerator_t generator,
                                     float *output_ptr,
                                     size_t num) __MM_CURAND_HOST_API;
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator,
                                           double *output_ptr,
                                           size_t num) __MM_CURAND_HOST_API;
curandStatus_t curandGenerateNormal(curandGenerator_t generator,
                                    float *output_ptr, size_t n, float mean,
                                    float stddev) __MM_CURAND_HOST_API;
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator,
                                          double *output_ptr, size_t n,
                                          double mean,
                                          double stddev) __MM_CURAND_HOST_API;
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator,
                                       float *output_ptr, size_t n,
                                       float mean,
                                       float stddev) __MM_CURAND_HOST_API;
curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[],
                                           curandDirectionVectorSet_t set)
    __MM_CURAND_HOST_API;
curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[],
                                           curandDirectionVectorSet_t set)
    __MM_CURAND_HOST_API;
curandStatus_t curandGetVersion(int *version) __MM_CURAND_HOST_API;

#ifdef __cplusplus
}
#endif

#endif /* CURAND_H_ */
