#!/usr/bin/env bash
# mm-opt -O3 against opt -O3 on real C++ modules, side by side in one run.
#
#   bench/opt_parallel.sh [--reps N] BUILD_DIR
#
# BUILD_DIR must hold bin/mm-opt and bin/mm-bundle. Compiles 8 of
# GoogleTest's own sources (/usr/src/googletest, from libgtest-dev) with
# clang-19 into bench/out/opt3/, joins them into bundles, and times, --reps
# times each (3), alternating: (c) mm-opt -O3 -j2 on the bundle, 8 opt -O3
# runs in sequence, and xargs -P2 opt -O3 over the same files; (d) mm-opt
# -O3 -j2 on the bundle with different scoped options per submodule and with
# identical ones. Prints a markdown table of medians, also written to
# bench/out/opt3/results.md. See docs/performance.md.
#
# Environment: OPT and CLANGXX override the LLVM 19 tools.
set -euo pipefail

usage() {
  sed -n '4,14s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

RUN_COMMAND="bench/opt_parallel.sh $*"
REPS=3
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  -h | --help) usage ;;
  -*) echo "opt_parallel.sh: unknown option '$1'" >&2; usage ;;
  *) [[ -z "$BUILD_DIR" ]] || usage; BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; fi
[[ "$REPS" -ge 1 ]] || { echo "opt_parallel.sh: --reps must be at least 1" >&2; exit 2; }

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_OPT="$BUILD_DIR/bin/mm-opt"
MM_BUNDLE="$BUILD_DIR/bin/mm-bundle"
OPT="${OPT:-/usr/lib/llvm-19/bin/opt}"
CLANGXX="${CLANGXX:-/usr/lib/llvm-19/bin/clang++}"
GTEST=/usr/src/googletest
for Tool in "$MM_OPT" "$MM_BUNDLE" "$OPT" "$CLANGXX"; do
  [[ -x "$Tool" ]] || { echo "opt_parallel.sh: missing $Tool" >&2; exit 1; }
done
[[ -d "$GTEST" ]] || { echo "opt_parallel.sh: missing $GTEST (apt-get install libgtest-dev)" >&2; exit 1; }

OUT="$BENCH_DIR/out/opt3"
mkdir -p "$OUT"
START=$EPOCHREALTIME
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

# Inputs: 8 sources of similar size (170 to 490 KB of IR each), largest
# first, as clang -O2 hands them to LLVM's optimizer.
SOURCES=(googlemock/src/gmock-matchers.cc googletest/src/gtest-port.cc
         googletest/src/gtest-matchers.cc googletest/src/gtest-typed-test.cc
         googletest/src/gtest-filepath.cc googlemock/src/gmock-internal-utils.cc
         googletest/src/gtest-printers.cc googletest/src/gtest-test-part.cc)
CXXFLAGS=(-S -emit-llvm -O2 -Xclang -disable-llvm-passes
          -I"$GTEST/googletest" -I"$GTEST/googletest/include"
          -I"$GTEST/googlemock" -I"$GTEST/googlemock/include")
LL_FILES=()
for Source in "${SOURCES[@]}"; do
  Name=$(basename "$Source" .cc)
  Name=${Name//-/_}
  LL_FILES+=("$OUT/$Name.ll")
  [[ -f "$OUT/$Name.ll" ]] && continue
  echo "opt_parallel.sh: compiling $Source" >&2
  "$CLANGXX" "${CXXFLAGS[@]}" "$GTEST/$Source" -o "$OUT/$Name.ll"
done
"$MM_BUNDLE" join "${LL_FILES[@]}" -o "$OUT/plain.mml"
# The same scoped option in every submodule, and a different value in each.
"$MM_BUNDLE" join "${LL_FILES[@]}" --set='*:mllvm=-unroll-threshold=300' \
  -o "$OUT/same.mml"
SCOPED_SETS=()
for I in "${!LL_FILES[@]}"; do
  Name=$(basename "${LL_FILES[$I]}" .ll)
  SCOPED_SETS+=("--set=$Name:mllvm=-unroll-threshold=$((300 + I))")
done
"$MM_BUNDLE" join "${LL_FILES[@]}" "${SCOPED_SETS[@]}" -o "$OUT/scoped.mml"

run_mm_opt() { "$MM_OPT" -O3 -j2 "$OUT/plain.mml" -o /dev/null; }
run_opt_sequential() {
  local File
  for File in "${LL_FILES[@]}"; do
    "$OPT" -O3 -S "$File" -o /dev/null || return 1
  done
}
run_opt_xargs() {
  printf '%s\n' "${LL_FILES[@]}" |
    xargs -P2 -I{} "$OPT" -O3 -S {} -o /dev/null
}
run_mm_opt_scoped() { "$MM_OPT" -O3 -j2 "$OUT/scoped.mml" -o /dev/null; }
run_mm_opt_same() { "$MM_OPT" -O3 -j2 "$OUT/same.mml" -o /dev/null; }
# Runs "$@" and prints "WALL CPU" (CPU: user + sys of all its processes).
time_command() {
  local TIMEFORMAT='%R %U %S' Times Wall User Sys
  if ! Times=$({ time "$@" >&2 2>&3; } 3>&2 2>&1); then
    echo "opt_parallel.sh: '$*' failed" >&2
    return 1
  fi
  read -r Wall User Sys <<<"$Times"
  echo "$Wall $(echo "$User + $Sys" | bc)"
}
"$MM_OPT" --version >/dev/null
"$OPT" --version >/dev/null
declare -A TIMES
KINDS=(mm_opt opt_sequential opt_xargs mm_opt_scoped mm_opt_same)
for ((Rep = 1; Rep <= REPS; ++Rep)); do
  echo "opt_parallel.sh: repetition $Rep of $REPS" >&2
  for Kind in "${KINDS[@]}"; do
    TIMES[$Kind]+="${TIMES[$Kind]:+,}$(time_command "run_$Kind")"
  done
done

LLVM_VERSION=$("$OPT" --version | sed -n 's/.*LLVM version //p' | head -1)
# shellcheck source=/dev/null
OS_NAME=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null || uname -s)
CPU_NAME=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
MACHINE="$(nproc) cores ($CPU_NAME), $OS_NAME, Linux $(uname -r), LLVM $LLVM_VERSION"
python3 "$BENCH_DIR/opt_parallel_report.py" \
  --mm-opt "${TIMES[mm_opt]}" --opt-sequential "${TIMES[opt_sequential]}" \
  --opt-xargs "${TIMES[opt_xargs]}" --mm-opt-scoped "${TIMES[mm_opt_scoped]}" \
  --mm-opt-same "${TIMES[mm_opt_same]}" --run-command "$RUN_COMMAND" \
  --machine "$MACHINE" --load-before "$LOAD_BEFORE" \
  --load-after "$(cut -d' ' -f1-3 /proc/loadavg)" \
  --total-seconds "$(echo "$EPOCHREALTIME - $START" | bc)" \
  --build-dir "$BUILD_DIR" --opt "$OPT" --out "$OUT" "${LL_FILES[@]}" \
  >"$OUT/results.md"
cat "$OUT/results.md"
