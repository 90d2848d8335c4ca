//===- Bundle.cpp - In-memory multi-module bundle -------------------------===//

#include "mm/Bundle/Bundle.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;

StringRef mm::getKindName(ModuleKind Kind) {
  switch (Kind) {
  case ModuleKind::LLVM:
    return "llvm";
  case ModuleKind::MLIR:
    return "mlir";
  }
  llvm_unreachable("unknown module kind");
}

std::optional<ModuleKind> mm::parseKindName(StringRef Name) {
  return StringSwitch<std::optional<ModuleKind>>(Name)
      .Case("llvm", ModuleKind::LLVM)
      .Case("mlir", ModuleKind::MLIR)
      .Default(std::nullopt);
}

StringRef mm::getRoleName(ModuleRole Role) {
  switch (Role) {
  case ModuleRole::Host:
    return "host";
  case ModuleRole::Device:
    return "device";
  }
  llvm_unreachable("unknown module role");
}

std::optional<ModuleRole> mm::parseRoleName(StringRef Name) {
  return StringSwitch<std::optional<ModuleRole>>(Name)
      .Case("host", ModuleRole::Host)
      .Case("device", ModuleRole::Device)
      .Default(std::nullopt);
}

bool mm::isValidOptLevel(StringRef Level) {
  static constexpr StringLiteral Names[] = {
#define MM_OPT_LEVEL(Name, PipelineLevel, CodegenLevel) #Name,
#include "mm/Bundle/OptLevels.def"
  };
  return is_contained(Names, Level);
}

bool mm::isModuleNameChar(char C) {
  return isAlnum(C) || C == '_' || C == '$' || C == '.' || C == '-';
}

bool mm::isValidModuleName(StringRef Name) {
  if (Name.empty() || Name.front() == '.' || Name.front() == '-')
    return false;
  return all_of(Name, isModuleNameChar);
}

bool mm::isGPUTriple(StringRef TripleStr) {
  Triple T(TripleStr);
  return T.isNVPTX() || T.isAMDGPU() || T.isSPIRV();
}

bool SubmoduleOptions::operator==(const SubmoduleOptions &Other) const {
  return OptLevel == Other.OptLevel && Passes == Other.Passes &&
         CPU == Other.CPU && Features == Other.Features &&
         LLVMArgs == Other.LLVMArgs;
}

bool SubmoduleHeader::operator==(const SubmoduleHeader &Other) const {
  return Name == Other.Name && Kind == Other.Kind && Triple == Other.Triple &&
         Role == Other.Role && Options == Other.Options &&
         Extensions == Other.Extensions;
}

Submodule::Submodule(SubmoduleHeader Header, std::string Body)
    : Header(std::move(Header)), OwnedBody(std::move(Body)) {}

void Submodule::setBody(std::string NewBody) {
  // A verbatim header stays valid only while it still delimits the body: its
  // `lines=` count (if any) must match, and without one the body must not
  // contain anything a reader would take for a directive.
  bool HeaderStillFits = VerbatimLines
                             ? *VerbatimLines == countLines(NewBody)
                             : !needsExplicitLineCount(NewBody);
  if (!HeaderStillFits) {
    VerbatimHeader = {};
    VerbatimLines.reset();
  }
  OwnedBody = std::move(NewBody);
  Source.BodyLoc = SMLoc();
}

SMLoc Submodule::getBodyLoc(unsigned Line, unsigned Column) const {
  if (!hasSourceBody() || Line == 0)
    return SMLoc();
  StringRef Body = getBody();
  size_t LineStart = 0;
  for (unsigned I = 1; I < Line; ++I) {
    size_t NL = Body.find('\n', LineStart);
    if (NL == StringRef::npos)
      return SMLoc();
    LineStart = NL + 1;
  }
  size_t LineEnd = std::min(Body.find('\n', LineStart), Body.size());
  size_t Offset = std::min(LineStart + (Column ? Column - 1 : 0), LineEnd);
  return SMLoc::getFromPointer(Body.data() + Offset);
}

StringRef Bundle::getSourceName() const {
  return Buffer ? Buffer->getBufferIdentifier() : StringRef("<bundle>");
}

void Bundle::setPreamble(std::string Text) { Preamble = std::move(Text); }

void Bundle::updateIndex() const {
  if (IndexIsCurrent)
    return;
  NameIndex.clear();
  HostIndex.reset();
  for (size_t I = 0, E = Modules.size(); I != E; ++I) {
    // With duplicate names (reachable only by editing a header directly),
    // the first one is found, as a scan would.
    NameIndex.try_emplace(Modules[I].getName(), I);
    if (!HostIndex && Modules[I].getRole() == ModuleRole::Host)
      HostIndex = I;
  }
  IndexIsCurrent = true;
}

const Submodule *Bundle::lookup(StringRef Name) const {
  updateIndex();
  auto It = NameIndex.find(Name);
  return It == NameIndex.end() ? nullptr : &Modules[It->second];
}

Submodule *Bundle::lookup(StringRef Name) {
  const Submodule *Found = static_cast<const Bundle *>(this)->lookup(Name);
  // The caller may edit the submodule it gets.
  if (Found)
    IndexIsCurrent = false;
  return const_cast<Submodule *>(Found);
}

const Submodule *Bundle::getHost() const {
  updateIndex();
  return HostIndex ? &Modules[*HostIndex] : nullptr;
}

Error Bundle::add(Submodule M) {
  if (!isValidModuleName(M.getName()))
    return createStringError("invalid submodule name '%s'",
                             M.getName().str().c_str());
  const Bundle &Self = *this;
  if (Self.lookup(M.getName()))
    return createStringError("duplicate submodule name '%s'",
                             M.getName().str().c_str());
  if (M.getRole() == ModuleRole::Host)
    if (const Submodule *Host = Self.getHost())
      return createStringError(
          "submodule '%s' is a second host; '%s' is already the host",
          M.getName().str().c_str(), Host->getName().str().c_str());
  NameIndex.try_emplace(M.getName(), Modules.size());
  if (M.getRole() == ModuleRole::Host)
    HostIndex = Modules.size();
  Modules.push_back(std::move(M));
  return Error::success();
}

Error Bundle::remove(StringRef Name) {
  auto It = find_if(Modules,
                    [&](const Submodule &M) { return M.getName() == Name; });
  if (It == Modules.end())
    return createStringError("no submodule named '%s'", Name.str().c_str());
  Modules.erase(It);
  IndexIsCurrent = false;
  return Error::success();
}

Error Bundle::rename(StringRef OldName, StringRef NewName) {
  const Bundle &Self = *this;
  const Submodule *M = Self.lookup(OldName);
  if (!M)
    return createStringError("no submodule named '%s'", OldName.str().c_str());
  if (!isValidModuleName(NewName))
    return createStringError("invalid submodule name '%s'",
                             NewName.str().c_str());
  if (OldName == NewName)
    return Error::success();
  if (Self.lookup(NewName))
    return createStringError("duplicate submodule name '%s'",
                             NewName.str().c_str());
  size_t Position = M - Modules.data();
  std::string New = NewName.str();
  NameIndex.erase(M->getName());
  Modules[Position].editHeader().Name = New;
  NameIndex.try_emplace(New, Position);
  return Error::success();
}

SMDiagnostic Bundle::diagnose(SMLoc Loc, SourceMgr::DiagKind Kind,
                              const Twine &Message) const {
  if (!Buffer || !Loc.isValid())
    return SMDiagnostic(getSourceName(), Kind, Message.str());
  SourceMgr SM;
  SM.AddNewSourceBuffer(
      MemoryBuffer::getMemBuffer(Buffer->getMemBufferRef(),
                                 /*RequiresNullTerminator=*/false),
      SMLoc());
  return SM.GetMessage(Loc, Kind, Message);
}

Error Bundle::moduleError(const Submodule &M, const Twine &Message,
                          SourceMgr::DiagKind Kind) const {
  SMLoc Loc = M.getSourceInfo().HeaderLoc;
  if (!Loc.isValid() && M.hasSourceBody())
    Loc = M.getSourceInfo().BodyLoc;
  return makeDiagnosticError(
      diagnose(Loc, Kind, "submodule '" + M.getName() + "': " + Message));
}

Error Bundle::fieldError(const Submodule &M, StringRef Key,
                         unsigned Occurrence, const Twine &Message) const {
  SMLoc Loc = findHeaderField(M, Key, Occurrence);
  if (!Loc.isValid())
    return moduleError(M, Message);
  return makeDiagnosticError(diagnose(
      Loc, SourceMgr::DK_Error, "submodule '" + M.getName() + "': " + Message));
}

Error Bundle::bodyError(const Submodule &M, unsigned Line, unsigned Column,
                        const Twine &Message, SourceMgr::DiagKind Kind) const {
  std::string Full = ("submodule '" + M.getName() + "': " + Message).str();
  if (SMLoc Loc = M.getBodyLoc(Line, Column); Loc.isValid())
    return makeDiagnosticError(diagnose(Loc, Kind, Full));
  // A body that a tool produced has no place in the file: report it in the
  // coordinates of the body itself.
  StringRef Body = M.getBody();
  StringRef LineText;
  for (unsigned I = 1; I <= Line && !Body.empty(); ++I)
    std::tie(LineText, Body) = Body.split('\n');
  return makeDiagnosticError(SMDiagnostic(
      SourceMgr(), SMLoc(), getSourceName().str() + ":" + M.getName().str(),
      Line, Column ? Column - 1 : 0, Kind, Full, LineText, {}));
}

std::string Bundle::getModuleIdentifier(const Submodule &M) const {
  if (PlainModule && Modules.size() == 1)
    return getSourceName().str();
  return (M.getName() + (M.getKind() == ModuleKind::MLIR ? ".mlir" : ".ll"))
      .str();
}

char InvalidPipelineError::ID = 0;

void InvalidPipelineError::log(raw_ostream &OS) const {
  OS << "submodule '" << Name << "': " << Message;
}

Error mm::checkBodyNesting(const Bundle &B, const Submodule &M) {
  // LLVM IR comments run from ';', MLIR's from "//", to the end of the line;
  // strings are double-quoted in both (MLIR escapes a quote with '\\').
  bool IsMLIR = M.getKind() == ModuleKind::MLIR;
  StringRef Body = M.getBody();
  unsigned Depth = 0, Line = 1;
  size_t LineStart = 0;
  for (size_t I = 0, E = Body.size(); I < E; ++I) {
    char C = Body[I];
    if (C == '\n') {
      ++Line;
      LineStart = I + 1;
      continue;
    }
    bool Comment = IsMLIR ? (C == '/' && I + 1 < E && Body[I + 1] == '/')
                          : C == ';';
    if (Comment) {
      I = std::min(Body.find('\n', I), E) - 1;
      continue;
    }
    if (C == '"') {
      for (++I; I < E && Body[I] != '"' && Body[I] != '\n'; ++I)
        if (IsMLIR && Body[I] == '\\')
          ++I;
      if (I < E && Body[I] == '\n')
        --I;
      continue;
    }
    if (C == '(' || C == '[' || C == '{') {
      if (++Depth > MaxBodyNesting)
        return B.bodyError(M, Line, I - LineStart + 1,
                           "brackets nest deeper than " +
                               Twine(MaxBodyNesting) +
                               " levels, which would exhaust the parser's "
                               "stack");
      continue;
    }
    if ((C == ')' || C == ']' || C == '}') && Depth)
      --Depth;
  }
  return Error::success();
}
