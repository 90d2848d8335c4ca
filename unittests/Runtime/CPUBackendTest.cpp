//===- CPUBackendTest.cpp - The runtime and its CPU backend ---------------===//
//
// Kernels here are block functions written by hand to the block ABI
// (mm-runtime/mm_block_abi.h), as the device lowering produces them.
//
//===----------------------------------------------------------------------===//

#include "mm/Runtime/Runtime.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <numeric>
#include <optional>
#include <thread>
#include <vector>

using namespace mm::runtime;

namespace {

testing::AssertionResult succeeded(Error E) {
  if (!E)
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << E.getMessage();
}

/// Succeeds if \p E fails with exactly \p Message (any message if empty).
testing::AssertionResult failedWith(Error E, std::string_view Message = "") {
  if (!E)
    return testing::AssertionFailure() << "succeeded";
  const std::string &Actual = E.getMessage();
  if (Message.empty() || Actual == Message)
    return testing::AssertionSuccess();
  return testing::AssertionFailure() << "failed with '" << Actual << "'";
}

/// data[global id] += 1 for every thread.
void addOneBlock(void **Args, mm_block_context *Ctx) {
  int *Data = *static_cast<int **>(Args[0]);
  for (uint32_t T = 0; T < Ctx->block_dim.x; ++T)
    Data[Ctx->block_idx.x * Ctx->block_dim.x + T] += 1;
}

/// Each thread stores its element in static shared memory; then the block
/// sums its shared memory into out[block]. Blocks running at once must not
/// see each other's shared memory.
void blockSumBlock(void **Args, mm_block_context *Ctx) {
  const int *In = *static_cast<int **>(Args[0]);
  int *Out = *static_cast<int **>(Args[1]);
  int *Shared = reinterpret_cast<int *>(Ctx->static_shared);
  uint32_t N = Ctx->block_dim.x;
  for (uint32_t T = 0; T < N; ++T)
    Shared[T] = In[Ctx->block_idx.x * N + T];
  int Sum = 0;
  for (uint32_t T = 0; T < N; ++T)
    Sum += Shared[T];
  Out[Ctx->block_idx.x] = Sum;
}

/// Traps in block 5.
void trapBlock(void **, mm_block_context *Ctx) {
  if (Ctx->block_idx.x == 5)
    __mm_device_trap(Ctx, "trap_here");
}

/// Fails a device assert in block 2.
void assertBlock(void **, mm_block_context *Ctx) {
  if (Ctx->block_idx.x == 2)
    __mm_device_assert_fail(Ctx, "assert_here");
}

/// data[global id] += 1 for every thread, in a block that takes at least
/// 2 microseconds: long enough that launches of it use the whole team.
void slowAddOneBlock(void **Args, mm_block_context *Ctx) {
  auto Start = std::chrono::steady_clock::now();
  addOneBlock(Args, Ctx);
  while (std::chrono::steady_clock::now() - Start < std::chrono::microseconds(2))
    ;
}

/// Records in threads[block] the thread that ran the block.
void recordThreadBlock(void **Args, mm_block_context *Ctx) {
  auto *Threads = *static_cast<std::thread::id **>(Args[0]);
  Threads[Ctx->block_idx.x] = std::this_thread::get_id();
}

/// Set to stall the next block of record_thread_or_stall for a millisecond.
std::atomic<bool> StallOnce{false};

/// As recordThreadBlock, in a block that takes half a microsecond (a
/// thread of the team that joins the launch finds its blocks still to run),
/// but a block that finds StallOnce set clears it and takes a millisecond,
/// as a block interrupted or preempted would.
void recordThreadOrStallBlock(void **Args, mm_block_context *Ctx) {
  auto Start = std::chrono::steady_clock::now();
  recordThreadBlock(Args, Ctx);
  if (StallOnce.exchange(false))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  while (std::chrono::steady_clock::now() - Start <
         std::chrono::nanoseconds(500))
    ;
}

/// Each thread fills its element of dynamic shared memory with its index;
/// thread 0 then checks them all and writes to out[block] whether they held.
void dynamicSharedBlock(void **Args, mm_block_context *Ctx) {
  int *Out = *static_cast<int **>(Args[0]);
  int *Shared = reinterpret_cast<int *>(Ctx->dynamic_shared);
  uint32_t N = Ctx->dynamic_shared_size / sizeof(int);
  for (uint32_t I = 0; I < N; ++I)
    Shared[I] = int(I + Ctx->block_idx.x);
  bool Held = true;
  for (uint32_t I = 0; I < N; ++I)
    Held &= Shared[I] == int(I + Ctx->block_idx.x);
  Out[Ctx->block_idx.x] = Held;
}

/// Stores through the pointer it is given, in block 1.
void storeBlock(void **Args, mm_block_context *Ctx) {
  volatile int *Target = *static_cast<int *volatile *>(Args[0]);
  if (Ctx->block_idx.x == 1)
    *Target = 1;
}

mm_kernel_descriptor makeDescriptor(const char *Name, mm_block_fn Fn,
                                    uint32_t NumParams,
                                    uint64_t StaticShared = 0) {
  mm_kernel_descriptor D = {};
  D.abi_version = MM_BLOCK_ABI_VERSION;
  D.static_shared_size = StaticShared;
  D.num_params = NumParams;
  D.warp_size = 32;
  D.max_threads_per_block = 1024;
  D.block_fn = Fn;
  D.name = Name;
  return D;
}

class FakeProvider : public KernelProvider {
public:
  std::map<std::string, mm_kernel_descriptor, std::less<>> Kernels;

  Expected<KernelInfo> getKernel(std::string_view Module,
                                 std::string_view Kernel) override {
    auto It = Kernels.find(Kernel);
    if (Module != "kernels" || It == Kernels.end())
      return Error(MM_ERROR_NOT_FOUND, "submodule '" + std::string(Module) +
                                           "' has no kernel '" +
                                           std::string(Kernel) + "'");
    return KernelInfo{std::string(Module), std::string(Kernel), &It->second};
  }
  Expected<KernelInfo> getKernelForHostFunction(const void *) override {
    return Error(MM_ERROR_NOT_FOUND, "no host stubs");
  }
  Expected<DeviceVariable> getDeviceVariableForHostShadow(const void *) override {
    return Error(MM_ERROR_NOT_FOUND, "no host shadows");
  }
};

class CPUBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    Provider.Kernels["add_one"] = makeDescriptor("add_one", addOneBlock, 1);
    Provider.Kernels["block_sum"] =
        makeDescriptor("block_sum", blockSumBlock, 2, 64 * sizeof(int));
    Provider.Kernels["trap"] = makeDescriptor("trap", trapBlock, 0);
    Provider.Kernels["assert"] = makeDescriptor("assert", assertBlock, 0);
    Provider.Kernels["slow_add_one"] =
        makeDescriptor("slow_add_one", slowAddOneBlock, 1);
    Provider.Kernels["record_thread"] =
        makeDescriptor("record_thread", recordThreadBlock, 1);
    Provider.Kernels["record_thread_or_stall"] =
        makeDescriptor("record_thread_or_stall", recordThreadOrStallBlock, 1);
    Provider.Kernels["dynamic_shared"] =
        makeDescriptor("dynamic_shared", dynamicSharedBlock, 1);
    Provider.Kernels["store"] = makeDescriptor("store", storeBlock, 1);
    start({/*Threads=*/4});
  }
  /// Replaces the runtime by one over a CPU backend with \p Options.
  void start(const CPUBackendOptions &Options) {
    setCurrentRuntime(nullptr);
    R.reset();
    R = std::make_unique<Runtime>(createCPUBackend(Options), Provider);
    setCurrentRuntime(R.get());
  }
  void TearDown() override { setCurrentRuntime(nullptr); }

  const mm_kernel *kernel(std::string_view Name) {
    Expected<const mm_kernel *> K = R->getKernel("kernels", Name);
    if (!K) {
      ADD_FAILURE() << K.takeError().getMessage();
      return nullptr;
    }
    return *K;
  }

  FakeProvider Provider;
  std::unique_ptr<Runtime> R;
};

TEST_F(CPUBackendTest, EveryBlockRunsOnce) {
  const unsigned Blocks = 257, Threads = 32;
  Expected<void *> Mem = R->allocate(Blocks * Threads * sizeof(int));
  ASSERT_TRUE(bool(Mem)) << Mem.takeError().getMessage();
  std::vector<int> Host(Blocks * Threads);
  std::iota(Host.begin(), Host.end(), 0);
  ASSERT_TRUE(succeeded(R->copy(*Mem, Host.data(), Host.size() * sizeof(int),
                                MM_MEMCPY_HOST_TO_DEVICE)));
  void *Arg = *Mem;
  void *Args[] = {&Arg};
  LaunchConfig Config{{Blocks, 1, 1}, {Threads, 1, 1}, 0};
  ASSERT_TRUE(succeeded(R->launch(kernel("add_one"), Config, Args)));
  ASSERT_TRUE(succeeded(R->synchronize()));
  std::vector<int> Result(Host.size());
  ASSERT_TRUE(
      succeeded(R->copy(Result.data(), *Mem, Result.size() * sizeof(int),
                        MM_MEMCPY_DEVICE_TO_HOST)));
  for (size_t I = 0; I < Result.size(); ++I)
    EXPECT_EQ(Result[I], Host[I] + 1) << "element " << I;
  EXPECT_TRUE(succeeded(R->free(*Mem)));
}

TEST_F(CPUBackendTest, EachBlockHasItsOwnSharedMemory) {
  const unsigned Blocks = 500, Threads = 64;
  std::vector<int> In(Blocks * Threads), Out(Blocks);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = int(I % 97);
  int *InPtr = In.data(), *OutPtr = Out.data();
  void *Args[] = {&InPtr, &OutPtr};
  LaunchConfig Config{{Blocks, 1, 1}, {Threads, 1, 1}, 0};
  ASSERT_TRUE(succeeded(R->launch(kernel("block_sum"), Config, Args)));
  for (unsigned B = 0; B < Blocks; ++B)
    EXPECT_EQ(Out[B], std::accumulate(In.begin() + B * Threads,
                                      In.begin() + (B + 1) * Threads, 0))
        << "block " << B;
}

// Launch after launch, of grids smaller and larger than the team, with
// workers that spin between launches and with workers that sleep: every
// block runs once per launch. (The blocks take long enough that the
// launches do not run on the launching thread alone.)
TEST_F(CPUBackendTest, EveryBlockRunsOnceLaunchAfterLaunch) {
  for (std::optional<std::chrono::microseconds> BlockTime :
       {std::optional<std::chrono::microseconds>(std::chrono::milliseconds(200)),
        std::optional<std::chrono::microseconds>(std::chrono::microseconds(0)),
        std::optional<std::chrono::microseconds>()}) {
    start({/*Threads=*/3, BlockTime});
    const unsigned MaxBlocks = 37, Threads = 4;
    std::vector<int> Data(MaxBlocks * Threads, 0);
    int *Ptr = Data.data();
    void *Args[] = {&Ptr};
    std::vector<int> Expected(Data.size(), 0);
    for (unsigned Launch = 0; Launch != 2000; ++Launch) {
      unsigned Blocks = 1 + Launch % MaxBlocks;
      LaunchConfig Config{{Blocks, 1, 1}, {Threads, 1, 1}, 0};
      ASSERT_TRUE(succeeded(R->launch(kernel("slow_add_one"), Config, Args)));
      for (unsigned I = 0; I != Blocks * Threads; ++I)
        ++Expected[I];
    }
    EXPECT_EQ(Data, Expected);
  }
}

// A launch whose blocks took less time altogether, the last time, than
// waking another thread costs runs on the launching thread alone.
TEST_F(CPUBackendTest, ShortLaunchesRunOnTheLaunchingThread) {
  const unsigned Blocks = 64;
  std::vector<std::thread::id> Threads(Blocks);
  std::thread::id *Ptr = Threads.data();
  void *Args[] = {&Ptr};
  LaunchConfig Config{{Blocks, 1, 1}, {1, 1, 1}, 0};
  // A launch preempted midway looks long: most, not all, of them run alone.
  unsigned Alone = 0;
  for (unsigned Launch = 0; Launch != 20; ++Launch) {
    ASSERT_TRUE(succeeded(R->launch(kernel("record_thread"), Config, Args)));
    Alone += std::count(Threads.begin(), Threads.end(),
                        std::this_thread::get_id()) == Blocks;
  }
  EXPECT_GE(Alone, 10u);
}

// One launch slowed down (a block interrupted for a millisecond) does not
// bring the team into the next launch of a kernel that is cheap run alone
// (3 blocks of half a microsecond): the kernel's estimated cost at most
// doubles.
TEST_F(CPUBackendTest, OneSlowLaunchDoesNotBringTheTeamIn) {
  const unsigned Blocks = 3;
  std::vector<std::thread::id> Threads(Blocks);
  std::thread::id *Ptr = Threads.data();
  void *Args[] = {&Ptr};
  LaunchConfig Config{{Blocks, 1, 1}, {1, 1, 1}, 0};
  auto LaunchRunsAlone = [&] {
    EXPECT_TRUE(
        succeeded(R->launch(kernel("record_thread_or_stall"), Config, Args)));
    return std::count(Threads.begin(), Threads.end(),
                      std::this_thread::get_id()) == Blocks;
  };
  for (unsigned Launch = 0; Launch != 20; ++Launch)
    LaunchRunsAlone();
  // A launch preempted midway looks long too: most, not all, trials hold.
  unsigned Alone = 0;
  for (unsigned Trial = 0; Trial != 10; ++Trial) {
    StallOnce = true;
    LaunchRunsAlone();
    Alone += LaunchRunsAlone();
  }
  EXPECT_GE(Alone, 7u);
}

// After many launches in a row that the launching thread ran alone, the
// team's threads sleep rather than spin; the next launch that needs them
// wakes them, and every block runs once.
TEST_F(CPUBackendTest, ATeamQuietedByShortLaunchesWakesForALongOne) {
  start({/*Threads=*/2, std::optional<std::chrono::microseconds>()});
  const unsigned Short = 4, Long = 4096;
  std::vector<std::thread::id> Threads(Long);
  std::thread::id *Ptr = Threads.data();
  void *Args[] = {&Ptr};
  for (unsigned Launch = 0; Launch != 200; ++Launch)
    ASSERT_TRUE(succeeded(R->launch(kernel("record_thread"),
                                    {{Short, 1, 1}, {1, 1, 1}, 0}, Args)));
  // Asleep, though the block time is infinite: while the launching thread
  // waits 50 ms, the process takes next to no processor time, where a
  // spinning thread would take about 50 ms of it.
  auto ProcessorTime = [] {
    timespec Now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &Now);
    return std::chrono::seconds(Now.tv_sec) +
           std::chrono::nanoseconds(Now.tv_nsec);
  };
  auto Before = ProcessorTime();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(
                ProcessorTime() - Before)
                .count(),
            20);
  std::vector<int> Data(Long, 0);
  int *DataPtr = Data.data();
  void *AddArgs[] = {&DataPtr};
  ASSERT_TRUE(succeeded(R->launch(kernel("slow_add_one"),
                                  {{Long, 1, 1}, {1, 1, 1}, 0}, AddArgs)));
  EXPECT_EQ(Data, std::vector<int>(Long, 1));
}

// mm_release_threads sends a team that spins for the next launch (an
// infinite block time) to sleep at once, and the next launch that needs it
// wakes it: mm's cuBLAS calls it, so that the system BLAS's threads get
// the cores.
TEST_F(CPUBackendTest, ReleasedThreadsSleepAndWakeForTheNextLaunch) {
  start({/*Threads=*/2, std::optional<std::chrono::microseconds>()});
  const unsigned Long = 4096;
  std::vector<int> Data(Long, 0);
  int *DataPtr = Data.data();
  void *Args[] = {&DataPtr};
  ASSERT_TRUE(succeeded(R->launch(kernel("slow_add_one"),
                                  {{Long, 1, 1}, {1, 1, 1}, 0}, Args)));
  mm_release_threads();
  auto ProcessorTime = [] {
    timespec Now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &Now);
    return std::chrono::seconds(Now.tv_sec) +
           std::chrono::nanoseconds(Now.tv_nsec);
  };
  auto Before = ProcessorTime();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(
                ProcessorTime() - Before)
                .count(),
            20);
  ASSERT_TRUE(succeeded(R->launch(kernel("slow_add_one"),
                                  {{Long, 1, 1}, {1, 1, 1}, 0}, Args)));
  EXPECT_EQ(Data, std::vector<int>(Long, 2));
}

// A worker keeps its block memory between launches and grows it when a
// launch needs more.
TEST_F(CPUBackendTest, DynamicSharedMemoryGrowsBetweenLaunches) {
  const unsigned Blocks = 16;
  std::vector<int> Out(Blocks);
  int *OutPtr = Out.data();
  void *Args[] = {&OutPtr};
  for (uint64_t Size : {16, 4096, 64, 48 * 1024, 8}) {
    std::fill(Out.begin(), Out.end(), 0);
    LaunchConfig Config{{Blocks, 1, 1}, {1, 1, 1}, Size};
    ASSERT_TRUE(succeeded(R->launch(kernel("dynamic_shared"), Config, Args)));
    EXPECT_EQ(Out, std::vector<int>(Blocks, 1)) << Size << " bytes";
  }
}

// A fault leaves the thread that ran the block able to catch the next one:
// no signal stays blocked after the handler jumps out of it.
TEST_F(CPUBackendTest, FaultsAreCaughtFaultAfterFault) {
  for (unsigned Run = 0; Run != 3; ++Run) {
    // One thread: each fault happens on this test's thread.
    start({/*Threads=*/1});
    int *Bad = reinterpret_cast<int *>(uintptr_t(16));
    void *Args[] = {&Bad};
    LaunchConfig Config{{4, 1, 1}, {1, 1, 1}, 0};
    Error E = R->launch(kernel("store"), Config, Args);
    EXPECT_EQ(E.getStatus(), MM_ERROR_ILLEGAL_ADDRESS);
    EXPECT_TRUE(failedWith(std::move(E),
                           "kernel 'store' of submodule 'kernels' faulted: "
                           "an invalid memory access at address 0x10 "
                           "(block (1, 0, 0))"))
        << "run " << Run;
  }
}

TEST_F(CPUBackendTest, TrapFailsTheLaunchAndStays) {
  std::vector<std::string> Reported;
  R->setLaunchFailureHandler(
      [&](const Error &Failure) { Reported.push_back(Failure.getMessage()); });
  LaunchConfig Config{{64, 1, 1}, {1, 1, 1}, 0};
  Error E = R->launch(kernel("trap"), Config, nullptr);
  const char *Message = "kernel 'trap' of submodule 'kernels' trapped in "
                        "function 'trap_here' (block (5, 0, 0))";
  EXPECT_EQ(E.getStatus(), MM_ERROR_LAUNCH_FAILED);
  EXPECT_TRUE(failedWith(std::move(E), Message));
  // The handler saw the failure as it happened, and the program got it too.
  EXPECT_EQ(Reported, std::vector<std::string>{Message});
  EXPECT_EQ(R->getFailedLaunchCount(), 1u);
  // Sticky, as on a GPU.
  EXPECT_TRUE(failedWith(R->synchronize()));
  EXPECT_EQ(mm_synchronize(), MM_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(mm_get_last_error(), MM_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(mm_get_last_error(), MM_SUCCESS);
}

TEST_F(CPUBackendTest, FailedAssertFailsTheLaunchAsAnAssertAndStays) {
  LaunchConfig Config{{8, 1, 1}, {1, 1, 1}, 0};
  Error E = R->launch(kernel("assert"), Config, nullptr);
  EXPECT_EQ(E.getStatus(), MM_ERROR_ASSERT);
  EXPECT_TRUE(failedWith(std::move(E),
                         "kernel 'assert' of submodule 'kernels' failed an "
                         "assertion in function 'assert_here' (block (2, 0, "
                         "0))"));
  // Sticky, with its status: a later launch and a synchronize fail with it.
  Error Next = R->launch(kernel("add_one"), Config, nullptr);
  EXPECT_EQ(Next.getStatus(), MM_ERROR_ASSERT);
  EXPECT_TRUE(failedWith(std::move(Next)));
  EXPECT_EQ(mm_synchronize(), MM_ERROR_ASSERT);
  EXPECT_EQ(R->getFailedLaunchCount(), 2u);
}

TEST_F(CPUBackendTest, BadLaunchConfigurations) {
  const mm_kernel *K = kernel("add_one");
  int *Data = nullptr;
  void *Args[] = {&Data};
  EXPECT_EQ(R->launch(K, {{0, 1, 1}, {1, 1, 1}, 0}, Args).getStatus(),
            MM_ERROR_INVALID_CONFIGURATION);
  EXPECT_EQ(R->launch(K, {{1, 1, 1}, {64, 32, 1}, 0}, Args).getStatus(),
            MM_ERROR_INVALID_CONFIGURATION);
  EXPECT_TRUE(failedWith(R->launch(K, {{0, 1, 1}, {1, 1, 1}, 0}, Args),
                         "launch of kernel 'add_one' of "
                         "submodule 'kernels': grid dimension "
                         "(0, 1, 1) has a zero extent"));
  EXPECT_TRUE(failedWith(R->launch(K, {{1, 1, 1}, {64, 32, 1}, 0}, Args),
                         "launch of kernel 'add_one' of "
                         "submodule 'kernels': block of 2048 "
                         "threads exceeds the kernel's limit of "
                         "1024"));
  EXPECT_TRUE(failedWith(R->launch(K, {{1, 1, 1}, {1, 1, 1}, 0}, nullptr),
                         "launch of kernel 'add_one' of "
                         "submodule 'kernels': no arguments for "
                         "its 1 parameters"));
}

TEST_F(CPUBackendTest, LargeAllocationsStartOnHugePages) {
  // 4 MB and more: 2 MB aligned, so that the kernel can back the buffer
  // with transparent huge pages; the whole buffer is usable.
  const size_t Size = (8 << 20) + 100;
  Expected<void *> Mem = R->allocate(Size);
  ASSERT_TRUE(bool(Mem)) << Mem.takeError().getMessage();
  char *Device = static_cast<char *>(*Mem);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(Device) % (2 << 20), 0u);
  EXPECT_TRUE(succeeded(R->set(Device, 5, Size)));
  std::vector<char> Host(Size);
  EXPECT_TRUE(
      succeeded(R->copy(Host.data(), Device, Size, MM_MEMCPY_DEVICE_TO_HOST)));
  EXPECT_EQ(Host.front(), 5);
  EXPECT_EQ(Host.back(), 5);
  EXPECT_TRUE(succeeded(R->free(Device)));

  Expected<void *> Small = R->allocate(100);
  ASSERT_TRUE(bool(Small)) << Small.takeError().getMessage();
  EXPECT_EQ(reinterpret_cast<uintptr_t>(*Small) % 256, 0u);
  EXPECT_TRUE(succeeded(R->free(*Small)));
}

TEST_F(CPUBackendTest, MemoryRangesAreChecked) {
  Expected<void *> Mem = R->allocate(100);
  ASSERT_TRUE(bool(Mem)) << Mem.takeError().getMessage();
  char Host[200] = {};
  char *Device = static_cast<char *>(*Mem);
  EXPECT_TRUE(succeeded(R->set(Device + 50, 7, 50)));
  EXPECT_TRUE(
      succeeded(R->copy(Host, Device + 50, 50, MM_MEMCPY_DEVICE_TO_HOST)));
  EXPECT_EQ(Host[49], 7);
  EXPECT_TRUE(failedWith(
      R->copy(Device + 50, Host, 51, MM_MEMCPY_HOST_TO_DEVICE),
      "destination range of 51 bytes is not within a device allocation"));
  EXPECT_TRUE(failedWith(R->free(Device + 1),
                         "free of a pointer that is not the "
                         "start of a device allocation"));
  EXPECT_TRUE(succeeded(R->free(Device)));
  EXPECT_TRUE(failedWith(R->set(Device, 0, 1)));
}

TEST_F(CPUBackendTest, CEntryPointsRecordMessages) {
  mm_kernel *K = nullptr;
  EXPECT_EQ(mm_get_kernel("kernels", "missing", &K), MM_ERROR_NOT_FOUND);
  EXPECT_STREQ(mm_get_error_message(),
               "submodule 'kernels' has no kernel 'missing'");
  EXPECT_EQ(mm_get_last_error(), MM_ERROR_NOT_FOUND);
  EXPECT_EQ(mm_get_last_error(), MM_SUCCESS);
  EXPECT_EQ(mm_get_kernel("kernels", "add_one", &K), MM_SUCCESS);
  void *P = nullptr;
  EXPECT_EQ(mm_malloc(&P, 16), MM_SUCCESS);
  EXPECT_EQ(mm_memcpy(P, P, 16, static_cast<mm_memcpy_kind>(9)),
            MM_ERROR_INVALID_VALUE);
  EXPECT_STREQ(mm_get_error_message(), "unknown copy kind 9");
  EXPECT_EQ(mm_free(P), MM_SUCCESS);
}

TEST(RuntimeNotRunning, EntryPointsFailCleanly) {
  void *P = nullptr;
  EXPECT_EQ(mm_malloc(&P, 8), MM_ERROR_NOT_INITIALIZED);
  EXPECT_STREQ(mm_get_error_message(), "the offload runtime is not running");
}

} // namespace
