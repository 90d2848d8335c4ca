//===- CPUBackend.cpp - Running lowered kernels on the host's threads -----===//
//
// Device memory is host memory. A launch hands the grid's blocks out, in
// chunks of consecutive blocks through an atomic counter, to workers: the
// launching thread and the threads of a team that live as long as the
// backend. Each worker keeps the shared memory and the per-thread scratch
// memory of the blocks it runs from one launch to the next, grown to the
// largest a kernel's descriptor (mm-runtime/mm_block_abi.h) asked for.
//
// Between launches the team's threads wait as an OpenMP runtime's do: they
// spin for the block time (200 ms, or MM_BLOCKTIME), then sleep until the
// next launch wakes them. A launch never waits for a thread that has not
// joined it: the launching thread runs whatever blocks are left, closes
// the launch, and waits only for the threads still running its blocks.
//
// A trap, or a fault (a bad address, a division by zero) in the kernel's
// code, jumps out of the block back to its worker, which stops the launch.
//
//===----------------------------------------------------------------------===//

#include "mm/Runtime/DevicePrintf.h"
#include "mm/Runtime/Runtime.h"
#include "MemoryChecker.h"
#include "RaceChecker.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <csetjmp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>
#include <vector>

#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

using namespace mm::runtime;

namespace {
/// Memory from aligned_alloc.
struct AlignedDeleter {
  void operator()(char *P) const { std::free(P); }
};
using AlignedBuffer = std::unique_ptr<char[], AlignedDeleter>;

constexpr size_t SharedAlignment = 64;

/// Memory that a worker keeps from one launch to the next.
class ReusedBuffer {
public:
  /// At least \p Size bytes (null for 0), or null if they cannot be had.
  char *get(uint64_t Size) {
    if (Size == 0)
      return nullptr;
    if (Size > Capacity) {
      uint64_t Rounded =
          (Size + SharedAlignment - 1) / SharedAlignment * SharedAlignment;
      Memory.reset(
          static_cast<char *>(std::aligned_alloc(SharedAlignment, Rounded)));
      Capacity = Memory ? Rounded : 0;
    }
    return Memory.get();
  }

private:
  AlignedBuffer Memory;
  uint64_t Capacity = 0;
};

/// The block memory of one worker.
struct WorkerMemory {
  ReusedBuffer StaticShared;
  ReusedBuffer DynamicShared;
  ReusedBuffer Scratch;
};

/// Spins a moment without hogging the core's other hardware thread.
inline void pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// The blocks [Next, End) of a launch that one worker runs first and the
/// others take once they have run their own. On a cache line of its own:
/// every worker takes chunks here and must not invalidate the others' line.
struct alignas(64) BlockShare {
  std::atomic<uint64_t> Next{0};
  uint64_t End = 0;
};

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
  /// The grid's blocks split in consecutive shares, one per worker: a
  /// worker runs the same blocks from one launch of a kernel to the next,
  /// and finds their data in its cache, as under OpenMP's static schedule.
  BlockShare *Shares = nullptr;
  unsigned NumShares = 0;
  alignas(64) std::atomic<bool> Failed{false};
  /// The time the workers spent in the launch, together.
  std::atomic<uint64_t> BusyNanoseconds{0};
  /// For a kernel with spin-waits: whether the launch runs more threads than
  /// the machine has hardware threads, so that a block that reports that it
  /// waits for others (__mm_device_block_spins) gives its processor to
  /// another.
  std::atomic<bool> Oversubscribed{false};
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
  /// The share this worker runs first.
  unsigned Index = 0;
  mm_block_context Context = {};
  /// Where a trap or a fault in the kernel returns to. It need not restore
  /// the signal mask (a system call at every launch): the fault handler
  /// runs with SA_NODEFER, so that leaving it leaves no signal blocked.
  sigjmp_buf TrapJump;
  /// Set before each call of the block function: racecheck's state is of an
  /// earlier block until its first call (__mm_device_check_race) clears it.
  bool NewBlock = false;
};

/// The worker whose block this thread is running now, if any: a fault on
/// this thread is then the kernel's.
thread_local Worker *RunningWorker = nullptr;

/// Starts a thread that runs \p Body; nothing where the system gives no
/// more threads, with the reason in \p Errno. (std::thread would throw.)
std::optional<pthread_t> startThread(std::function<void()> Body, int &Errno) {
  auto *Owned = new std::function<void()>(std::move(Body));
  pthread_t Thread;
  Errno = pthread_create(
      &Thread, nullptr,
      [](void *Arg) -> void * {
        std::unique_ptr<std::function<void()>> Run(
            static_cast<std::function<void()> *>(Arg));
        (*Run)();
        return nullptr;
      },
      Owned);
  if (Errno) {
    delete Owned;
    return std::nullopt;
  }
  return Thread;
}

/// The threads that run blocks besides the launching thread, and the launch
/// they run. One launch runs at a time.
class WorkerTeam {
public:
  WorkerTeam(unsigned Threads, std::optional<std::chrono::microseconds> BlockTime);
  ~WorkerTeam();

  /// How many threads run blocks, the launching thread included.
  unsigned getConcurrency() const { return Threads.size() + 1; }

  /// Runs \p L's blocks on the launching thread and whichever of the team's
  /// threads join it, at most \p MaxWorkers threads in all; returns when no
  /// thread runs any of its blocks.
  void run(LaunchState &L, unsigned MaxWorkers);
  /// Sends the threads that spin for the next launch to sleep; the next
  /// launch that needs them wakes them.
  void release() { Quiet.store(true, std::memory_order_relaxed); }

private:
  /// A team thread's life: wait for a launch, join it, run its blocks.
  void serve(unsigned Index);
  /// Waits until a launch other than \p Seen opens or the team stops; the
  /// launch's number, or 0 if the team stops.
  uint64_t waitForLaunch(uint64_t Seen);

  std::optional<std::chrono::microseconds> BlockTime;
  std::vector<pthread_t> Threads;
  /// Index 0 is the launching thread's, index I + 1 team thread I's.
  std::vector<WorkerMemory> Memory;
  std::unique_ptr<BlockShare[]> Shares;

  /// What a launch publishes, on one cache line: the launch that threads
  /// may join, by number (0 while none is open), the launch itself, and how
  /// many threads run it, the launching thread included.
  alignas(64) std::atomic<uint64_t> OpenLaunch{0};
  LaunchState *Current = nullptr;
  std::atomic<unsigned> Workers{0};
  uint64_t LastLaunch = 0;
  /// Team threads that joined the open launch and have not left it.
  alignas(64) std::atomic<unsigned> Joined{0};

  /// For threads that spun for the block time in vain.
  std::mutex SleepLock;
  std::condition_variable Wake;
  std::atomic<unsigned> Sleepers{0};
  std::atomic<bool> Stopping{false};

  /// After this many launches in a row that the launching thread ran
  /// alone, the team's threads stop spinning and sleep until a launch needs
  /// them: a spinning thread takes cycles from the launching one where
  /// they share a core (hyperthreads, a virtual machine's processors), and
  /// a program of many tiny launches gains nothing from it. A program that
  /// mixes tiny launches with large ones keeps its team awake.
  static constexpr unsigned QuietAfter = 64;
  unsigned AloneInARow = 0;
  std::atomic<bool> Quiet{false};
};

/// The hardware threads that this process may run on, as LLVM's
/// ThreadPoolStrategy counts them.
static unsigned countHardwareThreads() {
  cpu_set_t Set;
  if (sched_getaffinity(0, sizeof(Set), &Set) == 0)
    if (int Count = CPU_COUNT(&Set))
      return Count;
  return std::max(1u, std::thread::hardware_concurrency());
}

/// The threads that \p Options ask for besides the launching thread: at most
/// MaxCPUBackendThreads in all, with a warning where more were asked for.
static unsigned getTeamSize(const CPUBackendOptions &Options) {
  unsigned Threads = Options.Threads ? Options.Threads : countHardwareThreads();
  if (Threads > MaxCPUBackendThreads) {
    printWarning(std::to_string(Threads) +
                 " threads asked for (--threads or MM_THREADS), more than "
                 "the " +
                 std::to_string(MaxCPUBackendThreads) +
                 " that mm runs kernels on; using " +
                 std::to_string(MaxCPUBackendThreads));
    Threads = MaxCPUBackendThreads;
  }
  return Threads - 1;
}

class CPUBackend : public Backend {
  /// The size of the x86-64 and AArch64 (4 KB granule) kernels' huge pages,
  /// and the size from which a buffer is given them.
  static constexpr size_t HugePageSize = 2 << 20;
  static constexpr size_t HugeBufferSize = 4 << 20;

public:
  explicit CPUBackend(const CPUBackendOptions &Options)
      : Team(getTeamSize(Options), Options.BlockTime) {}

  std::string_view getName() const override { return "cpu"; }
  unsigned getConcurrency() const override { return Team.getConcurrency(); }

  Expected<void *> allocate(size_t Size) override {
    // 256 bytes, as cudaMalloc guarantees. A large buffer is laid out in
    // the operating system's huge pages, where it gives them on request
    // (transparent_hugepage "madvise"): a 2 MB page costs one page fault
    // where 4 KB pages cost 512.
    size_t Alignment = Size >= HugeBufferSize ? HugePageSize : 256;
    size_t Rounded = (Size + Alignment - 1) / Alignment * Alignment;
    if (void *P = std::aligned_alloc(Alignment, Rounded)) {
      if (Alignment == HugePageSize)
        madvise(P, Rounded, MADV_HUGEPAGE); // advice: no harm if refused
      return P;
    }
    return Error(MM_ERROR_OUT_OF_MEMORY, "cannot allocate " +
                                             std::to_string(Size) +
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
  void releaseThreads() override { Team.release(); }

private:
  /// Launches run one at a time, in the order they were made.
  std::mutex LaunchLock;
  WorkerTeam Team;
  /// Nanoseconds per block of each kernel's launches: the last launch's,
  /// but at most twice the estimate before it (or 1), so that one launch slowed
  /// down (an interrupt, a page fault, the machine's other work) does not
  /// bring the team, whose threads may have gone to sleep, into the next
  /// launch of a kernel that is cheaper run alone; a kernel whose blocks
  /// really grow costly gets there in a few launches.
  std::unordered_map<const mm_kernel_descriptor *, double> BlockCost;
  /// Bringing other threads into a launch costs about 2 microseconds (the
  /// hand-over, and the cache lines of the launch and of its data that move
  /// between cores): less work than this gains nothing from a second thread.
  static constexpr std::chrono::nanoseconds AloneLimit{5000};
  /// The most blocks of a kernel with spin-waits that run at once, a thread
  /// each: as many as a large GPU holds at once (132 multiprocessors of 8
  /// blocks of 256 threads).
  static constexpr uint64_t MaxBlocksAtOnce = 1056;
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
/// The signals of a crash, and what was there before. The first four are
/// faults, which a kernel's block survives as a trap (the launch fails);
/// the others (an abort, a trap instruction, a bad system call) end the
/// process wherever they come from: a thread that aborts may hold the
/// allocator's locks.
constexpr int CrashSignals[] = {SIGSEGV, SIGBUS,  SIGFPE, SIGILL,
                                SIGABRT, SIGTRAP, SIGSYS};
constexpr size_t NumFaultSignals = 4;
struct sigaction PreviousActions[std::size(CrashSignals)];

/// What a crash by \p Signal was, for its message, without allocating; the
/// address of the fault follows it where \p HasAddress is set.
const char *describeCrash(int Signal, const siginfo_t *Info,
                          bool &HasAddress) {
  HasAddress = Signal == SIGSEGV || Signal == SIGBUS || Signal == SIGILL;
  switch (Signal) {
  case SIGSEGV:
    return "an invalid memory access at address ";
  case SIGBUS:
    return "a bus error at address ";
  case SIGILL:
    return "an illegal instruction at address ";
  case SIGFPE:
    return Info->si_code == FPE_INTDIV || Info->si_code == FPE_INTOVF
               ? "an integer division by zero or overflow"
               : "an arithmetic exception";
  case SIGABRT:
    return "it aborted (SIGABRT)";
  case SIGTRAP:
    return "a trap (SIGTRAP)";
  default:
    return "a bad system call (SIGSYS)";
  }
}

/// What a fault in a kernel was, for its launch's message.
std::string describeFault(int Signal, const siginfo_t *Info) {
  bool HasAddress;
  std::string Text = describeCrash(Signal, Info, HasAddress);
  if (HasAddress) {
    char Address[32];
    std::snprintf(Address, sizeof(Address), "%p", Info->si_addr);
    Text += Address;
  }
  return Text;
}

/// Whether the program's crashes are reported (reportProgramCrashes), and
/// the code that is the tool's, not the program's: the executable sections
/// of mm's and LLVM's libraries (and of mm-lli itself).
std::atomic<bool> ReportingProgramCrashes{false};
struct CodeRange {
  uintptr_t Begin, End;
};
constexpr size_t MaxToolCodeRanges = 64;
CodeRange ToolCode[MaxToolCodeRanges];
std::atomic<size_t> NumToolCodeRanges{0};

/// How many ToolCodeScopes the thread is in.
thread_local unsigned ToolCodeDepth = 0;

bool isToolCode(uintptr_t Address) {
  for (size_t I = 0, E = NumToolCodeRanges.load(); I != E; ++I)
    if (Address >= ToolCode[I].Begin && Address < ToolCode[I].End)
      return true;
  return false;
}

/// The address of the instruction that the signal of \p Context
/// interrupted, or 0 where unknown.
uintptr_t getInterruptedAddress(void *Context) {
  const auto *UC = static_cast<const ucontext_t *>(Context);
#if defined(__x86_64__)
  return static_cast<uintptr_t>(UC->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return static_cast<uintptr_t>(UC->uc_mcontext.pc);
#else
  (void)UC;
  return 0;
#endif
}

/// Appends \p Text to the buffer at \p Out, which ends at \p End.
char *appendText(char *Out, const char *End, const char *Text) {
  while (*Text && Out != End)
    *Out++ = *Text++;
  return Out;
}

/// Appends \p Value in hexadecimal, as 0x..., to the buffer at \p Out.
char *appendHex(char *Out, const char *End, uintptr_t Value) {
  char Digits[2 * sizeof(Value) + 1];
  char *D = Digits + sizeof(Digits) - 1;
  *D = '\0';
  do {
    *--D = "0123456789abcdef"[Value % 16];
    Value /= 16;
  } while (Value);
  return appendText(appendText(Out, End, "0x"), End, D);
}

/// Says on standard error that the program crashed with \p Signal, and ends
/// the process by that signal, as the program would end natively. Calls
/// nothing that allocates or locks: the program may have crashed holding
/// the allocator's lock (a heap it corrupted), where LLVM's stack dump,
/// which allocates, would wait forever.
[[noreturn]] void reportProgramCrash(int Signal, const siginfo_t *Info) {
  char Message[512];
  const char *End = Message + sizeof(Message);
  char *Out = appendText(Message, End, getReporterName().c_str());
  Out = appendText(Out, End, ": error: the program crashed: ");
  bool HasAddress;
  Out = appendText(Out, End, describeCrash(Signal, Info, HasAddress));
  if (HasAddress)
    Out = appendHex(Out, End, reinterpret_cast<uintptr_t>(Info->si_addr));
  Out = appendText(Out, End, "\n");
  for (const char *Pending = Message; Pending != Out;) {
    ssize_t Written = ::write(STDERR_FILENO, Pending, Out - Pending);
    if (Written <= 0)
      break;
    Pending += Written;
  }
  ::signal(Signal, SIG_DFL);
  ::raise(Signal);
  ::_exit(128 + Signal);
}

/// A fault on a thread that runs a block is the kernel's: it fails the
/// launch, as a trap does. Any other crash is the program's, where it is
/// not in the tool's own code and the program's crashes are reported
/// (reportProgramCrash); else it goes to the handler that was there before
/// (LLVM's crash report, or a sanitizer's).
void handleFault(int Signal, siginfo_t *Info, void *Context) {
  size_t Index = std::find(std::begin(CrashSignals), std::end(CrashSignals),
                           Signal) -
                 std::begin(CrashSignals);
  bool IsFault = Index < NumFaultSignals;
  if (Worker *W = RunningWorker; W && IsFault) {
    LaunchState &L = *W->Launch;
    bool IsMemory = Signal == SIGSEGV || Signal == SIGBUS;
    L.fail(IsMemory ? MM_ERROR_ILLEGAL_ADDRESS : MM_ERROR_LAUNCH_FAILED,
           "kernel '" + L.Kernel.Name + "' of submodule '" + L.Kernel.Module +
               "' faulted: " + describeFault(Signal, Info) + " (" +
               describeBlocks(W->Context) + ")");
    siglongjmp(W->TrapJump, 1);
  }
  if (ReportingProgramCrashes.load() && !ToolCodeDepth &&
      !isToolCode(getInterruptedAddress(Context)))
    reportProgramCrash(Signal, Info);
  sigaction(Signal, &PreviousActions[Index], nullptr);
  // A fault runs its instruction again, under that handler, when this one
  // returns; a signal that was sent is sent again.
  if (!IsFault || Info->si_code <= 0)
    ::raise(Signal);
}

/// The signal by which a failed launch whose blocks run at once abandons the
/// blocks still running (MM_KERNEL_SPIN_WAITS): they may wait forever for
/// the stores of the block that failed.
int getAbandonSignal() { return SIGRTMIN + 4; }

/// Abandons the block that this thread runs, if any, as a trap does; the
/// launch has recorded its error.
void handleAbandon(int) {
  if (Worker *W = RunningWorker)
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

/// Installs handleFault for the crash signals and handleAbandon for the
/// abandon signal, once per process, and gives the calling thread an
/// alternate signal stack, once per thread.
static void installFaultHandlers() {
  static std::once_flag Installed;
  std::call_once(Installed, [] {
    struct sigaction Action = {};
    Action.sa_sigaction = handleFault;
    Action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&Action.sa_mask);
    for (size_t I = 0; I != std::size(CrashSignals); ++I)
      sigaction(CrashSignals[I], &Action, &PreviousActions[I]);
    struct sigaction Abandon = {};
    Abandon.sa_handler = handleAbandon;
    Abandon.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&Abandon.sa_mask);
    sigaction(getAbandonSignal(), &Abandon, nullptr);
  });
  thread_local AlternateSignalStack Stack;
}

ToolCodeScope::ToolCodeScope() { ++ToolCodeDepth; }
ToolCodeScope::~ToolCodeScope() { --ToolCodeDepth; }

void mm::runtime::reportProgramCrashes(bool ExecutableIsTool) {
  if (ReportingProgramCrashes.exchange(true))
    return;
  struct Search {
    bool ExecutableIsTool;
    size_t Count = 0;
  } Found{ExecutableIsTool};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        auto &Found = *static_cast<Search *>(Data);
        std::string_view Path = Info->dlpi_name ? Info->dlpi_name : "";
        std::string_view Name = Path.substr(Path.rfind('/') + 1);
        bool IsTool = Path.empty() ? Found.ExecutableIsTool
                                   : Name.rfind("libLLVM", 0) == 0 ||
                                         Name.rfind("libMLIR", 0) == 0 ||
                                         Name.rfind("libMM", 0) == 0 ||
                                         Name.rfind("libmm-lli-jit", 0) == 0;
        for (unsigned I = 0; IsTool && I != Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &Segment = Info->dlpi_phdr[I];
          if (Segment.p_type != PT_LOAD || !(Segment.p_flags & PF_X) ||
              Found.Count == MaxToolCodeRanges)
            continue;
          uintptr_t Begin = Info->dlpi_addr + Segment.p_vaddr;
          ToolCode[Found.Count++] = {Begin, Begin + Segment.p_memsz};
        }
        return 0;
      },
      &Found);
  NumToolCodeRanges.store(Found.Count);
  installFaultHandlers();
}

/// Runs blocks of \p W's launch, a chunk of consecutive blocks at a time,
/// from its own share and then from the others', until none is left or the
/// launch failed: one block per call of the block function, or the chunk's
/// blocks of one row of the grid per call if the kernel takes ranges. A trap
/// in a block longjmps back here; the trap has recorded the error.
static void runBlocks(Worker &W) {
  LaunchState &L = *W.Launch;
  if (sigsetjmp(W.TrapJump, /*savemask=*/0)) {
    RunningWorker = nullptr;
    return;
  }
  const mm_dim3 &Grid = L.Config.Grid;
  const mm_kernel_descriptor &D = *L.Kernel.Descriptor;
  bool Ranges = D.flags & MM_KERNEL_BLOCK_RANGES;
  unsigned NumShares = L.NumShares;
  for (unsigned Taken = 0; Taken != NumShares;) {
    if (L.Failed.load(std::memory_order_relaxed))
      return;
    BlockShare &Share = L.Shares[(W.Index + Taken) % NumShares];
    uint64_t First =
        Share.Next.fetch_add(L.ChunkSize, std::memory_order_relaxed);
    if (First >= Share.End) {
      ++Taken;
      continue;
    }
    uint64_t End = std::min(First + L.ChunkSize, Share.End);
    // The chunk's first block by division, the others by counting.
    uint32_t X = First % Grid.x;
    uint32_t Y = First / Grid.x % Grid.y;
    uint32_t Z = First / (uint64_t(Grid.x) * Grid.y);
    for (uint64_t I = First, Count; I < End; I += Count) {
      Count = Ranges ? std::min<uint64_t>(End - I, Grid.x - X) : 1;
      W.Context.block_idx = {X, Y, Z};
      W.Context.block_count_x = Count;
      RunningWorker = &W;
      W.NewBlock = true;
      D.block_fn(L.Args, &W.Context);
      RunningWorker = nullptr;
      X += Count;
      if (X == Grid.x) {
        X = 0;
        if (++Y == Grid.y) {
          Y = 0;
          ++Z;
        }
      }
    }
  }
}

/// Runs blocks of \p L as worker \p Index, in \p Memory, grown as the
/// kernel needs.
static void runWorker(LaunchState &L, unsigned Index, WorkerMemory &Memory) {
  const mm_kernel_descriptor &D = *L.Kernel.Descriptor;
  const LaunchConfig &C = L.Config;
  uint64_t ThreadsPerBlock = uint64_t(C.Block.x) * C.Block.y * C.Block.z;
  char *StaticShared = Memory.StaticShared.get(D.static_shared_size);
  char *DynamicShared = Memory.DynamicShared.get(C.DynamicSharedSize);
  char *Scratch = Memory.Scratch.get(D.thread_scratch_size * ThreadsPerBlock);
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
  W.Index = Index;
  W.Context.grid_dim = C.Grid;
  W.Context.block_dim = C.Block;
  W.Context.static_shared = StaticShared;
  W.Context.dynamic_shared = DynamicShared;
  W.Context.dynamic_shared_size = C.DynamicSharedSize;
  W.Context.thread_scratch = Scratch;
  W.Context.runtime = &W;
  auto Start = std::chrono::steady_clock::now();
  runBlocks(W);
  L.BusyNanoseconds.fetch_add(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now() - Start)
          .count(),
      std::memory_order_relaxed);
}

/// Runs \p L's blocks, whose threads may wait for other blocks' stores
/// (MM_KERNEL_SPIN_WAITS), in the grid's order, each thread one block at a
/// time: \p Threads threads at first, while the launching thread watches.
/// Whenever no block has finished for a while and blocks are left that have
/// not started, twice as many threads run, up to the MaxBlocks that a GPU
/// holds at once: a grid whose blocks wait only for earlier blocks (a
/// chained scan) runs on a few threads, one whose blocks wait for any other,
/// or run long, ends up all at once. Once the launch fails, the blocks still
/// running are abandoned.
static void runWaitingBlocks(LaunchState &L, unsigned Threads,
                             uint64_t MaxBlocks) {
  BlockShare Share;
  Share.End = L.NumBlocks;
  L.Shares = &Share;
  L.NumShares = 1;
  L.ChunkSize = 1;
  // Deques: a thread's memory and flag stay where they are as others start.
  std::deque<WorkerMemory> Memory;
  std::deque<std::atomic<bool>> Finished;
  std::vector<pthread_t> Running;
  unsigned HardwareThreads = std::max(1u, std::thread::hardware_concurrency());
  // Starts \p Count more threads; false if the system gives fewer, which
  // fails the launch: its blocks may wait for one that cannot start.
  auto Start = [&](uint64_t Count) {
    for (uint64_t I = 0; I != Count; ++I) {
      unsigned Index = Running.size();
      WorkerMemory &Own = Memory.emplace_back();
      std::atomic<bool> &Done = Finished.emplace_back(false);
      int Errno;
      std::optional<pthread_t> Thread = startThread(
          [&L, &Own, &Done, Index] {
            runWorker(L, Index, Own);
            Done.store(true, std::memory_order_release);
          },
          Errno);
      if (!Thread) {
        Memory.pop_back();
        Finished.pop_back();
        L.fail(MM_ERROR_LAUNCH_FAILED,
               "kernel '" + L.Kernel.Name + "' of submodule '" +
                   L.Kernel.Module + "' waits in loops for other threads' "
                   "stores, and the system gave no thread for more of its "
                   "blocks (" + std::to_string(Running.size()) +
                   " running): " + std::strerror(Errno));
        break;
      }
      Running.push_back(*Thread);
    }
    L.Oversubscribed.store(Running.size() > HardwareThreads,
                           std::memory_order_relaxed);
  };
  Start(std::min<uint64_t>(std::max(Threads, 1u), L.NumBlocks));
  // No block finished for this long: those running may wait for one that
  // has not started (whether they report it or not: not every wait is a
  // loop that mm-spin-waits finds).
  constexpr std::chrono::milliseconds Stalled{1};
  auto LastFinish = std::chrono::steady_clock::now();
  uint64_t SeenFinished = 0;
  for (unsigned I = 0; I < Running.size(); ++I)
    while (!Finished[I].load(std::memory_order_acquire)) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      // A block that trapped or faulted failed the launch, and blocks that
      // wait for its stores would wait forever: they are abandoned, as a
      // GPU ends a failed grid.
      if (L.Failed.load(std::memory_order_relaxed)) {
        for (unsigned J = I; J < Running.size(); ++J)
          if (!Finished[J].load(std::memory_order_acquire))
            pthread_kill(Running[J], getAbandonSignal());
        continue;
      }
      // Each thread holds one block until none is left to take.
      uint64_t Taken = std::min(Share.Next.load(std::memory_order_relaxed),
                                L.NumBlocks);
      if (Taken == L.NumBlocks)
        continue;
      auto Now = std::chrono::steady_clock::now();
      // Threads just started may not hold their first block yet.
      uint64_t FinishedBlocks =
          Taken - std::min<uint64_t>(Taken, Running.size());
      if (FinishedBlocks != SeenFinished) {
        SeenFinished = FinishedBlocks;
        LastFinish = Now;
      } else if (Now - LastFinish >= Stalled && Running.size() < MaxBlocks) {
        Start(std::min<uint64_t>({Running.size(), L.NumBlocks - Taken,
                                  MaxBlocks - Running.size()}));
        LastFinish = Now;
      }
    }
  for (pthread_t T : Running)
    pthread_join(T, nullptr);
}

//===----------------------------------------------------------------------===//
// The worker team
//===----------------------------------------------------------------------===//

WorkerTeam::WorkerTeam(unsigned NumThreads,
                       std::optional<std::chrono::microseconds> BlockTime)
    : BlockTime(BlockTime), Memory(NumThreads + 1),
      Shares(new BlockShare[NumThreads + 1]) {
  Threads.reserve(NumThreads);
  for (unsigned I = 0; I != NumThreads; ++I) {
    int Errno;
    std::optional<pthread_t> Thread = startThread([this, I] { serve(I + 1); },
                                                  Errno);
    if (!Thread) {
      printWarning("the system gave " + std::to_string(I + 1) + " of the " +
                   std::to_string(NumThreads + 1) + " threads asked for (" +
                   std::strerror(Errno) + "); running kernels on " +
                   std::to_string(I + 1));
      break;
    }
    Threads.push_back(*Thread);
  }
}

WorkerTeam::~WorkerTeam() {
  {
    std::lock_guard<std::mutex> Guard(SleepLock);
    Stopping = true;
  }
  Wake.notify_all();
  for (pthread_t T : Threads)
    pthread_join(T, nullptr);
}

uint64_t WorkerTeam::waitForLaunch(uint64_t Seen) {
  // The launch found open, returned as found: reading OpenLaunch again could
  // find it closed already, which is 0, the team's end.
  uint64_t Open = 0;
  auto NewLaunch = [&] {
    Open = OpenLaunch.load(std::memory_order_acquire);
    return Open != 0 && Open != Seen;
  };
  // Spin: a launch that follows soon finds this thread awake. Yield when
  // the team has more threads than the machine has cores, so that a spinning
  // thread does not keep a working one from running.
  bool Oversubscribed = getConcurrency() > std::thread::hardware_concurrency();
  auto Start = std::chrono::steady_clock::now();
  for (unsigned Spins = 0;; ++Spins) {
    if (NewLaunch())
      return Open;
    if (Stopping.load(std::memory_order_relaxed))
      return 0;
    if (Quiet.load(std::memory_order_relaxed))
      break;
    if (Oversubscribed)
      sched_yield();
    else
      pause();
    if (Spins % 256 == 0 && BlockTime &&
        std::chrono::steady_clock::now() - Start >= *BlockTime)
      break;
  }
  // Sleep until a launch wakes this thread. Sleepers is counted before the
  // launch is checked, and a launch stores its number before it counts the
  // sleepers (both sequentially consistent): one of them sees the other.
  std::unique_lock<std::mutex> Guard(SleepLock);
  Sleepers.fetch_add(1);
  Wake.wait(Guard, [&] { return NewLaunch() || Stopping; });
  Sleepers.fetch_sub(1);
  return Stopping ? 0 : Open;
}

void WorkerTeam::serve(unsigned Index) {
  uint64_t Seen = 0;
  while (uint64_t Launch = waitForLaunch(Seen)) {
    Seen = Launch;
    // A grid of fewer blocks than the team has threads runs on fewer.
    if (Index >= Workers.load(std::memory_order_relaxed))
      continue;
    // Join, then check that the launch is still open: a launch closes
    // before it waits for the joined threads to leave, so either it sees
    // this thread joined, or this thread sees it closed (or another open).
    Joined.fetch_add(1);
    if (OpenLaunch.load() == Launch)
      runWorker(*Current, Index, Memory[Index]);
    Joined.fetch_sub(1, std::memory_order_release);
  }
}

void WorkerTeam::run(LaunchState &L, unsigned MaxWorkers) {
  // As many shares as workers have blocks to run.
  unsigned NumShares = std::min<uint64_t>(
      std::min(MaxWorkers, getConcurrency()), std::max<uint64_t>(L.NumBlocks, 1));
  for (unsigned I = 0; I != NumShares; ++I) {
    Shares[I].Next.store(L.NumBlocks * I / NumShares,
                         std::memory_order_relaxed);
    Shares[I].End = L.NumBlocks * (I + 1) / NumShares;
  }
  L.Shares = Shares.get();
  L.NumShares = NumShares;
  if (NumShares == 1) {
    // The team's threads need not even know.
    if (++AloneInARow == QuietAfter)
      Quiet.store(true, std::memory_order_relaxed);
    runWorker(L, 0, Memory[0]);
    return;
  }
  AloneInARow = 0;
  Quiet.store(false, std::memory_order_relaxed);
  Workers.store(NumShares, std::memory_order_relaxed);
  Current = &L;
  OpenLaunch.store(++LastLaunch);
  if (Sleepers.load()) {
    // Taking the lock orders this notification after a sleeper's check.
    { std::lock_guard<std::mutex> Guard(SleepLock); }
    Wake.notify_all();
  }
  runWorker(L, 0, Memory[0]);
  // Every block has been taken: threads that come now have nothing to do.
  OpenLaunch.store(0);
  for (unsigned Spins = 0; Joined.load(std::memory_order_acquire); ++Spins)
    if (Spins < 4096)
      pause();
    else
      sched_yield();
  Current = nullptr;
}

Error CPUBackend::launch(const KernelInfo &Kernel, const LaunchConfig &Config,
                         void **Args) {
  std::lock_guard<std::mutex> Guard(LaunchLock);
  LaunchState L(Kernel, Config, Args);
  const mm_kernel_descriptor *D = Kernel.Descriptor;
  if (D->flags & MM_KERNEL_SPIN_WAITS) {
    if (L.NumBlocks > MaxBlocksAtOnce)
      return Error(
          MM_ERROR_LAUNCH_FAILED,
          "kernel '" + Kernel.Name + "' of submodule '" + Kernel.Module +
              "' waits in loops for other threads' stores, so its "
              "blocks may all have to run at once; its grid has " +
              std::to_string(L.NumBlocks) + " blocks, more than the " +
              std::to_string(MaxBlocksAtOnce) + " that mm runs at once");
    runWaitingBlocks(L, Team.getConcurrency(), MaxBlocksAtOnce);
    return L.Failed ? Error(L.Status, L.Error) : Error::success();
  }
  // A launch whose blocks are predicted, from the kernel's last launches, to
  // take less time altogether than it takes to bring another thread in
  // runs on the launching thread alone.
  auto Known = BlockCost.find(D);
  bool Alone = Known != BlockCost.end() &&
               Known->second * L.NumBlocks < AloneLimit.count();
  uint64_t Workers = std::min<uint64_t>(Alone ? 1 : Team.getConcurrency(),
                                        L.NumBlocks);
  // Sixteen chunks per worker balance blocks of uneven cost; a chunk per
  // block would make every small block pay for an atomic operation.
  L.ChunkSize = std::max<uint64_t>(1, L.NumBlocks / (Workers * 16));
  Team.run(L, Workers);
  double Cost = double(L.BusyNanoseconds.load()) / L.NumBlocks;
  if (Known == BlockCost.end())
    BlockCost.emplace(D, Cost);
  else
    Known->second = std::min(Cost, std::max(2 * Known->second, 1.0));
  if (!L.Failed)
    return Error::success();
  return Error(L.Status, L.Error);
}

/// Reads \p Text, all of it, as a decimal number.
static bool parseUnsigned(std::string_view Text, unsigned &Value) {
  const char *End = Text.data() + Text.size();
  auto [Stop, Failure] = std::from_chars(Text.data(), End, Value);
  return !Text.empty() && Failure == std::errc() && Stop == End;
}

Error mm::runtime::parseBlockTime(
    std::string_view Text, std::string_view Source,
    std::optional<std::chrono::microseconds> &BlockTime) {
  if (Text == "infinite") {
    BlockTime.reset();
    return Error::success();
  }
  unsigned Milliseconds;
  if (!parseUnsigned(Text, Milliseconds))
    return Error(MM_ERROR_INVALID_VALUE,
                 std::string(Source) + ": '" + std::string(Text) +
                     "' is neither a number of milliseconds nor 'infinite'");
  BlockTime = std::chrono::milliseconds(Milliseconds);
  return Error::success();
}

Error mm::runtime::readCPUBackendEnvironment(CPUBackendOptions &Options,
                                             CPUBackendEnvironment Read) {
  if (const char *Threads = std::getenv("MM_THREADS");
      Read.Threads && Threads && *Threads)
    if (!parseUnsigned(Threads, Options.Threads))
      return Error(MM_ERROR_INVALID_VALUE, "MM_THREADS: '" +
                                               std::string(Threads) +
                                               "' is not a number of threads");
  if (const char *BlockTime = std::getenv("MM_BLOCKTIME");
      Read.BlockTime && BlockTime && *BlockTime)
    return parseBlockTime(BlockTime, "MM_BLOCKTIME", Options.BlockTime);
  return Error::success();
}

std::unique_ptr<Backend>
mm::runtime::createCPUBackend(const CPUBackendOptions &Options) {
  return std::make_unique<CPUBackend>(Options);
}

//===----------------------------------------------------------------------===//
// The device entry points of mm-runtime/mm_block_abi.h.
//===----------------------------------------------------------------------===//

/// Serializes device printf output, so that each call's text stays whole.
static std::mutex PrintfLock;

extern "C" {

/// Fails the launch that \p Ctx's block belongs to with \p Status, for a
/// trap of kind \p What ("trapped", "failed an assertion") in \p Function,
/// \p Why if not null, and abandons the block.
[[noreturn]] static void trap(mm_block_context *Ctx, const char *Function,
                              mm_status Status, const char *What,
                              const char *Why = nullptr) {
  Worker *W = Ctx ? static_cast<Worker *>(Ctx->runtime) : nullptr;
  const char *Name = Function ? Function : "<unknown>";
  if (!W) {
    // A device function called directly by the host trapped: there is no
    // launch to abandon, and a trap does not return.
    std::fflush(stdout);
    std::fprintf(stderr, "error: device function '%s' %s outside a kernel "
                         "launch%s%s\n",
                 Name, What, Why ? ": " : "", Why ? Why : "");
    std::_Exit(EXIT_FAILURE);
  }
  LaunchState &L = *W->Launch;
  L.fail(Status, "kernel '" + L.Kernel.Name + "' of submodule '" +
                     L.Kernel.Module + "' " + What + " in function '" + Name +
                     "' (" + describeBlocks(*Ctx) + ")" +
                     (Why ? std::string(": ") + Why : std::string()));
  siglongjmp(W->TrapJump, 1);
}

void __mm_device_trap(mm_block_context *Ctx, const char *Function) {
  trap(Ctx, Function, MM_ERROR_LAUNCH_FAILED, "trapped");
}

void __mm_device_assert_fail(mm_block_context *Ctx, const char *Function) {
  trap(Ctx, Function, MM_ERROR_ASSERT, "failed an assertion");
}

void __mm_device_unsupported(mm_block_context *Ctx, const char *Function,
                             const char *Why) {
  trap(Ctx, Function, MM_ERROR_LAUNCH_FAILED,
       "reached what mm cannot run on the CPU", Why);
}

/// Reports the access of \p Size bytes of kind \p Kind at \p Site by thread
/// (\p ThreadX, \p ThreadY, \p ThreadZ), wrong for \p Problem, and fails
/// the running launch, or ends the program where the host called the device
/// function directly. Every string lives here, so that the caller's
/// siglongjmp leaves none behind.
static void failAccess(const std::string &Problem, uint64_t Size,
                       uint32_t Kind, const char *Site, uint32_t ThreadX,
                       uint32_t ThreadY, uint32_t ThreadZ) {
  if (Runtime *R = getCurrentRuntime())
    R->noteMemoryError();
  const char *Access = Kind & MM_ACCESS_ATOMIC  ? "atomic access"
                       : Kind & MM_ACCESS_WRITE ? "write"
                                                : "read";
  const char *Memory = Kind & MM_ACCESS_SHARED  ? "shared "
                       : Kind & MM_ACCESS_LOCAL ? "local "
                                                : "global ";
  std::string Why = std::string("invalid ") + Memory + Access + " of " +
                    std::to_string(Size) + " byte" + (Size == 1 ? "" : "s") +
                    " at " + Site + " by thread (" + std::to_string(ThreadX) +
                    ", " + std::to_string(ThreadY) + ", " +
                    std::to_string(ThreadZ) + "): " + Problem;
  Worker *W = RunningWorker;
  if (!W) {
    // A device function that the host called directly.
    std::fflush(stdout);
    printError("memcheck: " + Why);
    std::_Exit(EXIT_FAILURE);
  }
  LaunchState &L = *W->Launch;
  L.fail(MM_ERROR_LAUNCH_FAILED,
         "memcheck: kernel '" + L.Kernel.Name + "' of submodule '" +
             L.Kernel.Module + "' (" + describeBlocks(W->Context) + "): " +
             Why);
}

/// Checks an access for __mm_device_check_access; true where it is wrong
/// and the launch failed (failAccess).
static bool failInvalidAccess(const void *Address, uint64_t Size,
                              uint32_t Kind, const char *Site,
                              uint32_t ThreadX, uint32_t ThreadY,
                              uint32_t ThreadZ) {
  Runtime *R = getCurrentRuntime();
  if (!R)
    return false;
  Worker *W = RunningWorker;
  std::optional<std::string> Problem = R->checkAccess(Address, Size, Kind);
  if (!Problem && (Kind & MM_ACCESS_SHARED) && W)
    Problem = MemoryChecker::checkShared(
        reinterpret_cast<uintptr_t>(Address), Size, W->Context.static_shared,
        W->Launch->Kernel.Descriptor->static_shared_size,
        W->Context.dynamic_shared, W->Context.dynamic_shared_size);
  if (!Problem)
    return false;
  failAccess(*Problem, Size, Kind, Site, ThreadX, ThreadY, ThreadZ);
  return true;
}

void __mm_device_check_access(const void *Address, uint64_t Size,
                              uint32_t Kind, const char *Site,
                              uint32_t ThreadX, uint32_t ThreadY,
                              uint32_t ThreadZ) {
  if (failInvalidAccess(Address, Size, Kind, Site, ThreadX, ThreadY, ThreadZ))
    siglongjmp(RunningWorker->TrapJump, 1);
}

/// failAccess for an access of a local variable of \p VariableSize bytes at
/// \p Variable that the access is not within.
static void failLocalAccess(const void *Address, uint64_t Size, uint32_t Kind,
                            const char *Site, uint32_t ThreadX,
                            uint32_t ThreadY, uint32_t ThreadZ,
                            const void *Variable, uint64_t VariableSize) {
  uintptr_t At = reinterpret_cast<uintptr_t>(Address);
  uintptr_t Start = reinterpret_cast<uintptr_t>(Variable);
  uintptr_t End = Start + VariableSize;
  std::string Where =
      At < Start ? "is " + std::to_string(Start - At) + " bytes before"
      : At >= End
          ? "is " + std::to_string(At - End) + " bytes after the end of"
          : "runs " + std::to_string(At + Size - End) +
                " bytes past the end of";
  failAccess("the access " + Where + " a local variable of " +
                 std::to_string(VariableSize) + " bytes",
             Size, Kind, Site, ThreadX, ThreadY, ThreadZ);
}

void __mm_device_report_local_access(const void *Address, uint64_t Size,
                                     uint32_t Kind, const char *Site,
                                     uint32_t ThreadX, uint32_t ThreadY,
                                     uint32_t ThreadZ, const void *Variable,
                                     uint64_t VariableSize) {
  failLocalAccess(Address, Size, Kind, Site, ThreadX, ThreadY, ThreadZ,
                  Variable, VariableSize);
  siglongjmp(RunningWorker->TrapJump, 1);
}

/// This thread's racecheck state, its shared memory's kept from one block to
/// the next.
static thread_local RaceChecker ThreadRaceChecker;

/// The racecheck state of the block that \p W runs, begun if the block is
/// new.
static RaceChecker &getRaceChecker(Worker &W) {
  if (W.NewBlock) {
    const mm_block_context &C = W.Context;
    ThreadRaceChecker.beginBlock(
        C.block_dim.x * C.block_dim.y * C.block_dim.z,
        W.Launch->Kernel.Descriptor->warp_size,
        W.Launch->Kernel.Descriptor->static_shared_size +
            C.dynamic_shared_size);
    W.NewBlock = false;
  }
  return ThreadRaceChecker;
}

/// The index in its block of the thread of index (X, Y, Z), x fastest.
static uint32_t getLinearThreadIndex(const mm_block_context &C, uint32_t X,
                                     uint32_t Y, uint32_t Z) {
  return X + C.block_dim.x * (Y + C.block_dim.y * Z);
}

/// "(X, Y, Z)" of the thread of linear index \p Thread in \p C's block.
static std::string describeThread(const mm_block_context &C,
                                  uint32_t Thread) {
  uint32_t X = C.block_dim.x, XY = X * C.block_dim.y;
  return "(" + std::to_string(Thread % X) + ", " +
         std::to_string(Thread % XY / X) + ", " +
         std::to_string(Thread / XY) + ")";
}

void __mm_device_check_race(const void *Address, uint64_t Size,
                            uint32_t Kind, const char *Site,
                            uint32_t ThreadX, uint32_t ThreadY,
                            uint32_t ThreadZ) {
  Worker *W = RunningWorker;
  Runtime *R = getCurrentRuntime();
  if (!W || !R || (Kind & MM_ACCESS_SAME_VALUE))
    return;
  const mm_block_context &C = W->Context;
  uint64_t StaticSize = W->Launch->Kernel.Descriptor->static_shared_size;
  uintptr_t At = reinterpret_cast<uintptr_t>(Address);
  uintptr_t Static = reinterpret_cast<uintptr_t>(C.static_shared);
  uintptr_t Dynamic = reinterpret_cast<uintptr_t>(C.dynamic_shared);
  uint64_t Offset;
  if (At - Static < StaticSize)
    Offset = At - Static;
  else if (At - Dynamic < C.dynamic_shared_size)
    Offset = StaticSize + (At - Dynamic);
  else
    return; // Outside the block's shared memory: memcheck's to report.
  uint32_t Thread = getLinearThreadIndex(C, ThreadX, ThreadY, ThreadZ);
  std::optional<RaceHazard> Hazard = getRaceChecker(*W).access(
      Thread, Offset, Size, Kind & MM_ACCESS_WRITE, Site);
  if (!Hazard ||
      !R->noteRaceHazard(Hazard->K, Hazard->EarlierSite, Hazard->LaterSite))
    return;
  static const char *const Kinds[] = {"read-after-write", "write-after-read",
                                      "write-after-write"};
  static const char *const Verbs[] = {"wrote", "read", "wrote"};
  const LaunchState &L = *W->Launch;
  std::fflush(stdout);
  printError("racecheck: kernel '" + L.Kernel.Name + "' of submodule '" +
             L.Kernel.Module + "' (" + describeBlocks(C) + "): " +
             Kinds[Hazard->K] + " hazard on shared memory at offset " +
             std::to_string(Hazard->Offset) + ": thread " +
             describeThread(C, Hazard->LaterThread) +
             (Kind & MM_ACCESS_WRITE ? " writes at " : " reads at ") +
             Hazard->LaterSite + " what thread " +
             describeThread(C, Hazard->EarlierThread) + " " +
             Verbs[Hazard->K] + " at " + Hazard->EarlierSite +
             ", with no barrier between");
}

void __mm_device_pass_barrier(uint32_t Scope, uint32_t ThreadX,
                              uint32_t ThreadY, uint32_t ThreadZ) {
  if (Worker *W = RunningWorker)
    getRaceChecker(*W).passBarrier(
        getLinearThreadIndex(W->Context, ThreadX, ThreadY, ThreadZ),
        Scope == MM_BARRIER_WARP);
}

void __mm_device_block_spins(mm_block_context *Ctx) {
  const Worker *W = static_cast<const Worker *>(Ctx->runtime);
  if (W->Launch->Oversubscribed.load(std::memory_order_relaxed))
    sched_yield();
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
      std::vector<uint64_t>(Args, Args + std::min<uint32_t>(NumArgs, 7)));
  return finishIfLast(Message, IsLast);
}

} // extern "C"
