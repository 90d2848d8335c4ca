//===- DeviceLoweringTest.cpp - Running lowered kernels -------------------===//
//
// Lowers device IR compiled by clang-19 (Inputs/, see regenerate.sh) and
// hand-written IR, JIT-compiles it with ORC's LLJIT at -O2, runs every block
// of a grid through the kernel descriptor's block function, and compares
// with the same computation on the host.
//
//===----------------------------------------------------------------------===//

#include "mm-runtime/mm_block_abi.h"
#include "mm/Compile/LLVMPipeline.h"
#include "mm/Device/DeviceLowering.h"

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <csetjmp>
#include <cstdarg>
#include <cstring>
#include <map>
#include <numeric>
#include <string>
#include <vector>

using namespace llvm;

namespace {

// What the test's runtime entry points saw.
thread_local std::jmp_buf TrapJump;
thread_local std::string TrapFunction;
thread_local mm_dim3 TrapBlock;
thread_local std::string PrintedText;

extern "C" [[noreturn]] void testDeviceTrap(mm_block_context *Ctx,
                                            const char *Function) {
  TrapFunction = Function;
  TrapBlock = Ctx->block_idx;
  std::longjmp(TrapJump, 1);
}

/// What mm cannot run, as a trap of "FUNCTION: WHY".
extern "C" [[noreturn]] void testDeviceUnsupported(mm_block_context *Ctx,
                                                   const char *Function,
                                                   const char *Why) {
  TrapFunction = std::string(Function) + ": " + Why;
  TrapBlock = Ctx->block_idx;
  std::longjmp(TrapJump, 1);
}

/// How many times a block reported that it waits for other blocks, and the
/// flag that the third report sets, as another block would.
thread_local unsigned BlockSpins;
thread_local int *FlagToSet;

extern "C" void testDeviceBlockSpins(mm_block_context *) {
  if (++BlockSpins == 3 && FlagToSet)
    __atomic_store_n(FlagToSet, 1, __ATOMIC_SEQ_CST);
}

/// Formats vprintf's packed arguments (%d, %u, %f, %s).
extern "C" int32_t testDeviceVPrintf(mm_block_context *, const char *Format,
                                     const char *Args) {
  std::string Out;
  size_t Offset = 0;
  auto Next = [&](size_t Size) {
    Offset = (Offset + Size - 1) / Size * Size;
    const char *At = Args + Offset;
    Offset += Size;
    return At;
  };
  for (const char *P = Format; *P; ++P) {
    if (*P != '%') {
      Out += *P;
      continue;
    }
    char Buffer[64];
    switch (*++P) {
    case 'd': {
      int32_t V;
      std::memcpy(&V, Next(4), 4);
      snprintf(Buffer, sizeof(Buffer), "%d", V);
      break;
    }
    case 'u': {
      uint32_t V;
      std::memcpy(&V, Next(4), 4);
      snprintf(Buffer, sizeof(Buffer), "%u", V);
      break;
    }
    case 'f': {
      double V;
      std::memcpy(&V, Next(8), 8);
      snprintf(Buffer, sizeof(Buffer), "%f", V);
      break;
    }
    case 's': {
      const char *V;
      std::memcpy(&V, Next(8), 8);
      snprintf(Buffer, sizeof(Buffer), "%s", V);
      break;
    }
    default:
      snprintf(Buffer, sizeof(Buffer), "%%%c", *P);
    }
    Out += Buffer;
  }
  PrintedText += Out;
  return Out.size();
}

class DeviceLoweringTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  }

  /// Lowers and JIT-compiles input file \p Name once for all tests.
  void compileInput(StringRef Name) {
    static std::map<std::string, std::unique_ptr<orc::LLJIT>> Compiled;
    std::unique_ptr<orc::LLJIT> &Cached = Compiled[Name.str()];
    if (!Cached) {
      ASSERT_EQ(lower(Name), "");
      compile();
      Cached = std::move(JIT);
    }
    Shared = Cached.get();
  }

  /// Parses \p IR (or the input file \p Name) and lowers it; on failure
  /// returns the error message.
  std::string lower(StringRef Name, StringRef IR = "") {
    SMDiagnostic Diag;
    std::unique_ptr<Module> M;
    if (IR.empty())
      M = parseIRFile((Twine(MM_DEVICE_TEST_INPUTS) + "/" + Name).str(), Diag,
                      *Context);
    else
      M = parseAssemblyString(IR, Diag, *Context);
    if (!M) {
      std::string Message;
      raw_string_ostream OS(Message);
      Diag.print("DeviceLoweringTest", OS);
      return Message;
    }
    Triple Host(sys::getProcessTriple());
    std::string Lookup;
    const Target *TheTarget = TargetRegistry::lookupTarget("", Host, Lookup);
    TM.reset(TheTarget->createTargetMachine(Host.str(), "", "",
                                            TargetOptions(), std::nullopt));
    mm::PassBuilderExtension DeviceLowering =
        [](PassBuilder &PB, const std::optional<Triple> &BundleHost) {
          mm::registerDevicePasses(PB, BundleHost);
        };
    mm::LLVMPipelineOptions Options;
    Options.Lowering = "mm-lower-device<" + Host.str() + ">";
    Options.Extensions = DeviceLowering;
    if (Error E = mm::runLLVMPipeline(*M, Options))
      return toString(std::move(E));
    Lowered = std::move(M);
    return "";
  }

  /// Optimizes the lowered module at -O2 and JIT-compiles it.
  void compile() {
    ASSERT_TRUE(Lowered);
    mm::LLVMPipelineOptions Options;
    Options.Passes = "default<O2>";
    Options.TM = TM.get();
    ASSERT_FALSE(!!mm::runLLVMPipeline(*Lowered, Options));

    auto JITOrErr = orc::LLJITBuilder().create();
    ASSERT_TRUE(!!JITOrErr) << toString(JITOrErr.takeError());
    JIT = std::move(*JITOrErr);
    orc::JITDylib &Main = JIT->getMainJITDylib();
    orc::MangleAndInterner Mangle(JIT->getExecutionSession(),
                                  JIT->getDataLayout());
    cantFail(Main.define(orc::absoluteSymbols(
        {{Mangle("__mm_device_trap"),
          {orc::ExecutorAddr::fromPtr(&testDeviceTrap),
           JITSymbolFlags::Exported}},
         {Mangle("__mm_device_unsupported"),
          {orc::ExecutorAddr::fromPtr(&testDeviceUnsupported),
           JITSymbolFlags::Exported}},
         {Mangle("__mm_device_block_spins"),
          {orc::ExecutorAddr::fromPtr(&testDeviceBlockSpins),
           JITSymbolFlags::Exported}},
         {Mangle("__mm_device_vprintf"),
          {orc::ExecutorAddr::fromPtr(&testDeviceVPrintf),
           JITSymbolFlags::Exported}}})));
    auto Generator = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
        JIT->getDataLayout().getGlobalPrefix());
    ASSERT_TRUE(!!Generator);
    Main.addGenerator(std::move(*Generator));
    ASSERT_FALSE(!!JIT->addIRModule(
        orc::ThreadSafeModule(std::move(Lowered), std::move(Context))));
  }

  const mm_kernel_descriptor *kernel(StringRef Name) {
    auto Address = jit().lookup((MM_KERNEL_DESCRIPTOR_PREFIX + Name).str());
    if (!Address) {
      ADD_FAILURE() << toString(Address.takeError());
      return nullptr;
    }
    return Address->toPtr<const mm_kernel_descriptor *>();
  }

  /// Runs every block of the grid, as the CPU runtime does, with each
  /// block's own shared and scratch memory; a kernel that takes ranges of
  /// blocks gets ranges of up to RangeSize blocks of a row of the grid.
  /// Returns false if it trapped.
  bool launch(const mm_kernel_descriptor *K, mm_dim3 Grid, mm_dim3 Block,
              std::vector<void *> Args, uint64_t DynamicShared = 0) {
    EXPECT_EQ(K->abi_version, MM_BLOCK_ABI_VERSION);
    EXPECT_EQ(K->num_params, Args.size());
    uint64_t Threads = uint64_t(Block.x) * Block.y * Block.z;
    std::vector<char> Static(K->static_shared_size + 64);
    std::vector<char> Dynamic(DynamicShared + 64);
    std::vector<char> Scratch(K->thread_scratch_size * Threads + 64);
    auto Aligned = [](std::vector<char> &V) {
      return reinterpret_cast<char *>(
          alignTo(reinterpret_cast<uintptr_t>(V.data()), 64));
    };
    uint32_t Range = K->flags & MM_KERNEL_BLOCK_RANGES ? RangeSize : 1;
    for (uint32_t Z = 0; Z < Grid.z; ++Z)
      for (uint32_t Y = 0; Y < Grid.y; ++Y)
        for (uint32_t X = 0; X < Grid.x; X += Range) {
          mm_block_context Ctx{Grid,
                               Block,
                               {X, Y, Z},
                               std::min(Range, Grid.x - X),
                               Aligned(Static),
                               Aligned(Dynamic),
                               DynamicShared,
                               Aligned(Scratch),
                               nullptr};
          if (setjmp(TrapJump))
            return false;
          K->block_fn(Args.data(), &Ctx);
        }
    return true;
  }

  uint32_t RangeSize = 3;

  orc::LLJIT &jit() { return Shared ? *Shared : *JIT; }

  std::unique_ptr<LLVMContext> Context = std::make_unique<LLVMContext>();
  std::unique_ptr<TargetMachine> TM;
  std::unique_ptr<Module> Lowered;
  std::unique_ptr<orc::LLJIT> JIT;
  orc::LLJIT *Shared = nullptr;
};

constexpr const char *CudaKernels = "kernels.ll";

TEST_F(DeviceLoweringTest, Saxpy) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z5saxpyifPKfPf");
  ASSERT_TRUE(K);
  // No barriers or shared memory: the block function takes ranges of blocks,
  // here of 3 blocks, then the last 2.
  EXPECT_EQ(K->flags, unsigned(MM_KERNEL_BLOCK_RANGES | MM_KERNEL_PARAM_SIZES));
  int N = 1000;
  float A = 2.5f;
  std::vector<float> X(N), Y(N), Expected(N);
  for (int I = 0; I < N; ++I) {
    X[I] = I * 0.5f;
    Y[I] = 3.0f - I;
    Expected[I] = A * X[I] + Y[I];
  }
  const float *XP = X.data();
  float *YP = Y.data();
  ASSERT_TRUE(launch(K, {8, 1, 1}, {128, 1, 1}, {&N, &A, &XP, &YP}));
  EXPECT_EQ(Y, Expected);
}

TEST_F(DeviceLoweringTest, SpinWaitLetsTheWaitedForThreadsRun) {
  compileInput(CudaKernels);
  BlockSpins = 0;
  const mm_kernel_descriptor *K = kernel("_Z8spinWaitPViPiS0_");
  ASSERT_TRUE(K);
  // A loop on a volatile load: the runtime must run its blocks at once.
  EXPECT_EQ(K->flags, unsigned(MM_KERNEL_SPIN_WAITS | MM_KERNEL_PARAM_SIZES));
  // Each thread waits for the next one: they finish from the last to the
  // first, across the block's warps, which one thread after another in
  // order could not.
  const unsigned Threads = 96;
  std::vector<int> Done(Threads, 0), Order(Threads, -1);
  int Counter = 0;
  int *DoneP = Done.data(), *OrderP = Order.data(), *CounterP = &Counter;
  ASSERT_TRUE(
      launch(K, {1, 1, 1}, {Threads, 1, 1}, {&DoneP, &OrderP, &CounterP}));
  for (unsigned I = 0; I < Threads; ++I)
    EXPECT_EQ(Order[I], int(Threads - 1 - I)) << "thread " << I;
  // Some warp of the block moved on in each sweep: the block never reported
  // that it only waits.
  EXPECT_EQ(BlockSpins, 0u);
}

TEST_F(DeviceLoweringTest, BlockThatOnlyWaitsReportsIt) {
  compileInput(CudaKernels);
  // Every thread, or thread 0 alone while the others have exited, polls a
  // flag through atomicAdd(flag, 0), which only another block sets: the
  // block reports each time its threads came back round the loop, and the
  // third report sets the flag.
  for (const char *Name : {"_Z7pollAllPi", "_Z9pollFirstPi"}) {
    SCOPED_TRACE(Name);
    const mm_kernel_descriptor *K = kernel(Name);
    ASSERT_TRUE(K);
    EXPECT_EQ(K->flags, unsigned(MM_KERNEL_SPIN_WAITS | MM_KERNEL_PARAM_SIZES));
    int Flag = 0;
    int *FlagP = &Flag;
    BlockSpins = 0;
    FlagToSet = &Flag;
    EXPECT_TRUE(launch(K, {1, 1, 1}, {64, 1, 1}, {&FlagP}));
    FlagToSet = nullptr;
    EXPECT_EQ(BlockSpins, 3u);
  }
}

TEST_F(DeviceLoweringTest, ReductionWithSharedMemoryAndBarriers) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z9reduceSumPKfPfi");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->flags, unsigned(MM_KERNEL_HAS_BARRIERS | MM_KERNEL_PARAM_SIZES));
  EXPECT_EQ(K->static_shared_size, 1024u);
  int N = 1000;
  std::vector<float> In(N), Out(4, -1.0f), Expected(4, 0.0f);
  for (int I = 0; I < N; ++I) {
    In[I] = float(I % 17);
    Expected[I / 256] += In[I];
  }
  const float *InP = In.data();
  float *OutP = Out.data();
  ASSERT_TRUE(launch(K, {4, 1, 1}, {256, 1, 1}, {&InP, &OutP, &N}));
  EXPECT_EQ(Out, Expected);
}

TEST_F(DeviceLoweringTest, TiledMatmul) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z11matmulTiledPKfS0_Pfi");
  ASSERT_TRUE(K);
  int N = 32;
  std::vector<float> A(N * N), B(N * N), C(N * N), Expected(N * N, 0.0f);
  for (int I = 0; I < N * N; ++I) {
    A[I] = float(I % 7) - 3;
    B[I] = float(I % 5) * 0.5f;
  }
  for (int R = 0; R < N; ++R)
    for (int Col = 0; Col < N; ++Col)
      for (int Kk = 0; Kk < N; ++Kk)
        Expected[R * N + Col] += A[R * N + Kk] * B[Kk * N + Col];
  const float *AP = A.data(), *BP = B.data();
  float *CP = C.data();
  ASSERT_TRUE(launch(K, {4, 4, 1}, {8, 8, 1}, {&AP, &BP, &CP, &N}));
  EXPECT_EQ(C, Expected);
}

TEST_F(DeviceLoweringTest, HistogramWithAtomics) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z9histogramPKjiPji");
  ASSERT_TRUE(K);
  int N = 5000, NumBins = 10;
  std::vector<unsigned> Data(N), Bins(NumBins, 0), Expected(NumBins, 0);
  for (int I = 0; I < N; ++I) {
    Data[I] = unsigned(I * 7919u % 1013u);
    ++Expected[Data[I] % NumBins];
  }
  const unsigned *DataP = Data.data();
  unsigned *BinsP = Bins.data();
  ASSERT_TRUE(
      launch(K, {40, 1, 1}, {128, 1, 1}, {&DataP, &N, &BinsP, &NumBins}));
  EXPECT_EQ(Bins, Expected);
}

TEST_F(DeviceLoweringTest, StencilWithDynamicSharedMemory) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z7stencilPKfPfi");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->static_shared_size, 0u);
  int N = 300;
  std::vector<float> In(N), Out(N), Expected(N);
  for (int I = 0; I < N; ++I)
    In[I] = float(I * I % 11);
  for (int I = 0; I < N; ++I)
    Expected[I] = (I > 0 ? In[I - 1] : 0) + In[I] + (I + 1 < N ? In[I + 1] : 0);
  const float *InP = In.data();
  float *OutP = Out.data();
  ASSERT_TRUE(launch(K, {5, 1, 1}, {64, 1, 1}, {&InP, &OutP, &N},
                     (64 + 2) * sizeof(float)));
  EXPECT_EQ(Out, Expected);
}

TEST_F(DeviceLoweringTest, BarrierInsideLoop) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z9blockScanPKiPi");
  ASSERT_TRUE(K);
  int Blocks = 3, Threads = 128;
  std::vector<int> In(Blocks * Threads), Out(In.size()), Expected(In.size());
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = int(I % 13) - 4;
  for (int Bk = 0; Bk < Blocks; ++Bk)
    std::inclusive_scan(In.begin() + Bk * Threads,
                        In.begin() + (Bk + 1) * Threads,
                        Expected.begin() + Bk * Threads);
  const int *InP = In.data();
  int *OutP = Out.data();
  ASSERT_TRUE(launch(K, {uint32_t(Blocks), 1, 1}, {uint32_t(Threads), 1, 1},
                     {&InP, &OutP}));
  EXPECT_EQ(Out, Expected);
}

TEST_F(DeviceLoweringTest, WarpShuffleReduction) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z10warpReducePKiPi");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->flags, unsigned(MM_KERNEL_HAS_BARRIERS | MM_KERNEL_HAS_WARP_OPS | MM_KERNEL_PARAM_SIZES));
  int Blocks = 2, Threads = 128;
  std::vector<int> In(Blocks * Threads), Out(Blocks), Expected(Blocks, 0);
  for (size_t I = 0; I < In.size(); ++I) {
    In[I] = int(I * 3 % 23);
    Expected[I / Threads] += In[I];
  }
  const int *InP = In.data();
  int *OutP = Out.data();
  ASSERT_TRUE(launch(K, {uint32_t(Blocks), 1, 1}, {uint32_t(Threads), 1, 1},
                     {&InP, &OutP}));
  EXPECT_EQ(Out, Expected);
}

TEST_F(DeviceLoweringTest, WarpOperationsFollowPTX) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z7warpOpsPKiPi");
  ASSERT_TRUE(K);
  // 48 threads: one full warp and a partial one of 16 lanes.
  const int Threads = 48;
  std::vector<int> In(Threads), Out(6 * Threads), Expected(6 * Threads);
  for (int I = 0; I < Threads; ++I)
    In[I] = (I * 5) % 17;
  auto Exists = [&](int Lane, int Warp) { return Warp * 32 + Lane < Threads; };
  for (int T = 0; T < Threads; ++T) {
    int Warp = T / 32, Lane = T % 32, Base = Warp * 32;
    auto Read = [&](int L) { return Exists(L, Warp) ? In[Base + L] : In[T]; };
    Expected[6 * T + 0] = Read(3);
    Expected[6 * T + 1] = Lane >= 2 ? Read(Lane - 2) : In[T];
    // Width 16: lanes exchange within their half of the warp.
    Expected[6 * T + 2] = Read(Lane ^ 5);
    unsigned Ballot = 0;
    bool Any = false, All = true;
    for (int L = 0; L < 32; ++L) {
      if (!Exists(L, Warp))
        continue;
      int V = In[Base + L];
      Ballot |= unsigned(V % 3 == 0) << L;
      Any |= V == 7;
      All &= V >= 0;
    }
    Expected[6 * T + 3] = int(Ballot);
    Expected[6 * T + 4] = Any;
    Expected[6 * T + 5] = All;
  }
  const int *InP = In.data();
  int *OutP = Out.data();
  ASSERT_TRUE(launch(K, {1, 1, 1}, {Threads, 1, 1}, {&InP, &OutP}));
  EXPECT_EQ(Out, Expected);
}

TEST_F(DeviceLoweringTest, BlockReduceWithWarpZeroShuffles) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z11blockReducePKiPii");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->flags, unsigned(MM_KERNEL_HAS_BARRIERS | MM_KERNEL_HAS_WARP_OPS | MM_KERNEL_PARAM_SIZES));
  // 256 threads (8 warps) and 96 threads (3 warps); the last block is only
  // partly inside the input.
  for (int Threads : {256, 96}) {
    int N = 1000, Blocks = (N + Threads - 1) / Threads;
    std::vector<int> In(N), Out(Blocks, -1), Expected(Blocks, 0);
    for (int I = 0; I < N; ++I) {
      In[I] = I * 7 % 31 - 9;
      Expected[I / Threads] += In[I];
    }
    const int *InP = In.data();
    int *OutP = Out.data();
    ASSERT_TRUE(launch(K, {uint32_t(Blocks), 1, 1}, {uint32_t(Threads), 1, 1},
                       {&InP, &OutP, &N}));
    EXPECT_EQ(Out, Expected) << Threads << " threads";
  }
}

TEST_F(DeviceLoweringTest, WarpsAtDifferentWarpOperations) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z15warpSpecializedPKiPi");
  ASSERT_TRUE(K);
  const int Threads = 128;
  std::vector<int> In(Threads), Out(Threads), Expected(Threads);
  for (int T = 0; T < Threads; ++T)
    In[T] = T * T % 97;
  for (int T = 0; T < Threads; ++T) {
    int Lane = T % 32;
    Expected[T] = T / 32 % 2 == 0 ? In[T ^ 1]
                                  : (Lane >= 1 ? In[T - 1] : In[T]) * 2;
  }
  const int *InP = In.data();
  int *OutP = Out.data();
  ASSERT_TRUE(launch(K, {1, 1, 1}, {Threads, 1, 1}, {&InP, &OutP}));
  EXPECT_EQ(Out, Expected);
}

TEST_F(DeviceLoweringTest, ExitedThreadsLeaveLaterBarriers) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z9earlyExitPKiPii");
  ASSERT_TRUE(K);
  // The last block has 232 threads inside the input, the other 24 return
  // before both barriers.
  int N = 1000, Threads = 256, Blocks = 4;
  std::vector<int> In(N), Out(N, -1), Expected(N);
  for (int I = 0; I < N; ++I)
    In[I] = I % 19;
  for (int I = 0; I < N; ++I) {
    bool HasNext = (I % Threads) + 1 < Threads && I + 1 < N;
    Expected[I] = In[I] * 10 + (HasNext ? In[I + 1] : 0);
  }
  const int *InP = In.data();
  int *OutP = Out.data();
  ASSERT_TRUE(launch(K, {uint32_t(Blocks), 1, 1}, {uint32_t(Threads), 1, 1},
                     {&InP, &OutP, &N}));
  EXPECT_EQ(Out, Expected);
  // Every thread of a block exits.
  N = 0;
  ASSERT_TRUE(launch(K, {1, 1, 1}, {uint32_t(Threads), 1, 1},
                     {&InP, &OutP, &N}));
}

TEST_F(DeviceLoweringTest, UniformValuesAcrossBarriers) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z21uniformAcrossBarriersPKiPiii");
  ASSERT_TRUE(K);
  // 3 warps: warps 0 and 2 shuffle, warp 1 waits at __syncwarp.
  for (int Threads : {96, 64}) {
    int N = 23, M = 5, Rounds = N / M;
    std::vector<int> In(Threads), Out(Threads, -1), Expected(Threads);
    for (int T = 0; T < Threads; ++T)
      In[T] = T * 13 % 41;
    std::vector<int> Acc(Threads, 0);
    for (int T = 0; T < Threads; ++T)
      for (int Round = 0; Round < Rounds; ++Round)
        Acc[T] += In[(T + Round) % Threads] + Round;
    for (int T = 0; T < Threads; ++T) {
      int Sum = T / 32 % 2 == 0 ? Acc[T] + Acc[T ^ 1] : Acc[T];
      Expected[T] = Sum * Rounds + N % M;
    }
    const int *InP = In.data();
    int *OutP = Out.data();
    ASSERT_TRUE(launch(K, {2, 1, 1}, {uint32_t(Threads), 1, 1},
                       {&InP, &OutP, &N, &M}));
    EXPECT_EQ(Out, Expected) << Threads << " threads";
  }
}

TEST_F(DeviceLoweringTest, ThreadsAtDifferentBarriersAreReleasedTogether) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z16divergentBarrierPij");
  ASSERT_TRUE(K);
  std::vector<int> Out(64);
  int *OutP = Out.data();
  // Lanes of one warp, then whole warps, at different barriers: one
  // barrier, as bar.sync 0 is on GPUs since Volta.
  for (unsigned Split : {4u, 32u}) {
    std::fill(Out.begin(), Out.end(), 0);
    ASSERT_TRUE(launch(K, {1, 1, 1}, {64, 1, 1}, {&OutP, &Split}));
    for (unsigned T = 0; T < 64; ++T)
      EXPECT_EQ(Out[T], T < Split ? 1 : 2) << "thread " << T;
  }
}

TEST_F(DeviceLoweringTest, LanesAtDifferentShufflesSynchronize) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z16divergentShufflePi");
  ASSERT_TRUE(K);
  std::vector<int> Out(32);
  int *OutP = Out.data();
  ASSERT_TRUE(launch(K, {1, 1, 1}, {32, 1, 1}, {&OutP}));
  for (int Lane = 0; Lane < 32; ++Lane)
    EXPECT_EQ(Out[Lane], Lane ^ 1) << "lane " << Lane;
}

TEST_F(DeviceLoweringTest, DivergentWarpOperationTraps) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *K = kernel("_Z13divergentVotePi");
  ASSERT_TRUE(K);
  std::vector<int> Out(32);
  int *OutP = Out.data();
  EXPECT_FALSE(launch(K, {1, 1, 1}, {32, 1, 1}, {&OutP}));
  EXPECT_EQ(TrapFunction,
            "_Z13divergentVotePi: threads of one warp reached different "
            "warp operations (a warp operation in divergent control flow)");
}

TEST_F(DeviceLoweringTest, PrintfAndTrap) {
  compileInput(CudaKernels);
  const mm_kernel_descriptor *Hello = kernel("_Z5helloi");
  ASSERT_TRUE(Hello);
  int Base = 40;
  PrintedText.clear();
  ASSERT_TRUE(launch(Hello, {2, 1, 1}, {4, 1, 1}, {&Base}));
  EXPECT_EQ(PrintedText, "block 0 thread 1: 40 0.500000\n"
                         "block 1 thread 1: 41 0.500000\n");
  const mm_kernel_descriptor *Trap = kernel("_Z6trapAti");
  ASSERT_TRUE(Trap);
  int Bad = 100;
  EXPECT_TRUE(launch(Trap, {1, 1, 1}, {64, 1, 1}, {&Bad}));
  Bad = 5;
  EXPECT_FALSE(launch(Trap, {1, 1, 1}, {64, 1, 1}, {&Bad}));
  EXPECT_EQ(TrapFunction, "_Z6trapAti");
  // The third block of a range traps: the context names it.
  const mm_kernel_descriptor *InBlock = kernel("_Z11trapInBlocki");
  ASSERT_TRUE(InBlock);
  EXPECT_EQ(InBlock->flags, unsigned(MM_KERNEL_BLOCK_RANGES | MM_KERNEL_PARAM_SIZES));
  Bad = 2 * 32 + 5;
  EXPECT_FALSE(launch(InBlock, {4, 1, 1}, {32, 1, 1}, {&Bad}));
  EXPECT_EQ(TrapBlock.x, 2u);
}

TEST_F(DeviceLoweringTest, BlockRangesOfA2DGrid) {
  compileInput(CudaKernels);
  // scale2D indexes with blockIdx.x * blockDim.x + threadIdx.x only (a range
  // is one loop over x); offset2D also uses threadIdx.x on its own (a loop
  // over the range's blocks, then x).
  for (const char *Name : {"_Z7scale2DPKfPfii", "_Z8offset2DPKfPfii"}) {
    const mm_kernel_descriptor *K = kernel(Name);
    ASSERT_TRUE(K);
    EXPECT_EQ(K->flags, unsigned(MM_KERNEL_BLOCK_RANGES | MM_KERNEL_PARAM_SIZES));
    bool Offset = StringRef(Name).contains("offset");
    // 100 x 30 elements in 16 x 4 blocks: 7 x 8 blocks, partly outside.
    int W = 100, H = 30;
    std::vector<float> In(W * H), Out(W * H, -1), Expected(W * H);
    for (int I = 0; I < W * H; ++I)
      In[I] = I % 17;
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X)
        Expected[Y * W + X] =
            In[Y * W + X] * 2 + X - Y + (Offset ? X % 16 : 0);
    for (uint32_t Range : {1u, 3u, 7u}) {
      RangeSize = Range;
      std::fill(Out.begin(), Out.end(), -1);
      const float *InP = In.data();
      float *OutP = Out.data();
      ASSERT_TRUE(launch(K, {7, 8, 1}, {16, 4, 1}, {&InP, &OutP, &W, &H}));
      EXPECT_EQ(Out, Expected) << Name << ", ranges of " << Range;
    }
  }
}

TEST_F(DeviceLoweringTest, DeviceFunctionCallableFromHost) {
  compileInput(CudaKernels);
  auto Square = jit().lookup("_Z6squaref");
  ASSERT_TRUE(!!Square) << toString(Square.takeError());
  EXPECT_EQ(Square->toPtr<float (*)(float)>()(3.0f), 9.0f);
}

TEST_F(DeviceLoweringTest, AMDGCNKernel) {
  compileInput("kernels-amdgcn.ll");
  const mm_kernel_descriptor *K = kernel("reverseBlocks");
  ASSERT_TRUE(K);
  EXPECT_EQ(K->warp_size, 64u);
  const int Blocks = 3, Threads = 64;
  std::vector<int> In(Blocks * Threads), Out(In.size()), Expected(In.size());
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = int(I * I % 101);
  for (int Bk = 0; Bk < Blocks; ++Bk)
    for (int T = 0; T < Threads; ++T)
      Expected[Bk * Threads + T] =
          In[Bk * Threads + Threads - 1 - T] + Blocks * Threads;
  const int *InP = In.data();
  int *OutP = Out.data();
  ASSERT_TRUE(launch(K, {Blocks, 1, 1}, {Threads, 1, 1}, {&InP, &OutP}));
  EXPECT_EQ(Out, Expected);
}

} // namespace
