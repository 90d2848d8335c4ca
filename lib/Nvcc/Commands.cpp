//===- Commands.cpp - The commands a driver runs --------------------------===//

#include "Commands.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm::nvcc;

void CommandRunner::print(ArrayRef<std::string> Args) const {
  bool Toolkit = Inv.Driver == Personality::Toolkit;
  if (Toolkit)
    errs() << "#$ ";
  ListSeparator Space(" ");
  for (const std::string &Arg : Args) {
    errs() << Space;
    bool Plain = !Arg.empty() &&
                 Arg.find_first_of(" \t\"'\\$") == std::string::npos;
    // nvcc quotes paths; CMake finds the toolkit's library directory in the
    // link line by its quoted -L argument.
    if (Toolkit && (!Plain || StringRef(Arg).contains('/')))
      errs() << '"' << Arg << '"';
    else if (Plain)
      errs() << Arg;
    else
      errs() << '\'' << Arg << '\'';
  }
  errs() << '\n';
}

Error CommandRunner::run(ArrayRef<std::string> Args, StringRef What,
                         int *ExitCode) const {
  if (Inv.Verbose || Inv.DryRun)
    print(Args);
  if (Inv.DryRun)
    return Error::success();
  SmallVector<StringRef> Argv(Args.begin(), Args.end());
  std::string Message;
  int Code = sys::ExecuteAndWait(Args.front(), Argv, std::nullopt, {}, 0, 0,
                                 &Message);
  if (ExitCode && Code >= 0) {
    *ExitCode = Code;
    return Error::success();
  }
  if (Code == 0)
    return Error::success();
  if (Code < 0)
    return createStringError("%s: cannot run '%s': %s", What.str().c_str(),
                             Args.front().c_str(), Message.c_str());
  return createStringError("%s failed (exit code %d)", What.str().c_str(),
                           Code);
}

std::string CommandRunner::getTemporaryPath(StringRef Name) {
  // A directory of its own, so that the file has the name asked for: a
  // bundle's submodules, and the messages that name them, take it.
  SmallString<256> Path(WorkDir);
  sys::path::append(Path, std::to_string(Counter++));
  (void)sys::fs::create_directory(Path);
  sys::path::append(Path, Name);
  return std::string(Path);
}
