//===- Commands.h - The commands a driver runs ------------------*- C++ -*-===//
//
// Every tool a driver starts (clang, mm-llc, the linker, mm-lli, the
// program) goes through one CommandRunner, which prints it first with -v and
// instead of running it with --dryrun: as nvcc prints its commands
// (`#$ ` lines, paths quoted) for the toolkit's nvcc, as a shell line for
// mm-nvcc.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_NVCC_COMMANDS_H
#define MM_LIB_NVCC_COMMANDS_H

#include "Options.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mm::nvcc {

class CommandRunner {
public:
  /// \p WorkDir holds the build's temporary files.
  CommandRunner(const Invocation &Inv, llvm::StringRef WorkDir)
      : Inv(Inv), WorkDir(WorkDir.str()) {}

  /// Runs \p Args, whose diagnostics go to standard error as they come;
  /// fails, naming \p What, if it fails. With \p ExitCode, a command that
  /// exits is a success and \p ExitCode its code (the program's, for -run).
  llvm::Error run(llvm::ArrayRef<std::string> Args, llvm::StringRef What,
                  int *ExitCode = nullptr) const;

  /// Prints \p Args as -v prints a command.
  void print(llvm::ArrayRef<std::string> Args) const;

  /// A path for a temporary file named \p Name, in a directory unique in
  /// this build.
  std::string getTemporaryPath(llvm::StringRef Name);

  bool isDryRun() const { return Inv.DryRun; }

private:
  const Invocation &Inv;
  std::string WorkDir;
  unsigned Counter = 0;
};

} // namespace mm::nvcc

#endif // MM_LIB_NVCC_COMMANDS_H
