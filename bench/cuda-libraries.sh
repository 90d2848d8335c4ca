#!/usr/bin/env bash
# mm's cuBLAS and cuFFT against OpenBLAS and FFTW called directly (issue
# 46), printed as a markdown table; see docs/performance.md.
#
#   bench/cuda-libraries.sh [--reps N] [--sizes N1,...] [--fft-sizes N1,...] BUILD_DIR
#
# cuda-libraries/sgemm.cu and fft.cu are compiled by BUILD_DIR's toolkit
# nvcc (-O3 -lcublas, -lcufft), sgemm_openblas.c and fft_fftw.c by clang-19
# -O3 (-lopenblas, -lfftw3f); each prints the seconds of one call (the mean
# of 5 after a warm-up) and a checksum. The table gives, per SGEMM size
# (N x N, default 512,2048) and FFT size (1-D complex, default
# 65536,1048576), the medians of --reps runs (5), alternating the two, with
# OPENBLAS_NUM_THREADS=2 for both; the script fails if the checksums
# differ.
set -euo pipefail

usage() {
  sed -n '4,13s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

REPS=5
SIZES=512,2048
FFT_SIZES=65536,1048576
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  --sizes) SIZES="$2"; shift ;;
  --fft-sizes) FFT_SIZES="$2"; shift ;;
  -*) usage ;;
  *) [[ -z "$BUILD_DIR" ]] || usage; BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; SIZES=64; FFT_SIZES=1024; fi
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
CLANG=${CLANG:-clang-19}
OUT="$BENCH_DIR/out/cuda-libraries"
mkdir -p "$OUT"

SOURCES="$BENCH_DIR/cuda-libraries"
"$BUILD_DIR/cuda/bin/nvcc" -O3 -o "$OUT/sgemm" "$SOURCES/sgemm.cu" -lcublas
"$CLANG" -O3 "$SOURCES/sgemm_openblas.c" -o "$OUT/sgemm_openblas" -lopenblas
"$BUILD_DIR/cuda/bin/nvcc" -O3 -o "$OUT/fft" "$SOURCES/fft.cu" -lcufft
"$CLANG" -O3 "$SOURCES/fft_fftw.c" -o "$OUT/fft_fftw" -lfftw3f -lm
export OPENBLAS_NUM_THREADS=2

median() { tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ratio() { echo "scale=3; $1 / $2" | bc | sed 's/^\./0./'; }
milli() { echo "scale=2; $1 * 1000 / 1" | bc | sed 's/^\./0./'; }

# compare LABEL MM BASELINE SIZE: one table row, the medians of REPS runs.
compare() {
  local Label=$1 Mm=$2 Base=$3 N=$4 MmTimes= BaseTimes= Rep Time SumMm SumBase
  for ((Rep = 1; Rep <= REPS; ++Rep)); do
    read -r Time SumMm < <("$OUT/$Mm" "$N")
    MmTimes+=" $Time"
    read -r Time SumBase < <("$OUT/$Base" "$N")
    BaseTimes+=" $Time"
    if [[ "$SumMm" != "$SumBase" ]]; then
      echo "cuda-libraries.sh: results differ, $Label $N: $SumMm against $SumBase" >&2
      exit 1
    fi
  done
  local M B
  M=$(echo $MmTimes | median)
  B=$(echo $BaseTimes | median)
  echo "| $Label $N | $(milli "$M") | $(milli "$B") | $(ratio "$M" "$B") |"
}

echo "| operation | through mm (ms) | library called directly (ms) | ratio |"
echo "| --- | ---: | ---: | ---: |"
IFS=, read -r -a Sizes <<<"$SIZES"
for N in "${Sizes[@]}"; do
  compare "SGEMM (cuBLAS / OpenBLAS), N x N, N =" sgemm sgemm_openblas "$N"
done
IFS=, read -r -a Sizes <<<"$FFT_SIZES"
for N in "${Sizes[@]}"; do
  compare "1-D complex FFT (cuFFT / FFTW), N =" fft fft_fftw "$N"
done
echo
echo "Command: \`bench/cuda-libraries.sh --reps $REPS --sizes $SIZES --fft-sizes $FFT_SIZES BUILD_DIR\`."
