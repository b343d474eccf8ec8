#!/bin/sh
# The benchmark check of `make test STRATEGY=NAME`: every scenario of every given variant, at two small sizes,
# runs to completion and leaves the checksum of the reference strategy and, where the scenario has one, of the
# raw baseline. (The full `make test` checks the same through the pipeline tests; this is its short form for one
# strategy.) One "PASS"/"FAIL" line per variant and size, then "strategy: N passed, M failed".
# Usage (from the repository root): sh tests/strategy.sh BUILD_DIR REFERENCE_VARIANT VARIANT...
set -u
build=${1:?usage: sh tests/strategy.sh BUILD_DIR REFERENCE_VARIANT VARIANT...}
reference=${2:?usage: sh tests/strategy.sh BUILD_DIR REFERENCE_VARIANT VARIANT...}
shift 2
sizes=${STRATEGY_TEST_SIZES:-1000,4096}
test_name=strategy
. tests/lib.sh
# Every scenario at the test sizes, one short sample each: the rows' checksums are what is compared.
bench() { "$build/bench-$1" --n "$sizes" --reps 1 --target-ms 1 --warmup-ms 0 --first-warmup-ms 0 --no-hw-counters; }
# "scenario,n checksum" per row of a bench output (column 14 is the checksum), one per line, sorted. Raw's two
# layouts (raw-soa, raw-aos) must agree with each other, so their rows collapse into one.
checksums() { awk -F, 'NR > 1 { print $2 "," $3 " " $14 }' "$1" | LC_ALL=C sort -u; }

if ! bench raw >"$tmp/raw.csv" 2>"$tmp/raw.err"; then
    ko "raw baseline runs" "$(tail -n 3 "$tmp/raw.err" | tr '\n' ' ')"
fi
checksums "$tmp/raw.csv" >"$tmp/raw.sums"
if ! bench "$reference" >"$tmp/ref.csv" 2>"$tmp/ref.err"; then
    ko "$reference (the reference) runs" "$(tail -n 3 "$tmp/ref.err" | tr '\n' ' ')"
fi
checksums "$tmp/ref.csv" >"$tmp/ref.sums"

for v in "$@"; do
    if [ ! -x "$build/bench-$v" ]; then ko "$v is benchmarked" "no $build/bench-$v"; continue; fi
    if ! bench "$v" >"$tmp/$v.csv" 2>"$tmp/$v.err"; then
        ko "$v runs every scenario at $sizes" "$(grep -v 'hardware counters' "$tmp/$v.err" | tail -n 3 | tr '\n' ' ')"
        continue
    fi
    checksums "$tmp/$v.csv" >"$tmp/$v.sums"
    rows=$(wc -l <"$tmp/$v.sums")
    expected=$(wc -l <"$tmp/ref.sums")
    # Rows whose checksum differs from the reference's (join on scenario,n), and from raw's where raw runs it.
    differ=$(LC_ALL=C join "$tmp/$v.sums" "$tmp/ref.sums" | awk '$2 != $3 { print $1 }' | tr '\n' ' ')
    differ_raw=$(LC_ALL=C join "$tmp/$v.sums" "$tmp/raw.sums" | awk '$2 != $3 { print $1 }' | tr '\n' ' ')
    if [ "$rows" -ne "$expected" ]; then ko "$v runs every scenario at $sizes" "$rows rows, $reference has $expected"
    elif [ -n "$differ" ]; then ko "$v leaves $reference's checksums" "differ: $differ"
    elif [ -n "$differ_raw" ]; then ko "$v leaves raw's checksums" "differ: $differ_raw"
    else ok "$v: $rows scenario rows at $sizes with the checksums of $reference and raw"; fi
done

tally
