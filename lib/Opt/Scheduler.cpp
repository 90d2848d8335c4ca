//===- Scheduler.cpp - Where and when mm-opt's jobs run -------------------===//

#include "Scheduler.h"

#include "mm/Compile/LLVMPipeline.h"
#include "mm/Opt/Worker.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>

using namespace llvm;
using namespace mm;

/// True if LLVM's instrumentation prints while passes run (to LLVM's debug
/// stream, which cannot be told apart per thread). mm-opt's -time-passes is
/// its own report, printed per submodule.
static bool printsWhileRunning(const OptSession &Session) {
  return reportsOnPasses(Session.Options.DebugPassManager);
}

/// Runs \p J in this thread with its options set.
static void runHere(const Bundle &B, Job &J, const OptSession &Session,
                    bool WithBanner = true) {
  LLVMOptionScope Scope;
  if (Error E = Scope.enter(J.Options)) {
    J.Result.emplace(B.moduleError(*J.M, toString(std::move(E))));
    return;
  }
  runJob(B, J, Session, WithBanner);
}

namespace {
/// Runs jobs in worker processes, one at a time, keeping its worker from
/// one job to the next.
class WorkerLane {
public:
  WorkerLane(const Bundle &B, const JobPlan &Plan, const WorkerConfig &Config,
             StringRef InputMessage)
      : B(B), Plan(Plan), Config(Config), InputMessage(InputMessage) {}

  /// Runs job \p Index of the plan in the lane's worker, or in a fresh one
  /// if its options cannot be scoped (which then runs nothing else).
  void run(Job &J, unsigned Index);

private:
  const Bundle &B;
  const JobPlan &Plan;
  const WorkerConfig &Config;
  StringRef InputMessage;
  std::unique_ptr<WorkerProcess> Worker;
};
} // namespace

void WorkerLane::run(Job &J, unsigned Index) {
  if (Worker && J.NeedsIsolation && Worker->hasRun())
    Worker.reset();
  if (!Worker) {
    Expected<std::unique_ptr<WorkerProcess>> Started = WorkerProcess::start(
        Config.Program, Config.Arguments, InputMessage, Plan.Jobs.size());
    if (!Started) {
      J.Result.emplace(B.moduleError(
          *J.M, "cannot run it in a worker process: " +
                    toString(Started.takeError())));
      return;
    }
    Worker = std::move(*Started);
  }
  Expected<JobResult> Result = Worker->run(Index, J.Printed);
  if (!Result) {
    J.Result.emplace(B.moduleError(*J.M, "the worker process running it " +
                                             toString(Result.takeError())));
    Worker.reset();
    return;
  }
  J.Result = std::move(*Result);
  if (J.NeedsIsolation)
    Worker.reset();
}

/// Runs the jobs one at a time in bundle order, each after a banner naming
/// its submodule, and prints what each printed as it finishes. With
/// \p Isolate, jobs whose options cannot be scoped run in workers.
static void runSerially(const Bundle &B, JobPlan &Plan,
                        const OptSession &Session, const WorkerConfig &Config,
                        StringRef InputMessage, bool Isolate) {
  WorkerLane Isolated(B, Plan, Config, InputMessage);
  for (auto [Index, J] : enumerate(Plan.Jobs)) {
    if (Isolate && J.NeedsIsolation) {
      Isolated.run(J, Index);
      errs() << J.Printed;
      continue;
    }
    if (J.Pipeline) {
      printPipelineBanner(J.M->getName(), errs());
      errs().flush();
    }
    runHere(B, J, Session, /*WithBanner=*/!J.Pipeline);
    errs() << J.Printed;
  }
}

/// True if the jobs' options are all the same: they can run here together.
static bool haveEqualOptions(ArrayRef<Job> Jobs) {
  return all_of(Jobs, [&](const Job &J) {
    return J.M->getOptions().LLVMArgs ==
           Jobs.front().M->getOptions().LLVMArgs;
  });
}

/// Runs every job here, on \p Threads threads, with their options set once.
static void runTogether(const Bundle &B, JobPlan &Plan,
                        const OptSession &Session, unsigned Threads) {
  LLVMOptionScope Scope;
  if (Error E = Scope.enter(Plan.Jobs.front().Options)) {
    std::string Message = toString(std::move(E));
    for (Job &J : Plan.Jobs)
      J.Result.emplace(B.moduleError(*J.M, Message));
    return;
  }
  DefaultThreadPool Pool(hardware_concurrency(Threads));
  for (Job &J : Plan.Jobs)
    Pool.async([&B, &J, &Session] { runJob(B, J, Session); });
  Pool.wait();
}

/// Runs the jobs on \p Threads lanes that take them, largest first, from
/// one index: this thread runs its jobs here, the others in their workers.
static void runInLanes(const Bundle &B, JobPlan &Plan,
                       const OptSession &Session, const WorkerConfig &Config,
                       StringRef InputMessage, unsigned Threads) {
  // Largest first (by the size of the bodies), so that the last jobs to be
  // taken are the smallest; equal sizes in bundle order.
  std::vector<unsigned> Order(Plan.Jobs.size());
  for (unsigned I = 0; I < Order.size(); ++I)
    Order[I] = I;
  llvm::sort(Order, [&](unsigned A, unsigned B) {
    size_t SizeA = Plan.Jobs[A].M->getBody().size(),
           SizeB = Plan.Jobs[B].M->getBody().size();
    return SizeA != SizeB ? SizeA > SizeB : A < B;
  });
  std::atomic<size_t> Next{0};
  auto Take = [&]() -> std::optional<unsigned> {
    size_t I = Next.fetch_add(1, std::memory_order_relaxed);
    if (I >= Order.size())
      return std::nullopt;
    return Order[I];
  };

  unsigned Lanes = std::min<size_t>(Threads, Plan.Jobs.size());
  std::optional<DefaultThreadPool> WorkerLanes;
  if (Lanes > 1)
    WorkerLanes.emplace(hardware_concurrency(Lanes - 1));
  for (unsigned L = 1; L < Lanes; ++L)
    WorkerLanes->async([&] {
      WorkerLane Lane(B, Plan, Config, InputMessage);
      while (std::optional<unsigned> Index = Take())
        Lane.run(Plan.Jobs[*Index], *Index);
    });
  WorkerLane Isolated(B, Plan, Config, InputMessage);
  while (std::optional<unsigned> Index = Take()) {
    Job &J = Plan.Jobs[*Index];
    if (J.NeedsIsolation)
      Isolated.run(J, *Index);
    else
      runHere(B, J, Session);
  }
  if (WorkerLanes)
    WorkerLanes->wait();
}

bool mm::runJobs(const Bundle &B, JobPlan &Plan, const OptSession &Session,
                 const WorkerConfig &Config, unsigned Threads) {
  if (Plan.Jobs.empty())
    return false;
  // Alone, a set of options leaves nothing behind that another job could
  // see, even one that cannot be scoped.
  bool Together = haveEqualOptions(Plan.Jobs);
  // A submodule's own options may turn on LLVM's printing too. (A worker's
  // printing comes back with the rest of what it prints.)
  bool Serial =
      printsWhileRunning(Session) || any_of(Plan.Jobs, [&](const Job &J) {
        if (J.NeedsIsolation)
          return false;
        LLVMOptionScope Trial;
        if (Error E = Trial.enter(J.Options)) {
          consumeError(std::move(E));
          return false;
        }
        return printsWhileRunning(Session);
      });
  bool NeedsWorkers =
      !Together && (Threads > 1 || any_of(Plan.Jobs, [](const Job &J) {
                      return J.NeedsIsolation;
                    }));
  std::string InputMessage =
      NeedsWorkers ? encodeWorkerInput(Config.InputName, Config.Form,
                                       Config.InputBytes)
                   : std::string();
  if (Serial)
    runSerially(B, Plan, Session, Config, InputMessage, /*Isolate=*/!Together);
  else if (Together)
    runTogether(B, Plan, Session, Threads);
  else
    runInLanes(B, Plan, Session, Config, InputMessage, Threads);
  return Serial;
}

int mm::serveAsWorker(const OptSession &Session) {
  const char *Tool = "mm-opt worker";
  WorkerChannel Channel;
  Expected<WorkerInput> Input = Channel.receiveInput();
  if (!Input)
    return reportError(Input.takeError(), Tool, errs()), 1;
  Expected<Bundle> B = readBundle(
      MemoryBuffer::getMemBufferCopy(Input->Bytes, Input->Name), Input->Form);
  if (!B)
    return reportError(B.takeError(), Tool, errs()), 1;
  Expected<JobPlan> Plan = planJobs(*B, Session);
  if (!Plan)
    return reportError(Plan.takeError(), Tool, errs()), 1;
  if (reportError(Channel.sendJobCount(Plan->Jobs.size()), Tool, errs()))
    return 1;
  bool Banners = printsWhileRunning(Session);
  while (true) {
    Expected<std::optional<unsigned>> Index = Channel.receiveJob();
    if (!Index)
      return reportError(Index.takeError(), Tool, errs()), 1;
    if (!*Index)
      return 0;
    if (**Index >= Plan->Jobs.size())
      return reportError(createStringError("no job %u", **Index), Tool, errs()),
             1;
    Job &J = Plan->Jobs[**Index];
    if (Banners && J.Pipeline) {
      printPipelineBanner(J.M->getName(), errs());
      errs().flush();
    }
    runHere(*B, J, Session, /*WithBanner=*/!(Banners && J.Pipeline));
    errs() << J.Printed;
    errs().flush();
    if (J.Result && !*J.Result)
      J.Result.emplace(
          locatePipelineErrors(*B, *Plan, J.Result->takeError()));
    if (reportError(Channel.sendResult(std::move(J.Result)), Tool, errs()))
      return 1;
  }
}
