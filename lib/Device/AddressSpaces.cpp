//===- AddressSpaces.cpp - Flattening GPU address spaces ------------------===//
//
// mm-flatten-address-spaces. On the CPU every GPU address space (global 1,
// shared 3, constant 4, local 5, generic 0) is plain memory: every pointer
// type becomes `ptr`, and addrspacecasts become no-ops. Globals and
// functions whose types change are recreated, and every instruction and
// constant is remapped with LLVM's ValueMapper, as the IR linker remaps
// types. A shared-memory global keeps its place as a placeholder with the
// attribute "mm-shared", whose uses mm-lower-shared-memory points at the
// block's shared memory.
//
//===----------------------------------------------------------------------===//

#include "DeviceIR.h"
#include "Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace mm::device;

namespace {
/// Maps every type to the same type with all pointers in address space 0.
class FlatTypeMapper : public ValueMapTypeRemapper {
public:
  explicit FlatTypeMapper(LLVMContext &Ctx) : Ctx(Ctx) {}

  Type *remapType(Type *T) override {
    auto It = Cache.find(T);
    if (It != Cache.end())
      return It->second;
    Type *Flat = computeFlatType(T);
    Cache[T] = Flat;
    return Flat;
  }

private:
  Type *computeFlatType(Type *T) {
    if (isa<PointerType>(T))
      return PointerType::get(Ctx, 0);
    if (auto *VT = dyn_cast<VectorType>(T))
      return VectorType::get(remapType(VT->getElementType()),
                             VT->getElementCount());
    if (auto *AT = dyn_cast<ArrayType>(T))
      return ArrayType::get(remapType(AT->getElementType()),
                            AT->getNumElements());
    if (auto *FT = dyn_cast<FunctionType>(T)) {
      SmallVector<Type *> Params;
      for (Type *P : FT->params())
        Params.push_back(remapType(P));
      return FunctionType::get(remapType(FT->getReturnType()), Params,
                               FT->isVarArg());
    }
    auto *ST = dyn_cast<StructType>(T);
    if (!ST || ST->isOpaque())
      return T;
    SmallVector<Type *> Elements;
    bool Changed = false;
    for (Type *E : ST->elements()) {
      Elements.push_back(remapType(E));
      Changed |= Elements.back() != E;
    }
    if (!Changed)
      return T;
    if (ST->isLiteral())
      return StructType::get(Ctx, Elements, ST->isPacked());
    return StructType::create(Ctx, Elements, ST->getName(), ST->isPacked());
  }

  LLVMContext &Ctx;
  DenseMap<Type *, Type *> Cache;
};

/// Maps a constant addrspacecast to its (mapped) operand: with one address
/// space, the cast would cast a pointer to its own type.
class DropAddrSpaceCasts : public ValueMaterializer {
public:
  DropAddrSpaceCasts(ValueToValueMapTy &VM, RemapFlags Flags,
                     FlatTypeMapper &Types)
      : VM(VM), Flags(Flags), Types(Types) {}
  virtual ~DropAddrSpaceCasts() = default;

  Value *materialize(Value *V) override {
    auto *CE = dyn_cast<ConstantExpr>(V);
    if (!CE || CE->getOpcode() != Instruction::AddrSpaceCast)
      return nullptr;
    return MapValue(CE->getOperand(0), VM, Flags, &Types, this);
  }

private:
  ValueToValueMapTy &VM;
  RemapFlags Flags;
  FlatTypeMapper &Types;
};
} // namespace

/// Creates the declaration or definition that replaces \p F, whose type
/// changes. An overloaded intrinsic gets the declaration of its flat
/// overload; the others keep their names (device intrinsics whose types
/// change are all lowered later, or reported).
static Function *createFlatFunction(Function &F, FunctionType *FlatType) {
  Module &M = *F.getParent();
  SmallVector<Type *> OverloadTypes;
  if (F.isIntrinsic() &&
      Intrinsic::getIntrinsicSignature(F.getIntrinsicID(), FlatType,
                                       OverloadTypes))
    return Intrinsic::getDeclaration(&M, F.getIntrinsicID(), OverloadTypes);
  Function *Flat = Function::Create(FlatType, F.getLinkage(), 0, "", &M);
  Flat->copyAttributesFrom(&F);
  Flat->takeName(&F);
  Flat->splice(Flat->end(), &F);
  return Flat;
}

PreservedAnalyses FlattenAddressSpacesPass::lower(Module &M,
                                                ModuleAnalysisManager &) {
  if (!M.aliases().empty() || !M.ifuncs().empty()) {
    reportError(M, "", "global aliases and ifuncs are not supported");
    return PreservedAnalyses::all();
  }
  FlatTypeMapper Types(M.getContext());
  ValueToValueMapTy VM;
  const RemapFlags Flags = RF_IgnoreMissingLocals | RF_ReuseAndMutateDistinctMDs;
  DropAddrSpaceCasts Materializer(VM, Flags, Types);

  SmallVector<GlobalVariable *> OldGlobals;
  for (GlobalVariable &GV : M.globals()) {
    Type *FlatType = Types.remapType(GV.getValueType());
    if (GV.getAddressSpace() == 0 && FlatType == GV.getValueType())
      continue;
    auto *Flat = new GlobalVariable(M, FlatType, GV.isConstant(),
                                    GV.getLinkage(), nullptr, "", &GV,
                                    GV.getThreadLocalMode(), 0);
    Flat->copyAttributesFrom(&GV);
    Flat->takeName(&GV);
    VM[&GV] = Flat;
    if (GV.getAddressSpace() == 3)
      Flat->addAttribute(SharedAttr);
    OldGlobals.push_back(&GV);
  }

  SmallVector<Function *> OldFunctions;
  for (Function &F : M) {
    auto *FlatType = cast<FunctionType>(Types.remapType(F.getFunctionType()));
    if (FlatType == F.getFunctionType() && F.getAddressSpace() == 0)
      continue;
    Function *Flat = createFlatFunction(F, FlatType);
    if (!F.isDeclaration() || Flat->arg_size() == F.arg_size())
      for (auto [Old, New] : zip(F.args(), Flat->args())) {
        VM[&Old] = &New;
        if (!F.isIntrinsic())
          New.takeName(&Old);
      }
    VM[&F] = Flat;
    OldFunctions.push_back(&F);
  }

  // The mapper records every global value it maps to itself, so what was
  // recreated is told apart by its own lists, not by VM.
  SmallPtrSet<GlobalValue *, 16> Recreated(OldGlobals.begin(),
                                           OldGlobals.end());
  Recreated.insert(OldFunctions.begin(), OldFunctions.end());
  for (GlobalVariable &GV : M.globals())
    if (GV.hasInitializer() && !Recreated.contains(&GV))
      GV.setInitializer(
          MapValue(GV.getInitializer(), VM, Flags, &Types, &Materializer));
  for (GlobalVariable *Old : OldGlobals)
    if (Old->hasInitializer())
      cast<GlobalVariable>(VM[Old])->setInitializer(
          MapValue(Old->getInitializer(), VM, Flags, &Types, &Materializer));

  for (Function &F : M) {
    if (Recreated.contains(&F))
      continue; // the old, now empty, version of a recreated function
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        RemapInstruction(&I, VM, Flags, &Types, &Materializer);
    for (BasicBlock &BB : F)
      for (Instruction &I : make_early_inc_range(BB))
        if (isa<AddrSpaceCastInst>(I)) {
          I.replaceAllUsesWith(I.getOperand(0));
          I.eraseFromParent();
        }
  }

  for (GlobalVariable *Old : OldGlobals)
    Old->setInitializer(nullptr);
  // Every use was remapped; one left behind would read poison silently.
  auto EraseOld = [&](GlobalValue *Old) {
    Old->removeDeadConstantUsers();
    if (!Old->use_empty())
      reportError(M, "",
                  "internal error: '" + VM[Old]->getName() +
                      "' is still referenced in its old address space");
    Old->replaceAllUsesWith(PoisonValue::get(Old->getType()));
  };
  for (GlobalVariable *Old : OldGlobals) {
    EraseOld(Old);
    Old->eraseFromParent();
  }
  for (Function *Old : OldFunctions) {
    EraseOld(Old);
    Old->eraseFromParent();
  }
  return PreservedAnalyses::none();
}
