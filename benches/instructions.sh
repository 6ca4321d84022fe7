#!/bin/sh
# Instructions per call of benchmark rows, counted by valgrind's callgrind: the same figure on
# every run, where wall-clock times on a shared machine vary by 10 to 50%. Instructions are not
# time (a cache miss or a divide costs more than one), so a speed-up still needs its timed
# figure; but a change that adds instructions to a row shows here at once, and two builds can be
# compared to a fraction of a percent.
#
# The bench runs once with BENCH_PASSES=1 and once with 3; the difference, divided by twice the
# calls per pass, is what one call costs, data generation and set-up left out.
#
#   benches/instructions.sh BENCH FILTER [CALLS]
#     BENCH   a bench of benches/ (abi, motion, poly, ...)
#     FILTER  its name filter, matching the rows to count (all of them together)
#     CALLS   calls per pass of those rows (default 1000000; the polygon sweeps table: 100000)
#   e.g. benches/instructions.sh motion c2d_sweep_rect_rect
#
# CARGO_TARGET_DIR picks the build, so two trees can be compared.
set -eu
[ $# -ge 2 ] || { sed -n '11,17p' "$0" >&2; exit 2; }
bench=$1 filter=$2 calls=${3:-1000000}
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind" >&2; exit 1; }
bin=$(cargo bench --no-run --bench "$bench" 2>&1 | sed -n 's/.*Executable .*(\(.*\))$/\1/p')
[ -x "$bin" ] || { echo "instructions.sh: no bench executable for $bench" >&2; exit 1; }
count() {
    BENCH_PASSES=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$filter" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\)$/\1/p'
}
one=$(count 1)
three=$(count 3)
echo "$bench $filter: $(((three - one) / 2 / calls)) instructions per call"
