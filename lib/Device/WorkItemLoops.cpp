//===- WorkItemLoops.cpp - Block functions of kernels without sync points ===//
//
// mm-work-item-loops: the block function `__mm_block.K` of a kernel whose
// thread function is not resumable runs it for every thread of the block in
// loops over z, y and x (x innermost), which LLVM's loop vectorizer
// vectorizes once the thread function is inlined. A kernel without shared
// memory also runs a range of blocks along x per call ("mm-block-ranges",
// MM_KERNEL_BLOCK_RANGES): row by row of threads across the range's blocks,
// or as one loop over the grid row's index when the kernel uses its block
// and thread index along x only as `blockIdx.x * blockDim.x + threadIdx.x`.
//
//===----------------------------------------------------------------------===//

#include "BlockABI.h"
#include "DeviceIR.h"
#include "Passes.h"
#include "ThreadLoops.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

namespace {
/// How a block function without barriers runs its threads.
enum class ThreadOrder {
  Block,        ///< one block: z, y, x
  BlockRange,   ///< ctx->block_count_x blocks: z, y, block, x
  GridRowRange, ///< the same, with block and x as one loop (usesGlobalXOnly)
};
} // namespace

/// True when \p T uses its block and thread index along x only as
/// `blockIdx.x * blockDim.x + threadIdx.x`, the thread's index in the grid's
/// row: a range of blocks can then run as one loop over that index, with
/// threadIdx.x the index and blockIdx.x 0.
static bool usesGlobalXOnly(const ThreadValues &TV) {
  Value *TidX = TV.get(ThreadArg::TidX), *NTidX = TV.get(ThreadArg::NTidX),
        *CtaIdX = TV.get(ThreadArg::CtaIdX);
  auto IsBlockOffset = [&](Value *V) {
    auto *Mul = dyn_cast<BinaryOperator>(V);
    return Mul && Mul->getOpcode() == Instruction::Mul &&
           ((Mul->getOperand(0) == CtaIdX && Mul->getOperand(1) == NTidX) ||
            (Mul->getOperand(0) == NTidX && Mul->getOperand(1) == CtaIdX));
  };
  auto IsGlobalX = [&](User *U) {
    auto *Add = dyn_cast<BinaryOperator>(U);
    return Add && Add->getOpcode() == Instruction::Add &&
           ((Add->getOperand(0) == TidX && IsBlockOffset(Add->getOperand(1))) ||
            (Add->getOperand(1) == TidX && IsBlockOffset(Add->getOperand(0))));
  };
  if (!all_of(TidX->users(), IsGlobalX))
    return false;
  return all_of(CtaIdX->users(), [&](User *U) {
    return IsBlockOffset(U) && all_of(U->users(), IsGlobalX);
  });
}

static void buildBlockFunction(Function &T) {
  ThreadValues ThreadArgs = ThreadValues::bind(T);
  // Blocks without shared memory are independent down to their threads: a
  // range of them can run interleaved.
  bool BlockRanges = getIntegerAttr(T, StaticSharedSizeAttr) == 0 &&
                     ThreadArgs.get(ThreadArg::DynamicShared)->use_empty();
  ThreadOrder Order = !BlockRanges                 ? ThreadOrder::Block
                      : usesGlobalXOnly(ThreadArgs) ? ThreadOrder::GridRowRange
                                                    : ThreadOrder::BlockRange;
  if (BlockRanges)
    T.addFnAttr(BlockRangesAttr);
  if (Order == ThreadOrder::GridRowRange)
    T.addFnAttr(GridRowAttr);

  IRBuilder<> B(T.getContext());
  BlockFunction BF = BlockFunction::create(T, B);
  Value *NTid[3];
  for (unsigned D = 0; D < 3; ++D)
    NTid[D] = BF.TV.get(ThreadArg::NTidX, D);
  // No thread waits for another: the innermost loop's threads are unordered.
  MDNode *ParallelAccesses = tagUnorderedAccesses(T);
  if (Order == ThreadOrder::Block) {
    emitThreadLoops(
        B, NTid, {},
        [&](Value *const Index[3], ArrayRef<Value *>) {
          BF.callThread(B, Index);
          return SmallVector<Value *>();
        },
        /*NoInterleave=*/false, ParallelAccesses);
    B.CreateBr(BF.Done);
    return;
  }
  // Row by row of threads across the range's blocks (z, y, block, x): a 2D
  // kernel's rows of consecutive blocks are then swept as one row of the
  // grid, as a loop over the whole row would, rather than as short pieces of
  // many rows, block after block.
  Value *Count = B.CreateBinaryIntrinsic(
      Intrinsic::umax,
      B.CreateLoad(B.getInt32Ty(),
                   B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), BF.Ctx,
                                                BlockCountXOffset),
                   "block.count.x"),
      B.getInt32(1));
  Value *FirstX = BF.TV.get(ThreadArg::CtaIdX);
  Value *EndX = B.CreateAdd(FirstX, Count, "block.end.x");
  auto Rows = [&](Value *const Row[3], ArrayRef<Value *>) {
    if (Order == ThreadOrder::GridRowRange) {
      // In i64: the row of a large grid may not fit in 32 bits, and the
      // kernel's own index wraps as the truncation does.
      Type *I64 = B.getInt64Ty();
      Value *NTidX = B.CreateZExt(NTid[0], I64);
      auto RowThreads = [&](Value *GlobalX, ArrayRef<Value *>) {
        Value *Index[3] = {B.CreateTrunc(GlobalX, B.getInt32Ty()), Row[1],
                           Row[2]};
        BF.callThread(B, Index, B.getInt32(0));
        return SmallVector<Value *>();
      };
      emitLinearLoop(B, B.CreateMul(B.CreateZExt(FirstX, I64), NTidX),
                     B.CreateMul(B.CreateZExt(EndX, I64), NTidX), {},
                     RowThreads, "global.x", ParallelAccesses);
      return SmallVector<Value *>();
    }
    auto Blocks = [&](Value *BlockX, ArrayRef<Value *>) {
      auto Threads = [&](Value *X, ArrayRef<Value *>) {
        Value *Index[3] = {X, Row[1], Row[2]};
        BF.callThread(B, Index, BlockX);
        return SmallVector<Value *>();
      };
      emitLinearLoop(B, B.getInt32(0), NTid[0], {}, Threads, "tid.x",
                     ParallelAccesses);
      return SmallVector<Value *>();
    };
    emitLinearLoop(B, FirstX, EndX, {}, Blocks, "ctaid.x");
    return SmallVector<Value *>();
  };
  emitThreadLoops(B, NTid, {}, Rows, /*NoInterleave=*/false,
                  /*ParallelAccesses=*/nullptr, /*Innermost=*/1);
  B.CreateBr(BF.Done);
}

PreservedAnalyses WorkItemLoopsPass::lower(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *> Threads;
  for (Function &F : M)
    if (!F.isDeclaration() && getKernelOfThreadFunction(F) &&
        !F.hasFnAttribute(ResumableAttr))
      Threads.push_back(&F);
  for (Function *T : Threads)
    buildBlockFunction(*T);
  return Threads.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
