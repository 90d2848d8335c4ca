# Sourced by bench/'s scripts: with MM_BENCH_SMOKE=1 in the environment, a
# script runs at its smallest size, once, whatever its options say: it still
# builds its inputs, takes every measurement and prints its table, in
# seconds, but the figures measure nothing. test/docs runs the commands of
# docs/performance.md as written this way.

# Returns 0, after saying so on standard error, when the script is to run at
# its smallest size.
bench_smoke() {
  [ "${MM_BENCH_SMOKE:-}" = 1 ] || return 1
  echo "$(basename "$0"): MM_BENCH_SMOKE=1: smallest size, one repetition;" \
    "the figures measure nothing" >&2
}
