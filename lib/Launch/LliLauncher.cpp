//===- LliLauncher.cpp - mm-lli before LLVM -------------------------------===//
//
// mm-lli's main (mm/Launch/LliLauncher.h): a run from the compile cache's
// whole-program entry where the command line allows it, mm-lli's JIT
// everywhere else. Nothing here links LLVM.
//
//===----------------------------------------------------------------------===//

#include "mm/Launch/LliLauncher.h"
#include "mm/Launch/ProgramCache.h"
#include "mm/Runtime/Runtime.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <spawn.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

extern char **environ;

using namespace mm;
using namespace mm::launch;
namespace fs = std::filesystem;

namespace {
/// A command line that asks for a run of a bundle file and nothing else.
struct RunRequest {
  std::string Input;
  /// The program's argv, its argv[0] first.
  std::vector<std::string> ProgramArgs;
  char OptLevel = '2';
  std::string FakeArgv0;
  std::string CacheDirectory;
  std::vector<std::string> SharedLibraries;
  runtime::CPUBackendOptions Backend;
  runtime::CPUBackendEnvironment FromEnvironment;
};
} // namespace

/// The run that \p Argv asks for, if it asks for nothing else; nothing if
/// an option is one the launcher leaves to the JIT, or has a value that the
/// JIT should report.
static std::optional<RunRequest> parseRunRequest(int Argc, char **Argv) {
  RunRequest R;
  for (int I = 1; I < Argc; ++I) {
    std::string_view Arg = Argv[I];
    if (!R.Input.empty()) {
      // As cl::ConsumeAfter: all that follows the input is the program's.
      R.ProgramArgs.emplace_back(Arg);
      continue;
    }
    if (Arg.empty() || Arg == "-" || Arg == "--")
      return std::nullopt; // Standard input, or a positional after "--".
    if (Arg.front() != '-') {
      R.Input = Arg;
      continue;
    }
    Arg.remove_prefix(Arg.substr(0, 2) == "--" ? 2 : 1);
    std::string_view Name = Arg.substr(0, Arg.find('='));
    std::optional<std::string_view> Value;
    if (Name.size() != Arg.size())
      Value = Arg.substr(Name.size() + 1);
    if (Name.size() == 2 && Name[0] == 'O' && !Value && Name[1] >= '0' &&
        Name[1] <= '3') {
      R.OptLevel = Name[1];
      continue;
    }
    bool TakesValue = Name == "threads" || Name == "blocktime" ||
                      Name == "fake-argv0" || Name == "shared-libs" ||
                      Name == "dlopen" || Name == "load" ||
                      Name == "object-cache-dir";
    if (!TakesValue)
      return std::nullopt;
    if (!Value) {
      if (I + 1 == Argc)
        return std::nullopt;
      Value = Argv[++I];
    }
    if (Name == "threads") {
      // Decimal only: cl::opt<unsigned> reads 010 as octal.
      if (Value->empty() || Value->size() > 9 ||
          Value->find_first_not_of("0123456789") != std::string_view::npos ||
          (Value->size() > 1 && Value->front() == '0'))
        return std::nullopt;
      R.Backend.Threads =
          static_cast<unsigned>(std::stoul(std::string(*Value)));
      R.FromEnvironment.Threads = false;
    } else if (Name == "blocktime") {
      if (Value->empty())
        continue; // As mm-lli: an empty value reads MM_BLOCKTIME.
      if (runtime::parseBlockTime(*Value, "--blocktime", R.Backend.BlockTime))
        return std::nullopt;
      R.FromEnvironment.BlockTime = false;
    } else if (Name == "fake-argv0") {
      R.FakeArgv0 = *Value;
    } else if (Name == "shared-libs") {
      for (size_t Begin = 0; Begin <= Value->size();) {
        size_t End = std::min(Value->find(',', Begin), Value->size());
        if (End != Begin)
          R.SharedLibraries.emplace_back(Value->substr(Begin, End - Begin));
        Begin = End + 1;
      }
    } else if (Name == "dlopen" || Name == "load") {
      R.SharedLibraries.emplace_back(*Value);
    } else {
      R.CacheDirectory = *Value;
    }
  }
  if (R.Input.empty())
    return std::nullopt;
  if (runtime::readCPUBackendEnvironment(R.Backend, R.FromEnvironment))
    return std::nullopt;
  R.ProgramArgs.insert(R.ProgramArgs.begin(),
                       R.FakeArgv0.empty() ? R.Input : R.FakeArgv0);
  return R;
}

/// The host CPU as the code generator sees it with -mcpu=native: its
/// identification and feature leaves of CPUID (without the initial APIC
/// ID, which differs from core to core), and the register state that the
/// system saves (XCR0, which decides whether AVX and AVX-512 are usable).
/// Empty where it is not known.
static std::string getHostCPUIdentity() {
  std::string Identity;
#if defined(__x86_64__) || defined(__i386__)
  auto AddLeaf = [&](unsigned Leaf, unsigned Subleaf, bool WithEBX) {
    unsigned EAX = 0, EBX = 0, ECX = 0, EDX = 0;
    if (!__get_cpuid_count(Leaf, Subleaf, &EAX, &EBX, &ECX, &EDX))
      return 0u;
    char Text[80];
    std::snprintf(Text, sizeof(Text), "%x.%x:%08x.%08x.%08x.%08x ", Leaf,
                  Subleaf, EAX, WithEBX ? EBX : 0, ECX, EDX);
    Identity += Text;
    return ECX;
  };
  AddLeaf(0, 0, true);
  unsigned Features = AddLeaf(1, 0, /*WithEBX=*/false);
  AddLeaf(7, 0, true);
  AddLeaf(7, 1, true);
  AddLeaf(0xd, 1, true);
  for (unsigned Leaf = 0x80000001; Leaf <= 0x80000004; ++Leaf)
    AddLeaf(Leaf, 0, true);
  if (Features & bit_OSXSAVE) {
    unsigned Low, High;
    __asm__ volatile("xgetbv" : "=a"(Low), "=d"(High) : "c"(0));
    char Text[40];
    std::snprintf(Text, sizeof(Text), "xcr0:%08x%08x", High, Low);
    Identity += Text;
  }
#endif
  return Identity;
}

/// Appends what identifies the file at \p Path, its size and time, to
/// \p Recipe; false if there is no such file.
static bool addFileIdentity(std::string &Recipe, const std::string &Path) {
  struct stat Status;
  if (stat(Path.c_str(), &Status) != 0)
    return false;
  Recipe += Path + " " + std::to_string(Status.st_size) + " " +
            std::to_string(Status.st_mtim.tv_sec) + "." +
            std::to_string(Status.st_mtim.tv_nsec) + "\n";
  return true;
}

namespace {
/// What decides a whole program's code, and the bundle's bytes within it.
struct Recipe {
  std::string Text;
  size_t BundleOffset = 0;
  std::string_view getBundle() const {
    return std::string_view(Text).substr(BundleOffset);
  }
};
} // namespace

/// The whole-program recipe of \p R: mm's and LLVM's versions and the
/// files that compile and load the program (this executable, mm-llc,
/// mm's libraries beside libmm_runtime, libLLVM), the CPU, the code
/// generation level, and the bundle's bytes, read once: the build compiles
/// these bytes, whatever the file holds by then. Nothing if one is missing.
static std::optional<Recipe> getRecipe(const RunRequest &R,
                                       const std::string &ToolDir,
                                       const std::string &LibDir) {
  std::string Text =
      "mm whole-program cache 1\nmm " MM_VERSION ", LLVM " MM_LLVM_VERSION "\n";
  if (!addFileIdentity(Text, "/proc/self/exe") ||
      !addFileIdentity(Text, ToolDir + "/mm-llc") ||
      !addFileIdentity(Text, MM_LLVM_LIBRARY_DIR "/libLLVM.so"))
    return std::nullopt;
  std::vector<std::string> Libraries;
  std::error_code EC;
  for (fs::directory_iterator It(LibDir, EC), End; It != End && !EC;
       It.increment(EC)) {
    std::string Name = It->path().filename().string();
    if (Name.rfind("libMM", 0) == 0 || Name.rfind("libmm", 0) == 0)
      Libraries.push_back(It->path().string());
  }
  if (EC || Libraries.empty())
    return std::nullopt;
  std::sort(Libraries.begin(), Libraries.end());
  for (const std::string &Library : Libraries)
    if (!addFileIdentity(Text, Library))
      return std::nullopt;
  std::string CPU = getHostCPUIdentity();
  if (CPU.empty())
    return std::nullopt;
  Text += "cpu " + CPU + "\n-O" + std::string(1, R.OptLevel) + "\n";

  // Without blocking: a FIFO is left to the JIT, which reads it as a stream.
  int FD = ::open(R.Input.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (FD < 0)
    return std::nullopt;
  struct stat Status;
  Recipe Result;
  Result.BundleOffset = Text.size();
  bool Read = fstat(FD, &Status) == 0 && S_ISREG(Status.st_mode);
  if (Read) {
    Text.resize(Result.BundleOffset + static_cast<size_t>(Status.st_size));
    Read = pread(FD, Text.data() + Result.BundleOffset,
                 Text.size() - Result.BundleOffset,
                 0) == static_cast<ssize_t>(Text.size() - Result.BundleOffset);
  }
  ::close(FD);
  if (!Read)
    return std::nullopt;
  Result.Text = std::move(Text);
  return Result;
}

/// The most submodules of a bundle that the launcher builds whole: a CUDA
/// program has two, an MLIR GPU program one per kernel module.
static constexpr size_t MaxWholeProgramSubmodules = 256;

/// The submodules of the text bundle \p Bundle: its `#mm module` lines (a
/// plain module or a binary bundle counts none).
static size_t countSubmodules(std::string_view Bundle) {
  constexpr std::string_view Header = "#mm module ";
  size_t Count = Bundle.substr(0, Header.size()) == Header;
  for (size_t At = Bundle.find("\n#mm module "); At != std::string_view::npos;
       At = Bundle.find("\n#mm module ", At + 1))
    ++Count;
  return Count;
}

/// Runs \p Args with no input and its output discarded (the JIT reports
/// what the build could not do), but for its standard error, which goes to
/// \p ErrorFile if given; true if it exits with 0.
static bool runQuietly(const std::vector<std::string> &Args,
                       const std::string &ErrorFile = "") {
  std::vector<char *> Argv;
  for (const std::string &Arg : Args)
    Argv.push_back(const_cast<char *>(Arg.c_str()));
  Argv.push_back(nullptr);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 1, "/dev/null", O_WRONLY, 0);
  if (ErrorFile.empty())
    posix_spawn_file_actions_adddup2(&Actions, 1, 2);
  else
    posix_spawn_file_actions_addopen(&Actions, 2, ErrorFile.c_str(),
                                     O_WRONLY | O_CREAT | O_EXCL, 0600);
  pid_t Child;
  int Spawned =
      posix_spawn(&Child, Argv[0], &Actions, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Spawned != 0)
    return false;
  int Status;
  while (waitpid(Child, &Status, 0) < 0)
    if (errno != EINTR)
      return false;
  return WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
}

/// Writes all of \p Bytes to a new file at \p Path, readable by the user
/// alone; false if it cannot.
static bool writeNewFile(const std::string &Path, std::string_view Bytes) {
  int FD = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (FD < 0)
    return false;
  bool Written = true;
  for (size_t Done = 0; Written && Done < Bytes.size();) {
    ssize_t N = ::write(FD, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    Written = N > 0;
    Done += Written ? static_cast<size_t>(N) : 0;
  }
  return ::close(FD) == 0 && Written;
}

/// Prints the warnings that the build wrote to \p File (the device
/// lowering's, of what only the launches that reach it cannot run), each
/// located in \p Input, the user's bundle, rather than \p Copy, the
/// build's copy of it.
static void printBuildWarnings(const std::string &File,
                               const std::string &Copy,
                               const std::string &Input) {
  std::ifstream Stream(File);
  std::string Warnings((std::istreambuf_iterator<char>(Stream)),
                       std::istreambuf_iterator<char>());
  for (size_t At = Warnings.find(Copy); At != std::string::npos;
       At = Warnings.find(Copy, At + Input.size()))
    Warnings.replace(At, Copy.size(), Input);
  std::fputs(Warnings.c_str(), stderr);
}

/// Compiles the bundle of \p Recipe into a shared object, as `mm-nvcc
/// --executable` compiles an executable: mm-llc --embed=cpu, then clang
/// with libmm_runtime. The host's code was compiled for an executable,
/// which binds its own symbols: so does the shared object (-Bsymbolic).
/// The build works in a directory of its own in the cache (named for this
/// process, so that a later run removes it if this one is killed), on its
/// own copy of the recipe's bundle bytes; what it writes is read back
/// through the cache's opened directory. Returns a descriptor open on the
/// shared object, or -1.
static int buildProgram(const RunRequest &R, const CacheSettings &Settings,
                        const Recipe &Recipe, const std::string &ToolDir,
                        const std::string &LibDir) {
  std::string WorkDir =
      Settings.Directory + "/" + getTemporaryPrefix("build") + "XXXXXX";
  if (!mkdtemp(WorkDir.data()))
    return -1;
  // The children name the directory by the name the user gave: the opened
  // directory's /proc/self/fd/N is this process's alone.
  std::string Name = fs::path(WorkDir).filename().string();
  std::string ChildDir = Settings.DisplayName + "/" + Name;
  // The copy keeps the bundle's name, in a directory of its own, apart from
  // the build's outputs.
  std::string Input = "in/" + fs::path(R.Input).filename().string();
  int FD = -1;
  bool Compiled =
      ::mkdir((WorkDir + "/in").c_str(), 0700) == 0 &&
      writeNewFile(WorkDir + "/" + Input, Recipe.getBundle()) &&
      runQuietly({ToolDir + "/mm-llc", "-filetype=obj", "-relocation-model=pic",
                  "-mcpu=native", "--embed=cpu", std::string("-O") + R.OptLevel,
                  ChildDir + "/" + Input, "-o", ChildDir + "/program.o"},
                 ChildDir + "/warnings");
  if (Compiled)
    printBuildWarnings(WorkDir + "/warnings", ChildDir + "/" + Input, R.Input);
  if (Compiled &&
      runQuietly({MM_LLVM_TOOLS_DIR "/clang", "--driver-mode=g++", "-shared",
                  "-Wl,-Bsymbolic", ChildDir + "/program.o", "-o",
                  ChildDir + "/program.so", "-Wl,--require-defined=main",
                  "-L" + LibDir, "-Wl,-rpath," + LibDir, "-lmm_runtime"})) {
    std::string Problem;
    FD = openCacheEntry(WorkDir + "/program.so", ChildDir + "/program.so",
                        Problem);
  }
  std::error_code EC;
  fs::remove_all(WorkDir, EC);
  return FD;
}

/// Loads the program that \p FD holds and runs its main with \p R's
/// arguments; nothing if it cannot be loaded (then nothing of it has run).
static std::optional<int> runProgram(const RunRequest &R, int FD) {
  for (const std::string &Library : R.SharedLibraries)
    if (!dlopen(Library.c_str(), RTLD_NOW | RTLD_GLOBAL))
      return std::nullopt;
  runtime::setLinkedProgramBackendOptions(R.Backend);
  // The descriptor's file, whatever has become of its name since.
  std::string Path = "/proc/self/fd/" + std::to_string(FD);
  void *Program = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Program)
    return std::nullopt;
  auto *Main = reinterpret_cast<int (*)(int, char **)>(dlsym(Program, "main"));
  if (!Main)
    return std::nullopt;
  std::vector<char *> Argv;
  for (const std::string &Arg : R.ProgramArgs)
    Argv.push_back(const_cast<char *>(Arg.c_str()));
  Argv.push_back(nullptr);
  return Main(static_cast<int>(R.ProgramArgs.size()), Argv.data());
}

/// The run of \p R from its whole-program entry, built first if there is
/// none; nothing where it cannot be done. A bundle that cannot be built
/// whole gets an entry that says so, and its later runs go to the JIT
/// without another try.
static std::optional<int> runFromCache(const RunRequest &R,
                                       const std::string &ToolDir,
                                       const std::string &LibDir) {
  std::optional<CacheSettings> Settings;
  if (readCacheSettings(R.CacheDirectory, /*Disabled=*/false, Settings) ||
      !Settings)
    return std::nullopt;
  // A directory that is not the user's alone: the JIT says so, and runs
  // without the cache.
  if (openCacheDirectory(*Settings))
    return std::nullopt;
  std::optional<Recipe> Recipe = getRecipe(R, ToolDir, LibDir);
  // An entry holds its recipe, the bundle's bytes: one that would take half
  // the cache's room is left to the JIT, which keeps each submodule's
  // object alone. So is a bundle of more submodules than a program has:
  // building it whole compiles every one, where the JIT compiles those the
  // run uses.
  if (!Recipe || Recipe->Text.size() > Settings->MaxSize / 2 ||
      countSubmodules(Recipe->getBundle()) > MaxWholeProgramSubmodules)
    return std::nullopt;
  std::string Problem;
  int FD = openProgramEntry(*Settings, Recipe->Text, Problem);
  if (!Problem.empty()) {
    runtime::printWarning(Problem);
    return std::nullopt;
  }
  if (FD >= 0 && isUnbuildableEntry(FD)) {
    // An earlier run could not build it: the JIT, at once.
    ::close(FD);
    return std::nullopt;
  }
  if (FD < 0) {
    FD = buildProgram(R, *Settings, *Recipe, ToolDir, LibDir);
    std::optional<std::string> Message =
        FD < 0 ? storeUnbuildableEntry(*Settings, Recipe->Text)
               : storeProgramEntry(*Settings, Recipe->Text, FD);
    if (Message)
      runtime::printWarning(*Message);
    if (FD < 0)
      return std::nullopt;
  }
  return runProgram(R, FD);
}

/// The directory of this executable.
static std::string getToolDirectory() {
  std::error_code EC;
  fs::path Self = fs::canonical("/proc/self/exe", EC);
  return EC ? std::string() : Self.parent_path().string();
}

/// Hands the command line to mm-lli's JIT.
static int runJIT(int Argc, char **Argv, const std::string &LibDir) {
  std::string Path = LibDir + "/libmm-lli-jit.so";
  void *JIT = dlopen(Path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  auto *Main = JIT ? reinterpret_cast<int (*)(int, char **)>(
                         dlsym(JIT, "mm_lli_jit_main"))
                   : nullptr;
  if (!Main) {
    const char *Reason = dlerror();
    runtime::printError("cannot load mm-lli's JIT '" + Path +
                        "': " + (Reason ? Reason : "no entry point"));
    return 1;
  }
  return Main(Argc, Argv);
}

int mm::launch::lliLauncherMain(int Argc, char **Argv) {
  runtime::setReporterName("mm-lli");
  std::string ToolDir = getToolDirectory();
  std::string LibDir = ToolDir.empty() ? std::string() : ToolDir + "/../lib";
  if (!ToolDir.empty())
    if (std::optional<RunRequest> R = parseRunRequest(Argc, Argv))
      if (std::optional<int> ExitCode = runFromCache(*R, ToolDir, LibDir))
        return *ExitCode;
  return runJIT(Argc, Argv, LibDir);
}
