//===- mm/Runtime/Runtime.h - The offload runtime --------------*- C++ -*-===//
//
// The C++ side of the offload runtime behind mm-runtime/mm_offload.h and the
// CUDA runtime API: a Runtime object that the C entry points forward to, the
// Backend interface that executes memory operations and launches (the CPU
// backend here; a GPU backend would implement the same interface), and the
// KernelProvider interface through which the runtime finds compiled kernels
// (mm-lli implements it on its JIT).
//
//===----------------------------------------------------------------------===//

#ifndef MM_RUNTIME_RUNTIME_H
#define MM_RUNTIME_RUNTIME_H

#include "mm-runtime/mm_block_abi.h"
#include "mm-runtime/mm_offload.h"
#include "mm/Runtime/Error.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace mm {
namespace runtime {

/// A compiled kernel: the submodule it belongs to and its descriptor.
struct KernelInfo {
  std::string Module;
  std::string Name;
  const mm_kernel_descriptor *Descriptor = nullptr;
};

/// A `__device__` or `__constant__` variable of a device submodule.
struct DeviceVariable {
  std::string Module;
  std::string Name;
  void *Address = nullptr;
  size_t Size = 0;
};

/// Where the runtime finds kernels. Errors name the submodule and kernel.
class KernelProvider {
public:
  virtual ~KernelProvider();
  /// Kernel \p Kernel of device submodule \p Module.
  virtual Expected<KernelInfo> getKernel(std::string_view Module,
                                         std::string_view Kernel) = 0;
  /// The kernel that the host function \p HostFunction launches: a CUDA host
  /// stub, as clang emits for `kernel<<<...>>>(...)`.
  virtual Expected<KernelInfo>
  getKernelForHostFunction(const void *HostFunction) = 0;
  /// The device variable whose host shadow is \p HostShadow: the host-side
  /// variable that clang emits for a CUDA `__device__` or `__constant__`
  /// variable, which the host names it by (cudaMemcpyToSymbol(var, ...)).
  virtual Expected<DeviceVariable>
  getDeviceVariableForHostShadow(const void *HostShadow) = 0;
};

/// Grid and block dimensions and dynamic shared memory of one launch.
struct LaunchConfig {
  mm_dim3 Grid;
  mm_dim3 Block;
  uint64_t DynamicSharedSize = 0;
};

/// Executes memory operations and launches. Calls come from the runtime,
/// which has checked the arguments that do not depend on the backend.
class Backend {
public:
  virtual ~Backend();
  virtual std::string_view getName() const = 0;
  /// How many blocks run at once.
  virtual unsigned getConcurrency() const = 0;
  virtual Expected<void *> allocate(size_t Size) = 0;
  virtual Error free(void *Ptr) = 0;
  /// Copies within memory that the runtime has checked.
  virtual Error copy(void *Dst, const void *Src, size_t Size,
                     mm_memcpy_kind Kind) = 0;
  virtual Error set(void *Dst, int Value, size_t Size) = 0;
  /// Runs every block of \p Kernel. A trap or a fault fails with
  /// MM_ERROR_LAUNCH_FAILED, a failed device assert with MM_ERROR_ASSERT, and
  /// a message naming the submodule and kernel.
  virtual Error launch(const KernelInfo &Kernel, const LaunchConfig &Config,
                       void **Args) = 0;
  virtual Error synchronize() = 0;
  /// Lets the threads that wait for the next launch sleep at once rather
  /// than spin: the host is about to compute on the machine's cores itself.
  virtual void releaseThreads() = 0;
};

/// The most threads that run a launch's blocks (more asked for: a warning,
/// and this many).
inline constexpr unsigned MaxCPUBackendThreads = 1024;

struct CPUBackendOptions {
  /// Threads that run blocks, the launching thread included (0: one per
  /// hardware thread; at most MaxCPUBackendThreads).
  unsigned Threads = 0;
  /// How long a worker thread spins for the next launch before it sleeps,
  /// as KMP_BLOCKTIME for OpenMP; none: it never sleeps.
  std::optional<std::chrono::microseconds> BlockTime =
      std::chrono::milliseconds(200);
};

/// Sets \p BlockTime from \p Text, the value of option or variable
/// \p Source: milliseconds, or "infinite".
Error parseBlockTime(std::string_view Text, std::string_view Source,
                     std::optional<std::chrono::microseconds> &BlockTime);

/// Which settings of the CPU backend readCPUBackendEnvironment reads: a
/// tool's flag wins over the variable, which is then not read at all.
struct CPUBackendEnvironment {
  bool Threads = true;
  bool BlockTime = true;
};

/// Sets \p Options from the environment: MM_THREADS (threads, 0 for one per
/// hardware thread) and MM_BLOCKTIME (as parseBlockTime), where they are set
/// and \p Read asks for them.
Error readCPUBackendEnvironment(CPUBackendOptions &Options,
                                CPUBackendEnvironment Read = {});

/// The options of the CPU backend of the runtime that a program compiled
/// ahead of time creates when it registers its first table
/// (mm-runtime/mm_linked_program.h), in place of MM_THREADS and
/// MM_BLOCKTIME: what mm-lli's launcher read from its command line, when it
/// loads a program from the compile cache.
void setLinkedProgramBackendOptions(const CPUBackendOptions &Options);

/// The CPU backend: device memory is host memory, blocks run concurrently on
/// worker threads, each with its own shared memory and per-thread scratch
/// memory.
std::unique_ptr<Backend> createCPUBackend(const CPUBackendOptions &Options);

class MemoryChecker;

/// The offload runtime of one program run. The C entry points of
/// mm_offload.h and the CUDA API forward to the current runtime.
class Runtime {
public:
  Runtime(std::unique_ptr<Backend> B, KernelProvider &Provider);
  ~Runtime();

  Backend &getBackend() { return *B; }

  Expected<const mm_kernel *> getKernel(std::string_view Module,
                                        std::string_view Kernel);
  Expected<const mm_kernel *>
  getKernelForHostFunction(const void *HostFunction);

  Expected<void *> allocate(size_t Size);
  Error free(void *Ptr);
  /// Checks device code's accesses of device memory from now on, as CUDA's
  /// memcheck does, for code that mm-check-memory instrumented (`mm-lli
  /// --check=memcheck`): allocations made after this call get guard zones,
  /// freed ones are held back, and a free of what is not an allocation's
  /// start is reported as an error too.
  void enableMemoryChecks();
  /// What is wrong with an access of \p Size bytes at \p Address of kind
  /// \p Kind (MM_ACCESS_*, mm_block_abi.h) as far as device allocations
  /// and alignment say, in a sentence; nothing if it is right so.
  std::optional<std::string> checkAccess(const void *Address, uint64_t Size,
                                         uint32_t Kind);
  /// Counts an access found wrong, which makes the program's exit code
  /// non-zero (checkExitCode).
  void noteMemoryError() { ++MemoryErrors; }
  unsigned getMemoryErrorCount() const { return MemoryErrors; }
  /// Counts a shared-memory hazard that racecheck found between the
  /// accesses at \p EarlierSite and \p LaterSite, of kind \p Kind
  /// (RaceHazard::Kind), which makes the program's exit code non-zero
  /// (checkExitCode); true the first time these two sites make one of this
  /// kind, which is then reported.
  bool noteRaceHazard(unsigned Kind, const char *EarlierSite,
                      const char *LaterSite);
  unsigned getRaceHazardCount();
  Error copy(void *Dst, const void *Src, size_t Size, mm_memcpy_kind Kind);
  Error set(void *Dst, int Value, size_t Size);
  /// True if \p Ptr points into a live device allocation or a device
  /// variable.
  bool isDevicePointer(const void *Ptr);
  /// How many bytes from \p Ptr to the end of the device allocation or
  /// variable it points into; 0 if it points into none.
  size_t getDeviceBytesFrom(const void *Ptr);
  /// The device variable whose host shadow is \p HostShadow, or, once
  /// found so, whose storage it is; from then on copies to and from it are
  /// copies of device memory.
  Expected<DeviceVariable> getDeviceVariable(const void *HostShadow);
  /// Frees every allocation and forgets the sticky launch error, as
  /// cudaDeviceReset does.
  Error reset();
  /// Checks the configuration against the kernel's descriptor and launches.
  /// A failure is reported to the launch failure handler as it happens.
  Error launch(const mm_kernel *Kernel, const LaunchConfig &Config,
               void **Args);
  /// Launches the kernel whose host stub is \p HostFunction (a CUDA launch):
  /// that the kernel cannot be found or compiled is a failed launch too.
  Error launchHostFunction(const void *HostFunction, const LaunchConfig &Config,
                           void **Args);
  /// Launches kernel \p Kernel of device submodule \p Module (MLIR's
  /// mgpuLaunchKernel): that it cannot be found or compiled is a failed
  /// launch too.
  Error launchNamed(std::string_view Module, std::string_view Kernel,
                    const LaunchConfig &Config, void **Args);

  /// Called with the error of every launch that fails, when it fails,
  /// whatever the program then does with the error it gets.
  using LaunchFailureHandler = std::function<void(const Error &Failure)>;
  void setLaunchFailureHandler(LaunchFailureHandler Handler);
  /// How many launches have failed.
  unsigned getFailedLaunchCount() const { return FailedLaunches; }
  /// Notes that the program used \p Status, the result of an API call
  /// (__mm_status_read): a status other than success counts every launch
  /// failed so far as read.
  void noteStatusRead(int Status);
  /// How many failed launches the program has not read an error since: a
  /// program that ends with exit code 0 then exits with 1.
  unsigned getUnreadFailedLaunchCount() const {
    return FailedLaunches - ReadFailedLaunches;
  }
  /// Waits for the backend; returns the sticky launch error, if any.
  Error synchronize();
  /// Backend::releaseThreads.
  void releaseThreads() { B->releaseThreads(); }

  /// Records \p E as the calling thread's last error and returns its status.
  static mm_status recordError(Error E);
  static mm_status takeLastError();
  static const char *getLastErrorMessage();

private:
  /// The sticky launch error, which every later launch, synchronize,
  /// allocation, free, copy and set returns, as CUDA's do.
  Error getStickyError();
  Error checkDeviceRange(const void *Ptr, size_t Size, const char *What);
  Error launchKernel(const mm_kernel *Kernel, const LaunchConfig &Config,
                     void **Args);
  /// Counts a failed launch and passes its message to the handler.
  Error reportFailedLaunch(Error E);
  const mm_kernel *intern(KernelInfo Info);

  std::unique_ptr<Backend> B;
  KernelProvider &Provider;
  std::mutex Lock;
  /// The kernels looked up so far, by "MODULE::KERNEL".
  std::unordered_map<std::string, std::unique_ptr<mm_kernel>> Kernels;
  /// The kernels launched so far through their host stubs, by stub: a
  /// launch looks its kernel up once.
  std::unordered_map<const void *, const mm_kernel *> KernelsByHostFunction;
  /// Gives back to the backend the allocation the program had at \p Ptr.
  Error release(void *Ptr);

  /// Live allocations: start address -> size.
  std::map<uintptr_t, size_t> Allocations;
  /// With enableMemoryChecks.
  std::unique_ptr<MemoryChecker> Checker;
  std::atomic<unsigned> MemoryErrors{0};
  /// The kinds and sites of the hazards that racecheck found.
  std::set<std::tuple<unsigned, const char *, const char *>> RaceHazards;
  std::mutex RaceHazardsLock;
  /// Device variables looked up so far, by host shadow and by address.
  std::unordered_map<const void *, DeviceVariable> VariablesByShadow;
  std::map<uintptr_t, size_t> VariableRanges;
  /// The first launch failure (a trap, a fault, a failed assert) and its
  /// status, sticky until reset().
  std::string StickyError;
  mm_status StickyStatus = MM_SUCCESS;
  /// Why the last kernel lookup that failed failed: the launch of a null
  /// kernel, which a program that ignored the lookup's status makes, says
  /// it.
  std::string FailedLookup;
  LaunchFailureHandler OnLaunchFailure;
  std::atomic<unsigned> FailedLaunches{0};
  /// FailedLaunches when the program last used a status other than success.
  std::atomic<unsigned> ReadFailedLaunches{0};
};

/// From now on, a crash of the program that mm runs (a fault outside a
/// kernel's blocks, an abort, a trap or a bad system call anywhere) is said
/// on standard error, `NAME: error: the program crashed: WHAT`, and ends
/// the process by its signal, as the program would end natively; nothing
/// that allocates or locks is called, since a program that corrupted its
/// heap may crash holding the allocator's lock. A crash in the tool's own
/// code (libLLVM, libMLIR, mm's libraries, and the executable where
/// \p ExecutableIsTool) keeps the handler that was there: LLVM's stack dump.
void reportProgramCrashes(bool ExecutableIsTool);

/// Marks the calling thread, for its lifetime, as running the tool's own
/// code on the program's behalf (compiling a submodule the program first
/// launches): a crash there is the tool's, reported by the handler that was
/// there before reportProgramCrashes, though the instruction that crashed
/// may be in the C library (an abort).
class ToolCodeScope {
public:
  ToolCodeScope();
  ~ToolCodeScope();
  ToolCodeScope(const ToolCodeScope &) = delete;
  ToolCodeScope &operator=(const ToolCodeScope &) = delete;
};

/// The exit code of a program that ended with \p ExitCode, by returning
/// from main or, if \p CalledExit, by exit(): 1, said on standard error,
/// where it is 0 but memcheck found errors (Runtime::getMemoryErrorCount),
/// racecheck hazards (Runtime::getRaceHazardCount) or a launch failed that
/// the program read no error of since (Runtime::getUnreadFailedLaunchCount);
/// else \p ExitCode, whose the program's handling of its errors is. Waits
/// for \p R first.
int checkExitCode(Runtime &R, int ExitCode, bool CalledExit);

/// The name that the runtime's own messages on standard error begin with:
/// the tool's, or an ahead-of-time program's (default "mm-lli").
void setReporterName(std::string_view Name);
const std::string &getReporterName();
/// Prints `NAME: error: MESSAGE` on standard error, NAME the reporter's
/// name, as LLVM's tools print errors (in color on a terminal); a
/// diagnostic as it is.
void printError(const Error &E);
void printError(std::string_view Message);
/// Prints `NAME: warning: MESSAGE` on standard error, as printError.
void printWarning(std::string_view Message);

/// The C identifier that \p Symbol points to, if it points to a string that
/// is one: before CUDA 5.0 a device variable could be named by its name, as
/// a string ("var"), and programs of that time still do.
std::optional<std::string> readSymbolName(const void *Symbol);

/// Makes \p R the runtime that the C entry points use (null: none).
void setCurrentRuntime(Runtime *R);
Runtime *getCurrentRuntime();
/// The current runtime, for the CUDA API, which, as CUDA's, works in any
/// program: in one compiled ahead of time whose objects registered no
/// device code (all compiled by a host compiler, calling the CUDA API and
/// CUDA's libraries), the linked program's runtime, started by this first
/// call. Null once a runtime was current and is no longer (mm-lli's, after
/// its run). mm_offload.h's entry points, mm-lli's ABI, start none.
Runtime *getOrStartRuntime();
/// Starts the runtime of a program compiled ahead of time, once.
void startLinkedProgramRuntime();

/// The address that stands for device submodule \p Module as a whole: the
/// image that format-spec §14's `NAME::` names, which a host hands to
/// mgpuModuleLoad. The same name always gives the same address.
const void *getSubmoduleImage(std::string_view Module);
/// Makes \p Address stand for device submodule \p Module as well: the
/// `NAME::` of a program compiled ahead of time.
void registerSubmoduleImage(std::string_view Module, const void *Address);

/// A runtime entry point that JIT-compiled code may call, by symbol name.
struct RuntimeSymbol {
  const char *Name;
  void *Address;
};

/// Every function of mm_offload.h, the CUDA runtime API
/// (mm-cuda/cuda_runtime_api.h), MLIR's GPU runtime ABI (mgpu*) and the
/// device entry points of mm-runtime/mm_block_abi.h,
/// for the JIT to define as absolute symbols.
std::vector<RuntimeSymbol> getRuntimeSymbols();

} // namespace runtime
} // namespace mm

/// The opaque handle of mm_offload.h.
struct mm_kernel {
  mm::runtime::KernelInfo Info;
};

#endif // MM_RUNTIME_RUNTIME_H
