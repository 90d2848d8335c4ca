//===- OutlineParallelLoops.cpp - An offload experiment as a plugin -------===//
//
// The bundle pass outline-parallel-loops<NAME>: in the host, each outermost
// loop whose iterations its author declared independent (its memory
// accesses in the loop's llvm.loop.parallel_accesses groups, as clang marks
// `#pragma omp parallel for simd` under -fopenmp-simd) becomes a kernel of a
// new nvptx64 device submodule NAME (default "offload"): one thread per
// iteration. The host then launches the kernel through mm's offload runtime
// (mm_get_kernel, mm_launch, mm_synchronize) over the loop's iteration space.
//
// A loop it cannot outline is left as it is, with a remark that says why: a
// value computed in the loop and used after it (a reduction), a recurrence
// other than the induction variable, a call of a function that is not an
// intrinsic, a global variable, or a trip count it cannot compute.
//
//===----------------------------------------------------------------------===//

#include "mm/BundlePasses/BundlePassPlugin.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

/// Threads per block of the launches.
static constexpr unsigned BlockSize = 256;

/// Says why the loop at \p L is not outlined.
static void remark(const Loop &L, const Twine &Why) {
  std::string Where = L.getHeader()->getParent()->getName().str();
  if (DebugLoc Loc = L.getStartLoc())
    Where += (" (" + Loc->getFilename() + ":" + Twine(Loc.getLine()) + ")")
                 .str();
  WithColor::remark(errs(), "outline-parallel-loops")
      << "loop in '" << Where << "' not outlined: " << Why << "\n";
}

namespace {
/// One loop to outline: what the kernel needs from the host.
struct Candidate {
  Loop *L;
  PHINode *IV;
  const SCEV *Start, *Step, *TripCount;
  /// The values the loop uses that it does not define.
  SetVector<Value *> LiveIns;
};

class OutlineParallelLoops : public mm::BundlePass {
public:
  explicit OutlineParallelLoops(std::string Name) : Name(std::move(Name)) {}
  StringRef getName() const override { return "outline-parallel-loops"; }

  Error run(mm::LoadedBundle &B) override {
    mm::LoadedSubmodule *Host = B.getHost();
    if (!Host || !Host->getLLVMModule())
      return createStringError("needs a host submodule in LLVM IR");
    if (B.lookup(Name))
      return createStringError("the bundle has a submodule '%s' already",
                               Name.c_str());
    Module &M = *Host->getLLVMModule();
    // The kernels are made in the host's context, then moved to their own.
    auto Kernels = std::make_unique<Module>(Name, M.getContext());
    Kernels->setTargetTriple("nvptx64-nvidia-cuda");
    Kernels->setDataLayout("e-i64:64-i128:128-v16:16-v32:32-n16:32:64");
    for (Function &F : M)
      if (!F.isDeclaration())
        outlineLoopsOf(F, *Kernels);
    if (Kernels->empty())
      return Error::success();

    // Into a context of its own, as every submodule has.
    SmallString<0> Bitcode;
    raw_svector_ostream OS(Bitcode);
    WriteBitcodeToFile(*Kernels, OS);
    auto Context = std::make_unique<LLVMContext>();
    Expected<std::unique_ptr<Module>> Moved =
        parseBitcodeFile(MemoryBufferRef(Bitcode, Name), *Context);
    if (!Moved)
      return Moved.takeError();
    (*Moved)->setModuleIdentifier(Name + ".ll");
    (*Moved)->setSourceFileName(Name + ".ll");
    mm::SubmoduleHeader Header;
    Header.Name = Name;
    Header.Kind = mm::ModuleKind::LLVM;
    Header.Triple = "nvptx64-nvidia-cuda";
    Header.Role = mm::ModuleRole::Device;
    return B.add(std::make_unique<mm::LoadedSubmodule>(
        std::move(Header), std::move(Context), std::move(*Moved)));
  }

private:
  void outlineLoopsOf(Function &F, Module &Kernels) {
    // One loop at a time: outlining changes the function's CFG.
    for (unsigned Count = 0;; ++Count) {
      DominatorTree DT(F);
      LoopInfo LI(DT);
      TargetLibraryInfoImpl TLII(Triple(F.getParent()->getTargetTriple()));
      TargetLibraryInfo TLI(TLII);
      AssumptionCache AC(F);
      ScalarEvolution SE(F, TLI, AC, DT, LI);
      std::optional<Candidate> Next;
      SmallVector<Loop *> Work(LI.begin(), LI.end());
      while (!Work.empty() && !Next) {
        Loop *L = Work.pop_back_val();
        if (!L->isAnnotatedParallel() || Refused.contains(L->getHeader())) {
          append_range(Work, L->getSubLoops());
          continue;
        }
        // Dedicated exits and a preheader, as clang's -O1 does not always
        // leave them.
        simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, /*PreserveLCSSA=*/false);
        Next = analyze(*L, SE);
        if (!Next)
          Refused.insert(L->getHeader());
      }
      if (!Next)
        return;
      outline(*Next, SE, Kernels,
              (F.getName() + "_loop" + Twine(Count)).str());
    }
  }

  /// \p L as a candidate, or a remark saying why it is not one.
  std::optional<Candidate> analyze(Loop &L, ScalarEvolution &SE) {
    if (!L.isLoopSimplifyForm() || !L.getExitBlock()) {
      remark(L, "it is not in simplified form with one exit");
      return std::nullopt;
    }
    Candidate C{&L, nullptr, nullptr, nullptr, nullptr, {}};
    for (PHINode &Phi : L.getHeader()->phis()) {
      auto *AddRec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
      if (C.IV || !AddRec || !AddRec->isAffine() ||
          AddRec->getLoop() != &L || !Phi.getType()->isIntegerTy()) {
        remark(L, "it carries a value from one iteration to the next (a "
                  "recurrence or a reduction)");
        return std::nullopt;
      }
      C.IV = &Phi;
      C.Start = AddRec->getStart();
      C.Step = AddRec->getStepRecurrence(SE);
    }
    const SCEV *BackedgeTaken = SE.getBackedgeTakenCount(&L);
    if (!C.IV || isa<SCEVCouldNotCompute>(BackedgeTaken)) {
      remark(L, "its trip count cannot be computed before it runs");
      return std::nullopt;
    }
    C.TripCount = SE.getAddExpr(
        SE.getNoopOrZeroExtend(BackedgeTaken, Type::getInt64Ty(
                                                  L.getHeader()->getContext())),
        SE.getOne(Type::getInt64Ty(L.getHeader()->getContext())));
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB) {
        for (User *U : I.users())
          if (!L.contains(cast<Instruction>(U))) {
            remark(L, "a value it computes is used after it (a reduction, "
                      "which this pass does not outline)");
            return std::nullopt;
          }
        if (auto *Call = dyn_cast<CallBase>(&I)) {
          Function *Callee = Call->getCalledFunction();
          if (!Callee || !Callee->isIntrinsic()) {
            remark(L, "it calls '" +
                          (Callee ? Callee->getName() : StringRef("a pointer")) +
                          "', which the kernel module does not have");
            return std::nullopt;
          }
        }
        for (Value *Op : I.operands()) {
          if (isa<GlobalVariable>(Op->stripPointerCasts())) {
            remark(L, "it uses the host's global '" +
                          Op->stripPointerCasts()->getName() + "'");
            return std::nullopt;
          }
          if (&I != C.IV && (isa<Argument>(Op) ||
                             (isa<Instruction>(Op) &&
                              !L.contains(cast<Instruction>(Op)))))
            C.LiveIns.insert(Op);
        }
      }
    return C;
  }

  /// Makes \p C's loop kernel \p KernelName of \p Kernels and the host launch
  /// it.
  void outline(Candidate &C, ScalarEvolution &SE, Module &Kernels,
               const std::string &KernelName) {
    Loop &L = *C.L;
    LLVMContext &Context = Kernels.getContext();
    Type *I64 = Type::getInt64Ty(Context);
    Type *Ptr = PointerType::get(Context, 0);

    // The kernel: (start, step, trip count, live-ins...); thread t runs
    // iteration t, with the induction variable start + t * step.
    SmallVector<Type *> Params{I64, I64, I64};
    for (Value *V : C.LiveIns)
      Params.push_back(V->getType());
    Function *Kernel = Function::Create(
        FunctionType::get(Type::getVoidTy(Context), Params, false),
        GlobalValue::ExternalLinkage, KernelName, Kernels);
    Kernel->setCallingConv(CallingConv::PTX_Kernel);
    BasicBlock *Entry = BasicBlock::Create(Context, "entry", Kernel);
    BasicBlock *Done = BasicBlock::Create(Context, "done", Kernel);
    ReturnInst::Create(Context, Done);
    IRBuilder<> B(Entry);
    auto Read = [&](Intrinsic::ID ID) {
      return B.CreateZExt(
          B.CreateIntrinsic(ID, {}, {}), I64);
    };
    Value *Thread = B.CreateAdd(
        B.CreateMul(Read(Intrinsic::nvvm_read_ptx_sreg_ctaid_x),
                    Read(Intrinsic::nvvm_read_ptx_sreg_ntid_x)),
        Read(Intrinsic::nvvm_read_ptx_sreg_tid_x), "iteration");
    BasicBlock *Body = BasicBlock::Create(Context, "iteration", Kernel, Done);
    B.CreateCondBr(B.CreateICmpULT(Thread, Kernel->getArg(2)), Body, Done);
    B.SetInsertPoint(Body);
    Value *IV = B.CreateAdd(Kernel->getArg(0),
                            B.CreateMul(Thread, Kernel->getArg(1)), "iv");
    IV = B.CreateTrunc(IV, C.IV->getType());

    // One iteration of the loop: its blocks cloned, the induction variable
    // computed, and the back edge and the exit leading to the return.
    ValueToValueMapTy VMap;
    for (auto [I, V] : enumerate(C.LiveIns))
      VMap[V] = Kernel->getArg(3 + I);
    SmallVector<BasicBlock *> Clones;
    for (BasicBlock *BB : L.blocks()) {
      BasicBlock *Clone = CloneBasicBlock(BB, VMap, "", Kernel, nullptr);
      VMap[BB] = Clone;
      Clones.push_back(Clone);
    }
    BasicBlock *HeaderClone = cast<BasicBlock>(VMap[L.getHeader()]);
    B.CreateBr(HeaderClone);
    // The header's only phi is the induction variable.
    cast<PHINode>(VMap[C.IV])->eraseFromParent();
    VMap[C.IV] = IV;
    VMap[L.getExitBlock()] = Done;
    for (BasicBlock *Clone : Clones)
      for (Instruction &I : make_early_inc_range(*Clone)) {
        if (isa<DbgInfoIntrinsic>(I)) {
          I.eraseFromParent();
          continue;
        }
        I.dropDbgRecords();
        I.setDebugLoc(DebugLoc());
        I.setMetadata(LLVMContext::MD_loop, nullptr);
        if (auto *Call = dyn_cast<CallBase>(&I)) {
          Function *Callee = Call->getCalledFunction();
          VMap[Callee] = Kernels
                             .getOrInsertFunction(Callee->getName(),
                                                  Callee->getFunctionType(),
                                                  Callee->getAttributes())
                             .getCallee();
        }
        RemapInstruction(&I, VMap, RF_IgnoreMissingLocals);
      }
    // The back edge ends the iteration.
    for (BasicBlock *Latch : Clones)
      if (is_contained(successors(Latch), HeaderClone))
        Latch->getTerminator()->replaceSuccessorWith(HeaderClone, Done);

    // The host: the launch in place of the loop.
    BasicBlock *Preheader = L.getLoopPreheader();
    BasicBlock *Exit = L.getExitBlock();
    Function &Host = *Preheader->getParent();
    SCEVExpander Expander(SE, Host.getParent()->getDataLayout(), "offload");
    Instruction *At = Preheader->getTerminator();
    auto Expand = [&](const SCEV *S) {
      return Expander.expandCodeFor(SE.getNoopOrSignExtend(S, I64), I64, At);
    };
    Value *Start = Expand(C.Start), *Step = Expand(C.Step),
          *Trips = Expand(C.TripCount);
    BasicBlock *Launch = BasicBlock::Create(Context, "offload", &Host, Exit);
    IRBuilder<> AtEntry(&*Host.getEntryBlock().getFirstInsertionPt());
    IRBuilder<> H(Launch);
    SmallVector<Value *> Values{Start, Step, Trips};
    append_range(Values, C.LiveIns);
    Value *Args = AtEntry.CreateAlloca(Ptr, AtEntry.getInt32(Values.size()),
                                       "offload.args");
    for (auto [I, V] : enumerate(Values)) {
      Value *Slot = AtEntry.CreateAlloca(V->getType(), nullptr, "offload.arg");
      H.CreateStore(V, Slot);
      H.CreateStore(Slot, H.CreateConstGEP1_32(Ptr, Args, I));
    }
    Module &HostModule = *Host.getParent();
    Type *I32 = Type::getInt32Ty(Context);
    FunctionCallee GetKernel = HostModule.getOrInsertFunction(
        "mm_get_kernel", I32, Ptr, Ptr, Ptr);
    FunctionCallee LaunchKernel = HostModule.getOrInsertFunction(
        "mm_launch", I32, Ptr, I32, I32, I32, I32, I32, I32, I64, Ptr);
    FunctionCallee Synchronize =
        HostModule.getOrInsertFunction("mm_synchronize", I32);
    Value *Handle = AtEntry.CreateAlloca(Ptr, nullptr, "offload.kernel");
    H.CreateCall(GetKernel, {H.CreateGlobalStringPtr(Name),
                             H.CreateGlobalStringPtr(KernelName), Handle});
    Value *Blocks = H.CreateTrunc(
        H.CreateUDiv(H.CreateAdd(Trips, H.getInt64(BlockSize - 1)),
                     H.getInt64(BlockSize)),
        I32);
    H.CreateCall(LaunchKernel,
                 {H.CreateLoad(Ptr, Handle), Blocks, H.getInt32(1),
                  H.getInt32(1), H.getInt32(BlockSize), H.getInt32(1),
                  H.getInt32(1), H.getInt64(0), Args});
    H.CreateCall(Synchronize, {});
    H.CreateBr(Exit);
    // The exit's phis came from the loop's exiting blocks.
    for (PHINode &Phi : Exit->phis()) {
      Value *FromLoop = nullptr;
      for (BasicBlock *Pred : predecessors(Exit))
        if (L.contains(Pred))
          FromLoop = Phi.getIncomingValueForBlock(Pred);
      for (BasicBlock *Pred : SmallVector<BasicBlock *>(predecessors(Exit)))
        if (L.contains(Pred))
          Phi.removeIncomingValue(Pred, /*DeletePHIIfEmpty=*/false);
      Phi.addIncoming(FromLoop, Launch);
    }
    Preheader->getTerminator()->replaceSuccessorWith(L.getHeader(), Launch);
    SmallVector<BasicBlock *> Dead(L.blocks());
    DeleteDeadBlocks(Dead);
  }

  std::string Name;
  SmallPtrSet<BasicBlock *, 4> Refused;
};
} // namespace

extern "C" MM_PLUGIN_EXPORT mm::BundlePassPluginInfo
mmGetBundlePassPluginInfo() {
  return {MM_BUNDLE_PASS_PLUGIN_API_VERSION, "OutlineParallelLoops", "1.0",
          [](mm::BundlePassRegistry &Registry) {
            Registry.registerPass(
                "outline-parallel-loops",
                [](StringRef Params)
                    -> Expected<std::unique_ptr<mm::BundlePass>> {
                  std::string Name = Params.empty() ? "offload" : Params.str();
                  if (!mm::isValidModuleName(Name))
                    return createStringError("invalid submodule name '%s'",
                                             Name.c_str());
                  return std::make_unique<OutlineParallelLoops>(Name);
                });
          }};
}
