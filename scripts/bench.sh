#!/bin/sh
# Runs every bench binary over its scenarios and the given entity counts, each in PROCS separate processes,
# merges the processes' results into one CSV, checks that all strategies agree on every checksum, and prints
# a summary table.
# Usage: scripts/bench.sh BUILD_DIR OUT_CSV N_LIST REPS PROCS NAME...
#
# Why several processes: where the stack and heap land in memory changes from one process to the next
# (address-space randomisation), and with it whether hot loads and stores alias in the CPU's 4 KiB
# store-forwarding check. On these machines that alone moves some results by 2x, constantly within a process,
# so samples of one process cannot see it. Every process is one draw of the layout; the merged median is
# taken over processes, and the spread between them is reported.
set -eu
build=$1
out=$2
ns=$3
reps=$4
procs=$5
shift 5
mkdir -p "$(dirname "$out")"
runs="${out%.csv}.runs.csv"
tmp="$runs.partial"
trap 'rm -f "$tmp" "$out.partial"' EXIT INT TERM

# Rounds outermost, then entity counts, then strategies in an order that rotates at every step: drift of the
# machine over the run spreads over every strategy instead of landing on whichever ran last.
count=$#
first=1
step=0
p=1
while [ "$p" -le "$procs" ]; do
    for n in $(echo "$ns" | tr ',' ' '); do
        i=0
        while [ "$i" -lt "$count" ]; do
            k=$(( (i + step) % count + 1 ))
            eval "name=\${$k}"
            printf 'bench: process %d/%d  n=%-8s %s\n' "$p" "$procs" "$n" "$name" >&2
            if [ "$first" = 1 ]; then header=""; first=0; else header="--no-header"; fi
            "$build/bench-$name" --n "$n" --reps "$reps" $header >>"$tmp"
            i=$((i + 1))
        done
        step=$((step + 1))
    done
    p=$((p + 1))
done
mv "$tmp" "$runs"
awk -F, -f "$(dirname "$0")/merge.awk" "$runs" >"$out.partial"
mv "$out.partial" "$out"
trap - EXIT INT TERM
echo "bench: wrote $out (merged over $procs processes) and $runs (every process's rows)" >&2

sh "$(dirname "$0")/summary.sh" "$out"
