//===- mm/Launch/LliLauncher.h - mm-lli before LLVM ------------*- C++ -*-===//
//
// mm-lli's main. Loading libLLVM and libMLIR costs a process about 23 ms
// before it does anything, more than a small CUDA program's whole run, so
// mm-lli starts without them. A command line that asks for a run of a
// bundle file and nothing else (the runner's --threads, --blocktime,
// -O<N>, --fake-argv0, --shared-libs, -dlopen, -load and
// --object-cache-dir, the program's arguments), with the compile cache on,
// runs the bundle as its whole-program entry (mm/Launch/ProgramCache.h):
// built on the first run by mm-llc --embed=cpu and clang, loaded with
// libmm_runtime alone on every later one. Every other command line, and a
// run whose entry cannot be built or loaded, goes to mm-lli's JIT
// (mm/Run/LliMain.h), which the launcher loads from libmm-lli-jit.so beside
// libmm_runtime and hands the command line unchanged; it reports what
// went wrong.
//
//===----------------------------------------------------------------------===//

#ifndef MM_LAUNCH_LLILAUNCHER_H
#define MM_LAUNCH_LLILAUNCHER_H

namespace mm::launch {

/// mm-lli's main: returns the exit code.
int lliLauncherMain(int argc, char **argv);

} // namespace mm::launch

#endif // MM_LAUNCH_LLILAUNCHER_H
