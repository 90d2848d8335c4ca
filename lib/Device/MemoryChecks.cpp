//===- MemoryChecks.cpp - Device memory accesses checked at run time ------===//
//
// mm-check-memory: a step of the lowering only where the user asks for
// CUDA's memcheck (`--check=memcheck`: `mm-lower-device<HOST;memcheck>`,
// HostLoweringOptions::CheckMemory), after the passes that analyze the
// kernel's accesses (the lockstep passes, mm-missing-barriers), which then
// see the kernel as it is, and before its thread function is made. Each
// load, store, atomic and memory intrinsic of a device function whose
// address may be device memory (not a local variable or a variable of the
// module) first calls __mm_device_check_access (mm_block_abi.h) with the
// address, the size, what the access is (of a shared variable or not),
// where it is in the source and the thread that makes it. The runtime,
// which keeps guard zones around device allocations and holds freed ones
// back, fails the launch there if the access touches a guard zone or a
// freed allocation, falls outside the block's shared memory, or is
// misaligned for what the code assumed. The thread's index is read as the
// kernel reads it, so that the lowering gives it the thread that makes the
// access.
//
//===----------------------------------------------------------------------===//

#include "CheckedAccesses.h"
#include "Passes.h"
#include "RuntimeCalls.h"

#include "mm-runtime/mm_block_abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

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
  SiteStrings Sites;
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (const CheckedAccess &A : findCheckedAccesses(F)) {
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
