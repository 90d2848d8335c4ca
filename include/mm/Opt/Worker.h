//===- mm/Opt/Worker.h - Submodules in a worker process --------*- C++ -*-===//
//
// mm-opt can hand some submodules to a worker: mm-opt itself, run on a
// temporary bundle of those submodules with the same options. A worker has
// its own process-wide LLVM options, so it runs in parallel with submodules
// whose scoped options differ, and it isolates options that cannot be
// restored in-process.
//
//===----------------------------------------------------------------------===//

#ifndef MM_OPT_WORKER_H
#define MM_OPT_WORKER_H

#include "mm/Bundle/Bundle.h"

#include <string>
#include <vector>

namespace mm {

/// What a worker did.
struct WorkerResult {
  /// The bodies of the submodules given to it, in order, as it wrote them.
  std::vector<std::string> Bodies;
  /// What it printed on its standard error.
  std::string Diagnostics;
};

/// Runs \p Program with \p Arguments (which must not name an input, an
/// output or -j) on a temporary bundle of \p Modules of \p B, with \p Threads
/// threads, and collects what it wrote. Fails if it cannot be run, or if it
/// fails; its messages are then in the coordinates of the temporary bundle,
/// and the caller reports its own instead.
llvm::Expected<WorkerResult>
runWorker(llvm::StringRef Program, llvm::ArrayRef<std::string> Arguments,
          llvm::ArrayRef<const Submodule *> Modules, unsigned Threads);

} // namespace mm

#endif // MM_OPT_WORKER_H
