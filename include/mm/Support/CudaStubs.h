//===- mm/Support/CudaStubs.h - clang's CUDA host stubs --------*- C++ -*-===//
//
// How clang names the host stub of a CUDA kernel, for the tools that pair
// a launch with its kernel (mm-lli) and those that rename kernels (mm-nvcc);
// and which host shadows are of `__managed__` variables.
//
//===----------------------------------------------------------------------===//

#ifndef MM_SUPPORT_CUDASTUBS_H
#define MM_SUPPORT_CUDASTUBS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class GlobalVariable;
class Module;
} // namespace llvm

namespace mm {

/// The kernel that a CUDA host stub launches: clang names the stub of
/// kernel K `__device_stub__K`, inside K's mangled name
/// (`_Z20__device_stub__saxpyifPfS_` launches `_Z5saxpyifPfS_`); a suffix
/// after the mangled name stays (`_ZL16__device_stub__kPi.tu1` launches
/// `_ZL1kPi.tu1`). Returns an empty string if \p StubName is not a stub's
/// name.
std::string getKernelNameForStub(llvm::StringRef StubName);

/// The host shadows that clang's host half \p Host has of `__managed__`
/// variables: mm's CUDA headers annotate them MM_MANAGED_ANNOTATION
/// (host_defines.h, mm_offload.h).
llvm::SmallVector<llvm::GlobalVariable *>
findManagedShadows(llvm::Module &Host);

} // namespace mm

#endif // MM_SUPPORT_CUDASTUBS_H
