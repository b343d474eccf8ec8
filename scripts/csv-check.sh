#!/bin/sh
# Validates a results CSV before a script reads it, so that a truncated, hand-edited or foreign file stops the
# script with a clear message instead of turning into a wrong table. Checks: the file exists and has a header and
# at least one row; the header names every required column; every row has the header's number of fields
# (quoted fields hold no commas in these files); each required column's values have its type. On the first
# problem it prints one line "csv-check: FILE:LINE: ..." to stderr and exits 1.
# Usage: scripts/csv-check.sh FILE KIND | NAME:TYPE...
#   KIND: runs (what bench-<strategy> prints: runs.csv), merged (those merged over processes), results (the
#   published results.csv: merged, plus the simulated misses), cachesim (cachesim.csv)
#   types: s non-empty text; i positive integer; n non-negative number; h hexadecimal; e a number or empty
set -u
file=$1
shift
runs="strategy:s scenario:s n:i unit:s samples:i inner:i median_ns:n min_ns:n max_ns:n mad_ns:n \
bytes_per_entity:n peak_bytes_per_entity:n checksum:h memory:s"
case "${1:-}" in
runs) set -- $runs ;;
merged) set -- $runs process_spread_ns:n processes:i ;;
results) set -- $runs process_spread_ns:n processes:i sim_instructions_per_unit:e sim_d1_misses_per_unit:e \
    sim_ll_misses_per_unit:e ;;
cachesim) set -- strategy:s scenario:s n:i unit:s instructions_per_unit:n d1_misses_per_unit:n ll_misses_per_unit:n \
    checksum:h ;;
esac
if [ ! -f "$file" ]; then echo "csv-check: $file: no such file" >&2; exit 1; fi
awk -F, -v required="$*" -v file="$file" '
function fail(msg) { printf "csv-check: %s:%d: malformed results CSV: %s\n", file, NR, msg > "/dev/stderr"; bad = 1; exit 1 }
function typed(v, t) {
    if (t == "s") return v != "" && v != "\"\""
    if (t == "i") return v ~ /^[1-9][0-9]*$/
    if (t == "n") return v ~ /^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/
    if (t == "h") return v ~ /^[0-9a-fA-F]+$/
    if (t == "e") return v == "" || v == "null" || typed(v, "n")
    return 0
}
NR == 1 {
    sub(/\r$/, "")
    if (NF < 2) fail("no header line (expected column names such as strategy,scenario,n,...)")
    for (i = 1; i <= NF; i++) col[$i] = i
    cols = NF
    nreq = split(required, req, " ")
    for (k = 1; k <= nreq; k++) {
        split(req[k], p, ":")
        if (!(p[1] in col)) fail("the header has no column \"" p[1] "\"")
        name[k] = p[1]; type[k] = p[2]; at[k] = col[p[1]]
    }
    next
}
{
    sub(/\r$/, "")
    if (NF != cols) fail(sprintf("%d fields where the header has %d", NF, cols))
    for (k = 1; k <= nreq; k++)
        if (!typed($at[k], type[k])) fail(sprintf("column %s has \"%s\"", name[k], $at[k]))
    rows++
}
END {
    if (bad) exit 1
    if (NR == 0) { printf "csv-check: %s: empty file, not a results CSV\n", file > "/dev/stderr"; exit 1 }
    if (rows == 0) { printf "csv-check: %s: a header and no rows\n", file > "/dev/stderr"; exit 1 }
}' "$file"
