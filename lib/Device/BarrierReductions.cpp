//===- BarrierReductions.cpp - Barriers that reduce a predicate -----------===//
//
// mm-lower-barrier-reductions: `__syncthreads_count(p)`, `__syncthreads_and`
// and `__syncthreads_or` (llvm.nvvm.barrier0.popc, .and and .or) are a
// barrier that also counts the block's threads whose predicate is nonzero.
// Each becomes plain barriers around a count in shared memory, one counter
// per call:
//
//   if (thread 0 of the block) count = 0;
//   barrier; atomic count += (p != 0); barrier;
//   result = count (popc), count == threads (and), count != 0 (or);
//   barrier
//
// The last barrier keeps thread 0 from clearing the count for the next
// round before every thread has read it. The rest of the lowering then
// sees nothing but barriers and shared memory.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace mm::device;

namespace {
enum class Reduction { Count, And, Or };
} // namespace

/// The reduction that NVVM intrinsic \p Name is, if it is one.
static std::optional<Reduction> getReduction(StringRef Name) {
  if (Name == "llvm.nvvm.barrier0.popc")
    return Reduction::Count;
  if (Name == "llvm.nvvm.barrier0.and")
    return Reduction::And;
  if (Name == "llvm.nvvm.barrier0.or")
    return Reduction::Or;
  return std::nullopt;
}

/// Replaces \p Call, a reducing barrier, with plain barriers around a count
/// in \p Count, a shared variable of its own.
static void lowerReduction(CallInst *Call, Reduction Kind,
                           GlobalVariable *Count) {
  Module &M = *Call->getModule();
  IRBuilder<> B(Call);
  Type *I32 = B.getInt32Ty();
  auto Query = [&](Intrinsic::ID ID) {
    return B.CreateCall(Intrinsic::getDeclaration(&M, ID));
  };
  auto Barrier = [&] {
    B.CreateCall(Intrinsic::getDeclaration(&M, Intrinsic::nvvm_barrier0));
  };

  // Thread 0 of the block clears the count.
  Value *IsFirst = B.CreateIsNull(B.CreateOr(
      {Query(Intrinsic::nvvm_read_ptx_sreg_tid_x),
       Query(Intrinsic::nvvm_read_ptx_sreg_tid_y),
       Query(Intrinsic::nvvm_read_ptx_sreg_tid_z)}));
  Instruction *Then =
      SplitBlockAndInsertIfThen(IsFirst, Call->getIterator(), false);
  IRBuilder<>(Then).CreateStore(ConstantInt::get(I32, 0), Count);
  B.SetInsertPoint(Call);

  Barrier();
  Value *Counted = B.CreateZExt(
      B.CreateIsNotNull(Call->getArgOperand(0)), I32);
  B.CreateAtomicRMW(AtomicRMWInst::Add, Count, Counted, MaybeAlign(4),
                    AtomicOrdering::Monotonic);
  Barrier();
  Value *Total = B.CreateLoad(I32, Count);
  Value *Result = Total;
  if (Kind == Reduction::Or) {
    Result = B.CreateZExt(B.CreateIsNotNull(Total), I32);
  } else if (Kind == Reduction::And) {
    Value *Threads = B.CreateMul(
        B.CreateMul(Query(Intrinsic::nvvm_read_ptx_sreg_ntid_x),
                    Query(Intrinsic::nvvm_read_ptx_sreg_ntid_y)),
        Query(Intrinsic::nvvm_read_ptx_sreg_ntid_z));
    Result = B.CreateZExt(B.CreateICmpEQ(Total, Threads), I32);
  }
  Barrier();
  Call->replaceAllUsesWith(Result);
  Call->eraseFromParent();
}

PreservedAnalyses LowerBarrierReductionsPass::lower(Module &M,
                                                    ModuleAnalysisManager &) {
  SmallVector<std::pair<CallInst *, Reduction>> Calls;
  for (Function &F : M) {
    std::optional<Reduction> Kind = getReduction(F.getName());
    if (!Kind)
      continue;
    for (User *U : F.users())
      if (auto *Call = dyn_cast<CallInst>(U))
        Calls.push_back({Call, *Kind});
  }
  if (Calls.empty())
    return PreservedAnalyses::all();
  Type *I32 = Type::getInt32Ty(M.getContext());
  for (auto [Call, Kind] : Calls) {
    // Shared memory (address space 3) of the block, one count per call.
    auto *Count = new GlobalVariable(
        M, I32, /*isConstant=*/false, GlobalValue::InternalLinkage,
        UndefValue::get(I32), "mm.barrier.count", nullptr,
        GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
    Count->setAlignment(Align(4));
    lowerReduction(Call, Kind, Count);
  }
  return PreservedAnalyses::none();
}
