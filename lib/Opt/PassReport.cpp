//===- PassReport.cpp - Per-submodule pass accounting ---------------------===//

#include "mm/Opt/PassReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <ctime>

using namespace llvm;
using namespace mm;

/// Pass managers and adaptors only run other passes, which are timed
/// themselves; LLVM's -time-passes leaves them out too.
static bool isContainer(StringRef PassID) {
  return isSpecialPass(PassID,
                       {"PassManager", "PassAdaptor", "AnalysisManagerProxy"});
}

PassReport::Sample PassReport::now() {
  // The submodule runs on one thread from start to end, so the thread's CPU
  // time is its own, whatever other threads do meanwhile.
  timespec CPU;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &CPU);
  auto Wall = std::chrono::steady_clock::now().time_since_epoch();
  return {CPU.tv_sec + CPU.tv_nsec * 1e-9,
          std::chrono::duration<double>(Wall).count()};
}

void PassReport::chargeTop(const Sample &Now) {
  if (!Stack.empty()) {
    Time &T = (*Stack.back().Table)[Stack.back().Name];
    T.CPU += Now.CPU - LastSample.CPU;
    T.Wall += Now.Wall - LastSample.Wall;
  }
  LastSample = Now;
}

void PassReport::start(StringMap<Time> &Table, StringRef Name) {
  chargeTop(now());
  Stack.push_back({&Table, Name.str()});
}

void PassReport::stop() {
  chargeTop(now());
  Stack.pop_back();
}

void PassReport::registerCallbacks(PassInstrumentationCallbacks &PIC) {
  PIC.registerBeforeNonSkippedPassCallback([this](StringRef PassID, Any) {
    if (isContainer(PassID))
      return;
    ++PassesRun;
    if (TimePasses)
      start(PassTimes, PassID);
  });
  auto AfterPass = [this](StringRef PassID, const PreservedAnalyses &PA) {
    if (isContainer(PassID))
      return;
    if (!PA.areAllPreserved())
      ++PassesChanged;
    if (TimePasses)
      stop();
  };
  PIC.registerAfterPassCallback(
      [AfterPass](StringRef PassID, Any, const PreservedAnalyses &PA) {
        AfterPass(PassID, PA);
      });
  PIC.registerAfterPassInvalidatedCallback(AfterPass);
  PIC.registerBeforeAnalysisCallback([this](StringRef AnalysisID, Any) {
    if (isContainer(AnalysisID))
      return;
    ++AnalysesRun;
    if (TimePasses)
      start(AnalysisTimes, AnalysisID);
  });
  PIC.registerAfterAnalysisCallback([this](StringRef AnalysisID, Any) {
    if (!isContainer(AnalysisID) && TimePasses)
      stop();
  });
}

void PassReport::countModule(const Module &M, bool After) {
  unsigned F = 0, B = 0, I = 0;
  for (const Function &Fn : M) {
    if (Fn.isDeclaration())
      continue;
    ++F;
    for (const BasicBlock &BB : Fn) {
      ++B;
      I += BB.size();
    }
  }
  Functions[After] = F;
  Blocks[After] = B;
  Instructions[After] = I;
}

static void printBanner(raw_ostream &OS, StringRef Title) {
  const char *Rule = "===-------------------------------------------------------"
                     "------------------===\n";
  OS << Rule;
  OS.indent((80 - Title.size()) / 2) << Title << "\n" << Rule;
}

void PassReport::printTimes(raw_ostream &OS, StringRef Title,
                            const StringMap<Time> &Table) {
  Time Total;
  std::vector<std::pair<StringRef, Time>> Rows;
  for (const auto &Entry : Table) {
    Rows.push_back({Entry.getKey(), Entry.getValue()});
    Total.CPU += Entry.getValue().CPU;
    Total.Wall += Entry.getValue().Wall;
  }
  // Slowest first, then by name, so that the order is stable.
  sort(Rows, [](const auto &A, const auto &B) {
    if (A.second.Wall != B.second.Wall)
      return A.second.Wall > B.second.Wall;
    return A.first < B.first;
  });
  printBanner(OS, Title);
  OS << format("  Total Execution Time: %.4f seconds (%.4f wall clock)\n\n",
               Total.CPU, Total.Wall);
  OS << "   ---CPU Time---   ---Wall Time---  --- Name ---\n";
  auto Percent = [](double Part, double Whole) {
    return Whole > 0 ? 100 * Part / Whole : 0.0;
  };
  auto Row = [&](StringRef Name, const Time &T) {
    OS << format("  %7.4f (%5.1f%%)  %7.4f (%5.1f%%)  ", T.CPU,
                 Percent(T.CPU, Total.CPU), T.Wall, Percent(T.Wall, Total.Wall))
       << Name << '\n';
  };
  for (const auto &[Name, T] : Rows)
    Row(Name, T);
  Row("Total", Total);
  OS << '\n';
}

void PassReport::print(raw_ostream &OS) const {
  if (TimePasses) {
    printTimes(OS, "Pass execution timing report", PassTimes);
    printTimes(OS, "Analysis execution timing report", AnalysisTimes);
  }
  if (!Statistics)
    return;
  printBanner(OS, "... Statistics Collected ...");
  OS << '\n';
  std::pair<unsigned, const char *> Counters[] = {
      {PassesRun, "Number of passes run"},
      {PassesChanged, "Number of passes that changed the module"},
      {AnalysesRun, "Number of analyses computed"},
      {Functions[0], "Number of function definitions before the pipeline"},
      {Functions[1], "Number of function definitions after the pipeline"},
      {Blocks[0], "Number of basic blocks before the pipeline"},
      {Blocks[1], "Number of basic blocks after the pipeline"},
      {Instructions[0], "Number of instructions before the pipeline"},
      {Instructions[1], "Number of instructions after the pipeline"}};
  for (const auto &[Value, Description] : Counters)
    OS << format("%8u mm-opt - ", Value) << Description << '\n';
  OS << '\n';
}
