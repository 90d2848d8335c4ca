//===- DeviceLowering.cpp - Device submodules for the CPU -----------------===//
//
// The driver of lowerDeviceModuleForHost and the rewrites that do not depend
// on the thread that runs them. See docs/device-lowering.md.
//
//===----------------------------------------------------------------------===//

#include "mm/Device/DeviceLowering.h"
#include "LoweringInternal.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;
using namespace mm::device;

Error LoweringState::error(const Twine &Message) const {
  return createStringError(inconvertibleErrorCode(),
                           "submodule '" + Submodule + "': " + Message);
}

Error LoweringState::error(const Function &F, const Twine &Message) const {
  return error("function '" + F.getName() + "': " + Message);
}

bool mm::isLowerableDeviceTriple(const Triple &T) {
  return T.isNVPTX() || T.isAMDGCN();
}

bool mm::device::isDeviceSpecificCallee(const Function &F) {
  StringRef Name = F.getName();
  return Name.starts_with("llvm.nvvm.") || Name.starts_with("llvm.amdgcn.") ||
         Name.starts_with("llvm.r600.") || Name.starts_with("__nv_") ||
         Name.starts_with("__nvvm_") || Name.starts_with("__ockl_") ||
         Name.starts_with("__ocml_");
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// Kernels by calling convention (ptx_kernel, amdgpu_kernel) or by
/// `!nvvm.annotations` `!{ptr @K, !"kernel", i32 1}`, in module order.
static SmallVector<std::string> findKernels(Module &M) {
  SmallPtrSet<const Function *, 8> Annotated;
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    for (const MDNode *Entry : Annotations->operands()) {
      for (unsigned I = 1; I + 1 < Entry->getNumOperands(); I += 2) {
        auto *Key = dyn_cast<MDString>(Entry->getOperand(I));
        auto *Value = mdconst::dyn_extract_or_null<ConstantInt>(
            Entry->getOperand(I + 1));
        if (Key && Key->getString() == "kernel" && Value && !Value->isZero())
          if (auto *F = mdconst::dyn_extract_or_null<Function>(
                  Entry->getOperand(0)))
            Annotated.insert(F);
      }
    }
  SmallVector<std::string> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() &&
        (F.getCallingConv() == CallingConv::PTX_Kernel ||
         F.getCallingConv() == CallingConv::AMDGPU_KERNEL ||
         Annotated.count(&F)))
      Kernels.push_back(F.getName().str());
  return Kernels;
}

/// The wavefront size of an amdgcn module: 32 when its functions are
/// compiled for wave32, 64 otherwise.
static unsigned getAMDGCNWavefrontSize(const Module &M) {
  for (const Function &F : M) {
    StringRef Features = F.getFnAttribute("target-features").getValueAsString();
    if (Features.contains("+wavefrontsize32"))
      return 32;
    if (Features.contains("+wavefrontsize64"))
      return 64;
  }
  return 64;
}

//===----------------------------------------------------------------------===//
// Operations that do not depend on the thread
//===----------------------------------------------------------------------===//

/// The host function or intrinsic for a libdevice function `__nv_NAME`:
/// libdevice names its functions after libm's.
static Expected<FunctionCallee> getHostMathFunction(LoweringState &S,
                                                    CallBase &Call,
                                                    StringRef LibdeviceName) {
  Module &M = S.M;
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
  return S.error(*Call.getFunction(),
                 "unsupported libdevice function '" + LibdeviceName + "'");
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

Error mm::device::lowerContextFreeOperations(LoweringState &S) {
  SmallVector<CallBase *> Calls;
  for (Function &F : S.M)
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
        Expected<FunctionCallee> Host = getHostMathFunction(S, *Call, Name);
        if (!Host)
          return Host.takeError();
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
  for (Function &F : make_early_inc_range(S.M))
    if (F.getName().starts_with("__nv_") && F.use_empty())
      F.eraseFromParent();
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Retargeting
//===----------------------------------------------------------------------===//

/// Drops what only means something on the GPU: target CPU and features,
/// GPU calling conventions and attributes, and convergence (on the CPU every
/// thread of a block runs in the work-item loops).
static void dropGPUAttributes(Module &M) {
  for (Function &F : M) {
    F.setCallingConv(CallingConv::C);
    AttributeMask Drop;
    for (Attribute A : F.getAttributes().getFnAttrs()) {
      if (!A.isStringAttribute())
        continue;
      StringRef Kind = A.getKindAsString();
      if (Kind == "target-cpu" || Kind == "target-features" ||
          Kind == "uniform-work-group-size" || Kind.starts_with("amdgpu-") ||
          Kind.starts_with("nvptx-") || Kind.starts_with("nvvm."))
        Drop.addAttribute(Kind);
    }
    Drop.addAttribute(Attribute::Convergent);
    F.removeFnAttrs(Drop);
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (auto *Call = dyn_cast<CallBase>(&I)) {
          Call->setCallingConv(CallingConv::C);
          Call->removeFnAttr(Attribute::Convergent);
        }
  }
  if (NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    M.eraseNamedMetadata(Annotations);
}

/// Erases internal functions and declarations that nothing uses any more
/// (device functions inlined into kernels, replaced device intrinsics),
/// until none is left.
static void eraseDeadInternalFunctions(Module &M) {
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Function &F : make_early_inc_range(M)) {
      if (!F.hasLocalLinkage() && !F.isDeclaration())
        continue;
      F.removeDeadConstantUsers();
      if (!F.use_empty())
        continue;
      F.eraseFromParent();
      Changed = true;
    }
  }
}

Error mm::lowerDeviceModuleForHost(Module &M, const Triple &HostTriple,
                                   const DataLayout &HostDL,
                                   StringRef SubmoduleName) {
  LoweringState S(M, SubmoduleName);
  Triple DeviceTriple(M.getTargetTriple());
  if (!isLowerableDeviceTriple(DeviceTriple))
    return S.error("target '" + M.getTargetTriple() +
                   "' is not GPU code that runs on the CPU");
  S.IsAMDGCN = DeviceTriple.isAMDGCN();
  S.WarpSize = S.IsAMDGCN ? getAMDGCNWavefrontSize(M) : 32;

  // Debug info of device code is not kept: its locations would describe the
  // GPU function, not the work-item loops.
  StripDebugInfo(M);
  SmallVector<std::string> KernelNames = findKernels(M);

  if (Error E = flattenAddressSpaces(S))
    return E;
  if (Error E = lowerInlineAssembly(S))
    return E;
  M.setTargetTriple(HostTriple.str());
  M.setDataLayout(HostDL);
  if (Error E = lowerContextFreeOperations(S))
    return E;

  SmallPtrSet<Function *, 8> Kernels;
  for (const std::string &Name : KernelNames)
    Kernels.insert(M.getFunction(Name));
  for (Function *K : Kernels)
    if (Error E = inlineIntoKernel(S, *K))
      return E;
  SmallVector<Function *> Standalone;
  for (Function &F : M)
    if (!F.isDeclaration() && !Kernels.count(&F))
      Standalone.push_back(&F);
  for (Function *F : Standalone)
    if (Error E = lowerStandaloneFunction(S, *F))
      return E;
  for (const std::string &Name : KernelNames)
    if (Error E = lowerKernel(S, *M.getFunction(Name)))
      return E;

  for (GlobalVariable *Shared : S.SharedGlobals) {
    Shared->removeDeadConstantUsers();
    if (!Shared->use_empty())
      return S.error("shared variable '" + Shared->getName() +
                     "' is used outside the code of a function");
    Shared->eraseFromParent();
  }
  dropGPUAttributes(M);
  eraseDeadInternalFunctions(M);

  std::string Broken;
  raw_string_ostream OS(Broken);
  if (verifyModule(M, &OS))
    return S.error("the lowered module is invalid (a bug in the device "
                   "lowering): " +
                   OS.str());
  return Error::success();
}
