#!/bin/sh
# Runs every bench binary over its scenarios at the entity counts each scenario declares (within MIN_N ..
# MAX_N), each in PROCS separate processes, merges the processes' results into one CSV, checks that all
# strategies agree on every checksum, and prints a summary table. The creation scenarios run a second time
# with --memory fresh, so creation into untouched memory (page faults included) is reported beside creation
# into memory the process already touched, each row labelled by its memory column.
# Usage: scripts/bench.sh BUILD_DIR OUT_CSV MIN_N MAX_N STEP PROCS "BENCH_OPTIONS" NAME...
#   STEP: of the powers of two declared, every STEP-th from 2^10 (1: all; 2: 2^10, 2^12, ...); other declared
#   sizes (a scenario's own) always run. BENCH_OPTIONS go to every bench binary (--reps, --row-budget-ms).
#
# Why several processes: where the stack and heap land in memory changes from one process to the next
# (address-space randomisation), and with it whether hot loads and stores alias in the CPU's 4 KiB
# store-forwarding check. On these machines that alone moves some results by 2x, constantly within a process,
# so samples of one process cannot see it. Every process is one draw of the layout; the merged median is
# taken over processes, and the spread between them is reported.
set -eu
build=$1
out=$2
min_n=$3
max_n=$4
step_of_sizes=$5
procs=$6
options=$7
shift 7
mkdir -p "$(dirname "$out")"
runs="${out%.csv}.runs.csv"
tmp="$runs.partial"
# Interrupted (Ctrl-C, kill), the run removes what it was writing and stops: earlier results stay as they were.
cleanup() { rm -f "$tmp" "$tmp.err" "$out.partial"; }
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM
bounds="--min-n $min_n --max-n $max_n"
fresh_scenarios="create create_bulk scatter_create"

# Every entity count some scenario of some binary declares, smallest first.
sizes=$(for name in "$@"; do "$build/bench-$name" --list $bounds | cut -f4 | tr ',' '\n'; done | sort -n -u |
    awk -v step="$step_of_sizes" '{ e = 0; m = $1; while (m > 1 && m % 2 == 0) { m /= 2; e++ } }
                                  m != 1 || e < 10 || (e - 10) % step == 0')
echo "bench: entity counts $(echo $sizes | tr ' ' ','); creation also measured into untouched memory" \
     "(rows with memory=fresh)" >&2

# Runs one bench binary into the runs file. Its stderr passes through, except that the line saying why the
# hardware-counter columns are empty is said once for the whole run, not once per binary.
said_counters=""
run_bench() {
    if "$@" >>"$tmp" 2>"$tmp.err"; then rc=0; else rc=$?; fi
    if [ -z "$said_counters" ] && grep -q '^bench: hardware counters off: ' "$tmp.err"; then
        grep '^bench: hardware counters off: ' "$tmp.err" | head -n 1 >&2
        said_counters=1
    fi
    grep -v '^bench: hardware counters off: ' "$tmp.err" >&2 || true
    return "$rc"
}

# The --scenario options of the creation scenarios a binary has.
fresh_options() {
    has=" $("$build/bench-$1" --list | cut -f1 | tr '\n' ' ') "
    for f in $fresh_scenarios; do
        case "$has" in *" $f "*) printf ' --scenario %s' "$f" ;; esac
    done
}

# Rounds outermost, then entity counts, then strategies in an order that rotates at every step: drift of the
# machine over the run spreads over every strategy instead of landing on whichever ran last.
count=$#
header=""
step=0
p=1
: >"$tmp"
while [ "$p" -le "$procs" ]; do
    for n in $sizes; do
        i=0
        while [ "$i" -lt "$count" ]; do
            k=$(( (i + step) % count + 1 ))
            eval "name=\${$k}"
            printf 'bench: process %d/%d  n=%-8s %s\n' "$p" "$procs" "$n" "$name" >&2
            run_bench "$build/bench-$name" --min-n "$n" --max-n "$n" $options $header
            header="--no-header"
            fresh=$(fresh_options "$name")
            if [ -n "$fresh" ]; then
                run_bench "$build/bench-$name" --min-n "$n" --max-n "$n" $options --memory fresh $fresh $header
            fi
            i=$((i + 1))
        done
        step=$((step + 1))
    done
    p=$((p + 1))
done
rm -f "$tmp.err"
sh "$(dirname "$0")/csv-check.sh" "$tmp" runs
mv "$tmp" "$runs"
awk -F, -f "$(dirname "$0")/merge.awk" "$runs" >"$out.partial"
mv "$out.partial" "$out"
trap - EXIT INT TERM
echo "bench: wrote $out (merged over $procs processes) and $runs (every process's rows)" >&2

sh "$(dirname "$0")/summary.sh" "$out"
