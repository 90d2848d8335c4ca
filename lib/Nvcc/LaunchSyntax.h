//===- LaunchSyntax.h - Kernel launches as nvcc reads them ------*- C++ -*-===//
//
// nvcc's front end reads a kernel launch whose chevrons are spaced,
// `kernel << <grid, block>> >(args)`, as `kernel<<<grid, block>>>(args)`;
// clang lexes `<<<` and `>>>` only unspaced. Rodinia's particlefilter is
// written so. The drivers give clang such a source with its launches
// respelled (clang's -remap-file, so that diagnostics, __FILE__ and
// dependency files still name the source), and so the headers that it
// includes from its own directory and the include directories that the
// command line names.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_NVCC_LAUNCHSYNTAX_H
#define MM_LIB_NVCC_LAUNCHSYNTAX_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mm::nvcc {

/// \p Source with each spaced launch `<< <` ... `>> >` (spaces or tabs
/// between) respelled `<<<` ... `>>>`, the blanks after the chevrons, so
/// that every other character keeps its line and column; nothing if it has
/// none. `<<` then `<` cannot
/// be anything else in C++; its closing `>>` then `>` is the first at the
/// opener's depth of parentheses, brackets and braces. Comments, string and
/// character literals (raw strings too) are left alone.
std::optional<std::string> respellSpacedLaunches(llvm::StringRef Source);

/// A header that an `#include` line of a source names.
struct IncludedHeader {
  std::string Name;
  /// `<Name>` rather than `"Name"`.
  bool Angled;
};

/// The headers that \p Source's `#include` lines name, whatever the
/// conditions around them.
std::vector<IncludedHeader> getIncludedHeaders(llvm::StringRef Source);

} // namespace mm::nvcc

#endif // MM_LIB_NVCC_LAUNCHSYNTAX_H
