# Configure-time checks of mm's optional capabilities. Each check compiles
# and links a small program with the flags the capability needs, so that a
# missing runtime library is reported here, with the Debian package that
# provides it, and never as a link error half-way through the build.
#
#   MM_SANITIZER_FLAGS  the flags of MM_USE_SANITIZER, which every target is
#                   compiled and linked with
#   MM_HAS_FUZZER   libFuzzer (fuzz/): built with MM_BUILD_FUZZERS in a
#                   build whose MM_USE_SANITIZER has Address, so that the
#                   fuzz targets and the libraries they fuzz are instrumented
#   MM_HAS_OPENMP   clang's -fopenmp, for the benchmarks' baselines (bench/)

include(CheckCSourceCompiles)
include(CheckCXXSourceCompiles)
include(CMakePushCheckState)

# The Debian package that holds clang's fuzzer and sanitizer runtimes.
set(MM_COMPILER_RT_PACKAGE "libclang-rt-${LLVM_VERSION_MAJOR}-dev")
set(MM_OPENMP_PACKAGE "libomp-${LLVM_VERSION_MAJOR}-dev")

# Sets RESULT to whether SOURCE (in LANG, C or CXX) compiles and links with
# FLAGS on both the compile and the link line. A failed result is not cached,
# so that installing the missing package and configuring again is enough.
function(mm_check_links RESULT LANG FLAGS SOURCE)
  cmake_push_check_state(RESET)
  set(CMAKE_REQUIRED_FLAGS "${FLAGS}")
  separate_arguments(link_flags UNIX_COMMAND "${FLAGS}")
  set(CMAKE_REQUIRED_LINK_OPTIONS ${link_flags})
  set(CMAKE_REQUIRED_QUIET ON)
  if(LANG STREQUAL "C")
    check_c_source_compiles("${SOURCE}" ${RESULT})
  else()
    check_cxx_source_compiles("${SOURCE}" ${RESULT})
  endif()
  cmake_pop_check_state()
  set(value ${${RESULT}})
  if(NOT value)
    unset(${RESULT} CACHE)
  endif()
  set(${RESULT} ${value} PARENT_SCOPE)
endfunction()

# Sanitizers, as LLVM_USE_SANITIZER: every target is compiled and linked
# with them. UndefinedBehaviorSanitizer stops at the first report, so that a
# test fails; its vptr check needs RTTI, which LLVM is built without, and its
# function check reads before each callee, which JIT-compiled code lacks.
set(MM_USE_SANITIZER "" CACHE STRING
    "Build with sanitizers: Address, Undefined, or \"Address;Undefined\"")
set(MM_SANITIZER_FLAGS "")
set(MM_SANITIZE_ADDRESS OFF)
if(MM_USE_SANITIZER)
  foreach(sanitizer IN LISTS MM_USE_SANITIZER)
    if(sanitizer STREQUAL "Address")
      string(APPEND MM_SANITIZER_FLAGS " -fsanitize=address")
      set(MM_SANITIZE_ADDRESS ON)
    elseif(sanitizer STREQUAL "Undefined")
      string(APPEND MM_SANITIZER_FLAGS
             " -fsanitize=undefined -fno-sanitize=vptr,function"
             " -fno-sanitize-recover=all")
    else()
      message(FATAL_ERROR "MM_USE_SANITIZER: unknown sanitizer '${sanitizer}' "
                          "(expected Address, Undefined, or both)")
    endif()
  endforeach()
  string(APPEND MM_SANITIZER_FLAGS " -fno-omit-frame-pointer -g")
  string(STRIP "${MM_SANITIZER_FLAGS}" MM_SANITIZER_FLAGS)
  mm_check_links(MM_LINKS_SANITIZERS CXX "${MM_SANITIZER_FLAGS}"
                 "int main() { return 0; }")
  if(NOT MM_LINKS_SANITIZERS)
    message(FATAL_ERROR
      "MM_USE_SANITIZER=${MM_USE_SANITIZER}: ${CMAKE_CXX_COMPILER} cannot "
      "link with ${MM_SANITIZER_FLAGS}: clang's sanitizer runtimes are in "
      "Debian's ${MM_COMPILER_RT_PACKAGE}. Install it (utils/quickstart.sh "
      "does).")
  endif()
  # mm's shared libraries leave the sanitizer runtime's symbols to the
  # executable, as LLVM's sanitized builds do: no -z defs.
  string(REPLACE "-Wl,-z,defs" "" CMAKE_SHARED_LINKER_FLAGS
         "${CMAKE_SHARED_LINKER_FLAGS}")
  separate_arguments(sanitizer_flags UNIX_COMMAND "${MM_SANITIZER_FLAGS}")
  add_compile_options(${sanitizer_flags})
  add_link_options(${sanitizer_flags})
  message(STATUS "Sanitizers: ${MM_SANITIZER_FLAGS}")
endif()

# libFuzzer. Fuzz targets are built where the libraries they fuzz are
# instrumented: in a build with AddressSanitizer, whose MMSupport and MMBundle
# also get libFuzzer's coverage instrumentation (lib/).
set(MM_HAS_FUZZER OFF)
if(MM_BUILD_FUZZERS AND MM_SANITIZE_ADDRESS)
  mm_check_links(MM_LINKS_LIBFUZZER CXX "-fsanitize=fuzzer" "
#include <cstddef>
#include <cstdint>
extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }")
  if(NOT MM_LINKS_LIBFUZZER)
    message(FATAL_ERROR
      "libFuzzer does not link with ${CMAKE_CXX_COMPILER} "
      "(-fsanitize=fuzzer): clang's fuzzer runtime is in Debian's "
      "${MM_COMPILER_RT_PACKAGE}. Install it (utils/quickstart.sh does), or "
      "configure with -DMM_BUILD_FUZZERS=OFF to build no fuzz targets.")
  endif()
  set(MM_HAS_FUZZER ON)
  message(STATUS "libFuzzer: found; fuzz targets are built")
elseif(MM_BUILD_FUZZERS)
  message(STATUS "libFuzzer: fuzz targets are built with "
                 "-DMM_USE_SANITIZER=Address (utils/sanitize.sh)")
endif()

# OpenMP for the benchmarks' C baselines, which bench/*.sh compile with
# clang -fopenmp at run time; nothing in the build or the tests needs it.
mm_check_links(MM_HAS_OPENMP C "-fopenmp" "
#include <omp.h>
int main(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n += omp_get_num_threads() > 0;
  return n > 0 ? 0 : 1;
}")
if(MM_HAS_OPENMP)
  message(STATUS "OpenMP: found; the benchmarks' OpenMP baselines can run")
else()
  message(WARNING
    "OpenMP does not link with ${CMAKE_C_COMPILER} (-fopenmp): the "
    "benchmarks' OpenMP baselines (bench/device.sh, bench/lli.sh) need "
    "Debian's ${MM_OPENMP_PACKAGE}. The build and the tests do not.")
endif()
