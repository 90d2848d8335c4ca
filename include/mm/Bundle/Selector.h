//===- mm/Bundle/Selector.h - Choosing submodules --------------*- C++ -*-===//
//
// Tools name the submodules an option applies to with a selector: a glob on
// the name ("kern*"), `role=host` or `role=device`, or `triple=GLOB`
// ("triple=nvptx*").
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLE_SELECTOR_H
#define MM_BUNDLE_SELECTOR_H

#include "mm/Bundle/Bundle.h"

#include "llvm/Support/GlobPattern.h"

namespace mm {

class SubmoduleSelector {
public:
  static llvm::Expected<SubmoduleSelector> parse(llvm::StringRef Text);

  bool matches(const Submodule &M) const;

private:
  enum class Field { Name, Role, Triple };
  SubmoduleSelector(Field F, llvm::GlobPattern Pattern, ModuleRole Role)
      : Selected(F), Pattern(std::move(Pattern)), Role(Role) {}

  Field Selected;
  llvm::GlobPattern Pattern;
  ModuleRole Role;
};

/// Applies "SELECTOR:KEY=VALUE" to the header of every submodule that
/// SELECTOR matches, as a header field would set it. Returns how many
/// submodules matched.
llvm::Expected<unsigned> applyFieldOverride(Bundle &B, llvm::StringRef Spec);

/// applyFieldOverride for a tool's `--set=SPEC` option: its errors name the
/// option, and a selector that matches nothing is an error.
llvm::Error applySetOption(Bundle &B, llvm::StringRef Spec);

/// Applies a tool's `--set` options in order (applySetOption), then checks
/// that they left at most one host.
llvm::Error applySetOptions(Bundle &B, llvm::ArrayRef<std::string> Specs);

/// Fails if \p B, whose headers --set overrode, has more than one host.
llvm::Error checkOverriddenHosts(const Bundle &B);

/// Parses a tool's `--module` options, each of which must match a submodule
/// of \p B. Their errors name the option.
llvm::Expected<std::vector<SubmoduleSelector>>
parseModuleOptions(const Bundle &B, llvm::ArrayRef<std::string> Texts);

/// True if \p M is selected: \p Selectors is empty or one of them matches.
bool isSelected(llvm::ArrayRef<SubmoduleSelector> Selectors,
                const Submodule &M);

} // namespace mm

#endif // MM_BUNDLE_SELECTOR_H
