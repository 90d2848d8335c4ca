//===- Selector.cpp - Choosing submodules ---------------------------------===//

#include "mm/Bundle/Selector.h"
#include "mm/Bundle/Reader.h"

using namespace llvm;
using namespace mm;

Expected<SubmoduleSelector> SubmoduleSelector::parse(StringRef Text) {
  if (Text.empty())
    return createStringError("empty submodule selector");
  auto MakeGlob = [](StringRef Glob) -> Expected<GlobPattern> {
    return GlobPattern::create(Glob);
  };
  if (Text.consume_front("role=")) {
    std::optional<ModuleRole> Role = parseRoleName(Text);
    if (!Role)
      return createStringError("invalid role '%s': expected 'host' or "
                               "'device'",
                               Text.str().c_str());
    Expected<GlobPattern> Any = MakeGlob("*");
    if (!Any)
      return Any.takeError();
    return SubmoduleSelector(Field::Role, std::move(*Any), *Role);
  }
  bool ByTriple = Text.consume_front("triple=");
  Expected<GlobPattern> Glob = MakeGlob(Text);
  if (!Glob)
    return Glob.takeError();
  return SubmoduleSelector(ByTriple ? Field::Triple : Field::Name,
                           std::move(*Glob), ModuleRole::Host);
}

bool SubmoduleSelector::matches(const Submodule &M) const {
  switch (Selected) {
  case Field::Name:
    return Pattern.match(M.getName());
  case Field::Role:
    return M.getRole() == Role;
  case Field::Triple:
    return Pattern.match(M.getTriple());
  }
  llvm_unreachable("unknown selector field");
}

Expected<unsigned> mm::applyFieldOverride(Bundle &B, StringRef Spec) {
  // Selectors hold no ':' (names and triples cannot), values may.
  auto [SelectorText, Assignment] = Spec.split(':');
  auto [Key, Value] = Assignment.split('=');
  if (SelectorText.empty() || Key.empty() || !Assignment.contains('='))
    return createStringError("expected SELECTOR:KEY=VALUE");
  if (!isKnownModuleField(Key))
    return createStringError("unknown field '%s'", Key.str().c_str());
  Expected<SubmoduleSelector> Selector = SubmoduleSelector::parse(SelectorText);
  if (!Selector)
    return Selector.takeError();
  unsigned Matched = 0;
  for (Submodule &M : B) {
    if (!Selector->matches(M))
      continue;
    ++Matched;
    if (Error E = setModuleField(M.editHeader(), Key, Value))
      return std::move(E);
  }
  return Matched;
}

Error mm::applySetOption(Bundle &B, StringRef Spec) {
  Expected<unsigned> Matched = applyFieldOverride(B, Spec);
  if (!Matched)
    return createStringError("invalid --set '%s': %s", Spec.str().c_str(),
                             toString(Matched.takeError()).c_str());
  if (*Matched == 0)
    return createStringError("--set '%s' matches no submodule",
                             Spec.str().c_str());
  return Error::success();
}

Error mm::applySetOptions(Bundle &B, ArrayRef<std::string> Specs) {
  for (const std::string &Spec : Specs)
    if (Error E = applySetOption(B, Spec))
      return E;
  return checkOverriddenHosts(B);
}

Error mm::checkOverriddenHosts(const Bundle &B) {
  const Submodule *Host = nullptr;
  for (const Submodule &M : B) {
    if (M.getRole() != ModuleRole::Host)
      continue;
    if (Host)
      return createStringError(
          "--set leaves two hosts: submodules '%s' and '%s'",
          Host->getName().str().c_str(), M.getName().str().c_str());
    Host = &M;
  }
  return Error::success();
}

Expected<std::vector<SubmoduleSelector>>
mm::parseModuleOptions(const Bundle &B, ArrayRef<std::string> Texts) {
  std::vector<SubmoduleSelector> Selectors;
  for (const std::string &Text : Texts) {
    Expected<SubmoduleSelector> Selector = SubmoduleSelector::parse(Text);
    if (!Selector)
      return createStringError("invalid --module '%s': %s", Text.c_str(),
                               toString(Selector.takeError()).c_str());
    if (none_of(B, [&](const Submodule &M) { return Selector->matches(M); }))
      return createStringError("--module '%s' matches no submodule",
                               Text.c_str());
    Selectors.push_back(std::move(*Selector));
  }
  return Selectors;
}

bool mm::isSelected(ArrayRef<SubmoduleSelector> Selectors,
                    const Submodule &M) {
  return Selectors.empty() ||
         any_of(Selectors,
                [&](const SubmoduleSelector &S) { return S.matches(M); });
}
