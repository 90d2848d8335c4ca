#!/usr/bin/env bash
# Benchmarks mm-llc and the binary bundle form; prints a markdown table.
#
#   bench/llc.sh [--reps N] [--modules N] [--target-mb MB] BUILD_DIR
#
# BUILD_DIR must hold bin/mm-llc and bin/mm-bench-binary
# (ninja -C BUILD_DIR mm-llc mm-bench-binary). The input is a bundle of
# --modules (8) llvm-stress x86_64 modules, --target-mb (4) MB in all, made by
# bench/gen_bundle.py into bench/out/ as bench/run.sh makes its inputs.
# Measured, --reps (3) times, alternating, medians of the wall-clock time:
#   (c) mm-llc -j2 on the bundle against llc run once per module, in turn;
#   (d) reading the bundle's binary form against its text form, in one
#       process (mm-bench-binary).
# The table is also written to bench/out/llc-results.md. See
# docs/performance.md.
#
# Environment: LLC and LLVM_STRESS override the LLVM 19 tools.
set -euo pipefail

usage() {
  sed -n '4,16s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

RUN_COMMAND="bench/llc.sh $*"
MODULES=8
TARGET_MB=4
REPS=3
SEED=1
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  --modules) MODULES="$2"; shift ;;
  --target-mb) TARGET_MB="$2"; shift ;;
  -h | --help) usage ;;
  -*) echo "llc.sh: unknown option '$1'" >&2; usage ;;
  *) [[ -z "$BUILD_DIR" ]] || usage; BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; MODULES=2; TARGET_MB=1; fi
[[ "$REPS" -ge 1 ]] || { echo "llc.sh: --reps must be at least 1" >&2; exit 2; }

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_LLC="$BUILD_DIR/bin/mm-llc"
MM_BENCH_BINARY="$BUILD_DIR/bin/mm-bench-binary"
LLC="${LLC:-/usr/lib/llvm-19/bin/llc}"
LLVM_STRESS="${LLVM_STRESS:-/usr/lib/llvm-19/bin/llvm-stress}"
for Tool in "$MM_LLC" "$MM_BENCH_BINARY" "$LLC" "$LLVM_STRESS"; do
  [[ -x "$Tool" ]] || {
    echo "llc.sh: missing $Tool (build: ninja -C $BUILD_DIR mm-llc mm-bench-binary)" >&2
    exit 1
  }
done

OUT="$BENCH_DIR/out"
NAME="bundle-${MODULES}x${TARGET_MB}mb-seed${SEED}"
BUNDLE="$OUT/$NAME.mml"
LL_DIR="$OUT/$NAME.d"
mkdir -p "$OUT"
STAMP="$OUT/$NAME.stamp"
WANT_STAMP="$(sha256sum "$BENCH_DIR/gen_bundle.py" | cut -d' ' -f1) \
$("$LLVM_STRESS" --version | tr -s ' \n' ' ') $MODULES $TARGET_MB $SEED"
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$WANT_STAMP" && -f "$BUNDLE" ]]; then
  echo "llc.sh: reusing $BUNDLE" >&2
else
  echo "llc.sh: generating $BUNDLE" >&2
  rm -f "$STAMP"
  python3 "$BENCH_DIR/gen_bundle.py" --modules "$MODULES" \
    --target-mb "$TARGET_MB" --seed "$SEED" -o "$BUNDLE" --ll-dir "$LL_DIR" \
    --llvm-stress "$LLVM_STRESS" >&2
  echo "$WANT_STAMP" >"$STAMP"
fi
LL_FILES=("$LL_DIR"/*.ll)

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
run_mm_llc() { "$MM_LLC" -j2 "$BUNDLE" -o "$WORK/mm-llc"; }
run_llc_per_module() {
  local File
  for File in "${LL_FILES[@]}"; do
    "$LLC" "$File" -o "$WORK/llc.s" || return 1
  done
}
# Runs "$@" and prints "WALL CPU" seconds (CPU: user + sys of every process).
time_command() {
  local TIMEFORMAT='%R %U %S' Times Wall User Sys
  if ! Times=$({ time "$@" >&2 2>&3; } 3>&2 2>&1); then
    echo "llc.sh: '$*' failed" >&2
    return 1
  fi
  read -r Wall User Sys <<<"$Times"
  echo "$Wall $(echo "$User + $Sys" | bc)"
}
median() { tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

"$MM_LLC" --version >/dev/null
"$LLC" --version >/dev/null
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
MM_LLC_TIMES=()
MM_LLC_CPU=()
LLC_TIMES=()
LLC_CPU=()
for ((Rep = 1; Rep <= REPS; ++Rep)); do
  echo "llc.sh: (c) repetition $Rep of $REPS" >&2
  read -r Wall Cpu <<<"$(time_command run_mm_llc)"
  MM_LLC_TIMES+=("$Wall")
  MM_LLC_CPU+=("$Cpu")
  read -r Wall Cpu <<<"$(time_command run_llc_per_module)"
  LLC_TIMES+=("$Wall")
  LLC_CPU+=("$Cpu")
done
# The outputs are llc's, byte for byte.
for File in "${LL_FILES[@]}"; do
  Stem=$(basename "$File" .ll)
  "$LLC" "$File" -o - | cmp -s - "$WORK/mm-llc/$Stem.s" || {
    echo "llc.sh: mm-llc's $Stem.s differs from llc's" >&2
    exit 1
  }
done
MM_LLC_MEDIAN=$(echo "${MM_LLC_TIMES[*]}" | median)
LLC_MEDIAN=$(echo "${LLC_TIMES[*]}" | median)
MM_LLC_CPU_MEDIAN=$(echo "${MM_LLC_CPU[*]}" | median)
LLC_CPU_MEDIAN=$(echo "${LLC_CPU[*]}" | median)

echo "llc.sh: (d) mm-bench-binary" >&2
BINARY_REPORT=$("$MM_BENCH_BINARY" "$BUNDLE" --rounds "$((REPS * 2 + 1))")
field() { echo "$BINARY_REPORT" | awk -v Key="$1" '$1 == Key { print $2 }'; }
ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

CPU_NAME=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
{
  echo "| measurement | median wall | median CPU | ratio (wall) |"
  echo "| --- | --- | --- | --- |"
  echo "| (c) \`mm-llc -j2\` on the bundle, $MODULES modules | ${MM_LLC_MEDIAN} s | ${MM_LLC_CPU_MEDIAN} s | **$(ratio "$MM_LLC_MEDIAN" "$LLC_MEDIAN")** of sequential llc (target <= 0.60) |"
  echo "| (c) \`llc\` once per module, in turn | ${LLC_MEDIAN} s | ${LLC_CPU_MEDIAN} s | 1 |"
  echo "| (d) read, text form (framing only) | $(field text-read-seconds) s | | 1 |"
  echo "| (d) read, text form, then parse every LLVM body | $(field text-read-parse-seconds) s | | |"
  echo "| (d) read, binary form (bodies printed as text) | $(field binary-read-seconds) s | | **$(field binary-over-text-read)** x text read; $(field binary-over-text-read-parse) x text read + parse |"
  echo
  echo "Input: \`$(basename "$BUNDLE")\`, $(field text-bytes) bytes as text, $(field binary-bytes) bytes in binary form."
  echo "(c) wall, CPU seconds per repetition: mm-llc ${MM_LLC_TIMES[*]} / ${MM_LLC_CPU[*]}; llc ${LLC_TIMES[*]} / ${LLC_CPU[*]}."
  echo "Machine: $(nproc) cores ($CPU_NAME); load average before $LOAD_BEFORE, after $LOAD_AFTER."
  echo "Command: \`$RUN_COMMAND\`"
} | tee "$OUT/llc-results.md"
