//===- mm/Opt/OptMain.h - The mm-opt driver --------------------*- C++ -*-===//

#ifndef MM_OPT_OPTMAIN_H
#define MM_OPT_OPTMAIN_H

namespace mm {

/// The whole of mm-opt: parses the command line, reads the bundle, optimizes
/// and verifies its submodules, and writes the result. Returns the exit code.
int optMain(int argc, char **argv);

} // namespace mm

#endif // MM_OPT_OPTMAIN_H
