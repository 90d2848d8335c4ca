//===- mm/Codegen/LlcMain.h - The mm-llc driver ----------------*- C++ -*-===//

#ifndef MM_CODEGEN_LLCMAIN_H
#define MM_CODEGEN_LLCMAIN_H

#include "mm/Compile/HostLowering.h"

namespace mm {

/// The whole of mm-llc: parses the command line, reads the bundle, compiles
/// each submodule for its own target, and writes one file per submodule or a
/// host object with the device parts embedded. Returns the exit code.
/// \p Extensions (the device lowering's passes) serve `--embed=cpu`, which
/// compiles device submodules for the host's CPU into the host's code.
int llcMain(int argc, char **argv,
            llvm::ArrayRef<PassBuilderExtension> Extensions = {});

} // namespace mm

#endif // MM_CODEGEN_LLCMAIN_H
