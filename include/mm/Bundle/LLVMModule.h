//===- mm/Bundle/LLVMModule.h - Loading LLVM IR submodules -----*- C++ -*-===//

#ifndef MM_BUNDLE_LLVMMODULE_H
#define MM_BUNDLE_LLVMMODULE_H

#include "mm/Bundle/Bundle.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace mm {

/// Parses the LLVM IR body of \p M into \p Context, the way opt reads a file:
/// a body without a datalayout gets the one its triple implies. The header's
/// triple must agree with the body's; a body without a triple gets the
/// header's. Parse errors are located in the bundle file.
llvm::Expected<std::unique_ptr<llvm::Module>>
parseLLVMSubmodule(const Bundle &B, const Submodule &M,
                   llvm::LLVMContext &Context);

/// Runs LLVM's verifier on \p Module, parsed from \p M.
llvm::Error verifyLLVMSubmodule(const Bundle &B, const Submodule &M,
                                const llvm::Module &Module);

} // namespace mm

#endif // MM_BUNDLE_LLVMMODULE_H
