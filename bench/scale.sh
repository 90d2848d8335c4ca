#!/usr/bin/env bash
# Every tool on bundles of many submodules: each operation's time at each
# size, and how it grows (issue 16 §10). A cost linear in the number of
# submodules grows by the ratio of the sizes; a quadratic one by its square.
#
#   bench/scale.sh [--sizes N1,N2,...] BUILD_DIR
#
# --sizes: the numbers of submodules (default 10000,100000). Each bundle is a
# host with `main` and N-1 small device submodules (x86_64 LLVM IR, one
# function each), generated into bench/out/scale/. Timed, once per size:
# mm-bundle list, mm-opt (parse and verify every submodule), mm-opt -O1 -j2,
# mm-bundle split and join (of the split directory), convert to the binary
# form and back, mm-llc -filetype=obj -j2 into a directory, and mm-lli
# running `main` (device submodules are compiled only when used). Prints a
# markdown table, with each time at the largest size as a multiple of
# mm-bundle list's.
set -euo pipefail

usage() {
  sed -n '6,14s/^# \{0,1\}//p' "$0" >&2
  exit 2
}

SIZES=10000,100000
BUILD_DIR=
while [[ $# -gt 0 ]]; do
  case "$1" in
  --sizes) SIZES="$2"; shift ;;
  -h | --help) usage ;;
  -*) echo "scale.sh: unknown option '$1'" >&2; usage ;;
  *) [[ -z "$BUILD_DIR" ]] || usage; BUILD_DIR="$1" ;;
  esac
  shift
done
[[ -n "$BUILD_DIR" ]] || usage
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then SIZES=10,100; fi
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)
BIN="$BUILD_DIR/bin"
for Tool in mm-bundle mm-opt mm-llc mm-lli; do
  [[ -x "$BIN/$Tool" ]] || {
    echo "scale.sh: missing $BIN/$Tool (build: ninja -C $BUILD_DIR $Tool)" >&2
    exit 1
  }
done
OUT="$BENCH_DIR/out/scale"
mkdir -p "$OUT"

# Seconds that "$@" takes, with its output discarded; fails if it fails.
timed() {
  local Start=$EPOCHREALTIME
  "$@" >/dev/null
  echo "$EPOCHREALTIME - $Start" | bc
}

IFS=, read -r -a Sizes <<<"$SIZES"
declare -A Time
Operations=(list mm-opt mm-opt-O1 split join to-binary to-text mm-llc mm-lli)
for N in "${Sizes[@]}"; do
  Bundle="$OUT/many-$N.mml"
  [[ -f "$Bundle" ]] || python3 - "$N" "$Bundle" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
triple = "x86_64-unknown-linux-gnu"
with open(path, "w") as out:
    out.write(f"#mm module host kind=llvm triple={triple} role=host\n"
              f'target triple = "{triple}"\n'
              "define i32 @main() {\n  ret i32 0\n}\n")
    for i in range(1, n):
        out.write(f"#mm module d{i} kind=llvm triple={triple} role=device\n"
                  f"define i32 @f{i}(i32 %x) {{\n"
                  f"  %y = add i32 %x, {i}\n  ret i32 %y\n}}\n")
PY
  Dir="$OUT/many-$N"
  rm -rf "$Dir" "$Dir.llc"
  Time[list,$N]=$(timed "$BIN/mm-bundle" list "$Bundle")
  Time[mm-opt,$N]=$(timed "$BIN/mm-opt" "$Bundle" -o /dev/null)
  Time[mm-opt-O1,$N]=$(timed "$BIN/mm-opt" -O1 -j2 "$Bundle" -o /dev/null)
  Time[split,$N]=$(timed "$BIN/mm-bundle" split "$Bundle" -o "$Dir")
  Time[join,$N]=$(timed "$BIN/mm-bundle" join "$Dir" -o "$OUT/joined-$N.mml")
  cmp "$Bundle" "$OUT/joined-$N.mml"
  Time[to-binary,$N]=$(timed "$BIN/mm-bundle" convert --to=binary "$Bundle" \
                         -o "$OUT/many-$N.mmb")
  Time[to-text,$N]=$(timed "$BIN/mm-bundle" convert --to=text \
                       "$OUT/many-$N.mmb" -o "$OUT/back-$N.mml")
  Time[mm-llc,$N]=$(timed "$BIN/mm-llc" -filetype=obj -j2 "$Bundle" -o "$Dir.llc")
  Time[mm-lli,$N]=$(timed "$BIN/mm-lli" "$Bundle")
  rm -rf "$Dir" "$Dir.llc" "$OUT/joined-$N.mml" "$OUT/back-$N.mml"
done

First=${Sizes[0]}
Last=${Sizes[${#Sizes[@]}-1]}
printf '| operation |'
for N in "${Sizes[@]}"; do printf ' %s submodules (s) |' "$N"; done
printf ' growth %s -> %s (linear: %s) | x list at %s |\n' "$First" "$Last" \
  "$(echo "scale=1; $Last / $First" | bc)" "$Last"
printf '| --- |'
for N in "${Sizes[@]}"; do printf ' ---: |'; done
printf ' ---: | ---: |\n'
for Op in "${Operations[@]}"; do
  printf '| %s |' "$Op"
  for N in "${Sizes[@]}"; do printf ' %.2f |' "${Time[$Op,$N]}"; done
  printf ' %.1f |' "$(echo "${Time[$Op,$Last]} / ${Time[$Op,$First]}" | bc -l)"
  printf ' %.1f |\n' "$(echo "${Time[$Op,$Last]} / ${Time[list,$Last]}" | bc -l)"
done
