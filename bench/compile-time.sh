#!/usr/bin/env bash
# Compile time of CUDA programs (issue 45), printed as a markdown table; see
# docs/performance.md.
#
#   bench/compile-time.sh [--reps N] [--baseline nvcc|clang] BUILD_DIR
#                         [SOURCE.cu | DIR]...
#
# Each program is compiled into an executable by mm's CUDA toolkit,
# BUILD_DIR/cuda/bin/nvcc -O3, and by the baseline: NVIDIA's nvcc -O3
# -arch=sm_80 ($NVCC, else nvcc on PATH; the default where there is one),
# or clang-19's CUDA compile of the same source to PTX (sm_70) plus its
# host object, the part of nvcc's work that clang does (the default
# elsewhere). Each compile runs --reps times (3), alternating the two; the
# table gives the medians in seconds, their ratio, the geometric mean of
# the ratios and the ten worst. Without sources, the project's own CUDA
# programs (examples/cuda, bench/lli, bench/device) and two kernels of many
# sync points (bench/compile-time). A directory stands for each .cu under
# it that defines main (a suite's programs, run locally), compiled with -I
# of its own directory; a program that either compiler fails on is listed
# as such, not timed.
set -euo pipefail

usage() {
  sed -n '4,20s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

REPS=3
BASELINE=
BUILD_DIR=
SOURCES=()
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  --baseline) BASELINE="$2"; shift ;;
  -h | --help) usage ;;
  -*) echo "compile-time.sh: unknown option '$1'" >&2; usage ;;
  *) if [[ -z "$BUILD_DIR" ]]; then BUILD_DIR="$1"; else SOURCES+=("$1"); fi ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_NVCC="$BUILD_DIR/cuda/bin/nvcc"
[[ -x "$MM_NVCC" ]] || {
  echo "compile-time.sh: missing $MM_NVCC (build: ninja -C $BUILD_DIR)" >&2
  exit 1
}
CLANG=${CLANG:-clang-19}
NVCC=${NVCC:-$(command -v nvcc || true)}
# mm's own nvcc is no baseline.
if [[ -n "$NVCC" && "$(realpath "$NVCC")" == "$(realpath "$MM_NVCC")" ]]; then
  NVCC=
fi
BASELINE=${BASELINE:-${NVCC:+nvcc}}
case "${BASELINE:=clang}" in
nvcc) [[ -n "$NVCC" ]] || { echo "compile-time.sh: no nvcc for --baseline nvcc" >&2; exit 1; } ;;
clang) NVCC= ;;
*) echo "compile-time.sh: unknown baseline '$BASELINE'" >&2; usage ;;
esac
if [[ ${#SOURCES[@]} -eq 0 ]]; then
  SOURCES=("$ROOT"/examples/cuda/*.cu "$BENCH_DIR"/lli/*.cu "$BENCH_DIR"/device/*.cu
    "$BENCH_DIR"/compile-time/*.cu)
fi
if bench_smoke; then
  REPS=1
  SOURCES=("${SOURCES[0]}")
fi

# The programs: each .cu given, and each .cu under a directory that defines
# main.
PROGRAMS=()
for Source in "${SOURCES[@]}"; do
  if [[ -d "$Source" ]]; then
    while IFS= read -r File; do
      grep -qE '(^|[^a-zA-Z_])main[[:space:]]*\(' "$File" && PROGRAMS+=("$File")
    done < <(find "$Source" -name '*.cu' | sort)
  else
    PROGRAMS+=("$Source")
  fi
done
[[ ${#PROGRAMS[@]} -gt 0 ]] || { echo "compile-time.sh: no programs" >&2; exit 1; }

OUT="$BENCH_DIR/out/compile-time"
rm -rf "$OUT"
mkdir -p "$OUT"

# Runs "$@" and prints its wall time in seconds; fails as it fails.
timed() {
  local Start=$EPOCHREALTIME
  "$@" > /dev/null 2>> "$OUT/errors.log" || return 1
  awk -v End="$EPOCHREALTIME" -v Start="$Start" 'BEGIN { print End - Start }'
}

compile_mm() { # SOURCE
  (cd "$(dirname "$1")" && "$MM_NVCC" -O3 -I. -o "$OUT/mm.exe" "$1")
}
compile_baseline() { # SOURCE
  if [[ -n "$NVCC" ]]; then
    (cd "$(dirname "$1")" && "$NVCC" -O3 -arch=sm_80 -I. -o "$OUT/nv.exe" "$1")
  else
    (cd "$(dirname "$1")" &&
      "$CLANG" -x cuda --cuda-path="$BUILD_DIR/cuda" --cuda-gpu-arch=sm_70 \
        --cuda-device-only -O3 -I. -S -o "$OUT/device.ptx" "$1" &&
      "$CLANG" -x cuda --cuda-path="$BUILD_DIR/cuda" --cuda-gpu-arch=sm_70 \
        --cuda-host-only -O3 -I. -c -o "$OUT/host.o" "$1")
  fi
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

BASELINE_NAME=${NVCC:+"nvcc -O3 -arch=sm_80"}
BASELINE_NAME=${BASELINE_NAME:-"clang-19 CUDA to PTX + host object"}
ROWS=()
FAILED=()
: > "$OUT/ratios"
for Program in "${PROGRAMS[@]}"; do
  Program=$(realpath "$Program")
  Name=${Program#"$ROOT"/}
  MMTimes=() BaseTimes=()
  for ((Rep = 0; Rep < REPS; ++Rep)); do
    if ! T=$(timed compile_mm "$Program"); then FAILED+=("$Name (mm)"); continue 2; fi
    MMTimes+=("$T")
    if ! T=$(timed compile_baseline "$Program"); then FAILED+=("$Name (baseline)"); continue 2; fi
    BaseTimes+=("$T")
  done
  MM=$(printf '%s\n' "${MMTimes[@]}" | median)
  Base=$(printf '%s\n' "${BaseTimes[@]}" | median)
  Ratio=$(awk -v A="$MM" -v B="$Base" 'BEGIN { print A / B }')
  echo "$Ratio" >> "$OUT/ratios"
  ROWS+=("$(printf '%.3f|%s|%.2f s|%.2f s' "$Ratio" "$Name" "$MM" "$Base")")
  echo "compile-time.sh: $Name: $(printf '%.2f' "$MM") s / $(printf '%.2f' "$Base") s" >&2
done

echo "| program | mm's nvcc -O3 | $BASELINE_NAME | ratio |"
echo "| --- | --- | --- | --- |"
for Row in "${ROWS[@]}"; do
  IFS='|' read -r Ratio Name MM Base <<< "$Row"
  printf '| %s | %s | %s | **%.3f** |\n' "$Name" "$MM" "$Base" "$Ratio"
done
if [[ -s "$OUT/ratios" ]]; then
  Geomean=$(awk '{ s += log($1) } END { printf "%.3f", exp(s / NR) }' "$OUT/ratios")
  echo
  echo "Geometric mean of the ratios: **$Geomean** over ${#ROWS[@]} programs."
  echo
  echo "The ten worst:"
  echo
  printf '%s\n' "${ROWS[@]}" | sort -t'|' -k1,1 -g -r | head -10 |
    while IFS='|' read -r Ratio Name MM Base; do
      printf -- '- %s: %.3f (%s / %s)\n' "$Name" "$Ratio" "$MM" "$Base"
    done
fi
for Failure in "${FAILED[@]+"${FAILED[@]}"}"; do
  echo "- failed to compile: $Failure (see bench/out/compile-time/errors.log)"
done
echo
echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), load average before the table: $(cut -d' ' -f1-3 /proc/loadavg); $REPS repetitions."
echo "Command: \`bench/compile-time.sh --reps $REPS --baseline $BASELINE BUILD_DIR [SOURCES]\`."
