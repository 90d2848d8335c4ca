//===- mm/Codegen/LinkForHost.h - Device code in the host's object -*- C++ -*-===//
//
// mm-llc's `--embed=cpu`: each selected device submodule lowered for the CPU
// as mm-lli runs it, its symbols qualified by its name (format-spec §14's
// NAME::SYM), linked into the host's module with a table that tells
// libmm_runtime where its kernels and variables are
// (mm-runtime/mm_linked_program.h). The host's object, linked with
// libmm_runtime, is the program ahead of time.
//
//===----------------------------------------------------------------------===//

#ifndef MM_CODEGEN_LINKFORHOST_H
#define MM_CODEGEN_LINKFORHOST_H

#include "mm/Bundle/Bundle.h"
#include "mm/Compile/HostLowering.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace mm {

struct OffloadPart;

/// Device submodule \p M of \p B lowered for the host as \p Options says,
/// every symbol it defines renamed NAME::SYM, as bitcode.
llvm::Expected<std::string>
lowerDevicePartForHost(const Bundle &B, const Submodule &M,
                       const HostLoweringOptions &Options);

/// Links \p Parts (from lowerDevicePartForHost) into \p Host, the host
/// submodule of \p B, and registers them: the table of their kernels,
/// variables and images, and of \p Host's CUDA host stubs and shadows, and a
/// constructor that hands it to libmm_runtime; the host's main is renamed
/// and run by libmm_runtime's __mm_run_linked_main, which ends the program as
/// mm-lli does. A reference to a submodule that is not linked in is an error
/// at the host's header.
llvm::Error linkDevicePartsIntoHost(llvm::Module &Host, const Bundle &B,
                                    const Submodule &HostSubmodule,
                                    llvm::ArrayRef<OffloadPart> Parts);

} // namespace mm

#endif // MM_CODEGEN_LINKFORHOST_H
