//===- Worker.cpp - Submodules in a worker process ------------------------===//

#include "mm/Opt/Worker.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Writer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mm;

/// A temporary file, removed when it goes out of scope.
static Expected<std::string> createTemporary(StringRef Prefix,
                                             StringRef Suffix,
                                             std::optional<FileRemover> &Remover) {
  SmallString<128> Path;
  if (std::error_code EC =
          sys::fs::createTemporaryFile(Prefix, Suffix, Path))
    return createStringError(EC, "cannot create a temporary file: %s",
                             EC.message().c_str());
  Remover.emplace(Path);
  return std::string(Path);
}

Expected<WorkerResult> mm::runWorker(StringRef Program,
                                     ArrayRef<std::string> Arguments,
                                     ArrayRef<const Submodule *> Modules,
                                     unsigned Threads) {
  std::optional<FileRemover> RemoveInput, RemoveOutput, RemoveErrors;
  Expected<std::string> Input = createTemporary("mm-opt-worker", "mml",
                                                RemoveInput);
  Expected<std::string> Output = createTemporary("mm-opt-worker-out", "mml",
                                                 RemoveOutput);
  Expected<std::string> Errors = createTemporary("mm-opt-worker", "err",
                                                 RemoveErrors);
  if (!Input || !Output || !Errors)
    return joinErrors(joinErrors(Input.takeError(), Output.takeError()),
                      Errors.takeError());

  // The submodules as they are now: headers after --set, bodies as read.
  Bundle Part;
  for (const Submodule *M : Modules)
    if (Error E = Part.add(Submodule(M->header(), M->getBody().str())))
      return std::move(E);
  {
    std::error_code EC;
    raw_fd_ostream OS(*Input, EC);
    if (EC)
      return createStringError(EC, "cannot write '%s': %s", Input->c_str(),
                               EC.message().c_str());
    writeBundle(Part, OS);
  }

  std::string Jobs = "-j" + std::to_string(Threads);
  std::vector<StringRef> Argv{Program};
  for (const std::string &Argument : Arguments)
    Argv.push_back(Argument);
  Argv.insert(Argv.end(), {Jobs, "-o", *Output, "--", *Input});
  std::optional<StringRef> Redirects[] = {StringRef(), std::nullopt,
                                          StringRef(*Errors)};
  std::string Message;
  int Status = sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects,
                                   /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                   &Message);

  WorkerResult Result;
  if (auto Printed = MemoryBuffer::getFile(*Errors))
    Result.Diagnostics = (*Printed)->getBuffer().str();
  if (Status != 0)
    return createStringError("worker '%s' failed (%d)%s%s", Program.str().c_str(),
                             Status, Message.empty() ? "" : ": ",
                             Message.c_str());
  Expected<Bundle> Written = readBundleFile(*Output);
  if (!Written)
    return Written.takeError();
  if (Written->size() != Modules.size())
    return createStringError("worker wrote %zu submodules instead of %zu",
                             Written->size(), Modules.size());
  for (const Submodule &M : *Written)
    Result.Bodies.push_back(M.getBody().str());
  return std::move(Result);
}
