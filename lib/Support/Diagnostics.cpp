//===- Diagnostics.cpp - Located errors -----------------------------------===//

#include "mm/Support/Diagnostics.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

char mm::DiagnosticError::ID = 0;

void mm::DiagnosticError::log(raw_ostream &OS) const {
  Diag.print(/*ProgName=*/nullptr, OS, /*ShowColors=*/false);
}

void mm::reportError(const ErrorInfoBase &Info, StringRef Tool,
                     raw_ostream &OS) {
  if (Info.isA<DiagnosticError>()) {
    static_cast<const DiagnosticError &>(Info).getDiagnostic().print(nullptr,
                                                                     OS);
    return;
  }
  WithColor::error(OS, Tool) << Info.message() << '\n';
}

bool mm::reportError(Error E, StringRef Tool, raw_ostream &OS) {
  if (!E)
    return false;
  handleAllErrors(std::move(E), [&](const ErrorInfoBase &Info) {
    reportError(Info, Tool, OS);
  });
  return true;
}
