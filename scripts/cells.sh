#!/bin/sh
# The cells a run measures: every binary's scenarios and the entity counts each declares within MIN_N .. MAX_N,
# one line per binary and scenario label, "BINARY<TAB>SCENARIO<TAB>LABEL<TAB>N,N,..." (the format the plan and
# the settings check read). With BENCH_SCENARIOS (comma-separated), only those scenarios.
# Usage: scripts/cells.sh BUILD_DIR MIN_N MAX_N NAME...
set -eu
build=$1
min_n=$2
max_n=$3
shift 3
for name; do
    if [ ! -x "$build/bench-$name" ]; then
        echo "bench: $build/bench-$name is missing (make build-bench builds it)" >&2
        exit 2
    fi
    "$build/bench-$name" --list --min-n "$min_n" --max-n "$max_n" |
        awk -F'\t' -v name="$name" -v only="${BENCH_SCENARIOS:-}" '
            BEGIN { n = split(only, list, ","); for (i = 1; i <= n; i++) if (list[i] != "") { keep[list[i]] = 1; any = 1 } }
            !any || ($1 in keep) { print name "\t" $1 "\t" $3 "\t" $4 }'
done
