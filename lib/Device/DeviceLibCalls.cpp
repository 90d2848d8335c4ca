//===- DeviceLibCalls.cpp - Device library calls and the memory model -----===//
//
// mm-lower-device-libcalls: rewrites what does not depend on the thread that
// runs it. libdevice's `__nv_*` functions become the host's libm functions
// or LLVM intrinsics of the same meaning; NVVM math intrinsics become
// target-independent operations; `__nvvm_reflect` answers 0; memory barriers
// become fences and `__ldg` a load; every GPU sync scope (block, device,
// agent, wavefront) becomes the system's, since the CPU has one address space
// and one memory model. See docs/device-lowering.md.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

using namespace llvm;
using namespace mm::device;

/// The host function or intrinsic for a libdevice function `__nv_NAME`:
/// libdevice names its functions after libm's.
static Expected<FunctionCallee> getHostMathFunction(Module &M, CallBase &Call,
                                                    StringRef LibdeviceName) {
  StringRef Name = LibdeviceName.drop_front(strlen("__nv_"));
  Name.consume_front("fast_");
  Type *Ty = Call.getType();
  auto Intrinsic = [&](Intrinsic::ID ID) -> FunctionCallee {
    return Intrinsic::getDeclaration(&M, ID, {Ty});
  };
  Intrinsic::ID ID = StringSwitch<Intrinsic::ID>(Name)
                         .Cases("sqrtf", "sqrt", Intrinsic::sqrt)
                         .Cases("fabsf", "fabs", Intrinsic::fabs)
                         .Cases("fmaf", "fma", Intrinsic::fma)
                         .Cases("floorf", "floor", Intrinsic::floor)
                         .Cases("ceilf", "ceil", Intrinsic::ceil)
                         .Cases("truncf", "trunc", Intrinsic::trunc)
                         .Cases("rintf", "rint", Intrinsic::rint)
                         .Cases("roundf", "round", Intrinsic::round)
                         .Cases("fminf", "fmin", Intrinsic::minnum)
                         .Cases("fmaxf", "fmax", Intrinsic::maxnum)
                         .Cases("copysignf", "copysign", Intrinsic::copysign)
                         .Cases("popc", "popcll", Intrinsic::ctpop)
                         .Cases("brev", "brevll", Intrinsic::bitreverse)
                         .Default(Intrinsic::not_intrinsic);
  if (ID != Intrinsic::not_intrinsic)
    return Intrinsic(ID);
  static const char *const LibmNames[] = {
      "cbrt",  "exp",   "exp2",  "exp10", "expm1",  "log",       "log2",
      "log10", "log1p", "sin",   "cos",   "tan",    "asin",      "acos",
      "atan",  "sinh",  "cosh",  "tanh",  "asinh",  "acosh",     "atanh",
      "erf",   "erfc",  "pow",   "atan2", "fmod",   "hypot",     "remainder",
      "fdim",  "ldexp", "lgamma", "tgamma", "nearbyint", "logb", "scalbn"};
  for (const char *Libm : LibmNames)
    if (Name == Libm || Name == (Twine(Libm) + "f").str())
      return M.getOrInsertFunction(Name, Call.getFunctionType());
  return createStringError("unsupported libdevice function '" +
                           LibdeviceName + "'");
}

/// The libdevice functions with no libm or intrinsic counterpart of the
/// same shape, computed inline.
static Value *emitLibdeviceSpecial(IRBuilder<> &B, StringRef Name,
                                   CallBase &Call) {
  Type *Ty = Call.getType();
  Value *X = Call.arg_size() ? Call.getArgOperand(0) : nullptr;
  if (Name == "__nv_rsqrtf" || Name == "__nv_rsqrt")
    return B.CreateFDiv(ConstantFP::get(Ty, 1.0),
                        B.CreateUnaryIntrinsic(Intrinsic::sqrt, X));
  if (Name == "__nv_saturatef")
    return B.CreateBinaryIntrinsic(
        Intrinsic::minnum,
        B.CreateBinaryIntrinsic(Intrinsic::maxnum, X, ConstantFP::get(Ty, 0.0)),
        ConstantFP::get(Ty, 1.0));
  if (Name == "__nv_fdividef" || Name == "__nv_fast_fdividef")
    return B.CreateFDiv(X, Call.getArgOperand(1));
  if (Name == "__nv_clz" || Name == "__nv_clzll")
    return B.CreateIntCast(
        B.CreateBinaryIntrinsic(Intrinsic::ctlz, X, B.getFalse()), Ty, false);
  if (Name == "__nv_ffs" || Name == "__nv_ffsll") {
    // ffs(x): 1 + the index of the lowest set bit, 0 for 0.
    Value *Trailing = B.CreateIntCast(
        B.CreateBinaryIntrinsic(Intrinsic::cttz, X, B.getFalse()), Ty, false);
    Value *IsZero = B.CreateICmpEQ(X, Constant::getNullValue(X->getType()));
    return B.CreateSelect(IsZero, ConstantInt::get(Ty, 0),
                          B.CreateAdd(Trailing, ConstantInt::get(Ty, 1)));
  }
  return nullptr;
}

/// NVVM intrinsics that compute the same thing as a target-independent
/// operation (their rounding and approximation modes are GPU details).
static Value *emitNVVMMath(IRBuilder<> &B, StringRef Name, CallBase &Call) {
  if (!Name.consume_front("llvm.nvvm."))
    return nullptr;
  Type *Ty = Call.getType();
  auto Arg = [&](unsigned I) { return Call.getArgOperand(I); };
  auto Unary = [&](Intrinsic::ID ID) {
    return B.CreateUnaryIntrinsic(ID, Arg(0));
  };
  auto Binary = [&](Intrinsic::ID ID) {
    return B.CreateBinaryIntrinsic(ID, Arg(0), Arg(1));
  };
  if (Name.starts_with("sqrt."))
    return Unary(Intrinsic::sqrt);
  if (Name.starts_with("rsqrt."))
    return B.CreateFDiv(ConstantFP::get(Ty, 1.0), Unary(Intrinsic::sqrt));
  if (Name.starts_with("rcp."))
    return B.CreateFDiv(ConstantFP::get(Ty, 1.0), Arg(0));
  if (Name.starts_with("div."))
    return B.CreateFDiv(Arg(0), Arg(1));
  if (Name.starts_with("fabs.") || Name == "fabs")
    return Unary(Intrinsic::fabs);
  if (Name.starts_with("fmin."))
    return Binary(Intrinsic::minnum);
  if (Name.starts_with("fmax."))
    return Binary(Intrinsic::maxnum);
  if (Name.starts_with("fma.rn."))
    return B.CreateIntrinsic(Intrinsic::fma, {Ty}, {Arg(0), Arg(1), Arg(2)});
  if (Name.starts_with("ex2.approx."))
    return Unary(Intrinsic::exp2);
  if (Name.starts_with("lg2.approx."))
    return Unary(Intrinsic::log2);
  if (Name.starts_with("sin.approx."))
    return Unary(Intrinsic::sin);
  if (Name.starts_with("cos.approx."))
    return Unary(Intrinsic::cos);
  if (Name.starts_with("saturate."))
    return B.CreateBinaryIntrinsic(
        Intrinsic::minnum,
        B.CreateBinaryIntrinsic(Intrinsic::maxnum, Arg(0),
                                ConstantFP::get(Ty, 0.0)),
        ConstantFP::get(Ty, 1.0));
  if (Name.starts_with("membar.") || Name.starts_with("fence.sc.")) {
    B.CreateFence(AtomicOrdering::SequentiallyConsistent);
    return PoisonValue::get(Ty); // void: never used
  }
  if (Name.starts_with("ldg.global.") || Name.starts_with("ldu.global.")) {
    auto *Align = cast<ConstantInt>(Arg(1));
    return B.CreateAlignedLoad(Ty, Arg(0), MaybeAlign(Align->getZExtValue()));
  }
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
    Value *Result = nullptr;
    if (Name == "__nvvm_reflect" || Name == "llvm.nvvm.reflect") {
      Result = B.getInt32(0);
    } else if (Name.starts_with("__nv_")) {
      Result = emitLibdeviceSpecial(B, Name, *Call);
      if (!Result) {
        Expected<FunctionCallee> Host = getHostMathFunction(M, *Call, Name);
        if (!Host) {
          reportError(M, Call->getFunction()->getName(),
                      toString(Host.takeError()));
          return PreservedAnalyses::none();
        }
        SmallVector<Value *> Args(Call->args());
        Result = B.CreateCall(*Host, Args);
      }
    } else {
      Result = emitNVVMMath(B, Name, *Call);
    }
    if (!Result)
      continue;
    if (!Call->getType()->isVoidTy()) {
      if (isa<Instruction>(Result) && !Result->hasName())
        Result->takeName(Call);
      Call->replaceAllUsesWith(Result);
    }
    Call->eraseFromParent();
  }
  // libdevice's own definitions, if it was linked in, are now unused.
  for (Function &F : make_early_inc_range(M))
    if (F.getName().starts_with("__nv_") && F.use_empty())
      F.eraseFromParent();
  return PreservedAnalyses::none();
}

