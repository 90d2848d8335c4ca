//===- LLVMModule.cpp - Loading LLVM IR submodules ------------------------===//

#include "mm/Bundle/LLVMModule.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <mutex>

using namespace llvm;
using namespace mm;

/// The datalayout that \p TripleStr implies, as opt infers it for a module
/// that has a triple but no datalayout, for the target \p Arch names if
/// any. Remembered per target: creating the TargetMachine that computes it
/// costs as much as parsing a small submodule, and a bundle's submodules
/// share a few triples.
static std::optional<std::string> inferDataLayout(StringRef TripleStr,
                                                  StringRef Arch) {
  static std::mutex Lock;
  static StringMap<std::optional<std::string>> Inferred;
  std::string Key = (Arch + Twine('\0') + TripleStr).str();
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = Inferred.find(Key); It != Inferred.end())
      return It->second;
  }
  std::optional<std::string> Layout;
  std::string Error;
  Triple TT(TripleStr);
  if (const Target *T = TargetRegistry::lookupTarget(Arch.str(), TT, Error)) {
    std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
        TT.getTriple(), "", "", TargetOptions(), std::nullopt));
    if (TM)
      Layout = TM->createDataLayout().getStringRepresentation();
  }
  std::lock_guard<std::mutex> Guard(Lock);
  return Inferred.try_emplace(Key, std::move(Layout)).first->second;
}

Expected<std::unique_ptr<Module>>
mm::parseLLVMSubmodule(const Bundle &B, const Submodule &M,
                       LLVMContext &Context,
                       const TargetOverrides &Overrides) {
  if (Error E = checkBodyNesting(B, M))
    return std::move(E);
  // The parser needs a null-terminated buffer, and a body is a view into the
  // middle of the bundle: parse a copy.
  std::unique_ptr<MemoryBuffer> Copy = MemoryBuffer::getMemBufferCopy(
      M.getBody(), B.getModuleIdentifier(M));
  StringRef HeaderTriple = M.getTriple();
  auto SetDataLayout = [&](StringRef IRTriple,
                           StringRef IRLayout) -> std::optional<std::string> {
    if (!Overrides.DataLayout.empty())
      return Overrides.DataLayout.str();
    if (Overrides.LayoutForTriple)
      return Overrides.LayoutForTriple(IRTriple.empty() ? HeaderTriple
                                                        : IRTriple);
    if (!IRLayout.empty())
      return std::nullopt;
    StringRef TripleStr = !Overrides.Triple.empty() ? Overrides.Triple
                          : IRTriple.empty()         ? HeaderTriple
                                                     : IRTriple;
    if (TripleStr.empty())
      return std::nullopt;
    return inferDataLayout(TripleStr, Overrides.Arch);
  };
  SMDiagnostic Err;
  std::unique_ptr<Module> Result =
      parseIR(Copy->getMemBufferRef(), Err, Context,
              ParserCallbacks(SetDataLayout));
  if (!Result)
    return B.bodyError(M, Err.getLineNo(), Err.getColumnNo() + 1,
                       Err.getMessage());
  if (!Overrides.Triple.empty())
    Result->setTargetTriple(Overrides.Triple);
  else if (!HeaderTriple.empty()) {
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

std::pair<unsigned, unsigned> mm::findPrintedIR(const Submodule &M,
                                               StringRef IRText) {
  IRText = IRText.trim();
  // Too short to be told apart from any other line.
  if (IRText.size() < 4)
    return {0, 0};
  StringRef Body = M.getBody();
  for (size_t At = Body.find(IRText); At != StringRef::npos;
       At = Body.find(IRText, At + 1)) {
    size_t LineStart = Body.rfind('\n', At) + 1; // npos + 1 == 0
    if (!Body.slice(LineStart, At).trim().empty())
      continue;
    unsigned Line = Body.take_front(At).count('\n') + 1;
    return {Line, unsigned(At - LineStart + 1)};
  }
  return {0, 0};
}

Error mm::verifyLLVMSubmodule(const Bundle &B, const Submodule &M,
                              const Module &Module) {
  std::string Message;
  raw_string_ostream OS(Message);
  if (!verifyModule(Module, &OS))
    return Error::success();
  // The verifier prints a reason, then the IR it is about: point at that IR
  // in the body when it can be found, else at the submodule's header.
  SmallVector<StringRef, 8> Lines;
  StringRef(Message).split(Lines, '\n', -1, /*KeepEmpty=*/false);
  std::string Reason = "invalid module: " + Lines.front().trim().str();
  for (StringRef Quoted : ArrayRef(Lines).drop_front())
    if (auto [Line, Column] = findPrintedIR(M, Quoted); Line)
      return B.bodyError(M, Line, Column, Reason);
  return B.moduleError(M, Reason);
}
