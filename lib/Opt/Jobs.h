//===- Jobs.h - The work of one mm-opt run ----------------------*- C++ -*-===//
//
// What mm-opt does to a bundle, planned before anything runs: the --module,
// --set and --convert options applied, and one job per selected LLVM
// submodule (its pipeline and its resolved mllvm= options). The parent and
// its worker processes plan the same bundle with the same options and so
// get the same jobs, which they name by their index. Private to lib/Opt.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_OPT_JOBS_H
#define MM_LIB_OPT_JOBS_H

#include "OptOptions.h"

#include "mm/Bundle/Bundle.h"
#include "mm/Compile/ScopedOptions.h"
#include "mm/Opt/Optimizer.h"
#include "mm/Opt/PassReport.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace mm {

/// What a job produced: nothing (a submodule that was only verified), its
/// new body, or its errors.
using JobResult = std::optional<llvm::Expected<std::string>>;

/// The work on one LLVM submodule.
struct Job {
  Submodule *M = nullptr;
  std::optional<LLVMPipeline> Pipeline;
  std::vector<LLVMOptionSetting> Options;
  /// Its options cannot be restored in-process: it runs in a fresh worker.
  bool NeedsIsolation = false;
  JobResult Result;
  /// What to print on standard error for it once all jobs are done: its
  /// reports, or what the worker that ran it printed.
  std::string Printed;
};

/// Where one of a submodule's options came from, for its errors.
struct OptionOrigin {
  /// The header field in the bundle file, if it came from there.
  llvm::SMLoc Field;
  /// Else the command-line option that gave it, e.g. "--set 'k:mllvm=-x'".
  std::string CommandLine;
};

/// Where a submodule's pipeline and each of its mllvm= options came from.
struct SubmoduleOrigins {
  OptionOrigin Passes;
  std::vector<OptionOrigin> LLVMArgs;
};

/// Everything one run does, in bundle order.
struct JobPlan {
  std::vector<Job> Jobs;
  /// One per submodule of the bundle.
  std::vector<SubmoduleOrigins> Origins;
  std::vector<Submodule *> MLIRModules;
  /// The submodules that --convert changes, and the kind each becomes.
  std::vector<std::pair<Submodule *, ModuleKind>> Conversions;
};

/// Applies the --module, --set and --convert options of \p Session to \p B
/// and plans its jobs. Fails, before anything runs, on an invalid option or
/// an mllvm= option that is unknown or has an invalid value.
llvm::Expected<JobPlan> planJobs(Bundle &B, const OptSession &Session);

/// Verifies or optimizes one submodule, in this thread, with the options
/// that are set now. Its report, if any, goes to J.Printed, after a banner
/// unless \p WithBanner is false (the caller printed one).
void runJob(const Bundle &B, Job &J, const OptSession &Session,
            bool WithBanner = true);

/// Puts a pipeline that does not parse where it came from: the header
/// field, or the command-line option.
llvm::Error locatePipelineErrors(const Bundle &B, const JobPlan &Plan,
                                 llvm::Error Errors);

} // namespace mm

#endif // MM_LIB_OPT_JOBS_H
