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

SubmoduleDiagnostics::SubmoduleDiagnostics(const Bundle &B, const Submodule &M,
                                           mlir::MLIRContext &Context)
    : B(B), M(M), Identifier(B.getModuleIdentifier(M)) {
  auto Report = [this](mlir::Location Loc, SourceMgr::DiagKind Kind,
                       const Twine &Message) {
    unsigned Line = 0, Column = 0;
    if (auto FileLoc = Loc->findInstanceOf<mlir::FileLineColLoc>();
        FileLoc && FileLoc.getFilename() == Identifier) {
      Line = FileLoc.getLine();
      Column = FileLoc.getColumn();
    }
    Error E = Line ? this->B.bodyError(this->M, Line, Column, Message, Kind)
                   : this->B.moduleError(this->M, Message, Kind);
    Errors = joinErrors(std::move(Errors), std::move(E));
  };
  Handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
      &Context, [Report](mlir::Diagnostic &D) {
        if (D.getSeverity() != mlir::DiagnosticSeverity::Error)
          return mlir::failure();
        Report(D.getLocation(), SourceMgr::DK_Error, D.str());
        for (mlir::Diagnostic &Note : D.getNotes())
          Report(Note.getLocation(), SourceMgr::DK_Note, Note.str());
        return mlir::success();
      });
}

SubmoduleDiagnostics::~SubmoduleDiagnostics() {
  // Errors not taken are dropped: whoever ran the MLIR code reported its
  // failure.
  consumeError(std::move(Errors));
}

Expected<mlir::OwningOpRef<mlir::ModuleOp>>
mm::parseMLIRSubmodule(const Bundle &B, const Submodule &M,
                       mlir::MLIRContext &Context) {
  std::string Identifier = B.getModuleIdentifier(M);
  // Like LLVM's, MLIR's lexer needs a null-terminated buffer.
  SourceMgr SM;
  SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(M.getBody(), Identifier),
                        SMLoc());

  SubmoduleDiagnostics Diagnostics(B, M, Context);
  mlir::ParserConfig Config(&Context);
  mlir::OwningOpRef<mlir::ModuleOp> Module =
      mlir::parseSourceFile<mlir::ModuleOp>(SM, Config);
  Error Errors = Diagnostics.takeErrors();
  if (!Module) {
    if (!Errors)
      Errors = B.moduleError(M, "cannot parse the MLIR body");
    return std::move(Errors);
  }
  if (Errors)
    return std::move(Errors);
  return std::move(Module);
}
