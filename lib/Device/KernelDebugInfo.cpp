//===- KernelDebugInfo.cpp - The kernels' source in the lowered code ------===//
//
// mm-kernel-debug-info: the functions that the lowering made to run a
// kernel's code (its block function, the functions of its regions and
// states) hold that code's source locations, but the code generator emits
// line tables only for a function with a subprogram, and the verifier wants
// a location that belongs to it on each call of a function with one. Each
// such function gets an artificial subprogram named after the kernel, at
// the kernel's line; the code it holds from elsewhere reads as inlined into
// it there, as if it had been inlined, so that a debugger stops at the
// kernel's source lines, shows the kernel's frame inside the block
// function's, and prints the kernel's variables. The code of a thread (a
// thread function, or a state's copy of it) also describes the thread's
// place in the grid as the kernel's variables `threadIdx`, `blockIdx`,
// `blockDim` and `gridDim`, which CUDA's source reads but are no variables
// on the CPU: `print threadIdx` and `break k.cu:12 if threadIdx.x == 5`.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>

using namespace llvm;
using namespace mm::device;

/// The subprogram that \p Loc's code was written in, outside any inlining.
static DISubprogram *getOutermostSubprogram(const DILocation *Loc) {
  return Loc->getInlinedAtScope()->getSubprogram();
}

/// The kernel's subprogram that the code of \p F comes from: that of its
/// first located instruction, else that of a callee in \p Sources.
static DISubprogram *
findSource(Function &F, const MapVector<Function *, DISubprogram *> &Sources) {
  for (Instruction &I : instructions(F))
    if (const DILocation *Loc = I.getDebugLoc())
      return getOutermostSubprogram(Loc);
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction()) {
        if (DISubprogram *SP = Callee->getSubprogram())
          return SP;
        if (DISubprogram *SP = Sources.lookup(Callee))
          return SP;
      }
  return nullptr;
}

/// The defined functions without a subprogram that hold located code or
/// call a function that has or gets a subprogram, each with the subprogram
/// its code comes from, callees before their callers.
static MapVector<Function *, DISubprogram *>
findFunctionsToDescribe(Module &M) {
  MapVector<Function *, DISubprogram *> Found;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (Function &F : M) {
      if (F.isDeclaration() || F.getSubprogram() || Found.count(&F))
        continue;
      if (DISubprogram *Source = findSource(F, Found)) {
        Found.insert({&F, Source});
        Changed = true;
      }
    }
  }
  return Found;
}

/// An artificial subprogram for \p F, which runs the code of \p Source.
static DISubprogram *createSubprogram(Function &F, DISubprogram *Source) {
  LLVMContext &C = F.getContext();
  return DISubprogram::getDistinct(
      C, Source->getFile(), Source->getName(), F.getName(), Source->getFile(),
      Source->getLine(),
      DISubroutineType::get(C, DINode::FlagZero, 0, MDTuple::get(C, {})),
      Source->getScopeLine(), /*ContainingType=*/nullptr,
      /*VirtualIndex=*/0, /*ThisAdjustment=*/0, DINode::FlagArtificial,
      DISubprogram::SPFlagDefinition | DISubprogram::SPFlagLocalToUnit,
      Source->getUnit());
}

/// Makes every location in \p F, which has subprogram \p SP, belong to it:
/// code of other subprograms reads as inlined at the start of SP, and a
/// call without a location gets that start.
static void attachLocations(Function &F, DISubprogram *SP) {
  LLVMContext &C = F.getContext();
  DILocation *Start = DILocation::get(C, SP->getLine(), 0, SP);
  DenseMap<const MDNode *, MDNode *> Cache;
  auto Reroot = [&](const DebugLoc &Loc) -> DebugLoc {
    if (!Loc || getOutermostSubprogram(Loc.get()) == SP)
      return Loc;
    // As the inliner does: the chain rebuilt onto Start, then the location.
    DebugLoc InlinedAt = DebugLoc::appendInlinedAt(Loc, Start, C, Cache);
    return DILocation::get(C, Loc.getLine(), Loc.getCol(), Loc.getScope(),
                           InlinedAt);
  };
  for (Instruction &I : instructions(F)) {
    if (I.getDebugLoc())
      I.setDebugLoc(Reroot(I.getDebugLoc()));
    else if (isa<CallBase>(I))
      I.setDebugLoc(Start);
    for (DbgRecord &Record : I.getDbgRecordRange())
      Record.setDebugLoc(Reroot(Record.getDebugLoc()));
    // A loop's start and end locations.
    updateLoopMetadataDebugLocations(I, [&](Metadata *MD) -> Metadata * {
      if (auto *Loc = dyn_cast<DILocation>(MD))
        return Reroot(Loc).get();
      return MD;
    });
  }
}

/// True if \p F holds code with a source location of its own.
static bool holdsLocatedCode(Function &F) {
  return any_of(instructions(F),
                [](const Instruction &I) { return bool(I.getDebugLoc()); });
}

namespace {
/// Describes the thread's place in the grid in the code of a thread.
class ThreadPositionDescriber {
public:
  explicit ThreadPositionDescriber(Module &M)
      : DIB(M, /*AllowUnresolved=*/false) {}

  /// Describes it at the entry of \p F, a function of the type of thread
  /// function \p T that runs the code of the kernel of subprogram \p Kernel.
  void describe(Function &F, Function &T, DISubprogram *Kernel) {
    unsigned FirstThreadArg = getKernelOfThreadFunction(T)->arg_size();
    auto ThreadArgOf = [&](ThreadArg X, unsigned D) {
      return F.getArg(FirstThreadArg + static_cast<unsigned>(X) + D);
    };
    const DILocation *Loc =
        DILocation::get(F.getContext(), Kernel->getLine(), 0, Kernel);
    IRBuilder<> B(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
    Type *Vector = ArrayType::get(B.getInt32Ty(), 3);
    static constexpr struct {
      const char *Name;
      const char *TypeName;
      ThreadArg X;
    } Variables[] = {{"threadIdx", "uint3", ThreadArg::TidX},
                     {"blockIdx", "uint3", ThreadArg::CtaIdX},
                     {"blockDim", "dim3", ThreadArg::NTidX},
                     {"gridDim", "dim3", ThreadArg::NCtaIdX}};
    // Each variable in memory of its own, which the thread's code stores:
    // unoptimized, its fields are there wherever the thread stops; SROA
    // makes them values when optimizing, as any local's.
    Value *TidX = ThreadArgOf(ThreadArg::TidX, 0);
    Value *CtaIdX = ThreadArgOf(ThreadArg::CtaIdX, 0);
    if (T.hasFnAttribute(GridRowAttr)) {
      // The thread was given its index in the grid's row as threadIdx.x.
      Value *NTidX = ThreadArgOf(ThreadArg::NTidX, 0);
      CtaIdX = B.CreateAdd(CtaIdX, B.CreateUDiv(TidX, NTidX));
      TidX = B.CreateURem(TidX, NTidX);
    }
    for (const auto &V : Variables) {
      AllocaInst *Slot = B.CreateAlloca(Vector, nullptr, V.Name);
      for (unsigned D = 0; D < 3; ++D) {
        Value *Field = ThreadArgOf(V.X, D);
        if (V.X == ThreadArg::TidX && D == 0)
          Field = TidX;
        else if (V.X == ThreadArg::CtaIdX && D == 0)
          Field = CtaIdX;
        B.CreateStore(Field, B.CreateConstInBoundsGEP2_32(Vector, Slot, 0, D));
      }
      DILocalVariable *Var = DIB.createAutoVariable(
          Kernel, V.Name, Kernel->getFile(), Kernel->getLine(),
          getVectorType(V.TypeName, Kernel), /*AlwaysPreserve=*/false,
          DINode::FlagArtificial);
      DIB.insertDeclare(Slot, Var, DIB.createExpression(), Loc,
                        &*B.GetInsertPoint());
    }
  }

private:
  /// CUDA's `uint3` or `dim3`: three unsigned ints x, y and z.
  DICompositeType *getVectorType(StringRef Name, DISubprogram *Kernel) {
    DICompositeType *&Type = Types[{Name, Kernel->getUnit()}];
    if (Type)
      return Type;
    DIFile *File = Kernel->getFile();
    DIBasicType *UInt =
        DIB.createBasicType("unsigned int", 32, dwarf::DW_ATE_unsigned);
    SmallVector<Metadata *, 3> Members;
    static constexpr const char *Fields[] = {"x", "y", "z"};
    for (auto [D, Member] : enumerate(Fields))
      Members.push_back(DIB.createMemberType(Kernel->getUnit(), Member, File,
                                             0, 32, 32, 32 * D,
                                             DINode::FlagZero, UInt));
    Type = DIB.createStructType(Kernel->getUnit(), Name, File, 0, 96, 32,
                                DINode::FlagZero, nullptr,
                                DIB.getOrCreateArray(Members));
    return Type;
  }

  DIBuilder DIB;
  std::map<std::pair<StringRef, DICompileUnit *>, DICompositeType *> Types;
};
} // namespace

PreservedAnalyses KernelDebugInfoPass::lower(Module &M,
                                             ModuleAnalysisManager &) {
  if (M.debug_compile_units().empty())
    return PreservedAnalyses::all();
  // The thread functions' types: a function of one that holds the
  // kernel's code runs a thread (a state's copy of its thread function).
  DenseMap<FunctionType *, Function *> ThreadFunctionOfType;
  for (Function &T : M)
    if (T.hasFnAttribute(ThreadOfAttr) && T.getSubprogram())
      ThreadFunctionOfType[T.getFunctionType()] = &T;
  ThreadPositionDescriber Describer(M);
  for (Function &F : M)
    if (Function *T = ThreadFunctionOfType.lookup(F.getFunctionType()))
      if (!F.isDeclaration() && holdsLocatedCode(F))
        Describer.describe(F, *T, T->getSubprogram());
  for (auto [F, Source] : findFunctionsToDescribe(M))
    F->setSubprogram(createSubprogram(*F, Source));
  for (Function &F : M)
    if (DISubprogram *SP = F.getSubprogram())
      attachLocations(F, SP);
  return PreservedAnalyses::none();
}
