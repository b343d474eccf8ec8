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

first=1
for name in "$@"; do
    echo "bench: $name" >&2
    if [ "$first" = 1 ]; then header=""; first=0; else header="--no-header"; fi
    "$build/bench-$name" --n "$ns" --reps "$reps" $header >>"$tmp"
done
mv "$tmp" "$out"
trap - EXIT INT TERM
echo "bench: wrote $out" >&2

sh "$(dirname "$0")/summary.sh" "$out"
