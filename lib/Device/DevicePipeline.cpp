//===- DevicePipeline.cpp - The device lowering as one pipeline -----------===//
//
// The passes of DevicePasses.def, registered by name, and run in its order
// by `mm-lower-device<TRIPLE>`, which stops at the first step that reports
// an error: every tool runs the lowering as an element of its pipeline
// (mm/Compile/LLVMPipeline.h), which collects those errors.
//
//===----------------------------------------------------------------------===//

#include "mm/Device/DeviceLowering.h"
#include "DeviceIR.h"
#include "Passes.h"
#include "Uniformity.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;
using namespace mm::device;

namespace {
/// What `mm-lower-device<TRIPLE;CHECK>` names: the host, and the tool of
/// CUDA's sanitizer (`memcheck`, `racecheck`) whose checks the device code
/// makes at run time, if any.
struct LoweringTarget {
  Triple Host;
  StringRef Check;
};
} // namespace

/// Adds the whole lowering for \p Target to \p MPM: every step, in order.
static void addDeviceLowering(ModulePassManager &MPM,
                              const LoweringTarget &Target) {
#define MM_DEVICE_PASS(Name, Class) MPM.addPass(Class());
#define MM_DEVICE_HOST_PASS(Name, Class) MPM.addPass(Class(Target.Host));
#define MM_DEVICE_CHECK_PASS(Name, Class, CheckName)                           \
  if (Target.Check == CheckName)                                               \
    MPM.addPass(Class());
#include "DevicePasses.def"
}

namespace {
/// Reports, when it runs, why a pass of the pipeline could not be made.
struct ReportErrorPass : PassInfoMixin<ReportErrorPass> {
  explicit ReportErrorPass(std::string Message) : Message(std::move(Message)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    reportError(M, "", Message);
    return PreservedAnalyses::all();
  }
  std::string Message;
};

/// The checks that `mm-lower-device<TRIPLE;CHECK>` can name, in
/// DevicePasses.def's order.
constexpr StringLiteral CheckNames[] = {
#define MM_DEVICE_CHECK_PASS(Name, Class, CheckName) CheckName,
#define MM_DEVICE_PASS(Name, Class)
#include "DevicePasses.def"
};

/// The target of `NAME<TRIPLE>`, or of `NAME` alone \p Default; with
/// \p Checks, `NAME<TRIPLE;CHECK>` too.
Expected<LoweringTarget> parseLoweringTarget(StringRef Text,
                                             StringRef PassName,
                                             const Triple &Default,
                                             bool Checks = false) {
  LoweringTarget Target;
  Target.Host = Default;
  if (Text == PassName)
    return Target;
  StringRef Param = Text.drop_front(PassName.size());
  auto [TripleText, Options] = Param.drop_front().drop_back().split(';');
  if (!Param.consume_front("<") || !Param.consume_back(">") ||
      TripleText.empty() || (!Checks && !Options.empty()))
    return createStringError("invalid pass '%s': expected %s<TRIPLE%s>",
                             Text.str().c_str(), PassName.str().c_str(),
                             Checks ? "[;CHECK]" : "");
  Target.Host = Triple(Triple::normalize(TripleText));
  if (!Options.empty()) {
    const StringLiteral *Check = find(CheckNames, Options);
    if (Check == std::end(CheckNames))
      return createStringError(
          "invalid pass '%s': unknown check '%s'; give one of %s",
          Text.str().c_str(), Options.str().c_str(),
          join(ArrayRef<StringLiteral>(CheckNames), ", ").c_str());
    Target.Check = *Check;
  }
  return Target;
}

bool isPassWithHost(StringRef Text, StringRef PassName) {
  return Text == PassName ||
         (Text.starts_with(PassName) && Text.drop_front(PassName.size())
                                            .starts_with("<"));
}
} // namespace

void mm::registerDevicePasses(PassBuilder &PB,
                              std::optional<Triple> BundleHost) {
  Triple DefaultHost =
      BundleHost ? *BundleHost : Triple(sys::getDefaultTargetTriple());
  // The names that -print-after=NAME, -print-pipeline-passes and the other
  // instrumentation know the passes by.
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
#define MM_DEVICE_PASS(PassName, Class)                                        \
  PIC->addClassToPassName(Class::name(), PassName);
#define MM_DEVICE_CHECK_PASS(PassName, Class, Check)                           \
  MM_DEVICE_PASS(PassName, Class)
#include "DevicePasses.def"
    PIC->addClassToPassName(UniformityAnalysis::name(), "mm-uniformity");
  }
  PB.registerPipelineParsingCallback(
      [DefaultHost](StringRef Name, ModulePassManager &MPM,
                    ArrayRef<PassBuilder::PipelineElement>) {
        // Adds what `PassName<TRIPLE>` names with AddPasses(TARGET).
        auto WithHost = [&](StringRef PassName, auto AddPasses,
                            bool Checks = false) {
          if (!isPassWithHost(Name, PassName))
            return false;
          Expected<LoweringTarget> Target =
              parseLoweringTarget(Name, PassName, DefaultHost, Checks);
          if (!Target)
            MPM.addPass(ReportErrorPass(toString(Target.takeError())));
          else
            AddPasses(*Target);
          return true;
        };
#define MM_DEVICE_PASS(PassName, Class)                                        \
  if (Name == PassName) {                                                      \
    MPM.addPass(Class());                                                      \
    return true;                                                               \
  }
#define MM_DEVICE_HOST_PASS(PassName, Class)                                   \
  if (WithHost(PassName, [&](const LoweringTarget &T) {                        \
        MPM.addPass(Class(T.Host));                                            \
      }))                                                                      \
    return true;
#define MM_DEVICE_CHECK_PASS(PassName, Class, Check)                           \
  MM_DEVICE_PASS(PassName, Class)
#include "DevicePasses.def"
        return WithHost(
            "mm-lower-device",
            [&](const LoweringTarget &T) { addDeviceLowering(MPM, T); },
            /*Checks=*/true);
      });
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return UniformityAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "print<mm-uniformity>")
          return false;
        FPM.addPass(UniformityPrinterPass(outs()));
        return true;
      });
}
