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

#include "DeviceIR.h"
#include "Passes.h"
#include "RuntimeCalls.h"

#include "mm-runtime/mm_block_abi.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace mm::device;

namespace {
/// One access to check: its address, its size in bytes and its kind
/// (MM_ACCESS_*).
struct Access {
  Instruction *At;
  Value *Address;
  Value *Size;
  unsigned Kind;
};
} // namespace

/// The kind of memory (MM_ACCESS_SHARED, or 0 for global) that an access
/// at \p Address checks, if any: shared memory (a shared variable's)
/// against the block's, any other but a local or module variable's against
/// device allocations.
static std::optional<unsigned> getCheckedMemory(const Value *Address) {
  if (isSharedMemory(Address))
    return MM_ACCESS_SHARED;
  const Value *Object = getUnderlyingObject(Address);
  if (isa<AllocaInst>(Object) || isa<GlobalVariable>(Object))
    return std::nullopt;
  return 0;
}

/// MM_ACCESS_* for an access of \p Bytes bytes that the code assumes
/// aligned to \p Alignment: a naturally aligned access of up to 16 bytes
/// must be, as the GPU faults on it otherwise.
static unsigned getAlignmentKind(uint64_t Bytes, Align Alignment) {
  if (!isPowerOf2_64(Bytes) || Bytes > 16 || Alignment.value() < Bytes)
    return 0;
  return Log2_64(Bytes) << MM_ACCESS_ALIGNMENT_SHIFT;
}

/// The accesses of \p F to check.
static SmallVector<Access> findAccesses(Function &F) {
  SmallVector<Access> Accesses;
  const DataLayout &DL = F.getDataLayout();
  LLVMContext &C = F.getContext();
  auto Add = [&](Instruction &I, Value *Address, Type *Ty, Align Alignment,
                 unsigned Kind) {
    std::optional<unsigned> Memory = getCheckedMemory(Address);
    if (!Memory)
      return;
    uint64_t Bytes = DL.getTypeStoreSize(Ty);
    Accesses.push_back({&I, Address,
                        ConstantInt::get(Type::getInt64Ty(C), Bytes),
                        Kind | *Memory | getAlignmentKind(Bytes, Alignment)});
  };
  auto AddRange = [&](Instruction &I, Value *Address, Value *Length,
                      unsigned Kind) {
    if (std::optional<unsigned> Memory = getCheckedMemory(Address))
      Accesses.push_back({&I, Address, Length, Kind | *Memory});
  };
  for (Instruction &I : instructions(F)) {
    if (auto *Load = dyn_cast<LoadInst>(&I))
      Add(I, Load->getPointerOperand(), Load->getType(), Load->getAlign(),
          MM_ACCESS_READ);
    else if (auto *Store = dyn_cast<StoreInst>(&I))
      Add(I, Store->getPointerOperand(), Store->getValueOperand()->getType(),
          Store->getAlign(), MM_ACCESS_WRITE);
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
      Add(I, RMW->getPointerOperand(), RMW->getValOperand()->getType(),
          RMW->getAlign(), MM_ACCESS_ATOMIC);
    else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
      Add(I, CAS->getPointerOperand(), CAS->getCompareOperand()->getType(),
          CAS->getAlign(), MM_ACCESS_ATOMIC);
    else if (auto *Transfer = dyn_cast<MemTransferInst>(&I)) {
      // The copy reads before it writes.
      AddRange(I, Transfer->getSource(), Transfer->getLength(),
               MM_ACCESS_READ);
      AddRange(I, Transfer->getDest(), Transfer->getLength(),
               MM_ACCESS_WRITE);
    } else if (auto *Set = dyn_cast<MemSetInst>(&I)) {
      AddRange(I, Set->getDest(), Set->getLength(), MM_ACCESS_WRITE);
    }
  }
  return Accesses;
}

/// The name of the function of subprogram \p SP, inlined into \p F or
/// \p F's own, demangled; line tables alone (-lineinfo) give the
/// subprograms of inlined functions their short names only.
static std::string getFunctionName(const Function &F,
                                   const DISubprogram *SP = nullptr) {
  if (SP && !SP->getLinkageName().empty())
    return demangle(SP->getLinkageName());
  if (SP && SP != F.getSubprogram())
    return SP->getName().str();
  return demangle(F.getName());
}

/// Where \p I is, as the runtime's report says it: with debug information
/// (-g, -lineinfo), "FILE:LINE:COL in FUNCTION", then ", inlined at
/// FILE:LINE:COL in FUNCTION" for each function it was inlined into; else
/// "FUNCTION", the function that holds it.
static std::string describeSite(const Instruction &I) {
  const DILocation *Loc = I.getDebugLoc();
  if (!Loc)
    return getFunctionName(*I.getFunction());
  std::string Site;
  raw_string_ostream OS(Site);
  for (; Loc; Loc = Loc->getInlinedAt()) {
    if (!Site.empty())
      OS << ", inlined at ";
    OS << describeLocation(Loc) << " in "
       << getFunctionName(*I.getFunction(),
                          Loc->getScope()->getSubprogram());
  }
  return Site;
}

/// The intrinsics that read the thread's index in its block.
static std::array<Intrinsic::ID, 3> getThreadIndexIntrinsics(Module &M) {
  if (isAMDGCNCode(M))
    return {Intrinsic::amdgcn_workitem_id_x, Intrinsic::amdgcn_workitem_id_y,
            Intrinsic::amdgcn_workitem_id_z};
  return {Intrinsic::nvvm_read_ptx_sreg_tid_x,
          Intrinsic::nvvm_read_ptx_sreg_tid_y,
          Intrinsic::nvvm_read_ptx_sreg_tid_z};
}

PreservedAnalyses CheckMemoryPass::lower(Module &M, ModuleAnalysisManager &) {
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  Type *I64 = Type::getInt64Ty(C);
  PointerType *Ptr = PointerType::get(C, 0);
  FunctionCallee Check = M.getOrInsertFunction(
      MM_DEVICE_ENTRY_POINT(__mm_device_check_access),
      FunctionType::get(Type::getVoidTy(C), {Ptr, I64, I32, Ptr, I32, I32, I32},
                        false));
  // It touches none of the program's memory, so that the analyses of the
  // passes after this one see the kernel as without it; it may not return.
  if (auto *Declaration = dyn_cast<Function>(Check.getCallee())) {
    Declaration->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
    Declaration->setDoesNotThrow();
  }
  std::array<Intrinsic::ID, 3> ThreadIndex = getThreadIndexIntrinsics(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    StringMap<Constant *> Sites;
    for (const Access &A : findAccesses(F)) {
      IRBuilder<> B(A.At);
      std::string Site = describeSite(*A.At);
      Constant *&SiteString = Sites[Site];
      if (!SiteString)
        SiteString = B.CreateGlobalString(Site, "mm.access.site");
      Value *Address = B.CreateAddrSpaceCast(A.Address, Ptr);
      Value *Size = B.CreateZExtOrTrunc(A.Size, I64);
      B.CreateCall(Check, {Address, Size, ConstantInt::get(I32, A.Kind),
                           SiteString,
                           B.CreateIntrinsic(ThreadIndex[0], {}, {}),
                           B.CreateIntrinsic(ThreadIndex[1], {}, {}),
                           B.CreateIntrinsic(ThreadIndex[2], {}, {})});
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
