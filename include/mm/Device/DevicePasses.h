//===- mm/Device/DevicePasses.h - The device lowering as a pass -*- C++ -*-===//
//
// `-passes=mm-lower-device` in mm-opt: lowerDeviceModuleForHost for the
// process's own triple, on a device module.
//
//===----------------------------------------------------------------------===//

#ifndef MM_DEVICE_DEVICEPASSES_H
#define MM_DEVICE_DEVICEPASSES_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace mm {

/// Lowers a device module (nvptx64, amdgcn) for the host that runs the
/// pass; reports a failure as an error diagnostic of the module's context.
class LowerDevicePass : public llvm::PassInfoMixin<LowerDevicePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Makes `mm-lower-device` parseable in \p PB's pipelines.
void registerDevicePasses(llvm::PassBuilder &PB);

} // namespace mm

#endif // MM_DEVICE_DEVICEPASSES_H
