//===- LinkModules.cpp - llvm::Linker with errors -------------------------===//

#include "mm/Support/LinkModules.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

Error mm::linkModuleInto(Module &Dest, std::unique_ptr<Module> Source) {
  LLVMContext &Context = Dest.getContext();
  auto *OldHandler = Context.getDiagnosticHandlerCallBack();
  void *OldHandlerContext = Context.getDiagnosticContext();
  std::string Messages;
  Context.setDiagnosticHandlerCallBack(
      [](const DiagnosticInfo *Info, void *Sink) {
        if (Info->getSeverity() != DS_Error)
          return;
        auto &Out = *static_cast<std::string *>(Sink);
        raw_string_ostream OS(Out);
        if (!Out.empty())
          OS << "; ";
        DiagnosticPrinterRawOStream Printer(OS);
        Info->print(Printer);
      },
      &Messages);
  bool Failed = Linker::linkModules(Dest, std::move(Source));
  Context.setDiagnosticHandlerCallBack(OldHandler, OldHandlerContext);
  if (Failed)
    return createStringError(inconvertibleErrorCode(), Messages);
  return Error::success();
}
