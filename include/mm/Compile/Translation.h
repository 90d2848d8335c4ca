//===- mm/Compile/Translation.h - Converting submodules between kinds -*- C++ -*-===//
//
// LLVM IR <-> MLIR's LLVM dialect, through MLIR's own translation and import
// (with every dialect's translation and import interfaces: NVVM and ROCDL
// intrinsics become nvvm/rocdl ops and back). No MLIR header is needed to
// use it.
//
//===----------------------------------------------------------------------===//

#ifndef MM_COMPILE_TRANSLATION_H
#define MM_COMPILE_TRANSLATION_H

#include "mm/Bundle/Bundle.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mm {

/// Parses MLIR submodule \p M, runs its `passes=` pipeline (its lowering to
/// the LLVM dialect) and translates the result to LLVM IR in \p Context. The
/// module gets the header's triple when the MLIR names none. What cannot be
/// translated is reported at the op, in bundle coordinates.
llvm::Expected<std::unique_ptr<llvm::Module>>
lowerMLIRSubmoduleToLLVM(const Bundle &B, const Submodule &M,
                         llvm::LLVMContext &Context);

/// Parses and verifies LLVM submodule \p M and imports it into MLIR's LLVM
/// dialect; returns the module printed as mlir-opt prints it. What cannot
/// be imported is reported at the instruction, in bundle coordinates.
llvm::Expected<std::string> importLLVMSubmoduleToMLIR(const Bundle &B,
                                                      const Submodule &M);

/// Converts \p M in place to kind \p To (nothing to do if it is already of
/// that kind): its body becomes the translation, its header says `kind=To`
/// and loses `passes=`, whose pipeline was either consumed by the lowering
/// or written for the other kind.
llvm::Error convertSubmodule(Bundle &B, Submodule &M, ModuleKind To);

} // namespace mm

#endif // MM_COMPILE_TRANSLATION_H
