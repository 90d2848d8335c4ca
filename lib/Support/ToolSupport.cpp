//===- ToolSupport.cpp - Shared tool plumbing -----------------------------===//

#include "mm/Support/ToolSupport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#ifndef MM_VERSION
#error "MM_VERSION must be defined by the build"
#endif

StringRef mm::getVersion() { return MM_VERSION; }

void mm::addVersionPrinter() {
  cl::AddExtraVersionPrinter([](raw_ostream &OS) {
    OS << "mm (multi-module IR toolchain) version " << getVersion() << '\n';
  });
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

Error mm::writeOutputFile(StringRef Path,
                          function_ref<Error(raw_ostream &)> Write) {
  // Standard output, and what is not a regular file (a terminal, a pipe,
  // /dev/null), are written in place: there is nothing to rename over.
  sys::fs::file_status Status;
  if (Path == "-" || (!sys::fs::status(Path, Status) &&
                      Status.type() != sys::fs::file_type::regular_file &&
                      Status.type() != sys::fs::file_type::file_not_found)) {
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
  // A regular file is written to a temporary file beside it, which replaces
  // it only once complete: a failure (a full disk) leaves the old file as it
  // was, and an input that is the output (bodies are views into its mapped
  // buffer) is never truncated while it is still being read.
  Expected<sys::fs::TempFile> Temp = sys::fs::TempFile::create(
      Path + ".tmp-%%%%%%", sys::fs::all_read | sys::fs::all_write);
  if (!Temp) {
    std::error_code EC = errorToErrorCode(Temp.takeError());
    return createStringError(EC, "cannot open '%s' for writing: %s",
                             Path.str().c_str(), EC.message().c_str());
  }
  Error Written = [&] {
    raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    return writeAndFlush(OS, Path, Write);
  }();
  if (Written) {
    consumeError(Temp->discard());
    return Written;
  }
  if (Error E = Temp->keep(Path)) {
    std::error_code EC = errorToErrorCode(std::move(E));
    return createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}

Error mm::checkBinaryOutput(StringRef Path) {
  if (Path != "-" || !sys::Process::StandardOutIsDisplayed())
    return Error::success();
  return createStringError("refusing to write binary output to a terminal; "
                           "redirect it or use -o FILE");
}
