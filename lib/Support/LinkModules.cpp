//===- LinkModules.cpp - llvm::Linker with errors -------------------------===//

#include "mm/Support/LinkModules.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
/// Collects the linker's errors; replaces the context's handler, whatever it
/// is, for the link.
struct LinkerDiagnostics : DiagnosticHandler {
  std::string Messages;

  bool handleDiagnostics(const DiagnosticInfo &Info) override {
    if (Info.getSeverity() != DS_Error)
      return true;
    raw_string_ostream OS(Messages);
    if (!Messages.empty())
      OS << "; ";
    DiagnosticPrinterRawOStream Printer(OS);
    Info.print(Printer);
    return true;
  }
};
} // namespace

Error mm::linkModuleInto(Module &Dest, std::unique_ptr<Module> Source) {
  LLVMContext &Context = Dest.getContext();
  std::unique_ptr<DiagnosticHandler> OldHandler =
      Context.getDiagnosticHandler();
  auto Handler = std::make_unique<LinkerDiagnostics>();
  LinkerDiagnostics &Diagnostics = *Handler;
  Context.setDiagnosticHandler(std::move(Handler));
  bool Failed = Linker::linkModules(Dest, std::move(Source));
  std::string Messages = std::move(Diagnostics.Messages);
  Context.setDiagnosticHandler(std::move(OldHandler));
  if (Failed)
    return createStringError(inconvertibleErrorCode(), Messages);
  return Error::success();
}
