//===- mm-lli.cpp - Runs a bundle on the CPU ------------------------------===//

#include "mm/Device/DeviceLowering.h"
#include "mm/Run/LliMain.h"

#include "llvm/Passes/PassBuilder.h"

int main(int argc, char **argv) {
  mm::PassBuilderExtension DeviceLowering =
      [](llvm::PassBuilder &PB, const std::optional<llvm::Triple> &Host) {
        mm::registerDevicePasses(PB, Host);
      };
  return mm::lliMain(argc, argv, mm::lowerDeviceModuleForHost, DeviceLowering);
}
