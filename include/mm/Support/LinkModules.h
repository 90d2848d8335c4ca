//===- mm/Support/LinkModules.h - llvm::Linker with errors ------*- C++ -*-===//
//
// Links LLVM modules as llvm::Linker does, with the linker's messages as an
// Error: LLVMContext's default diagnostic handler would print them and exit.
//
//===----------------------------------------------------------------------===//

#ifndef MM_SUPPORT_LINKMODULES_H
#define MM_SUPPORT_LINKMODULES_H

#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class Module;
} // namespace llvm

namespace mm {

/// Links \p Source into \p Dest, as llvm::Linker::linkModules does. A
/// failure is an error whose message is the linker's, "; "-separated; the
/// context's diagnostic handler is left as it was.
llvm::Error linkModuleInto(llvm::Module &Dest,
                           std::unique_ptr<llvm::Module> Source);

} // namespace mm

#endif // MM_SUPPORT_LINKMODULES_H
