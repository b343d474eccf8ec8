#!/bin/sh
# Simulated cache misses per unit: runs the cachesim-NAME binaries (make cachesim) under valgrind's callgrind,
# every scenario at N entities, and writes one row per strategy, scenario and layout to OUT_CSV:
#   instructions_per_unit   instructions executed
#   d1_misses_per_unit      L1 data-cache misses, reads + writes (d1_read_..., d1_write_... apart)
#   ll_misses_per_unit      last-level misses of data accesses, reads + writes
# counted over exactly one run of the scenario's timed work (harness/cachesim.h), divided by its N units, in the
# memory layout of the seed in the row's layout_seed (platform/layout.h).
# With RUNS_CSV (a bench run's runs.csv) the simulation replays the layouts the timed processes had: each cell's
# median process, the fastest and slowest where the processes spread by more than CACHESIM_SPREAD of the median,
# and every process of the cells CACHESIM_ALL_LAYOUTS names (STRATEGY:SCENARIO,..., possibly none); both are then
# required from the environment (scripts/pipeline.sh passes them; their defaults are in scripts/defaults.mk).
# Without it, seed 1 for every cell. Then every strategy must agree on every checksum (scripts/analysis.sh
# cachesim-plan and cachesim-join, simulation.py).
# With CACHESIM_CELLS (STRATEGY:SCENARIO,...) in the environment, those cells alone, each in its median process's
# layout (with RUNS_CSV; seed 1 without): the simulation beyond the caches, one run per cell (scripts/pipeline.sh),
# which takes neither CACHESIM_SPREAD nor CACHESIM_ALL_LAYOUTS.
# With --frames, the framed scenarios (scenarios/catalogue.h: FRAMED) SCENARIOS names are simulated frame by frame
# instead, every NAME in layout seed 1, and OUT_CSV gets one row per strategy, scenario and frame: the frame's
# instructions and misses, not divided by anything (scripts/analysis.sh framesim-join, simulation.py).
# Usage: scripts/cachesim.sh BUILD_DIR OUT_CSV N RUNS_CSV|- NAME...   (CACHESIM_JOBS=2: simulators at once)
#        scripts/cachesim.sh --frames BUILD_DIR OUT_CSV N SCENARIO,... NAME...
#        scripts/cachesim.sh --geometry   prints the pinned geometry as the rows record it
#
# The geometry is pinned, not detected (valgrind misreads these VMs' caches), so that figures compare across
# machines, and no one machine's: the 48 KiB 12-way L1D and 32 KiB 8-way L1I of the Intel Xeon VMs (sysfs) and the
# 32 MiB 16-way L3 of the AMD EPYC VMs (whose L1D is 32 KiB 8-way), with 64-byte lines. Callgrind models two levels
# (L1, then the last level) and no prefetcher, so a sequential scan that hardware would prefetch still counts one
# miss per line: these figures are the traffic a layout causes, not its stalls. It also counts an access that
# straddles two lines as one miss even when both lines miss, so 32-byte vector loads from an array not aligned to 32
# bytes, issued out of address order as unrolled loops do, would show fewer misses than the lines they bring in: the
# cachesim binaries keep vectors 128 bits wide (Makefile, CACHESIM_FLAGS).
set -eu
i1=32768,8,64
d1=49152,12,64
ll=33554432,16,64
# As written in each row, without the commas that would split its field.
geometry=$(printf 'I1=%s D1=%s LL=%s (bytes/ways/line)' "$i1" "$d1" "$ll" | tr , /)
if [ "${1:-}" = --geometry ]; then echo "$geometry"; exit 0; fi
frames=""
if [ "${1:-}" = --frames ]; then frames=--frames; shift; fi
build=$1
out=$2
n=$3
runs=$4 # with --frames, the scenarios
shift 4
jobs=${CACHESIM_JOBS:-2}
only=${CACHESIM_CELLS-}
if [ "$runs" != - ] && [ -z "$frames" ] && [ -z "$only" ]; then
    for setting in CACHESIM_SPREAD CACHESIM_ALL_LAYOUTS; do
        printenv "$setting" >/dev/null || { echo "cachesim: $setting is not set (it comes with RUNS_CSV)" >&2; exit 2; }
    done
fi
here=$(cd "$(dirname "$0")" && pwd)
. "$here/exit-reason.sh"

timeout=$(command -v timeout)
if ! valgrind=$(command -v valgrind); then
    echo "cachesim: valgrind is not installed (scripts/setup.sh bench installs it)" >&2
    exit 1
fi
for name; do
    if [ ! -x "$build/cachesim-$name" ]; then
        echo "cachesim: $build/cachesim-$name is missing (make cachesim builds it)" >&2
        exit 1
    fi
done
mkdir -p "$(dirname "$out")"
tmp=$(cd "$(mktemp -d)" && pwd)
# Interrupted, the run removes what it was writing and stops: an earlier results file stays as it was.
# The lanes (below) run in the background, where the shell ignores SIGINT: stopped, the run stops them and their
# simulators itself, so that none goes on writing after it.
lanes=""
cleanup() {
    for p in $lanes; do
        pkill -TERM -P "$p" 2>/dev/null || :
        kill -TERM "$p" 2>/dev/null || :
    done
    rm -rf "$tmp" "$out.partial"
}
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM

if [ -n "$frames" ]; then
    # A process per NAME, its framed scenarios (of those named) each at N in layout seed 1.
    for name; do
        "$build/cachesim-$name" --list | awk -F'\t' -v name="$name" -v wanted=",$runs," '
            index(wanted, "," $1 ",") { s = s (s ? "," : "") $1; k = k (k ? "," : "") 1 }
            END { if (s) print name " " s " " k }'
    done >"$tmp/plan"
else
    for name; do
        "$build/cachesim-$name" --list --min-n "$n" --max-n "$n" | awk -F'\t' -v name="$name" '{print name "\t" $1 "\t" $3 "\t" $4}'
    done >"$tmp/cells"
    set -- --cells "$tmp/cells" --n "$n"
    [ "$runs" = - ] || set -- "$@" --runs "$runs"
    if [ -n "$only" ]; then
        set -- "$@" --only "$only"
    elif [ "$runs" != - ]; then
        set -- "$@" --spread "$CACHESIM_SPREAD" --all-layouts "$CACHESIM_ALL_LAYOUTS"
    fi
    "$here/analysis.sh" cachesim-plan "$@" >"$tmp/plan"
fi
total=$(wc -l <"$tmp/plan")
echo "cachesim: n=$n, $total simulator processes" >&2

# One simulator process per plan line; each counted run is dumped on its own (dump.1, dump.2, ...), labelled
# "strategy scenario n seed". A process that runs far beyond what the simulation of its cells should take is stuck
# (CACHESIM_TIMEOUT_S, default 600 s per cell at n = 2^16 and in proportion above it); a failure names the
# cell that was running (the first with no row yet), the layout and the signal or the binary's message.
per_cell=$(awk -v n="$n" -v t="${CACHESIM_TIMEOUT_S:-600}" 'BEGIN { printf "%d", t * (n > 65536 ? n / 65536 : 1) }')
run_one() {
    mkdir -p "$tmp/$1"
    set -- "$1" "$2" "$(echo "$3" | tr ',' ' ')" "$4"
    args=""
    count=0
    for s in $3; do args="$args --scenario $s"; count=$((count + 1)); done
    # An empty environment and the same command line wherever the build directory is, so that the client's
    # start does not depend on where the project lives (the harness places the measured frames itself).
    rc=0
    # (env runs in the build directory and execs timeout, which passes a TERM on to the simulator: the lane's
    # child is the whole simulation, for cleanup to stop.)
    env -i -C "$build" "$timeout" --foreground --kill-after=10 $((per_cell * count)) "$valgrind" --tool=callgrind \
        --cache-sim=yes --collect-atstart=no --I1=$i1 --D1=$d1 --LL=$ll --callgrind-out-file="$tmp/$1/dump" \
        "./cachesim-$2" $args --n "$n" --layout-seed "$4" $frames >"$tmp/$1/rows.csv" 2>"$tmp/$1/log" || rc=$?
    [ "$rc" -eq 0 ] && return
    running=$(running_scenario "$tmp/$1/rows.csv" $3)
    why=$(exit_reason "$rc" $((per_cell * count)))
    # valgrind reports a client's fatal signal itself (and exits 1 after it): the line says which
    sig=$(sed -n 's/^==[0-9]*== Process terminating with default action of signal [0-9]* (\(SIG[A-Z]*\)).*/\1/p' \
        "$tmp/$1/log" | head -n 1)
    [ -n "$sig" ] && why="killed by signal $sig"
    echo "cachesim: cachesim-$2 ${running:-($3)} n=$n layout $4: $why" >&2
    grep -v '^==\|^--' "$tmp/$1/log" | head -n 5 >&2
    : >"$tmp/$1/failed"
}

# The processes are independent: `jobs` lanes each take every jobs-th one.
lane=0
while [ "$lane" -lt "$jobs" ]; do
    (
        k=0
        while read -r name scenarios seeds; do
            if [ $((k % jobs)) -eq "$lane" ]; then run_one "job$k" "$name" "$scenarios" "$seeds"; fi
            k=$((k + 1))
        done <"$tmp/plan"
    ) &
    lanes="$lanes $!"
    lane=$((lane + 1))
done
wait
lanes=""
if ls "$tmp"/job*/failed >/dev/null 2>&1; then exit 1; fi

# The binaries' rows (unit, checksum, flags) under one header, joined with the dumps.
first=1
for f in "$tmp"/job*/rows.csv; do
    if [ "$first" = 1 ]; then cat "$f"; first=0; else tail -n +2 "$f"; fi
done >"$tmp/rows.csv"
join=cachesim-join
[ -z "$frames" ] || join=framesim-join
"$here/analysis.sh" "$join" --dumps "$tmp" --rows "$tmp/rows.csv" --geometry "$geometry" "$out.partial"
mv "$out.partial" "$out"
