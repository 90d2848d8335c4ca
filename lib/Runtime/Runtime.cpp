//===- Runtime.cpp - The offload runtime and its C entry points -----------===//

#include "mm/Runtime/Runtime.h"
#include "MemoryChecker.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <unistd.h>

using namespace mm::runtime;

KernelProvider::~KernelProvider() = default;
Backend::~Backend() = default;

static std::atomic<Runtime *> CurrentRuntime{nullptr};
/// Set once a runtime has been made current: from then on the current one
/// is the only one (mm-lli's, or the linked program's).
static std::atomic<bool> RuntimeWasSet{false};

void mm::runtime::setCurrentRuntime(Runtime *R) {
  CurrentRuntime = R;
  RuntimeWasSet = true;
}
Runtime *mm::runtime::getCurrentRuntime() { return CurrentRuntime; }

Runtime *mm::runtime::getOrStartRuntime() {
  if (Runtime *R = CurrentRuntime)
    return R;
  if (!RuntimeWasSet)
    startLinkedProgramRuntime();
  return CurrentRuntime;
}

static std::string &getReporterNameStorage() {
  static std::string Name = "mm-lli";
  return Name;
}
void mm::runtime::setReporterName(std::string_view Name) {
  getReporterNameStorage() = Name;
}
const std::string &mm::runtime::getReporterName() {
  return getReporterNameStorage();
}

/// Whether standard error shows colors, as LLVM decides it: a terminal that
/// is not dumb.
static bool standardErrorHasColors() {
  static const bool HasColors = [] {
    const char *Term = std::getenv("TERM");
    return isatty(STDERR_FILENO) && Term && std::strcmp(Term, "dumb") != 0;
  }();
  return HasColors;
}

/// Prints `NAME: KIND: MESSAGE` on standard error, KIND in bold and
/// \p Color on a terminal, as llvm::WithColor prints it.
static void printDiagnostic(const char *Kind, const char *Color,
                            std::string_view Message) {
  const std::string &Name = getReporterName();
  if (standardErrorHasColors())
    std::fprintf(stderr, "%s: \033[0;1;%sm%s: \033[0m%.*s\n", Name.c_str(),
                 Color, Kind, int(Message.size()), Message.data());
  else
    std::fprintf(stderr, "%s: %s: %.*s\n", Name.c_str(), Kind,
                 int(Message.size()), Message.data());
  std::fflush(stderr);
}

void mm::runtime::printError(std::string_view Message) {
  printDiagnostic("error", "31", Message); // Red.
}

void mm::runtime::printWarning(std::string_view Message) {
  printDiagnostic("warning", "35", Message); // Magenta.
}

void mm::runtime::printError(const Error &E) {
  if (!E.isDiagnostic())
    return printError(E.getMessage());
  std::fputs(E.getMessage().c_str(), stderr);
  std::fflush(stderr);
}

std::optional<std::string> mm::runtime::readSymbolName(const void *Symbol) {
  if (!Symbol)
    return std::nullopt;
  // Read up to a length that no identifier reaches.
  const char *Text = static_cast<const char *>(Symbol);
  size_t Length = strnlen(Text, 1024);
  std::string_view Name(Text, Length);
  auto IsDigit = [](char C) { return C >= '0' && C <= '9'; };
  auto IsIdentifierChar = [&](char C) {
    return IsDigit(C) || C == '_' || (C >= 'a' && C <= 'z') ||
           (C >= 'A' && C <= 'Z');
  };
  if (Length == 0 || Length == 1024 || IsDigit(Name.front()) ||
      !std::all_of(Name.begin(), Name.end(), IsIdentifierChar))
    return std::nullopt;
  return std::string(Name);
}

namespace {
/// The calling thread's last error, as CUDA keeps it.
struct ThreadErrorState {
  mm_status Last = MM_SUCCESS;
  std::string Message;
};
} // namespace

static thread_local ThreadErrorState ThreadError;

mm_status Runtime::recordError(Error E) {
  if (!E)
    return MM_SUCCESS;
  ThreadError.Last = E.getStatus();
  ThreadError.Message = E.getMessage();
  return E.getStatus();
}

mm_status Runtime::takeLastError() {
  mm_status Status = ThreadError.Last;
  ThreadError.Last = MM_SUCCESS;
  return Status;
}

const char *Runtime::getLastErrorMessage() {
  return ThreadError.Message.c_str();
}

Runtime::Runtime(std::unique_ptr<Backend> B, KernelProvider &Provider)
    : B(std::move(B)), Provider(Provider) {}

Runtime::~Runtime() = default;

const mm_kernel *Runtime::intern(KernelInfo Info) {
  std::string Key = Info.Module + "::" + Info.Name;
  std::lock_guard<std::mutex> Guard(Lock);
  std::unique_ptr<mm_kernel> &Slot = Kernels[Key];
  if (!Slot)
    Slot.reset(new mm_kernel{std::move(Info)});
  return Slot.get();
}

Expected<const mm_kernel *> Runtime::getKernel(std::string_view Module,
                                               std::string_view Kernel) {
  Expected<KernelInfo> Info = [&] {
    ToolCodeScope Compiling;
    return Provider.getKernel(Module, Kernel);
  }();
  if (!Info) {
    Error E = Info.takeError();
    std::lock_guard<std::mutex> Guard(Lock);
    FailedLookup = E.getMessage();
    return E;
  }
  return intern(std::move(*Info));
}

Expected<const mm_kernel *>
Runtime::getKernelForHostFunction(const void *HostFunction) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto Known = KernelsByHostFunction.find(HostFunction);
    if (Known != KernelsByHostFunction.end())
      return Known->second;
  }
  Expected<KernelInfo> Info = [&] {
    ToolCodeScope Compiling;
    return Provider.getKernelForHostFunction(HostFunction);
  }();
  if (!Info)
    return Info.takeError();
  const mm_kernel *Kernel = intern(std::move(*Info));
  std::lock_guard<std::mutex> Guard(Lock);
  KernelsByHostFunction[HostFunction] = Kernel;
  return Kernel;
}

Error Runtime::getStickyError() {
  std::lock_guard<std::mutex> Guard(Lock);
  if (StickyError.empty())
    return Error::success();
  return Error(StickyStatus, "an earlier launch failed: " + StickyError);
}

Expected<void *> Runtime::allocate(size_t Size) {
  if (Error E = getStickyError())
    return E;
  size_t Bytes = Size ? Size : 1;
  Expected<void *> Ptr =
      B->allocate(Checker ? MemoryChecker::getPaddedSize(Bytes) : Bytes);
  if (!Ptr)
    return Ptr.takeError();
  void *User = Checker ? Checker->addAllocation(*Ptr, Size) : *Ptr;
  std::lock_guard<std::mutex> Guard(Lock);
  Allocations[reinterpret_cast<uintptr_t>(User)] = Size;
  return User;
}

Error Runtime::release(void *Ptr) {
  if (!Checker)
    return B->free(Ptr);
  for (void *Block : Checker->removeAllocation(Ptr))
    if (Error E = B->free(Block))
      return E;
  return Error::success();
}

void Runtime::enableMemoryChecks() {
  if (!Checker)
    Checker = std::make_unique<MemoryChecker>();
}

std::optional<std::string> Runtime::checkAccess(const void *Address,
                                                uint64_t Size, uint32_t Kind) {
  if (!Checker)
    return std::nullopt;
  return Checker->check(reinterpret_cast<uintptr_t>(Address), Size, Kind);
}

Error Runtime::free(void *Ptr) {
  if (Error E = getStickyError())
    return E;
  if (!Ptr)
    return Error::success();
  bool Live;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Live = Allocations.erase(reinterpret_cast<uintptr_t>(Ptr));
  }
  if (Live)
    return release(Ptr);
  if (Checker) {
    // memcheck reports it, as an error of the program's.
    std::fflush(stdout);
    printError("memcheck: invalid free: " +
               Checker->describeInvalidFree(reinterpret_cast<uintptr_t>(Ptr)));
    noteMemoryError();
  }
  return Error(MM_ERROR_INVALID_VALUE,
               "free of a pointer that is not the start of a device "
               "allocation");
}

/// How many bytes of the range of \p Ranges that holds \p Start (or ends
/// at it) follow it; none if no range does.
static std::optional<size_t>
getBytesFrom(const std::map<uintptr_t, size_t> &Ranges, uintptr_t Start) {
  auto It = Ranges.upper_bound(Start);
  if (It == Ranges.begin())
    return std::nullopt;
  --It;
  size_t Offset = Start - It->first;
  if (Offset > It->second)
    return std::nullopt;
  return It->second - Offset;
}

/// True if [Start, Start + Size) lies within one of \p Ranges.
static bool isWithin(const std::map<uintptr_t, size_t> &Ranges,
                     uintptr_t Start, size_t Size) {
  std::optional<size_t> Bytes = getBytesFrom(Ranges, Start);
  return Bytes && Size <= *Bytes;
}

Error Runtime::checkDeviceRange(const void *Ptr, size_t Size,
                                const char *What) {
  uintptr_t Start = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Guard(Lock);
  if (isWithin(Allocations, Start, Size) ||
      isWithin(VariableRanges, Start, Size))
    return Error::success();
  return Error(MM_ERROR_INVALID_VALUE,
               std::string(What) + " range of " + std::to_string(Size) +
                   " bytes is not within a device allocation");
}

bool Runtime::isDevicePointer(const void *Ptr) {
  return !checkDeviceRange(Ptr, 0, "pointer");
}

size_t Runtime::getDeviceBytesFrom(const void *Ptr) {
  uintptr_t Start = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Guard(Lock);
  return std::max(getBytesFrom(Allocations, Start).value_or(0),
                  getBytesFrom(VariableRanges, Start).value_or(0));
}

Expected<DeviceVariable> Runtime::getDeviceVariable(const void *HostShadow) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = VariablesByShadow.find(HostShadow);
    if (It != VariablesByShadow.end())
      return It->second;
  }
  Expected<DeviceVariable> Variable = [&] {
    ToolCodeScope Compiling;
    return Provider.getDeviceVariableForHostShadow(HostShadow);
  }();
  if (!Variable)
    return Variable.takeError();
  std::lock_guard<std::mutex> Guard(Lock);
  VariablesByShadow[HostShadow] = *Variable;
  // A __managed__ variable's host code passes its storage as the symbol
  // (__mm_managed_variable), as CUDA's does its managed address.
  VariablesByShadow[Variable->Address] = *Variable;
  VariableRanges[reinterpret_cast<uintptr_t>(Variable->Address)] =
      Variable->Size;
  return *Variable;
}

Error Runtime::reset() {
  if (Error E = B->synchronize())
    return E;
  std::map<uintptr_t, size_t> Live;
  {
    std::lock_guard<std::mutex> Guard(Lock);
    Live.swap(Allocations);
    StickyError.clear();
    StickyStatus = MM_SUCCESS;
  }
  for (const auto &Allocation : Live)
    if (Error E = release(reinterpret_cast<void *>(Allocation.first)))
      return E;
  return Error::success();
}

Error Runtime::copy(void *Dst, const void *Src, size_t Size,
                    mm_memcpy_kind Kind) {
  if (Error E = getStickyError())
    return E;
  if (Size == 0)
    return Error::success();
  if (!Dst || !Src)
    return Error(MM_ERROR_INVALID_VALUE, "copy with a null pointer");
  if (Kind < MM_MEMCPY_HOST_TO_HOST || Kind > MM_MEMCPY_DEVICE_TO_DEVICE)
    return Error(MM_ERROR_INVALID_VALUE,
                 "unknown copy kind " + std::to_string(int(Kind)));
  bool DstDevice, SrcDevice;
  switch (Kind) {
  case MM_MEMCPY_HOST_TO_HOST:
    DstDevice = SrcDevice = false;
    break;
  case MM_MEMCPY_HOST_TO_DEVICE:
    DstDevice = true;
    SrcDevice = false;
    break;
  case MM_MEMCPY_DEVICE_TO_HOST:
    DstDevice = false;
    SrcDevice = true;
    break;
  case MM_MEMCPY_DEVICE_TO_DEVICE:
    DstDevice = SrcDevice = true;
    break;
  }
  if (DstDevice)
    if (Error E = checkDeviceRange(Dst, Size, "destination"))
      return E;
  if (SrcDevice)
    if (Error E = checkDeviceRange(Src, Size, "source"))
      return E;
  return B->copy(Dst, Src, Size, Kind);
}

Error Runtime::set(void *Dst, int Value, size_t Size) {
  if (Error E = getStickyError())
    return E;
  if (Size == 0)
    return Error::success();
  if (Error E = checkDeviceRange(Dst, Size, "memset"))
    return E;
  return B->set(Dst, Value, Size);
}

static Error checkDims(const mm_dim3 &D, const char *What, const mm_kernel &K) {
  if (D.x && D.y && D.z)
    return Error::success();
  return Error(MM_ERROR_INVALID_CONFIGURATION,
               "launch of kernel '" + K.Info.Name + "' of submodule '" +
                   K.Info.Module + "': " + What + " dimension (" +
                   std::to_string(D.x) + ", " + std::to_string(D.y) + ", " +
                   std::to_string(D.z) + ") has a zero extent");
}

void Runtime::setLaunchFailureHandler(LaunchFailureHandler Handler) {
  OnLaunchFailure = std::move(Handler);
}

bool Runtime::noteRaceHazard(unsigned Kind, const char *EarlierSite,
                             const char *LaterSite) {
  std::lock_guard<std::mutex> Guard(RaceHazardsLock);
  return RaceHazards.emplace(Kind, EarlierSite, LaterSite).second;
}

unsigned Runtime::getRaceHazardCount() {
  std::lock_guard<std::mutex> Guard(RaceHazardsLock);
  return RaceHazards.size();
}

int mm::runtime::checkExitCode(Runtime &R, int ExitCode, bool CalledExit) {
  (void)R.synchronize();
  auto Found = [&](const char *Tool, unsigned Count, const char *What) {
    std::fflush(nullptr);
    printError(std::string(Tool) + " found " + std::to_string(Count) + " " +
               What + (Count == 1 ? "" : "s") + " (reported above)" +
               (ExitCode ? "" : "; exiting with 1"));
    return ExitCode ? ExitCode : 1;
  };
  if (unsigned Errors = R.getMemoryErrorCount())
    return Found("memcheck", Errors, "error");
  if (unsigned Hazards = R.getRaceHazardCount())
    return Found("racecheck", Hazards, "hazard");
  unsigned Unread = R.getUnreadFailedLaunchCount();
  if (ExitCode != 0 || !Unread)
    return ExitCode;
  std::fflush(nullptr);
  printError(std::string("the program ") +
             (CalledExit ? "called exit(0)" : "ended with exit code 0") +
             ", but " + std::to_string(Unread) + " kernel launch" +
             (Unread == 1 ? "" : "es") +
             " failed (reported above) and it read no error since; exiting "
             "with 1");
  return 1;
}

void Runtime::noteStatusRead(int Status) {
  if (Status != MM_SUCCESS)
    ReadFailedLaunches.store(FailedLaunches.load());
}

Error Runtime::reportFailedLaunch(Error E) {
  if (!E)
    return E;
  ++FailedLaunches;
  // The handler sees the error; the program gets it, intact.
  if (OnLaunchFailure)
    OnLaunchFailure(E);
  return E;
}

Error Runtime::launch(const mm_kernel *Kernel, const LaunchConfig &Config,
                      void **Args) {
  // As on a GPU, no launch succeeds after one failed; these failures are
  // counted, but only the first one was worth reporting.
  if (Error E = getStickyError()) {
    ++FailedLaunches;
    return E;
  }
  return reportFailedLaunch(launchKernel(Kernel, Config, Args));
}

Error Runtime::launchHostFunction(const void *HostFunction,
                                  const LaunchConfig &Config, void **Args) {
  Expected<const mm_kernel *> Kernel = getKernelForHostFunction(HostFunction);
  if (!Kernel)
    return reportFailedLaunch(Kernel.takeError());
  return launch(*Kernel, Config, Args);
}

Error Runtime::launchNamed(std::string_view Module, std::string_view Kernel,
                           const LaunchConfig &Config, void **Args) {
  Expected<const mm_kernel *> Found = getKernel(Module, Kernel);
  if (!Found)
    return reportFailedLaunch(Found.takeError());
  return launch(*Found, Config, Args);
}

Error Runtime::launchKernel(const mm_kernel *Kernel, const LaunchConfig &Config,
                            void **Args) {
  if (!Kernel) {
    std::lock_guard<std::mutex> Guard(Lock);
    std::string_view Lookup = FailedLookup;
    while (!Lookup.empty() && Lookup.back() == '\n')
      Lookup.remove_suffix(1);
    return Error(MM_ERROR_INVALID_VALUE,
                 "launch of a null kernel" +
                     (Lookup.empty() ? std::string()
                                     : "; the last kernel lookup that failed "
                                       "said:\n" +
                                           std::string(Lookup)));
  }
  const KernelInfo &K = Kernel->Info;
  auto Invalid = [&](mm_status Status, const std::string &Message) {
    return Error(Status, "launch of kernel '" + K.Name + "' of submodule '" +
                             K.Module + "': " + Message);
  };
  if (Error E = checkDims(Config.Grid, "grid", *Kernel))
    return E;
  if (Error E = checkDims(Config.Block, "block", *Kernel))
    return E;
  const mm_kernel_descriptor &D = *K.Descriptor;
  uint64_t Threads = uint64_t(Config.Block.x) * Config.Block.y * Config.Block.z;
  if (D.max_threads_per_block && Threads > D.max_threads_per_block)
    return Invalid(MM_ERROR_INVALID_CONFIGURATION,
                   "block of " + std::to_string(Threads) +
                       " threads exceeds the kernel's limit of " +
                       std::to_string(D.max_threads_per_block));
  if (D.num_params && !Args)
    return Invalid(MM_ERROR_INVALID_VALUE,
                   "no arguments for its " + std::to_string(D.num_params) +
                       " parameters");
  Error E = B->launch(K, Config, Args);
  if (E && (E.getStatus() == MM_ERROR_LAUNCH_FAILED ||
            E.getStatus() == MM_ERROR_ASSERT ||
            E.getStatus() == MM_ERROR_ILLEGAL_ADDRESS)) {
    std::lock_guard<std::mutex> Guard(Lock);
    if (StickyError.empty()) {
      StickyError = E.getMessage();
      StickyStatus = E.getStatus();
    }
  }
  return E;
}

Error Runtime::synchronize() {
  if (Error E = B->synchronize())
    return E;
  std::lock_guard<std::mutex> Guard(Lock);
  if (StickyError.empty())
    return Error::success();
  return Error(StickyStatus, StickyError);
}

//===----------------------------------------------------------------------===//
// The C entry points of mm_offload.h.
//===----------------------------------------------------------------------===//

static Runtime *getRuntimeOrRecord() {
  Runtime *R = getCurrentRuntime();
  if (!R)
    Runtime::recordError(
        Error(MM_ERROR_NOT_INITIALIZED, "the offload runtime is not running"));
  return R;
}

extern "C" {

mm_status mm_get_kernel(const char *Module, const char *Kernel,
                        mm_kernel **Result) {
  Runtime *R = getRuntimeOrRecord();
  if (!R)
    return MM_ERROR_NOT_INITIALIZED;
  if (!Module || !Kernel || !Result)
    return Runtime::recordError(
        Error(MM_ERROR_INVALID_VALUE, "mm_get_kernel with a null argument"));
  // A program that launches what a failed lookup gave launches no kernel,
  // which mm_launch reports, rather than whatever *Result held.
  *Result = nullptr;
  Expected<const mm_kernel *> K = R->getKernel(Module, Kernel);
  if (!K)
    return Runtime::recordError(K.takeError());
  *Result = const_cast<mm_kernel *>(*K);
  return MM_SUCCESS;
}

mm_status mm_malloc(void **Result, size_t Size) {
  Runtime *R = getRuntimeOrRecord();
  if (!R)
    return MM_ERROR_NOT_INITIALIZED;
  if (!Result)
    return Runtime::recordError(
        Error(MM_ERROR_INVALID_VALUE, "mm_malloc with a null result pointer"));
  Expected<void *> Ptr = R->allocate(Size);
  if (!Ptr)
    return Runtime::recordError(Ptr.takeError());
  *Result = *Ptr;
  return MM_SUCCESS;
}

mm_status mm_free(void *Ptr) {
  Runtime *R = getRuntimeOrRecord();
  if (!R)
    return MM_ERROR_NOT_INITIALIZED;
  return Runtime::recordError(R->free(Ptr));
}

mm_status mm_memcpy(void *Dst, const void *Src, size_t Size,
                    mm_memcpy_kind Kind) {
  Runtime *R = getRuntimeOrRecord();
  if (!R)
    return MM_ERROR_NOT_INITIALIZED;
  return Runtime::recordError(R->copy(Dst, Src, Size, Kind));
}

mm_status mm_memset(void *Dst, int Value, size_t Size) {
  Runtime *R = getRuntimeOrRecord();
  if (!R)
    return MM_ERROR_NOT_INITIALIZED;
  return Runtime::recordError(R->set(Dst, Value, Size));
}

mm_status mm_launch(const mm_kernel *Kernel, uint32_t GridX, uint32_t GridY,
                    uint32_t GridZ, uint32_t BlockX, uint32_t BlockY,
                    uint32_t BlockZ, size_t DynamicSharedSize, void **Args) {
  Runtime *R = getRuntimeOrRecord();
  if (!R)
    return MM_ERROR_NOT_INITIALIZED;
  LaunchConfig Config{
      {GridX, GridY, GridZ}, {BlockX, BlockY, BlockZ}, DynamicSharedSize};
  return Runtime::recordError(R->launch(Kernel, Config, Args));
}

mm_status mm_synchronize(void) {
  Runtime *R = getRuntimeOrRecord();
  if (!R)
    return MM_ERROR_NOT_INITIALIZED;
  return Runtime::recordError(R->synchronize());
}

void mm_release_threads(void) {
  if (Runtime *R = getCurrentRuntime())
    R->releaseThreads();
}

mm_status mm_get_last_error(void) { return Runtime::takeLastError(); }

void __mm_status_read(int Status) {
  if (Runtime *R = getCurrentRuntime())
    R->noteStatusRead(Status);
}

const char *mm_get_error_message(void) {
  return Runtime::getLastErrorMessage();
}

void *__mm_managed_variable(const void *Shadow) {
  Runtime *R = getCurrentRuntime();
  if (!R) {
    std::fprintf(stderr, "mm: error: a __managed__ variable was used before "
                         "the offload runtime started\n");
    std::_Exit(1);
  }
  Expected<DeviceVariable> Variable = R->getDeviceVariable(Shadow);
  if (!Variable) {
    std::fprintf(stderr, "mm: error: __managed__ variable: %s\n",
                 Variable.takeError().getMessage().c_str());
    std::_Exit(1);
  }
  return Variable->Address;
}

} // extern "C"
