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

Error mm::writeOutputFile(StringRef Path,
                          function_ref<Error(raw_ostream &)> Write) {
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_None);
  if (EC)
    return createStringError(EC, "cannot open '%s' for writing: %s",
                             Path.str().c_str(), EC.message().c_str());
  if (Error E = Write(Out.os()))
    return E;
  Out.os().flush();
  if (std::error_code WriteEC = Out.os().error()) {
    Out.os().clear_error();
    return createStringError(WriteEC, "cannot write '%s': %s",
                             Path.str().c_str(), WriteEC.message().c_str());
  }
  Out.keep();
  return Error::success();
}

Error mm::checkBinaryOutput(StringRef Path) {
  if (Path != "-" || !sys::Process::StandardOutIsDisplayed())
    return Error::success();
  return createStringError("refusing to write binary output to a terminal; "
                           "redirect it or use -o FILE");
}
