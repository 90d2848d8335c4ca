//===- MLIRModule.cpp - Loading MLIR submodules ---------------------------===//

#include "mm/Bundle/MLIRModule.h"
#include "mm/Support/Diagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"

using namespace llvm;
using namespace mm;

void mm::registerMLIRDialects(mlir::DialectRegistry &Registry) {
  mlir::registerAllDialects(Registry);
  mlir::registerAllExtensions(Registry);
}

Expected<mlir::OwningOpRef<mlir::ModuleOp>>
mm::parseMLIRSubmodule(const Bundle &B, const Submodule &M,
                       mlir::MLIRContext &Context) {
  std::string Identifier = B.getModuleIdentifier(M);
  // Like LLVM's, MLIR's lexer needs a null-terminated buffer.
  SourceMgr SM;
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(M.getBody(), Identifier),
                        SMLoc());

  Error Diagnostics = Error::success();
  auto Report = [&](mlir::Location Loc, SourceMgr::DiagKind Kind,
                    const Twine &Message) {
    unsigned Line = 0, Column = 0;
    if (auto FileLoc = Loc->findInstanceOf<mlir::FileLineColLoc>();
        FileLoc && FileLoc.getFilename() == Identifier) {
      Line = FileLoc.getLine();
      Column = FileLoc.getColumn();
    }
    Error E = Line ? B.bodyError(M, Line, Column, Message, Kind)
                   : B.moduleError(M, Message, Kind);
    Diagnostics = joinErrors(std::move(Diagnostics), std::move(E));
  };
  // Errors (with their notes) are collected in bundle coordinates; warnings
  // and remarks go on to the context's other handlers.
  mlir::ScopedDiagnosticHandler Handler(&Context, [&](mlir::Diagnostic &D) {
    if (D.getSeverity() != mlir::DiagnosticSeverity::Error)
      return mlir::failure();
    Report(D.getLocation(), SourceMgr::DK_Error, D.str());
    for (mlir::Diagnostic &Note : D.getNotes())
      Report(Note.getLocation(), SourceMgr::DK_Note, Note.str());
    return mlir::success();
  });

  mlir::ParserConfig Config(&Context);
  mlir::OwningOpRef<mlir::ModuleOp> Module =
      mlir::parseSourceFile<mlir::ModuleOp>(SM, Config);
  if (!Module) {
    if (!Diagnostics)
      Diagnostics = B.moduleError(M, "cannot parse the MLIR body");
    return std::move(Diagnostics);
  }
  if (Diagnostics)
    return std::move(Diagnostics);
  return std::move(Module);
}
