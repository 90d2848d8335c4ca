//===- Cufft.cpp - cuFFT's API over FFTW ----------------------------------===//
//
// A cuFFT plan keeps its type, sizes and layout (cufftPlanMany's, or the
// basic one); its FFTW plans are made at its first execution in each
// direction and placement (in place or not), with FFTW_ESTIMATE, which
// does not touch the arrays, and FFTW_UNALIGNED, so that any arrays may
// be given later to FFTW's new-array execution. In place, a real
// transform's real side is padded to the complex side's size in its last
// dimension (2 * (n / 2 + 1) reals), as cuFFT's basic layout and FFTW's
// in-place transforms both pad it.
//
//===----------------------------------------------------------------------===//

#include "StreamWork.h"

#include "mm-cuda/cufft.h"

#include <fftw3.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <vector>

using namespace mm;

namespace {

/// FFTW's API in precision R: float (fftwf_*) or double (fftw_*).
template <typename R> struct Fftw;
template <> struct Fftw<float> {
  using Plan = fftwf_plan;
  using Complex = fftwf_complex;
  static constexpr auto ManyDft = fftwf_plan_many_dft;
  static constexpr auto ManyR2C = fftwf_plan_many_dft_r2c;
  static constexpr auto ManyC2R = fftwf_plan_many_dft_c2r;
  static constexpr auto ExecuteDft = fftwf_execute_dft;
  static constexpr auto ExecuteR2C = fftwf_execute_dft_r2c;
  static constexpr auto ExecuteC2R = fftwf_execute_dft_c2r;
  static constexpr auto Destroy = fftwf_destroy_plan;
};
template <> struct Fftw<double> {
  using Plan = fftw_plan;
  using Complex = fftw_complex;
  static constexpr auto ManyDft = fftw_plan_many_dft;
  static constexpr auto ManyR2C = fftw_plan_many_dft_r2c;
  static constexpr auto ManyC2R = fftw_plan_many_dft_c2r;
  static constexpr auto ExecuteDft = fftw_execute_dft;
  static constexpr auto ExecuteR2C = fftw_execute_dft_r2c;
  static constexpr auto ExecuteC2R = fftw_execute_dft_c2r;
  static constexpr auto Destroy = fftw_destroy_plan;
};

/// What a transform type is: its precision, and whether its input or its
/// output is real.
struct TypeInfo {
  bool Double;
  bool RealInput;
  bool RealOutput;
};
std::optional<TypeInfo> getTypeInfo(cufftType Type) {
  switch (Type) {
  case CUFFT_C2C:
    return TypeInfo{false, false, false};
  case CUFFT_R2C:
    return TypeInfo{false, true, false};
  case CUFFT_C2R:
    return TypeInfo{false, false, true};
  case CUFFT_Z2Z:
    return TypeInfo{true, false, false};
  case CUFFT_D2Z:
    return TypeInfo{true, true, false};
  case CUFFT_Z2D:
    return TypeInfo{true, false, true};
  }
  return std::nullopt;
}

/// The layout of one side of a transform, as cufftPlanMany takes it.
struct Layout {
  std::vector<int> Embed; // empty: the basic layout
  int Stride = 1;
  int Distance = 0;
};

struct Plan {
  bool Made = false;
  cufftType Type = CUFFT_C2C;
  std::vector<int> Sizes;
  Layout In, Out;
  int Batch = 1;
  cudaStream_t Stream = nullptr;
  /// FFTW's plans (fftw_plan or fftwf_plan) by placement and direction.
  std::map<std::pair<bool, int>, void *> FftwPlans;
};

struct State {
  std::mutex Lock; // the handles, and FFTW's planner, which is not reentrant
  std::map<cufftHandle, std::unique_ptr<Plan>> Plans;
  cufftHandle Next = 1;
};
State &getState() {
  static State *S = new State; // never destroyed: plans may outlive main
  return *S;
}

template <typename R> void destroyFftwPlans(Plan &P) {
  for (auto &Entry : P.FftwPlans)
    Fftw<R>::Destroy(static_cast<typename Fftw<R>::Plan>(Entry.second));
  P.FftwPlans.clear();
}

void destroyFftwPlans(Plan &P) {
  if (getTypeInfo(P.Type)->Double)
    destroyFftwPlans<double>(P);
  else
    destroyFftwPlans<float>(P);
}

/// The elements of the complex side's last dimension of a real transform.
int complexLast(int N) { return N / 2 + 1; }

/// The number of elements of one transform of \p Sizes, the last dimension
/// \p Last.
long long countOf(const std::vector<int> &Sizes, long long Last) {
  long long Count = Last;
  for (size_t I = 0; I + 1 < Sizes.size(); ++I)
    Count *= Sizes[I];
  return Count;
}

cufftResult makePlan(Plan &P, int Rank, const long long *N,
                     const long long *InEmbed, long long IStride,
                     long long IDist, const long long *OnEmbed,
                     long long OStride, long long ODist, cufftType Type,
                     long long Batch, size_t *WorkSize) {
  if (!getTypeInfo(Type))
    return CUFFT_INVALID_TYPE;
  if (Rank < 1 || Rank > 3 || !N || Batch < 1)
    return CUFFT_INVALID_SIZE;
  auto FitsInt = [](long long V) { return V >= 0 && V <= INT32_MAX; };
  std::vector<int> Sizes;
  for (int I = 0; I < Rank; ++I) {
    if (N[I] < 1 || !FitsInt(N[I]))
      return CUFFT_INVALID_SIZE;
    Sizes.push_back(int(N[I]));
  }
  // cuFFT takes the advanced layout when both embeddings are given and the
  // basic one (the strides and distances ignored) when neither is.
  if (bool(InEmbed) != bool(OnEmbed))
    return CUFFT_INVALID_VALUE;
  Layout In, Out;
  if (InEmbed) {
    for (int I = 0; I < Rank; ++I) {
      if (InEmbed[I] < 1 || OnEmbed[I] < 1 || !FitsInt(InEmbed[I]) ||
          !FitsInt(OnEmbed[I]))
        return CUFFT_INVALID_SIZE;
      In.Embed.push_back(int(InEmbed[I]));
      Out.Embed.push_back(int(OnEmbed[I]));
    }
    if (IStride < 1 || OStride < 1 || IDist < 0 || ODist < 0 ||
        !FitsInt(IStride) || !FitsInt(OStride) || !FitsInt(IDist) ||
        !FitsInt(ODist))
      return CUFFT_INVALID_VALUE;
    In.Stride = int(IStride), In.Distance = int(IDist);
    Out.Stride = int(OStride), Out.Distance = int(ODist);
  }
  if (!FitsInt(Batch))
    return CUFFT_INVALID_SIZE;
  if (!P.FftwPlans.empty()) {
    std::lock_guard<std::mutex> Guard(getState().Lock);
    destroyFftwPlans(P);
  }
  P.Type = Type;
  P.Sizes = std::move(Sizes);
  P.In = std::move(In);
  P.Out = std::move(Out);
  P.Batch = int(Batch);
  P.Made = true;
  if (WorkSize)
    *WorkSize = 0;
  return CUFFT_SUCCESS;
}

cufftResult makePlan(Plan &P, int Rank, const int *N, const int *InEmbed,
                     int IStride, int IDist, const int *OnEmbed, int OStride,
                     int ODist, cufftType Type, int Batch, size_t *WorkSize) {
  long long N64[3] = {}, In64[3] = {}, On64[3] = {};
  for (int I = 0; I < Rank && I < 3 && N; ++I) {
    N64[I] = N[I];
    In64[I] = InEmbed ? InEmbed[I] : 0;
    On64[I] = OnEmbed ? OnEmbed[I] : 0;
  }
  return makePlan(P, Rank, N ? N64 : nullptr, InEmbed ? In64 : nullptr,
                  IStride, IDist, OnEmbed ? On64 : nullptr, OStride, ODist,
                  Type, Batch, WorkSize);
}

/// The plan of \p Handle, or null.
Plan *findPlan(cufftHandle Handle) {
  State &S = getState();
  std::lock_guard<std::mutex> Guard(S.Lock);
  auto It = S.Plans.find(Handle);
  return It == S.Plans.end() ? nullptr : It->second.get();
}

/// A new handle with plan \p P made by \p Make, or the error.
template <typename F> cufftResult createWith(cufftHandle *Handle, F Make) {
  if (!Handle)
    return CUFFT_INVALID_VALUE;
  auto P = std::make_unique<Plan>();
  if (cufftResult Result = Make(*P))
    return Result;
  State &S = getState();
  std::lock_guard<std::mutex> Guard(S.Lock);
  *Handle = S.Next++;
  S.Plans[*Handle] = std::move(P);
  return CUFFT_SUCCESS;
}

/// The layout FFTW is given for one side of \p P: the plan's, or the basic
/// one, whose last dimension holds \p Last elements.
struct FftwLayout {
  std::vector<int> Embed;
  int Stride, Distance;
};
FftwLayout getFftwLayout(const Plan &P, const Layout &L, int Last) {
  if (!L.Embed.empty())
    return {L.Embed, L.Stride, L.Distance};
  std::vector<int> Embed = P.Sizes;
  Embed.back() = Last;
  return {Embed, 1, int(countOf(P.Sizes, Last))};
}

/// Makes (or finds) \p P's FFTW plan for \p In to \p Out in \p Direction.
template <typename R>
typename Fftw<R>::Plan getFftwPlan(Plan &P, void *In, void *Out,
                                   int Direction) {
  using F = Fftw<R>;
  bool InPlace = In == Out;
  State &S = getState();
  std::lock_guard<std::mutex> Guard(S.Lock);
  void *&Found = P.FftwPlans[{InPlace, Direction}];
  if (Found)
    return static_cast<typename F::Plan>(Found);
  TypeInfo Info = *getTypeInfo(P.Type);
  int Last = P.Sizes.back();
  // A real side in place is padded to the complex side's size.
  int RealLast = InPlace ? 2 * complexLast(Last) : Last;
  int InLast = Info.RealInput    ? RealLast
               : Info.RealOutput ? complexLast(Last)
                                 : Last;
  int OutLast = Info.RealOutput  ? RealLast
                : Info.RealInput ? complexLast(Last)
                                 : Last;
  FftwLayout I = getFftwLayout(P, P.In, InLast);
  FftwLayout O = getFftwLayout(P, P.Out, OutLast);
  int Rank = int(P.Sizes.size());
  unsigned Flags = FFTW_ESTIMATE | FFTW_UNALIGNED;
  typename F::Plan Made;
  if (Info.RealInput)
    Made = F::ManyR2C(Rank, P.Sizes.data(), P.Batch, static_cast<R *>(In),
                      I.Embed.data(), I.Stride, I.Distance,
                      static_cast<typename F::Complex *>(Out), O.Embed.data(),
                      O.Stride, O.Distance, Flags);
  else if (Info.RealOutput)
    Made = F::ManyC2R(Rank, P.Sizes.data(), P.Batch,
                      static_cast<typename F::Complex *>(In), I.Embed.data(),
                      I.Stride, I.Distance, static_cast<R *>(Out),
                      O.Embed.data(), O.Stride, O.Distance, Flags);
  else
    Made = F::ManyDft(Rank, P.Sizes.data(), P.Batch,
                      static_cast<typename F::Complex *>(In), I.Embed.data(),
                      I.Stride, I.Distance,
                      static_cast<typename F::Complex *>(Out), O.Embed.data(),
                      O.Stride, O.Distance, Direction, Flags);
  Found = Made;
  return Made;
}

/// Runs \p Handle's transform of \p In into \p Out, which must be of type
/// \p Type, in \p Direction (for complex to complex).
template <typename R>
cufftResult execute(cufftHandle Handle, cufftType Type, void *In, void *Out,
                    int Direction) {
  using F = Fftw<R>;
  Plan *P = findPlan(Handle);
  if (!P || !P->Made)
    return CUFFT_INVALID_PLAN;
  if (P->Type != Type)
    return CUFFT_INVALID_TYPE;
  if (!In || !Out)
    return CUFFT_INVALID_VALUE;
  if (Direction != CUFFT_FORWARD && Direction != CUFFT_INVERSE)
    return CUFFT_INVALID_VALUE;
  typename F::Plan Made = getFftwPlan<R>(*P, In, Out, Direction);
  if (!Made)
    return CUFFT_SETUP_FAILED;
  TypeInfo Info = *getTypeInfo(Type);
  auto Work = [=] {
    if (Info.RealInput)
      F::ExecuteR2C(Made, static_cast<R *>(In),
                    static_cast<typename F::Complex *>(Out));
    else if (Info.RealOutput)
      F::ExecuteC2R(Made, static_cast<typename F::Complex *>(In),
                    static_cast<R *>(Out));
    else
      F::ExecuteDft(Made, static_cast<typename F::Complex *>(In),
                    static_cast<typename F::Complex *>(Out));
  };
  return cudalib::doOrRecord(P->Stream, Work) ? CUFFT_SUCCESS
                                               : CUFFT_EXEC_FAILED;
}

} // namespace

extern "C" {

cufftResult cufftCreate(cufftHandle *Handle) {
  return createWith(Handle, [](Plan &) { return CUFFT_SUCCESS; });
}

cufftResult cufftPlan1d(cufftHandle *Handle, int NX, cufftType Type,
                        int Batch) {
  return createWith(Handle, [&](Plan &P) {
    return makePlan(P, 1, &NX, nullptr, 1, 0, nullptr, 1, 0, Type, Batch,
                    nullptr);
  });
}

cufftResult cufftPlan2d(cufftHandle *Handle, int NX, int NY, cufftType Type) {
  int N[] = {NX, NY};
  return createWith(Handle, [&](Plan &P) {
    return makePlan(P, 2, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1, nullptr);
  });
}

cufftResult cufftPlan3d(cufftHandle *Handle, int NX, int NY, int NZ,
                        cufftType Type) {
  int N[] = {NX, NY, NZ};
  return createWith(Handle, [&](Plan &P) {
    return makePlan(P, 3, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1, nullptr);
  });
}

cufftResult cufftPlanMany(cufftHandle *Handle, int Rank, int *N, int *InEmbed,
                          int IStride, int IDist, int *OnEmbed, int OStride,
                          int ODist, cufftType Type, int Batch) {
  return createWith(Handle, [&](Plan &P) {
    return makePlan(P, Rank, N, InEmbed, IStride, IDist, OnEmbed, OStride,
                    ODist, Type, Batch, nullptr);
  });
}

cufftResult cufftMakePlan1d(cufftHandle Handle, int NX, cufftType Type,
                            int Batch, size_t *WorkSize) {
  Plan *P = findPlan(Handle);
  return P ? makePlan(*P, 1, &NX, nullptr, 1, 0, nullptr, 1, 0, Type, Batch,
                      WorkSize)
           : CUFFT_INVALID_PLAN;
}

cufftResult cufftMakePlan2d(cufftHandle Handle, int NX, int NY,
                            cufftType Type, size_t *WorkSize) {
  int N[] = {NX, NY};
  Plan *P = findPlan(Handle);
  return P ? makePlan(*P, 2, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1,
                      WorkSize)
           : CUFFT_INVALID_PLAN;
}

cufftResult cufftMakePlan3d(cufftHandle Handle, int NX, int NY, int NZ,
                            cufftType Type, size_t *WorkSize) {
  int N[] = {NX, NY, NZ};
  Plan *P = findPlan(Handle);
  return P ? makePlan(*P, 3, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1,
                      WorkSize)
           : CUFFT_INVALID_PLAN;
}

cufftResult cufftMakePlanMany(cufftHandle Handle, int Rank, int *N,
                              int *InEmbed, int IStride, int IDist,
                              int *OnEmbed, int OStride, int ODist,
                              cufftType Type, int Batch, size_t *WorkSize) {
  Plan *P = findPlan(Handle);
  return P ? makePlan(*P, Rank, N, InEmbed, IStride, IDist, OnEmbed, OStride,
                      ODist, Type, Batch, WorkSize)
           : CUFFT_INVALID_PLAN;
}

cufftResult cufftMakePlanMany64(cufftHandle Handle, int Rank, long long *N,
                                long long *InEmbed, long long IStride,
                                long long IDist, long long *OnEmbed,
                                long long OStride, long long ODist,
                                cufftType Type, long long Batch,
                                size_t *WorkSize) {
  Plan *P = findPlan(Handle);
  return P ? makePlan(*P, Rank, N, InEmbed, IStride, IDist, OnEmbed, OStride,
                      ODist, Type, Batch, WorkSize)
           : CUFFT_INVALID_PLAN;
}

/// The size queries: a valid plan needs no work area on the CPU.
static cufftResult noWorkArea(size_t *WorkSize) {
  if (!WorkSize)
    return CUFFT_INVALID_VALUE;
  *WorkSize = 0;
  return CUFFT_SUCCESS;
}

cufftResult cufftEstimate1d(int, cufftType, int, size_t *WorkSize) {
  return noWorkArea(WorkSize);
}
cufftResult cufftEstimate2d(int, int, cufftType, size_t *WorkSize) {
  return noWorkArea(WorkSize);
}
cufftResult cufftEstimate3d(int, int, int, cufftType, size_t *WorkSize) {
  return noWorkArea(WorkSize);
}
cufftResult cufftEstimateMany(int, int *, int *, int, int, int *, int, int,
                              cufftType, int, size_t *WorkSize) {
  return noWorkArea(WorkSize);
}
cufftResult cufftGetSize1d(cufftHandle Handle, int, cufftType, int,
                           size_t *WorkSize) {
  return findPlan(Handle) ? noWorkArea(WorkSize) : CUFFT_INVALID_PLAN;
}
cufftResult cufftGetSize2d(cufftHandle Handle, int, int, cufftType,
                           size_t *WorkSize) {
  return findPlan(Handle) ? noWorkArea(WorkSize) : CUFFT_INVALID_PLAN;
}
cufftResult cufftGetSize3d(cufftHandle Handle, int, int, int, cufftType,
                           size_t *WorkSize) {
  return findPlan(Handle) ? noWorkArea(WorkSize) : CUFFT_INVALID_PLAN;
}
cufftResult cufftGetSizeMany(cufftHandle Handle, int, int *, int *, int, int,
                             int *, int, int, cufftType, int,
                             size_t *WorkSize) {
  return findPlan(Handle) ? noWorkArea(WorkSize) : CUFFT_INVALID_PLAN;
}
cufftResult cufftGetSize(cufftHandle Handle, size_t *WorkSize) {
  return findPlan(Handle) ? noWorkArea(WorkSize) : CUFFT_INVALID_PLAN;
}
cufftResult cufftSetWorkArea(cufftHandle Handle, void *) {
  return findPlan(Handle) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}
cufftResult cufftSetAutoAllocation(cufftHandle Handle, int) {
  return findPlan(Handle) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

cufftResult cufftExecC2C(cufftHandle Handle, cufftComplex *In,
                         cufftComplex *Out, int Direction) {
  return execute<float>(Handle, CUFFT_C2C, In, Out, Direction);
}
cufftResult cufftExecR2C(cufftHandle Handle, cufftReal *In,
                         cufftComplex *Out) {
  return execute<float>(Handle, CUFFT_R2C, In, Out, CUFFT_FORWARD);
}
cufftResult cufftExecC2R(cufftHandle Handle, cufftComplex *In,
                         cufftReal *Out) {
  return execute<float>(Handle, CUFFT_C2R, In, Out, CUFFT_INVERSE);
}
cufftResult cufftExecZ2Z(cufftHandle Handle, cufftDoubleComplex *In,
                         cufftDoubleComplex *Out, int Direction) {
  return execute<double>(Handle, CUFFT_Z2Z, In, Out, Direction);
}
cufftResult cufftExecD2Z(cufftHandle Handle, cufftDoubleReal *In,
                         cufftDoubleComplex *Out) {
  return execute<double>(Handle, CUFFT_D2Z, In, Out, CUFFT_FORWARD);
}
cufftResult cufftExecZ2D(cufftHandle Handle, cufftDoubleComplex *In,
                         cufftDoubleReal *Out) {
  return execute<double>(Handle, CUFFT_Z2D, In, Out, CUFFT_INVERSE);
}

cufftResult cufftSetStream(cufftHandle Handle, cudaStream_t Stream) {
  Plan *P = findPlan(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  P->Stream = Stream;
  return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle Handle) {
  State &S = getState();
  std::lock_guard<std::mutex> Guard(S.Lock);
  auto It = S.Plans.find(Handle);
  if (It == S.Plans.end())
    return CUFFT_INVALID_PLAN;
  destroyFftwPlans(*It->second);
  S.Plans.erase(It);
  return CUFFT_SUCCESS;
}

cufftResult cufftGetVersion(int *Version) {
  if (!Version)
    return CUFFT_INVALID_VALUE;
  *Version = CUFFT_VERSION;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUFFT_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CUFFT_VER_MAJOR;
    return CUFFT_SUCCESS;
  case MINOR_VERSION:
    *Value = CUFFT_VER_MINOR;
    return CUFFT_SUCCESS;
  case PATCH_LEVEL:
    *Value = CUFFT_VER_PATCH;
    return CUFFT_SUCCESS;
  }
  return CUFFT_INVALID_VALUE;
}

} // extern "C"
