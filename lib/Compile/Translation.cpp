//===- Translation.cpp - Converting submodules between kinds --------------===//

#include "mm/Compile/Translation.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/MLIRModule.h"
#include "mm/Compile/DefaultLowering.h"
#include "mm/Compile/MLIRPipeline.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/Import.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

Expected<std::unique_ptr<Module>>
mm::lowerMLIRSubmoduleToLLVM(const Bundle &B, const Submodule &M,
                             LLVMContext &Context) {
  mlir::DialectRegistry Registry;
  registerMLIRDialects(Registry);
  mlir::registerAllToLLVMIRTranslations(Registry);
  mlir::MLIRContext MLIRContext(Registry,
                                mlir::MLIRContext::Threading::DISABLED);
  auto Parsed = parseMLIRSubmodule(B, M, MLIRContext);
  if (!Parsed)
    return Parsed.takeError();
  std::vector<std::string> KernelModules;
  if (!M.getOptions().Passes.empty()) {
    if (Error E = runMLIRSubmodulePipeline(B, M, **Parsed))
      return std::move(E);
  } else if (needsDefaultLowering(**Parsed)) {
    Expected<std::vector<std::string>> Referenced =
        runDefaultLowering(B, M, **Parsed);
    if (!Referenced)
      return Referenced.takeError();
    KernelModules = std::move(*Referenced);
  }

  SubmoduleDiagnostics Diagnostics(B, M, MLIRContext);
  // Named as mlir-translate names it, so that the text matches its output.
  std::unique_ptr<Module> Result =
      mlir::translateModuleToLLVMIR(Parsed->get(), Context);
  if (!Result)
    return Diagnostics.takeErrors("cannot translate the module to LLVM IR");
  bindKernelModuleImages(*Result, KernelModules);
  if (Result->getTargetTriple().empty())
    Result->setTargetTriple(M.getTriple());
  else if (Result->getTargetTriple() != M.getTriple())
    return B.moduleError(M, "translated module's triple '" +
                                Result->getTargetTriple() +
                                "' does not match the header triple '" +
                                M.getTriple() + "'");
  return std::move(Result);
}

/// Orders the entries of \p Module's data layout spec by their printed form.
/// MLIR's import lists them in hash order, which changes from run to run;
/// a bundle's text must not.
static void sortDataLayoutSpec(mlir::ModuleOp Module) {
  auto Spec = Module->getAttrOfType<mlir::DataLayoutSpecAttr>(
      mlir::DLTIDialect::kDataLayoutAttrName);
  if (!Spec)
    return;
  std::vector<std::pair<std::string, mlir::DataLayoutEntryInterface>> Keyed;
  for (mlir::DataLayoutEntryInterface Entry : Spec.getEntries()) {
    std::string Key;
    raw_string_ostream OS(Key);
    Entry.print(OS);
    Keyed.emplace_back(std::move(Key), Entry);
  }
  llvm::sort(Keyed, [](const auto &L, const auto &R) { return L.first < R.first; });
  SmallVector<mlir::DataLayoutEntryInterface> Entries;
  for (auto &Pair : Keyed)
    Entries.push_back(Pair.second);
  Module->setAttr(mlir::DLTIDialect::kDataLayoutAttrName,
                  mlir::DataLayoutSpecAttr::get(Module.getContext(), Entries));
}

Expected<std::string> mm::importLLVMSubmoduleToMLIR(const Bundle &B,
                                                    const Submodule &M) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Parsed = parseLLVMSubmodule(B, M, Context);
  if (!Parsed)
    return Parsed.takeError();
  if (Error E = verifyLLVMSubmodule(B, M, **Parsed))
    return std::move(E);

  mlir::DialectRegistry Registry;
  registerMLIRDialects(Registry);
  mlir::registerAllFromLLVMIRTranslations(Registry);
  mlir::MLIRContext MLIRContext(Registry,
                                mlir::MLIRContext::Threading::DISABLED);
  SubmoduleDiagnostics Diagnostics(B, M, MLIRContext);
  // The importer locates what it cannot handle by debug location only; its
  // messages quote the IR ("unhandled instruction: %r = ..."), which is
  // looked up in the body.
  Diagnostics.setLocator([&M](StringRef Message) {
    size_t Colon = Message.find(": ");
    if (Colon == StringRef::npos)
      return std::pair<unsigned, unsigned>(0, 0);
    return findPrintedIR(M, Message.drop_front(Colon + 2));
  });
  mlir::OwningOpRef<mlir::ModuleOp> Imported = mlir::translateLLVMIRToModule(
      std::move(*Parsed), &MLIRContext, /*emitExpensiveWarnings=*/false);
  if (!Imported)
    return Diagnostics.takeErrors("cannot import the module into MLIR");
  sortDataLayoutSpec(*Imported);
  std::string Printed;
  raw_string_ostream OS(Printed);
  Imported->print(OS);
  OS << '\n';
  return std::move(Printed);
}

Error mm::convertSubmodule(Bundle &B, Submodule &M, ModuleKind To) {
  if (M.getKind() == To)
    return Error::success();
  std::string Body;
  if (To == ModuleKind::LLVM) {
    LLVMContext Context;
    Expected<std::unique_ptr<Module>> Lowered =
        lowerMLIRSubmoduleToLLVM(B, M, Context);
    if (!Lowered)
      return Lowered.takeError();
    raw_string_ostream OS(Body);
    (*Lowered)->print(OS, nullptr);
  } else {
    Expected<std::string> Imported = importLLVMSubmoduleToMLIR(B, M);
    if (!Imported)
      return Imported.takeError();
    Body = std::move(*Imported);
  }
  SubmoduleHeader &Header = M.editHeader();
  Header.Kind = To;
  Header.Options.Passes.clear();
  M.setBody(std::move(Body));
  return Error::success();
}
