//===- LoadedBundle.cpp - A bundle to transform ---------------------------===//

#include "mm/BundlePasses/LoadedBundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/MLIRModule.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

LoadedSubmodule::LoadedSubmodule(SubmoduleHeader Header,
                                 std::unique_ptr<LLVMContext> Context,
                                 std::unique_ptr<Module> Module)
    : Header(std::move(Header)), Context(std::move(Context)),
      LLVM(std::move(Module)) {}

LoadedSubmodule::LoadedSubmodule(SubmoduleHeader Header,
                                 mlir::Operation *Module)
    : Header(std::move(Header)), MLIR(Module) {}

LoadedSubmodule::~LoadedSubmodule() {
  // The module before its context.
  LLVM.reset();
  if (MLIR)
    MLIR->erase();
}

LoadedBundle::LoadedBundle() {
  mlir::DialectRegistry Registry;
  registerMLIRDialects(Registry);
  MLIRContext = std::make_unique<mlir::MLIRContext>(
      Registry, mlir::MLIRContext::Threading::DISABLED);
}

LoadedBundle::LoadedBundle(LoadedBundle &&) = default;
LoadedBundle &LoadedBundle::operator=(LoadedBundle &&) = default;

LoadedBundle::~LoadedBundle() {
  // The MLIR modules before their context.
  Modules.clear();
}

Expected<LoadedBundle> LoadedBundle::load(const Bundle &B) {
  LoadedBundle Result;
  Error Errors = Error::success();
  for (const Submodule &M : B) {
    if (M.getKind() == ModuleKind::LLVM) {
      auto Context = std::make_unique<LLVMContext>();
      Expected<std::unique_ptr<Module>> Parsed =
          parseLLVMSubmodule(B, M, *Context);
      if (Parsed)
        if (Error E = verifyLLVMSubmodule(B, M, **Parsed))
          Parsed = std::move(E);
      if (!Parsed) {
        Errors = joinErrors(std::move(Errors), Parsed.takeError());
        continue;
      }
      Result.Modules.push_back(std::make_unique<LoadedSubmodule>(
          M.header(), std::move(Context), std::move(*Parsed)));
      continue;
    }
    auto Parsed = parseMLIRSubmodule(B, M, *Result.MLIRContext);
    if (!Parsed) {
      Errors = joinErrors(std::move(Errors), Parsed.takeError());
      continue;
    }
    Result.Modules.push_back(std::make_unique<LoadedSubmodule>(
        M.header(), Parsed->release().getOperation()));
  }
  if (Errors)
    return std::move(Errors);
  return std::move(Result);
}

LoadedSubmodule *LoadedBundle::lookup(StringRef Name) const {
  for (const std::unique_ptr<LoadedSubmodule> &M : Modules)
    if (M->getName() == Name)
      return M.get();
  return nullptr;
}

LoadedSubmodule *LoadedBundle::getHost() const {
  for (const std::unique_ptr<LoadedSubmodule> &M : Modules)
    if (M->getRole() == ModuleRole::Host)
      return M.get();
  return nullptr;
}

Error LoadedBundle::add(std::unique_ptr<LoadedSubmodule> M) {
  StringRef Name = M->getName();
  if (!isValidModuleName(Name))
    return createStringError("invalid submodule name '%s'",
                             Name.str().c_str());
  if (lookup(Name))
    return createStringError("the bundle has a submodule '%s' already",
                             Name.str().c_str());
  if (M->getRole() == ModuleRole::Host && getHost())
    return createStringError("submodule '%s': the bundle has a host already",
                             Name.str().c_str());
  bool IsLLVM = M->getKind() == ModuleKind::LLVM;
  if (IsLLVM != bool(M->getLLVMModule()) ||
      IsLLVM == bool(M->getMLIRModule()))
    return createStringError("submodule '%s': its header's kind does not "
                             "match its module",
                             Name.str().c_str());
  if (mlir::Operation *Op = M->getMLIRModule())
    if (Op->getContext() != MLIRContext.get() || !isa<mlir::ModuleOp>(Op))
      return createStringError("submodule '%s': an MLIR submodule is a "
                               "builtin.module of the bundle's MLIRContext",
                               Name.str().c_str());
  Modules.push_back(std::move(M));
  return Error::success();
}

Error LoadedBundle::remove(StringRef Name) {
  auto It = find_if(Modules, [&](const std::unique_ptr<LoadedSubmodule> &M) {
    return M->getName() == Name;
  });
  if (It == Modules.end())
    return createStringError("no submodule '%s' to remove",
                             Name.str().c_str());
  Modules.erase(It);
  return Error::success();
}

Error LoadedBundle::rename(StringRef OldName, StringRef NewName) {
  LoadedSubmodule *M = lookup(OldName);
  if (!M)
    return createStringError("no submodule '%s' to rename",
                             OldName.str().c_str());
  if (!isValidModuleName(NewName))
    return createStringError("invalid submodule name '%s'",
                             NewName.str().c_str());
  if (lookup(NewName))
    return createStringError("the bundle has a submodule '%s' already",
                             NewName.str().c_str());
  std::string OldPrefix = (OldName + "::").str();
  for (const std::unique_ptr<LoadedSubmodule> &Other : Modules)
    if (Module *Mod = Other->getLLVMModule())
      for (GlobalValue &G : Mod->global_values())
        if (G.getName().starts_with(OldPrefix))
          G.setName(NewName + "::" + G.getName().drop_front(OldPrefix.size()));
  M->getHeader().Name = NewName.str();
  return Error::success();
}

/// The external symbols that \p M defines.
static StringSet<> getExternalSymbols(const LoadedSubmodule &M) {
  StringSet<> Symbols;
  if (Module *Mod = M.getLLVMModule()) {
    for (const GlobalValue &G : Mod->global_values())
      if (!G.isDeclaration() && !G.hasLocalLinkage() && G.hasName())
        Symbols.insert(G.getName());
    return Symbols;
  }
  M.getMLIRModule()->walk([&](mlir::Operation *Op) {
    if (auto Name = Op->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      Symbols.insert(Name.getValue());
  });
  return Symbols;
}

SubmoduleReferences
LoadedBundle::getReferencesTo(const LoadedSubmodule &M) const {
  SubmoduleReferences Refs;
  StringSet<> External = getExternalSymbols(M);
  std::string Prefix = (M.getName() + "::").str();
  // A name or string of another submodule: `NAME::`, `NAME::SYM`, NAME, or
  // an external symbol of M's.
  auto Note = [&](StringRef Text) {
    Text.consume_back(StringRef("\0", 1));
    if (Text == Prefix)
      Refs.Whole = true;
    else if (Text.starts_with(Prefix))
      Refs.Symbols.insert(Text.drop_front(Prefix.size()));
    else if (Text == M.getName())
      Refs.NameAsString = true;
    else if (External.contains(Text))
      Refs.SymbolsByString.insert(Text);
  };
  for (const std::unique_ptr<LoadedSubmodule> &Other : Modules) {
    if (Other.get() == &M)
      continue;
    if (Module *Mod = Other->getLLVMModule()) {
      for (const GlobalValue &G : Mod->global_values())
        if (G.isDeclaration())
          Note(G.getName());
      for (const GlobalVariable &G : Mod->globals())
        if (G.hasInitializer())
          if (auto *Data = dyn_cast<ConstantDataSequential>(G.getInitializer()))
            if (Data->isString())
              Note(Data->getAsString());
      continue;
    }
    Other->getMLIRModule()->walk([&](mlir::Operation *Op) {
      for (mlir::NamedAttribute Attr : Op->getAttrs())
        Attr.getValue().walk(
            [&](mlir::StringAttr S) { Note(S.getValue()); },
            [&](mlir::SymbolRefAttr R) {
              if (R.getNestedReferences().empty())
                return;
              // @NAME::@SYM, as gpu.launch_func names a kernel.
              if (R.getRootReference().getValue() == M.getName())
                Refs.Symbols.insert(R.getLeafReference().getValue());
            });
    });
  }
  return Refs;
}

Error LoadedBundle::verify(const LoadedSubmodule &M) const {
  std::string Message;
  raw_string_ostream OS(Message);
  if (Module *Mod = M.getLLVMModule()) {
    if (!verifyModule(*Mod, &OS))
      return Error::success();
    return createStringError(StringRef(Message).trim().str());
  }
  mlir::ScopedDiagnosticHandler Handler(
      MLIRContext.get(), [&](mlir::Diagnostic &D) {
        if (D.getSeverity() == mlir::DiagnosticSeverity::Error)
          OS << (Message.empty() ? "" : "; ") << D.str();
        return mlir::success();
      });
  if (succeeded(mlir::verify(M.getMLIRModule())))
    return Error::success();
  return createStringError(Message);
}

Error LoadedBundle::store(Bundle &B) const {
  std::vector<Submodule> Printed;
  for (const std::unique_ptr<LoadedSubmodule> &M : Modules) {
    std::string Text;
    raw_string_ostream OS(Text);
    if (Module *Mod = M->getLLVMModule()) {
      Mod->print(OS, nullptr);
    } else {
      M->getMLIRModule()->print(OS);
      OS << '\n';
    }
    Printed.emplace_back(M->getHeader(), std::move(Text));
  }
  B.submodules().clear();
  for (Submodule &M : Printed)
    if (Error E = B.add(std::move(M)))
      return E;
  return Error::success();
}
