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

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <mutex>

using namespace llvm;
using namespace mm::runtime;

namespace {
/// The device code of the program, as its tables give it.
class LinkedProgram final : public KernelProvider {
public:
  void add(ArrayRef<mm_linked_symbol> Symbols);

  Expected<KernelInfo> getKernel(StringRef Module, StringRef Kernel) override;
  Expected<KernelInfo>
  getKernelForHostFunction(const void *HostFunction) override;
  Expected<DeviceVariable>
  getDeviceVariableForHostShadow(const void *HostShadow) override;

private:
  std::mutex Lock;
  StringSet<> DeviceModules;
  /// In the tables' order: a name that several submodules define is the
  /// first one's, as in mm-lli.
  std::vector<KernelInfo> Kernels;
  std::vector<DeviceVariable> Variables;
  DenseMap<const void *, std::string> KernelsByStub;
  DenseMap<const void *, std::string> VariablesByShadow;
};
} // namespace

void LinkedProgram::add(ArrayRef<mm_linked_symbol> Symbols) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (const mm_linked_symbol &S : Symbols) {
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
    }
  }
}

Expected<KernelInfo> LinkedProgram::getKernel(StringRef Module,
                                              StringRef Kernel) {
  std::lock_guard<std::mutex> Guard(Lock);
  for (const KernelInfo &K : Kernels)
    if (K.Module == Module && K.Name == Kernel)
      return K;
  if (!DeviceModules.contains(Module))
    return makeRuntimeError(MM_ERROR_NOT_FOUND,
                            "kernel '" + Kernel +
                                "': the program has no device submodule '" +
                                Module + "'");
  return makeRuntimeError(MM_ERROR_NOT_FOUND, "submodule '" + Module +
                                                  "' has no kernel '" +
                                                  Kernel + "'");
}

Expected<KernelInfo>
LinkedProgram::getKernelForHostFunction(const void *HostFunction) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto Stub = KernelsByStub.find(HostFunction);
  if (Stub == KernelsByStub.end())
    return makeRuntimeError(
        MM_ERROR_NOT_FOUND,
        "launch of a host function that is not a kernel's host stub "
        "(__device_stub__...)");
  for (const KernelInfo &K : Kernels)
    if (K.Name == Stub->second)
      return K;
  return makeRuntimeError(MM_ERROR_NOT_FOUND,
                          "no device submodule defines kernel '" +
                              Stub->second + "'");
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
    return makeRuntimeError(MM_ERROR_NOT_FOUND,
                            "the symbol is not a __device__ or __constant__ "
                            "variable of the program");
  for (const DeviceVariable &V : Variables)
    if (V.Name == Name)
      return V;
  return makeRuntimeError(MM_ERROR_NOT_FOUND,
                          "no device submodule defines variable '" + Name +
                              "'");
}

static LinkedProgram &getLinkedProgram() {
  // Never destroyed: the program's static destructors may still call the
  // runtime, whichever order they run in.
  static LinkedProgram *Program = new LinkedProgram;
  return *Program;
}

/// Says that \p Count launches failed although the program ended as
/// \p Ended says (the launches were reported as they failed).
static void reportFailedLaunches(unsigned Count, StringRef Ended) {
  std::fflush(nullptr);
  WithColor::error(errs(), getReporterName())
      << "the program " << Ended << ", but " << Count << " kernel launch"
      << (Count == 1 ? "" : "es") << " failed (reported above); exiting with "
      << "1\n";
  errs().flush();
}

/// Set once main has returned and its exit code has been checked.
static std::atomic<bool> MainReturned{false};

/// Registered with atexit before the program's own handlers, so it runs
/// after them: a program that calls exit() after a failed launch exits
/// non-zero, as under mm-lli. The exit code it asked for is not known here.
static void checkLaunchesAtExit() {
  Runtime *R = getCurrentRuntime();
  if (!R || MainReturned)
    return;
  consumeError(R->synchronize());
  if (unsigned Failed = R->getFailedLaunchCount()) {
    reportFailedLaunches(Failed, "called exit()");
    std::_Exit(1);
  }
}

extern "C" int __mm_run_linked_main(int Argc, char **Argv,
                                    int (*Main)(int, char **)) {
  int ExitCode = Main(Argc, Argv);
  MainReturned = true;
  Runtime *R = getCurrentRuntime();
  if (!R)
    return ExitCode;
  // Whatever the program made of its errors.
  consumeError(R->synchronize());
  if (ExitCode == 0 && R->getFailedLaunchCount()) {
    reportFailedLaunches(R->getFailedLaunchCount(), "ended with exit code 0");
    return 1;
  }
  return ExitCode;
}

/// Creates the program's runtime: the CPU backend, set up from MM_THREADS
/// and MM_BLOCKTIME as mm-lli's.
static void createRuntime() {
  setReporterName(program_invocation_short_name);
  CPUBackendOptions Options;
  if (Error E = readCPUBackendEnvironment(Options)) {
    WithColor::error(errs(), getReporterName())
        << toString(std::move(E)) << '\n';
    errs().flush();
    std::_Exit(1);
  }
  auto *R = new Runtime(createCPUBackend(Options), getLinkedProgram());
  R->setLaunchFailureHandler([](const ErrorInfoBase &Failure) {
    WithColor::error(errs(), getReporterName()) << Failure.message() << '\n';
  });
  setCurrentRuntime(R);
  std::atexit(checkLaunchesAtExit);
}

extern "C" void __mm_register_linked_program(uint32_t Version,
                                             const mm_linked_symbol *Symbols,
                                             uint64_t Count) {
  if (Version != MM_LINKED_PROGRAM_VERSION) {
    WithColor::error(errs(), program_invocation_short_name)
        << "the program was compiled for mm's linked-program table version "
        << Version << ", but this libmm_runtime reads version "
        << MM_LINKED_PROGRAM_VERSION << '\n';
    errs().flush();
    std::_Exit(1);
  }
  static std::once_flag Created;
  std::call_once(Created, createRuntime);
  getLinkedProgram().add(ArrayRef(Symbols, Count));
}
