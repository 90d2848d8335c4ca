//===- HostLowering.cpp - Submodules as host code -------------------------===//

#include "mm/Compile/HostLowering.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Compile/Translation.h"
#include "mm/Support/CudaStubs.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace mm;

/// The pipeline that submodule \p M's header asks for, if any.
static std::string getHeaderPipeline(const Submodule &M) {
  const SubmoduleOptions &Options = M.getOptions();
  if (M.getKind() == ModuleKind::LLVM && !Options.Passes.empty())
    return Options.Passes;
  if (!Options.OptLevel.empty())
    return lookupOptLevel(Options.OptLevel)->getDefaultPipeline();
  return "";
}

Expected<std::unique_ptr<Module>>
mm::lowerSubmoduleForHost(const Bundle &B, const Submodule &M,
                          LLVMContext &Context,
                          const HostLoweringOptions &Options) {
  Expected<std::unique_ptr<Module>> Parsed =
      M.getKind() == ModuleKind::MLIR ? lowerMLIRSubmoduleToLLVM(B, M, Context)
                                      : parseLLVMSubmodule(B, M, Context);
  if (!Parsed)
    return Parsed.takeError();
  Module &Mod = **Parsed;
  if (Error E = verifyLLVMSubmodule(B, M, Mod))
    return std::move(E);

  Triple ModuleTriple(Mod.getTargetTriple());
  const Triple &HostTriple = Options.HostTriple;
  std::string Pipeline = getHeaderPipeline(M);
  if (M.getRole() == ModuleRole::Device &&
      isGPUTriple(Mod.getTargetTriple())) {
    // The lowering's work-item loops need the optimizer to be vectorized,
    // and clang's device IR was optimized for the GPU: default<On> unless
    // the header says otherwise.
    if (Pipeline.empty())
      Pipeline = Options.Level.getDefaultPipeline();
    if (!Options.LowerDeviceModule)
      return B.moduleError(M, "device code for '" + Mod.getTargetTriple() +
                                  "' cannot run: no device lowering");
    if (Error E = Options.LowerDeviceModule(Mod, HostTriple, M.getName())) {
      // Located at the submodule's header, which names it already.
      std::string Message = toString(std::move(E));
      StringRef Reason(Message);
      Reason.consume_front(("submodule '" + M.getName() + "': ").str());
      return B.moduleError(M, Reason);
    }
  } else if (!Mod.getTargetTriple().empty() &&
             ModuleTriple.getArch() != HostTriple.getArch()) {
    return B.moduleError(M, "cannot run code for '" + Mod.getTargetTriple() +
                                "' on this host (" + HostTriple.str() + ")");
  }

  // Coroutines (MLIR's async lowering makes them) cannot be compiled before
  // LLVM's coroutine passes have lowered them; default<O0> has them.
  if (Pipeline.empty() && Mod.getFunction("llvm.coro.id"))
    Pipeline = "default<O0>";
  if (Pipeline.empty())
    return Parsed;

  Expected<std::unique_ptr<TargetMachine>> TM = Options.CreateTargetMachine();
  if (!TM)
    return TM.takeError();
  LLVMPipelineOptions PipelineOptions;
  PipelineOptions.Passes = Pipeline;
  PipelineOptions.TM = TM->get();
  PipelineOptions.Extensions = Options.Extensions;
  PipelineOptions.HostTriple = HostTriple;
  if (Error E = runLLVMPipeline(Mod, PipelineOptions))
    return B.moduleError(M, toString(std::move(E)));
  return Parsed;
}

std::vector<CudaHostStub> mm::exportCudaHostStubs(Module &Host) {
  std::vector<CudaHostStub> Stubs;
  for (Function &F : Host) {
    if (F.isDeclaration())
      continue;
    std::string Kernel = getKernelNameForStub(F.getName());
    if (Kernel.empty())
      continue;
    if (F.hasLocalLinkage()) {
      F.setLinkage(GlobalValue::ExternalLinkage);
      F.setVisibility(GlobalValue::HiddenVisibility);
    }
    Stubs.push_back({F.getName().str(), std::move(Kernel)});
  }
  return Stubs;
}

std::vector<CudaHostShadow> mm::exportCudaHostShadows(Module &Host,
                                                      const Bundle &B) {
  // clang's host half of a CUDA program has a shadow of each `__device__`
  // and `__constant__` variable it names, internal and undefined in value,
  // through which it passes the variable to cudaMemcpyToSymbol and the
  // like. A texture reference's host variable is its textureReference,
  // which cudaBindTexture* is given; its device variable is the 64-bit
  // handle that `!nvvm.annotations` calls a texture.
  auto AnyDeviceBodyContains = [&](StringRef Text) {
    return any_of(B, [&](const Submodule &M) {
      return M.getRole() == ModuleRole::Device && M.getBody().contains(Text);
    });
  };
  std::vector<CudaHostShadow> Shadows;
  for (GlobalVariable &G : Host.globals()) {
    if (!G.hasLocalLinkage() || !G.hasName() || !G.hasInitializer())
      continue;
    bool IsTexture =
        AnyDeviceBodyContains(("@" + G.getName() + ", !\"texture\"").str());
    if (!IsTexture && (!isa<UndefValue>(G.getInitializer()) ||
                       isa<PoisonValue>(G.getInitializer()) ||
                       !AnyDeviceBodyContains(G.getName())))
      continue;
    G.setLinkage(GlobalValue::ExternalLinkage);
    G.setVisibility(GlobalValue::DefaultVisibility);
    Shadows.push_back(
        {G.getName().str(),
         IsTexture ? sizeof(uint64_t)
                   : Host.getDataLayout().getTypeAllocSize(G.getValueType())});
  }
  return Shadows;
}
