//===- RuntimeCalls.cpp - Calls of the runtime's device entry points ------===//

#include "RuntimeCalls.h"

#include "mm-runtime/mm_block_abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

/// An entry point of type void(ctx, function) that does not return: a trap.
static FunctionCallee getTrapEntryPoint(Module &M, StringRef Name) {
  PointerType *Ptr = PointerType::get(M.getContext(), 0);
  FunctionCallee Trap =
      M.getOrInsertFunction(Name, Type::getVoidTy(M.getContext()), Ptr, Ptr);
  if (auto *F = dyn_cast<Function>(Trap.getCallee())) {
    F->setDoesNotReturn();
    F->setDoesNotThrow();
  }
  return Trap;
}

/// Calls \p Trap, an entry point of getTrapEntryPoint, for \p FunctionName.
static void emitTrapCall(IRBuilderBase &B, FunctionCallee Trap, Value *Ctx,
                         StringRef FunctionName) {
  CallInst *Call = B.CreateCall(
      Trap, {Ctx, B.CreateGlobalString(FunctionName, "__mm_trap.function")});
  Call->setDoesNotReturn();
}

FunctionCallee mm::device::getVPrintfFunction(Module &M) {
  PointerType *Ptr = PointerType::get(M.getContext(), 0);
  return M.getOrInsertFunction(MM_DEVICE_ENTRY_POINT(__mm_device_vprintf),
                               Type::getInt32Ty(M.getContext()), Ptr, Ptr,
                               Ptr);
}

void mm::device::emitTrap(IRBuilderBase &B, Value *Ctx,
                          StringRef FunctionName) {
  Module &M = *B.GetInsertBlock()->getModule();
  emitTrapCall(B,
               getTrapEntryPoint(M, MM_DEVICE_ENTRY_POINT(__mm_device_trap)),
               Ctx, FunctionName);
}

void mm::device::emitUnsupported(IRBuilderBase &B, Value *Ctx,
                                 StringRef FunctionName, Value *Why) {
  Module &M = *B.GetInsertBlock()->getModule();
  PointerType *Ptr = B.getPtrTy();
  FunctionCallee Unsupported = M.getOrInsertFunction(
      MM_DEVICE_ENTRY_POINT(__mm_device_unsupported), B.getVoidTy(), Ptr, Ptr,
      Ptr);
  if (auto *F = dyn_cast<Function>(Unsupported.getCallee())) {
    F->setDoesNotReturn();
    F->setDoesNotThrow();
  }
  CallInst *Call = B.CreateCall(
      Unsupported,
      {Ctx, B.CreateGlobalString(FunctionName, "__mm_trap.function"), Why});
  Call->setDoesNotReturn();
}

void mm::device::emitBlockSpins(IRBuilderBase &B, Value *Ctx) {
  Module &M = *B.GetInsertBlock()->getModule();
  FunctionCallee Spins = M.getOrInsertFunction(
      MM_DEVICE_ENTRY_POINT(__mm_device_block_spins), B.getVoidTy(),
      B.getPtrTy());
  if (auto *F = dyn_cast<Function>(Spins.getCallee()))
    F->setDoesNotThrow();
  B.CreateCall(Spins, {Ctx});
}

void mm::device::emitAssertFail(IRBuilderBase &B, CallBase &Call, Value *Ctx,
                                StringRef FunctionName) {
  Module &M = *B.GetInsertBlock()->getModule();
  LLVMContext &C = M.getContext();
  // vprintf's packing: each argument at a multiple of its size.
  PointerType *Ptr = PointerType::get(C, 0);
  StructType *Args = StructType::get(C, {Ptr, B.getInt32Ty(), Ptr, Ptr});
  // In the entry block: a static allocation, which a kernel with barriers
  // can keep across them.
  BasicBlock &Entry = B.GetInsertBlock()->getParent()->getEntryBlock();
  IRBuilder<> AtEntry(&Entry, Entry.getFirstInsertionPt());
  Value *Packed = AtEntry.CreateAlloca(Args);
  B.CreateStore(Call.getArgOperand(1), B.CreateStructGEP(Args, Packed, 0));
  B.CreateStore(Call.getArgOperand(2), B.CreateStructGEP(Args, Packed, 1));
  B.CreateStore(Call.getArgOperand(3), B.CreateStructGEP(Args, Packed, 2));
  B.CreateStore(Call.getArgOperand(0), B.CreateStructGEP(Args, Packed, 3));
  B.CreateCall(getVPrintfFunction(M),
               {Ctx,
                B.CreateGlobalString("%s:%u: %s: Assertion `%s` failed.\n",
                                     "__mm_assert.format"),
                Packed});
  emitTrapCall(
      B, getTrapEntryPoint(M, MM_DEVICE_ENTRY_POINT(__mm_device_assert_fail)),
      Ctx, FunctionName);
}
