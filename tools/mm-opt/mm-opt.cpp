//===- mm-opt.cpp - The multi-module optimizer ----------------------------===//

#include "mm/Device/DeviceLowering.h"
#include "mm/Opt/OptMain.h"

#include "llvm/Passes/PassBuilder.h"

int main(int argc, char **argv) {
  mm::PassBuilderExtension DeviceLowering =
      [](llvm::PassBuilder &PB, const std::optional<llvm::Triple> &Host) {
        mm::registerDevicePasses(PB, Host);
      };
  return mm::optMain(argc, argv, DeviceLowering);
}
