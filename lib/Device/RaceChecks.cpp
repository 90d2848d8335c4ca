//===- RaceChecks.cpp - Shared-memory hazards found at run time -----------===//
//
// mm-check-races: a step of the lowering only where the user asks for
// CUDA's racecheck (`--check=racecheck`: `mm-lower-device<HOST;racecheck>`),
// at memcheck's place: after the passes that analyze the kernel's accesses,
// before its thread function is made. In each kernel that accesses shared
// memory, each read and write of it (atomics do not race) first calls
// __mm_device_check_race (mm_block_abi.h) with the address, the size, the
// kind (a store with whether it writes the value already there, which
// races with nothing), the site and the thread, and each of the kernel's
// own barriers,
// __syncthreads() and __syncwarp(), is followed by a call of
// __mm_device_pass_barrier. A barrier that the lowering added
// (`!mm.repair`) and the lockstep passes' yield points are not the
// kernel's: the hazards they keep from mattering on the CPU are reported,
// as they would matter on a GPU.
//
//===----------------------------------------------------------------------===//

#include "CheckedAccesses.h"
#include "DeviceIR.h"
#include "Passes.h"
#include "RuntimeCalls.h"

#include "mm-runtime/mm_block_abi.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

/// MM_BARRIER_BLOCK or MM_BARRIER_WARP for a barrier of the kernel's own
/// that \p I calls, if it is one.
static std::optional<unsigned> getOwnBarrierScope(const Instruction &I) {
  if (!isa<CallInst>(I) || isRepair(I))
    return std::nullopt;
  switch (classifySyncIntrinsic(getCalleeName(I)).K) {
  case SyncIntrinsic::BlockBarrier:
    return MM_BARRIER_BLOCK;
  case SyncIntrinsic::WarpBarrier:
    return MM_BARRIER_WARP;
  default:
    return std::nullopt;
  }
}

/// Whether \p Store writes the bits that its memory holds already, computed
/// at \p B's insertion point before it: such a write races with nothing,
/// whichever order the threads run in. Null for a store of a value that is
/// not a whole number of bytes of a single value.
static Value *storesSameValue(IRBuilderBase &B, StoreInst &Store) {
  Value *V = Store.getValueOperand();
  const DataLayout &DL = Store.getDataLayout();
  TypeSize Bits = DL.getTypeSizeInBits(V->getType());
  Type *Ty = V->getType();
  if (!Ty->isSingleValueType() || Bits.isScalable() ||
      Bits != DL.getTypeStoreSizeInBits(Ty) ||
      (Ty->isVectorTy() && Ty->isPtrOrPtrVectorTy()))
    return nullptr;
  Type *Int = B.getIntNTy(Bits);
  auto AsInt = [&](Value *X) {
    return Ty->isPointerTy() ? B.CreatePtrToInt(X, Int)
                             : B.CreateBitCast(X, Int);
  };
  Value *Old = B.CreateAlignedLoad(V->getType(), Store.getPointerOperand(),
                                   Store.getAlign());
  return B.CreateICmpEQ(AsInt(Old), AsInt(V));
}

PreservedAnalyses CheckRacesPass::lower(Module &M, ModuleAnalysisManager &) {
  LLVMContext &C = M.getContext();
  Type *Void = Type::getVoidTy(C);
  Type *I32 = Type::getInt32Ty(C);
  Type *I64 = Type::getInt64Ty(C);
  PointerType *Ptr = PointerType::get(C, 0);
  FunctionCallee CheckRace = getCheckEntryPoint(
      M, MM_DEVICE_ENTRY_POINT(__mm_device_check_race),
      FunctionType::get(Void, {Ptr, I64, I32, Ptr, I32, I32, I32}, false));
  FunctionCallee PassBarrier = getCheckEntryPoint(
      M, MM_DEVICE_ENTRY_POINT(__mm_device_pass_barrier),
      FunctionType::get(Void, {I32, I32, I32, I32}, false));
  SiteStrings Sites;
  bool Changed = false;
  for (Function &K : kernels(M)) {
    SmallVector<CheckedAccess> Accesses;
    for (const CheckedAccess &A : findCheckedAccesses(K))
      if ((A.Kind & MM_ACCESS_SHARED) && !(A.Kind & MM_ACCESS_ATOMIC))
        Accesses.push_back(A);
    if (Accesses.empty())
      continue;
    for (const CheckedAccess &A : Accesses) {
      IRBuilder<> B(A.At);
      auto [X, Y, Z] = createThreadIndex(B);
      Value *Kind =
          ConstantInt::get(I32, A.Kind & (MM_ACCESS_READ | MM_ACCESS_WRITE));
      if (auto *Store = dyn_cast<StoreInst>(A.At))
        if (Value *Same = storesSameValue(B, *Store))
          Kind = B.CreateOr(
              Kind, B.CreateSelect(Same,
                                   ConstantInt::get(I32, MM_ACCESS_SAME_VALUE),
                                   ConstantInt::get(I32, 0)));
      B.CreateCall(CheckRace,
                   {B.CreateAddrSpaceCast(A.Address, Ptr),
                    B.CreateZExtOrTrunc(A.Size, I64), Kind,
                    Sites.get(*A.At, B), X, Y, Z});
    }
    SmallVector<std::pair<Instruction *, unsigned>> Barriers;
    for (Instruction &I : instructions(K))
      if (std::optional<unsigned> Scope = getOwnBarrierScope(I))
        Barriers.push_back({&I, *Scope});
    for (auto [Barrier, Scope] : Barriers) {
      IRBuilder<> B(Barrier->getNextNode());
      auto [X, Y, Z] = createThreadIndex(B);
      B.CreateCall(PassBarrier, {ConstantInt::get(I32, Scope), X, Y, Z});
    }
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
