//===- mm/BundlePasses/BundlePassPlugin.h - Bundle pass plugins -*- C++ -*-===//
//
// A bundle pass plugin is a shared library that defines
//
//   extern "C" MM_PLUGIN_EXPORT mm::BundlePassPluginInfo
//   mmGetBundlePassPluginInfo() {
//     return {MM_BUNDLE_PASS_PLUGIN_API_VERSION, "MyPlugin", "1.0",
//             [](mm::BundlePassRegistry &R) { ... R.registerPass(...) ... }};
//   }
//
// as an LLVM pass plugin defines llvmGetPassPluginInfo. mm-opt and mm-lli
// load it with -load-pass-plugin; one library may define both entry points.
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLEPASSES_BUNDLEPASSPLUGIN_H
#define MM_BUNDLEPASSES_BUNDLEPASSPLUGIN_H

#include "mm/BundlePasses/BundlePass.h"

#include <cstdint>

/// Bumped when BundlePass, LoadedBundle or this struct change.
#define MM_BUNDLE_PASS_PLUGIN_API_VERSION 1

#define MM_PLUGIN_EXPORT __attribute__((visibility("default")))

namespace mm {

struct BundlePassPluginInfo {
  uint32_t APIVersion;
  const char *PluginName;
  const char *PluginVersion;
  void (*RegisterBundlePasses)(BundlePassRegistry &Registry);
};

/// Registers the bundle passes of the plugin at \p Path, if it has any;
/// \p HasBundlePasses says whether it does. Fails if the library does not
/// load, or has an entry point of another API version.
llvm::Error loadBundlePassPlugin(llvm::StringRef Path,
                                 BundlePassRegistry &Registry,
                                 bool &HasBundlePasses);

} // namespace mm

#endif // MM_BUNDLEPASSES_BUNDLEPASSPLUGIN_H
