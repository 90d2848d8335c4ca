//===- Writer.cpp - Writing .mml bundles ----------------------------------===//

#include "mm/Bundle/Writer.h"
#include "mm/Bundle/Reader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

unsigned mm::countLines(StringRef Body) {
  return Body.count('\n') + (!Body.empty() && !Body.ends_with("\n"));
}

bool mm::needsExplicitLineCount(StringRef Body) {
  for (size_t At = Body.find(DirectivePrefix); At != StringRef::npos;
       At = Body.find(DirectivePrefix, At + 1))
    if ((At == 0 || Body[At - 1] == '\n') &&
        isDirectiveLine(Body.substr(At, DirectivePrefix.size() + 1)))
      return true;
  return false;
}

/// Writes \p Value bare when the reader would read it back unchanged, else
/// quoted with backslash escapes.
static void writeValue(raw_ostream &OS, StringRef Value) {
  auto IsBare = [](char C) {
    return C != '"' && C != ' ' && C != '\t' && !(C >= 0 && C < 0x20) &&
           C != 0x7f;
  };
  if (!Value.empty() && all_of(Value, IsBare)) {
    OS << Value;
    return;
  }
  OS << '"';
  for (char C : Value) {
    if (C == '"' || C == '\\')
      OS << '\\' << C;
    else if ((C >= 0 && C < 0x20) || C == 0x7f)
      OS << '\\' << hexdigit((C >> 4) & 0xF) << hexdigit(C & 0xF);
    else
      OS << C;
  }
  OS << '"';
}

static void writeField(raw_ostream &OS, StringRef Key, StringRef Value) {
  OS << ' ' << Key << '=';
  writeValue(OS, Value);
}

std::string mm::formatModuleHeader(const Submodule &M) {
  std::string Line;
  raw_string_ostream OS(Line);
  const SubmoduleHeader &H = M.header();
  OS << DirectivePrefix << " module " << H.Name;
  writeField(OS, "kind", getKindName(H.Kind));
  writeField(OS, "triple", H.Triple);
  writeField(OS, "role", getRoleName(H.Role));
  OS << formatOptionFields(H);
  if (needsExplicitLineCount(M.getBody()))
    OS << " lines=" << countLines(M.getBody());
  return Line;
}

std::string mm::formatOptionFields(const SubmoduleHeader &H) {
  std::string Fields;
  raw_string_ostream OS(Fields);
  const SubmoduleOptions &O = H.Options;
  if (!O.OptLevel.empty())
    writeField(OS, "opt", O.OptLevel);
  if (!O.Passes.empty())
    writeField(OS, "passes", O.Passes);
  if (!O.CPU.empty())
    writeField(OS, "cpu", O.CPU);
  if (!O.Features.empty())
    writeField(OS, "features", O.Features);
  for (const std::string &Arg : O.LLVMArgs)
    writeField(OS, "mllvm", Arg);
  for (const auto &[Key, Value] : H.Extensions)
    writeField(OS, Key, Value);
  return Fields;
}

void mm::writeBundle(const Bundle &B, raw_ostream &OS) {
  if (B.isPlainModule() && B.size() == 1) {
    OS << B.submodules().front().getBody();
    return;
  }
  StringRef Preamble = B.getPreamble();
  OS << Preamble;
  // A preamble read from a bundle without submodules may end the file
  // without a newline; only a header that follows needs one.
  if (!Preamble.empty() && !Preamble.ends_with("\n") && !B.empty())
    OS << '\n';
  for (size_t I = 0, E = B.size(); I != E; ++I) {
    const Submodule &M = B.submodules()[I];
    bool IsLast = I + 1 == E;
    StringRef Body = M.getBody();
    if (StringRef Verbatim = M.getVerbatimHeader(); !Verbatim.empty()) {
      OS << Verbatim;
      if (!Verbatim.ends_with("\n") && (!Body.empty() || !IsLast))
        OS << '\n';
    } else {
      OS << formatModuleHeader(M) << '\n';
    }
    OS << Body;
    if (!Body.empty() && !Body.ends_with("\n") && !IsLast)
      OS << '\n';
  }
}
