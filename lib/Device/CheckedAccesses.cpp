//===- CheckedAccesses.cpp - Accesses that run-time checks look at --------===//

#include "CheckedAccesses.h"
#include "DeviceIR.h"

#include "mm-runtime/mm_block_abi.h"

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

/// The kind of memory (MM_ACCESS_SHARED, MM_ACCESS_LOCAL, or 0 for global)
/// that an access at \p Address is of, if checked: shared memory (a shared
/// variable's), a local variable of a fixed size, or any other but a module
/// variable's, which may be a device allocation's.
static std::optional<unsigned> getCheckedMemory(const Value *Address) {
  if (isSharedMemory(Address))
    return MM_ACCESS_SHARED;
  const Value *Object = getUnderlyingObject(Address);
  if (isa<GlobalVariable>(Object))
    return std::nullopt;
  if (auto *Local = dyn_cast<AllocaInst>(Object))
    return Local->isStaticAlloca() ? std::optional<unsigned>(MM_ACCESS_LOCAL)
                                   : std::nullopt;
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

SmallVector<CheckedAccess> mm::device::findCheckedAccesses(Function &F) {
  SmallVector<CheckedAccess> Accesses;
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

/// Where \p I is, as SiteStrings says it.
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

FunctionCallee mm::device::getCheckEntryPoint(Module &M, StringRef Name,
                                              FunctionType *Ty) {
  FunctionCallee Callee = M.getOrInsertFunction(Name, Ty);
  if (auto *Declaration = dyn_cast<Function>(Callee.getCallee())) {
    Declaration->setMemoryEffects(MemoryEffects::inaccessibleMemOnly());
    Declaration->setDoesNotThrow();
  }
  return Callee;
}

std::array<Value *, 3> mm::device::createThreadIndex(IRBuilderBase &B) {
  std::array<Intrinsic::ID, 3> Index = {
      Intrinsic::nvvm_read_ptx_sreg_tid_x, Intrinsic::nvvm_read_ptx_sreg_tid_y,
      Intrinsic::nvvm_read_ptx_sreg_tid_z};
  if (isAMDGCNCode(*B.GetInsertBlock()->getModule()))
    Index = {Intrinsic::amdgcn_workitem_id_x, Intrinsic::amdgcn_workitem_id_y,
             Intrinsic::amdgcn_workitem_id_z};
  return {B.CreateIntrinsic(Index[0], {}, {}),
          B.CreateIntrinsic(Index[1], {}, {}),
          B.CreateIntrinsic(Index[2], {}, {})};
}

Constant *SiteStrings::get(const Instruction &I, IRBuilderBase &B) {
  std::string Site = describeSite(I);
  Constant *&String = Strings[Site];
  if (!String)
    String = B.CreateGlobalString(Site, "mm.access.site");
  return String;
}

