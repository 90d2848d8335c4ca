//===- MarkKernels.cpp - Which functions are kernels ----------------------===//
//
// mm-mark-kernels: the first step. A kernel is a function with a GPU
// kernel calling convention (ptx_kernel, amdgpu_kernel) or named in
// `!nvvm.annotations` as `!{ptr @K, !"kernel", i32 1}`; it gets the
// attribute "mm-kernel", which outlives the calling conventions and
// annotations that the retargeting drops. The module records its warp size
// (mm.warp-size: 32 for nvptx64, the wavefront size of amdgcn: 32 from
// GFX10 on unless the features say otherwise, 64 before) and whether
// it is amdgcn code (mm.amdgcn).
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm::device;

/// The functions that `!nvvm.annotations` calls kernels.
static SmallPtrSet<const Function *, 8> getAnnotatedKernels(Module &M) {
  SmallPtrSet<const Function *, 8> Annotated;
  NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return Annotated;
  for (const MDNode *Entry : Annotations->operands())
    for (unsigned I = 1; I + 1 < Entry->getNumOperands(); I += 2) {
      auto *Key = dyn_cast<MDString>(Entry->getOperand(I));
      auto *Value =
          mdconst::dyn_extract_or_null<ConstantInt>(Entry->getOperand(I + 1));
      if (Key && Key->getString() == "kernel" && Value && !Value->isZero())
        if (auto *F =
                mdconst::dyn_extract_or_null<Function>(Entry->getOperand(0)))
          Annotated.insert(F);
    }
  return Annotated;
}

/// The GFX major version that an amdgcn processor name gives: 9 for gfx90a,
/// 10 for gfx1030, 0 if it names none.
static unsigned getGFXMajor(StringRef Processor) {
  if (!Processor.consume_front("gfx"))
    return 0;
  StringRef Digits = Processor.take_while([](char C) { return isDigit(C); });
  unsigned Major = 0;
  // gfxNxx before gfx10, gfxNNxx from it on (gfx90a: 9, gfx1100: 11).
  Digits.take_front(Digits.size() >= 4 ? 2 : 1).getAsInteger(10, Major);
  return Major;
}

/// The wavefront size of an amdgcn module, as LLVM's GCN subtarget decides
/// it: what `target-features` sets (+wavefrontsize32, +wavefrontsize64),
/// else 32 for GFX10 and later processors and 64 before.
static unsigned getAMDGCNWavefrontSize(const Module &M) {
  for (const Function &F : M) {
    StringRef Features = F.getFnAttribute("target-features").getValueAsString();
    if (Features.contains("+wavefrontsize32"))
      return 32;
    if (Features.contains("+wavefrontsize64"))
      return 64;
  }
  for (const Function &F : M) {
    Attribute CPU = F.getFnAttribute("target-cpu");
    if (CPU.isValid())
      return getGFXMajor(CPU.getValueAsString()) >= 10 ? 32 : 64;
  }
  return 64;
}

/// The compute capability that an NVPTX module's functions were compiled
/// for (`target-cpu` "sm_60", "sm_90a": 60, 90), as CUDA reports it to the
/// program (cudaFuncAttributes::ptxVersion); 0 if none says.
static unsigned getNVPTXComputeCapability(const Module &M) {
  for (const Function &F : M) {
    StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
    unsigned Capability;
    if (CPU.consume_front("sm_") &&
        !CPU.take_while([](char C) { return isDigit(C); })
             .getAsInteger(10, Capability))
      return Capability;
  }
  return 0;
}

PreservedAnalyses MarkKernelsPass::lower(Module &M, ModuleAnalysisManager &) {
  Triple T(M.getTargetTriple());
  if (!T.isNVPTX() && !T.isAMDGCN()) {
    reportError(M, "",
                "target '" + M.getTargetTriple() +
                    "' is not GPU code that runs on the CPU (nvptx64 or "
                    "amdgcn)");
    return PreservedAnalyses::all();
  }
  SmallPtrSet<const Function *, 8> Annotated = getAnnotatedKernels(M);
  for (Function &F : M)
    if (!F.isDeclaration() &&
        (F.getCallingConv() == CallingConv::PTX_Kernel ||
         F.getCallingConv() == CallingConv::AMDGPU_KERNEL ||
         Annotated.count(&F)))
      F.addFnAttr(KernelAttr);
  M.addModuleFlag(Module::Error, WarpSizeFlag,
                  T.isAMDGCN() ? getAMDGCNWavefrontSize(M) : 32);
  M.addModuleFlag(Module::Error, AMDGCNFlag, T.isAMDGCN() ? 1 : 0);
  if (T.isNVPTX())
    M.addModuleFlag(Module::Error, ComputeCapabilityFlag,
                    getNVPTXComputeCapability(M));
  return PreservedAnalyses::none();
}
