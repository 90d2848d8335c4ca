//===- mm/Bundle/LLVMModule.h - Loading LLVM IR submodules -----*- C++ -*-===//

#ifndef MM_BUNDLE_LLVMMODULE_H
#define MM_BUNDLE_LLVMMODULE_H

#include "mm/Bundle/Bundle.h"

#include <functional>
#include <optional>

#include <memory>
#include <utility>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mm {

/// What opt's -mtriple and -march change in how a body is read.
struct TargetOverrides {
  /// A normalized triple that replaces the header's and the body's.
  llvm::StringRef Triple;
  /// A target name that replaces the architecture of the triple from which
  /// a missing datalayout is inferred.
  llvm::StringRef Arch;
  /// A datalayout that replaces the body's, as opt's -data-layout.
  llvm::StringRef DataLayout;
  /// Given the body's triple (the header's if the body has none), the
  /// datalayout that replaces the body's, as llc gives every module its
  /// TargetMachine's while it parses it; none to keep the body's.
  std::function<std::optional<std::string>(llvm::StringRef Triple)>
      LayoutForTriple;
};

/// Parses the LLVM IR body of \p M into \p Context, the way opt reads a file:
/// a body without a datalayout gets the one its triple implies. The header's
/// triple must agree with the body's; a body without a triple gets the
/// header's. \p Overrides apply as opt applies -mtriple, -march and
/// -data-layout. Parse
/// errors are located in the bundle file.
llvm::Expected<std::unique_ptr<llvm::Module>>
parseLLVMSubmodule(const Bundle &B, const Submodule &M,
                   llvm::LLVMContext &Context,
                   const TargetOverrides &Overrides = {});

/// Where \p IRText, a line of IR as LLVM prints it (an instruction quoted in
/// a message), stands in \p M's body: a 1-based line and column of its first
/// occurrence at the start of a line; {0, 0} when it is nowhere.
std::pair<unsigned, unsigned> findPrintedIR(const Submodule &M,
                                            llvm::StringRef IRText);

/// Runs LLVM's verifier on \p Module, parsed from \p M.
llvm::Error verifyLLVMSubmodule(const Bundle &B, const Submodule &M,
                                const llvm::Module &Module);

} // namespace mm

#endif // MM_BUNDLE_LLVMMODULE_H
