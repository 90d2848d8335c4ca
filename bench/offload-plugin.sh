#!/bin/sh
# The example offload plugin (examples/offload-plugin) against OpenMP: each
# example compiled for the experiment (clang-19 -O1 -fopenmp-simd, loops
# left scalar), its parallel loops outlined into kernels by the plugin and
# run under mm-lli --threads=2 (warm compile cache), against the same source
# compiled with clang-19 -O3 -fopenmp on 2 threads. Prints the median of
# REPS runs of each and their ratio.
#
#   bench/offload-plugin.sh [--reps N] [BUILD_DIR]
set -eu
reps=3
[ "${1:-}" = --reps ] && { reps=$2; shift 2; }
build=$(cd "${1:-build}" && pwd)
saxpy_args="20000000 50" stencil_args="4096 40"
. "$(dirname "$0")/smoke.sh"
if bench_smoke; then reps=1 saxpy_args="100000 2" stencil_args="256 2"; fi
src=$(cd "$(dirname "$0")/../examples/offload-plugin" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MM_CACHE_PATH="$work/cache" OMP_NUM_THREADS=2
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_of() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -n 1; }
printf '%-8s %-14s %8s %8s %6s\n' program arguments mm-lli openmp ratio
for case in "saxpy $saxpy_args" "stencil $stencil_args"; do
  set -- $case
  name=$1; shift
  clang-19 -O1 -fopenmp-simd -mllvm -force-vector-width=1 \
    -mllvm -force-vector-interleave=1 -Wno-pass-failed -S -emit-llvm \
    "$src/$name.c" -o "$work/$name.ll"
  "$build/bin/mm-opt" -load-pass-plugin="$build/lib/MMOutlineParallelLoops.so" \
    --bundle-passes=outline-parallel-loops "$work/$name.ll" -o "$work/$name.mml"
  clang-19 -O3 -fopenmp -Wno-pass-failed "$src/$name.c" -o "$work/$name.omp"
  "$build/bin/mm-lli" --threads=2 "$work/$name.mml" "$@" > /dev/null
  mm=$(for r in $(seq "$reps"); do
         time_of "$build/bin/mm-lli" --threads=2 "$work/$name.mml" "$@"
       done | median)
  omp=$(for r in $(seq "$reps"); do time_of "$work/$name.omp" "$@"; done |
        median)
  # No ratio to a time under the clock's resolution (0.00 s).
  printf '%-8s %-14s %8s %8s %6s\n' "$name" "$*" "$mm" "$omp" \
    "$(awk -v a="$mm" -v b="$omp" \
         'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')"
done
