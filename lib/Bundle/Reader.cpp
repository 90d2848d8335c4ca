//===- Reader.cpp - Reading .mml bundles ----------------------------------===//
//
// Framing is one pass over the file that looks only at the first bytes of
// each line: a line is a directive iff it starts with "#mm" followed by a
// blank or the end of the line. Bodies are never copied or tokenized.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/Reader.h"
#include "mm/Bundle/BinaryBundle.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace mm;

static bool isBlank(char C) { return C == ' ' || C == '\t'; }

/// \p Text as an error message quotes it: control characters, and every
/// byte that is not valid UTF-8 text, as \xNN.
static std::string displayed(StringRef Text) {
  const auto *Begin = reinterpret_cast<const UTF8 *>(Text.begin());
  bool ValidUTF8 = isLegalUTF8String(&Begin, Begin + Text.size());
  std::string Shown;
  for (unsigned char C : Text) {
    if (C >= 0x20 && C != 0x7f && (C < 0x80 || ValidUTF8)) {
      Shown += char(C);
      continue;
    }
    Shown += "\\x";
    Shown += hexdigit(C >> 4, /*LowerCase=*/true);
    Shown += hexdigit(C & 0xf, /*LowerCase=*/true);
  }
  return Shown;
}

bool mm::isDirectiveLine(StringRef Line) {
  if (!Line.starts_with(DirectivePrefix))
    return false;
  if (Line.size() == DirectivePrefix.size())
    return true;
  char Next = Line[DirectivePrefix.size()];
  return isBlank(Next) || Next == '\r' || Next == '\n';
}

/// Returns the line starting at \p Pos without its terminator ("\n" or
/// "\r\n"), and sets \p Next to the start of the following line.
static StringRef lineAt(StringRef Text, size_t Pos, size_t &Next) {
  size_t NL = Text.find('\n', Pos);
  if (NL == StringRef::npos) {
    Next = Text.size();
    NL = Text.size();
  } else {
    Next = NL + 1;
  }
  StringRef Line = Text.slice(Pos, NL);
  if (Line.ends_with("\r"))
    Line = Line.drop_back();
  return Line;
}

static bool isBlankOrComment(StringRef Line) {
  Line = Line.ltrim(" \t");
  return Line.empty() || Line.starts_with(";") || Line.starts_with("//");
}

//===----------------------------------------------------------------------===//
// Header fields
//===----------------------------------------------------------------------===//

namespace {
/// A cursor over one directive line that tokenizes `key=value` fields.
class FieldLexer {
public:
  explicit FieldLexer(StringRef Line) : Line(Line) {}

  size_t column() const { return Pos; }
  bool atEnd() {
    skipBlanks();
    return Pos == Line.size();
  }
  void skipBlanks() {
    while (Pos < Line.size() && isBlank(Line[Pos]))
      ++Pos;
  }
  /// A run of non-blank characters.
  StringRef word() {
    skipBlanks();
    size_t Start = Pos;
    while (Pos < Line.size() && !isBlank(Line[Pos]))
      ++Pos;
    return Line.slice(Start, Pos);
  }

  /// Lexes `key=value`. On error, sets \p ErrorColumn.
  Error field(StringRef &Key, std::string &Value, size_t &ErrorColumn);

private:
  Error fail(size_t Column, size_t &ErrorColumn, const Twine &Msg) {
    ErrorColumn = Column;
    return createStringError(Msg);
  }

  StringRef Line;
  size_t Pos = 0;
};
} // namespace

Error FieldLexer::field(StringRef &Key, std::string &Value,
                        size_t &ErrorColumn) {
  skipBlanks();
  size_t KeyStart = Pos;
  while (Pos < Line.size() && (isAlnum(Line[Pos]) || Line[Pos] == '-'))
    ++Pos;
  Key = Line.slice(KeyStart, Pos);
  if (Key.empty() || Pos == Line.size() || Line[Pos] != '=')
    return fail(KeyStart, ErrorColumn,
                "expected a 'key=value' field, found '" +
                    displayed(Line.substr(KeyStart).split(' ').first) + "'");
  ++Pos;
  Value.clear();
  if (Pos < Line.size() && Line[Pos] == '"') {
    size_t QuoteStart = Pos++;
    while (true) {
      if (Pos == Line.size())
        return fail(QuoteStart, ErrorColumn,
                    "unterminated string in field '" + Key + "'");
      char C = Line[Pos++];
      if (C == '"')
        break;
      if (C != '\\') {
        Value.push_back(C);
        continue;
      }
      if (Pos < Line.size() && (Line[Pos] == '\\' || Line[Pos] == '"')) {
        Value.push_back(Line[Pos++]);
        continue;
      }
      if (Pos + 1 < Line.size() && isHexDigit(Line[Pos]) &&
          isHexDigit(Line[Pos + 1])) {
        Value.push_back(char(hexFromNibbles(Line[Pos], Line[Pos + 1])));
        Pos += 2;
        continue;
      }
      return fail(Pos - 1, ErrorColumn,
                  "invalid escape in field '" + Key +
                      "': expected \\\\, \\\" or two hex digits");
    }
  } else {
    size_t ValueStart = Pos;
    while (Pos < Line.size() && !isBlank(Line[Pos]) && Line[Pos] != '"')
      ++Pos;
    if (Pos == ValueStart)
      return fail(ValueStart, ErrorColumn,
                  "expected a value for field '" + Key +
                      "' (write an empty value as \"\")");
    Value = Line.slice(ValueStart, Pos).str();
  }
  if (Pos < Line.size() && !isBlank(Line[Pos]))
    return fail(Pos, ErrorColumn,
                "expected a blank after the value of field '" + Key + "'");
  return Error::success();
}

static bool isRepeatableField(StringRef Key) { return Key == "mllvm"; }

bool mm::isKnownModuleField(StringRef Key) {
  return is_contained({"kind", "triple", "role", "opt", "passes", "cpu",
                       "features", "mllvm"},
                      Key) ||
         (Key.starts_with("x-") && Key.size() > 2);
}

Error mm::setModuleField(SubmoduleHeader &Header, StringRef Key,
                         StringRef Value) {
  if (Key == "kind") {
    std::optional<ModuleKind> Kind = parseKindName(Value);
    if (!Kind)
      return createStringError("invalid kind '" + displayed(Value) +
                               "': expected 'llvm' or 'mlir'");
    Header.Kind = *Kind;
  } else if (Key == "triple") {
    Header.Triple = Value.str();
  } else if (Key == "role") {
    std::optional<ModuleRole> Role = parseRoleName(Value);
    if (!Role)
      return createStringError("invalid role '" + displayed(Value) +
                               "': expected 'host' or 'device'");
    Header.Role = *Role;
  } else if (Key == "opt") {
    if (!isValidOptLevel(Value))
      return createStringError("invalid optimization level '" + displayed(Value) +
                               "': expected O0, O1, O2, O3, Os or Oz");
    Header.Options.OptLevel = Value.str();
  } else if (Key == "passes") {
    Header.Options.Passes = Value.str();
  } else if (Key == "cpu") {
    Header.Options.CPU = Value.str();
  } else if (Key == "features") {
    Header.Options.Features = Value.str();
  } else if (Key == "mllvm") {
    if (!Value.starts_with("-"))
      return createStringError("invalid LLVM option '" + displayed(Value) +
                               "': expected '-name' or '-name=value'");
    Header.Options.LLVMArgs.push_back(Value.str());
  } else if (Key.starts_with("x-") && Key.size() > 2) {
    for (auto &[ExtKey, ExtValue] : Header.Extensions)
      if (ExtKey == Key) {
        ExtValue = Value.str();
        return Error::success();
      }
    Header.Extensions.emplace_back(Key.str(), Value.str());
  } else {
    return createStringError("unknown field '" + Key + "'");
  }
  return Error::success();
}

Error mm::parseModuleHeader(StringRef Line, SubmoduleHeader &Header,
                            std::optional<unsigned> &LinesField,
                            size_t &ErrorColumn) {
  auto Fail = [&](size_t Column, const Twine &Msg) {
    ErrorColumn = Column;
    return createStringError(Msg);
  };
  FieldLexer Lex(Line);
  if (Lex.word() != DirectivePrefix)
    return Fail(0, "expected '#mm'");
  size_t WordColumn = (Lex.skipBlanks(), Lex.column());
  if (Lex.word() != "module")
    return Fail(WordColumn, "expected 'module'");
  size_t NameColumn = (Lex.skipBlanks(), Lex.column());
  StringRef Name = Lex.word();
  if (Name.empty())
    return Fail(NameColumn, "expected a submodule name after '#mm module'");
  if (Name.contains('='))
    return Fail(NameColumn, "expected a submodule name before the fields, "
                            "found '" + displayed(Name) + "'");
  if (!isValidModuleName(Name))
    return Fail(NameColumn,
                "invalid submodule name '" + displayed(Name) +
                    "': expected letters, digits, '_', '$', '.' and '-', "
                    "not starting with '.' or '-'");
  Header = SubmoduleHeader();
  Header.Name = Name.str();
  LinesField.reset();

  StringSet<> Seen;
  bool HasKind = false, HasTriple = false, HasRole = false;
  while (!Lex.atEnd()) {
    size_t KeyColumn = Lex.column();
    StringRef Key;
    std::string Value;
    if (Error E = Lex.field(Key, Value, ErrorColumn))
      return E;
    if (!isRepeatableField(Key) && !Seen.insert(Key).second)
      return Fail(KeyColumn, "duplicate field '" + Key + "'");
    size_t ValueColumn = KeyColumn + Key.size() + 1;

    if (Key == "lines") {
      unsigned Count;
      if (StringRef(Value).getAsInteger(10, Count))
        return Fail(ValueColumn, "invalid line count '" + Value + "'");
      LinesField = Count;
      continue;
    }
    if (!isKnownModuleField(Key))
      return Fail(KeyColumn, "unknown field '" + displayed(Key) + "'");
    if (Error E = setModuleField(Header, Key, Value)) {
      ErrorColumn = ValueColumn;
      return E;
    }
    HasKind |= Key == "kind";
    HasTriple |= Key == "triple";
    HasRole |= Key == "role";
  }
  if (!HasKind)
    return Fail(Line.size(), "missing required field 'kind'");
  if (!HasTriple)
    return Fail(Line.size(), "missing required field 'triple'");
  if (!HasRole)
    return Fail(Line.size(), "missing required field 'role'");
  return Error::success();
}

SMLoc mm::findHeaderField(const Submodule &M, StringRef Key,
                          unsigned Occurrence) {
  StringRef Line = M.getVerbatimHeader().rtrim("\r\n");
  if (Line.empty() || !M.getSourceInfo().HeaderLoc.isValid())
    return SMLoc();
  FieldLexer Lex(Line);
  // "#mm", "module" and the name precede the fields.
  for (int Word = 0; Word < 3; ++Word)
    Lex.word();
  while (!Lex.atEnd()) {
    size_t KeyColumn = Lex.column();
    StringRef FieldKey;
    std::string Value;
    size_t ErrorColumn;
    if (Error E = Lex.field(FieldKey, Value, ErrorColumn)) {
      consumeError(std::move(E));
      return SMLoc();
    }
    if (FieldKey == Key && Occurrence-- == 0)
      return SMLoc::getFromPointer(M.getSourceInfo().HeaderLoc.getPointer() +
                                   KeyColumn);
  }
  return SMLoc();
}

/// Parses `#mm bundle version=N`.
static Error parseBundleDirective(StringRef Line, size_t &ErrorColumn) {
  FieldLexer Lex(Line);
  Lex.word(); // "#mm"
  Lex.word(); // "bundle"
  bool HasVersion = false;
  while (!Lex.atEnd()) {
    size_t KeyColumn = Lex.column();
    StringRef Key;
    std::string Value;
    if (Error E = Lex.field(Key, Value, ErrorColumn))
      return E;
    if (Key == "version" && HasVersion) {
      ErrorColumn = KeyColumn;
      return createStringError("duplicate field 'version' in '#mm bundle'");
    }
    if (Key != "version") {
      ErrorColumn = KeyColumn;
      return createStringError("unknown field '" + Key +
                               "' in '#mm bundle' directive");
    }
    unsigned Version;
    if (StringRef(Value).getAsInteger(10, Version) || Version == 0) {
      ErrorColumn = KeyColumn + Key.size() + 1;
      return createStringError("invalid format version '" + Value + "'");
    }
    if (Version > FormatVersion) {
      ErrorColumn = KeyColumn + Key.size() + 1;
      return createStringError("bundle format version " + Twine(Version) +
                               " is newer than this reader's version " +
                               Twine(FormatVersion));
    }
    HasVersion = true;
  }
  if (!HasVersion) {
    ErrorColumn = Line.size();
    return createStringError("missing field 'version' in '#mm bundle'");
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Plain modules
//===----------------------------------------------------------------------===//

ModuleKind mm::guessModuleKind(StringRef FileName, StringRef Text) {
  StringRef Ext = sys::path::extension(FileName);
  if (Ext == ".mlir")
    return ModuleKind::MLIR;
  if (Ext == ".ll")
    return ModuleKind::LLVM;
  // Decide on the first line that is not blank: LLVM comments start with
  // ';', MLIR comments with '//'; MLIR's top-level syntax ('module {',
  // dialect ops, attribute aliases, generic ops) differs from LLVM's.
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t Next;
    StringRef Line = lineAt(Text, Pos, Next).ltrim(" \t");
    Pos = Next;
    if (Line.empty())
      continue;
    if (Line.starts_with(";"))
      return ModuleKind::LLVM;
    if (Line.starts_with("//") || Line.starts_with("#") ||
        Line.starts_with("\""))
      return ModuleKind::MLIR;
    StringRef Word = Line.take_while([](char C) { return !isBlank(C); });
    if (Word == "module")
      return Line.drop_front(Word.size()).ltrim(" \t").starts_with("asm")
                 ? ModuleKind::LLVM
                 : ModuleKind::MLIR;
    // A dotted word is a dialect op, unless it is an LLVM global, type or
    // comdat name (@.str, %struct.S, $f.g), which may hold dots too.
    bool IsLLVMName =
        Word.front() == '@' || Word.front() == '%' || Word.front() == '$';
    return !IsLLVMName && Word.contains('.') ? ModuleKind::MLIR
                                             : ModuleKind::LLVM;
  }
  return ModuleKind::LLVM;
}

/// Reads the quoted string that starts at \p Pos in \p Text (LLVM and MLIR
/// both escape with a backslash).
static std::string readQuoted(StringRef Text, size_t Pos) {
  std::string Result;
  if (Pos >= Text.size() || Text[Pos] != '"')
    return Result;
  for (size_t I = Pos + 1; I < Text.size() && Text[I] != '"' &&
                           Text[I] != '\n';
       ++I)
    Result.push_back(Text[I]);
  return Result;
}

std::string mm::findBodyTriple(ModuleKind Kind, StringRef Body) {
  if (Kind == ModuleKind::MLIR) {
    size_t At = Body.find("llvm.target_triple");
    if (At == StringRef::npos)
      return {};
    size_t Quote = Body.find_first_not_of(" \t=", At + 18);
    return readQuoted(Body, Quote);
  }
  // `target triple` starts a line in LLVM IR.
  for (size_t At = Body.find("target triple"); At != StringRef::npos;
       At = Body.find("target triple", At + 1)) {
    if (At != 0 && Body[At - 1] != '\n')
      continue;
    size_t Quote = Body.find_first_not_of(" \t=", At + 13);
    return readQuoted(Body, Quote);
  }
  return {};
}

std::string mm::getPlainModuleName(StringRef FileName) {
  if (FileName == "-" || FileName == "<stdin>")
    return "stdin";
  std::string Name = sys::path::stem(FileName).str();
  for (char &C : Name)
    if (!isModuleNameChar(C))
      C = '_';
  while (!Name.empty() && (Name.front() == '.' || Name.front() == '-'))
    Name.erase(Name.begin());
  return Name.empty() ? "module" : Name;
}

//===----------------------------------------------------------------------===//
// The reader
//===----------------------------------------------------------------------===//

namespace mm {
class BundleReader {
public:
  explicit BundleReader(std::unique_ptr<MemoryBuffer> Buffer, InputForm Form)
      : Form(Form) {
    Result.Buffer = std::move(Buffer);
    Text = Result.Buffer->getBuffer();
  }

  Expected<Bundle> read();

private:
  Error error(const char *Ptr, const Twine &Msg) {
    return makeDiagnosticError(Result.diagnose(SMLoc::getFromPointer(Ptr),
                                               SourceMgr::DK_Error, Msg));
  }
  Error readPlainModule();
  Error readModule(size_t &Pos);

  Bundle Result;
  StringRef Text;
  InputForm Form;
};
} // namespace mm

Error BundleReader::readPlainModule() {
  StringRef Name = Result.Buffer->getBufferIdentifier();
  SubmoduleHeader Header;
  Header.Name = getPlainModuleName(Name);
  Header.Kind = guessModuleKind(Name, Text);
  Header.Triple = findBodyTriple(Header.Kind, Text);
  Header.Role =
      isGPUTriple(Header.Triple) ? ModuleRole::Device : ModuleRole::Host;
  Submodule M;
  M.Header = std::move(Header);
  M.SourceBody = Text;
  M.Source.BodyLoc = SMLoc::getFromPointer(Text.data());
  Result.PlainModule = true;
  Result.Modules.push_back(std::move(M));
  Result.IndexIsCurrent = false;
  return Error::success();
}

Error BundleReader::readModule(size_t &Pos) {
  size_t Next;
  StringRef Line = lineAt(Text, Pos, Next);
  StringRef Word = Line.drop_front(DirectivePrefix.size())
                       .ltrim(" \t")
                       .take_while([](char C) { return !isBlank(C); });
  if (Word == "bundle")
    return error(Line.data(),
                 "'#mm bundle' must come before the first submodule");
  if (Word != "module")
    return error(Line.data(), "unknown directive '#mm " + Word +
                                  "': expected '#mm module'");

  Submodule M;
  size_t ErrorColumn = 0;
  if (Error E =
          parseModuleHeader(Line, M.Header, M.VerbatimLines, ErrorColumn)) {
    std::string Msg = toString(std::move(E));
    if (!M.getName().empty())
      Msg = "submodule '" + M.getName().str() + "': " + Msg;
    return error(Line.data() + ErrorColumn, Msg);
  }
  M.VerbatimHeader = Text.slice(Pos, Next);
  M.Source.HeaderLoc = SMLoc::getFromPointer(Line.data());
  // The bundle's own index checks the whole-bundle rules as it grows.
  if (!Result.NameIndex.try_emplace(M.getName(), Result.Modules.size()).second)
    return error(Line.data(), "duplicate submodule name '" + M.getName() + "'");
  if (M.getRole() == ModuleRole::Host && Result.HostIndex)
    return error(Line.data(),
                 "submodule '" + M.getName() + "' is a second host; '" +
                     Result.Modules[*Result.HostIndex].getName() +
                     "' is already the host");

  size_t BodyStart = Next;
  Pos = Next;
  if (M.VerbatimLines) {
    for (unsigned I = 0; I < *M.VerbatimLines; ++I) {
      if (Pos == Text.size())
        return error(Line.data(), "submodule '" + M.getName() + "' has " +
                                      Twine(I) + " body lines, but its " +
                                      "header says lines=" +
                                      Twine(*M.VerbatimLines));
      lineAt(Text, Pos, Pos);
    }
    if (Pos != Text.size() && !isDirectiveLine(lineAt(Text, Pos, Next)))
      return error(Text.data() + Pos,
                   "expected a '#mm' directive after the " +
                       Twine(*M.VerbatimLines) + "-line body of submodule '" +
                       M.getName() + "'");
  } else {
    while (Pos != Text.size() && !isDirectiveLine(lineAt(Text, Pos, Next)))
      Pos = Next;
  }
  M.SourceBody = Text.slice(BodyStart, Pos);
  M.Source.BodyLoc = SMLoc::getFromPointer(Text.data() + BodyStart);
  if (M.getRole() == ModuleRole::Host)
    Result.HostIndex = Result.Modules.size();
  Result.Modules.push_back(std::move(M));
  return Error::success();
}

Expected<Bundle> BundleReader::read() {
  if (Form == InputForm::PlainModule) {
    if (Error E = readPlainModule())
      return std::move(E);
    return std::move(Result);
  }
  // The preamble: comments, blank lines and at most one `#mm bundle`.
  size_t Pos = 0;
  const char *FirstText = nullptr;
  bool SeenBundleDirective = false;
  while (Pos != Text.size()) {
    size_t Next;
    StringRef Line = lineAt(Text, Pos, Next);
    if (isDirectiveLine(Line)) {
      StringRef Word = Line.drop_front(DirectivePrefix.size()).ltrim(" \t");
      if (!Word.starts_with("bundle") ||
          (Word.size() > 6 && !isBlank(Word[6])))
        break;
      if (SeenBundleDirective)
        return error(Line.data(), "duplicate '#mm bundle' directive");
      size_t ErrorColumn = 0;
      if (Error E = parseBundleDirective(Line, ErrorColumn)) {
        std::string Msg = toString(std::move(E));
        return error(Line.data() + ErrorColumn, Msg);
      }
      SeenBundleDirective = true;
    } else if (!FirstText && !isBlankOrComment(Line)) {
      FirstText = Line.data();
    }
    Pos = Next;
  }
  if (Pos == Text.size() && !SeenBundleDirective) {
    if (Error E = readPlainModule())
      return std::move(E);
    return std::move(Result);
  }
  if (FirstText)
    return error(FirstText, "expected a '#mm module' header before the "
                            "submodule text");
  Result.Preamble = Text.take_front(Pos).str();

  while (Pos != Text.size())
    if (Error E = readModule(Pos))
      return std::move(E);
  return std::move(Result);
}

InputForm mm::getInputForm(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".ll" || Ext == ".mlir" ? InputForm::PlainModule
                                        : InputForm::Detect;
}

Expected<Bundle> mm::readBundle(std::unique_ptr<MemoryBuffer> Buffer,
                                InputForm Form) {
  if (isBinaryBundle(Buffer->getBuffer()))
    return readBinaryBundle(std::move(Buffer));
  return BundleReader(std::move(Buffer), Form).read();
}

Expected<Bundle> mm::readBundleFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false,
                                   /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read '%s': %s",
                             Path.str().c_str(),
                             Buffer.getError().message().c_str());
  return readBundle(std::move(*Buffer), getInputForm(Path));
}
