//===- MLIRModule.cpp - Loading MLIR submodules ---------------------------===//

#include "mm/Bundle/MLIRModule.h"
#include "mm/Support/Diagnostics.h"

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
    : B(B), M(M), Identifier(B.getModuleIdentifier(M)),
      Handler(&Context, [this](mlir::Diagnostic &D) {
        if (D.getSeverity() != mlir::DiagnosticSeverity::Error)
          return mlir::failure();
        report(D.getLocation(), SourceMgr::DK_Error, D.str());
        for (mlir::Diagnostic &Note : D.getNotes())
          report(Note.getLocation(), SourceMgr::DK_Note, Note.str());
        return mlir::success();
      }) {
  // Errors point at the op in the body; printing the op again in generic
  // form would only bury them.
  Context.printOpOnDiagnostic(false);
}

void SubmoduleDiagnostics::report(mlir::Location Loc,
                                  SourceMgr::DiagKind Kind,
                                  const Twine &Message) {
  // Ops made by passes carry fused or call-site locations: any file
  // location inside that is in the body will do.
  unsigned Line = 0, Column = 0;
  auto FileLoc = Loc->findInstanceOf<mlir::FileLineColLoc>();
  if (FileLoc && FileLoc.getFilename() == Identifier) {
    Line = FileLoc.getLine();
    Column = FileLoc.getColumn();
  } else if (const Submodule *Origin =
                 FileLoc ? findSubmoduleByIdentifier(FileLoc.getFilename())
                         : nullptr) {
    // Code that came from another submodule's text (a kernel module nested
    // in the host) keeps its locations there: the error points at that
    // text and names this submodule.
    SMLoc At = Origin->getBodyLoc(FileLoc.getLine(), FileLoc.getColumn());
    Errors = joinErrors(std::move(Errors),
                        makeDiagnosticError(B.diagnose(
                            At, Kind,
                            "submodule '" + M.getName() + "': " + Message)));
    return;
  } else if (Locator) {
    std::tie(Line, Column) = Locator(Message.str());
  }
  Error E = Line ? B.bodyError(M, Line, Column, Message, Kind)
                 : B.moduleError(M, Message, Kind);
  Errors = joinErrors(std::move(Errors), std::move(E));
}

const Submodule *
SubmoduleDiagnostics::findSubmoduleByIdentifier(StringRef Name) const {
  for (const Submodule &Other : B)
    if (&Other != &M && Other.hasSourceBody() &&
        B.getModuleIdentifier(Other) == Name)
      return &Other;
  return nullptr;
}

Error SubmoduleDiagnostics::takeErrors(const Twine &IfNone) {
  if (Errors)
    return std::move(Errors);
  return B.moduleError(M, IfNone);
}

Expected<mlir::OwningOpRef<mlir::ModuleOp>>
mm::parseMLIRSubmodule(const Bundle &B, const Submodule &M,
                       mlir::MLIRContext &Context, StringRef Identifier) {
  if (Error E = checkBodyNesting(B, M))
    return std::move(E);
  // Like LLVM's, MLIR's lexer needs a null-terminated buffer.
  SourceMgr SM;
  SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(M.getBody(),
                                     Identifier.empty()
                                         ? B.getModuleIdentifier(M)
                                         : Identifier.str()),
      SMLoc());
  SubmoduleDiagnostics Diagnostics(B, M, Context);
  mlir::ParserConfig Config(&Context);
  mlir::OwningOpRef<mlir::ModuleOp> Module =
      mlir::parseSourceFile<mlir::ModuleOp>(SM, Config);
  if (!Module)
    return Diagnostics.takeErrors("cannot parse the MLIR body");
  return std::move(Module);
}
