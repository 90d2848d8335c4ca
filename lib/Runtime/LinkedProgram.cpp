//===- LinkedProgram.cpp - The runtime of programs compiled ahead of time -===//
//
// libmm_runtime: what a program that `mm-llc --embed=cpu` compiled needs
// beyond MMRuntime's entry points. Its device code is linked into it, and
// its table (mm-runtime/mm_linked_program.h) says where: this file is the
// KernelProvider over those tables, and creates the program's runtime, with
// the CPU backend, when the first table is registered.
//
//===----------------------------------------------------------------------===//

#include "mm-runtime/mm_linked_program.h"
#include "mm/Runtime/Runtime.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>

using namespace mm::runtime;

namespace {
/// The device code of the program, as its tables give it.
class LinkedProgram final : public KernelProvider {
public:
  void add(const mm_linked_symbol *Symbols, uint64_t Count);

  Expected<KernelInfo> getKernel(std::string_view Module,
                                 std::string_view Kernel) override;
  Expected<KernelInfo>
  getKernelForHostFunction(const void *HostFunction) override;
  Expected<DeviceVariable>
  getDeviceVariableForHostShadow(const void *HostShadow) override;

private:
  std::mutex Lock;
  std::set<std::string, std::less<>> DeviceModules;
  /// In the tables' order: a name that several submodules define is the
  /// first one's, as in mm-lli.
  std::vector<KernelInfo> Kernels;
  std::vector<DeviceVariable> Variables;
  std::unordered_map<const void *, std::string> KernelsByStub;
  std::unordered_map<const void *, std::string> VariablesByShadow;
};
} // namespace

void LinkedProgram::add(const mm_linked_symbol *Symbols, uint64_t Count) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (uint64_t I = 0; I != Count; ++I) {
    const mm_linked_symbol &S = Symbols[I];
    switch (S.kind) {
    case MM_LINKED_KERNEL:
      DeviceModules.insert(S.module);
      Kernels.push_back({S.module, S.name,
                         static_cast<const mm_kernel_descriptor *>(S.address)});
      break;
    case MM_LINKED_DEVICE_VARIABLE:
      DeviceModules.insert(S.module);
      Variables.push_back(
          {S.module, S.name, const_cast<void *>(S.address), S.size});
      break;
    case MM_LINKED_HOST_STUB:
      KernelsByStub[S.address] = S.name;
      break;
    case MM_LINKED_HOST_SHADOW:
      VariablesByShadow[S.address] = S.name;
      break;
    case MM_LINKED_IMAGE:
      DeviceModules.insert(S.module);
      registerSubmoduleImage(S.module, S.address);
      break;
    case MM_LINKED_MEMORY_CHECKS:
      break; // The runtime's (__mm_register_linked_program).
    }
  }
}

Expected<KernelInfo> LinkedProgram::getKernel(std::string_view Module,
                                              std::string_view Kernel) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (const KernelInfo &K : Kernels)
    if (K.Module == Module && K.Name == Kernel)
      return K;
  // As mm-lli's JIT says it: the program is the bundle it was built from.
  if (!DeviceModules.count(Module))
    return Error(MM_ERROR_NOT_FOUND, "kernel '" + std::string(Kernel) +
                                         "': the bundle has no submodule '" +
                                         std::string(Module) + "'");
  return Error(MM_ERROR_NOT_FOUND, "submodule '" + std::string(Module) +
                                       "' has no kernel '" +
                                       std::string(Kernel) + "'");
}

Expected<KernelInfo>
LinkedProgram::getKernelForHostFunction(const void *HostFunction) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto Stub = KernelsByStub.find(HostFunction);
  if (Stub == KernelsByStub.end())
    return Error(MM_ERROR_NOT_FOUND,
                 "launch of a host function that is not a kernel's host stub "
                 "(__device_stub__...)");
  for (const KernelInfo &K : Kernels)
    if (K.Name == Stub->second)
      return K;
  return Error(MM_ERROR_NOT_FOUND,
               "no device submodule defines kernel '" + Stub->second + "'");
}

Expected<DeviceVariable>
LinkedProgram::getDeviceVariableForHostShadow(const void *HostShadow) {
  std::lock_guard<std::mutex> Guard(Lock);
  std::string Name;
  auto Shadow = VariablesByShadow.find(HostShadow);
  if (Shadow != VariablesByShadow.end())
    Name = Shadow->second;
  else if (std::optional<std::string> Named = readSymbolName(HostShadow))
    Name = *Named;
  else
    return Error(MM_ERROR_NOT_FOUND,
                 "the symbol is not a __device__ or __constant__ variable of "
                 "the program");
  for (const DeviceVariable &V : Variables)
    if (V.Name == Name)
      return V;
  return Error(MM_ERROR_NOT_FOUND,
               "no device submodule defines variable '" + Name + "'");
}

static LinkedProgram &getLinkedProgram() {
  // Never destroyed: the program's static destructors may still call the
  // runtime, whichever order they run in.
  static LinkedProgram *Program = new LinkedProgram;
  return *Program;
}

/// Set once main has returned and its exit code has been checked.
static std::atomic<bool> MainReturned{false};

/// Registered with on_exit before the program's own handlers, so it runs
/// after them: a program that calls exit(0) after a failed launch that it
/// read no error of exits non-zero, as under mm-lli.
static void checkLaunchesAtExit(int ExitCode, void *) {
  Runtime *R = getCurrentRuntime();
  if (!R || MainReturned)
    return;
  if (int Checked = checkExitCode(*R, ExitCode, /*CalledExit=*/true);
      Checked != ExitCode)
    std::_Exit(Checked);
}

extern "C" int __mm_run_linked_main(int Argc, char **Argv,
                                    int (*Main)(int, char **)) {
  int ExitCode = Main(Argc, Argv);
  MainReturned = true;
  Runtime *R = getCurrentRuntime();
  return R ? checkExitCode(*R, ExitCode, /*CalledExit=*/false) : ExitCode;
}

/// The backend's options that the launcher set, if it did.
static std::optional<CPUBackendOptions> &getLauncherBackendOptions() {
  static std::optional<CPUBackendOptions> Options;
  return Options;
}

void mm::runtime::setLinkedProgramBackendOptions(
    const CPUBackendOptions &Options) {
  getLauncherBackendOptions() = Options;
}

/// Creates the program's runtime: the CPU backend, set up as the launcher
/// says, else from MM_THREADS and MM_BLOCKTIME as mm-lli's.
static void createRuntime() {
  setReporterName(program_invocation_short_name);
  CPUBackendOptions Options;
  if (getLauncherBackendOptions()) {
    Options = *getLauncherBackendOptions();
  } else if (Error E = readCPUBackendEnvironment(Options)) {
    printError(E);
    std::_Exit(1);
  }
  auto *R = new Runtime(createCPUBackend(Options), getLinkedProgram());
  R->setLaunchFailureHandler([](const Error &Failure) { printError(Failure); });
  setCurrentRuntime(R);
  on_exit(checkLaunchesAtExit, nullptr);
  reportProgramCrashes(/*ExecutableIsTool=*/false);
}

void mm::runtime::startLinkedProgramRuntime() {
  static std::once_flag Created;
  std::call_once(Created, createRuntime);
}

extern "C" void __mm_register_linked_program(uint32_t Version,
                                             const mm_linked_symbol *Symbols,
                                             uint64_t Count) {
  if (Version != MM_LINKED_PROGRAM_VERSION) {
    setReporterName(program_invocation_short_name);
    printError("the program was compiled for mm's linked-program table "
               "version " +
               std::to_string(Version) +
               ", but this libmm_runtime reads version " +
               std::to_string(MM_LINKED_PROGRAM_VERSION));
    std::_Exit(1);
  }
  startLinkedProgramRuntime();
  getLinkedProgram().add(Symbols, Count);
  // Registered before main allocates anything.
  for (uint64_t I = 0; I != Count; ++I)
    if (Symbols[I].kind == MM_LINKED_MEMORY_CHECKS)
      getCurrentRuntime()->enableMemoryChecks();
}
