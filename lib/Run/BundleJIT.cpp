//===- BundleJIT.cpp - Running a bundle on ORC's LLJIT --------------------===//

#include "mm/Run/BundleJIT.h"
#include "mm-runtime/mm_block_abi.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Writer.h"
#include "mm/Compile/HostLowering.h"
#include "mm/Support/Diagnostics.h"
#include "mm/Support/ToolSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ExecutionEngine/ObjectCache.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/Orc/TargetProcess/TargetExecutionUtils.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <cstring>

#include <link.h>

using namespace llvm;
using namespace llvm::orc;
using namespace mm;

/// The symbol that holds kernel K's descriptor (mm_block_abi.h).
static std::string getDescriptorSymbol(StringRef Kernel) {
  return (MM_KERNEL_DESCRIPTOR_PREFIX + Kernel).str();
}

/// A module whose identifier starts so is compiled through the compile
/// cache, under the key that follows.
static constexpr StringLiteral CacheKeyPrefix = "mm-cache-key:";

static StringRef getCacheKeyOf(const Module &M) {
  StringRef Identifier = M.getModuleIdentifier();
  return Identifier.consume_front(CacheKeyPrefix) ? Identifier : "";
}

namespace {
/// ORC's object-cache hook over the compile cache: the code generator asks
/// it for a module's object before compiling the module, and gives it the
/// object it compiled. Modules whose identifier names no key are compiled
/// as they would be without it.
class CacheHook : public ObjectCache {
public:
  explicit CacheHook(BundleJIT &Owner) : Owner(Owner) {}

  std::unique_ptr<MemoryBuffer> getObject(const Module *M) override {
    StringRef Key = getCacheKeyOf(*M);
    if (Key.empty())
      return nullptr;
    std::optional<CompileCache::Entry> Entry = Owner.lookupInCache(Key);
    return Entry ? std::move(Entry->Object) : nullptr;
  }

  void notifyObjectCompiled(const Module *M, MemoryBufferRef Object) override {
    StringRef Key = getCacheKeyOf(*M);
    if (!Key.empty())
      Owner.storeInCache(Key, Object.getBuffer());
  }

private:
  BundleJIT &Owner;
};

/// Makes a device submodule's JITDylib compile its module when a symbol is
/// first looked up in it, so that a submodule that is never used is never
/// parsed, lowered or compiled.
class SubmoduleGenerator : public DefinitionGenerator {
public:
  SubmoduleGenerator(BundleJIT &Owner, LLJIT &J, const Submodule &M)
      : Owner(Owner), J(J), M(M) {}

  Error tryToGenerate(LookupState &, LookupKind, JITDylib &JD,
                      JITDylibLookupFlags, const SymbolLookupSet &) override {
    std::lock_guard<std::mutex> Guard(Lock);
    if (Added)
      return Error::success();
    Expected<bool> Cached = Owner.addCachedSubmodule(M, JD);
    if (!Cached)
      return Cached.takeError();
    if (*Cached) {
      Added = true;
      return Error::success();
    }
    Expected<ThreadSafeModule> TSM = Owner.prepareSubmodule(M);
    if (!TSM)
      return TSM.takeError();
    if (Error E = J.addIRModule(JD, std::move(*TSM)))
      return E;
    Added = true;
    return Error::success();
  }

private:
  BundleJIT &Owner;
  LLJIT &J;
  const Submodule &M;
  std::mutex Lock;
  bool Added = false;
};

/// Resolves `NAME::SYM`, symbol SYM of submodule NAME, in the JITDylib of
/// submodule \p Referrer by re-exporting SYM from NAME's JITDylib.
class QualifiedNameGenerator : public DefinitionGenerator {
public:
  QualifiedNameGenerator(BundleJIT &Owner, const Submodule &Referrer)
      : Owner(Owner), Referrer(Referrer) {}

  Error tryToGenerate(LookupState &, LookupKind, JITDylib &JD,
                      JITDylibLookupFlags,
                      const SymbolLookupSet &LookupSet) override;

private:
  BundleJIT &Owner;
  const Submodule &Referrer;
};
/// Joined to the error of a failed link by LinkFailurePlugin: the
/// submodule whose object failed to link.
class LinkFailureIn : public ErrorInfo<LinkFailureIn> {
public:
  static char ID;

  explicit LinkFailureIn(const Submodule &M) : M(M) {}
  const Submodule &getSubmodule() const { return M; }
  void log(raw_ostream &OS) const override {
    OS << "submodule '" << M.getName() << "' failed to link";
  }
  std::error_code convertToErrorCode() const override {
    return inconvertibleErrorCode();
  }

private:
  const Submodule &M;
};

/// Tells which submodule failed to link: JITLink reports an unresolved
/// symbol as ORC's bare "Symbols not found: [ f ]", and the link's
/// JITDylib is known only here.
class LinkFailurePlugin : public ObjectLinkingLayer::Plugin {
public:
  explicit LinkFailurePlugin(const BundleJIT &Owner) : Owner(Owner) {}

  Error notifyFailed(MaterializationResponsibility &MR) override {
    if (const Submodule *M = Owner.getSubmoduleOfDylib(MR.getTargetJITDylib()))
      return make_error<LinkFailureIn>(*M);
    return Error::success();
  }
  Error notifyRemovingResources(JITDylib &, ResourceKey) override {
    return Error::success();
  }
  void notifyTransferringResources(JITDylib &, ResourceKey,
                                   ResourceKey) override {}

private:
  const BundleJIT &Owner;
};
} // namespace

char LinkFailureIn::ID = 0;

Error QualifiedNameGenerator::tryToGenerate(LookupState &, LookupKind,
                                            JITDylib &JD, JITDylibLookupFlags,
                                            const SymbolLookupSet &LookupSet) {
  ExecutionSession &ES = JD.getExecutionSession();
  const Bundle &B = Owner.getBundle();
  // Requested qualified names, by the submodule they name.
  StringMap<std::vector<std::pair<SymbolStringPtr, SymbolLookupFlags>>>
      ByModule;
  for (const auto &[Name, Flags] : LookupSet) {
    StringRef Qualified = *Name;
    size_t Separator = Qualified.find("::");
    if (Separator == StringRef::npos || Separator == 0)
      continue;
    StringRef ModuleName = Qualified.take_front(Separator);
    const Submodule *Target = B.lookup(ModuleName);
    if (!Target)
      return B.moduleError(Referrer, "reference to '" + Qualified +
                                         "': the bundle has no submodule '" +
                                         ModuleName + "'");
    // `NAME::`, the submodule as a whole: its image, which the runtime
    // loads as a module (mgpuModuleLoad) without compiling anything yet.
    if (Separator + 2 == Qualified.size()) {
      if (Target->getRole() != ModuleRole::Device)
        return B.moduleError(Referrer, "reference to '" + Qualified +
                                           "': submodule '" + ModuleName +
                                           "' is not a device submodule");
      if (Error E = JD.define(absoluteSymbols(
              {{Name, {ExecutorAddr::fromPtr(
                           runtime::getSubmoduleImage(ModuleName)),
                       JITSymbolFlags::Exported}}})))
        return E;
      continue;
    }
    ByModule[ModuleName].push_back({Name, Flags});
  }
  for (auto &[ModuleName, Requests] : ByModule) {
    Expected<JITDylib &> SourceDylib =
        Owner.getSubmoduleDylib(*B.lookup(ModuleName));
    if (!SourceDylib)
      return SourceDylib.takeError();
    JITDylib &Source = *SourceDylib;
    SymbolLookupSet Unqualified;
    for (auto &[Name, Flags] : Requests)
      Unqualified.add(ES.intern((*Name).drop_front(ModuleName.size() + 2)),
                      SymbolLookupFlags::WeaklyReferencedSymbol);
    // Compiles the source submodule if this is its first use.
    Expected<SymbolFlagsMap> Found = ES.lookupFlags(
        LookupKind::Static,
        {{&Source, JITDylibLookupFlags::MatchExportedSymbolsOnly}},
        Unqualified);
    if (!Found)
      return Found.takeError();
    SymbolAliasMap Aliases;
    for (auto &[Name, Flags] : Requests) {
      SymbolStringPtr Target =
          ES.intern((*Name).drop_front(ModuleName.size() + 2));
      auto It = Found->find(Target);
      if (It != Found->end()) {
        Aliases[Name] = {Target, It->second};
        continue;
      }
      if (Flags == SymbolLookupFlags::WeaklyReferencedSymbol)
        continue;
      return B.moduleError(Referrer, "reference to '" + *Name +
                                         "': submodule '" + ModuleName +
                                         "' has no symbol '" + *Target + "'");
    }
    if (Aliases.empty())
      continue;
    if (Error E =
            JD.define(reexports(Source, std::move(Aliases),
                                JITDylibLookupFlags::MatchExportedSymbolsOnly)))
      return E;
  }
  return Error::success();
}

/// What identifies this build of mm and the LLVM it runs on: their
/// versions, and the size and time of the files they were loaded from (this
/// executable, mm's shared libraries, which lower and compile the code,
/// libLLVM), so that a rebuilt mm or an updated LLVM does not take
/// another's objects; and a hash of each of \p CodeInputFiles' bytes (pass
/// plugins), so that a rebuilt plugin does not either.
static std::string getBuildIdentity(ArrayRef<std::string> CodeInputFiles) {
  std::string Identity =
      ("mm " + getVersion() + ", LLVM " + LLVM_VERSION_STRING).str();
  auto AddFile = [&](StringRef Path) {
    sys::fs::file_status Status;
    if (Path.empty() || sys::fs::status(Path, Status))
      return;
    Identity += formatv(", {0} {1} {2}", Path, Status.getSize(),
                        Status.getLastModificationTime()
                            .time_since_epoch()
                            .count());
  };
  static int Anchor;
  AddFile(sys::fs::getMainExecutable(nullptr, &Anchor));
  std::vector<std::string> Libraries;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        StringRef Path = Info->dlpi_name ? Info->dlpi_name : "";
        StringRef Name = sys::path::filename(Path);
        if (Name.starts_with("libMM") || Name.starts_with("libmm") ||
            Name.starts_with("libLLVM"))
          static_cast<std::vector<std::string> *>(Data)->push_back(Path.str());
        return 0;
      },
      &Libraries);
  llvm::sort(Libraries);
  for (const std::string &Library : Libraries)
    AddFile(Library);
  for (const std::string &Path : CodeInputFiles) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> File =
        MemoryBuffer::getFile(Path, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    Identity += ", " + Path + " " +
                (File ? CompileCache::makeKey({(*File)->getBuffer()})
                      : std::string("unreadable"));
  }
  return Identity;
}

std::string BundleJIT::getCacheKey(const Submodule &M) const {
  if (!Options.Cache || Options.CompiledIRLog ||
      reportsOnPasses(Options.DebugPassManager))
    return "";
  std::string Triple = J->getTargetTriple().str();
  // The CPU and its features: machines that share a cache directory may
  // have the same CPU with different features enabled (a virtual machine's).
  std::string CPU = sys::getHostCPUName().str();
  std::vector<std::string> Features;
  for (const auto &[Name, Enabled] : sys::getHostCPUFeatures())
    Features.push_back((Enabled ? "+" : "-") + Name.str());
  llvm::sort(Features);
  CPU += " " + join(Features, ",");
  std::string Header = formatModuleHeader(M);
  std::vector<StringRef> Parts = {"mm compile cache 2",
                                  BuildIdentity,
                                  Triple,
                                  CPU,
                                  Options.Level.Name,
                                  getDeviceCheckName(Options.Check),
                                  Header,
                                  M.getBody()};
  // Which host variables shadow device variables depends on the device
  // submodules' text.
  if (&M == Host)
    for (const Submodule &Other : B)
      if (&Other != Host) {
        Parts.push_back(Other.getName());
        Parts.push_back(Other.getBody());
      }
  std::string OptionCount = "llvm options " + utostr(Options.CodeOptions.size());
  Parts.push_back(OptionCount);
  for (const std::string &Option : Options.CodeOptions)
    Parts.push_back(Option);
  return CompileCache::makeKey(Parts);
}

Expected<bool> BundleJIT::addCachedSubmodule(const Submodule &M,
                                             JITDylib &JD) {
  std::string Key = getCacheKey(M);
  if (Key.empty())
    return false;
  std::optional<CompileCache::Entry> Entry = lookupInCache(Key);
  if (!Entry)
    return false;
  // The facts: each variable as its name's length, ':', its name, its size.
  StringMap<size_t> Sizes;
  StringRef Facts = Entry->Facts;
  while (!Facts.empty()) {
    size_t Length;
    StringRef Name, Size;
    if (Facts.consumeInteger(10, Length) || !Facts.consume_front(":") ||
        Length > Facts.size())
      return false;
    Name = Facts.take_front(Length);
    std::tie(Size, Facts) = Facts.drop_front(Length).split('\n');
    size_t Bytes;
    if (Size.getAsInteger(10, Bytes))
      return false;
    Sizes[(M.getName() + "/" + Name).str()] = Bytes;
  }
  if (Error E = J->addObjectFile(JD, std::move(Entry->Object)))
    return std::move(E);
  {
    std::lock_guard<std::mutex> Guard(DeviceVariableLock);
    for (const auto &[Name, Size] : Sizes)
      DeviceVariableSizes[Name] = Size;
  }
  if (Options.CompileLog)
    *Options.CompileLog << "loaded submodule '" << M.getName()
                        << "' from the compile cache\n";
  return true;
}

std::optional<CompileCache::Entry> BundleJIT::lookupInCache(StringRef Key) {
  if (CacheAbandoned)
    return std::nullopt;
  Expected<std::optional<CompileCache::Entry>> Entry =
      Options.Cache->lookup(Key);
  if (Entry)
    return std::move(*Entry);
  if (!CacheAbandoned.exchange(true) && Options.CacheWarningHandler)
    Options.CacheWarningHandler(Entry.takeError());
  else
    consumeError(Entry.takeError());
  return std::nullopt;
}

void BundleJIT::storeInCache(StringRef Key, StringRef Object) {
  if (CacheAbandoned)
    return;
  std::string Facts;
  {
    std::lock_guard<std::mutex> Guard(CacheLock);
    auto It = PendingCacheFacts.find(Key);
    if (It == PendingCacheFacts.end())
      return;
    Facts = std::move(It->second);
    PendingCacheFacts.erase(It);
  }
  if (Error E = Options.Cache->store(Key, Object, Facts)) {
    if (Options.CacheWarningHandler)
      Options.CacheWarningHandler(std::move(E));
    else
      consumeError(std::move(E));
  }
}

BundleJIT::BundleJIT(const Bundle &B, const BundleJITOptions &Options)
    : B(B), Options(Options) {}

BundleJIT::~BundleJIT() { consumeError(std::move(SessionErrors)); }

Error BundleJIT::explainLookupFailure(Error LookupError) {
  std::lock_guard<std::mutex> Guard(SessionErrorLock);
  if (!SessionErrors)
    return LookupError;
  consumeError(std::move(LookupError));
  return std::move(SessionErrors);
}

Error BundleJIT::takeSessionErrors() {
  std::lock_guard<std::mutex> Guard(SessionErrorLock);
  return std::move(SessionErrors);
}

/// Where the functions of the CUDA libraries that mm provides are, for
/// those that some of \p Symbols are of: their shared libraries, in the lib
/// directory beside mm-lli's bin (an executable links them with -lcublas
/// -lcufft, -lcurand or -lcusparse; mm-lli loads them when told).
static std::string getLibraryHint(ArrayRef<StringRef> Symbols) {
  SmallString<256> LibDir(sys::path::parent_path(sys::path::parent_path(
      sys::fs::getMainExecutable(nullptr, nullptr))));
  sys::path::append(LibDir, "lib");
  std::string Hint;
  for (const auto &Library :
       {std::pair<StringRef, StringRef>{"cublas", "cuBLAS"},
        {"cufft", "cuFFT"},
        {"curand", "cuRAND"},
        {"cusparse", "cuSPARSE"}}) {
    StringRef Prefix = Library.first;
    if (none_of(Symbols, [&](StringRef S) { return S.starts_with(Prefix); }))
      continue;
    Hint += (" (" + Library.second + "'s functions: run with --load=" +
             LibDir + "/libmm_" + Prefix + ".so)")
                .str();
  }
  return Hint;
}

Error BundleJIT::nameUndefinedSymbols(Error LinkError) const {
  const Submodule *Failed = nullptr;
  Error Rest = handleErrors(std::move(LinkError),
                            [&](std::unique_ptr<LinkFailureIn> Marker) {
                              Failed = &Marker->getSubmodule();
                            });
  if (!Failed)
    return Rest;
  return handleErrors(std::move(Rest), [&](const SymbolsNotFound &NotFound) {
    // Sorted: ORC lists them in hash order.
    std::vector<StringRef> Symbols;
    for (const SymbolStringPtr &Name : NotFound.getSymbols())
      Symbols.push_back(*Name);
    llvm::sort(Symbols);
    std::string Names;
    for (StringRef Name : Symbols)
      Names += (Names.empty() ? "'" : ", '") + Name.str() + "'";
    return B.moduleError(*Failed, (Symbols.size() == 1 ? "undefined symbol "
                                                       : "undefined symbols ") +
                                      Names + getLibraryHint(Symbols));
  });
}

Expected<std::unique_ptr<BundleJIT>>
BundleJIT::create(const Bundle &B, const BundleJITOptions &Options) {
  std::unique_ptr<BundleJIT> Result(new BundleJIT(B, Options));
  if (Error E = Result->setUp())
    return std::move(E);
  return std::move(Result);
}

Expected<ThreadSafeModule> BundleJIT::prepareSubmodule(const Submodule &M) {
  auto Context = std::make_unique<LLVMContext>();
  HostLoweringOptions Lowering;
  Lowering.HostTriple = Triple(J->getTargetTriple());
  Lowering.Level = Options.Level;
  Lowering.Extensions = Options.Extensions;
  Lowering.DebugPassManager = Options.DebugPassManager;
  Lowering.Check = Options.Check;
  Lowering.WarningHandler = Options.LoweringWarningHandler;
  Lowering.CreateTargetMachine = [&] {
    return JITTargetMachineBuilder(Lowering.HostTriple)
        .setCPU(sys::getHostCPUName().str())
        .setCodeGenOptLevel(Options.Level.Codegen)
        .createTargetMachine();
  };
  Expected<std::unique_ptr<Module>> Lowered =
      lowerSubmoduleForHost(B, M, *Context, Lowering);
  if (!Lowered)
    return Lowered.takeError();
  Module &Mod = **Lowered;

  // Facts about a device submodule that a cached object does not give.
  std::string Facts;
  if (M.getRole() == ModuleRole::Device) {
    std::lock_guard<std::mutex> Guard(DeviceVariableLock);
    for (const GlobalVariable &G : Mod.globals()) {
      if (G.isDeclaration() || !G.hasName())
        continue;
      uint64_t Size = Mod.getDataLayout().getTypeAllocSize(G.getValueType());
      DeviceVariableSizes[(M.getName() + "/" + G.getName()).str()] = Size;
      Facts += (Twine(G.getName().size()) + ":" + G.getName() + Twine(Size) +
                "\n")
                   .str();
    }
  }
  // Compiled through the cache, unless the module has static constructors
  // or destructors: the JIT's platform finds those in the IR, and a device
  // submodule from the cache is added as an object.
  std::string Key = getCacheKey(M);
  if (!Key.empty() && (&M == Host || (!Mod.getNamedGlobal("llvm.global_ctors") &&
                                      !Mod.getNamedGlobal("llvm.global_dtors")))) {
    Mod.setModuleIdentifier((CacheKeyPrefix + Key).str());
    std::lock_guard<std::mutex> Guard(CacheLock);
    PendingCacheFacts[Key] = std::move(Facts);
  }

  if (Options.CompileLog)
    *Options.CompileLog << "compiled submodule '" << M.getName() << "'\n";
  if (Options.CompiledIRLog)
    Mod.print(*Options.CompiledIRLog, nullptr);
  return ThreadSafeModule(std::move(*Lowered), std::move(Context));
}

/// Names an --entry-result type for \p Ty.
static std::string getResultName(Type *Ty) {
  if (Ty->isVoidTy())
    return "void";
  if (Ty->isIntegerTy(32))
    return "i32";
  if (Ty->isIntegerTy(64))
    return "i64";
  if (Ty->isFloatTy())
    return "f32";
  if (Ty->isDoubleTy())
    return "f64";
  std::string Text;
  raw_string_ostream OS(Text);
  Ty->print(OS);
  return Text;
}

Error BundleJIT::setUp() {
  Host = B.getHost();
  if (!Host)
    return createStringError(inconvertibleErrorCode(),
                             "'" + B.getSourceName() +
                                 "' has no host submodule to run");

  Expected<JITTargetMachineBuilder> JTMB =
      JITTargetMachineBuilder::detectHost();
  if (!JTMB)
    return JTMB.takeError();
  JTMB->setCodeGenOptLevel(Options.Level.Codegen);
  LLJITBuilder Builder;
  Builder.setJITTargetMachineBuilder(std::move(*JTMB));
  if (Options.Cache) {
    BuildIdentity = getBuildIdentity(Options.CodeInputFiles);
    ObjectCacheHook = std::make_unique<CacheHook>(*this);
    // The compiler LLJIT uses when it compiles on the calling thread, with
    // the cache's hook.
    Builder.setCompileFunctionCreator(
        [this](JITTargetMachineBuilder JTMB)
            -> Expected<std::unique_ptr<IRCompileLayer::IRCompiler>> {
          Expected<std::unique_ptr<TargetMachine>> TM =
              JTMB.createTargetMachine();
          if (!TM)
            return TM.takeError();
          return std::make_unique<TMOwningSimpleCompiler>(
              std::move(*TM), ObjectCacheHook.get());
        });
  }
  Expected<std::unique_ptr<LLJIT>> Created = Builder.create();
  if (!Created)
    return Created.takeError();
  J = std::move(*Created);
  ExecutionSession &ES = J->getExecutionSession();
  // LLJIT links with JITLink on the hosts that mm-lli supports.
  if (auto *Linker = dyn_cast<ObjectLinkingLayer>(&J->getObjLinkingLayer()))
    Linker->addPlugin(std::make_shared<LinkFailurePlugin>(*this));
  // A symbol that fails to materialize reports why to the session, and the
  // lookup that needed it fails with a generic message; keep the reasons.
  // The same failure can be reported by several lookups: keep it once.
  ES.setErrorReporter([this](Error E) {
    std::lock_guard<std::mutex> Guard(SessionErrorLock);
    Error New = handleErrors(
        nameUndefinedSymbols(std::move(E)),
        [&](std::unique_ptr<ErrorInfoBase> EI) -> Error {
          if (!SessionErrorMessages.insert(EI->message()).second)
            return Error::success();
          return Error(std::move(EI));
        });
    SessionErrors = joinErrors(std::move(SessionErrors), std::move(New));
  });

  // The runtime's entry points, and --shared-libs, for every submodule.
  JITDylib &ProcessSymbols = *J->getProcessSymbolsJITDylib();
  SymbolMap RuntimeSymbols;
  for (const runtime::RuntimeSymbol &S : runtime::getRuntimeSymbols())
    RuntimeSymbols[ES.intern(S.Name)] = {ExecutorAddr::fromPtr(S.Address),
                                         JITSymbolFlags::Exported};
  if (Error E = ProcessSymbols.define(absoluteSymbols(RuntimeSymbols)))
    return E;
  for (const std::string &Library : Options.SharedLibraries) {
    auto Generator = DynamicLibrarySearchGenerator::Load(
        Library.c_str(), J->getDataLayout().getGlobalPrefix());
    if (!Generator)
      return createStringError(inconvertibleErrorCode(),
                               "cannot load shared library '" + Library +
                                   "': " + toString(Generator.takeError()));
    ProcessSymbols.addGenerator(std::move(*Generator));
  }

  // One JITDylib per submodule, made when the submodule is first needed;
  // the host's is the JIT's main JITDylib.
  JITDylib &HostDylib = J->getMainJITDylib();
  Dylibs[Host->getName()] = &HostDylib;
  SubmodulesByDylib[&HostDylib] = Host;
  HostDylib.addGenerator(std::make_unique<QualifiedNameGenerator>(*this, *Host));
  for (const std::string &Path : Options.HostObjects) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Object = MemoryBuffer::getFile(Path);
    if (!Object)
      return createStringError(Object.getError(), "cannot read object file "
                                                  "'%s': %s",
                               Path.c_str(),
                               Object.getError().message().c_str());
    if (Error E = J->addObjectFile(HostDylib, std::move(*Object)))
      return createStringError(inconvertibleErrorCode(),
                               "cannot add object file '" + Path +
                                   "': " + toString(std::move(E)));
  }
  for (const std::string &Path : Options.HostArchives) {
    auto Archive = StaticLibraryDefinitionGenerator::Load(
        J->getObjLinkingLayer(), Path.c_str());
    if (!Archive)
      return createStringError(inconvertibleErrorCode(),
                               "cannot load archive '" + Path +
                                   "': " + toString(Archive.takeError()));
    HostDylib.addGenerator(std::move(*Archive));
  }

  // The host is always needed: prepare it now, and remember its functions'
  // signatures and CUDA host stubs.
  Expected<ThreadSafeModule> HostModule = prepareSubmodule(*Host);
  if (!HostModule)
    return HostModule.takeError();
  HostModule->withModuleDo([&](Module &Mod) {
    // Exported, a shadow's address maps it to the device submodule's
    // variable of the same name, and a stub's to its kernel.
    HostShadows = exportCudaHostShadows(Mod, B);
    HostStubs = exportCudaHostStubs(Mod);
    for (Function &F : Mod)
      if (!F.isDeclaration())
        HostFunctions[F.getName()] = {getResultName(F.getReturnType()),
                                      static_cast<unsigned>(F.arg_size())};
  });
  return J->addIRModule(std::move(*HostModule));
}

const BundleJIT::HostFunction *
BundleJIT::findHostFunction(StringRef Name) const {
  auto It = HostFunctions.find(Name);
  return It == HostFunctions.end() ? nullptr : &It->second;
}

Expected<JITDylib &> BundleJIT::getSubmoduleDylib(const Submodule &M) {
  std::lock_guard<std::mutex> Guard(DylibLock);
  JITDylib *&Dylib = Dylibs[M.getName()];
  if (Dylib)
    return *Dylib;
  Expected<JITDylib &> Created =
      J->createJITDylib("submodule " + M.getName().str());
  if (!Created)
    return Created.takeError();
  Created->addGenerator(std::make_unique<SubmoduleGenerator>(*this, *J, M));
  Created->addGenerator(std::make_unique<QualifiedNameGenerator>(*this, M));
  Dylib = &*Created;
  SubmodulesByDylib[Dylib] = &M;
  return *Dylib;
}

const Submodule *BundleJIT::getSubmoduleOfDylib(const JITDylib &JD) const {
  std::lock_guard<std::mutex> Guard(DylibLock);
  return SubmodulesByDylib.lookup(&JD);
}

Error BundleJIT::initialize() {
  // Running the host's static constructors links it: a failure names its
  // cause, as a lookup's does.
  if (Error E = J->initialize(J->getMainJITDylib()))
    return explainLookupFailure(std::move(E));
  return takeSessionErrors();
}

Error BundleJIT::deinitialize() {
  return J->deinitialize(J->getMainJITDylib());
}

Expected<void *> BundleJIT::lookupHost(StringRef Name) {
  Expected<ExecutorAddr> Addr = J->lookup(Name);
  if (!Addr)
    return explainLookupFailure(Addr.takeError());
  // A submodule's symbols get their addresses before its own references
  // are looked up, so a lookup can succeed although a submodule that it
  // reaches failed to link: a reported failure fails it too.
  if (Error E = takeSessionErrors())
    return std::move(E);
  return Addr->toPtr<void *>();
}

Expected<int> BundleJIT::runMain(ArrayRef<std::string> Args) {
  Expected<void *> Main = lookupHost("main");
  if (!Main)
    return Main.takeError();
  auto *MainFn = reinterpret_cast<int (*)(int, char *[])>(*Main);
  return runAsMain(MainFn, Args.drop_front(), Args.front());
}

Expected<void *> BundleJIT::findSubmoduleSymbol(const Submodule &M,
                                               StringRef Name) {
  ExecutionSession &ES = J->getExecutionSession();
  SymbolStringPtr Symbol = ES.intern(Name);
  Expected<JITDylib &> Dylib = getSubmoduleDylib(M);
  if (!Dylib)
    return Dylib.takeError();
  // Weakly referenced, so that a missing symbol is an empty result, while a
  // submodule that fails to compile is an error.
  Expected<SymbolMap> Found = ES.lookup(
      {{&*Dylib, JITDylibLookupFlags::MatchExportedSymbolsOnly}},
      SymbolLookupSet(Symbol, SymbolLookupFlags::WeaklyReferencedSymbol));
  // The runtime reports a submodule that fails to compile as
  // MM_ERROR_NOT_FOUND, with the compiler's errors as they are (located).
  if (!Found)
    return explainLookupFailure(Found.takeError());
  if (Error E = takeSessionErrors())
    return std::move(E);
  auto It = Found->find(Symbol);
  if (It == Found->end())
    return nullptr;
  return It->second.getAddress().toPtr<void *>();
}

Expected<const mm_kernel_descriptor *>
BundleJIT::findDescriptor(const Submodule &M, StringRef Kernel) {
  Expected<void *> Address =
      findSubmoduleSymbol(M, getDescriptorSymbol(Kernel));
  if (!Address)
    return Address.takeError();
  if (!*Address)
    return nullptr;
  const auto *D = static_cast<const mm_kernel_descriptor *>(*Address);
  if (D->abi_version != MM_BLOCK_ABI_VERSION)
    return createStringError("kernel '" + Kernel + "' of submodule '" +
                             M.getName() + "' has block ABI version " +
                             Twine(D->abi_version) + ", not " +
                             Twine(MM_BLOCK_ABI_VERSION));
  return D;
}

/// \p E as the runtime reports what the JIT could not find: with
/// MM_ERROR_NOT_FOUND, and, where the compiler located a problem in the
/// bundle, as a diagnostic that keeps its location.
static runtime::Error toRuntimeError(Error E) {
  std::vector<std::pair<bool, std::string>> Parts;
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &Info) {
    Parts.emplace_back(Info.isA<DiagnosticError>(), Info.message());
  });
  if (Parts.size() == 1 && !Parts.front().first)
    return runtime::Error(MM_ERROR_NOT_FOUND, Parts.front().second);
  std::string Text;
  for (const auto &[IsDiagnostic, Message] : Parts)
    Text += IsDiagnostic
                ? Message
                : runtime::getReporterName() + ": error: " + Message + "\n";
  return runtime::Error::diagnostic(MM_ERROR_NOT_FOUND, std::move(Text));
}

template <typename T>
static runtime::Expected<T> toRuntimeExpected(Expected<T> Value) {
  if (!Value)
    return toRuntimeError(Value.takeError());
  return std::move(*Value);
}

runtime::Expected<runtime::KernelInfo>
BundleJIT::getKernel(std::string_view Module, std::string_view Kernel) {
  return toRuntimeExpected(findKernel(Module, Kernel));
}

runtime::Expected<runtime::KernelInfo>
BundleJIT::getKernelForHostFunction(const void *HostFunction) {
  return toRuntimeExpected(findKernelOfHostStub(HostFunction));
}

runtime::Expected<runtime::DeviceVariable>
BundleJIT::getDeviceVariableForHostShadow(const void *HostShadow) {
  return toRuntimeExpected(findDeviceVariable(HostShadow));
}

Expected<runtime::KernelInfo> BundleJIT::findKernel(StringRef Module,
                                                    StringRef Kernel) {
  const Submodule *M = B.lookup(Module);
  if (!M)
    return createStringError("kernel '" + Kernel +
                             "': the bundle has no submodule '" + Module + "'");
  if (M == Host)
    return createStringError("kernel '" + Kernel + "': submodule '" + Module +
                             "' is the host, not a device submodule");
  Expected<const mm_kernel_descriptor *> D = findDescriptor(*M, Kernel);
  if (!D)
    return D.takeError();
  if (!*D)
    return createStringError("submodule '" + Module + "' has no kernel '" +
                             Kernel + "'");
  return runtime::KernelInfo{Module.str(), Kernel.str(), *D};
}

Error BundleJIT::mapHostStubs() {
  for (const CudaHostStub &Stub : HostStubs) {
    Expected<void *> Addr = lookupHost(Stub.Stub);
    if (!Addr)
      return Addr.takeError();
    StubKernels[*Addr] = Stub.Kernel;
  }
  for (const CudaHostShadow &Shadow : HostShadows) {
    Expected<void *> Addr = lookupHost(Shadow.Name);
    if (!Addr)
      return Addr.takeError();
    ShadowVariables[*Addr] = Shadow;
  }
  StubsMapped = true;
  return Error::success();
}

Expected<runtime::DeviceVariable>
BundleJIT::findDeviceVariable(const void *ShadowAddress) {
  CudaHostShadow Shadow;
  {
    std::lock_guard<std::mutex> Guard(StubLock);
    if (!StubsMapped)
      if (Error E = mapHostStubs())
        return std::move(E);
    auto It = ShadowVariables.find(ShadowAddress);
    if (It != ShadowVariables.end())
      Shadow = It->second;
    else if (std::optional<std::string> Name =
                 runtime::readSymbolName(ShadowAddress))
      // A variable named by its name needs no host shadow; its size is the
      // device's.
      Shadow = {*Name, 0};
    else
      return createStringError("the symbol is not a __device__ or "
                               "__constant__ variable of the program");
  }
  // The first device submodule that defines the variable; as for kernels, a
  // submodule whose text does not contain the name is not compiled.
  for (const Submodule &M : B) {
    if (M.getRole() != ModuleRole::Device ||
        !M.getBody().contains(Shadow.Name))
      continue;
    Expected<void *> Address = findSubmoduleSymbol(M, Shadow.Name);
    if (!Address)
      return Address.takeError();
    if (!*Address)
      continue;
    if (!Shadow.Size) {
      std::lock_guard<std::mutex> Guard(DeviceVariableLock);
      Shadow.Size = DeviceVariableSizes.lookup(
          (M.getName() + "/" + Shadow.Name).str());
    }
    return runtime::DeviceVariable{M.getName().str(), Shadow.Name, *Address,
                                   Shadow.Size};
  }
  return createStringError("no device submodule defines variable '" +
                           Shadow.Name + "'");
}

Expected<runtime::KernelInfo>
BundleJIT::findKernelOfHostStub(const void *HostFunction) {
  std::string Kernel;
  {
    std::lock_guard<std::mutex> Guard(StubLock);
    if (!StubsMapped)
      if (Error E = mapHostStubs())
        return std::move(E);
    Kernel = StubKernels.lookup(HostFunction);
  }
  if (Kernel.empty())
    return createStringError(
        "launch of a host function that is not a kernel's host stub "
        "(__device_stub__...)");
  // The first device submodule that defines the kernel; a submodule whose
  // text does not even contain the name is not compiled to find out.
  for (const Submodule &M : B) {
    if (M.getRole() != ModuleRole::Device || !M.getBody().contains(Kernel))
      continue;
    Expected<const mm_kernel_descriptor *> D = findDescriptor(M, Kernel);
    if (!D)
      return D.takeError();
    if (*D)
      return runtime::KernelInfo{M.getName().str(), Kernel, *D};
  }
  return createStringError("no device submodule defines kernel '" + Kernel +
                           "'");
}
