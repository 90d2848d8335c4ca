#!/bin/sh
# Runs MLIR's GPU integration tests (mlir/test/Integration/GPU: CUDA, ROCM
# and SYCL, without the sm90 ones) and mlir-spirv-cpu-runner's tests of the
# LLVM that Debian installs under mm-lli on the CPU, each with its own CHECK
# lines, and prints PASS or the first error of each, then the count. The
# SPIR-V runner's tests call its C wrappers library, built here from their
# source in the same tree.
#
#   bench/get-llvm-tests.sh DIR && bench/mlir-gpu-tests.sh DIR/llvm-project BUILD
#
# Each test runs as mlir-cpu-runner would run it after its RUN line's
# pipeline: mm-lli --entry-point-result=void with MLIR's runner libraries;
# mm-lli lowers the program itself.
set -u
[ $# -eq 2 ] || { echo "usage: $0 LLVM_PROJECT_DIR BUILD_DIR" >&2; exit 2; }
tests="$1/mlir/test/Integration/GPU"
mm_lli="$2/bin/mm-lli"
lib=/usr/lib/llvm-19/lib
libs="$lib/libmlir_runner_utils.so,$lib/libmlir_c_runner_utils.so,$lib/libmlir_async_runtime.so"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pass=0 total=0
# check NAME TEST MM-LLI-OPTION...: runs TEST under mm-lli with the options,
# checks its output with TEST's CHECK lines, and counts it.
check() {
  name=$1 test=$2
  shift 2
  total=$((total + 1))
  if timeout 300 "$mm_lli" "$@" "$test" > "$out/stdout" 2> "$out/stderr" &&
     /usr/lib/llvm-19/bin/FileCheck "$test" < "$out/stdout" > "$out/check" 2>&1; then
    pass=$((pass + 1))
    echo "PASS $name"
  else
    touch "$out/check"
    echo "FAIL $name: $(cat "$out/stderr" "$out/check" | grep -m 1 error)"
  fi
}
for test in $(find "$tests" -name '*.mlir' -not -path '*/sm90/*' | sort); do
  check "${test#"$tests"/}" "$test" --entry-point-result=void \
    --shared-libs="$libs"
done
spirv="$1/mlir/test/mlir-spirv-cpu-runner"
clang++-19 -shared -fPIC -I/usr/lib/llvm-19/include \
  "$spirv/mlir_test_spirv_cpu_runner_c_wrappers.cpp" -o "$out/libwrappers.so"
for test in "$spirv"/*.mlir; do
  check "mlir-spirv-cpu-runner/$(basename "$test")" "$test" -e main \
    --entry-point-result=void \
    --shared-libs="$lib/libmlir_runner_utils.so,$out/libwrappers.so"
done
echo "$pass of $total pass"
