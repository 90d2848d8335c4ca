//===- ToolSupport.cpp - Shared tool plumbing -----------------------------===//

#include "mm/Support/ToolSupport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>

using namespace llvm;

#ifndef MM_VERSION
#error "MM_VERSION must be defined by the build"
#endif

StringRef mm::getVersion() { return MM_VERSION; }

void mm::setUpToolProcess() {
  cl::AddExtraVersionPrinter([](raw_ostream &OS) {
    OS << "mm (multi-module IR toolchain) version " << getVersion() << '\n';
  });
  ::signal(SIGXFSZ, SIG_IGN);
}

void mm::hideUnrelatedOptions(ArrayRef<const cl::OptionCategory *> Categories,
                              int Argc, const char *const *Argv) {
  for (int I = 1; I < Argc; ++I) {
    StringRef Arg = StringRef(Argv[I]).ltrim('-');
    if (Arg == "help-hidden" || Arg == "help-list-hidden")
      return;
  }
  cl::HideUnrelatedOptions(Categories);
}

void mm::showLLVMOptions(cl::OptionCategory &Category,
                         ArrayRef<StringLiteral> Names) {
  for (StringRef Name : Names)
    if (cl::Option *Option = cl::getRegisteredOptions().lookup(Name)) {
      Option->addCategory(Category);
      Option->setHiddenFlag(cl::NotHidden);
    }
}

/// Writes through \p OS and checks that every byte arrived.
static Error writeAndFlush(raw_fd_ostream &OS, StringRef Path,
                           function_ref<Error(raw_ostream &)> Write) {
  if (Error E = Write(OS)) {
    OS.clear_error();
    return E;
  }
  OS.flush();
  if (std::error_code EC = OS.error()) {
    OS.clear_error();
    return createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}

/// True if \p Path is written in place: standard output, and what exists
/// and is not a regular file (a terminal, a pipe, /dev/null), where there is
/// nothing to rename over.
static bool isWrittenInPlace(StringRef Path) {
  sys::fs::file_status Status;
  return Path == "-" || (!sys::fs::status(Path, Status) &&
                         Status.type() != sys::fs::file_type::regular_file &&
                         Status.type() != sys::fs::file_type::file_not_found);
}

static Error writeInPlace(StringRef Path,
                          function_ref<Error(raw_ostream &)> Write) {
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError(EC, "cannot open '%s' for writing: %s",
                             Path.str().c_str(), EC.message().c_str());
  if (Error E = writeAndFlush(Out.os(), Path, Write))
    return E;
  Out.keep();
  return Error::success();
}

mm::OutputDirectory::OutputDirectory(StringRef Dir) : Dir(Dir.str()) {}

mm::OutputDirectory::~OutputDirectory() {
  if (TempPath.empty())
    return;
  sys::fs::remove(TempPath);
  sys::DontRemoveFileOnSignal(TempPath);
}

Error mm::OutputDirectory::write(StringRef Name,
                             function_ref<Error(raw_ostream &)> Write) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Name);
  if (isWrittenInPlace(Path))
    return writeInPlace(Path, Write);
  auto CannotOpen = [&](std::error_code EC) {
    return createStringError(EC, "cannot open '%s' for writing: %s",
                             Path.c_str(), EC.message().c_str());
  };
  // One temporary name for every file of the directory, registered for
  // removal on a signal once: LLVM's list of such files only grows, so a
  // registration per file would cost quadratic time in the number of files.
  int FD;
  if (TempPath.empty()) {
    SmallString<256> Model(Dir);
    sys::path::append(Model, ".mm-output-%%%%%%%%.tmp");
    if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, TempPath))
      return CannotOpen(EC);
    sys::RemoveFileOnSignal(TempPath);
  } else if (std::error_code EC = sys::fs::openFileForWrite(
                 TempPath, FD, sys::fs::CD_CreateNew)) {
    return CannotOpen(EC);
  }
  Error Written = [&] {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    return writeAndFlush(OS, Path, Write);
  }();
  if (!Written) {
    if (std::error_code EC = sys::fs::rename(TempPath, Path))
      Written = createStringError(EC, "cannot write '%s': %s", Path.c_str(),
                                  EC.message().c_str());
    else
      return Error::success();
  }
  sys::fs::remove(TempPath);
  return Written;
}

Error mm::writeOutputFile(StringRef Path,
                          function_ref<Error(raw_ostream &)> Write) {
  if (isWrittenInPlace(Path))
    return writeInPlace(Path, Write);
  return OutputDirectory(sys::path::parent_path(Path))
      .write(sys::path::filename(Path), Write);
}

Error mm::checkOutputIsNotInput(StringRef Output, ArrayRef<std::string> Inputs) {
  if (Output.empty() || Output == "-")
    return Error::success();
  sys::fs::file_status OutputStatus;
  bool OutputExists = !sys::fs::status(Output, OutputStatus);
  if (OutputExists &&
      OutputStatus.type() != sys::fs::file_type::regular_file)
    return Error::success();
  for (const std::string &Input : Inputs) {
    if (Input == "-")
      continue;
    sys::fs::file_status InputStatus;
    bool Same = OutputExists ? !sys::fs::status(Input, InputStatus) &&
                                   sys::fs::equivalent(InputStatus,
                                                       OutputStatus)
                             : Input == Output;
    if (Same)
      return createStringError("output file '%s' is the input '%s'; refusing "
                               "to overwrite it",
                               Output.str().c_str(), Input.c_str());
  }
  return Error::success();
}

Error mm::checkBinaryOutput(StringRef Path) {
  if (Path != "-" || !sys::Process::StandardOutIsDisplayed())
    return Error::success();
  return createStringError("refusing to write binary output to a terminal; "
                           "redirect it or use -o FILE");
}
