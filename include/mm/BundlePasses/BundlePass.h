//===- mm/BundlePasses/BundlePass.h - Passes over whole bundles -*- C++ -*-===//
//
// Bundle passes see every submodule of a bundle at once (LoadedBundle), in
// the manner of LLVM's new pass manager: a pass has a name and a run
// method, a registry maps names with parameters (`name<params>`) to passes,
// and a pipeline is written as `-passes=` is: `a,b<x;y>,c`. The element
// `submodules(PIPELINE)` runs an LLVM pipeline on every LLVM submodule, so
// that bundle passes and per-submodule pipelines compose in one text.
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLEPASSES_BUNDLEPASS_H
#define MM_BUNDLEPASSES_BUNDLEPASS_H

#include "mm/BundlePasses/LoadedBundle.h"
#include "mm/Compile/LLVMPipeline.h"

#include "llvm/ADT/StringMap.h"

#include <functional>

namespace mm {

class BundlePass {
public:
  virtual ~BundlePass();
  /// The name the pass is registered under.
  virtual llvm::StringRef getName() const = 0;
  /// Transforms \p B; an error stops the pipeline.
  virtual llvm::Error run(LoadedBundle &B) = 0;
};

/// Makes a pass from the text between the angle brackets of `name<...>`
/// (empty without them), or says why the parameters are wrong.
using BundlePassFactory =
    std::function<llvm::Expected<std::unique_ptr<BundlePass>>(
        llvm::StringRef Params)>;

/// The bundle passes a pipeline can name: mm's own and the plugins'.
class BundlePassRegistry {
public:
  /// Registers \p Name. A name registered twice keeps its first pass and
  /// is an error that takeErrors() reports.
  void registerPass(llvm::StringRef Name, BundlePassFactory Factory);
  const BundlePassFactory *lookup(llvm::StringRef Name) const;
  /// The registered names, sorted.
  std::vector<std::string> getNames() const;
  /// The names registered twice since the last call, as an error.
  llvm::Error takeErrors();

private:
  llvm::StringMap<BundlePassFactory> Factories;
  std::vector<std::string> Duplicates;
};

/// Registers mm's bundle passes in \p Registry (BuiltinBundlePasses.h).
void registerBuiltinBundlePasses(BundlePassRegistry &Registry);

/// A sequence of bundle passes. After each pass, every submodule is
/// verified; a failure names the pass and the submodule.
class BundlePassManager {
public:
  void addPass(std::unique_ptr<BundlePass> Pass) {
    Passes.push_back(std::move(Pass));
  }
  bool empty() const { return Passes.empty(); }
  llvm::Error run(LoadedBundle &B);

private:
  std::vector<std::unique_ptr<BundlePass>> Passes;
};

/// Parses \p Text, e.g. `strip-unreferenced-devices,submodules(default<O3>)`,
/// into \p PM with the passes of \p Registry. `submodules(...)` gets
/// \p Extensions' passes, as mm-opt's pipelines do.
llvm::Error parseBundlePipeline(llvm::StringRef Text,
                                const BundlePassRegistry &Registry,
                                llvm::ArrayRef<PassBuilderExtension> Extensions,
                                BundlePassManager &PM);

/// Loads \p B, runs bundle pipeline \p Pipeline on it and stores the result
/// back into \p B: what mm-opt's and mm-lli's --bundle-passes do.
llvm::Error runBundlePipeline(Bundle &B, llvm::StringRef Pipeline,
                              const BundlePassRegistry &Registry,
                              llvm::ArrayRef<PassBuilderExtension> Extensions);

} // namespace mm

#endif // MM_BUNDLEPASSES_BUNDLEPASS_H
