#!/usr/bin/env bash
# Runs mm's reproducible benchmarks and prints a markdown table of the results.
#
#   bench/run.sh [--quick] [--reps N] [--modules N] [--target-mb MB] BUILD_DIR
#
# BUILD_DIR must hold bin/mm-opt and bin/mm-bench-read
# (ninja -C BUILD_DIR mm-opt mm-bench-read). The default input is 1000
# modules, 100 MB; --quick makes it 100 modules, 5 MB. --reps sets the
# repetitions of the mm-opt/opt comparison (3). The inputs are generated into
# bench/out/ (kept between runs while the parameters do not change) and the
# table is also written to bench/out/results.md. See docs/performance.md.
#
# Environment: OPT and LLVM_STRESS override the LLVM 19 tools.
set -euo pipefail

usage() {
  sed -n '4,12s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

RUN_COMMAND="bench/run.sh $*"
MODULES=1000
TARGET_MB=100
REPS=3
SEED=1
BUILD_DIR=
QUICK=0
while [[ $# -gt 0 ]]; do
  case "$1" in
  --quick) QUICK=1; MODULES=100; TARGET_MB=5 ;;
  --reps) REPS="$2"; shift ;;
  --modules) MODULES="$2"; shift ;;
  --target-mb) TARGET_MB="$2"; shift ;;
  -h | --help) usage ;;
  -*) echo "run.sh: unknown option '$1'" >&2; usage ;;
  *) [[ -z "$BUILD_DIR" ]] || usage; BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then QUICK=1; REPS=1; MODULES=4; TARGET_MB=1; fi
[[ "$REPS" -ge 1 ]] || { echo "run.sh: --reps must be at least 1" >&2; exit 2; }

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_OPT="$BUILD_DIR/bin/mm-opt"
MM_BENCH_READ="$BUILD_DIR/bin/mm-bench-read"
OPT="${OPT:-/usr/lib/llvm-19/bin/opt}"
LLVM_STRESS="${LLVM_STRESS:-/usr/lib/llvm-19/bin/llvm-stress}"
for Tool in "$MM_OPT" "$MM_BENCH_READ" "$OPT" "$LLVM_STRESS"; do
  [[ -x "$Tool" ]] || {
    echo "run.sh: missing $Tool (build: ninja -C $BUILD_DIR mm-opt mm-bench-read)" >&2
    exit 1
  }
done

OUT="$BENCH_DIR/out"
NAME="bundle-${MODULES}x${TARGET_MB}mb-seed${SEED}"
BUNDLE="$OUT/$NAME.mml"
LL_DIR="$OUT/$NAME.d"
mkdir -p "$OUT"
START=$EPOCHREALTIME
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

# Inputs: regenerated only when the generator, llvm-stress or the parameters
# change.
STAMP="$OUT/$NAME.stamp"
WANT_STAMP="$(sha256sum "$BENCH_DIR/gen_bundle.py" | cut -d' ' -f1) \
$("$LLVM_STRESS" --version | tr -s ' \n' ' ') $MODULES $TARGET_MB $SEED"
GEN_CMD=(python3 "$BENCH_DIR/gen_bundle.py" --modules "$MODULES"
         --target-mb "$TARGET_MB" --seed "$SEED" -o "$BUNDLE"
         --ll-dir "$LL_DIR" --llvm-stress "$LLVM_STRESS")
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$WANT_STAMP" && -f "$BUNDLE" ]]; then
  echo "run.sh: reusing $BUNDLE" >&2
else
  echo "run.sh: generating $BUNDLE" >&2
  rm -f "$STAMP"
  "${GEN_CMD[@]}" >&2
  echo "$WANT_STAMP" >"$STAMP"
fi
LL_FILES=("$LL_DIR"/*.ll)
[[ ${#LL_FILES[@]} -eq $MODULES ]] || {
  echo "run.sh: expected $MODULES files in $LL_DIR, found ${#LL_FILES[@]}" >&2
  exit 1
}

# (a) Framing against parsing, in one process: 5 rounds, each of 7 framing
# runs and one parse of every body.
echo "run.sh: (a) mm-bench-read" >&2
READ_CMD=("$MM_BENCH_READ" "$BUNDLE" --rounds 5 --framing-runs 7
          --json "$OUT/read.json")
"${READ_CMD[@]}" >&2

# (b) mm-opt on the whole bundle against opt once per module: mm-opt with one
# thread (-j1, like for like with opt's one module at a time) and with its
# default jobs (all hardware threads). Repetitions alternate the three so that
# a change in the machine's load hits all of them. Bash's `time` gives the
# wall-clock seconds and the CPU seconds (user + sys) of all the processes a
# command starts.
run_mm_opt_j1() {
  "$MM_OPT" -O0 -j1 "$BUNDLE" -o /dev/null
}
run_mm_opt() {
  "$MM_OPT" -O0 "$BUNDLE" -o /dev/null
}
run_opt_per_module() {
  local File
  for File in "${LL_FILES[@]}"; do
    "$OPT" -O0 -S "$File" -o /dev/null || return 1
  done
}
# Runs "$@" (its output goes to stderr) and prints "WALL CPU".
time_command() {
  local TIMEFORMAT='%R %U %S' Times Wall User Sys
  if ! Times=$({ time "$@" >&2 2>&3; } 3>&2 2>&1); then
    echo "run.sh: '$*' failed" >&2
    return 1
  fi
  read -r Wall User Sys <<<"$Times"
  echo "$Wall $(echo "$User + $Sys" | bc)"
}
# Warm the page cache with both tools' binaries and libraries.
"$MM_OPT" --version >/dev/null
"$OPT" --version >/dev/null
MM_OPT_J1_TIMES=
MM_OPT_TIMES=
OPT_TIMES=
for ((Rep = 1; Rep <= REPS; ++Rep)); do
  echo "run.sh: (b) repetition $Rep of $REPS" >&2
  MM_OPT_J1_TIMES+="${MM_OPT_J1_TIMES:+,}$(time_command run_mm_opt_j1)"
  MM_OPT_TIMES+="${MM_OPT_TIMES:+,}$(time_command run_mm_opt)"
  OPT_TIMES+="${OPT_TIMES:+,}$(time_command run_opt_per_module)"
done

LLVM_VERSION=$("$OPT" --version | sed -n 's/.*LLVM version //p' | head -1)
# shellcheck source=/dev/null
OS_NAME=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null || uname -s)
CPU_NAME=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
MACHINE="$(nproc) cores ($CPU_NAME), $OS_NAME, Linux $(uname -r), LLVM $LLVM_VERSION"
REPORT_ARGS=(--read-json "$OUT/read.json" --mm-opt-j1-times "$MM_OPT_J1_TIMES"
             --mm-opt-times "$MM_OPT_TIMES" --cores "$(nproc)"
             --opt-times "$OPT_TIMES" --bundle "$BUNDLE" --ll-dir "$LL_DIR"
             --modules "$MODULES" --target-mb "$TARGET_MB" --seed "$SEED"
             --run-command "$RUN_COMMAND" --build-dir "$BUILD_DIR" --opt "$OPT"
             --machine "$MACHINE" --load-before "$LOAD_BEFORE"
             --load-after "$(cut -d' ' -f1-3 /proc/loadavg)"
             --total-seconds "$(echo "$EPOCHREALTIME - $START" | bc)")
[[ $QUICK -eq 0 ]] || REPORT_ARGS+=(--quick)
python3 "$BENCH_DIR/report.py" "${REPORT_ARGS[@]}" >"$OUT/results.md"
cat "$OUT/results.md"
