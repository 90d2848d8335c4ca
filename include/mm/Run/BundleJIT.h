//===- mm/Run/BundleJIT.h - Running a bundle on ORC's LLJIT ----*- C++ -*-===//
//
// Links and runs the submodules of a bundle in one LLJIT: the host submodule
// in the JIT's main JITDylib, every other submodule in its own JITDylib, so
// that submodules keep separate namespaces. A device submodule is parsed,
// lowered for the host and compiled only when one of its symbols is first
// looked up. The host reaches device symbols by their qualified names
// `NAME::SYM` (format-spec/mml-v1.md §14) and launches kernels through the
// offload runtime, for which BundleJIT is the KernelProvider.
//
//===----------------------------------------------------------------------===//

#ifndef MM_RUN_BUNDLEJIT_H
#define MM_RUN_BUNDLEJIT_H

#include "mm/Bundle/Bundle.h"
#include "mm/Compile/HostLowering.h"
#include "mm/Compile/LLVMPipeline.h"
#include "mm/Compile/OptLevel.h"
#include "mm/Run/CompileCache.h"
#include "mm/Runtime/Runtime.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CodeGen.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

namespace llvm {
class ObjectCache;
class raw_ostream;
namespace orc {
class JITDylib;
class LLJIT;
class ThreadSafeModule;
} // namespace orc
} // namespace llvm

namespace mm {

struct BundleJITOptions {
  /// The code generation level of every submodule, and the level of the
  /// default<On> pipeline of a lowered device submodule whose header gives
  /// none.
  OptLevel Level = *lookupOptLevel("O2");
  /// The passes that submodules' pipelines can name beyond LLVM's; device
  /// submodules for a GPU cannot run without the device lowering's (the
  /// tool adds them: mm/Device/DeviceLowering.h).
  llvm::ArrayRef<PassBuilderExtension> Extensions;
  /// Print the passes of each submodule's pipeline as they run, as opt
  /// -debug-pass-manager does.
  bool DebugPassManager = false;
  /// The checks that device code makes at run time, as CUDA's
  /// compute-sanitizer's tool of that name (HostLoweringOptions::Check);
  /// memcheck's need the runtime's memory checks enabled
  /// (Runtime::enableMemoryChecks). Part of every cache key.
  DeviceCheck Check = DeviceCheck::None;
  /// Shared libraries whose symbols every submodule can use.
  std::vector<std::string> SharedLibraries;
  /// Object files and static archives added to the host's JITDylib, whose
  /// symbols the host shares, as lli's -extra-object and -extra-archive add
  /// them beside the main module (an archive's members as they are needed).
  std::vector<std::string> HostObjects;
  std::vector<std::string> HostArchives;
  /// When set, a line `compiled submodule 'NAME'` goes here for every
  /// submodule as it is compiled.
  llvm::raw_ostream *CompileLog = nullptr;
  /// When set, every submodule's LLVM IR goes here as it is compiled: after
  /// the lowering and the pipeline, as the JIT's code generator gets it.
  /// Submodules are then compiled, not taken from the cache.
  llvm::raw_ostream *CompiledIRLog = nullptr;
  /// When set, compiled submodules are kept here and taken from here,
  /// unless LLVM's options or DebugPassManager ask for reports on the
  /// passes (reportsOnPasses), which only a compile makes.
  CompileCache *Cache = nullptr;
  /// Files besides mm and LLVM whose code decides the compiled code (pass
  /// plugins): their bytes are part of every cache key.
  std::vector<std::string> CodeInputFiles;
  /// LLVM's options set on the command line, as given (-unroll-threshold=N):
  /// part of every cache key too.
  std::vector<std::string> CodeOptions;
  /// Gets what went wrong with the cache (the run goes on without it).
  std::function<void(llvm::Error)> CacheWarningHandler;
  /// Gets each warning of a submodule's lowering, located in the bundle
  /// (HostLoweringOptions::WarningHandler); called from the threads that
  /// compile.
  std::function<void(llvm::Error)> LoweringWarningHandler;
};

class BundleJIT : public runtime::KernelProvider {
public:
  /// Sets up the JIT for \p B, which must outlive it, and adds its host
  /// submodule. Fails if \p B has no host submodule.
  static llvm::Expected<std::unique_ptr<BundleJIT>>
  create(const Bundle &B, const BundleJITOptions &Options);
  ~BundleJIT() override;

  const Submodule &getHostSubmodule() const { return *Host; }
  /// The signature of a function that the host submodule defines.
  struct HostFunction {
    /// The result type as --entry-result names it (void, i32, i64, f32,
    /// f64), else as LLVM prints it.
    std::string Result;
    unsigned NumParams;
  };
  /// The host function \p Name, or null if the host defines none.
  const HostFunction *findHostFunction(llvm::StringRef Name) const;

  /// Runs the host's static constructors.
  llvm::Error initialize();
  /// Runs the host's static destructors and atexit handlers.
  llvm::Error deinitialize();
  /// Address of host symbol \p Name.
  llvm::Expected<void *> lookupHost(llvm::StringRef Name);
  /// Runs the host's `main` with \p Args (argv[0] first).
  llvm::Expected<int> runMain(llvm::ArrayRef<std::string> Args);

  // KernelProvider: what the find* functions find, as the runtime's
  // errors.
  runtime::Expected<runtime::KernelInfo>
  getKernel(std::string_view Module, std::string_view Kernel) override;
  runtime::Expected<runtime::KernelInfo>
  getKernelForHostFunction(const void *HostFunction) override;
  runtime::Expected<runtime::DeviceVariable>
  getDeviceVariableForHostShadow(const void *HostShadow) override;

  /// Kernel \p Kernel of device submodule \p Module, compiled.
  llvm::Expected<runtime::KernelInfo> findKernel(llvm::StringRef Module,
                                                 llvm::StringRef Kernel);
  /// The kernel whose CUDA host stub is \p HostFunction, compiled.
  llvm::Expected<runtime::KernelInfo>
  findKernelOfHostStub(const void *HostFunction);
  /// The device variable whose host shadow (or name) is \p HostShadow.
  llvm::Expected<runtime::DeviceVariable>
  findDeviceVariable(const void *HostShadow);

  /// Parses submodule \p M, lowers it for the host if it is device code, and
  /// runs its header's pipeline. Used when \p M is first needed.
  llvm::Expected<llvm::orc::ThreadSafeModule>
  prepareSubmodule(const Submodule &M);
  /// The JITDylib of submodule \p M, made when it is first asked for: a
  /// bundle of many submodules pays only for those a run uses.
  llvm::Expected<llvm::orc::JITDylib &> getSubmoduleDylib(const Submodule &M);
  /// The submodule whose JITDylib \p JD is, or null.
  const Submodule *getSubmoduleOfDylib(const llvm::orc::JITDylib &JD) const;
  const Bundle &getBundle() const { return B; }

  /// The compile cache's key of submodule \p M: a hash of everything that
  /// decides its code. Empty when \p M is not to be cached.
  std::string getCacheKey(const Submodule &M) const;
  /// Adds device submodule \p M from the cache to \p JD if the cache has
  /// it; false if it does not.
  llvm::Expected<bool> addCachedSubmodule(const Submodule &M,
                                          llvm::orc::JITDylib &JD);
  /// The cache's entry of \p Key, if it has one. A cache that cannot be
  /// trusted (an entry the user did not make) is reported to the warning
  /// handler and not used again in this run.
  std::optional<CompileCache::Entry> lookupInCache(llvm::StringRef Key);
  /// Stores the object compiled from the module whose identifier names
  /// cache key \p Key, with the facts its preparation recorded.
  void storeInCache(llvm::StringRef Key, llvm::StringRef Object);

private:
  BundleJIT(const Bundle &B, const BundleJITOptions &Options);
  llvm::Error setUp();
  llvm::Error mapHostStubs();
  /// The errors that made a lookup fail: those that ORC reported while
  /// materializing (they say why), else \p LookupError itself.
  llvm::Error explainLookupFailure(llvm::Error LookupError);
  /// The errors ORC reported since the last lookup, which a successful
  /// lookup may have met too.
  llvm::Error takeSessionErrors();
  /// Turns ORC's "Symbols not found" in a failed link of a submodule into
  /// an error that names the submodule, as the other link errors do.
  llvm::Error nameUndefinedSymbols(llvm::Error LinkError) const;
  /// The address of symbol \p Name that submodule \p M exports, compiling
  /// \p M if needed; null if \p M has no such symbol.
  llvm::Expected<void *> findSubmoduleSymbol(const Submodule &M,
                                             llvm::StringRef Name);
  /// Kernel \p Kernel's descriptor in device submodule \p M, compiling \p M
  /// if needed; null if \p M has no such kernel.
  llvm::Expected<const mm_kernel_descriptor *>
  findDescriptor(const Submodule &M, llvm::StringRef Kernel);

  const Bundle &B;
  BundleJITOptions Options;
  const Submodule *Host = nullptr;
  /// The compile cache's hook in the JIT's code generator.
  std::unique_ptr<llvm::ObjectCache> ObjectCacheHook;
  /// Set once the cache proved untrustworthy: no more lookups or stores.
  std::atomic<bool> CacheAbandoned{false};
  std::unique_ptr<llvm::orc::LLJIT> J;
  /// The submodules' JITDylibs made so far, both ways.
  llvm::StringMap<llvm::orc::JITDylib *> Dylibs;
  llvm::DenseMap<const llvm::orc::JITDylib *, const Submodule *>
      SubmodulesByDylib;
  mutable std::mutex DylibLock;
  llvm::StringMap<HostFunction> HostFunctions;
  /// CUDA host stubs: stub symbol -> kernel symbol, then address -> kernel.
  /// Guarded by StubLock, as the host shadows are.
  std::vector<CudaHostStub> HostStubs;
  llvm::DenseMap<const void *, std::string> StubKernels;
  /// Host shadows of device variables: their names and sizes, then their
  /// addresses.
  std::vector<CudaHostShadow> HostShadows;
  llvm::DenseMap<const void *, CudaHostShadow> ShadowVariables;
  bool StubsMapped = false;
  std::mutex StubLock;
  /// The sizes of device submodules' variables, by "submodule/name", as
  /// each submodule is prepared.
  llvm::StringMap<size_t> DeviceVariableSizes;
  std::mutex DeviceVariableLock;
  /// What running a cached device submodule needs that its object does not
  /// say (its variables' sizes), by cache key, from preparation to storing.
  llvm::StringMap<std::string> PendingCacheFacts;
  std::mutex CacheLock;
  /// Identifies this build of mm and of LLVM in cache keys.
  std::string BuildIdentity;
  /// Errors ORC reported to the session since the last failed lookup.
  llvm::Error SessionErrors = llvm::Error::success();
  llvm::StringSet<> SessionErrorMessages;
  std::mutex SessionErrorLock;
};

} // namespace mm

#endif // MM_RUN_BUNDLEJIT_H
