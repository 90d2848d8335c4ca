//===- Registration.cpp - mm's bundle passes by name ----------------------===//

#include "BuiltinPasses.h"

using namespace llvm;
using namespace mm;

/// A factory for a pass that takes no parameters.
template <std::unique_ptr<BundlePass> (*Create)()>
static Expected<std::unique_ptr<BundlePass>> withoutParams(StringRef Params) {
  if (!Params.empty())
    return createStringError("takes no parameters, got '%s'",
                             Params.str().c_str());
  return Create();
}

void mm::registerBuiltinBundlePasses(BundlePassRegistry &Registry) {
  Registry.registerPass("strip-unreferenced-devices",
                        withoutParams<createStripUnreferencedDevicesPass>);
  Registry.registerPass("link-submodules",
                        withoutParams<createLinkSubmodulesPass>);
  Registry.registerPass("internalize-devices",
                        withoutParams<createInternalizeDevicesPass>);
}
