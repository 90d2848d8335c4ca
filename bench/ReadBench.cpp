//===- ReadBench.cpp - Framing cost of the bundle reader ------------------===//
//
// mm-bench-read measures what reading a bundle costs on top of parsing its
// LLVM IR bodies:
//
//  * framing: mm::readBundle on the bundle file's buffer, already in memory
//    (one pass over the lines that splits the file into submodules);
//  * parse:   llvm::parseAssembly of every LLVM body, each in a fresh
//    LLVMContext, from a null-terminated copy of the body made before the
//    clock starts (LLVM's own cost, the denominator);
//  * submodule parse: mm::parseLLVMSubmodule of every LLVM body, which adds
//    the body copy and the header triple check to the parse.
//
// The measurements run in rounds that interleave them (--rounds, each with
// --framing-runs framing runs and one of each parse), so that a change in the
// machine's load hits all of them. Each figure is the median wall-clock and
// process CPU time of its runs; throughput is in MB of 10^6 bytes per
// wall-clock second.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/Bundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <ctime>
#include <memory>
#include <vector>

using namespace llvm;
using namespace mm;

static cl::OptionCategory BenchCategory("mm-bench-read options");

static cl::opt<std::string> InputFilename(cl::Positional, cl::Required,
                                          cl::desc("<bundle>"),
                                          cl::cat(BenchCategory));

static cl::opt<unsigned>
    Rounds("rounds", cl::init(5),
           cl::desc("Measurement rounds; each times the body parses once "
                    "(default: 5)"),
           cl::cat(BenchCategory));

static cl::opt<unsigned>
    FramingRuns("framing-runs", cl::init(7),
                cl::desc("Runs of mm::readBundle in each round (default: 7)"),
                cl::cat(BenchCategory));

static cl::opt<bool>
    SkipSubmoduleParse("skip-submodule-parse",
                       cl::desc("Do not time mm::parseLLVMSubmodule"),
                       cl::cat(BenchCategory));

static cl::opt<std::string>
    JSONOutput("json", cl::value_desc("filename"),
               cl::desc("Also write the figures as JSON to this file"),
               cl::cat(BenchCategory));

using Clock = std::chrono::steady_clock;

static constexpr double BytesPerMB = 1e6;

namespace {
/// Wall-clock and CPU seconds of one measurement. CPU time is the process's
/// (the benchmark is single-threaded): on a shared machine it leaves out the
/// time spent waiting for a core.
struct Sample {
  double Wall = 0;
  double CPU = 0;

  Sample &operator+=(const Sample &Other) {
    Wall += Other.Wall;
    CPU += Other.CPU;
    return *this;
  }
};

class Stopwatch {
public:
  Stopwatch() : WallStart(Clock::now()), CPUStart(std::clock()) {}
  Sample elapsed() const {
    Sample S;
    S.Wall = std::chrono::duration<double>(Clock::now() - WallStart).count();
    S.CPU = double(std::clock() - CPUStart) / CLOCKS_PER_SEC;
    return S;
  }

private:
  Clock::time_point WallStart;
  std::clock_t CPUStart;
};

/// The samples of one measurement and the bytes each sample processed.
struct Figure {
  const char *Key;
  const char *Label;
  uint64_t Bytes = 0;
  std::vector<Sample> Samples = {};

  static double median(std::vector<double> Values) {
    assert(!Values.empty() && "median of nothing");
    std::sort(Values.begin(), Values.end());
    size_t Mid = Values.size() / 2;
    return Values.size() % 2 ? Values[Mid]
                             : (Values[Mid - 1] + Values[Mid]) / 2;
  }
  double medianWall() const {
    std::vector<double> Values;
    for (const Sample &S : Samples)
      Values.push_back(S.Wall);
    return median(std::move(Values));
  }
  double medianCPU() const {
    std::vector<double> Values;
    for (const Sample &S : Samples)
      Values.push_back(S.CPU);
    return median(std::move(Values));
  }
  double mbPerSecond() const { return Bytes / BytesPerMB / medianWall(); }
};
} // namespace

/// A view of the in-memory bundle that mm::readBundle can own.
static std::unique_ptr<MemoryBuffer> viewOf(const MemoryBuffer &File) {
  return MemoryBuffer::getMemBuffer(File.getBuffer(),
                                    File.getBufferIdentifier(),
                                    /*RequiresNullTerminator=*/false);
}

/// Times mm::readBundle alone; the returned Bundle is freed after the clock
/// stops.
static Expected<Sample> timeFraming(const MemoryBuffer &File) {
  std::unique_ptr<MemoryBuffer> View = viewOf(File);
  Stopwatch Watch;
  Expected<Bundle> B = readBundle(std::move(View));
  Sample Time = Watch.elapsed();
  if (!B)
    return B.takeError();
  return Time;
}

/// Times llvm::parseAssembly of every body in \p Bodies, each in a fresh
/// context. Creating the context and parsing are timed; freeing the module
/// and the context is not.
static Expected<Sample>
timeParseAssembly(ArrayRef<std::unique_ptr<MemoryBuffer>> Bodies) {
  Sample Total;
  for (const std::unique_ptr<MemoryBuffer> &Body : Bodies) {
    Stopwatch Watch;
    auto Context = std::make_unique<LLVMContext>();
    SMDiagnostic Err;
    std::unique_ptr<Module> Parsed =
        parseAssembly(Body->getMemBufferRef(), Err, *Context);
    Total += Watch.elapsed();
    if (!Parsed) {
      std::string Message;
      raw_string_ostream OS(Message);
      Err.print("mm-bench-read", OS);
      return createStringError(Message);
    }
  }
  return Total;
}

/// Times mm::parseLLVMSubmodule of every LLVM submodule of \p B, each in a
/// fresh context, timed as timeParseAssembly times its parses.
static Expected<Sample> timeSubmoduleParse(const Bundle &B) {
  Sample Total;
  for (const Submodule &M : B) {
    if (M.getKind() != ModuleKind::LLVM)
      continue;
    Stopwatch Watch;
    auto Context = std::make_unique<LLVMContext>();
    Expected<std::unique_ptr<Module>> Parsed =
        parseLLVMSubmodule(B, M, *Context);
    Total += Watch.elapsed();
    if (!Parsed)
      return Parsed.takeError();
  }
  return Total;
}

/// Adds one sample of \p Measure to \p Result.
static Error sample(Figure &Result, function_ref<Expected<Sample>()> Measure) {
  Expected<Sample> Time = Measure();
  if (!Time)
    return Time.takeError();
  Result.Samples.push_back(*Time);
  return Error::success();
}

static void printFigure(raw_ostream &OS, const Figure &F) {
  OS << format("%-44s %10.2f ms (CPU %10.2f ms) %8.1f MB/s  (median of %zu)\n",
               F.Label, F.medianWall() * 1e3, F.medianCPU() * 1e3,
               F.mbPerSecond(), F.Samples.size());
}

static Error writeJSON(StringRef Path, const Bundle &B, uint64_t FileBytes,
                       ArrayRef<Figure> Figures) {
  std::error_code EC;
  raw_fd_ostream File(Path, EC);
  if (EC)
    return createStringError(EC, "cannot open '%s': %s", Path.str().c_str(),
                             EC.message().c_str());
  json::OStream J(File, /*IndentSize=*/2);
  J.object([&] {
    J.attribute("bundle", B.getSourceName());
    J.attribute("file_bytes", static_cast<int64_t>(FileBytes));
    J.attribute("submodules", static_cast<int64_t>(B.size()));
    for (const Figure &F : Figures)
      J.attributeObject(F.Key, [&] {
        J.attribute("seconds", F.medianWall());
        J.attribute("cpu_seconds", F.medianCPU());
        J.attribute("runs", static_cast<int64_t>(F.Samples.size()));
        J.attribute("bytes", static_cast<int64_t>(F.Bytes));
        J.attribute("mb_per_s", F.mbPerSecond());
      });
  });
  File << '\n';
  return Error::success();
}

static Error run() {
  // Read the whole file into memory first, so that no run pays for I/O or
  // page faults on a mapped file.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Mapped =
      MemoryBuffer::getFile(InputFilename, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Mapped)
    return createStringError(Mapped.getError(), "cannot read '%s': %s",
                             InputFilename.c_str(),
                             Mapped.getError().message().c_str());
  std::unique_ptr<MemoryBuffer> File = MemoryBuffer::getMemBufferCopy(
      (*Mapped)->getBuffer(), (*Mapped)->getBufferIdentifier());
  Mapped->reset();

  // One untimed read checks the bundle, warms the caches, and gives the
  // bodies for the parse measurements.
  Expected<Bundle> B = readBundle(viewOf(*File));
  if (!B)
    return B.takeError();
  std::vector<std::unique_ptr<MemoryBuffer>> Bodies;
  uint64_t BodyBytes = 0;
  for (const Submodule &M : *B) {
    if (M.getKind() != ModuleKind::LLVM)
      continue;
    Bodies.push_back(
        MemoryBuffer::getMemBufferCopy(M.getBody(), B->getModuleIdentifier(M)));
    BodyBytes += M.getBody().size();
  }
  if (Bodies.empty())
    return createStringError("'%s' has no LLVM IR submodule",
                             InputFilename.c_str());

  Figure Framing{"framing", "framing: mm::readBundle", File->getBufferSize()};
  Figure Parse{"parse", "parse: llvm::parseAssembly, context per body",
               BodyBytes};
  Figure SubmoduleParse{"submodule_parse",
                        "submodule parse: mm::parseLLVMSubmodule", BodyBytes};
  // The measurements alternate within each round, so that a change in the
  // machine's load during the run affects all of them alike.
  for (unsigned Round = 0, E = std::max(1u, unsigned(Rounds)); Round < E;
       ++Round) {
    for (unsigned I = 0, F = std::max(1u, unsigned(FramingRuns)); I < F; ++I)
      if (Error Err = sample(Framing, [&] { return timeFraming(*File); }))
        return Err;
    if (Error Err = sample(Parse, [&] { return timeParseAssembly(Bodies); }))
      return Err;
    if (!SkipSubmoduleParse)
      if (Error Err =
              sample(SubmoduleParse, [&] { return timeSubmoduleParse(*B); }))
        return Err;
  }
  std::vector<Figure> Figures = {Framing, Parse};
  if (!SkipSubmoduleParse)
    Figures.push_back(SubmoduleParse);

  raw_ostream &OS = outs();
  OS << format("bundle: %s, %.1f MB, %zu submodules, %zu LLVM bodies "
               "(%.1f MB)\n",
               InputFilename.c_str(), File->getBufferSize() / BytesPerMB,
               B->size(), Bodies.size(), BodyBytes / BytesPerMB);
  for (const Figure &F : Figures)
    printFigure(OS, F);
  OS << format("framing/parse: %.2f%% (CPU time: %.2f%%)\n",
               100 * Framing.medianWall() / Parse.medianWall(),
               100 * Framing.medianCPU() / Parse.medianCPU());

  if (!JSONOutput.empty())
    return writeJSON(JSONOutput, *B, File->getBufferSize(), Figures);
  return Error::success();
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  // A body without a datalayout gets its triple's, which needs the targets.
  InitializeAllTargetInfos();
  InitializeAllTargets();
  InitializeAllTargetMCs();
  cl::HideUnrelatedOptions(BenchCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mm bundle reader benchmark\n\n"
      "Times mm::readBundle (framing) against LLVM's parse of the bodies.\n");
  return reportError(run(), argv[0], errs()) ? 1 : 0;
}
