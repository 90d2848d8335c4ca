//===- LaunchSyntax.cpp - Kernel launches as nvcc reads them --------------===//

#include "LaunchSyntax.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace mm;

namespace {
/// Walks C++ source text, skipping comments and literals.
class SourceScanner {
public:
  explicit SourceScanner(std::string &Text) : Text(Text) {}

  /// Moves past the comment or literal at the position, if any; true if
  /// there was one.
  bool skipCommentOrLiteral();
  /// The position of the first character from \p From on that is neither a
  /// space nor a tab.
  size_t skipBlanks(size_t From) const {
    while (From < Text.size() && (Text[From] == ' ' || Text[From] == '\t'))
      ++From;
    return From;
  }
  /// If two \p Chevron characters, blanks and a third start at the
  /// position, respells them as three, then the blanks, and moves past them.
  bool respellChevrons(char Chevron);

  std::string &Text;
  size_t Pos = 0;
};
} // namespace

bool SourceScanner::skipCommentOrLiteral() {
  StringRef Rest = StringRef(Text).drop_front(Pos);
  if (Rest.starts_with("//")) {
    Pos = std::min(Text.size(), Text.find('\n', Pos));
    return true;
  }
  if (Rest.starts_with("/*")) {
    size_t End = Text.find("*/", Pos + 2);
    Pos = End == std::string::npos ? Text.size() : End + 2;
    return true;
  }
  // A raw string: R"delimiter( ... )delimiter", with an optional prefix.
  if (Rest.consume_front("R\"") || Rest.consume_front("u8R\"") ||
      Rest.consume_front("uR\"") || Rest.consume_front("UR\"") ||
      Rest.consume_front("LR\"")) {
    size_t Open = Rest.find('(');
    if (Open != StringRef::npos) {
      std::string Close = (")" + Rest.take_front(Open) + "\"").str();
      size_t End = Text.find(Close, Text.size() - Rest.size() + Open);
      Pos = End == std::string::npos ? Text.size() : End + Close.size();
      return true;
    }
  }
  char Quote = Text[Pos];
  if (Quote != '"' && Quote != '\'')
    return false;
  // A digit separator (1'000) is no character literal.
  if (Quote == '\'' && Pos > 0 && isAlnum(Text[Pos - 1]))
    return false;
  for (++Pos; Pos < Text.size() && Text[Pos] != Quote && Text[Pos] != '\n';
       ++Pos)
    if (Text[Pos] == '\\')
      ++Pos;
  ++Pos;
  return true;
}

bool SourceScanner::respellChevrons(char Chevron) {
  if (Pos + 1 >= Text.size() || Text[Pos] != Chevron ||
      Text[Pos + 1] != Chevron)
    return false;
  size_t Third = skipBlanks(Pos + 2);
  if (Third == Pos + 2 || Third >= Text.size() || Text[Third] != Chevron ||
      (Third + 1 < Text.size() &&
       (Text[Third + 1] == Chevron || Text[Third + 1] == '=')))
    return false;
  Text[Pos + 2] = Chevron;
  Text[Third] = ' ';
  Pos = Third + 1;
  return true;
}

std::optional<std::string>
mm::nvcc::respellSpacedLaunches(StringRef Source) {
  std::string Text = Source.str();
  SourceScanner Scanner(Text);
  bool Changed = false;
  while (Scanner.Pos < Text.size()) {
    if (Scanner.skipCommentOrLiteral())
      continue;
    if (!Scanner.respellChevrons('<')) {
      ++Scanner.Pos;
      continue;
    }
    Changed = true;
    // The launch's closing chevrons: the first at the opener's depth.
    int Depth = 0;
    while (Scanner.Pos < Text.size()) {
      if (Scanner.skipCommentOrLiteral())
        continue;
      char C = Text[Scanner.Pos];
      if (C == '(' || C == '[' || C == '{')
        ++Depth;
      else if ((C == ')' || C == ']' || C == '}') && --Depth < 0)
        break;
      else if (Depth == 0 && StringRef(Text).drop_front(Scanner.Pos)
                                 .starts_with(">>>"))
        break;
      else if (Depth == 0 && Scanner.respellChevrons('>'))
        break;
      ++Scanner.Pos;
    }
  }
  if (!Changed)
    return std::nullopt;
  return Text;
}

std::vector<mm::nvcc::IncludedHeader>
mm::nvcc::getIncludedHeaders(StringRef Source) {
  std::vector<IncludedHeader> Headers;
  while (!Source.empty()) {
    auto [Line, Rest] = Source.split('\n');
    Source = Rest;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim(" \t");
    bool Angled = Line.starts_with("<");
    if (!Angled && !Line.starts_with("\""))
      continue;
    size_t End = Line.find(Angled ? '>' : '"', 1);
    if (End != StringRef::npos && End > 1)
      Headers.push_back({Line.slice(1, End).str(), Angled});
  }
  return Headers;
}
