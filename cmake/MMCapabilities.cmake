# Configure-time checks of mm's optional capabilities. Each check compiles
# and links a small program with the flags the capability needs, so that a
# missing runtime library is reported here, with the Debian package that
# provides it, and never as a link error half-way through the build.
#
#   MM_HAS_FUZZER   libFuzzer with AddressSanitizer (fuzz/), MM_BUILD_FUZZERS
#   MM_SANITIZER_FLAGS  the -fsanitize= flags of MM_USE_SANITIZER
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

# libFuzzer, with the AddressSanitizer the fuzz targets are built with.
set(MM_HAS_FUZZER OFF)
if(MM_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR
      "MM_BUILD_FUZZERS needs clang (libFuzzer is part of clang); the C++ "
      "compiler is ${CMAKE_CXX_COMPILER_ID}. Configure with "
      "-DCMAKE_CXX_COMPILER=clang++-${LLVM_VERSION_MAJOR}, or with "
      "-DMM_BUILD_FUZZERS=OFF to build no fuzz targets.")
  endif()
  mm_check_links(MM_LINKS_LIBFUZZER CXX "-fsanitize=fuzzer,address" "
#include <cstddef>
#include <cstdint>
extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }")
  if(NOT MM_LINKS_LIBFUZZER)
    message(FATAL_ERROR
      "libFuzzer does not link with ${CMAKE_CXX_COMPILER} "
      "(-fsanitize=fuzzer,address): clang's fuzzer and sanitizer runtimes "
      "are in Debian's ${MM_COMPILER_RT_PACKAGE}. Install it "
      "(utils/quickstart.sh does), or configure with -DMM_BUILD_FUZZERS=OFF "
      "to build no fuzz targets.")
  endif()
  set(MM_HAS_FUZZER ON)
  message(STATUS "libFuzzer: found; fuzz targets are built")
else()
  message(STATUS "libFuzzer: not used (MM_BUILD_FUZZERS=OFF)")
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
