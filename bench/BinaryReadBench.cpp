//===- BinaryReadBench.cpp - Reading the binary form against the text -----===//
//
// mm-bench-binary measures what reading a bundle costs in each form, in one
// process, from buffers already in memory:
//
//  * text:   mm::readBundle on the text form (framing: the bodies are views);
//  * text + parse: the same, then mm::parseLLVMSubmodule of every LLVM body
//    into a fresh LLVMContext (what a tool that loads the modules pays);
//  * binary: mm::readBundle on the binary form, which parses every bitcode
//    module and prints it as text, since the model holds text bodies.
//
// The binary form is written once, before the clock starts. Rounds
// interleave the three so that a change in the machine's load hits all of
// them; each figure is the median wall-clock time of its runs.
//
//===----------------------------------------------------------------------===//

#include "mm/Bundle/BinaryBundle.h"
#include "mm/Bundle/Bundle.h"
#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <vector>

using namespace llvm;
using namespace mm;

static cl::OptionCategory BenchCategory("mm-bench-binary options");

static cl::opt<std::string> InputFilename(cl::Positional, cl::Required,
                                          cl::desc("<text bundle>"),
                                          cl::cat(BenchCategory));

static cl::opt<unsigned> Rounds("rounds", cl::init(5),
                                cl::desc("Measurement rounds (default: 5)"),
                                cl::cat(BenchCategory));

static double median(std::vector<double> Values) {
  std::sort(Values.begin(), Values.end());
  size_t N = Values.size();
  return N % 2 ? Values[N / 2] : (Values[N / 2 - 1] + Values[N / 2]) / 2;
}

/// Runs \p Work once and returns its wall-clock seconds.
template <typename Fn> static double timeIt(Fn Work) {
  auto Start = std::chrono::steady_clock::now();
  Work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       Start)
      .count();
}

static Bundle readOrExit(StringRef Data, StringRef Name) {
  Expected<Bundle> B =
      readBundle(MemoryBuffer::getMemBuffer(Data, Name, false));
  if (!B) {
    reportError(B.takeError(), "mm-bench-binary", errs());
    exit(1);
  }
  return std::move(*B);
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  InitializeAllTargets();
  InitializeAllTargetMCs();
  cl::HideUnrelatedOptions(BenchCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "reading a bundle's binary form against its "
                              "text form\n");
  ErrorOr<std::unique_ptr<MemoryBuffer>> File =
      MemoryBuffer::getFile(InputFilename);
  if (!File) {
    errs() << "mm-bench-binary: cannot read '" << InputFilename
           << "': " << File.getError().message() << "\n";
    return 1;
  }
  StringRef Text = (*File)->getBuffer();
  std::string Binary;
  {
    raw_string_ostream OS(Binary);
    if (reportError(writeBinaryBundle(readOrExit(Text, InputFilename), OS),
                    "mm-bench-binary", errs()))
      return 1;
  }

  std::vector<double> TextTimes, TextParseTimes, BinaryTimes;
  for (unsigned Round = 0; Round != Rounds; ++Round) {
    TextTimes.push_back(timeIt([&] { readOrExit(Text, InputFilename); }));
    TextParseTimes.push_back(timeIt([&] {
      Bundle B = readOrExit(Text, InputFilename);
      for (const Submodule &M : B) {
        if (M.getKind() != ModuleKind::LLVM)
          continue;
        LLVMContext Context;
        Expected<std::unique_ptr<Module>> Parsed =
            parseLLVMSubmodule(B, M, Context);
        if (!Parsed) {
          reportError(Parsed.takeError(), "mm-bench-binary", errs());
          exit(1);
        }
      }
    }));
    BinaryTimes.push_back(timeIt([&] { readOrExit(Binary, "binary.mmb"); }));
  }
  double TextSeconds = median(TextTimes);
  double TextParseSeconds = median(TextParseTimes);
  double BinarySeconds = median(BinaryTimes);
  // One "key value" line each, for bench/llc.sh.
  outs() << format("text-bytes %zu\n", Text.size())
         << format("binary-bytes %zu\n", Binary.size())
         << format("text-read-seconds %.4f\n", TextSeconds)
         << format("text-read-parse-seconds %.4f\n", TextParseSeconds)
         << format("binary-read-seconds %.4f\n", BinarySeconds)
         << format("binary-over-text-read %.2f\n", BinarySeconds / TextSeconds)
         << format("binary-over-text-read-parse %.2f\n",
                   BinarySeconds / TextParseSeconds);
  return 0;
}
