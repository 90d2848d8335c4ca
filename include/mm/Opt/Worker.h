//===- mm/Opt/Worker.h - mm-opt's worker processes -------------*- C++ -*-===//
//
// mm-opt runs some submodules in worker processes: those whose LLVM options
// cannot be scoped in-process, and, under -j, those of the lanes that run
// beside its own when the submodules' options differ (LLVM's options are
// one set per process). A worker is mm-opt itself, run with --mm-worker and
// the options of the parent's command line that the jobs depend on. It
// talks to its parent over a socket on file descriptor WorkerChannelFD, in
// messages (a 64-bit little-endian length, then the payload):
//
//   parent -> worker  the input as the parent read it, once: its form, its
//                     name (for diagnostics) and its bytes;
//   worker -> parent  the number of jobs it planned from it, which must be
//                     the parent's: both apply the same options to the same
//                     bytes, so both have the same jobs in the same order;
//   parent -> worker  the index of a job to run;
//   worker -> parent  the job's result (encodeJobResult),
//
// the last two repeated until the parent closes the socket. The worker's
// standard error is a file of the parent's, which it reads after each job.
//
//===----------------------------------------------------------------------===//

#ifndef MM_OPT_WORKER_H
#define MM_OPT_WORKER_H

#include "mm/Bundle/Reader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>

namespace mm {

/// The worker's end of its channel to the parent.
inline constexpr int WorkerChannelFD = 3;

/// What a job produced: nothing (a submodule that was only verified), its
/// new body, or its errors.
using JobResult = std::optional<llvm::Expected<std::string>>;

/// Encodes \p Result for the parent, consuming its errors: located
/// diagnostics keep their file, position, source line and ranges.
std::string encodeJobResult(JobResult Result);

/// Decodes what encodeJobResult made; fails if \p Data is not that.
llvm::Expected<JobResult> decodeJobResult(llvm::StringRef Data);

/// Writes one message to \p FD.
llvm::Error writeMessage(int FD, llvm::StringRef Payload);

/// Reads one message from \p FD; none if the stream ends before it.
llvm::Expected<std::optional<std::string>> readMessage(int FD);

/// The input as a worker receives it.
struct WorkerInput {
  /// The buffer's identifier, as diagnostics name it.
  std::string Name;
  InputForm Form = InputForm::Detect;
  std::string Bytes;
};

/// Encodes and decodes the input message.
std::string encodeWorkerInput(llvm::StringRef Name, InputForm Form,
                              llvm::StringRef Bytes);
llvm::Expected<WorkerInput> decodeWorkerInput(llvm::StringRef Data);

/// The worker's side of the channel.
class WorkerChannel {
public:
  explicit WorkerChannel(int FD = WorkerChannelFD) : FD(FD) {}
  /// The input, the first message.
  llvm::Expected<WorkerInput> receiveInput();
  /// Answers the input with the number of jobs planned from it.
  llvm::Error sendJobCount(size_t Count);
  /// The index of the next job to run; none when the parent is done.
  llvm::Expected<std::optional<unsigned>> receiveJob();
  llvm::Error sendResult(JobResult Result);

private:
  int FD;
};

/// A running worker process, seen from the parent.
class WorkerProcess {
public:
  /// Starts \p Program with \p Arguments (the worker's options) and sends it
  /// \p Input, which it must plan into \p JobCount jobs. Fails, with what
  /// it printed, if it cannot be started or does not answer so.
  static llvm::Expected<std::unique_ptr<WorkerProcess>>
  start(llvm::StringRef Program, llvm::ArrayRef<std::string> Arguments,
        llvm::StringRef InputMessage, size_t JobCount);

  WorkerProcess(const WorkerProcess &) = delete;
  WorkerProcess &operator=(const WorkerProcess &) = delete;
  /// Closes the channel, which ends the worker, and waits for it.
  ~WorkerProcess();

  /// Runs job \p Index. \p Printed receives what the worker printed on its
  /// standard error meanwhile. Fails if it ended or did not answer with a
  /// result, with a message that says how it ended ("was killed by signal
  /// 11 (Segmentation fault)", "exited with status 1").
  llvm::Expected<JobResult> run(unsigned Index, std::string &Printed);

  /// True once it has run a job.
  bool hasRun() const { return Runs > 0; }

private:
  WorkerProcess(pid_t PID, int Channel, int ErrorFile)
      : PID(PID), Channel(Channel), ErrorFile(ErrorFile) {}

  /// Closes the channel and waits for the process; says how it ended
  /// ("exited with status 1", "was killed by signal 11 (Segmentation
  /// fault)"). Once only.
  std::string finish();
  /// What it printed on its standard error since the last call.
  std::string takePrinted();

  pid_t PID;
  int Channel;
  int ErrorFile;
  unsigned Runs = 0;
  bool Finished = false;
};

} // namespace mm

#endif // MM_OPT_WORKER_H
