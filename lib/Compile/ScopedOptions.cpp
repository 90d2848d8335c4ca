//===- ScopedOptions.cpp - Per-submodule LLVM options ---------------------===//

#include "mm/Compile/ScopedOptions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>

using namespace llvm;
using namespace mm;

/// The occurrences the process command line gave each option.
static DenseMap<cl::Option *, std::vector<std::string>> &commandLineValues() {
  static DenseMap<cl::Option *, std::vector<std::string>> Values;
  return Values;
}

/// Splits "-name=value" (or "--name=value", "-name") into name and value.
static std::pair<StringRef, StringRef> splitArgument(StringRef Arg) {
  Arg = Arg.ltrim('-');
  auto [Name, Value] = Arg.split('=');
  return {Name, Value};
}

/// True for the options whose handlers print and end the process as soon as
/// they are set: LLVM's help and version printers.
static bool endsTheProcess(const cl::Option *Option) {
  static constexpr StringLiteral Names[] = {
      "help",    "help-hidden",   "help-list",        "help-list-hidden",
      "h",       "version",       "print-options",    "print-all-options"};
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  return any_of(Names, [&](StringRef Name) {
    return Registered.lookup(Name) == Option;
  });
}

Expected<std::vector<LLVMOptionSetting>>
mm::resolveLLVMOptions(ArrayRef<std::string> Args,
                       const SmallPtrSetImpl<cl::Option *> &ToolOptions) {
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  std::vector<LLVMOptionSetting> Settings;
  for (const std::string &Arg : Args) {
    auto [Name, Value] = splitArgument(Arg);
    auto It = Registered.find(Name);
    if (!StringRef(Arg).starts_with("-") || It == Registered.end())
      return createStringError("unknown LLVM option '%s'", Arg.c_str());
    cl::Option *Option = It->second;
    if (endsTheProcess(Option))
      return createStringError("LLVM option '-%s' prints and ends the "
                               "process; it cannot be set for a submodule",
                               Option->ArgStr.str().c_str());
    if (ToolOptions.contains(Option))
      return createStringError("'-%s' is an option of the tool's command "
                               "line, not an LLVM option to set for a "
                               "submodule",
                               Option->ArgStr.str().c_str());
    Settings.push_back({Option, Value.str()});
  }
  return Settings;
}

SmallPtrSet<cl::Option *, 32>
mm::getOptionsInCategory(const cl::OptionCategory &Category) {
  SmallPtrSet<cl::Option *, 32> Options;
  for (auto &Entry : cl::getRegisteredOptions())
    if (is_contained(Entry.second->Categories, &Category))
      Options.insert(Entry.second);
  return Options;
}

/// The option that \p Name names: a registered name, or a prefix option
/// whose name starts \p Name (`j` for `j2`); sets \p Value for the latter.
static cl::Option *lookupOption(StringRef &Name, StringRef &Value) {
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  if (auto It = Registered.find(Name); It != Registered.end())
    return It->second;
  for (size_t Length = Name.size() - 1; Length > 0; --Length) {
    auto It = Registered.find(Name.take_front(Length));
    if (It == Registered.end() ||
        It->second->getFormattingFlag() != cl::Prefix)
      continue;
    Value = Name.drop_front(Length);
    Name = Name.take_front(Length);
    return It->second;
  }
  return nullptr;
}

std::vector<CommandLineArgument> mm::splitCommandLine(int Argc,
                                                      const char *const *Argv) {
  // Response files are expanded as cl::ParseCommandLineOptions expands them.
  BumpPtrAllocator Allocator;
  SmallVector<const char *, 32> Args(Argv + 1, Argv + Argc);
  cl::ExpansionContext Expander(Allocator, cl::TokenizeGNUCommandLine);
  if (Error E = Expander.expandResponseFiles(Args))
    consumeError(std::move(E)); // The parser has already reported it.

  std::vector<CommandLineArgument> Split;
  bool OnlyPositional = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg(Args[I]);
    if (OnlyPositional || Arg == "-" || !Arg.starts_with("-")) {
      Split.push_back({nullptr, Arg.str(), {Arg.str()}});
      continue;
    }
    if (Arg == "--") {
      OnlyPositional = true;
      Split.push_back({nullptr, "", {Arg.str()}});
      continue;
    }
    auto [Name, Value] = splitArgument(Arg);
    cl::Option *Opt = lookupOption(Name, Value);
    CommandLineArgument Entry{Opt, "", {Arg.str()}};
    // `-name value`: an option that requires a value takes the next
    // argument, as the parser does.
    if (Opt && !Arg.contains('=') && Value.empty() &&
        Opt->getValueExpectedFlag() == cl::ValueRequired &&
        I + 1 < Args.size()) {
      Value = Args[++I];
      Entry.Words.push_back(Value.str());
    }
    Entry.Value = Value.str();
    Split.push_back(std::move(Entry));
  }
  return Split;
}

void mm::recordCommandLineOptions(int Argc, const char *const *Argv) {
  auto &Values = commandLineValues();
  Values.clear();
  for (CommandLineArgument &Arg : splitCommandLine(Argc, Argv))
    if (Arg.Option)
      Values[Arg.Option].push_back(std::move(Arg.Value));
}

/// Gives \p Opt one occurrence per value, after resetting it to its default.
/// On failure, \p Rejected is the value that the option rejected.
static bool setOccurrences(cl::Option *Opt, ArrayRef<std::string> Values,
                           std::string &Rejected) {
  Opt->reset();
  for (const std::string &Value : Values) {
    SmallVector<StringRef, 4> Pieces;
    if (Opt->getMiscFlags() & cl::CommaSeparated)
      StringRef(Value).split(Pieces, ',');
    else
      Pieces.push_back(Value);
    for (StringRef Piece : Pieces)
      if (Opt->addOccurrence(/*pos=*/0, Opt->ArgStr, Piece)) {
        Rejected = Piece.str();
        return false;
      }
  }
  return true;
}

static std::atomic<uint64_t> OptionsGeneration{0};

uint64_t mm::getLLVMOptionsGeneration() { return OptionsGeneration.load(); }

Error LLVMOptionScope::enter(ArrayRef<LLVMOptionSetting> Settings) {
  if (!Settings.empty())
    ++OptionsGeneration;
  // All occurrences of one option are applied together, in order.
  for (const LLVMOptionSetting &Setting : Settings) {
    if (is_contained(Touched, Setting.Option))
      continue;
    std::vector<std::string> Values;
    for (const LLVMOptionSetting &Other : Settings)
      if (Other.Option == Setting.Option)
        Values.push_back(Other.Value);
    Touched.push_back(Setting.Option);
    std::string Rejected;
    if (!setOccurrences(Setting.Option, Values, Rejected))
      return createStringError("invalid value '" + Rejected +
                               "' for LLVM option '-" +
                               Setting.Option->ArgStr + "'");
  }
  return Error::success();
}

LLVMOptionScope::~LLVMOptionScope() {
  if (!Touched.empty())
    ++OptionsGeneration;
  for (cl::Option *Opt : Touched) {
    auto It = commandLineValues().find(Opt);
    std::string Rejected;
    bool Restored = setOccurrences(
        Opt, It == commandLineValues().end() ? ArrayRef<std::string>()
                                             : ArrayRef(It->second),
        Rejected);
    (void)Restored;
    assert(Restored && "the command line's own values were accepted before");
  }
}

void mm::runInOptionGroups(ArrayRef<ScopedTask> Tasks,
                           ThreadPoolInterface &Pool,
                           function_ref<void(size_t)> Run,
                           function_ref<void(size_t, StringRef)> Fail) {
  std::vector<std::pair<ArrayRef<std::string>, std::vector<size_t>>> Groups;
  for (size_t I = 0, E = Tasks.size(); I != E; ++I) {
    auto It = find_if(Groups, [&](const auto &G) {
      return G.first == Tasks[I].Args;
    });
    if (It == Groups.end())
      It = Groups.insert(Groups.end(), {Tasks[I].Args, {}});
    It->second.push_back(I);
  }
  for (const auto &[Args, Members] : Groups) {
    LLVMOptionScope Scope;
    if (Error E = Scope.enter(Tasks[Members.front()].Settings)) {
      std::string Message = toString(std::move(E));
      for (size_t I : Members)
        Fail(I, Message);
      continue;
    }
    for (size_t I : Members)
      Pool.async([Run, I] { Run(I); });
    Pool.wait();
  }
}
