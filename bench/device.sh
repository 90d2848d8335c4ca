#!/usr/bin/env bash
# Benchmarks of GPU kernels on the CPU (issue 6 §6), printed as a markdown
# table; see docs/performance.md.
#
#   bench/device.sh [--reps N] [--launches N] BUILD_DIR
#
# BUILD_DIR must hold bin/mm-lli and bin/mm-bundle. Each CUDA program is
# compiled by clang-19 into host and nvptx64 IR with mm's CUDA header and
# joined with its device submodule at opt=O3; its C+OpenMP counterpart is
# compiled with clang-19 -O3 -march=native -fopenmp. Every program times its
# kernel (or parallel loop) only: the median of --launches (10) after a
# warm-up. Each measurement runs --reps times (5), alternating the commands
# compared; the table gives the medians of those medians, and checks that
# the two versions' checksums agree.
#   (1) saxpy (bench/lli/saxpy.cu), 2^24 floats, mm-lli --threads=2 / C+OpenMP,
#       2 threads;
#   (2) 5-point stencil, 2048 x 2048, mm-lli --threads=2 / C+OpenMP, 2 threads;
#   (3) tiled matmul with barriers, 512 x 512, mm-lli --threads=2 / C+OpenMP,
#       2 threads;
#   (4) the tiled matmul, mm-lli --threads=2 / --threads=1.
set -euo pipefail

usage() {
  sed -n '4,21s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

REPS=5
LAUNCHES=10
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  --launches) LAUNCHES="$2"; shift ;;
  -h | --help) usage ;;
  -*) echo "device.sh: unknown option '$1'" >&2; usage ;;
  *) [[ -z "$BUILD_DIR" ]] || usage; BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; LAUNCHES=1; fi
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_LLI="$BUILD_DIR/bin/mm-lli"
MM_BUNDLE="$BUILD_DIR/bin/mm-bundle"
CLANG=${CLANG:-clang-19}
for Tool in "$MM_LLI" "$MM_BUNDLE"; do
  [[ -x "$Tool" ]] || {
    echo "device.sh: missing $Tool (build: ninja -C $BUILD_DIR mm-lli mm-bundle)" >&2
    exit 1
  }
done
OUT="$BENCH_DIR/out/device"
mkdir -p "$OUT"

CUDA_FLAGS=(-x cuda --cuda-path="$BUILD_DIR/cuda" --cuda-gpu-arch=sm_70 -O2)
compile() { # NAME CUDA_SOURCE C_SOURCE
  "$CLANG" "${CUDA_FLAGS[@]}" --cuda-host-only -S -emit-llvm "$2" \
    -o "$OUT/$1-host.ll"
  "$CLANG" "${CUDA_FLAGS[@]}" --cuda-device-only -S \
    -emit-llvm "$2" -o "$OUT/$1-kernels.ll"
  "$MM_BUNDLE" join "$OUT/$1-host.ll" "$OUT/$1-kernels.ll" \
    --set='role=device:opt=O3' -o "$OUT/$1.mml"
  "$CLANG" -O3 -march=native -fopenmp "$3" -o "$OUT/$1_omp"
}
compile saxpy "$BENCH_DIR/lli/saxpy.cu" "$BENCH_DIR/lli/saxpy_omp.c"
compile stencil "$BENCH_DIR/device/stencil.cu" "$BENCH_DIR/device/stencil_omp.c"
compile matmul "$BENCH_DIR/device/matmul.cu" "$BENCH_DIR/device/matmul_omp.c"
SIZE_saxpy=$((1 << 24)) SIZE_stencil=2048 SIZE_matmul=512

# Runs one command, appends its seconds per launch to the variable named $1
# and checks its result against the variable named $2 (set on first use).
measure() {
  local Var=$1 CheckVar=$2 Output Seconds Check
  shift 2
  Output=$("$@")
  Seconds=$(sed -n 's/^median_s=\([0-9.]*\).*/\1/p' <<<"$Output")
  Check=$(sed -n 's/.* \(y0\|checksum\)=\([^ ]*\).*/\2/p' <<<"$Output")
  [[ -n "$Seconds" ]] || { echo "device.sh: no timing from: $*" >&2; exit 1; }
  if [[ -z "${!CheckVar}" ]]; then
    printf -v "$CheckVar" '%s' "$Check"
  elif [[ "${!CheckVar}" != "$Check" ]]; then
    echo "device.sh: results differ: $Check from $*, ${!CheckVar} before" >&2
    exit 1
  fi
  printf -v "$Var" '%s %s' "${!Var}" "$Seconds"
}

CHECK_saxpy= CHECK_stencil= CHECK_matmul=
for ((Rep = 1; Rep <= REPS; ++Rep)); do
  echo "device.sh: repetition $Rep of $REPS" >&2
  for Name in saxpy stencil matmul; do
    Size=SIZE_$Name
    for Run in omp2 lli2 lli1; do
      [[ $Run == lli1 && $Name != matmul ]] && continue
      Var=T_${Name}_$Run
      [[ -v $Var ]] || printf -v "$Var" '%s' ""
      case $Run in
      omp2) measure "$Var" CHECK_$Name env OMP_NUM_THREADS=2 \
              "$OUT/${Name}_omp" "${!Size}" "$LAUNCHES" ;;
      lli2) measure "$Var" CHECK_$Name "$MM_LLI" --threads=2 "$OUT/$Name.mml" \
              "${!Size}" "$LAUNCHES" ;;
      lli1) measure "$Var" CHECK_$Name "$MM_LLI" --threads=1 "$OUT/$Name.mml" \
              "${!Size}" "$LAUNCHES" ;;
      esac
    done
  done
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ms() { echo "scale=3; $1 * 1000 / 1" | bc | sed 's/^\./0./'; }
ratio() { echo "scale=3; $1 / $2" | bc | sed 's/^\./0./'; }
row() { # LABEL NUMERATOR DENOMINATOR TARGET
  local A B
  A=$(echo "${!2}" | median) B=$(echo "${!3}" | median)
  echo "| $1 | $(ms "$A") ms / $(ms "$B") ms | **$(ratio "$A" "$B")** | $4 |"
}

CPU_NAME=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
cat <<EOF2
| measurement (time per launch) | medians | ratio | target |
| --- | --- | --- | --- |
$(row "(1) saxpy, 2^24 floats, mm-lli --threads=2 / C+OpenMP, 2 threads" T_saxpy_lli2 T_saxpy_omp2 "≤ 1.2")
$(row "(2) stencil, 2048², mm-lli --threads=2 / C+OpenMP, 2 threads" T_stencil_lli2 T_stencil_omp2 "≤ 1.2")
$(row "(3) tiled matmul, 512², mm-lli --threads=2 / C+OpenMP, 2 threads" T_matmul_lli2 T_matmul_omp2 "≤ 2.0")
$(row "(4) tiled matmul, mm-lli --threads=2 / --threads=1" T_matmul_lli2 T_matmul_lli1 "≤ 0.55")

$(nproc) cores ($CPU_NAME), load average before the table: $(cut -d' ' -f1-3 /proc/loadavg); $REPS repetitions of $LAUNCHES launches.
Command: \`bench/device.sh --reps $REPS --launches $LAUNCHES BUILD_DIR\`.
EOF2
