//===- LinkForHost.cpp - Device code in the host's object -----------------===//

#include "mm/Codegen/LinkForHost.h"
#include "mm/Codegen/Codegen.h"
#include "mm/Support/LinkModules.h"
#include "mm-runtime/mm_block_abi.h"
#include "mm-runtime/mm_linked_program.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <map>

using namespace llvm;
using namespace mm;

/// Runs before the program's own constructors (65535), after those that
/// C++'s implementations reserve (0 to 100).
static constexpr int RegistrationPriority = 101;

/// Renames every symbol that \p M defines SYM to NAME::SYM, as the host and
/// other submodules name it, and its comdats alike: linked into the host,
/// the submodule keeps its namespace. They are hidden: the program's own,
/// not exported from it.
static void qualifySymbols(Module &M, StringRef Name) {
  std::map<Comdat *, Comdat *> Renamed;
  for (GlobalValue &G : M.global_values()) {
    if (G.isDeclaration() || G.hasLocalLinkage() ||
        G.getName().starts_with("llvm."))
      continue;
    G.setName(Name + "::" + G.getName());
    G.setVisibility(GlobalValue::HiddenVisibility);
    auto *Object = dyn_cast<GlobalObject>(&G);
    if (!Object || !Object->hasComdat())
      continue;
    Comdat *&New = Renamed[Object->getComdat()];
    if (!New) {
      New = M.getOrInsertComdat(
          (Name + "::" + Object->getComdat()->getName()).str());
      New->setSelectionKind(Object->getComdat()->getSelectionKind());
    }
    Object->setComdat(New);
  }
}

Expected<std::string>
mm::lowerDevicePartForHost(const Bundle &B, const Submodule &M,
                           const HostLoweringOptions &Options) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Lowered =
      lowerSubmoduleForHost(B, M, Context, Options);
  if (!Lowered)
    return Lowered.takeError();
  qualifySymbols(**Lowered, M.getName());
  std::string Bitcode;
  raw_string_ostream OS(Bitcode);
  WriteBitcodeToFile(**Lowered, OS);
  OS.flush();
  return Bitcode;
}

namespace {
/// The table of mm_linked_program.h, built entry by entry.
class LinkedProgramTable {
public:
  explicit LinkedProgramTable(Module &M)
      : M(M), Ctx(M.getContext()),
        EntryType(StructType::get(
            Ctx, {Type::getInt32Ty(Ctx), PointerType::getUnqual(Ctx),
                  PointerType::getUnqual(Ctx), PointerType::getUnqual(Ctx),
                  Type::getInt64Ty(Ctx)})) {}

  void add(mm_linked_symbol_kind Kind, StringRef Module, StringRef Name,
           Constant *Address, uint64_t Size = 0) {
    Entries.push_back(ConstantStruct::get(
        EntryType,
        {ConstantInt::get(Type::getInt32Ty(Ctx), Kind), getString(Module),
         getString(Name), Address,
         ConstantInt::get(Type::getInt64Ty(Ctx), Size)}));
  }

  /// Adds the table and the constructor that registers it to the module.
  void emit() {
    ArrayType *TableType = ArrayType::get(EntryType, Entries.size());
    auto *Table = new GlobalVariable(
        M, TableType, /*isConstant=*/true, GlobalValue::PrivateLinkage,
        ConstantArray::get(TableType, Entries), "mm.linked_program");
    FunctionCallee Register = M.getOrInsertFunction(
        "__mm_register_linked_program", Type::getVoidTy(Ctx),
        Type::getInt32Ty(Ctx), PointerType::getUnqual(Ctx),
        Type::getInt64Ty(Ctx));
    Function *Constructor = Function::Create(
        FunctionType::get(Type::getVoidTy(Ctx), false),
        GlobalValue::InternalLinkage, "mm.register_linked_program", M);
    IRBuilder<> Builder(BasicBlock::Create(Ctx, "", Constructor));
    Builder.CreateCall(
        Register,
        {Builder.getInt32(MM_LINKED_PROGRAM_VERSION), Table,
         Builder.getInt64(Entries.size())});
    Builder.CreateRetVoid();
    appendToGlobalCtors(M, Constructor, RegistrationPriority);
  }

private:
  Constant *getString(StringRef Text) {
    GlobalVariable *&String = Strings[Text];
    if (!String) {
      Constant *Data = ConstantDataArray::getString(Ctx, Text);
      String = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Data,
                                  "mm.linked_program.name");
      String->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    }
    return String;
  }

  Module &M;
  LLVMContext &Ctx;
  StructType *EntryType;
  StringMap<GlobalVariable *> Strings;
  std::vector<Constant *> Entries;
};
} // namespace

/// Resolves the references that remain undefined once the parts are
/// linked: `HOST::SYM` is the host's own SYM, `NAME::` stands for device
/// part NAME as a whole (an image); any other qualified name is an error.
static Error resolveQualifiedReferences(Module &Host, const Bundle &B,
                                        const Submodule &HostSubmodule,
                                        const StringSet<> &Linked,
                                        LinkedProgramTable &Table) {
  std::vector<GlobalValue *> Unresolved;
  for (GlobalValue &G : Host.global_values())
    if (G.isDeclaration() && !G.use_empty() && G.getName().contains("::"))
      Unresolved.push_back(&G);
  for (GlobalValue *G : Unresolved) {
    std::string Qualified = G->getName().str();
    auto [ModuleName, Symbol] = StringRef(Qualified).split("::");
    if (ModuleName.empty())
      continue;
    const Submodule *Target = B.lookup(ModuleName);
    auto Fail = [&](const Twine &Why) {
      return B.moduleError(HostSubmodule,
                           "reference to '" + Qualified + "': " + Why);
    };
    if (!Target)
      return Fail("the bundle has no submodule '" + ModuleName + "'");
    if (Target == &HostSubmodule) {
      GlobalValue *Own = Host.getNamedValue(Symbol);
      if (!Own || Own->isDeclaration())
        return Fail("submodule '" + ModuleName + "' has no symbol '" +
                    Symbol + "'");
      G->replaceAllUsesWith(Own);
      G->eraseFromParent();
      continue;
    }
    if (!Linked.contains(ModuleName))
      return Fail("submodule '" + ModuleName +
                  "' is not linked into the host (--embed=" + ModuleName +
                  ":cpu)");
    if (!Symbol.empty())
      return Fail("submodule '" + ModuleName + "' has no symbol '" + Symbol +
                  "'");
    auto *Image = dyn_cast<GlobalVariable>(G);
    if (!Image)
      return Fail("a submodule as a whole is data, not a function");
    Image->setInitializer(Constant::getNullValue(Image->getValueType()));
    Image->setLinkage(GlobalValue::InternalLinkage);
    Table.add(MM_LINKED_IMAGE, ModuleName, "", Image);
  }
  return Error::success();
}

/// Hands the host's main to libmm_runtime's __mm_run_linked_main, which ends
/// the program as mm-lli does. Every entry point that mm-lli runs as main is
/// accepted: C's `int main()`, `int main(int, char **)` and
/// `int main(int, char **, char **)`, and MLIR's `void main()`, which exits
/// with 0 when it returns.
static Error wrapHostMain(Module &Host, const Bundle &B,
                          const Submodule &HostSubmodule) {
  Function *Main = Host.getFunction("main");
  if (!Main || Main->isDeclaration())
    return Error::success();
  LLVMContext &Ctx = Host.getContext();
  Type *Int32 = Type::getInt32Ty(Ctx);
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  FunctionType *MainType = Main->getFunctionType();
  unsigned NumParams = MainType->getNumParams();
  bool ReturnsVoid = MainType->getReturnType()->isVoidTy();
  bool ValidParams =
      NumParams == 0 ||
      ((NumParams == 2 || NumParams == 3) &&
       MainType->getParamType(0)->isIntegerTy() &&
       all_of(drop_begin(MainType->params()),
              [](Type *T) { return T->isPointerTy(); }));
  if (MainType->isVarArg() || !ValidParams ||
      !(ReturnsVoid || MainType->getReturnType()->isIntegerTy(32))) {
    std::string Text;
    raw_string_ostream OS(Text);
    MainType->print(OS);
    return B.moduleError(HostSubmodule, "'main' has type '" + Text +
                                            "', which no program starts "
                                            "with");
  }
  Main->setName("mm.host_main");
  Main->setLinkage(GlobalValue::InternalLinkage);

  FunctionType *EntryType = FunctionType::get(Int32, {Int32, Ptr}, false);
  Function *Adapter = Function::Create(
      EntryType, GlobalValue::InternalLinkage, "mm.host_main_adapter", Host);
  IRBuilder<> Builder(BasicBlock::Create(Ctx, "", Adapter));
  SmallVector<Value *, 3> Args;
  if (NumParams >= 2) {
    Args.push_back(Builder.CreateSExtOrTrunc(Adapter->getArg(0),
                                             MainType->getParamType(0)));
    Args.push_back(Adapter->getArg(1));
  }
  if (NumParams == 3)
    Args.push_back(Builder.CreateLoad(
        Ptr, Host.getOrInsertGlobal("environ", Ptr)));
  Value *Result = Builder.CreateCall(Main, Args);
  Builder.CreateRet(ReturnsVoid ? Builder.getInt32(0) : Result);

  Function *Entry = Function::Create(EntryType, GlobalValue::ExternalLinkage,
                                     "main", Host);
  Builder.SetInsertPoint(BasicBlock::Create(Ctx, "", Entry));
  FunctionCallee Run = Host.getOrInsertFunction(
      "__mm_run_linked_main", FunctionType::get(Int32, {Int32, Ptr, Ptr}, false));
  Builder.CreateRet(Builder.CreateCall(
      Run, {Entry->getArg(0), Entry->getArg(1), Adapter}));
  return Error::success();
}

/// Makes what the device parts \p Linked define local to \p Host's object:
/// the table reaches them, and nothing outside the object may, so that two
/// objects compiled from two sources (nvcc -c) with device parts of one name
/// link into one program.
static void internalizeDeviceParts(Module &Host, const StringSet<> &Linked) {
  for (GlobalValue &G : Host.global_values()) {
    if (G.isDeclaration() || G.hasLocalLinkage())
      continue;
    auto [Part, Symbol] = G.getName().split("::");
    if (Symbol.empty() || !Linked.contains(Part))
      continue;
    G.setLinkage(GlobalValue::InternalLinkage);
    G.setVisibility(GlobalValue::DefaultVisibility);
    if (auto *Object = dyn_cast<GlobalObject>(&G))
      Object->setComdat(nullptr);
  }
}

Error mm::linkDevicePartsIntoHost(Module &Host, const Bundle &B,
                                  const Submodule &HostSubmodule,
                                  ArrayRef<OffloadPart> Parts) {
  noteStatusReads(Host);
  if (Error E = reachManagedVariables(Host))
    return B.moduleError(HostSubmodule, toString(std::move(E)));
  LinkedProgramTable Table(Host);
  for (const CudaHostStub &Stub : exportCudaHostStubs(Host))
    Table.add(MM_LINKED_HOST_STUB, "", Stub.Kernel,
              Host.getFunction(Stub.Stub));
  for (const CudaHostShadow &Shadow : exportCudaHostShadows(Host, B))
    Table.add(MM_LINKED_HOST_SHADOW, "", Shadow.Name,
              Host.getNamedGlobal(Shadow.Name), Shadow.Size);

  StringSet<> Linked;
  for (const OffloadPart &Part : Parts) {
    Expected<std::unique_ptr<Module>> Device = parseBitcodeFile(
        MemoryBufferRef(Part.Image, Part.Name), Host.getContext());
    if (!Device)
      return Device.takeError();
    (*Device)->setDataLayout(Host.getDataLayout());
    (*Device)->setTargetTriple(Host.getTargetTriple());
    // What the part defines, as it will be named in the host.
    std::string Prefix = Part.Name + "::";
    std::vector<std::pair<std::string, uint64_t>> Variables;
    for (const GlobalVariable &G : (*Device)->globals())
      if (!G.isDeclaration() && G.getName().starts_with(Prefix))
        Variables.push_back(
            {G.getName().str(),
             Host.getDataLayout().getTypeAllocSize(G.getValueType())});
    if (Error E = linkModuleInto(Host, std::move(*Device)))
      return B.moduleError(HostSubmodule, "device submodule '" + Part.Name +
                                              "' does not link with the "
                                              "host: " +
                                              toString(std::move(E)));
    Linked.insert(Part.Name);
    for (const auto &[Name, Size] : Variables) {
      StringRef Symbol = StringRef(Name).drop_front(Prefix.size());
      GlobalVariable *G = Host.getNamedGlobal(Name);
      if (Symbol.consume_front(MM_KERNEL_DESCRIPTOR_PREFIX))
        Table.add(MM_LINKED_KERNEL, Part.Name, Symbol, G);
      else
        Table.add(MM_LINKED_DEVICE_VARIABLE, Part.Name, Symbol, G, Size);
    }
  }
  // Device code that mm-check-memory instrumented needs the runtime's
  // guard zones (mm_block_abi.h's entry point, named from its declaration).
  if (Host.getFunction(((void)&::__mm_device_check_access,
                        "__mm_device_check_access")))
    Table.add(MM_LINKED_MEMORY_CHECKS, "", "",
              ConstantPointerNull::get(
                  PointerType::getUnqual(Host.getContext())));
  if (Error E =
          resolveQualifiedReferences(Host, B, HostSubmodule, Linked, Table))
    return E;
  if (Error E = wrapHostMain(Host, B, HostSubmodule))
    return E;
  Table.emit();
  internalizeDeviceParts(Host, Linked);
  return Error::success();
}
