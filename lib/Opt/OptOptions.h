//===- OptOptions.h - mm-opt's command line ---------------------*- C++ -*-===//
//
// mm-opt's options, registered when optMain creates them (not when a program
// that links the library starts), and what optMain derives from the command
// line for the whole run: the passes that pipelines can name, the options a
// header may not set, the reports. Private to lib/Opt.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LIB_OPT_OPTOPTIONS_H
#define MM_LIB_OPT_OPTOPTIONS_H

#include "mm/Bundle/BinaryBundle.h"
#include "mm/Compile/LLVMPipeline.h"
#include "mm/Compile/TargetMachine.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace mm {

/// `-O` on mm-opt's command line: none, or a level of OptLevels.def.
enum class CLOptLevel { None, O0, O1, O2, O3, Os, Oz };

struct OptOptions {
  llvm::cl::OptionCategory Category{"mm-opt options"};

  llvm::cl::opt<std::string> InputFilename{
      llvm::cl::Positional, llvm::cl::desc("<input bundle>"),
      llvm::cl::init("-"), llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> OutputFilename{
      "o", llvm::cl::desc("Output file (default: -)"),
      llvm::cl::value_desc("filename"), llvm::cl::init("-"),
      llvm::cl::cat(Category)};

  llvm::cl::opt<CLOptLevel> OptLevel{
      llvm::cl::desc("Optimization level for every LLVM submodule (overrides "
                     "the headers' opt= and passes=):"),
      llvm::cl::init(CLOptLevel::None),
      llvm::cl::values(
          clEnumValN(CLOptLevel::O0, "O0", "default<O0> pipeline"),
          clEnumValN(CLOptLevel::O1, "O1", "default<O1> pipeline"),
          clEnumValN(CLOptLevel::O2, "O2", "default<O2> pipeline"),
          clEnumValN(CLOptLevel::O3, "O3", "default<O3> pipeline"),
          clEnumValN(CLOptLevel::Os, "Os", "default<Os> pipeline"),
          clEnumValN(CLOptLevel::Oz, "Oz", "default<Oz> pipeline")),
      llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> PassPipeline{
      "passes",
      llvm::cl::desc("New-pass-manager pipeline for every selected LLVM "
                     "submodule, as opt -passes takes it (overrides the "
                     "headers' opt= and passes=)"),
      llvm::cl::value_desc("pipeline"), llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> BundlePipeline{
      "bundle-passes",
      llvm::cl::desc("Run these bundle passes on the whole bundle first: "
                     "mm's (strip-unreferenced-devices, link-submodules, "
                     "internalize-devices), the plugins', and "
                     "submodules(PIPELINE) for an LLVM pipeline on every "
                     "LLVM submodule, comma-separated"),
      llvm::cl::value_desc("pipeline"), llvm::cl::cat(Category)};

  llvm::cl::alias PassPipelineShort{
      "p", llvm::cl::desc("Alias for --passes"),
      llvm::cl::aliasopt(PassPipeline)};

  llvm::cl::opt<std::string> TargetTriple{
      "mtriple",
      llvm::cl::desc("Override the target triple of every selected LLVM "
                     "submodule, as opt's -mtriple (normalized)"),
      llvm::cl::value_desc("triple"), llvm::cl::cat(Category)};

  llvm::cl::list<std::string> PassPluginPaths{
      "load-pass-plugin",
      llvm::cl::desc("Load the pass plugin in this shared library, as opt "
                     "does: its LLVM passes can be named in any LLVM "
                     "submodule's pipeline and its options in mllvm=, its "
                     "bundle passes in --bundle-passes (repeatable)"),
      llvm::cl::value_desc("path"), llvm::cl::cat(Category)};

  llvm::cl::list<std::string> ModuleSelectors{
      "module",
      llvm::cl::desc("Process only the submodules this selector matches (a "
                     "name glob, role=host|device or triple=GLOB; "
                     "repeatable). The others pass through byte for byte"),
      llvm::cl::value_desc("selector"), llvm::cl::cat(Category)};

  llvm::cl::list<std::string> FieldOverrides{
      "set",
      llvm::cl::desc("Override a header field for the submodules SELECTOR "
                     "matches, e.g. "
                     "--set='role=device:mllvm=-unroll-threshold=400' "
                     "--set=host:passes=instcombine (repeatable)"),
      llvm::cl::value_desc("SELECTOR:KEY=VALUE"), llvm::cl::cat(Category)};

  llvm::cl::list<std::string> Conversions{
      "convert",
      llvm::cl::desc("Convert the submodules SELECTOR matches to KIND after "
                     "their own processing: mlir runs its passes= lowering "
                     "and MLIR's translation to LLVM IR; llvm is imported "
                     "into MLIR's LLVM dialect (repeatable)"),
      llvm::cl::value_desc("SELECTOR:llvm|mlir"), llvm::cl::cat(Category)};

  llvm::cl::opt<BundleForm> EmitForm{
      "emit", llvm::cl::desc("The form of the output bundle:"),
      llvm::cl::init(BundleForm::Text),
      llvm::cl::values(
          clEnumValN(BundleForm::Text, "text", "text (default)"),
          clEnumValN(BundleForm::Binary, "bitcode",
                     "binary: LLVM bitcode, one module per submodule")),
      llvm::cl::cat(Category)};

  llvm::cl::opt<unsigned> Jobs{
      "j",
      llvm::cl::desc("Process up to N submodules at once (default: all "
                     "hardware threads); submodules with different mllvm= "
                     "options run in worker processes. The output does not "
                     "depend on N"),
      llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::Prefix,
      llvm::cl::cat(Category)};

  llvm::cl::opt<bool> TextOutput{
      "S", llvm::cl::desc("Write the text form, as opt -S does (the default, "
                          "unless -o names a .bc file)"),
      llvm::cl::cat(Category)};

  llvm::cl::opt<bool> DisableOutput{
      "disable-output",
      llvm::cl::desc("Process every submodule and write nothing, as opt "
                     "-disable-output"),
      llvm::cl::cat(Category)};

  llvm::cl::opt<bool> PrintPasses{
      "print-passes",
      llvm::cl::desc("Print the names of LLVM's passes, which -passes and "
                     "passes= accept, as opt --print-passes, and exit"),
      llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> AAPipeline{
      "aa-pipeline",
      llvm::cl::desc("The alias analyses of every LLVM submodule's "
                     "pipeline, as opt's -aa-pipeline"),
      llvm::cl::value_desc("aa1,aa2,..."), llvm::cl::init("default"),
      llvm::cl::cat(Category)};

  llvm::cl::opt<bool> VerifyEach{
      "verify-each",
      llvm::cl::desc("Verify each LLVM submodule after every pass, as opt "
                     "-verify-each"),
      llvm::cl::cat(Category)};

  llvm::cl::opt<bool> StripDebug{
      "strip-debug",
      llvm::cl::desc("Strip debug information from every LLVM submodule "
                     "before its pipeline, as opt -strip-debug"),
      llvm::cl::cat(Category)};

  llvm::cl::opt<std::string> DataLayout{
      "data-layout",
      llvm::cl::desc("The datalayout of every selected LLVM submodule, as "
                     "opt's -data-layout"),
      llvm::cl::value_desc("layout"), llvm::cl::cat(Category)};

  llvm::cl::opt<bool> DebugPassManager{
      "debug-pass-manager",
      llvm::cl::desc("Print the passes that each LLVM submodule's pipeline "
                     "runs, as opt does, after a banner naming the "
                     "submodule"),
      llvm::cl::cat(Category)};

  /// Set in the worker processes that mm-opt starts (Worker.h): the worker
  /// reads the bundle and the jobs to run from its channel.
  llvm::cl::opt<bool> IsWorker{"mm-worker", llvm::cl::ReallyHidden,
                               llvm::cl::cat(Category)};
};

/// What optMain derives from its command line for the whole run, read by
/// the jobs and the scheduler.
struct OptSession {
  explicit OptSession(const OptOptions &Options) : Options(Options) {}

  const OptOptions &Options;
  /// What every LLVM submodule's pipeline can name beyond LLVM's passes:
  /// the tool's (optMain's extensions) and the plugins' passes.
  std::vector<PassBuilderExtension> Extensions;
  /// mm-opt's own options, and the codegen flags it reads once for the
  /// whole run (-mcpu, -mattr): a header's mllvm= cannot set them.
  llvm::SmallPtrSet<llvm::cl::Option *, 32> ToolOptions;
  /// The LLVM options registered before the pass plugins were loaded.
  llvm::DenseSet<llvm::cl::Option *> BuiltinOptions;
  /// -time-passes and -stats, taken over from LLVM's options after parsing:
  /// mm-opt reports them per submodule (PassReport.h).
  bool ReportPassTimes = false;
  bool ReportStatistics = false;
  /// The jobs' TargetMachines, each thread's reused from one submodule to
  /// the next.
  mutable TargetMachineCache TargetMachines;

  /// Options whose value cannot be restored in-process: setting them has
  /// effects that resetting them does not undo (a callback, or a registry
  /// filled as they are parsed), or they belong to a plugin, whose options
  /// mm-opt knows nothing of. A submodule that sets one runs in a worker.
  bool needsIsolation(const llvm::cl::Option *Option) const;
};

} // namespace mm

#endif // MM_LIB_OPT_OPTOPTIONS_H
