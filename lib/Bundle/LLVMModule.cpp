//===- LLVMModule.cpp - Loading LLVM IR submodules ------------------------===//

#include "mm/Bundle/LLVMModule.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;

/// The datalayout that \p TripleStr implies, as opt infers it for a module
/// that has a triple but no datalayout.
static std::optional<std::string> inferDataLayout(StringRef TripleStr) {
  std::string Error;
  Triple TT(TripleStr);
  const Target *T = TargetRegistry::lookupTarget("", TT, Error);
  if (!T)
    return std::nullopt;
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT.getTriple(), "", "", TargetOptions(), std::nullopt));
  if (!TM)
    return std::nullopt;
  return TM->createDataLayout().getStringRepresentation();
}

Expected<std::unique_ptr<Module>>
mm::parseLLVMSubmodule(const Bundle &B, const Submodule &M,
                       LLVMContext &Context) {
  // The parser needs a null-terminated buffer, and a body is a view into the
  // middle of the bundle: parse a copy.
  std::unique_ptr<MemoryBuffer> Copy = MemoryBuffer::getMemBufferCopy(
      M.getBody(), B.getModuleIdentifier(M));
  StringRef HeaderTriple = M.getTriple();
  auto SetDataLayout = [&](StringRef IRTriple,
                           StringRef IRLayout) -> std::optional<std::string> {
    if (!IRLayout.empty())
      return std::nullopt;
    StringRef TripleStr = IRTriple.empty() ? HeaderTriple : IRTriple;
    if (TripleStr.empty())
      return std::nullopt;
    return inferDataLayout(TripleStr);
  };
  SMDiagnostic Err;
  std::unique_ptr<Module> Result =
      parseIR(Copy->getMemBufferRef(), Err, Context,
              ParserCallbacks(SetDataLayout));
  if (!Result)
    return B.bodyError(M, Err.getLineNo(), Err.getColumnNo() + 1,
                       Err.getMessage());
  if (!HeaderTriple.empty()) {
    if (Result->getTargetTriple().empty())
      Result->setTargetTriple(HeaderTriple);
    else if (Triple::normalize(Result->getTargetTriple()) !=
             Triple::normalize(HeaderTriple))
      return B.moduleError(M, "header triple '" + HeaderTriple +
                                  "' does not match the body's triple '" +
                                  Result->getTargetTriple() + "'");
  }
  return std::move(Result);
}

Error mm::verifyLLVMSubmodule(const Bundle &B, const Submodule &M,
                              const Module &Module) {
  std::string Message;
  raw_string_ostream OS(Message);
  if (!verifyModule(Module, &OS))
    return Error::success();
  return B.moduleError(M, "invalid module: " + StringRef(Message).rtrim());
}
