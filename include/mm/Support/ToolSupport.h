//===- mm/Support/ToolSupport.h - Shared tool plumbing ---------*- C++ -*-===//

#ifndef MM_SUPPORT_TOOLSUPPORT_H
#define MM_SUPPORT_TOOLSUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class raw_ostream;
namespace cl {
class OptionCategory;
} // namespace cl
} // namespace llvm

namespace mm {

/// The project's version, "MAJOR.MINOR.PATCH".
llvm::StringRef getVersion();

/// What every tool's main does after InitLLVM: --version prints mm's version
/// after LLVM's, and a file size limit (SIGXFSZ) is a failed write, reported
/// and survived as a full disk is, not a crash.
void setUpToolProcess();

/// Hides the options outside \p Categories from --help, as LLVM's tools do,
/// unless \p Argv asks for --help-hidden or --help-list-hidden: those list
/// every option the tool accepts, LLVM's own included, as opt's do.
void hideUnrelatedOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> Categories, int Argc,
    const char *const *Argv);

/// Lists LLVM's options \p Names (those of them that LLVM registers) in
/// \p Category, and so in the tool's --help: the reports on passes that the
/// tool supports, such as -time-passes.
void showLLVMOptions(llvm::cl::OptionCategory &Category,
                     llvm::ArrayRef<llvm::StringLiteral> Names);

/// Writes \p Path ("-" for standard output). A regular file (or a new one) is
/// written to a temporary file in its directory that is renamed over \p Path
/// only if \p Write succeeds and every byte reached it: a failure never leaves
/// a partial, empty or clobbered output behind (tools refuse an output that
/// is an input first: checkOutputIsNotInput). Standard output and other
/// files that are not regular (a pipe, /dev/null) are written in place.
llvm::Error
writeOutputFile(llvm::StringRef Path,
                llvm::function_ref<llvm::Error(llvm::raw_ostream &)> Write);

/// Writes files into one directory. Each file is written to a temporary file
/// in that directory, renamed over the file only if its writer succeeds and
/// every byte reached it (see writeOutputFile); one temporary name serves all
/// the files, so that writing N files costs time linear in N.
class OutputDirectory {
public:
  /// \p Dir may be empty: the current directory.
  explicit OutputDirectory(llvm::StringRef Dir);
  OutputDirectory(const OutputDirectory &) = delete;
  OutputDirectory &operator=(const OutputDirectory &) = delete;
  ~OutputDirectory();

  /// Writes the file \p Name of the directory.
  llvm::Error write(llvm::StringRef Name,
                    llvm::function_ref<llvm::Error(llvm::raw_ostream &)> Write);

private:
  std::string Dir;
  llvm::SmallString<256> TempPath;
};

/// Fails if \p Output, a file the tool is about to write, is one of \p Inputs:
/// the same file (device and inode), or the same path where it does not
/// exist yet. Standard output and outputs that are not regular files (a
/// pipe, /dev/null) are never inputs. Tools call it before anything runs,
/// so that an input is never replaced by what the tool made of it.
llvm::Error checkOutputIsNotInput(llvm::StringRef Output,
                                  llvm::ArrayRef<std::string> Inputs);

/// Fails if \p Path is "-" and standard output is a terminal: binary output
/// is not written to a terminal, as LLVM's tools refuse to.
llvm::Error checkBinaryOutput(llvm::StringRef Path);

} // namespace mm

#endif // MM_SUPPORT_TOOLSUPPORT_H
