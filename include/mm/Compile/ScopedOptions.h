//===- mm/Compile/ScopedOptions.h - Per-submodule LLVM options -----*- C++ -*-===//
//
// LLVM's command-line options are process-wide globals. A submodule's
// `mllvm=` options are set for the time it is processed and restored exactly
// afterwards: each option is reset to its default and then given the
// occurrences it had (the submodule's on entry, the process command line's on
// exit), so values and occurrence counts of every option type — bool,
// integer, floating point, string, enum, list — come back as they were, and
// no option is ever "given more than once".
//
//===----------------------------------------------------------------------===//

#ifndef MM_COMPILE_SCOPEDOPTIONS_H
#define MM_COMPILE_SCOPEDOPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class ThreadPoolInterface;
namespace cl {
class Option;
class OptionCategory;
} // namespace cl
} // namespace llvm

namespace mm {

/// One occurrence of an LLVM option: `-Name=Value`, or `-Name` alone.
struct LLVMOptionSetting {
  llvm::cl::Option *Option = nullptr;
  std::string Value;
};

/// Resolves "-name[=value]" arguments against LLVM's registered options.
/// Fails, naming the argument, on one that names no option, on one that ends
/// the process when it is set (-help and its kin, -version, -print-options:
/// their handlers print and exit), and on one of \p ToolOptions, the
/// running tool's own command-line options, which are not LLVM's to set
/// for a submodule (-o, -load-pass-plugin, ...).
llvm::Expected<std::vector<LLVMOptionSetting>>
resolveLLVMOptions(llvm::ArrayRef<std::string> Args,
                   const llvm::SmallPtrSetImpl<llvm::cl::Option *> &ToolOptions);

/// The options registered in \p Category now: a tool's own options, taken
/// before it adds any of LLVM's options to its category (for --help).
llvm::SmallPtrSet<llvm::cl::Option *, 32>
getOptionsInCategory(const llvm::cl::OptionCategory &Category);

/// One argument of a command line as cl::ParseCommandLineOptions reads it:
/// an occurrence of an option, or a positional argument (no Option).
struct CommandLineArgument {
  llvm::cl::Option *Option = nullptr;
  std::string Value;
  /// The words it spans: `-name=value`, or `-name` `value`.
  std::vector<std::string> Words;
};

/// Splits \p Argv (after the program name) into its arguments, with response
/// files expanded. Recognizes `-name=value`, `-name value` for an option that
/// requires a value, `-name`, and the prefix form (`-j2`). Arguments after
/// `--` are positional.
std::vector<CommandLineArgument> splitCommandLine(int Argc,
                                                  const char *const *Argv);

/// Records the LLVM options that the process command line set, so that
/// scopes restore them. Call once, after cl::ParseCommandLineOptions.
void recordCommandLineOptions(int Argc, const char *const *Argv);

/// A number that changes whenever an LLVMOptionScope sets or restores an
/// option: what was created from LLVM's options (a TargetMachine) under one
/// number may be reused under the same number only.
uint64_t getLLVMOptionsGeneration();

/// Sets options for its lifetime; restores them on destruction.
class LLVMOptionScope {
public:
  LLVMOptionScope() = default;
  LLVMOptionScope(const LLVMOptionScope &) = delete;
  LLVMOptionScope &operator=(const LLVMOptionScope &) = delete;
  ~LLVMOptionScope();

  /// Applies \p Settings. On a value the option rejects, restores what it
  /// had applied and fails.
  llvm::Error enter(llvm::ArrayRef<LLVMOptionSetting> Settings);

private:
  llvm::SmallVector<llvm::cl::Option *, 4> Touched;
};

/// A unit of work (one submodule) and the scoped options it runs with.
struct ScopedTask {
  /// The `mllvm=` arguments as written: tasks with equal lists share a group.
  llvm::ArrayRef<std::string> Args;
  /// The same arguments, resolved.
  llvm::ArrayRef<LLVMOptionSetting> Settings;
};

/// Runs \p Run(I) for each of \p Tasks on \p Pool. Options are
/// process-wide, so tasks are grouped by equal Args, in the order each list
/// first appears: a group's options are set, its tasks run concurrently, and
/// the options are restored before the next group. If a group's options
/// cannot be set, \p Fail(I, Message) is called for each of its tasks
/// instead.
void runInOptionGroups(llvm::ArrayRef<ScopedTask> Tasks,
                       llvm::ThreadPoolInterface &Pool,
                       llvm::function_ref<void(size_t)> Run,
                       llvm::function_ref<void(size_t, llvm::StringRef)> Fail);

} // namespace mm

#endif // MM_COMPILE_SCOPEDOPTIONS_H
