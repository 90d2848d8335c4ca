//===- mm/Codegen/LlcMain.h - The mm-llc driver ----------------*- C++ -*-===//

#ifndef MM_CODEGEN_LLCMAIN_H
#define MM_CODEGEN_LLCMAIN_H

namespace mm {

/// The whole of mm-llc: parses the command line, reads the bundle, compiles
/// each submodule for its own target, and writes one file per submodule or a
/// host object with the device parts embedded. Returns the exit code.
int llcMain(int argc, char **argv);

} // namespace mm

#endif // MM_CODEGEN_LLCMAIN_H
