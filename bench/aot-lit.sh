#!/usr/bin/env bash
# The lit suite's programs as executables compiled ahead of time (issue 19
# §3): runs lit over the tests that run programs with mm-lli, with
# bench/aot/mm-lli first on PATH, which builds each bundle with mm-llc
# --embed=cpu and libmm_runtime (as mm-nvcc --executable does) and runs the
# executable in mm-lli's place. A test passes when the executable prints
# what the test expects of mm-lli.
#
#   bench/aot-lit.sh BUILD_DIR [TEST_PATH...]
#
# TEST_PATHs are relative to BUILD_DIR/test (default: mm-lli examples
# Device). Tests fail on purpose where they use an mm-lli option
# that has no ahead-of-time meaning (-e, --print-compiled-ir, the compile
# cache, plugins: bench/aot/mm-lli says which), or check a message of
# mm-lli's JIT that the build gives at another stage; see
# docs/performance.md.
set -euo pipefail

[[ $# -ge 1 && "$1" != -* ]] || { sed -n '9,16s/^# \{0,1\}//p' "$0" >&2; exit 2; }
BUILD_DIR=$(cd "$1" && pwd)
shift
source "$(dirname "$0")/smoke.sh"
if bench_smoke; then
  set -- examples/saxpy.test mm-lli/cuda-strided-loops.test
fi
[[ $# -gt 0 ]] || set -- mm-lli examples Device
cd "$BUILD_DIR/test"
exec python3 /usr/lib/llvm-19/build/utils/lit/lit.py --param mm_lli_aot=1 \
  -sv "$@"
