//===- mm-lli-jit.cpp - mm-lli's JIT, which the launcher loads ------------===//
//
// libmm-lli-jit.so: mm-lli with LLVM, for every command line that mm-lli's
// launcher (mm/Launch/LliLauncher.h) does not run from the compile cache.
//
//===----------------------------------------------------------------------===//

#include "mm/Device/DeviceLowering.h"
#include "mm/Run/LliMain.h"

#include "llvm/Passes/PassBuilder.h"

extern "C" __attribute__((visibility("default"))) int
mm_lli_jit_main(int argc, char **argv) {
  mm::PassBuilderExtension DeviceLowering =
      [](llvm::PassBuilder &PB, const std::optional<llvm::Triple> &Host) {
        mm::registerDevicePasses(PB, Host);
      };
  return mm::lliMain(argc, argv, DeviceLowering);
}
