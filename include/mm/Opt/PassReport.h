//===- mm/Opt/PassReport.h - Per-submodule pass accounting -----*- C++ -*-===//
//
// -time-passes and -stats for one submodule. LLVM's pass timers measure the
// whole process's CPU time and its statistics are process-wide counters, so
// neither can tell apart submodules that run at the same time. A PassReport
// does its own accounting for the pipeline of one submodule, on the thread
// that runs it, through pass instrumentation callbacks.
//
//===----------------------------------------------------------------------===//

#ifndef MM_OPT_PASSREPORT_H
#define MM_OPT_PASSREPORT_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <vector>

namespace llvm {
class Module;
class PassInstrumentationCallbacks;
class raw_ostream;
} // namespace llvm

namespace mm {

class PassReport {
public:
  PassReport(bool TimePasses, bool Statistics)
      : TimePasses(TimePasses), Statistics(Statistics) {}

  bool isEnabled() const { return TimePasses || Statistics; }

  /// Times every pass and analysis (excluding the time of those nested in
  /// it, as LLVM's -time-passes does) and counts passes.
  void registerCallbacks(llvm::PassInstrumentationCallbacks &PIC);

  /// Counts the module's functions, blocks and instructions, before the
  /// pipeline (\p After false) or after it.
  void countModule(const llvm::Module &M, bool After);

  /// Prints the timing report and the statistics that are enabled, in the
  /// layout of LLVM's own.
  void print(llvm::raw_ostream &OS) const;

private:
  struct Time {
    double CPU = 0, Wall = 0;
  };
  struct Sample {
    double CPU, Wall;
  };
  struct Running {
    llvm::StringMap<Time> *Table;
    std::string Name;
  };
  static Sample now();
  void start(llvm::StringMap<Time> &Table, llvm::StringRef Name);
  void stop();
  void chargeTop(const Sample &Now);
  static void printTimes(llvm::raw_ostream &OS, llvm::StringRef Title,
                         const llvm::StringMap<Time> &Table);

  bool TimePasses, Statistics;
  llvm::StringMap<Time> PassTimes, AnalysisTimes;
  /// The running passes and analyses, innermost last; only the innermost is
  /// charged.
  std::vector<Running> Stack;
  Sample LastSample{0, 0};

  unsigned PassesRun = 0, PassesChanged = 0, AnalysesRun = 0;
  unsigned Functions[2] = {}, Blocks[2] = {}, Instructions[2] = {};
};

} // namespace mm

#endif // MM_OPT_PASSREPORT_H
