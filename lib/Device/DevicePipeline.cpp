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

/// Adds the whole lowering for \p Host to \p MPM: every step, in order.
static void addDeviceLowering(ModulePassManager &MPM, const Triple &Host) {
#define MM_DEVICE_PASS(Name, Class) MPM.addPass(Class());
#define MM_DEVICE_HOST_PASS(Name, Class) MPM.addPass(Class(Host));
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

/// The triple of `NAME<TRIPLE>`, or of `NAME` alone \p Default.
Expected<Triple> parseHostTriple(StringRef Text, StringRef PassName,
                                 const Triple &Default) {
  if (Text == PassName)
    return Default;
  StringRef Param = Text.drop_front(PassName.size());
  if (!Param.consume_front("<") || !Param.consume_back(">") || Param.empty())
    return createStringError("invalid pass '%s': expected %s<TRIPLE>",
                             Text.str().c_str(), PassName.str().c_str());
  return Triple(Triple::normalize(Param));
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
#define MM_DEVICE_CHECK_PASS MM_DEVICE_PASS
#include "DevicePasses.def"
    PIC->addClassToPassName(UniformityAnalysis::name(), "mm-uniformity");
  }
  PB.registerPipelineParsingCallback(
      [DefaultHost](StringRef Name, ModulePassManager &MPM,
                    ArrayRef<PassBuilder::PipelineElement>) {
        // Adds what `PassName<TRIPLE>` names with AddPasses(TRIPLE).
        auto WithHost = [&](StringRef PassName, auto AddPasses) {
          if (!isPassWithHost(Name, PassName))
            return false;
          Expected<Triple> Host = parseHostTriple(Name, PassName, DefaultHost);
          if (!Host)
            MPM.addPass(ReportErrorPass(toString(Host.takeError())));
          else
            AddPasses(*Host);
          return true;
        };
#define MM_DEVICE_PASS(PassName, Class)                                        \
  if (Name == PassName) {                                                      \
    MPM.addPass(Class());                                                      \
    return true;                                                               \
  }
#define MM_DEVICE_HOST_PASS(PassName, Class)                                   \
  if (WithHost(PassName, [&](Triple T) { MPM.addPass(Class(std::move(T))); })) \
    return true;
#define MM_DEVICE_CHECK_PASS MM_DEVICE_PASS
#include "DevicePasses.def"
        return WithHost("mm-lower-device",
                        [&](Triple T) { addDeviceLowering(MPM, T); });
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
