//===- GPUPrograms.cpp - MLIR GPU programs as bundles ---------------------===//
//
// Splitting an MLIR GPU program at the host/device boundary, and lowering
// each side with MLIR's own passes: the host with the GPU runtime calls of
// `gpu-to-llvm` (mm's runtime serves MLIR's mgpu* ABI), each kernel module
// with `convert-gpu-to-nvvm`, after which it is NVVM IR that mm's device
// lowering runs on the CPU as it runs CUDA kernels.
//
//===----------------------------------------------------------------------===//

#include "mm/Compile/GPUPrograms.h"
#include "mm/Bundle/KernelModules.h"
#include "mm/Bundle/MLIRModule.h"
#include "mm/Compile/DefaultLowering.h"
#include "mm/Compile/MLIRPipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

/// The host side of upstream's gpu-lower-to-nvvm-pipeline (MLIR 19), with
/// the vector dialect lowered for the CPU: everything but the kernel
/// modules, which are device submodules. A host with synchronous device
/// allocations, which gpu-to-llvm lowers only when they are asynchronous,
/// gets gpu-async-region first, which makes the GPU ops of each function
/// asynchronous, chained by tokens (and host-shared allocations, which
/// cannot be asynchronous, fail). A host written for SPIR-V kernels (with a
/// spirv.target_env) calls functions through their C wrappers
/// (`_mlir_ciface_NAME`), as mlir-spirv-cpu-runner lowers it. A host that uses
/// the async dialect gets its lowering too, as MLIR's async GPU tests lower
/// it (the program then needs MLIR's async runtime,
/// libmlir_async_runtime.so).
static std::string getHostPipeline(bool UsesAsync, bool HasSyncAllocs,
                                   bool CWrappers) {
  if (UsesAsync)
    // In the order of MLIR's async GPU test (Integration/GPU/CUDA/async.mlir).
    return std::string("builtin.module(gpu-kernel-outlining,") +
           (CWrappers ? "func.func(llvm-request-c-wrappers)," : "") +
           "func.func(gpu-async-region),gpu-to-llvm,async-to-async-runtime,"
           "async-runtime-ref-counting,convert-async-to-llvm,convert-vector-to-scf,convert-scf-to-cf,"
           "convert-vector-to-llvm,convert-func-to-llvm,"
           "expand-strided-metadata,lower-affine,convert-arith-to-llvm,"
           "convert-index-to-llvm,finalize-memref-to-llvm,"
           "convert-math-to-llvm,convert-cf-to-llvm,canonicalize,cse,"
           "reconcile-unrealized-casts)";
  return std::string("builtin.module(gpu-kernel-outlining,") +
         (HasSyncAllocs ? "func.func(gpu-async-region)," : "") +
         (CWrappers ? "func.func(llvm-request-c-wrappers)," : "") +
         "convert-vector-to-scf,"
         "convert-scf-to-cf,convert-vector-to-llvm,convert-func-to-llvm,"
         "expand-strided-metadata,lower-affine,convert-arith-to-llvm,"
         "convert-index-to-llvm,canonicalize,cse,gpu-to-llvm,"
         "convert-math-to-llvm,canonicalize,cse,reconcile-unrealized-casts)";
}

/// The device side of gpu-lower-to-nvvm-pipeline: the kernel module lowered
/// to the LLVM and NVVM dialects, short of its serialization. Without its
/// convert-func-to-llvm, whose control-flow patterns would lower a kernel's
/// cf.assert as host code does (abort, with its message in the outer
/// module); convert-gpu-to-nvvm lowers functions, and cf.assert to CUDA's
/// __assertfail.
static constexpr StringLiteral DevicePipeline =
    "builtin.module(convert-nvgpu-to-nvvm,convert-vector-to-scf,"
    "convert-scf-to-cf,convert-vector-to-llvm,convert-nvvm-to-llvm,"
    "expand-strided-metadata,lower-affine,convert-arith-to-llvm,"
    "convert-index-to-llvm,canonicalize,cse,gpu.module(convert-gpu-to-nvvm,"
    "canonicalize,cse,reconcile-unrealized-casts))";

/// mlir-spirv-cpu-runner's lowering (MLIR 19) of a program whose kernels
/// are SPIR-V, after its convert-gpu-to-spirv (and the rest of the host's
/// standard lowering, which the runner leaves to its users): each kernel
/// module given as a
/// spirv.module named `__spv__` and the kernel module's name, the launches
/// made calls of the kernels, which run once on the host (lower-host-to-llvm
/// copies the buffers in and out), and the SPIR-V converted to the LLVM
/// dialect as a nested module.
static constexpr StringLiteral SPIRVPipeline =
    "builtin.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce),"
    "lower-host-to-llvm,convert-vector-to-scf,convert-scf-to-cf,"
    "convert-vector-to-llvm,convert-cf-to-llvm,expand-strided-metadata,"
    "lower-affine,convert-arith-to-llvm,convert-index-to-llvm,"
    "finalize-memref-to-llvm,convert-math-to-llvm,convert-func-to-llvm,"
    "convert-spirv-to-llvm,reconcile-unrealized-casts)";

static bool hasSPIRVKernels(mlir::ModuleOp Module) {
  return any_of(Module.getOps(), [](mlir::Operation &Op) {
    return Op.getName().getStringRef() == "spirv.module";
  });
}

/// True for an LLVM-dialect function or global that only declares its
/// symbol.
static bool isDeclaration(mlir::Operation &Op) {
  if (auto Function = dyn_cast<mlir::LLVM::LLVMFuncOp>(Op))
    return Function.isExternal();
  if (auto Global = dyn_cast<mlir::LLVM::GlobalOp>(Op))
    return Global.getLinkage() == mlir::LLVM::Linkage::External &&
           !Global.getValueOrNull() && Global.getInitializerRegion().empty();
  return false;
}

/// Moves the contents of the modules nested in \p Module into it, as
/// mlir-spirv-cpu-runner links them: of two ops of one symbol, the
/// definition stays.
static void mergeNestedModules(mlir::ModuleOp Module) {
  for (auto Nested :
       make_early_inc_range(Module.getBody()->getOps<mlir::ModuleOp>())) {
    for (mlir::Operation &Op :
         make_early_inc_range(Nested.getBody()->getOperations())) {
      if (auto Name = Op.getAttrOfType<mlir::StringAttr>(
              mlir::SymbolTable::getSymbolAttrName()))
        if (mlir::Operation *Existing =
                mlir::SymbolTable::lookupSymbolIn(Module, Name)) {
          if (isDeclaration(Op)) {
            Op.erase();
            continue;
          }
          Existing->erase();
        }
      Op.moveBefore(Module.getBody(), Module.getBody()->end());
    }
    Nested.erase();
  }
}

bool mm::needsDefaultLowering(mlir::ModuleOp Module) {
  bool Needs = false;
  Module->walk([&](mlir::Operation *Op) {
    StringRef Dialect = Op->getName().getDialectNamespace();
    if (!is_contained({StringRef("builtin"), StringRef("llvm"),
                       StringRef("nvvm"), StringRef("rocdl"),
                       StringRef("dlti")},
                      Dialect)) {
      Needs = true;
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return Needs;
}

/// The reference to device submodule \p Name that stands for a kernel
/// module in the host: a gpu.binary whose object is "NAME::".
static void replaceWithReference(mlir::gpu::GPUModuleOp Kernels) {
  mlir::OpBuilder Builder(Kernels);
  mlir::MLIRContext *Context = Builder.getContext();
  Context->getOrLoadDialect<mlir::NVVM::NVVMDialect>();
  auto Object = mlir::gpu::ObjectAttr::get(
      Context, mlir::NVVM::NVVMTargetAttr::get(Context),
      mlir::gpu::CompilationTarget::Fatbin,
      Builder.getStringAttr(Kernels.getName() + "::"), nullptr);
  Builder.create<mlir::gpu::BinaryOp>(Kernels.getLoc(), Kernels.getName(),
                                      nullptr,
                                      ArrayRef<mlir::Attribute>{Object});
  Kernels.erase();
}

/// True for a gpu.binary that refers to the device submodule of its name.
static bool isReference(mlir::gpu::BinaryOp Binary) {
  mlir::ArrayAttr Objects = Binary.getObjects();
  if (Objects.size() != 1)
    return false;
  auto Object = dyn_cast<mlir::gpu::ObjectAttr>(Objects[0]);
  return Object &&
         Object.getObject().getValue() == (Binary.getName() + "::").str();
}

/// Makes the contents of \p M's kernel module the contents of \p Module.
static Error hoistKernelModule(const Bundle &B, const Submodule &M,
                               mlir::ModuleOp Module) {
  SmallVector<mlir::gpu::GPUModuleOp> Kernels(
      Module.getOps<mlir::gpu::GPUModuleOp>());
  if (Kernels.size() != 1 || Kernels.front().getName() != M.getName())
    return B.moduleError(
        M, "a device submodule in MLIR holds one kernel module (gpu.module) "
           "named as the submodule, '@" +
               M.getName() + "'; this one holds " + Twine(Kernels.size()) +
               (Kernels.size() == 1
                    ? " named '@" + Kernels.front().getName() + "'"
                    : ""));
  mlir::Block *Target = Module.getBody();
  mlir::Block *Source = Kernels.front().getBody();
  for (mlir::Operation &Op : make_early_inc_range(*Source))
    if (!Op.hasTrait<mlir::OpTrait::IsTerminator>())
      Op.moveBefore(Target, Target->end());
  Kernels.front().erase();
  Module->removeAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName());
  return Error::success();
}

/// A constant NUL-terminated string in \p Kernels, and its address at
/// \p Builder's insertion point.
static mlir::Value getStringAddress(mlir::OpBuilder &Builder,
                                    mlir::gpu::GPUModuleOp Kernels,
                                    StringRef Prefix, StringRef Text,
                                    unsigned &Count) {
  mlir::Location Loc = Builder.getUnknownLoc();
  std::string Bytes = (Text + Twine('\0')).str();
  auto Type = mlir::LLVM::LLVMArrayType::get(Builder.getI8Type(),
                                             Bytes.size());
  mlir::OpBuilder AtModule(Kernels.getBody(), Kernels.getBody()->begin());
  auto Global = AtModule.create<mlir::LLVM::GlobalOp>(
      Loc, Type, /*isConstant=*/true, mlir::LLVM::Linkage::Internal,
      (Prefix + Twine(Count++)).str(), Builder.getStringAttr(Bytes));
  return Builder.create<mlir::LLVM::AddressOfOp>(Loc, Global);
}

/// Makes each cf.assert of \p Module's kernel modules a call of CUDA's
/// __assertfail(message, file, line, function, 1) when it fails, as clang
/// compiles CUDA's assert: MLIR 19's convert-gpu-to-nvvm lowers cf.assert
/// as host code, with a message in a module the kernel cannot see.
static void lowerKernelAsserts(mlir::ModuleOp Module) {
  for (auto Kernels : Module.getOps<mlir::gpu::GPUModuleOp>()) {
    SmallVector<mlir::cf::AssertOp> Asserts;
    Kernels.walk([&](mlir::cf::AssertOp A) { Asserts.push_back(A); });
    if (Asserts.empty())
      continue;
    mlir::MLIRContext *Context = Module.getContext();
    Context->loadDialect<mlir::LLVM::LLVMDialect, mlir::scf::SCFDialect,
                         mlir::arith::ArithDialect>();
    auto Ptr = mlir::LLVM::LLVMPointerType::get(Context);
    auto I32 = mlir::IntegerType::get(Context, 32);
    auto I64 = mlir::IntegerType::get(Context, 64);
    mlir::OpBuilder AtModule(Kernels.getBody(), Kernels.getBody()->begin());
    auto AssertFail = AtModule.create<mlir::LLVM::LLVMFuncOp>(
        Module.getLoc(), "__assertfail",
        mlir::LLVM::LLVMFunctionType::get(
            mlir::LLVM::LLVMVoidType::get(Context), {Ptr, Ptr, I32, Ptr, I64}));
    unsigned Count = 0;
    for (mlir::cf::AssertOp A : Asserts) {
      mlir::OpBuilder Builder(A);
      mlir::Location Loc = A.getLoc();
      auto True = Builder.create<mlir::arith::ConstantIntOp>(Loc, 1, 1);
      auto Failed =
          Builder.create<mlir::arith::XOrIOp>(Loc, A.getArg(), True);
      auto If = Builder.create<mlir::scf::IfOp>(Loc, Failed,
                                                /*withElseRegion=*/false);
      Builder.setInsertionPointToStart(&If.getThenRegion().front());
      auto File = Loc->findInstanceOf<mlir::FileLineColLoc>();
      auto Function = A->getParentOfType<mlir::FunctionOpInterface>();
      mlir::Value Args[] = {
          getStringAddress(Builder, Kernels, "__mm_assert_message_",
                           A.getMsg(), Count),
          getStringAddress(Builder, Kernels, "__mm_assert_file_",
                           File ? File.getFilename().getValue() : "",
                           Count),
          Builder.create<mlir::LLVM::ConstantOp>(
              Loc, I32, File ? File.getLine() : 0),
          getStringAddress(Builder, Kernels, "__mm_assert_function_",
                           Function ? Function.getName() : "", Count),
          Builder.create<mlir::LLVM::ConstantOp>(Loc, I64, 1)};
      Builder.create<mlir::LLVM::CallOp>(Loc, AssertFail, Args);
      A.erase();
    }
  }
}

/// The first op left in \p Module after its lowering that the translation
/// to LLVM IR does not take: one of a dialect that the pipeline does not
/// lower (amdgpu's buffer loads, say), reported at its location.
static Error checkLowered(const Bundle &B, const Submodule &M,
                          mlir::ModuleOp Module) {
  mlir::Operation *Left = nullptr;
  Module->walk([&](mlir::Operation *Op) {
    StringRef Dialect = Op->getName().getDialectNamespace();
    if (is_contained({StringRef("builtin"), StringRef("llvm"),
                      StringRef("nvvm"), StringRef("dlti")},
                     Dialect) ||
        isa<mlir::gpu::BinaryOp, mlir::gpu::LaunchFuncOp>(Op))
      return mlir::WalkResult::advance();
    Left = Op;
    return mlir::WalkResult::interrupt();
  });
  if (!Left)
    return Error::success();
  SubmoduleDiagnostics Diagnostics(B, M, *Module.getContext());
  Left->emitError() << "'" << Left->getName()
                    << "' cannot be lowered for the CPU: mm lowers kernel "
                       "modules as MLIR's GPU-to-NVVM lowering does, and "
                       "the host with MLIR's standard lowering to the LLVM "
                       "dialect, which leave this op";
  return Diagnostics.takeErrors("an op cannot be lowered for the CPU");
}

Expected<std::vector<std::string>>
mm::runDefaultLowering(const Bundle &B, const Submodule &M,
                       mlir::ModuleOp Module) {
  bool HasKernelModules = !Module.getOps<mlir::gpu::GPUModuleOp>().empty();
  if (M.getRole() == ModuleRole::Device && HasKernelModules) {
    // gpu.subgroup_reduce as shuffles over a warp of 32, which no pass of
    // MLIR 19 does (convert-gpu-to-nvvm only takes them to redux.sync).
    mlir::RewritePatternSet Patterns(Module.getContext());
    mlir::populateGpuBreakDownSubgrupReducePatterns(Patterns);
    mlir::populateGpuLowerSubgroupReduceToShufflePattenrs(Patterns,
                                                          /*subgroupSize=*/32);
    (void)mlir::applyPatternsAndFoldGreedily(Module, std::move(Patterns));
    lowerKernelAsserts(Module);
    if (Error E = runMLIRPipeline(B, M, Module, DevicePipeline))
      return std::move(E);
    if (Error E = hoistKernelModule(B, M, Module))
      return std::move(E);
    if (Error E = checkLowered(B, M, Module))
      return std::move(E);
    return std::vector<std::string>();
  }
  if (hasSPIRVKernels(Module)) {
    if (Error E = runMLIRPipeline(B, M, Module, SPIRVPipeline))
      return std::move(E);
    mergeNestedModules(Module);
    if (Error E = checkLowered(B, M, Module))
      return std::move(E);
    return std::vector<std::string>();
  }
  // Outlined first, so that gpu.launch regions become kernel modules that
  // addNestedKernelModules has made device submodules of.
  if (Error E =
          runMLIRPipeline(B, M, Module, "builtin.module(gpu-kernel-outlining)"))
    return std::move(E);
  for (auto Kernels :
       make_early_inc_range(Module.getOps<mlir::gpu::GPUModuleOp>()))
    replaceWithReference(Kernels);
  std::vector<std::string> References;
  for (auto Binary : Module.getOps<mlir::gpu::BinaryOp>())
    if (isReference(Binary))
      References.push_back(Binary.getName().str());
  bool UsesAsync = false, HasSyncAllocs = false;
  Module->walk([&](mlir::Operation *Op) {
    UsesAsync |= Op->getName().getDialectNamespace() == "async";
    if (auto Alloc = dyn_cast<mlir::gpu::AllocOp>(Op))
      HasSyncAllocs |= !Alloc.getAsyncToken() && !Alloc.getHostShared();
  });
  bool CWrappers = Module->hasAttr("spirv.target_env");
  if (Error E = runMLIRPipeline(
          B, M, Module, getHostPipeline(UsesAsync, HasSyncAllocs, CWrappers)))
    return std::move(E);
  if (Error E = checkLowered(B, M, Module))
    return std::move(E);
  return References;
}

void mm::bindKernelModuleImages(Module &Host,
                                ArrayRef<std::string> KernelModules) {
  for (const std::string &Name : KernelModules) {
    // SelectObjectAttr's name for the embedded object (MLIR 19).
    GlobalVariable *Image =
        Host.getGlobalVariable(Name + "_bin_cst", /*AllowInternal=*/true);
    if (!Image)
      continue;
    auto *Reference = new GlobalVariable(
        Host, ArrayType::get(Type::getInt8Ty(Host.getContext()), 0),
        /*isConstant=*/true, GlobalValue::ExternalLinkage, nullptr,
        Name + "::");
    Image->replaceAllUsesWith(Reference);
    Image->eraseFromParent();
  }
}

Error mm::addNestedKernelModules(Bundle &B) {
  const Submodule *Host = B.getHost();
  if (!Host || Host->getKind() != ModuleKind::MLIR ||
      !Host->getOptions().Passes.empty())
    return Error::success();
  StringRef Body = Host->getBody();
  if (!Body.contains("gpu.module") && !Body.contains("gpu.launch "))
    return Error::success();

  mlir::DialectRegistry Registry;
  registerMLIRDialects(Registry);
  mlir::MLIRContext Context(Registry, mlir::MLIRContext::Threading::DISABLED);
  // Parsed under the name the host has once the bundle holds its kernel
  // modules too, so that their locations lead back into the host's text.
  Expected<mlir::OwningOpRef<mlir::ModuleOp>> Parsed =
      parseMLIRSubmodule(B, *Host, Context, (Host->getName() + ".mlir").str());
  if (!Parsed)
    return Parsed.takeError();
  mlir::ModuleOp Module = Parsed->get();
  // SPIR-V kernels run in the host, as mlir-spirv-cpu-runner runs them.
  if (hasSPIRVKernels(Module))
    return Error::success();
  if (Error E = runMLIRPipeline(B, *Host, Module,
                                "builtin.module(gpu-kernel-outlining)"))
    return E;

  std::vector<Submodule> Kernels;
  for (auto KernelModule : Module.getOps<mlir::gpu::GPUModuleOp>()) {
    StringRef Name = KernelModule.getName();
    if (B.lookup(Name))
      return B.moduleError(*Host, "kernel module '@" + Name +
                                      "' has the name of a submodule of the "
                                      "bundle");
    SubmoduleHeader Header;
    Header.Name = Name.str();
    Header.Kind = ModuleKind::MLIR;
    Header.Triple = KernelModuleTriple.str();
    Header.Role = ModuleRole::Device;
    std::string Text;
    raw_string_ostream OS(Text);
    KernelModule->print(OS, mlir::OpPrintingFlags().enableDebugInfo(
                                /*enable=*/true, /*prettyForm=*/false));
    OS << '\n';
    Kernels.emplace_back(std::move(Header), std::move(Text));
  }
  for (Submodule &Kernel : Kernels)
    if (Error E = B.add(std::move(Kernel)))
      return E;
  return Error::success();
}
