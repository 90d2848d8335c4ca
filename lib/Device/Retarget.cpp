//===- Retarget.cpp - Device code for the host ----------------------------===//
//
// mm-retarget<TRIPLE>: the module becomes code for the host TRIPLE, whose
// TargetMachine gives the data layout; what only means something on the GPU
// goes: the GPU calling conventions (kernels keep "mm-kernel"),
// `!nvvm.annotations`, the GPU's CPU and features and other GPU attributes,
// and convergence (on the CPU every thread of a block runs in the block
// function's loops). Debug information stays: mm-kernel-debug-info makes
// it describe the functions that the lowering builds.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

using namespace llvm;
using namespace mm::device;

/// True for the function attributes that only the GPU's code generator
/// reads.
static bool isGPUAttribute(StringRef Kind) {
  return Kind == "target-cpu" || Kind == "target-features" ||
         Kind == "uniform-work-group-size" || Kind.starts_with("amdgpu-") ||
         Kind.starts_with("nvptx-") || Kind.starts_with("nvvm.");
}

PreservedAnalyses RetargetPass::lower(Module &M, ModuleAnalysisManager &) {
  std::string LookupError;
  const Target *TheTarget = TargetRegistry::lookupTarget("", Host, LookupError);
  if (!TheTarget) {
    reportError(M, "",
                "no target for the host '" + Host.str() + "': " + LookupError);
    return PreservedAnalyses::all();
  }
  std::unique_ptr<TargetMachine> TM(TheTarget->createTargetMachine(
      Host.str(), "", "", TargetOptions(), std::nullopt));
  M.setTargetTriple(Host.str());
  M.setDataLayout(TM->createDataLayout());
  // NVPTX's DWARF is version 2, which lacks what LLVM describes optimized
  // variables with on the host (DW_OP_stack_value).
  if (!M.debug_compile_units().empty() && M.getDwarfVersion() < 5)
    M.setModuleFlag(Module::Max, "Dwarf Version", 5);
  for (Function &F : M) {
    F.setCallingConv(CallingConv::C);
    AttributeMask Drop;
    for (Attribute A : F.getAttributes().getFnAttrs())
      if (A.isStringAttribute() && isGPUAttribute(A.getKindAsString()))
        Drop.addAttribute(A.getKindAsString());
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
  return PreservedAnalyses::none();
}
