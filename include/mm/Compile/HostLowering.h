//===- mm/Compile/HostLowering.h - Submodules as host code -----*- C++ -*-===//
//
// What mm-lli's JIT and mm-llc's `--embed=cpu` do alike to run a submodule on
// the host: parse it (an MLIR submodule lowered to LLVM IR), verify it, lower
// device code for the host, and run its pipeline with a host TargetMachine;
// and what they read from clang's host half of a CUDA program to tell which
// host function launches which kernel and which host variable stands for
// which device variable.
//
//===----------------------------------------------------------------------===//

#ifndef MM_COMPILE_HOSTLOWERING_H
#define MM_COMPILE_HOSTLOWERING_H

#include "mm/Bundle/Bundle.h"
#include "mm/Compile/LLVMPipeline.h"
#include "mm/Compile/OptLevel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace mm {

/// The tools of CUDA's compute-sanitizer that mm's tools give device code
/// (`--check=TOOL` of mm-lli, mm-llc and the nvcc drivers).
enum class DeviceCheck { None, Memcheck, Racecheck };

/// The tool's name, as `--check=` and `mm-lower-device<HOST;CHECK>` give
/// it; empty for None.
llvm::StringRef getDeviceCheckName(DeviceCheck Check);
/// The tools, for a `--check` option's cl::values.
llvm::cl::ValuesClass getDeviceCheckValues();

struct HostLoweringOptions {
  llvm::Triple HostTriple;
  /// The level of the default<On> pipeline of a lowered device submodule
  /// whose header gives none.
  OptLevel Level = *lookupOptLevel("O2");
  /// The passes that submodules' pipelines can name beyond LLVM's; device
  /// submodules for a GPU need the device lowering's
  /// (mm/Device/DeviceLowering.h).
  llvm::ArrayRef<PassBuilderExtension> Extensions;
  /// Print the passes of each pipeline as they run, as opt
  /// -debug-pass-manager does.
  bool DebugPassManager = false;
  /// The checks that device code makes at run time, as CUDA's
  /// compute-sanitizer's tool of that name: `mm-lower-device<HOST;CHECK>`.
  DeviceCheck Check = DeviceCheck::None;
  /// The host TargetMachine that a pipeline is run with.
  std::function<llvm::Expected<std::unique_ptr<llvm::TargetMachine>>()>
      CreateTargetMachine;
  /// Receives each warning of the pipeline (the device lowering's, of what
  /// only the launches that reach it cannot run), located in the bundle as
  /// errors are; LLVM prints them if unset.
  std::function<void(llvm::Error)> WarningHandler;
};

/// Parses submodule \p M of \p B into \p Context (translating MLIR), verifies
/// it, and runs its pipeline: for device code for a GPU,
/// `mm-lower-device<HOST>` then its header's pipeline, default<On> unless
/// the header says otherwise; for other code, its header's pipeline. Where
/// LLVM's options ask for reports on the passes (reportsOnPasses), a banner
/// naming \p M goes before them. Errors are located in \p B and name \p M.
llvm::Expected<std::unique_ptr<llvm::Module>>
lowerSubmoduleForHost(const Bundle &B, const Submodule &M,
                      llvm::LLVMContext &Context,
                      const HostLoweringOptions &Options);

/// Has each call of the offload runtime's or CUDA's API (mm_*, cuda*, cu*:
/// declarations that return an int status) whose result \p Host uses report
/// that result to the runtime (MM_STATUS_READ_FUNCTION, mm_offload.h), so
/// that a failed launch whose error the program read leaves its exit code
/// to the program. A result that nothing uses, as `kernel<<<...>>>` leaves
/// cudaLaunchKernel's, is no read. lowerSubmoduleForHost does it for a host
/// submodule; a host compiled ahead of time gets it where its device parts
/// are linked in.
void noteStatusReads(llvm::Module &Host);

/// Has \p Host reach each `__managed__` variable through the device
/// variable's storage (MM_MANAGED_VARIABLE_FUNCTION, mm_offload.h), which
/// kernels and cudaMemcpy*Symbol use too, rather than through the host
/// shadow that clang gives it: host and device then see one variable, as
/// CUDA's unified memory makes them. Fails on the address of one in a
/// global's initializer. Done where noteStatusReads is.
llvm::Error reachManagedVariables(llvm::Module &Host);

/// A CUDA kernel's host stub (`__device_stub__K`), which a launch names the
/// kernel by.
struct CudaHostStub {
  std::string Stub;
  std::string Kernel;
};

/// The host variable that clang emits for a CUDA `__device__`,
/// `__constant__` or texture variable, through which the host names it.
struct CudaHostShadow {
  std::string Name;
  /// The device variable's size.
  uint64_t Size = 0;
};

/// The host stubs that \p Host defines. Internal stubs (of static kernels)
/// are made external and hidden, so that a launch's address can be told.
std::vector<CudaHostStub> exportCudaHostStubs(llvm::Module &Host);

/// The host shadows of \p Host: internal variables, undefined in value, whose
/// names a device submodule of \p B contains (or that a device submodule
/// annotates as a texture). They are made external, so that their addresses
/// can be told.
std::vector<CudaHostShadow> exportCudaHostShadows(llvm::Module &Host,
                                                  const Bundle &B);

} // namespace mm

#endif // MM_COMPILE_HOSTLOWERING_H
