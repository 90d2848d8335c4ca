//===- HostLowering.cpp - Submodules as host code -------------------------===//

#include "mm/Compile/HostLowering.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Compile/Translation.h"
#include "mm/Support/CudaStubs.h"
#include "mm-runtime/mm_offload.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace mm;

/// The pipeline that submodule \p M's header asks for, if any.
StringRef mm::getDeviceCheckName(DeviceCheck Check) {
  switch (Check) {
  case DeviceCheck::None:
    return "";
  case DeviceCheck::Memcheck:
    return "memcheck";
  case DeviceCheck::Racecheck:
    return "racecheck";
  }
  llvm_unreachable("unknown device check");
}

cl::ValuesClass mm::getDeviceCheckValues() {
  return cl::values(
      clEnumValN(DeviceCheck::Memcheck, "memcheck",
                 "Out-of-bounds, freed and misaligned accesses of global "
                 "memory, of shared memory outside the block's and of local "
                 "variables, and invalid frees"),
      clEnumValN(DeviceCheck::Racecheck, "racecheck",
                 "Shared-memory hazards between threads of a block with no "
                 "barrier between them"));
}

static std::string getHeaderPipeline(const Submodule &M) {
  const SubmoduleOptions &Options = M.getOptions();
  if (M.getKind() == ModuleKind::LLVM && !Options.Passes.empty())
    return Options.Passes;
  if (!Options.OptLevel.empty())
    return lookupOptLevel(Options.OptLevel)->getDefaultPipeline();
  return "";
}

/// Whether \p F is a function of the offload runtime's API or CUDA's whose
/// result is a status: mm_*, cuda* (the runtime) or cu* then a capital (the
/// driver), declared and returning an int.
static bool returnsAPIStatus(const Function &F) {
  StringRef Name = F.getName();
  bool IsAPI = Name.starts_with("mm_") || Name.starts_with("cuda") ||
               (Name.size() > 2 && Name.starts_with("cu") && isUpper(Name[2]));
  return IsAPI && F.isDeclaration() && F.getReturnType()->isIntegerTy(32);
}

namespace {
/// A status on its way to the instruction that consumes it: the int it last
/// was (the call's result, or a phi of statuses), and the conditions under
/// which what reaches the consumer depends on it: the arm of a select that
/// it is, or its side of an `and` or `or` of booleans, as `a || f() != 0`
/// optimizes to. A phi of booleans loses the trail (Precise is false).
struct StatusTrail {
  Instruction *Status;
  /// Each condition, and whether it holds when the status decides.
  SmallVector<std::pair<Value *, bool>, 2> Conditions;
  bool Precise = true;
};
} // namespace

/// \p Trail, continued into \p User, which uses \p Operand of it.
static StatusTrail followStatus(const StatusTrail &Trail, Instruction &User,
                                const Value *Operand) {
  StatusTrail Next = Trail;
  if (auto *Phi = dyn_cast<PHINode>(&User)) {
    if (Phi->getType()->isIntegerTy(32))
      Next = {Phi, {}, true};
    else
      Next.Precise = false;
    return Next;
  }
  if (auto *Select = dyn_cast<SelectInst>(&User)) {
    if (Select->getCondition() != Operand)
      Next.Conditions.push_back(
          {Select->getCondition(), Select->getTrueValue() == Operand});
    return Next;
  }
  unsigned Opcode = User.getOpcode();
  if (User.getType()->isIntegerTy(1) &&
      (Opcode == Instruction::And || Opcode == Instruction::Or)) {
    // The other side decides alone unless it is true (and) or false (or).
    Value *Other = User.getOperand(User.getOperand(0) == Operand ? 1 : 0);
    Next.Conditions.push_back({Other, Opcode == Instruction::And});
  }
  return Next;
}

void mm::noteStatusReads(Module &Host) {
  FunctionCallee Note = Host.getOrInsertFunction(
      MM_STATUS_READ_FUNCTION, Type::getVoidTy(Host.getContext()),
      Type::getInt32Ty(Host.getContext()));
  // Per function that calls the API, its dominator tree; the notes to make
  // (before which instruction, of which trail), made after the walk, which
  // they would change.
  DenseMap<Function *, std::unique_ptr<DominatorTree>> Trees;
  SmallVector<std::pair<Instruction *, StatusTrail>> Notes;
  for (Function &F : Host) {
    if (!returnsAPIStatus(F))
      continue;
    for (User *U : F.users()) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != &F)
        continue;
      std::unique_ptr<DominatorTree> &DT = Trees[Call->getFunction()];
      if (!DT)
        DT = std::make_unique<DominatorTree>(*Call->getFunction());
      // The status flows through instructions that would be dead without
      // users (comparisons, casts, selects, phis) to its consumers: a
      // branch, a store, a call, a return. Each consumer reads it when it
      // runs, so the note goes right before it, of the status where the
      // trail's conditions hold, else of success. Where the trail is lost,
      // the note goes right after the status: read whenever it is made.
      SmallVector<std::pair<Instruction *, StatusTrail>> Worklist{
          {Call, StatusTrail{Call, {}, true}}};
      SmallPtrSet<Instruction *, 8> Seen{Call};
      while (!Worklist.empty()) {
        auto [Reached, Trail] = Worklist.pop_back_val();
        for (User *ReachedUser : Reached->users()) {
          auto *Consumer = dyn_cast<Instruction>(ReachedUser);
          if (!Consumer)
            continue;
          if (wouldInstructionBeTriviallyDead(Consumer)) {
            if (Seen.insert(Consumer).second)
              Worklist.push_back(
                  {Consumer, followStatus(Trail, *Consumer, Reached)});
            continue;
          }
          bool Dominates =
              Trail.Precise && DT->dominates(Trail.Status, Consumer) &&
              all_of(Trail.Conditions, [&](const auto &Condition) {
                auto *I = dyn_cast<Instruction>(Condition.first);
                return !I || DT->dominates(I, Consumer);
              });
          if (Dominates) {
            Notes.push_back({Consumer, Trail});
            continue;
          }
          Instruction *After = Trail.Status->getNextNode();
          if (isa<PHINode>(After))
            After = After->getParent()->getFirstNonPHI();
          Notes.push_back({After, StatusTrail{Trail.Status, {}, true}});
        }
      }
    }
  }
  for (auto &[Before, Trail] : Notes) {
    IRBuilder<> Builder(Before);
    Value *Read = Trail.Status;
    Value *Success = Builder.getInt32(0);
    for (auto [Condition, Holds] : Trail.Conditions)
      Read = Holds ? Builder.CreateSelect(Condition, Read, Success)
                   : Builder.CreateSelect(Condition, Success, Read);
    Builder.CreateCall(Note, {Read});
  }
}

/// True if constant \p C is used only in what names a global to the
/// compiler (its annotations, llvm.used: section "llvm.metadata").
static bool onlyNamesIt(const Constant *C) {
  if (const auto *G = dyn_cast<GlobalVariable>(C))
    return G->getSection() == "llvm.metadata";
  return all_of(C->users(), [](const User *U) {
    const auto *CU = dyn_cast<Constant>(U);
    return CU && onlyNamesIt(CU);
  });
}

Error mm::reachManagedVariables(Module &Host) {
  SmallVector<GlobalVariable *> Shadows = findManagedShadows(Host);
  if (Shadows.empty())
    return Error::success();
  LLVMContext &C = Host.getContext();
  PointerType *Ptr = PointerType::get(C, 0);
  FunctionCallee Storage = Host.getOrInsertFunction(
      MM_MANAGED_VARIABLE_FUNCTION, FunctionType::get(Ptr, {Ptr}, false));
  for (GlobalVariable *Shadow : Shadows) {
    SmallVector<Constant *> Uses{Shadow};
    convertUsersOfConstantsToInstructions(Uses);
    for (Use &U : make_early_inc_range(Shadow->uses())) {
      auto *User = dyn_cast<Instruction>(U.getUser());
      if (!User) {
        if (onlyNamesIt(cast<Constant>(U.getUser())))
          continue;
        return createStringError(
            "the address of __managed__ variable '" + Shadow->getName() +
            "' in a global's initializer: mm cannot give it the device "
            "variable's storage");
      }
      Instruction *Before = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        Before = Phi->getIncomingBlock(U)->getTerminator();
      IRBuilder<> Builder(Before);
      U.set(Builder.CreateCall(Storage, {Shadow},
                               Shadow->getName() + ".storage"));
    }
  }
  return Error::success();
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
  LLVMPipelineOptions PipelineOptions;
  PipelineOptions.Passes = getHeaderPipeline(M);
  if (M.getRole() == ModuleRole::Device &&
      isGPUTriple(Mod.getTargetTriple())) {
    PipelineOptions.Lowering = "mm-lower-device<" + HostTriple.str();
    if (Options.Check != DeviceCheck::None)
      PipelineOptions.Lowering +=
        (";" + getDeviceCheckName(Options.Check)).str();
    PipelineOptions.Lowering += ">";
    // The lowering's work-item loops need the optimizer to be vectorized,
    // and clang's device IR was optimized for the GPU: default<On> unless
    // the header says otherwise.
    if (PipelineOptions.Passes.empty())
      PipelineOptions.Passes = Options.Level.getDefaultPipeline();
  } else if (!Mod.getTargetTriple().empty() &&
             ModuleTriple.getArch() != HostTriple.getArch()) {
    return B.moduleError(M, "cannot run code for '" + Mod.getTargetTriple() +
                                "' on this host (" + HostTriple.str() + ")");
  }

  if (M.getRole() == ModuleRole::Host) {
    noteStatusReads(Mod);
    if (Error E = reachManagedVariables(Mod))
      return B.moduleError(M, toString(std::move(E)));
  }

  // Coroutines (MLIR's async lowering makes them) cannot be compiled before
  // LLVM's coroutine passes have lowered them; default<O0> has them.
  if (PipelineOptions.Passes.empty() && Mod.getFunction("llvm.coro.id"))
    PipelineOptions.Passes = "default<O0>";
  if (PipelineOptions.Passes.empty())
    return Parsed;

  Expected<std::unique_ptr<TargetMachine>> TM = Options.CreateTargetMachine();
  if (!TM)
    return TM.takeError();
  PipelineOptions.TM = TM->get();
  PipelineOptions.Extensions = Options.Extensions;
  PipelineOptions.HostTriple = HostTriple;
  PipelineOptions.DebugPassManager = Options.DebugPassManager;
  if (reportsOnPasses(Options.DebugPassManager)) {
    printPipelineBanner(M.getName(), errs());
    errs().flush();
  }
  std::vector<std::string> Warnings;
  if (Options.WarningHandler)
    PipelineOptions.Warnings = &Warnings;
  Error Ran = runLLVMPipeline(Mod, PipelineOptions);
  for (const std::string &Warning : Warnings)
    Options.WarningHandler(
        B.moduleError(M, Warning, SourceMgr::DK_Warning));
  if (Ran)
    return B.moduleError(M, toString(std::move(Ran)));
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
  // and `__constant__` variable it names, internal and undefined in value
  // (external with relocatable device code, -fgpu-rdc, whose other sources
  // name it too), through which it passes the variable to
  // cudaMemcpyToSymbol and the like. A texture reference's host variable is its textureReference,
  // which cudaBindTexture* is given; its device variable is the 64-bit
  // handle that `!nvvm.annotations` calls a texture.
  auto AnyDeviceBodyContains = [&](StringRef Text) {
    return any_of(B, [&](const Submodule &M) {
      return M.getRole() == ModuleRole::Device && M.getBody().contains(Text);
    });
  };
  std::vector<CudaHostShadow> Shadows;
  for (GlobalVariable &G : Host.globals()) {
    if (!(G.hasLocalLinkage() || G.hasExternalLinkage()) || !G.hasName() ||
        !G.hasInitializer())
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
