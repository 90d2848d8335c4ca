//===- mm/Bundle/Reader.h - Reading .mml bundles ---------------*- C++ -*-===//
//
// Splits a bundle file into its submodules without copying the bodies, and
// reports syntax errors in the file's own coordinates. A file without any
// `#mm` directive is read as a bundle of one submodule (see format-spec/).
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLE_READER_H
#define MM_BUNDLE_READER_H

#include "mm/Bundle/Bundle.h"

namespace mm {

/// The directive prefix that opens every header line.
inline constexpr llvm::StringLiteral DirectivePrefix = "#mm";
/// The newest format version this library reads and writes.
inline constexpr unsigned FormatVersion = 1;

/// True if \p Line (without its terminator) is a `#mm` directive line: it
/// starts with "#mm" followed by a space, a tab, or the end of the line.
bool isDirectiveLine(llvm::StringRef Line);

/// How to take an input's text.
enum class InputForm {
  /// A bundle if any line is a `#mm` directive, else a plain module.
  Detect,
  /// Always a plain module, whatever its lines look like.
  PlainModule,
};

/// The form a file name implies: `.ll` and `.mlir` files hold one plain
/// module (as opt and mlir-opt read them); anything else is detected.
InputForm getInputForm(llvm::StringRef Path);

/// Reads a bundle from \p Buffer, which the bundle then owns. The buffer's
/// identifier names the file in diagnostics and, for a plain module, gives
/// the submodule its name and kind (from the extension). A buffer that
/// starts with LLVM bitcode's magic is a binary bundle or a plain bitcode
/// module (readBinaryBundle), whatever \p Form says.
llvm::Expected<Bundle> readBundle(std::unique_ptr<llvm::MemoryBuffer> Buffer,
                                  InputForm Form = InputForm::Detect);

/// Reads the bundle in \p Path ("-" for standard input), in the form its
/// name implies.
llvm::Expected<Bundle> readBundleFile(llvm::StringRef Path);

/// Parses one `#mm module` header line (without its terminator) into
/// \p Header. \p LinesField receives a `lines=` count if present. Errors are
/// plain messages; \p ErrorColumn receives the 0-based column they refer to.
llvm::Error parseModuleHeader(llvm::StringRef Line, SubmoduleHeader &Header,
                              std::optional<unsigned> &LinesField,
                              size_t &ErrorColumn);

/// The location in the bundle file of the \p Occurrence-th (0-based) field
/// named \p Key in \p M's header line, at the field's key; invalid if the
/// header did not come from a file, has been edited, or has no such field.
llvm::SMLoc findHeaderField(const Submodule &M, llvm::StringRef Key,
                            unsigned Occurrence = 0);

/// True for the `key` of every header field but `lines`: kind, triple, role,
/// opt, passes, cpu, features, mllvm and extension fields `x-...`.
bool isKnownModuleField(llvm::StringRef Key);

/// Sets field \p Key of \p Header to \p Value as a header line would
/// (`mllvm` appends). Fails on an unknown key or an invalid value.
llvm::Error setModuleField(SubmoduleHeader &Header, llvm::StringRef Key,
                           llvm::StringRef Value);

/// The submodule name of a plain module read from \p FileName: its stem,
/// with characters that names cannot hold replaced by '_' ("stdin" for
/// standard input).
std::string getPlainModuleName(llvm::StringRef FileName);

/// Infers a plain module's kind from its buffer name and text.
ModuleKind guessModuleKind(llvm::StringRef FileName, llvm::StringRef Text);

/// Finds the target triple a body declares (`target triple = "..."` in LLVM
/// IR, `llvm.target_triple = "..."` in MLIR), or returns an empty string.
std::string findBodyTriple(ModuleKind Kind, llvm::StringRef Body);

} // namespace mm

#endif // MM_BUNDLE_READER_H
