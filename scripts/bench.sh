#!/bin/sh
# Runs every bench binary over its scenarios and the given entity counts into one CSV, checks that all
# strategies agree on every checksum, and prints a summary table.
# Usage: scripts/bench.sh BUILD_DIR OUT_CSV N_LIST REPS NAME...
set -eu
build=$1
out=$2
ns=$3
reps=$4
shift 4
mkdir -p "$(dirname "$out")"
tmp="$out.partial"
trap 'rm -f "$tmp"' EXIT INT TERM

# Entity counts outermost, strategies inside in an order that rotates from one count to the next: drift of
# the machine over the run then spreads over every strategy instead of landing on whichever ran last.
count=$#
first=1
round=0
for n in $(echo "$ns" | tr ',' ' '); do
    i=0
    while [ "$i" -lt "$count" ]; do
        k=$(( (i + round) % count + 1 ))
        eval "name=\${$k}"
        echo "bench: n=$n $name" >&2
        if [ "$first" = 1 ]; then header=""; first=0; else header="--no-header"; fi
        "$build/bench-$name" --n "$n" --reps "$reps" $header >>"$tmp"
        i=$((i + 1))
    done
    round=$((round + 1))
done
mv "$tmp" "$out"
trap - EXIT INT TERM
echo "bench: wrote $out" >&2

sh "$(dirname "$0")/summary.sh" "$out"
