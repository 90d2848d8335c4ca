//===- mm/Bundle/BinaryBundle.h - The binary form of a bundle --*- C++ -*-===//
//
// A bundle in binary form is one LLVM bitcode file with one bitcode module
// per submodule, in order: an LLVM submodule's own module, an MLIR
// submodule's MLIR bytecode in a carrier module. Each module carries its
// submodule's header line in named metadata, so that LLVM's tools read the
// LLVM parts (`llvm-modextract -n K`, `llvm-dis`). A bitcode wrapper header
// around them carries the checksum of the bitcode, which a reader checks
// before any bitcode reader sees a byte. See format-spec/mml-binary-v1.md.
// No MLIR header is needed to use it.
//
//===----------------------------------------------------------------------===//

#ifndef MM_BUNDLE_BINARYBUNDLE_H
#define MM_BUNDLE_BINARYBUNDLE_H

#include "mm/Bundle/Bundle.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mm {

/// The named metadata that holds a module's submodule header line.
inline constexpr llvm::StringLiteral ModuleHeaderMetadata = "mm.module";
/// The named metadata of the first module that describes the bundle.
inline constexpr llvm::StringLiteral BundleMetadata = "mm.bundle";
/// The named metadata of an MLIR submodule's carrier module that holds its
/// MLIR bytecode.
inline constexpr llvm::StringLiteral MLIRBytecodeMetadata = "mm.mlir.bytecode";
/// The version of the binary form this library reads and writes.
inline constexpr unsigned BinaryFormatVersion = 1;

/// True if \p Data starts like LLVM bitcode: a binary bundle, or a plain
/// bitcode module.
bool isBinaryBundle(llvm::StringRef Data);

/// Reads a bundle in binary form, or a plain bitcode file as a bundle of one
/// plain module, from \p Buffer, which the bundle keeps (for its name).
/// Bodies become text: LLVM IR printed as llvm-dis prints it, MLIR printed as
/// mlir-opt prints it. A binary bundle's checksum is checked first, and the
/// bitcode is decoded in a child process (runInChildProcess): a corrupt or
/// crafted file is an error, never a crash of the caller. Call it before
/// starting threads.
llvm::Expected<Bundle>
readBinaryBundle(std::unique_ptr<llvm::MemoryBuffer> Buffer);

/// Rewrites the header of \p Data, a binary bundle whose bitcode was edited
/// on purpose (by a test or a fuzzer), to describe that bitcode: its size
/// and checksum, as a writer would. Returns false if \p Data does not start
/// like a binary bundle.
bool sealBinaryBundle(std::string &Data);

/// Writes \p B in binary form. Every body is parsed (and an LLVM body
/// verified); the first error is returned and nothing is written.
llvm::Error writeBinaryBundle(const Bundle &B, llvm::raw_ostream &OS);

/// The two forms of a bundle.
enum class BundleForm { Text, Binary };

/// Writes \p B in \p Form to \p Path ("-" for standard output) through
/// writeOutputFile. The binary form is built in memory first, so that a body
/// it cannot convert leaves no output (and an existing file as it was), and
/// is not written to a terminal.
llvm::Error writeBundleFile(const Bundle &B, llvm::StringRef Path,
                            BundleForm Form);

} // namespace mm

#endif // MM_BUNDLE_BINARYBUNDLE_H
