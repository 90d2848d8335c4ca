//===- DevicePasses.cpp - The device lowering as a pass -------------------===//

#include "mm/Device/DevicePasses.h"
#include "mm/Device/DeviceLowering.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

PreservedAnalyses mm::LowerDevicePass::run(Module &M,
                                           ModuleAnalysisManager &) {
  Triple Host(sys::getProcessTriple());
  std::string LookupError;
  const Target *TheTarget = TargetRegistry::lookupTarget("", Host, LookupError);
  if (!TheTarget) {
    M.getContext().emitError("mm-lower-device: no target for the host '" +
                             Host.str() + "': " + LookupError);
    return PreservedAnalyses::all();
  }
  std::unique_ptr<TargetMachine> TM(TheTarget->createTargetMachine(
      Host.str(), "", "", TargetOptions(), std::nullopt));
  if (Error E = lowerDeviceModuleForHost(M, Host, TM->createDataLayout(),
                                         M.getName()))
    M.getContext().emitError(toString(std::move(E)));
  return PreservedAnalyses::none();
}

void mm::registerDevicePasses(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "mm-lower-device")
          return false;
        MPM.addPass(LowerDevicePass());
        return true;
      });
}
