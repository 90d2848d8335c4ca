//===- KernelModules.cpp - Nested kernel modules --------------------------===//
//
// Finds the kernel modules of an MLIR body on its text: the `gpu.module`
// ops one brace deep, outside strings and comments, each up to the brace
// that closes it at the end of a line.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/KernelModules.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace mm;

/// \p Name as an MLIR symbol reference: bare when it is an identifier.
static std::string formatSymbol(StringRef Name) {
  bool Bare = !Name.empty() && !isDigit(Name.front()) &&
              all_of(Name, [](char C) { return isAlnum(C) || C == '_'; });
  return Bare ? ("@" + Name).str() : ("@\"" + Name + "\"").str();
}

std::string mm::getKernelModuleReference(StringRef Name) {
  return ("gpu.binary " + formatSymbol(Name) +
          " [#gpu.object<#nvvm.target, \"" + Name + "::\">]")
      .str();
}

namespace {
/// A kernel module in the host's text.
struct KernelModuleText {
  std::string Name;
  size_t Begin, End; ///< [Begin, End): `gpu.module` to its closing brace.
  size_t Column;     ///< 0-based column of Begin.
};

/// A scan over MLIR text that steps over strings and `//` comments and
/// tracks the depth of braces, brackets and parentheses.
class MLIRScanner {
public:
  explicit MLIRScanner(StringRef Text) : Text(Text) {}

  /// Moves past the next character, string or comment; false at the end.
  bool step() {
    if (At >= Text.size())
      return false;
    char C = Text[At];
    if (C == '/' && Text.substr(At).starts_with("//")) {
      At = std::min(Text.find('\n', At), Text.size());
      return true;
    }
    if (C == '"') {
      for (++At; At < Text.size() && Text[At] != '"' && Text[At] != '\n';
           ++At)
        if (Text[At] == '\\')
          ++At;
      At = std::min(At + 1, Text.size());
      return true;
    }
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if ((C == ')' || C == ']' || C == '}') && Depth)
      --Depth;
    ++At;
    return true;
  }

  size_t position() const { return At; }
  unsigned depth() const { return Depth; }
  /// True if only blanks or a comment follow the current position on its
  /// line.
  bool restOfLineIsBlank() const {
    StringRef Rest = Text.substr(At).take_until([](char C) { return C == '\n'; });
    Rest = Rest.ltrim(" \t\r");
    return Rest.empty() || Rest.starts_with("//");
  }

private:
  StringRef Text;
  size_t At = 0;
  unsigned Depth = 0;
};
} // namespace

/// The name after `gpu.module` at \p At in \p Text: `@name` or `@"name"`.
static std::optional<std::string> parseSymbolName(StringRef Text, size_t At) {
  StringRef Rest = Text.substr(At).ltrim(" \t");
  if (!Rest.consume_front("@"))
    return std::nullopt;
  if (Rest.consume_front("\"")) {
    size_t Quote = Rest.find('"');
    if (Quote == StringRef::npos)
      return std::nullopt;
    return Rest.take_front(Quote).str();
  }
  StringRef Name = Rest.take_while(
      [](char C) { return isAlnum(C) || C == '_' || C == '$' || C == '.'; });
  if (Name.empty())
    return std::nullopt;
  return Name.str();
}

/// The kernel modules directly inside the top-level module of \p Text.
static Expected<std::vector<KernelModuleText>>
findKernelModules(StringRef Text) {
  static constexpr StringLiteral Keyword = "gpu.module";
  std::vector<KernelModuleText> Found;
  MLIRScanner Scan(Text);
  while (true) {
    size_t At = Scan.position();
    size_t LineStart = Text.rfind('\n', At) + 1; // npos + 1 == 0
    bool StartsOp = Scan.depth() == 1 &&
                    Text.substr(At).starts_with(Keyword) &&
                    Text.slice(LineStart, At).trim(" \t").empty() &&
                    At + Keyword.size() < Text.size() &&
                    isSpace(Text[At + Keyword.size()]);
    if (!StartsOp) {
      if (!Scan.step())
        break;
      continue;
    }
    std::optional<std::string> Name =
        parseSymbolName(Text, At + Keyword.size());
    if (!Name)
      return createStringError("a gpu.module without a name at offset %zu",
                               At);
    // To the brace that brings the depth back to 1 at the end of a line:
    // `attributes {...} {` and `[#nvvm.target] {` close groups before the
    // region opens.
    bool Closed = false;
    while (Scan.step())
      if (Scan.depth() == 1 && Text[Scan.position() - 1] == '}' &&
          Scan.restOfLineIsBlank()) {
        Closed = true;
        break;
      }
    if (!Closed)
      return createStringError("kernel module '@%s' is not closed",
                               Name->c_str());
    Found.push_back({*Name, At, Scan.position(), At - LineStart});
  }
  return Found;
}

/// Splits \p Text into lines, each with its terminator.
static SmallVector<StringRef> splitLinesKeepingEnds(StringRef Text) {
  SmallVector<StringRef> Lines;
  while (!Text.empty()) {
    size_t End = std::min(Text.find('\n'), Text.size() - 1) + 1;
    Lines.push_back(Text.take_front(End));
    Text = Text.drop_front(End);
  }
  return Lines;
}

/// \p Text with \p Indent columns of spaces removed from every line after
/// the first, if each such line that is not empty has them.
static std::string dedent(StringRef Text, size_t Indent) {
  SmallVector<StringRef> Lines = splitLinesKeepingEnds(Text);
  std::string Spaces(Indent, ' ');
  for (StringRef Line : ArrayRef(Lines).drop_front())
    if (Line != "\n" && Line != "\r\n" && !Line.starts_with(Spaces))
      return Text.str();
  std::string Result = Lines.front().str();
  for (StringRef Line : ArrayRef(Lines).drop_front())
    Result += Line.starts_with(Spaces) ? Line.drop_front(Indent) : Line;
  return Result;
}

/// \p Text with \p Indent spaces before every line after the first that is
/// not empty: what dedent took away.
static std::string indent(StringRef Text, size_t Indent) {
  SmallVector<StringRef> Lines = splitLinesKeepingEnds(Text);
  std::string Result;
  for (auto [I, Line] : enumerate(Lines)) {
    if (I && Line != "\n" && Line != "\r\n")
      Result.append(Indent, ' ');
    Result += Line;
  }
  return Result;
}

Expected<Bundle> mm::unnestKernelModules(const Bundle &B) {
  const Submodule *Host = B.getHost();
  if (!Host || Host->getKind() != ModuleKind::MLIR)
    return createStringError("'%s' has no MLIR host submodule",
                             B.getSourceName().str().c_str());
  StringRef Text = Host->getBody();
  Expected<std::vector<KernelModuleText>> Kernels = findKernelModules(Text);
  if (!Kernels)
    return B.moduleError(*Host, toString(Kernels.takeError()));
  if (Kernels->empty())
    return B.moduleError(*Host,
                         "no kernel module (gpu.module) in the host's module "
                         "(gpu.launch bodies become kernel modules only when "
                         "MLIR's gpu-kernel-outlining runs, as mm-lli runs "
                         "it)");

  std::string HostText;
  size_t Copied = 0;
  std::vector<Submodule> Devices;
  for (const KernelModuleText &K : *Kernels) {
    HostText += Text.slice(Copied, K.Begin);
    HostText += getKernelModuleReference(K.Name);
    Copied = K.End;
    SubmoduleHeader Header;
    Header.Name = K.Name;
    Header.Kind = ModuleKind::MLIR;
    Header.Triple = KernelModuleTriple.str();
    Header.Role = ModuleRole::Device;
    Devices.emplace_back(std::move(Header),
                         dedent(Text.slice(K.Begin, K.End), K.Column) + "\n");
  }
  HostText += Text.substr(Copied);

  Bundle Result;
  Result.setPreamble(B.isPlainModule() ? "" : B.getPreamble().str());
  for (const Submodule &M : B) {
    Submodule Copy = M;
    if (&M == Host)
      Copy.setBody(HostText);
    if (Error E = Result.add(std::move(Copy)))
      return std::move(E);
  }
  for (Submodule &Device : Devices)
    if (Error E = Result.add(std::move(Device)))
      return B.moduleError(*Host, "kernel module '@" + Device.getName() +
                                      "': " + toString(std::move(E)));
  return std::move(Result);
}

Expected<std::string> mm::nestKernelModules(const Bundle &B) {
  const Submodule *Host = B.getHost();
  if (!Host || Host->getKind() != ModuleKind::MLIR)
    return createStringError("'%s' has no MLIR host submodule",
                             B.getSourceName().str().c_str());
  std::string Text = Host->getBody().str();
  for (const Submodule &M : B) {
    if (&M == Host)
      continue;
    StringRef Body = M.getBody();
    static constexpr StringLiteral Keyword = "gpu.module";
    if (M.getKind() != ModuleKind::MLIR || !Body.starts_with(Keyword) ||
        parseSymbolName(Body, Keyword.size()) != M.getName())
      return B.moduleError(M, "not a kernel module: its body does not start "
                              "with 'gpu.module " +
                                  formatSymbol(M.getName()) + "'");
    std::string Reference = getKernelModuleReference(M.getName());
    size_t At = Text.find(Reference);
    if (At == std::string::npos ||
        Text.find(Reference, At + 1) != std::string::npos)
      return B.moduleError(M, "the host refers to it " +
                                  Twine(At == std::string::npos ? "nowhere"
                                                                : "twice") +
                                  " ('" + Reference + "')");
    size_t Column = At - (StringRef(Text).rfind('\n', At) + 1);
    std::string Kernel = indent(Body, Column);
    if (StringRef(Kernel).ends_with("\n"))
      Kernel.pop_back();
    Text.replace(At, Reference.size(), Kernel);
  }
  return Text;
}
