//===- Scheduler.h - Where and when mm-opt's jobs run -----------*- C++ -*-===//
//
// The one place that decides where each job of a plan runs: in this
// process, with its options set for it, or in a worker process (Worker.h).
// Private to lib/Opt.
//
//   - While LLVM prints as passes run (-debug-pass-manager, -print-after,
//     ...), the jobs run one at a time in bundle order, each after a banner
//     naming its submodule, so that what is printed stays with it.
//   - When every job has the same mllvm= options, they run here on -j
//     threads, with the options set once.
//   - Otherwise -j lanes take the jobs, largest first, from one atomic
//     index: this thread is the first lane and runs its jobs here, setting
//     each job's options for it; each other lane is a thread that runs its
//     jobs in a worker process of its own, which it keeps from job to job.
//
// A job whose options cannot be scoped runs in a fresh worker that runs
// nothing else. A worker that fails fails the job it was running, with its
// exit status and what it printed; no job is run twice.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_OPT_SCHEDULER_H
#define MM_LIB_OPT_SCHEDULER_H

#include "Jobs.h"

#include "mm/Bundle/Reader.h"

#include <string>
#include <vector>

namespace mm {

/// What starting a worker takes.
struct WorkerConfig {
  /// mm-opt's executable.
  std::string Program;
  /// --mm-worker and the options of the command line that the jobs depend
  /// on: everything but the input, the output and its form, -j and
  /// --convert.
  std::vector<std::string> Arguments;
  /// The input as this process read it.
  llvm::StringRef InputName;
  InputForm Form = InputForm::Detect;
  llvm::StringRef InputBytes;
};

/// Runs every job of \p Plan once, on up to \p Threads threads, and sets its
/// Result and Printed. Jobs printed while running (serial runs) are printed
/// as they finish; the others' Printed is left for the caller to print in
/// bundle order. Returns true if it printed them.
bool runJobs(const Bundle &B, JobPlan &Plan, const OptSession &Session,
             const WorkerConfig &Workers, unsigned Threads);

/// The worker's side: reads the input from the channel, plans it, and runs
/// the jobs that the parent asks for until it closes the channel. Returns
/// the process's exit code.
int serveAsWorker(const OptSession &Session);

} // namespace mm

#endif // MM_LIB_OPT_SCHEDULER_H
