//===- MemoryChecks.cpp - Device memory accesses checked at run time ------===//
//
// mm-check-memory: a step of the lowering only where the user asks for
// CUDA's memcheck (`--check=memcheck`: `mm-lower-device<HOST;memcheck>`,
// HostLoweringOptions::Check), after the passes that analyze the kernel's
// accesses (the lockstep passes, mm-missing-barriers), which then see the
// kernel as it is, and before its thread function is made. Each load,
// store, atomic and memory intrinsic of a device function whose address
// may be device memory (not a variable of the module) first calls
// __mm_device_check_access (mm_block_abi.h) with the address, the size,
// what the access is (of a shared variable or not), where it is in the
// source and the thread that makes it. The runtime, which keeps guard
// zones around device allocations and holds freed ones back, fails the
// launch there if the access touches a guard zone or a freed allocation,
// falls outside the block's shared memory, or is misaligned for what the
// code assumed. The thread's index is read as the kernel reads it, so that
// the lowering gives it the thread that makes the access. An access of a
// local variable of a fixed size that its constant offset does not show
// within it is checked here, against the variable's bounds, and reported
// by __mm_device_report_local_access where it is not within.
//
//===----------------------------------------------------------------------===//

#include "CheckedAccesses.h"
#include "Passes.h"
#include "RuntimeCalls.h"

#include "mm-runtime/mm_block_abi.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace mm::device;

/// True if \p A, of local variable \p Local of \p Bytes bytes, is within
/// it by its constant offset and size.
static bool isWithinLocal(const CheckedAccess &A, const AllocaInst &Local,
                          uint64_t Bytes) {
  const DataLayout &DL = Local.getDataLayout();
  APInt Offset(DL.getIndexTypeSizeInBits(A.Address->getType()), 0);
  const Value *Base = A.Address->stripAndAccumulateConstantOffsets(
      DL, Offset, /*AllowNonInbounds=*/true);
  auto *Size = dyn_cast<ConstantInt>(A.Size);
  return Base == &Local && Size && !Offset.isNegative() &&
         Offset.getZExtValue() <= Bytes &&
         Size->getZExtValue() <= Bytes - Offset.getZExtValue();
}

PreservedAnalyses CheckMemoryPass::lower(Module &M, ModuleAnalysisManager &) {
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  Type *I64 = Type::getInt64Ty(C);
  PointerType *Ptr = PointerType::get(C, 0);
  // It may not return.
  FunctionCallee Check = getCheckEntryPoint(
      M, MM_DEVICE_ENTRY_POINT(__mm_device_check_access),
      FunctionType::get(Type::getVoidTy(C), {Ptr, I64, I32, Ptr, I32, I32, I32},
                        false));
  // Does not return.
  FunctionCallee ReportLocal = getCheckEntryPoint(
      M, MM_DEVICE_ENTRY_POINT(__mm_device_report_local_access),
      FunctionType::get(Type::getVoidTy(C),
                        {Ptr, I64, I32, Ptr, I32, I32, I32, Ptr, I64}, false));
  if (auto *Declaration = dyn_cast<Function>(ReportLocal.getCallee()))
    Declaration->setDoesNotReturn();
  SiteStrings Sites;
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (const CheckedAccess &A : findCheckedAccesses(F)) {
      if (A.Kind & MM_ACCESS_LOCAL) {
        // Checked here: the variable's bounds are the code's.
        auto *Local = cast<AllocaInst>(getUnderlyingObject(A.Address));
        uint64_t Bytes =
            Local->getAllocationSize(M.getDataLayout())->getFixedValue();
        if (isWithinLocal(A, *Local, Bytes))
          continue;
        IRBuilder<> B(A.At);
        Value *Size = B.CreateZExtOrTrunc(A.Size, I64);
        Value *Limit = ConstantInt::get(I64, Bytes);
        Value *Offset = B.CreateSub(B.CreatePtrToInt(A.Address, I64),
                                    B.CreatePtrToInt(Local, I64));
        Value *Outside =
            B.CreateOr(B.CreateICmpUGT(Size, Limit),
                       B.CreateICmpUGT(Offset, B.CreateSub(Limit, Size)));
        Instruction *Report = SplitBlockAndInsertIfThen(
            Outside, A.At, /*Unreachable=*/true,
            MDBuilder(C).createUnlikelyBranchWeights());
        B.SetInsertPoint(Report);
        auto [X, Y, Z] = createThreadIndex(B);
        B.CreateCall(ReportLocal,
                     {B.CreateAddrSpaceCast(A.Address, Ptr), Size,
                      ConstantInt::get(I32, A.Kind), Sites.get(*A.At, B), X,
                      Y, Z, B.CreateAddrSpaceCast(Local, Ptr), Limit});
        Changed = true;
        continue;
      }
      IRBuilder<> B(A.At);
      auto [X, Y, Z] = createThreadIndex(B);
      B.CreateCall(Check, {B.CreateAddrSpaceCast(A.Address, Ptr),
                           B.CreateZExtOrTrunc(A.Size, I64),
                           ConstantInt::get(I32, A.Kind), Sites.get(*A.At, B),
                           X, Y, Z});
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
