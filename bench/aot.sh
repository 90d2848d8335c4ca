#!/usr/bin/env bash
# Whole programs under mm-lli, cold and warm, against the same programs
# compiled ahead of time (issue 19 §2, §3), printed as a markdown table; see
# docs/performance.md.
#
#   bench/aot.sh [--reps N] BUILD_DIR
#
# Each program is built once by mm-nvcc -O3 into a bundle, and that bundle
# by mm-nvcc --executable into an executable; the executable's output must
# equal mm-lli's. Then, --reps times (5), alternating: mm-lli --threads=2
# with an empty compile cache (cold), mm-lli --threads=2 again (warm: what
# the cold run cached), the executable with MM_THREADS=2. The table gives
# the medians of each whole run's wall-clock time, and the ratios to the
# executable's. Programs: examples/cuda/saxpy.cu, examples/cuda/kernels.cu,
# bench/launch/launch.cu (2,000 launches of 64 blocks of 64 threads).
set -euo pipefail

REPS=5
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  -*) sed -n '6,16s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
  *) BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || { sed -n '6,16s/^# \{0,1\}//p' "$0" >&2; exit 2; }
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; fi
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_LLI="$BUILD_DIR/bin/mm-lli"
MM_NVCC="$BUILD_DIR/bin/mm-nvcc"
OUT="$BENCH_DIR/out/aot"
CACHE="$OUT/cache"
mkdir -p "$OUT"

PROGRAMS=(saxpy kernels launch)
declare -A SOURCE=([saxpy]="$ROOT/examples/cuda/saxpy.cu"
                   [kernels]="$ROOT/examples/cuda/kernels.cu"
                   [launch]="$BENCH_DIR/launch/launch.cu")
declare -A ARGS=([saxpy]="" [kernels]="" [launch]="2000 64 64")

for P in "${PROGRAMS[@]}"; do
  "$MM_NVCC" -O3 -o "$OUT/$P.mml" "${SOURCE[$P]}"
  "$MM_NVCC" --executable -o "$OUT/$P" "$OUT/$P.mml"
  # launch prints its time per launch, having checked its result itself.
  [[ $P == launch ]] && { MM_THREADS=2 "$OUT/$P" 10 >/dev/null; continue; }
  # shellcheck disable=SC2086
  if ! diff <(MM_CACHE_DISABLE=1 "$MM_LLI" --threads=2 "$OUT/$P.mml" ${ARGS[$P]}) \
            <(MM_THREADS=2 "$OUT/$P" ${ARGS[$P]}) >&2; then
    echo "aot.sh: $P: the executable's output differs from mm-lli's" >&2
    exit 1
  fi
done

median() { tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
wall() {
  local Start=$EPOCHREALTIME
  "$@" >/dev/null
  printf '%.4f\n' "$(echo "$EPOCHREALTIME - $Start" | bc)"
}
ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }

declare -A COLD WARM AOT
for ((Rep = 1; Rep <= REPS; ++Rep)); do
  echo "aot.sh: repetition $Rep of $REPS" >&2
  for P in "${PROGRAMS[@]}"; do
    rm -rf "$CACHE"
    # shellcheck disable=SC2086
    COLD[$P]+=" $(MM_CACHE_PATH="$CACHE" wall "$MM_LLI" --threads=2 "$OUT/$P.mml" ${ARGS[$P]})"
    # shellcheck disable=SC2086
    WARM[$P]+=" $(MM_CACHE_PATH="$CACHE" wall "$MM_LLI" --threads=2 "$OUT/$P.mml" ${ARGS[$P]})"
    # shellcheck disable=SC2086
    AOT[$P]+=" $(MM_THREADS=2 wall "$OUT/$P" ${ARGS[$P]})"
  done
done
rm -rf "$CACHE"

CPU_NAME=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "| program | mm-lli cold (s) | mm-lli warm (s) | executable (s) | cold / executable | warm / executable |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
for P in "${PROGRAMS[@]}"; do
  C=$(echo ${COLD[$P]} | median) W=$(echo ${WARM[$P]} | median)
  A=$(echo ${AOT[$P]} | median)
  echo "| $P ${ARGS[$P]} | $C | $W | $A | $(ratio "$C" "$A") | **$(ratio "$W" "$A")** |"
done
echo
echo "$(nproc) cores ($CPU_NAME), load average before the table: $(cut -d' ' -f1-3 /proc/loadavg); $REPS repetitions."
echo "Command: \`bench/aot.sh --reps $REPS BUILD_DIR\`."
