#!/usr/bin/env bash
# Benchmarks of mm-lli and the offload runtime's CPU backend (issue 5 §7),
# printed as a markdown table; see docs/performance.md.
#
#   bench/lli.sh [--reps N] [--n ELEMENTS] BUILD_DIR
#
# BUILD_DIR must hold bin/mm-lli and bin/mm-bundle. Each measurement runs
# --reps times (5), alternating the commands compared; the table gives
# medians. The inputs are compiled into bench/out/lli/.
#   (1) saxpy.cu under mm-lli --threads=2 / saxpy_omp.c (clang-19 -O3
#       -fopenmp -march=native) with OMP_NUM_THREADS=2: seconds per launch,
#       each process's median of 10 launches after a warm-up launch;
#   (2) the same under mm-lli --threads=1 / --threads=2;
#   (3) mm-lli's whole run of a bundle with 100 device submodules of which
#       one is launched / of a bundle with only that one (N = 65536).
set -euo pipefail

REPS=5
N=$((1 << 24))
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --reps) REPS="$2"; shift ;;
  --n) N="$2"; shift ;;
  -*) sed -n '4,16s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
  *) BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || { sed -n '4,16s/^# \{0,1\}//p' "$0" >&2; exit 2; }
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then REPS=1; N=4096; fi
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH_DIR/.." && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
MM_LLI="$BUILD_DIR/bin/mm-lli"
MM_BUNDLE="$BUILD_DIR/bin/mm-bundle"
CLANG=${CLANG:-clang-19}
OUT="$BENCH_DIR/out/lli"
mkdir -p "$OUT"

# Inputs. The device submodule is optimized at -O3 after the lowering, so
# that the loop over each block's threads is vectorized for this CPU.
CUDA_FLAGS=(-x cuda --cuda-path="$BUILD_DIR/cuda" --cuda-gpu-arch=sm_70 -O2)
"$CLANG" "${CUDA_FLAGS[@]}" --cuda-host-only -S -emit-llvm \
  "$BENCH_DIR/lli/saxpy.cu" -o "$OUT/host.ll"
"$CLANG" "${CUDA_FLAGS[@]}" --cuda-device-only -S \
  -emit-llvm "$BENCH_DIR/lli/saxpy.cu" -o "$OUT/kernels.ll"
"$MM_BUNDLE" join "$OUT/host.ll" "$OUT/kernels.ll" \
  --set='role=device:opt=O3' -o "$OUT/saxpy.mml"
"$CLANG" -O3 -march=native -fopenmp "$BENCH_DIR/lli/saxpy_omp.c" \
  -o "$OUT/saxpy_omp"
# 99 more device submodules: the kernel module under other kernel names.
python3 - "$OUT/saxpy.mml" "$OUT/saxpy100.mml" <<'PY'
import sys
text = open(sys.argv[1]).read()
device = text.index("#mm module kernels ")
body = text[device:]
extra = []
for i in range(1, 100):
    name = f"saxpy{i:02d}"  # same length: the mangled name stays valid
    extra.append(body.replace("#mm module kernels ", f"#mm module kernels{i:02d} ", 1)
                 .replace("_Z5saxpyifPKfPf", f"_Z7{name}ifPKfPf"))
open(sys.argv[2], "w").write(text + "".join("\n" + e for e in extra))
PY

median() { tr ' ' '\n' | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
per_launch() { sed -n 's/^median_s=\([0-9.]*\).*/\1/p'; }
wall() {
  local Start=$EPOCHREALTIME
  "$@" >/dev/null
  printf '%.4f\n' "$(echo "$EPOCHREALTIME - $Start" | bc)"
}

OMP2= LLI1= LLI2= FULL= ONE=
for ((Rep = 1; Rep <= REPS; ++Rep)); do
  echo "lli.sh: repetition $Rep of $REPS" >&2
  OMP2+=" $(OMP_NUM_THREADS=2 "$OUT/saxpy_omp" "$N" 10 | per_launch)"
  LLI2+=" $("$MM_LLI" --threads=2 "$OUT/saxpy.mml" "$N" 10 | per_launch)"
  LLI1+=" $("$MM_LLI" --threads=1 "$OUT/saxpy.mml" "$N" 10 | per_launch)"
  FULL+=" $(wall "$MM_LLI" --threads=2 "$OUT/saxpy100.mml" 65536 1)"
  ONE+=" $(wall "$MM_LLI" --threads=2 "$OUT/saxpy.mml" 65536 1)"
done
OMP2=$(echo $OMP2 | median) LLI1=$(echo $LLI1 | median)
LLI2=$(echo $LLI2 | median) FULL=$(echo $FULL | median) ONE=$(echo $ONE | median)
ratio() { echo "scale=3; $1 / $2" | bc | sed 's/^\./0./'; }

CPU_NAME=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
cat <<EOF2
| measurement | median | ratio | target |
| --- | --- | --- | --- |
| (1) saxpy, $N floats, mm-lli --threads=2 / C+OpenMP, 2 threads | ${LLI2} s / ${OMP2} s | **$(ratio "$LLI2" "$OMP2")** | ≤ 1.2 |
| (2) saxpy, mm-lli --threads=2 / --threads=1 | ${LLI2} s / ${LLI1} s | **$(ratio "$LLI2" "$LLI1")** | ≤ 0.55 |
| (3) whole run, 100 device submodules / 1 | ${FULL} s / ${ONE} s | **$(ratio "$FULL" "$ONE")** | ≤ 1.5 |

$(nproc) cores ($CPU_NAME), load average before the table: $(cut -d' ' -f1-3 /proc/loadavg); $REPS repetitions.
Command: \`bench/lli.sh --reps $REPS --n $N BUILD_DIR\`.
EOF2
