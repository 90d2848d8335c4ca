//===- mm/Bundle/Writer.h - Writing .mml bundles ---------------*- C++ -*-===//
//
// Writes a bundle back as text. An unedited bundle is reproduced byte for
// byte; edited headers are written in canonical form, deterministically.
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLE_WRITER_H
#define MM_BUNDLE_WRITER_H

#include "mm/Bundle/Bundle.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mm {

/// Writes \p B to \p OS in the text format.
void writeBundle(const Bundle &B, llvm::raw_ostream &OS);

/// The canonical header line of \p M for its current body, without the line
/// terminator.
std::string formatModuleHeader(const Submodule &M);

/// The fields of \p H after `role=`, as a canonical header writes them
/// (` opt=O3 cpu=sm_80 mllvm=...`, each preceded by a blank), without
/// `lines=`; empty if it has none.
std::string formatOptionFields(const SubmoduleHeader &H);

/// True if \p Body has a line that a reader would take for a directive, so
/// its header must carry an explicit `lines=` count.
bool needsExplicitLineCount(llvm::StringRef Body);

/// The number of lines in \p Body, counting a final unterminated line.
unsigned countLines(llvm::StringRef Body);

} // namespace mm

#endif // MM_BUNDLE_WRITER_H
