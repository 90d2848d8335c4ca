//===- DeviceLibCalls.cpp - Device library calls and the memory model -----===//
//
// mm-lower-device-libcalls: rewrites what does not depend on the thread that
// runs it. `__nvvm_reflect` answers 0; memory barriers become fences,
// `__ldg` and a texture reference's handle loads of memory that no thread
// changes while the kernel runs (`!invariant.load`), and NVVM's scoped
// atomics read-modify-write instructions; every GPU sync scope (block,
// device, agent, wavefront) becomes the system's, since the CPU has one
// address space and one memory model. (Math is mm's libdevice's:
// mm-lower-nvvm-math and mm-link-device-library.) See
// docs/device-lowering.md.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

/// NVVM's atomics that clang's CUDA headers reach for the block- and
/// system-scoped atomics and for atomicInc/atomicDec
/// (`llvm.nvvm.atomic.<op>.gen.<type>.<scope>` and
/// `llvm.nvvm.atomic.load.{inc,dec}.32`, \p Name without `llvm.nvvm.atomic.`),
/// as the read-modify-write instructions they are: every scope is the
/// system's, and PTX's inc and dec are LLVM's uinc_wrap and udec_wrap.
static Value *emitAtomic(IRBuilder<> &B, StringRef Name, CallBase &Call) {
  Value *Ptr = Call.getArgOperand(0);
  Value *Val = Call.getArgOperand(1);
  auto RMW = [&](AtomicRMWInst::BinOp Op) {
    return B.CreateAtomicRMW(Op, Ptr, Val, MaybeAlign(),
                             AtomicOrdering::SequentiallyConsistent);
  };
  if (Name.starts_with("load.inc."))
    return RMW(AtomicRMWInst::UIncWrap);
  if (Name.starts_with("load.dec."))
    return RMW(AtomicRMWInst::UDecWrap);
  StringRef Op = Name.take_until([](char C) { return C == '.'; });
  Name = Name.drop_front(Op.size());
  if (!Name.consume_front(".gen."))
    return nullptr;
  StringRef Type = Name.take_until([](char C) { return C == '.'; });
  bool Float = Type == "f";
  bool Unsigned = Type == "ui";
  if (Op == "cas") {
    auto *CAS = B.CreateAtomicCmpXchg(Ptr, Val, Call.getArgOperand(2),
                                      MaybeAlign(),
                                      AtomicOrdering::SequentiallyConsistent,
                                      AtomicOrdering::SequentiallyConsistent);
    return B.CreateExtractValue(CAS, 0);
  }
  std::optional<AtomicRMWInst::BinOp> BinOp =
      StringSwitch<std::optional<AtomicRMWInst::BinOp>>(Op)
          .Case("add", Float ? AtomicRMWInst::FAdd : AtomicRMWInst::Add)
          .Case("exch", AtomicRMWInst::Xchg)
          .Case("max", Unsigned ? AtomicRMWInst::UMax : AtomicRMWInst::Max)
          .Case("min", Unsigned ? AtomicRMWInst::UMin : AtomicRMWInst::Min)
          .Case("inc", AtomicRMWInst::UIncWrap)
          .Case("dec", AtomicRMWInst::UDecWrap)
          .Case("and", AtomicRMWInst::And)
          .Case("or", AtomicRMWInst::Or)
          .Case("xor", AtomicRMWInst::Xor)
          .Default(std::nullopt);
  if (!BinOp)
    return nullptr;
  return RMW(*BinOp);
}

/// A load of \p Ty at \p Address, of memory that no thread changes while
/// the kernel runs: what the GPU reads through its read-only cache. The
/// optimizer may take it out of loops, and mm's uniformity analysis counts
/// it the same in every thread when its address is.
static LoadInst *createInvariantLoad(IRBuilder<> &B, Type *Ty, Value *Address,
                                     MaybeAlign Align) {
  LoadInst *Load = B.CreateAlignedLoad(Ty, Address, Align);
  Load->setMetadata(LLVMContext::MD_invariant_load,
                    MDNode::get(B.getContext(), {}));
  return Load;
}

/// What does not depend on the thread that runs it: memory barriers and
/// fences, the loads through the read-only cache (__ldg, __ldu: PTX's
/// `ld.global.nc` requires the memory to stay unchanged while the kernel
/// runs), and the handles of texture references: the texture that
/// cudaBindTexture* stored in the reference's variable
/// (mm-cuda/texture_fetch_functions.h), which only the host changes.
static Value *emitMemoryOperation(IRBuilder<> &B, StringRef Name,
                                  CallBase &Call) {
  if (!Name.consume_front("llvm.nvvm."))
    return nullptr;
  Type *Ty = Call.getType();
  if (Name.starts_with("membar.") || Name.starts_with("fence.sc.")) {
    B.CreateFence(AtomicOrdering::SequentiallyConsistent);
    return PoisonValue::get(Ty); // void: never used
  }
  if (Name.starts_with("ldg.global.") || Name.starts_with("ldu.global.")) {
    auto *Align = cast<ConstantInt>(Call.getArgOperand(1));
    return createInvariantLoad(B, Ty, Call.getArgOperand(0),
                               MaybeAlign(Align->getZExtValue()));
  }
  if (Name.starts_with("texsurf.handle.internal."))
    return createInvariantLoad(B, Ty, Call.getArgOperand(0), std::nullopt);
  if (Name.consume_front("atomic."))
    return emitAtomic(B, Name, Call);
  return nullptr;
}

PreservedAnalyses LowerDeviceLibCallsPass::lower(Module &M,
                                               ModuleAnalysisManager &) {
  SmallVector<CallBase *> Calls;
  for (Function &F : M)
    for (BasicBlock &BB : F)
      for (Instruction &I : BB) {
        // One address space and one memory model: every GPU sync scope
        // (block, device, agent, wavefront...) is the whole system.
        if (auto *Fence = dyn_cast<FenceInst>(&I))
          Fence->setSyncScopeID(SyncScope::System);
        else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
          RMW->setSyncScopeID(SyncScope::System);
        else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
          CAS->setSyncScopeID(SyncScope::System);
        else if (auto *Load = dyn_cast<LoadInst>(&I); Load && Load->isAtomic())
          Load->setSyncScopeID(SyncScope::System);
        else if (auto *Store = dyn_cast<StoreInst>(&I);
                 Store && Store->isAtomic())
          Store->setSyncScopeID(SyncScope::System);
        auto *Call = dyn_cast<CallBase>(&I);
        if (Call && Call->getCalledFunction())
          Calls.push_back(Call);
      }

  for (CallBase *Call : Calls) {
    StringRef Name = Call->getCalledFunction()->getName();
    IRBuilder<> B(Call);
    // Device code asks __nvvm_reflect about the GPU (__CUDA_FTZ,
    // __CUDA_ARCH): no flushing, no architecture-specific path.
    Value *Result = Name == "__nvvm_reflect" || Name == "llvm.nvvm.reflect"
                        ? B.getInt32(0)
                        : emitMemoryOperation(B, Name, *Call);
    if (!Result)
      continue;
    if (!Call->getType()->isVoidTy()) {
      if (isa<Instruction>(Result) && !Result->hasName())
        Result->takeName(Call);
      Call->replaceAllUsesWith(Result);
    }
    Call->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

