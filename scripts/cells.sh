#!/bin/sh
# The cells a run measures: every binary's scenarios and the entity counts each declares within MIN_N .. MAX_N,
# one line per binary and scenario label, "BINARY<TAB>SCENARIO<TAB>LABEL<TAB>N,N,..." (the format the plan and
# the settings check read).
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
        awk -F'\t' -v name="$name" '{print name "\t" $1 "\t" $3 "\t" $4}'
done
