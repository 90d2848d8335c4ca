# Lit configuration for mm's regression tests. The paths come from
# lit.site.cfg.py, which CMake writes into the build directory.

import os
import shutil
import sys

import lit.formats

sys.path.insert(0, os.path.dirname(__file__))
import sanitizers

config.name = "mm"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mml", ".ll", ".mlir", ".test"]
config.excludes = ["Inputs", "Unit", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mm_obj_root, "test")

# mm's tools first, then LLVM 19's (FileCheck, not, opt, mlir-opt, ...).
config.environment["PATH"] = os.path.pathsep.join(
    [config.mm_tools_dir, config.llvm_tools_dir, config.environment["PATH"]])
sanitizers.apply(config, config.mm_src_root)
# bench/aot-lit.sh: mm-lli's tests run as executables compiled ahead of
# time, through bench/aot/mm-lli, with their scratch files apart from the
# suite's own runs of the same tests (test/bench/aot-lit.test runs it while
# the suite runs). The executables link the runtime as built, with the
# sanitizers' own runtimes where it has them; what the programs leave
# allocated at exit is theirs, as lsan.supp says of the programs that
# mm-lli runs.
if lit_config.params.get("mm_lli_aot"):
    config.test_exec_root = os.path.join(config.mm_obj_root, "test-aot")
    config.environment["PATH"] = os.path.pathsep.join(
        [os.path.join(config.mm_src_root, "bench", "aot"),
         config.environment["PATH"]])
    config.environment["MM_AOT_TOOLS_DIR"] = config.mm_tools_dir
    config.environment["MM_AOT_LLVM_TOOLS_DIR"] = config.llvm_tools_dir
    config.environment["MM_AOT_LINK_FLAGS"] = config.mm_sanitizer_flags
# Every run compiles, so that tests see what a first run does and leave
# nothing in the user's cache; the compile cache's own tests turn it on.
config.environment["MM_CACHE_DISABLE"] = "1"
for name in ["MM_CACHE_PATH", "MM_CACHE_MAXSIZE", "MM_BLOCKTIME"]:
    config.environment.pop(name, None)

config.substitutions.append(("%mm_src_root", config.mm_src_root))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%examples", os.path.join(config.mm_src_root,
                                                       "examples")))
if config.mm_has_fuzzer:
    config.available_features.add("fuzzer")
if os.path.exists(os.path.join(config.llvm_tools_dir, "clang")):
    config.available_features.add("clang")
config.substitutions.append(("%mm_obj_root", config.mm_obj_root))
# Tests that give files to another user (chown) need root.
if os.geteuid() == 0:
    config.available_features.add("root")
# LLVM's default target triple: what tools compile for when nothing names a
# triple.
config.substitutions.append(("%default_triple", config.llvm_default_triple))
# What a program linked with libmm_runtime needs when mm was built with
# sanitizers: their runtimes.
config.substitutions.append(("%mm_sanitizer_link_flags",
                             config.mm_sanitizer_flags))
# Both halves of a CUDA compilation with mm's CUDA root (CMakeLists.txt):
# its headers and its libdevice, the same whatever CUDA toolkit the machine
# has.
config.substitutions.append(("%mm_cuda_flags", " ".join([
    "-x cuda", "--cuda-path=" + config.mm_cuda_root,
    "--cuda-gpu-arch=sm_70"])))

# mm's CUDA toolkit (docs/tools/nvcc.md), and its nvcc.
config.substitutions.append(("%mm_cuda_root", config.mm_cuda_root))
config.substitutions.append(("%nvcc", os.path.join(config.mm_cuda_root,
                                                   "bin", "nvcc")))
# The build tools that the tests build CUDA projects with, and the
# debugger that they debug kernels with.
for tool in ["cmake", "make", "gdb"]:
    if shutil.which(tool):
        config.available_features.add(tool)

# NVIDIA's libdevice where the machine has a CUDA toolkit: device code that
# links it explicitly gets NVIDIA's bodies, inlined by clang's optimizer, and
# must compute the same as with mm's.
for cuda_root in [os.environ.get("CUDA_PATH", ""), "/usr/local/cuda",
                  "/usr/lib/cuda"]:
    libdevice = os.path.join(cuda_root, "nvvm", "libdevice",
                             "libdevice.10.bc")
    if cuda_root and os.path.exists(libdevice):
        config.available_features.add("nvidia-libdevice")
        config.substitutions.append(("%nvidia_libdevice", libdevice))
        # NVIDIA's cuRAND headers, whose generators a host compiler can run:
        # mm's must give the same numbers.
        include = os.path.join(cuda_root, "include")
        # Its headers, which a build's -I may name: mm's must stay in
        # charge.
        if os.path.exists(os.path.join(include, "cuda_runtime_api.h")):
            config.available_features.add("nvidia-cuda-headers")
            config.substitutions.append(("%nvidia_cuda_headers", include))
        if os.path.exists(os.path.join(include, "curand_kernel.h")):
            config.available_features.add("nvidia-curand")
            config.substitutions.append(("%nvidia_cuda_include", include))
        # NVIDIA's cuRAND library, whose host generators need no GPU: mm's
        # must give their numbers.
        lib64 = os.path.join(cuda_root, "lib64")
        if os.path.exists(os.path.join(lib64, "libcurand.so")):
            config.available_features.add("nvidia-curand-library")
            config.substitutions.append(("%nvidia_cuda_lib64", lib64))
        break

# MLIR's runner libraries from Debian's libmlir-19-dev, which MLIR programs
# call for their output (printMemrefF32, ...) and async runtime.
mlir_lib_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
for name in ["mlir_runner_utils", "mlir_c_runner_utils", "mlir_async_runtime"]:
    config.substitutions.append(("%" + name,
                                 os.path.join(mlir_lib_dir, "lib" + name + ".so")))

# Pass plugins built for the tests (test/mm-opt/Plugin).
config.substitutions.append(("%mm_plugin_dir",
                             os.path.join(config.mm_obj_root, "lib")))
