//===- mm-llc.cpp - The multi-module code generator -----------------------===//

#include "mm/Codegen/LlcMain.h"
#include "mm/Device/DeviceLowering.h"

#include "llvm/Passes/PassBuilder.h"

int main(int argc, char **argv) {
  mm::PassBuilderExtension DeviceLowering =
      [](llvm::PassBuilder &PB, const std::optional<llvm::Triple> &Host) {
        mm::registerDevicePasses(PB, Host);
      };
  return mm::llcMain(argc, argv, DeviceLowering);
}
