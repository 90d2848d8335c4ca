//===- KernelDescriptors.cpp - What the runtime finds of each kernel ------===//
//
// mm-kernel-descriptors: kernel K's descriptor `__mm_kernel.K`, an external
// constant mm_kernel_descriptor (mm-runtime/mm_block_abi.h), by which the
// runtime finds and launches K: its flags (barriers, warp operations, block
// ranges, spin-waits), the shared and scratch memory its blocks need, its
// parameter count, the warp size, its block function and its name, all as the
// thread function and the module record them (DeviceIR.h).
//
//===----------------------------------------------------------------------===//

#include "BlockABI.h"
#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace mm::device;

static void emitDescriptor(Function &T, Function &Kernel) {
  Module &M = *T.getParent();
  LLVMContext &C = M.getContext();
  Function *Block = M.getFunction((MM_BLOCK_FUNCTION_PREFIX + Kernel.getName()).str());
  if (!Block) {
    reportError(M, Kernel.getName(), "has no block function");
    return;
  }
  Constant *NameInit = ConstantDataArray::getString(C, Kernel.getName());
  auto *Name = new GlobalVariable(M, NameInit->getType(), true,
                                  GlobalValue::PrivateLinkage, NameInit,
                                  "__mm_kernel_name." + Kernel.getName());
  Name->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  // Each argument's size: what args[i] points to, a byval parameter's value.
  const DataLayout &DL = M.getDataLayout();
  SmallVector<Constant *> Sizes;
  for (const Argument &A : Kernel.args()) {
    Type *Ty = A.hasByValAttr() ? A.getParamByValType() : A.getType();
    Sizes.push_back(
        ConstantInt::get(Type::getInt64Ty(C), DL.getTypeAllocSize(Ty)));
  }
  auto *SizesTy = ArrayType::get(Type::getInt64Ty(C), Sizes.size());
  auto *ParamSizes = new GlobalVariable(
      M, SizesTy, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(SizesTy, Sizes),
      "__mm_kernel_param_sizes." + Kernel.getName());
  ParamSizes->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  uint32_t Flags =
      (T.hasFnAttribute(HasBarriersAttr) ? MM_KERNEL_HAS_BARRIERS : 0) |
      (T.hasFnAttribute(HasWarpOpsAttr) ? MM_KERNEL_HAS_WARP_OPS : 0) |
      (T.hasFnAttribute(BlockRangesAttr) ? MM_KERNEL_BLOCK_RANGES : 0) |
      (T.hasFnAttribute(SpinWaitsAttr) ? MM_KERNEL_SPIN_WAITS : 0) |
      MM_KERNEL_PARAM_SIZES;
  Constant *Init = getKernelDescriptor(
      C, {Flags, getIntegerAttr(T, StaticSharedSizeAttr),
          getIntegerAttr(T, ScratchSizeAttr),
          static_cast<uint32_t>(Kernel.arg_size()), getWarpSize(M),
          getComputeCapability(M), Block, Name, ParamSizes});
  auto *Descriptor = new GlobalVariable(
      M, Init->getType(), true, GlobalValue::ExternalLinkage, Init,
      MM_KERNEL_DESCRIPTOR_PREFIX + Kernel.getName());
  Descriptor->setAlignment(Align(8));
}

PreservedAnalyses KernelDescriptorsPass::lower(Module &M,
                                             ModuleAnalysisManager &) {
  SmallVector<std::pair<Function *, Function *>> Kernels;
  for (Function &F : M)
    if (Function *Kernel = getKernelOfThreadFunction(F))
      Kernels.push_back({&F, Kernel});
  for (auto [T, Kernel] : Kernels)
    emitDescriptor(*T, *Kernel);
  return Kernels.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
