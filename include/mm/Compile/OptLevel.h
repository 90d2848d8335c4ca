//===- mm/Compile/OptLevel.h - Optimization levels by name ------*- C++ -*-===//

#ifndef MM_COMPILE_OPTLEVEL_H
#define MM_COMPILE_OPTLEVEL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mm {

/// What an optimization level (mm/Bundle/OptLevels.def) means to LLVM.
struct OptLevel {
  llvm::StringRef Name;
  /// The level of the `default<Name>` pipeline.
  llvm::OptimizationLevel Pipeline;
  /// The level the code generator runs at.
  llvm::CodeGenOptLevel Codegen;

  /// The new pass manager's pipeline for it: "default<O3>".
  std::string getDefaultPipeline() const;
};

/// The level named \p Name ("O0".."O3", "Os", "Oz"), if any.
std::optional<OptLevel> lookupOptLevel(llvm::StringRef Name);

/// The level of a code generator's -O\p Flag, as llc and lli take it: -O0
/// to -O3 (-Os and -Oz name opt's pipelines, not code generation levels).
llvm::Expected<OptLevel> parseCodegenLevelFlag(char Flag);

} // namespace mm

#endif // MM_COMPILE_OPTLEVEL_H
