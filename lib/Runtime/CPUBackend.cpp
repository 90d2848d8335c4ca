//===- CPUBackend.cpp - Running lowered kernels on the host's threads -----===//
//
// Device memory is host memory. A launch hands the grid's blocks out, in
// chunks of consecutive blocks through an atomic counter, to workers (the
// launching thread and threads of a pool); each worker owns the block
// context, the shared memory and the per-thread scratch memory of the block
// it runs, sized from the kernel's descriptor (mm-runtime/mm_block_abi.h). A trap, or a
// fault (a bad address, a division by zero) in the kernel's code, jumps out
// of the block back to its worker, which stops the launch.
//
//===----------------------------------------------------------------------===//

#include "mm/Runtime/DevicePrintf.h"
#include "mm/Runtime/Runtime.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace llvm;
using namespace mm::runtime;

namespace {
/// Memory from aligned_alloc.
struct AlignedDeleter {
  void operator()(char *P) const { std::free(P); }
};
using AlignedBuffer = std::unique_ptr<char[], AlignedDeleter>;

constexpr size_t SharedAlignment = 64;

AlignedBuffer allocateAligned(uint64_t Size) {
  if (Size == 0)
    return nullptr;
  uint64_t Rounded =
      (Size + SharedAlignment - 1) / SharedAlignment * SharedAlignment;
  return AlignedBuffer(
      static_cast<char *>(std::aligned_alloc(SharedAlignment, Rounded)));
}

/// One launch, shared by its workers.
struct LaunchState {
  LaunchState(const KernelInfo &Kernel, const LaunchConfig &Config,
              void **Args)
      : Kernel(Kernel), Config(Config), Args(Args),
        NumBlocks(uint64_t(Config.Grid.x) * Config.Grid.y * Config.Grid.z) {}

  const KernelInfo &Kernel;
  const LaunchConfig &Config;
  void **Args;
  uint64_t NumBlocks;
  /// Blocks a worker takes at once: few enough atomic operations for small
  /// blocks, enough chunks per worker to balance the load.
  uint64_t ChunkSize = 1;
  /// On a cache line of its own: every worker takes its chunks here, and
  /// must not also invalidate the line that the other fields share.
  alignas(64) std::atomic<uint64_t> NextBlock{0};
  alignas(64) std::atomic<bool> Failed{false};
  std::mutex ErrorLock;
  std::string Error;
  mm_status Status = MM_SUCCESS;

  void fail(mm_status S, std::string Message) {
    std::lock_guard<std::mutex> Guard(ErrorLock);
    if (!Failed.exchange(true)) {
      Status = S;
      Error = std::move(Message);
    }
  }
};

/// One worker of a launch: the block it runs and where a trap returns to.
/// The block context's `runtime` field points here.
struct Worker {
  LaunchState *Launch = nullptr;
  mm_block_context Context = {};
  /// Where a trap or a fault in the kernel returns to; it restores the
  /// signal mask, since a fault arrives in a signal handler.
  sigjmp_buf TrapJump;
};

/// The worker whose block this thread is running now, if any: a fault on
/// this thread is then the kernel's.
thread_local Worker *RunningWorker = nullptr;

class CPUBackend : public Backend {
public:
  explicit CPUBackend(unsigned Threads) : Pool(hardware_concurrency(Threads)) {}

  StringRef getName() const override { return "cpu"; }
  unsigned getConcurrency() const override { return Pool.getMaxConcurrency(); }

  Expected<void *> allocate(size_t Size) override {
    // 256 bytes, as cudaMalloc guarantees.
    size_t Rounded = (Size + 255) / 256 * 256;
    if (void *P = std::aligned_alloc(256, Rounded))
      return P;
    return makeRuntimeError(MM_ERROR_OUT_OF_MEMORY,
                            "cannot allocate " + Twine(Size) +
                                " bytes of device memory");
  }

  Error free(void *Ptr) override {
    std::free(Ptr);
    return Error::success();
  }

  Error copy(void *Dst, const void *Src, size_t Size, mm_memcpy_kind) override {
    std::memmove(Dst, Src, Size);
    return Error::success();
  }

  Error set(void *Dst, int Value, size_t Size) override {
    std::memset(Dst, Value, Size);
    return Error::success();
  }

  Error launch(const KernelInfo &Kernel, const LaunchConfig &Config,
               void **Args) override;

  Error synchronize() override { return Error::success(); }

private:
  StdThreadPool Pool;
  /// Launches run one at a time, in the order they were made.
  std::mutex LaunchLock;
};
} // namespace

/// "block (X, Y, Z)", or "blocks (X to X+N-1, Y, Z)" for a range.
static std::string describeBlocks(const mm_block_context &Ctx) {
  const mm_dim3 &B = Ctx.block_idx;
  std::string X = std::to_string(B.x);
  if (Ctx.block_count_x > 1)
    X += " to " + std::to_string(B.x + Ctx.block_count_x - 1);
  return (Ctx.block_count_x > 1 ? "blocks (" : "block (") + X + ", " +
         std::to_string(B.y) + ", " + std::to_string(B.z) + ")";
}

//===----------------------------------------------------------------------===//
// Faults in kernels
//===----------------------------------------------------------------------===//

namespace {
/// The signals of a fault in a kernel's code, and what was there before.
constexpr int FaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction PreviousActions[std::size(FaultSignals)];

/// What a fault was, for its message.
std::string describeFault(int Signal, const siginfo_t *Info) {
  char Address[32];
  std::snprintf(Address, sizeof(Address), "%p", Info->si_addr);
  switch (Signal) {
  case SIGSEGV:
    return std::string("an invalid memory access at address ") + Address;
  case SIGBUS:
    return std::string("a bus error at address ") + Address;
  case SIGFPE:
    return Info->si_code == FPE_INTDIV || Info->si_code == FPE_INTOVF
               ? "an integer division by zero or overflow"
               : "an arithmetic exception";
  default:
    return std::string("an illegal instruction at address ") + Address;
  }
}

/// A fault on a thread that runs a block is the kernel's: it fails the
/// launch, as a trap does. Any other fault goes to the handler that was
/// there before (LLVM's crash report, or a sanitizer's).
void handleFault(int Signal, siginfo_t *Info, void *Context) {
  Worker *W = RunningWorker;
  if (!W) {
    for (size_t I = 0; I != std::size(FaultSignals); ++I)
      if (FaultSignals[I] == Signal)
        sigaction(Signal, &PreviousActions[I], nullptr);
    // Returning runs the faulting instruction again, under that handler.
    return;
  }
  LaunchState &L = *W->Launch;
  L.fail(MM_ERROR_LAUNCH_FAILED,
         "kernel '" + L.Kernel.Name + "' of submodule '" + L.Kernel.Module +
             "' faulted: " + describeFault(Signal, Info) + " (" +
             describeBlocks(W->Context) + ")");
  siglongjmp(W->TrapJump, 1);
}

/// This thread's stack for signal handlers, so that a kernel that overflows
/// its stack is reported too.
struct AlternateSignalStack {
  AlternateSignalStack() {
    stack_t Current;
    if (sigaltstack(nullptr, &Current) == 0 && !(Current.ss_flags & SS_DISABLE))
      return; // The thread has one (LLVM gives the main thread one).
    Memory.reset(new char[Size]);
    stack_t Stack = {};
    Stack.ss_sp = Memory.get();
    Stack.ss_size = Size;
    sigaltstack(&Stack, nullptr);
  }
  ~AlternateSignalStack() {
    if (!Memory)
      return;
    stack_t Disable = {};
    Disable.ss_flags = SS_DISABLE;
    sigaltstack(&Disable, nullptr);
  }
  static constexpr size_t Size = 64 * 1024;
  std::unique_ptr<char[]> Memory;
};
} // namespace

/// Installs handleFault for the fault signals, once per process, and gives
/// the calling thread an alternate signal stack, once per thread.
static void installFaultHandlers() {
  static std::once_flag Installed;
  std::call_once(Installed, [] {
    struct sigaction Action = {};
    Action.sa_sigaction = handleFault;
    Action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&Action.sa_mask);
    for (size_t I = 0; I != std::size(FaultSignals); ++I)
      sigaction(FaultSignals[I], &Action, &PreviousActions[I]);
  });
  thread_local AlternateSignalStack Stack;
}

/// Runs blocks of \p W's launch, a chunk of consecutive blocks at a time,
/// until none is left or the launch failed: one block per call of the block
/// function, or the chunk's blocks of one row of the grid per call if the
/// kernel takes ranges. A trap in a block longjmps back here; the trap has
/// recorded the error.
static void runBlocks(Worker &W) {
  LaunchState &L = *W.Launch;
  if (sigsetjmp(W.TrapJump, /*savemask=*/1)) {
    RunningWorker = nullptr;
    return;
  }
  const mm_dim3 &Grid = L.Config.Grid;
  const mm_kernel_descriptor &D = *L.Kernel.Descriptor;
  bool Ranges = D.flags & MM_KERNEL_BLOCK_RANGES;
  while (!L.Failed.load(std::memory_order_relaxed)) {
    uint64_t First =
        L.NextBlock.fetch_add(L.ChunkSize, std::memory_order_relaxed);
    if (First >= L.NumBlocks)
      return;
    uint64_t End = std::min(First + L.ChunkSize, L.NumBlocks);
    for (uint64_t I = First, Count; I < End; I += Count) {
      uint64_t X = I % Grid.x;
      Count = Ranges ? std::min<uint64_t>(End - I, Grid.x - X) : 1;
      W.Context.block_idx.x = X;
      W.Context.block_idx.y = I / Grid.x % Grid.y;
      W.Context.block_idx.z = I / (uint64_t(Grid.x) * Grid.y);
      W.Context.block_count_x = Count;
      RunningWorker = &W;
      D.block_fn(L.Args, &W.Context);
      RunningWorker = nullptr;
    }
  }
}

/// Runs one worker of \p L: allocates its block's memory and runs blocks.
static void runWorker(LaunchState &L) {
  const mm_kernel_descriptor &D = *L.Kernel.Descriptor;
  const LaunchConfig &C = L.Config;
  uint64_t ThreadsPerBlock = uint64_t(C.Block.x) * C.Block.y * C.Block.z;
  AlignedBuffer StaticShared = allocateAligned(D.static_shared_size);
  AlignedBuffer DynamicShared = allocateAligned(C.DynamicSharedSize);
  AlignedBuffer Scratch =
      allocateAligned(D.thread_scratch_size * ThreadsPerBlock);
  if ((D.static_shared_size && !StaticShared) ||
      (C.DynamicSharedSize && !DynamicShared) ||
      (D.thread_scratch_size && !Scratch)) {
    L.fail(MM_ERROR_OUT_OF_MEMORY, "launch of kernel '" + L.Kernel.Name +
                                       "' of submodule '" + L.Kernel.Module +
                                       "': cannot allocate its block memory");
    return;
  }
  installFaultHandlers();
  Worker W;
  W.Launch = &L;
  W.Context.grid_dim = C.Grid;
  W.Context.block_dim = C.Block;
  W.Context.static_shared = StaticShared.get();
  W.Context.dynamic_shared = DynamicShared.get();
  W.Context.dynamic_shared_size = C.DynamicSharedSize;
  W.Context.thread_scratch = Scratch.get();
  W.Context.runtime = &W;
  runBlocks(W);
}

Error CPUBackend::launch(const KernelInfo &Kernel, const LaunchConfig &Config,
                         void **Args) {
  std::lock_guard<std::mutex> Guard(LaunchLock);
  LaunchState L(Kernel, Config, Args);
  uint64_t Workers = std::min<uint64_t>(Pool.getMaxConcurrency(), L.NumBlocks);
  // Sixteen chunks per worker balance blocks of uneven cost; a chunk per
  // block would make every small block pay for a contended atomic.
  L.ChunkSize = std::max<uint64_t>(1, L.NumBlocks / (Workers * 16));
  // The launching thread is a worker too: it starts at once, while the
  // pool's threads wake up.
  ThreadPoolTaskGroup Group(Pool);
  for (uint64_t I = 1; I < Workers; ++I)
    Group.async([&L] { runWorker(L); });
  runWorker(L);
  Group.wait();
  if (!L.Failed)
    return Error::success();
  return makeRuntimeError(L.Status, L.Error);
}

std::unique_ptr<Backend> mm::runtime::createCPUBackend(unsigned Threads) {
  return std::make_unique<CPUBackend>(Threads);
}

//===----------------------------------------------------------------------===//
// The device entry points of mm-runtime/mm_block_abi.h.
//===----------------------------------------------------------------------===//

/// Serializes device printf output, so that each call's text stays whole.
static std::mutex PrintfLock;

extern "C" {

void __mm_device_trap(mm_block_context *Ctx, const char *Function) {
  Worker *W = Ctx ? static_cast<Worker *>(Ctx->runtime) : nullptr;
  const char *Name = Function ? Function : "<unknown>";
  if (!W) {
    // A device function called directly by the host trapped: there is no
    // launch to abandon, and a trap does not return.
    std::fflush(stdout);
    std::fprintf(stderr,
                 "error: device function '%s' trapped outside a kernel "
                 "launch\n",
                 Name);
    std::_Exit(EXIT_FAILURE);
  }
  LaunchState &L = *W->Launch;
  L.fail(MM_ERROR_LAUNCH_FAILED,
         "kernel '" + L.Kernel.Name + "' of submodule '" + L.Kernel.Module +
             "' trapped in function '" + Name + "' (" + describeBlocks(*Ctx) +
             ")");
  siglongjmp(W->TrapJump, 1);
}

/// Writes \p Text to standard output in one piece; returns its length.
static int32_t printWhole(const std::string &Text) {
  std::lock_guard<std::mutex> Guard(PrintfLock);
  std::fwrite(Text.data(), 1, Text.size(), stdout);
  return static_cast<int32_t>(Text.size());
}

int32_t __mm_device_vprintf(mm_block_context *, const char *Format,
                            const char *Args) {
  if (!Format)
    return -1;
  return printWhole(formatDevicePrintf(Format, Args));
}

uint64_t __mm_device_printf_begin(uint64_t) {
  return reinterpret_cast<uint64_t>(new HostcallPrintf);
}

/// Prints \p Message if \p IsLast: returns the number of characters, as the
/// device's printf returns the last call's result.
static uint64_t finishIfLast(uint64_t Message, uint32_t IsLast) {
  if (!IsLast)
    return Message;
  std::unique_ptr<HostcallPrintf> Call(
      reinterpret_cast<HostcallPrintf *>(Message));
  return static_cast<uint64_t>(printWhole(Call->format()));
}

uint64_t __mm_device_printf_append_string_n(uint64_t Message, const char *Str,
                                            uint64_t Length, uint32_t IsLast) {
  reinterpret_cast<HostcallPrintf *>(Message)->appendString(Str, Length);
  return finishIfLast(Message, IsLast);
}

uint64_t __mm_device_printf_append_args(uint64_t Message, uint32_t NumArgs,
                                        uint64_t Arg0, uint64_t Arg1,
                                        uint64_t Arg2, uint64_t Arg3,
                                        uint64_t Arg4, uint64_t Arg5,
                                        uint64_t Arg6, uint32_t IsLast) {
  const uint64_t Args[] = {Arg0, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6};
  reinterpret_cast<HostcallPrintf *>(Message)->appendArgs(
      ArrayRef(Args).take_front(std::min<uint32_t>(NumArgs, 7)));
  return finishIfLast(Message, IsLast);
}

} // extern "C"
