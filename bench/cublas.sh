#!/usr/bin/env bash
# cuBLAS through mm against OpenBLAS called directly (issue 46): an SGEMM
# of N x N matrices, printed as a markdown table; see docs/performance.md.
#
#   bench/cublas.sh [--reps N] [--sizes N1,N2,...] BUILD_DIR
#
# cublas/sgemm.cu is compiled by BUILD_DIR's toolkit nvcc (-O3 -lcublas) and
# cublas/sgemm_openblas.c by clang-19 -O3 -lopenblas; each prints the
# seconds of one SGEMM (the mean of 5 calls after a warm-up) and a checksum
# of C. The table gives, per size (default 512,2048), the medians of --reps
# runs (5), alternating the two, with OPENBLAS_NUM_THREADS=2 for both; the
# script fails if the checksums differ.
set -euo pipefail

usage() {
  sed -n '4,12s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

REPS=5
SIZES=512,2048
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  --sizes) SIZES="$2"; shift ;;
  -*) usage ;;
  *) [[ -z "$BUILD_DIR" ]] || usage; BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; SIZES=64; fi
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
CLANG=${CLANG:-clang-19}
OUT="$BENCH_DIR/out/cublas"
mkdir -p "$OUT"

"$BUILD_DIR/cuda/bin/nvcc" -O3 -o "$OUT/sgemm" "$BENCH_DIR/cublas/sgemm.cu" \
  -lcublas
"$CLANG" -O3 "$BENCH_DIR/cublas/sgemm_openblas.c" -o "$OUT/sgemm_openblas" \
  -lopenblas
export OPENBLAS_NUM_THREADS=2

median() { tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ratio() { echo "scale=3; $1 / $2" | bc | sed 's/^\./0./'; }
milli() { echo "scale=2; $1 * 1000 / 1" | bc | sed 's/^\./0./'; }

echo "| SGEMM, N x N | mm's cuBLAS (ms) | OpenBLAS (ms) | ratio |"
echo "| --- | ---: | ---: | ---: |"
IFS=, read -r -a Sizes <<<"$SIZES"
for N in "${Sizes[@]}"; do
  Mm= Blas=
  for ((Rep = 1; Rep <= REPS; ++Rep)); do
    read -r Time SumMm < <("$OUT/sgemm" "$N")
    Mm+=" $Time"
    read -r Time SumBlas < <("$OUT/sgemm_openblas" "$N")
    Blas+=" $Time"
    if [[ "$SumMm" != "$SumBlas" ]]; then
      echo "cublas.sh: results differ at N=$N: $SumMm against $SumBlas" >&2
      exit 1
    fi
  done
  M=$(echo $Mm | median)
  B=$(echo $Blas | median)
  echo "| $N | $(milli "$M") | $(milli "$B") | $(ratio "$M" "$B") |"
done
echo
echo "Command: \`bench/cublas.sh --reps $REPS --sizes $SIZES BUILD_DIR\`."
