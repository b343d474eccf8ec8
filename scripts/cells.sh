#!/bin/sh
# The cells a run measures: every binary's scenarios at the entity counts it declares within MIN_N .. MAX_N, every
# STEP-th power of two, one line per binary and scenario label, "BINARY<TAB>SCENARIO<TAB>LABEL<TAB>N,N,..." (the
# format the plan and the settings check read). With SIZES (comma-separated; empty: all), only those counts; with
# BENCH_SCENARIOS, only those scenarios. The binary decides (bench --list, harness/main.c's sizes_for); this
# script only puts its name first.
# Usage: scripts/cells.sh BUILD_DIR MIN_N MAX_N STEP SIZES NAME...
set -eu
build=$1
min_n=$2
max_n=$3
step=$4
sizes=$5
shift 5
for name; do
    if [ ! -x "$build/bench-$name" ]; then
        echo "bench: $build/bench-$name is missing (make build-bench builds it)" >&2
        exit 2
    fi
    "$build/bench-$name" --list --min-n "$min_n" --max-n "$max_n" --step "$step" \
        ${sizes:+--only-n "$sizes"} ${BENCH_SCENARIOS:+--among "$BENCH_SCENARIOS"} |
        awk -F'\t' -v name="$name" '{ print name "\t" $1 "\t" $3 "\t" $4 }'
done
