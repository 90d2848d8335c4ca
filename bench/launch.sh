#!/usr/bin/env bash
# The cost of a kernel launch on the CPU backend against an OpenMP parallel
# region (issue 19 §1), printed as a markdown table; see docs/performance.md.
#
#   bench/launch.sh [--reps N] [--launches N] BUILD_DIR
#
# BUILD_DIR must hold bin/mm-nvcc and bin/mm-lli. launch/launch.cu launches
# a kernel --launches times (20000), each launch followed by
# cudaDeviceSynchronize(); launch/launch_omp.c (clang-19 -O3 -fopenmp) runs
# the same work as as many `#pragma omp parallel for` regions. Each program
# prints its seconds per launch (or region); the table gives the medians of
# --reps runs (5), alternating the commands compared:
#   (1) 64 blocks of 64 threads: mm-lli --threads=2 / OpenMP, 2 threads,
#       and mm-lli --threads=2 / --threads=1;
#   (2) a sweep of grid sizes, 256 threads per block, fewer launches as the
#       grid grows: the same three times.
set -euo pipefail

REPS=5
LAUNCHES=20000
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  --launches) LAUNCHES="$2"; shift ;;
  -*) sed -n '4,16s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
  *) BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || { sed -n '4,16s/^# \{0,1\}//p' "$0" >&2; exit 2; }
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; LAUNCHES=100; fi
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_LLI="$BUILD_DIR/bin/mm-lli"
CLANG=${CLANG:-clang-19}
OUT="$BENCH_DIR/out/launch"
mkdir -p "$OUT"

"$BUILD_DIR/bin/mm-nvcc" -O3 -o "$OUT/launch.mml" "$BENCH_DIR/launch/launch.cu"
"$CLANG" -O3 -fopenmp "$BENCH_DIR/launch/launch_omp.c" -o "$OUT/launch_omp"

median() { tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }
micro() { echo "scale=2; $1 * 1000000 / 1" | bc | sed 's/^\./0./'; }

# measure LAUNCHES BLOCKS THREADS: prints "lli2 lli1 omp2" medians.
measure() {
  local L2= L1= O2= Rep
  for ((Rep = 1; Rep <= REPS; ++Rep)); do
    O2+=" $(OMP_NUM_THREADS=2 "$OUT/launch_omp" "$@")"
    L2+=" $("$MM_LLI" --threads=2 "$OUT/launch.mml" "$@")"
    L1+=" $("$MM_LLI" --threads=1 "$OUT/launch.mml" "$@")"
  done
  echo "$(echo $L2 | median) $(echo $L1 | median) $(echo $O2 | median)"
}

row() {
  local Label=$1 L2=$2 L1=$3 O2=$4
  echo "| $Label | $(micro "$L2") | $(micro "$L1") | $(micro "$O2") | **$(ratio "$L2" "$O2")** | **$(ratio "$L2" "$L1")** |"
}

echo "launch.sh: 64 x 64 threads, $LAUNCHES launches" >&2
read -r L2 L1 O2 <<<"$(measure "$LAUNCHES" 64 64)"
MAIN=$(row "64 blocks x 64 threads, $LAUNCHES launches" "$L2" "$L1" "$O2")
SWEEP=
for Blocks in 1 16 256 4096 65536; do
  Launches=$((LAUNCHES * 16 / (Blocks + 15)))
  ((Launches >= 50)) || Launches=50
  echo "launch.sh: $Blocks x 256 threads, $Launches launches" >&2
  read -r L2 L1 O2 <<<"$(measure "$Launches" "$Blocks" 256)"
  SWEEP+=$(row "$Blocks blocks x 256 threads, $Launches launches" "$L2" "$L1" "$O2")$'\n'
done

CPU_NAME=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
cat <<EOF2
| grid | mm-lli --threads=2 (µs/launch) | mm-lli --threads=1 | OpenMP, 2 threads (µs/region) | threads=2 / OpenMP | threads=2 / threads=1 |
| --- | ---: | ---: | ---: | ---: | ---: |
$MAIN
${SWEEP%$'\n'}

$(nproc) cores ($CPU_NAME), load average before the table: $(cut -d' ' -f1-3 /proc/loadavg); medians of $REPS runs.
Targets (issue 19): threads=2 / OpenMP ≤ 1.5 and threads=2 / threads=1 ≤ 1.0 on the first row.
Command: \`bench/launch.sh --reps $REPS --launches $LAUNCHES BUILD_DIR\`.
EOF2
