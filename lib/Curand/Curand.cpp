//===- Curand.cpp - cuRAND's host API over its device API -----------------===//
//
// cuRAND's host generators spread their numbers over the threads of a
// kernel, each drawing from its own subsequence with the device API. A
// draw is one call of the device API, which gives one to four values of a
// distribution (curand4, curand_normal2, ...) and consumes a fixed count
// of the subsequence's numbers. A generator of T threads (4,096 for
// XORWOW, 81,920 for MRG32k3a, 65,536 for Philox4_32_10, as NVIDIA's have
// them in every ordering but SEEDED) gives its draw d from thread d mod T.
// Its position, which the offset sets and each request advances, counts
// values, or XORWOW's and MRG32k3a's normal pairs, of whatever
// distribution. So this library calls curand_kernel.h's functions
// themselves, compiled for the host: the host API gives the device API's
// numbers by construction, and NVIDIA's (test/cuda-libraries).
//
// A generator keeps each thread's state between requests, as NVIDIA's
// does; a thread's first draw, its k-th, starts k * StartStride numbers
// into its subsequence, and a draw whose last values a request did not
// want leaves the state as it was.
//
//===----------------------------------------------------------------------===//

#include "StreamWork.h"

// CUDA's host math (sincospi, erfcinv), which the device API's
// distributions call, then the device API, both for the host.
#include "mm-cuda/crt/math_functions.hpp"
#include "mm-cuda/curand_kernel.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <new>
#include <optional>
#include <thread>
#include <variant>
#include <vector>

using namespace mm;

namespace {

/// The parameters of a distribution: normal and log-normal have them.
struct Shape {
  double Mean = 0;
  double Stddev = 1;
};

/// One draw of a distribution from one generator: `Draw(State, Out,
/// Shape)` writes Numbers values. The generator's position counts its
/// values, or, as NVIDIA's counts XORWOW's and MRG32k3a's normal pairs,
/// its pairs: ValuesPerPosition.
template <typename State, typename T> struct DrawKind {
  unsigned Numbers;
  void (*Draw)(State &, T *, const Shape &);
  unsigned ValuesPerPosition = 1;
};

//===- The draws of each generator ---------------------------------------===//

template <typename State> struct Draws;

/// XORWOW and MRG32k3a draw one value at a time, normal ones in pairs.
template <typename State> struct PairwiseDraws {
  static constexpr DrawKind<State, unsigned> Bits{
      1, [](State &S, unsigned *Out, const Shape &) { *Out = curand(&S); }};
  static constexpr DrawKind<State, float> Uniform{
      1,
      [](State &S, float *Out, const Shape &) { *Out = curand_uniform(&S); }};
  static constexpr DrawKind<State, double> UniformDouble{
      1, [](State &S, double *Out, const Shape &) {
        *Out = curand_uniform_double(&S);
      }};
  static void normal(State &S, float *Out, const Shape &P) {
    float2 V = curand_normal2(&S);
    Out[0] = float(P.Mean) + float(P.Stddev) * V.x;
    Out[1] = float(P.Mean) + float(P.Stddev) * V.y;
  }
  static void normalDouble(State &S, double *Out, const Shape &P) {
    double2 V = curand_normal2_double(&S);
    Out[0] = P.Mean + P.Stddev * V.x;
    Out[1] = P.Mean + P.Stddev * V.y;
  }
  static void logNormal(State &S, float *Out, const Shape &P) {
    float2 V = curand_log_normal2(&S, float(P.Mean), float(P.Stddev));
    Out[0] = V.x;
    Out[1] = V.y;
  }
  static void logNormalDouble(State &S, double *Out, const Shape &P) {
    double2 V = curand_log_normal2_double(&S, P.Mean, P.Stddev);
    Out[0] = V.x;
    Out[1] = V.y;
  }
  static constexpr DrawKind<State, float> Normal{2, normal, 2};
  static constexpr DrawKind<State, double> NormalDouble{2, normalDouble, 2};
  static constexpr DrawKind<State, float> LogNormal{2, logNormal, 2};
  static constexpr DrawKind<State, double> LogNormalDouble{2, logNormalDouble,
                                                           2};
};

template <>
struct Draws<curandStateXORWOW_t> : PairwiseDraws<curandStateXORWOW_t> {
  static constexpr unsigned Threads = 4096;
  static constexpr unsigned StartStride = 1;
};

template <>
struct Draws<curandStateMRG32k3a_t> : PairwiseDraws<curandStateMRG32k3a_t> {
  static constexpr unsigned Threads = 81920;
  static constexpr unsigned StartStride = 1;
};

/// Philox4_32_10 draws a block of four numbers at a time.
template <> struct Draws<curandStatePhilox4_32_10_t> {
  using State = curandStatePhilox4_32_10_t;
  static constexpr unsigned Threads = 65536;
  static constexpr unsigned StartStride = 4;
  static constexpr DrawKind<State, unsigned> Bits{
      4, [](State &S, unsigned *Out, const Shape &) {
        uint4 V = curand4(&S);
        std::copy_n(&V.x, 4, Out);
      }};
  static constexpr DrawKind<State, float> Uniform{
      4, [](State &S, float *Out, const Shape &) {
        float4 V = curand_uniform4(&S);
        std::copy_n(&V.x, 4, Out);
      }};
  // Doubles come four at a time, from two blocks.
  static constexpr DrawKind<State, double> UniformDouble{
      4, [](State &S, double *Out, const Shape &) {
        double4 V = curand_uniform4_double(&S);
        std::copy_n(&V.x, 4, Out);
      }};
  static constexpr DrawKind<State, float> Normal{
      4, [](State &S, float *Out, const Shape &P) {
        float4 V = curand_normal4(&S);
        const float *Values = &V.x;
        for (unsigned I = 0; I != 4; ++I)
          Out[I] = float(P.Mean) + float(P.Stddev) * Values[I];
      }};
  static constexpr DrawKind<State, double> NormalDouble{
      4, [](State &S, double *Out, const Shape &P) {
        double4 V = curand_normal4_double(&S);
        const double *Values = &V.x;
        for (unsigned I = 0; I != 4; ++I)
          Out[I] = P.Mean + P.Stddev * Values[I];
      }};
  static constexpr DrawKind<State, float> LogNormal{
      4, [](State &S, float *Out, const Shape &P) {
        float4 V = curand_log_normal4(&S, float(P.Mean), float(P.Stddev));
        std::copy_n(&V.x, 4, Out);
      }};
  static constexpr DrawKind<State, double> LogNormalDouble{
      4, [](State &S, double *Out, const Shape &P) {
        double4 V = curand_log_normal4_double(&S, P.Mean, P.Stddev);
        std::copy_n(&V.x, 4, Out);
      }};
};

//===- Threads' states --------------------------------------------------===//

/// The threads of one generator and their states (the file comment says
/// how they go on from one request to the next).
template <typename State> class ThreadStates {
public:
  using StateType = State;
  static constexpr unsigned Threads = Draws<State>::Threads;

  /// Generates Count values of `Kind`'s distribution, the first of them the
  /// generator's value number Position, into Out.
  template <typename T>
  void generate(const DrawKind<State, T> &Kind, unsigned long long Seed,
                unsigned long long Position, T *Out, size_t Count,
                const Shape &P) {
    if (States.empty()) {
      States.resize(Threads);
      Started.assign(Threads, false);
    }
    unsigned long long FirstDraw = Position / Kind.Numbers;
    unsigned long long EndDraw =
        (Position + Count + Kind.Numbers - 1) / Kind.Numbers;
    auto RunThreads = [&](unsigned Begin, unsigned End) {
      for (unsigned Thread = Begin; Thread != End; ++Thread)
        generateOnThread(Thread, Kind, Seed, FirstDraw, EndDraw, Position,
                         Out, Count, P);
    };
    // Large requests are shared among the machine's cores.
    unsigned Cores = std::max(1u, std::thread::hardware_concurrency());
    unsigned Workers = std::min(Cores, unsigned(Count >> 16) + 1);
    if (Workers == 1)
      return RunThreads(0, Threads);
    std::vector<std::thread> Team;
    for (unsigned W = 0; W != Workers; ++W)
      Team.emplace_back(RunThreads, Threads * W / Workers,
                        Threads * (W + 1) / Workers);
    for (std::thread &Worker : Team)
      Worker.join();
  }

  /// Forgets every state: the seed or the offset changed.
  void reset() { Started.assign(Started.size(), false); }

private:
  template <typename T>
  void generateOnThread(unsigned Thread, const DrawKind<State, T> &Kind,
                        unsigned long long Seed, unsigned long long FirstDraw,
                        unsigned long long EndDraw,
                        unsigned long long Position, T *Out, size_t Count,
                        const Shape &P) {
    // The thread's first draw at or after FirstDraw.
    unsigned long long Draw =
        FirstDraw + (Thread + Threads - FirstDraw % Threads) % Threads;
    if (Draw >= EndDraw)
      return;
    State &S = States[Thread];
    if (!Started[Thread]) {
      curand_init(Seed, Thread, Draw / Threads * Draws<State>::StartStride,
                  &S);
      Started[Thread] = true;
    }
    T Values[4];
    for (; Draw < EndDraw; Draw += Threads) {
      // A draw whose last values the request does not want leaves the
      // thread's state as it was.
      unsigned long long First = Draw * Kind.Numbers;
      if (First + Kind.Numbers <= Position + Count) {
        Kind.Draw(S, Values, P);
      } else {
        State Copy = S;
        Kind.Draw(Copy, Values, P);
      }
      for (unsigned I = 0; I != Kind.Numbers; ++I)
        if (First + I >= Position && First + I - Position < Count)
          Out[First + I - Position] = Values[I];
    }
  }

  std::vector<State> States;
  std::vector<char> Started;
};

} // namespace

/// A generator: its kind, options, and threads' states.
struct curandGenerator_st {
  bool OnHost;
  curandRngType_t Type;
  unsigned long long Seed = 0;
  unsigned long long Position = 0;
  cudaStream_t Stream = nullptr;
  std::variant<ThreadStates<curandStateXORWOW_t>,
               ThreadStates<curandStateMRG32k3a_t>,
               ThreadStates<curandStatePhilox4_32_10_t>>
      Threads;
};

namespace {

/// The generator's states for `Type`, or none if mm lacks that generator.
std::optional<decltype(curandGenerator_st::Threads)>
getThreadStates(curandRngType_t Type) {
  switch (Type) {
  case CURAND_RNG_PSEUDO_DEFAULT:
  case CURAND_RNG_PSEUDO_XORWOW:
    return ThreadStates<curandStateXORWOW_t>();
  case CURAND_RNG_PSEUDO_MRG32K3A:
    return ThreadStates<curandStateMRG32k3a_t>();
  case CURAND_RNG_PSEUDO_PHILOX4_32_10:
    return ThreadStates<curandStatePhilox4_32_10_t>();
  default:
    return std::nullopt;
  }
}

/// What mm lacks of cuRAND's generators, said of `Type`, or null if
/// `Type` is none of cuRAND's.
const char *getMissingGenerator(curandRngType_t Type) {
  switch (Type) {
  case CURAND_RNG_PSEUDO_MTGP32:
    return "the MTGP32 generator is";
  case CURAND_RNG_PSEUDO_MT19937:
    return "the MT19937 generator is";
  case CURAND_RNG_QUASI_DEFAULT:
  case CURAND_RNG_QUASI_SOBOL32:
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL32:
  case CURAND_RNG_QUASI_SOBOL64:
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL64:
    return "the Sobol generators are";
  default:
    return nullptr;
  }
}

curandStatus_t createGenerator(curandGenerator_t *Generator,
                               curandRngType_t Type, bool OnHost) {
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  auto States = getThreadStates(Type);
  if (!States) {
    // Said, not only returned: a program that ignores the status would
    // compute with numbers never generated.
    if (const char *Missing = getMissingGenerator(Type))
      std::fprintf(stderr,
                   "mm's cuRAND: %s not provided (docs/runtime.md)\n",
                   Missing);
    return CURAND_STATUS_TYPE_ERROR;
  }
  auto *New = new (std::nothrow)
      curandGenerator_st{OnHost, Type, 0, 0, nullptr, std::move(*States)};
  if (!New)
    return CURAND_STATUS_ALLOCATION_FAILED;
  *Generator = New;
  return CURAND_STATUS_SUCCESS;
}

/// Generates Count values of the distribution that `Select` picks from the
/// generator's draws, on the generator's stream (a host generator's now).
template <typename T, typename SelectKind>
curandStatus_t generate(curandGenerator_t G, T *Out, size_t Count, Shape P,
                        SelectKind Select) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (Count == 0)
    return CURAND_STATUS_SUCCESS;
  return std::visit(
      [&](auto &States) {
        using State =
            typename std::remove_reference_t<decltype(States)>::StateType;
        auto Kind = Select(Draws<State>());
        unsigned long long First = G->Position * Kind.ValuesPerPosition;
        G->Position += Count / Kind.ValuesPerPosition;
        auto Work = [&States, Kind, Seed = G->Seed, First, Out, Count, P] {
          States.generate(Kind, Seed, First, Out, Count, P);
        };
        if (G->OnHost) {
          Work();
          return CURAND_STATUS_SUCCESS;
        }
        return cudalib::doOrRecord(G->Stream, Work)
                   ? CURAND_STATUS_SUCCESS
                   : CURAND_STATUS_LAUNCH_FAILURE;
      },
      G->Threads);
}

/// As generate, for the normal and log-normal distributions, whose values
/// come in pairs.
template <typename T, typename SelectKind>
curandStatus_t generatePairs(curandGenerator_t G, T *Out, size_t Count,
                             Shape P, SelectKind Select) {
  if (Count % 2)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  return generate(G, Out, Count, P, Select);
}

} // namespace

extern "C" {

curandStatus_t curandCreateGenerator(curandGenerator_t *Generator,
                                     curandRngType_t Type) {
  return createGenerator(Generator, Type, /*OnHost=*/false);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *Generator,
                                         curandRngType_t Type) {
  return createGenerator(Generator, Type, /*OnHost=*/true);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t G) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  delete G;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *Version) {
  if (!Version)
    return CURAND_STATUS_OUT_OF_RANGE;
  *Version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CURAND_STATUS_OUT_OF_RANGE;
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CURAND_VER_MAJOR;
    return CURAND_STATUS_SUCCESS;
  case MINOR_VERSION:
    *Value = CURAND_VER_MINOR;
    return CURAND_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *Value = CURAND_VER_PATCH;
    return CURAND_STATUS_SUCCESS;
  }
  return CURAND_STATUS_OUT_OF_RANGE;
}

curandStatus_t curandSetStream(curandGenerator_t G, cudaStream_t Stream) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  G->Stream = Stream;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t G,
                                                  unsigned long long Seed) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  G->Seed = Seed;
  std::visit([](auto &States) { States.reset(); }, G->Threads);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t G,
                                        unsigned long long Offset) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  G->Position = Offset;
  std::visit([](auto &States) { States.reset(); }, G->Threads);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t G,
                                          curandOrdering_t Order) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  switch (Order) {
  case CURAND_ORDERING_PSEUDO_BEST:
  case CURAND_ORDERING_PSEUDO_DEFAULT:
  case CURAND_ORDERING_PSEUDO_LEGACY:
    // The three give the same numbers for these generators.
    return CURAND_STATUS_SUCCESS;
  case CURAND_ORDERING_PSEUDO_SEEDED:
    // NVIDIA's XORWOW has it, its other generators refuse it as mm's do.
    if (G->Type == CURAND_RNG_PSEUDO_XORWOW ||
        G->Type == CURAND_RNG_PSEUDO_DEFAULT)
      std::fprintf(stderr, "mm's cuRAND: XORWOW's SEEDED ordering is not "
                           "provided (docs/runtime.md)\n");
    return CURAND_STATUS_OUT_OF_RANGE;
  default:
    return CURAND_STATUS_OUT_OF_RANGE;
  }
}

curandStatus_t curandGenerateSeeds(curandGenerator_t G) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  // Each thread's state is made at its first draw.
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t G, unsigned int *Out,
                              size_t Count) {
  return generate(G, Out, Count, Shape(),
                  [](auto Generator) { return Generator.Bits; });
}

curandStatus_t curandGenerateUniform(curandGenerator_t G, float *Out,
                                     size_t Count) {
  return generate(G, Out, Count, Shape(),
                  [](auto Generator) { return Generator.Uniform; });
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t G, double *Out,
                                           size_t Count) {
  return generate(G, Out, Count, Shape(),
                  [](auto Generator) { return Generator.UniformDouble; });
}

curandStatus_t curandGenerateNormal(curandGenerator_t G, float *Out,
                                    size_t Count, float Mean, float Stddev) {
  return generatePairs(G, Out, Count, Shape{Mean, Stddev},
                       [](auto Generator) { return Generator.Normal; });
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t G, double *Out,
                                          size_t Count, double Mean,
                                          double Stddev) {
  return generatePairs(G, Out, Count, Shape{Mean, Stddev},
                       [](auto Generator) { return Generator.NormalDouble; });
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t G, float *Out,
                                       size_t Count, float Mean,
                                       float Stddev) {
  return generatePairs(G, Out, Count, Shape{Mean, Stddev},
                       [](auto Generator) { return Generator.LogNormal; });
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t G, double *Out,
                                             size_t Count, double Mean,
                                             double Stddev) {
  return generatePairs(
      G, Out, Count, Shape{Mean, Stddev},
      [](auto Generator) { return Generator.LogNormalDouble; });
}

} // extern "C"
