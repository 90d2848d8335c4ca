//===- Jobs.cpp - The work of one mm-opt run ------------------------------===//

#include "Jobs.h"

#include "mm/Bundle/LLVMModule.h"
#include "mm/Bundle/Reader.h"
#include "mm/Bundle/Selector.h"
#include "mm/Compile/OptLevel.h"
#include "mm/Support/Diagnostics.h"

#include "llvm/CodeGen/CommandFlags.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mm;

bool OptSession::needsIsolation(const cl::Option *Option) const {
  return !BuiltinOptions.contains(const_cast<cl::Option *>(Option)) ||
         Option->ArgStr == "opt-bisect-limit" ||
         Option->ArgStr == "debug-counter";
}

/// Options that apply to the whole run, not to one submodule.
static bool isRunWide(const cl::Option *Option) {
  return Option->ArgStr == "time-passes" || Option->ArgStr == "stats" ||
         Option->ArgStr == "time-passes-per-run";
}

static StringRef getOptLevelName(CLOptLevel Level) {
  switch (Level) {
  case CLOptLevel::None:
    return "";
  case CLOptLevel::O0:
    return "O0";
  case CLOptLevel::O1:
    return "O1";
  case CLOptLevel::O2:
    return "O2";
  case CLOptLevel::O3:
    return "O3";
  case CLOptLevel::Os:
    return "Os";
  case CLOptLevel::Oz:
    return "Oz";
  }
  llvm_unreachable("unknown optimization level");
}

/// The triple of the bundle's host submodule, if it has one and names one.
static std::optional<Triple> getHostTriple(const Bundle &B) {
  const Submodule *Host = B.getHost();
  if (!Host || Host->getTriple().empty())
    return std::nullopt;
  return Triple(Triple::normalize(Host->getTriple()));
}

/// The pipeline for \p M: the command line's -passes, else its -O, else
/// the header's passes=, else the header's opt=. None if none applies.
static std::optional<LLVMPipeline> getPipeline(const Bundle &B,
                                               const Submodule &M,
                                               const OptSession &Session) {
  const OptOptions &Options = Session.Options;
  const SubmoduleOptions &Header = M.getOptions();
  // -mcpu and -mattr on the command line apply where the header says none.
  LLVMPipeline Pipeline{
      "",
      Options.TargetTriple.empty() ? ""
                                   : Triple::normalize(Options.TargetTriple),
      Header.CPU.empty() ? codegen::getCPUStr() : Header.CPU,
      Header.Features.empty() ? codegen::getFeaturesStr() : Header.Features,
      Session.Extensions, getHostTriple(B), Options.DebugPassManager,
      Options.AAPipeline, Options.VerifyEach, Options.StripDebug,
      Options.DataLayout, &Session.TargetMachines};
  if (!Options.PassPipeline.empty())
    Pipeline.Passes = Options.PassPipeline;
  else if (Options.OptLevel != CLOptLevel::None)
    Pipeline.Passes = lookupOptLevel(getOptLevelName(Options.OptLevel))
                          ->getDefaultPipeline();
  else if (!Header.Passes.empty())
    Pipeline.Passes = Header.Passes;
  else if (!Header.OptLevel.empty())
    Pipeline.Passes = lookupOptLevel(Header.OptLevel)->getDefaultPipeline();
  else if (Pipeline.TargetTriple.empty() && Pipeline.DataLayout.empty() &&
           !Pipeline.StripDebug)
    return std::nullopt;
  // else no passes, as `opt -S -mtriple=...`: the module is reprinted with
  // its new triple, datalayout, or without its debug information.
  return Pipeline;
}

/// An error about \p M's option from \p Origin: at the header field, or
/// naming the command-line option.
static Error originError(const Bundle &B, const Submodule &M,
                         const OptionOrigin &Origin, const Twine &Message) {
  if (Origin.Field.isValid())
    return makeDiagnosticError(B.diagnose(
        Origin.Field, SourceMgr::DK_Error,
        "submodule '" + M.getName() + "': " + Message));
  if (!Origin.CommandLine.empty())
    return createStringError("submodule '" + M.getName() + "': " + Message +
                             " (from " + Origin.CommandLine + ")");
  return B.moduleError(M, Message);
}

/// Applies the --set options, recording where each submodule's pipeline and
/// mllvm= options come from: its header fields, as read, or a --set.
static Expected<std::vector<SubmoduleOrigins>>
applyOverrides(Bundle &B, const OptOptions &Options) {
  std::vector<SubmoduleOrigins> Origins(B.size());
  for (auto [M, Origin] : zip(B, Origins)) {
    Origin.Passes.Field = findHeaderField(M, "passes");
    for (unsigned I = 0; I < M.getOptions().LLVMArgs.size(); ++I)
      Origin.LLVMArgs.push_back({findHeaderField(M, "mllvm", I), ""});
  }
  for (const std::string &Spec : Options.FieldOverrides) {
    std::vector<SubmoduleOptions> Before;
    for (const Submodule &M : B)
      Before.push_back(M.getOptions());
    if (Error E = applySetOption(B, Spec))
      return std::move(E);
    std::string Option = "--set '" + Spec + "'";
    for (auto [M, Old, Origin] : zip(B, Before, Origins)) {
      if (M.getOptions().Passes != Old.Passes)
        Origin.Passes = {SMLoc(), Option};
      Origin.LLVMArgs.resize(M.getOptions().LLVMArgs.size(), {SMLoc(), Option});
    }
  }
  if (!Options.PassPipeline.empty())
    for (auto [M, Origin] : zip(B, Origins))
      if (M.getKind() == ModuleKind::LLVM)
        Origin.Passes = {SMLoc(), "-passes"};
  return std::move(Origins);
}

/// Resolves \p M's mllvm= options and checks that each value is one the
/// option accepts, by setting it for a moment: before anything is processed,
/// so that a bad value stops mm-opt at once. Fails on an option that applies
/// to the whole run.
static Expected<std::vector<LLVMOptionSetting>>
resolveSubmoduleOptions(const Bundle &B, const Submodule &M,
                        const SubmoduleOrigins &Origins,
                        const OptSession &Session) {
  std::vector<LLVMOptionSetting> Settings;
  Error Errors = Error::success();
  for (auto [Arg, Origin] : zip(M.getOptions().LLVMArgs, Origins.LLVMArgs)) {
    Expected<std::vector<LLVMOptionSetting>> Resolved =
        resolveLLVMOptions({Arg}, Session.ToolOptions);
    if (!Resolved) {
      Errors = joinErrors(std::move(Errors),
                          originError(B, M, Origin,
                                      toString(Resolved.takeError())));
      continue;
    }
    if (isRunWide(Resolved->front().Option)) {
      Errors = joinErrors(
          std::move(Errors),
          originError(B, M, Origin,
                      "LLVM option '-" + Resolved->front().Option->ArgStr +
                          "' applies to the whole run: give it on mm-opt's "
                          "command line"));
      continue;
    }
    // An option that needs isolation is checked by the worker that sets it.
    LLVMOptionScope Trial;
    if (Error E = Session.needsIsolation(Resolved->front().Option)
                      ? Error::success()
                      : Trial.enter(*Resolved)) {
      Errors = joinErrors(std::move(Errors),
                          originError(B, M, Origin, toString(std::move(E))));
      continue;
    }
    Settings.push_back(Resolved->front());
  }
  if (Errors)
    return std::move(Errors);
  return std::move(Settings);
}

namespace {
/// A --convert option: the submodules it selects and the kind they become.
struct Conversion {
  SubmoduleSelector Selector;
  ModuleKind To;
};
} // namespace

/// Parses the --convert options, each of which must match a submodule.
static Expected<std::vector<Conversion>>
parseConversions(const Bundle &B, const OptOptions &Options) {
  std::vector<Conversion> Result;
  for (const std::string &Text : Options.Conversions) {
    auto [SelectorText, KindText] = StringRef(Text).rsplit(':');
    std::optional<ModuleKind> Kind = parseKindName(KindText);
    if (KindText.empty() || !Kind)
      return createStringError("invalid --convert '%s': expected "
                               "SELECTOR:llvm or SELECTOR:mlir",
                               Text.c_str());
    Expected<SubmoduleSelector> Selector =
        SubmoduleSelector::parse(SelectorText);
    if (!Selector)
      return createStringError("invalid --convert '%s': %s", Text.c_str(),
                               toString(Selector.takeError()).c_str());
    if (none_of(B, [&](const Submodule &M) { return Selector->matches(M); }))
      return createStringError("--convert '%s' matches no submodule",
                               Text.c_str());
    Result.push_back({std::move(*Selector), *Kind});
  }
  return Result;
}

/// The kind the last matching --convert asks \p M to become, if any.
static std::optional<ModuleKind>
getConversion(ArrayRef<Conversion> Conversions, const Submodule &M) {
  for (const Conversion &C : reverse(Conversions))
    if (C.Selector.matches(M))
      return C.To;
  return std::nullopt;
}

Expected<JobPlan> mm::planJobs(Bundle &B, const OptSession &Session) {
  const OptOptions &Options = Session.Options;
  Expected<std::vector<SubmoduleSelector>> Selectors =
      parseModuleOptions(B, Options.ModuleSelectors);
  if (!Selectors)
    return Selectors.takeError();
  JobPlan Plan;
  Expected<std::vector<SubmoduleOrigins>> Origins =
      applyOverrides(B, Options);
  if (!Origins)
    return Origins.takeError();
  Plan.Origins = std::move(*Origins);
  Expected<std::vector<Conversion>> Conversions =
      parseConversions(B, Options);
  if (!Conversions)
    return Conversions.takeError();

  // Overrides must leave a valid bundle: at most one host.
  if (Error E = checkOverriddenHosts(B))
    return std::move(E);

  Error Errors = Error::success();
  Plan.Jobs.reserve(B.size());
  for (auto [Mod, Origin] : zip(B, Plan.Origins)) {
    Submodule &M = Mod;
    if (!isSelected(*Selectors, M))
      continue;
    std::optional<ModuleKind> ConvertTo = getConversion(*Conversions, M);
    if (ConvertTo && *ConvertTo != M.getKind())
      Plan.Conversions.push_back({&M, *ConvertTo});
    if (M.getKind() == ModuleKind::MLIR) {
      // The translation to LLVM IR runs the pipeline itself.
      if (ConvertTo != ModuleKind::LLVM)
        Plan.MLIRModules.push_back(&M);
      continue;
    }
    Expected<std::vector<LLVMOptionSetting>> Settings =
        resolveSubmoduleOptions(B, M, Origin, Session);
    if (!Settings) {
      Errors = joinErrors(std::move(Errors), Settings.takeError());
      continue;
    }
    Job &J = Plan.Jobs.emplace_back();
    J.M = &M;
    J.Pipeline = getPipeline(B, M, Session);
    J.Options = std::move(*Settings);
    J.NeedsIsolation = any_of(J.Options, [&](const LLVMOptionSetting &S) {
      return Session.needsIsolation(S.Option);
    });
  }
  if (Errors)
    return std::move(Errors);
  return std::move(Plan);
}

/// Verifies an LLVM submodule that no pipeline changes.
static Error verifyOnly(const Bundle &B, const Submodule &M) {
  LLVMContext Context;
  Expected<std::unique_ptr<Module>> Parsed = parseLLVMSubmodule(B, M, Context);
  if (!Parsed)
    return Parsed.takeError();
  return verifyLLVMSubmodule(B, M, **Parsed);
}

void mm::runJob(const Bundle &B, Job &J, const OptSession &Session,
                bool WithBanner) {
  if (!J.Pipeline) {
    if (Error E = verifyOnly(B, *J.M))
      J.Result.emplace(std::move(E));
    return;
  }
  PassReport Report(Session.ReportPassTimes, Session.ReportStatistics);
  J.Result.emplace(optimizeLLVMSubmodule(B, *J.M, *J.Pipeline, &Report));
  if (!Report.isEnabled())
    return;
  raw_string_ostream OS(J.Printed);
  if (WithBanner)
    printPipelineBanner(J.M->getName(), OS);
  Report.print(OS);
}

Error mm::locatePipelineErrors(const Bundle &B, const JobPlan &Plan,
                               Error Errors) {
  return handleErrors(std::move(Errors), [&](const InvalidPipelineError &E) {
    const Submodule &M = E.getSubmodule();
    const OptionOrigin &Origin =
        Plan.Origins[&M - B.submodules().data()].Passes;
    return originError(B, M, Origin, E.getMessage());
  });
}
