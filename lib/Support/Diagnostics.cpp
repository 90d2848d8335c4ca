//===- Diagnostics.cpp - Located errors -----------------------------------===//

#include "mm/Support/Diagnostics.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

char mm::DiagnosticError::ID = 0;

void mm::DiagnosticError::log(raw_ostream &OS) const {
  Diag.print(/*ProgName=*/nullptr, OS, /*ShowColors=*/false);
}

bool mm::reportError(Error E, StringRef Tool, raw_ostream &OS) {
  if (!E)
    return false;
  handleAllErrors(
      std::move(E),
      [&](const DiagnosticError &D) { D.getDiagnostic().print(nullptr, OS); },
      [&](const ErrorInfoBase &EI) {
        WithColor::error(OS, Tool) << EI.message() << '\n';
      });
  return true;
}
