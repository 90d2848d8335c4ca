//===- StripUnreferencedDevices.cpp - Remove unused device parts ----------===//

#include "BuiltinPasses.h"

using namespace llvm;
using namespace mm;

namespace {
class StripUnreferencedDevicesPass : public BundlePass {
public:
  StringRef getName() const override { return "strip-unreferenced-devices"; }

  Error run(LoadedBundle &B) override {
    // Until nothing changes: a device that only a removed one referred to
    // is unreferenced too.
    for (bool Removed = true; Removed;) {
      Removed = false;
      for (const std::unique_ptr<LoadedSubmodule> &M : B.submodules())
        if (M->getRole() == ModuleRole::Device &&
            !B.getReferencesTo(*M).any()) {
          if (Error E = B.remove(M->getName()))
            return E;
          Removed = true;
          break;
        }
    }
    return Error::success();
  }
};
} // namespace

std::unique_ptr<BundlePass> mm::createStripUnreferencedDevicesPass() {
  return std::make_unique<StripUnreferencedDevicesPass>();
}
