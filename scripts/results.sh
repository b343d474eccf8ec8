#!/bin/sh
# Builds a results folder's published files from what the run left there:
#   runs.csv       every process's rows (scripts/bench.sh)            -> merged per strategy x scenario x N x memory
#   cachesim.csv   simulated cache misses (scripts/cachesim.sh), optional -> sim_* columns of the rows at its N
#   metadata.csv   the machine, software and settings (scripts/metadata.sh) -> completed with the compiler and
#                  each strategy's build flags, as the binaries recorded them
# and writes results.csv and results.json (schema: results/README.md), each through a temporary file.
# Fails, writing nothing, if two processes or two strategies disagree on a checksum, or the cache simulation's
# checksum differs from the timed runs' for the same strategy, scenario and N.
# Usage: scripts/results.sh DIR
set -eu
dir=$1
here=$(dirname "$0")
for f in runs.csv metadata.csv; do
    [ -r "$dir/$f" ] || { echo "results: $dir/$f is missing (make bench writes it)" >&2; exit 1; }
done
sh "$here/csv-check.sh" "$dir/runs.csv" runs
sim=$dir/cachesim.csv
if [ -r "$sim" ]; then sh "$here/csv-check.sh" "$sim" cachesim; else sim=/dev/null; fi
tmp=$(mktemp -d)
cleanup() { rm -rf "$tmp" "$dir/results.csv.partial" "$dir/results.json.partial" "$dir/metadata.csv.partial"; }
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM

awk -F, -f "$here/merge.awk" "$dir/runs.csv" >"$tmp/merged.csv"

# Every strategy must leave the same data for the same scenario and N.
awk -F, -v prefix=results -f "$here/checksums.awk" "$tmp/merged.csv"

# results.csv: the merged rows without the compiler and flags (the metadata has them, once per strategy),
# with the simulated misses joined by strategy, scenario and N (warm-memory rows: the simulation's mode).
awk -F, -v out="$tmp/flags" '
FNR == 1 {
    for (i = 1; i <= NF; i++) c[FILENAME, $i] = i
    if (FILENAME != merged) next
    for (i = 1; i <= NF; i++) if ($i != "compiler" && $i != "flags") { keep[++nk] = i; head = head (nk > 1 ? "," : "") $i }
    print head ",sim_instructions_per_unit,sim_d1_misses_per_unit,sim_ll_misses_per_unit"
    next
}
FILENAME != merged {
    key = $c[FILENAME, "strategy"] SUBSEP $c[FILENAME, "scenario"] SUBSEP $c[FILENAME, "n"]
    ir[key] = $c[FILENAME, "instructions_per_unit"]; d1[key] = $c[FILENAME, "d1_misses_per_unit"]
    ll[key] = $c[FILENAME, "ll_misses_per_unit"]; sum[key] = $c[FILENAME, "checksum"]
    next
}
{
    m = merged
    line = $keep[1]
    for (k = 2; k <= nk; k++) line = line "," $keep[k]
    key = $c[m, "strategy"] SUBSEP $c[m, "scenario"] SUBSEP $c[m, "n"]
    if ($c[m, "memory"] == "warm" && (key in ir)) {
        if (sum[key] != $c[m, "checksum"]) {
            printf "results: %s %s n=%s: the cache simulation left checksum %s, the timed runs %s\n", $1, $2, $3, sum[key], $c[m, "checksum"] > "/dev/stderr"
            bad = 1
        }
        line = line "," ir[key] "," d1[key] "," ll[key]
        joined[key] = 1
    } else line = line ",,,"
    print line
    flags[$1] = $c[m, "flags"]
    compiler = $c[m, "compiler"]
}
END {
    for (key in ir) if (!(key in joined)) { split(key, part, SUBSEP); unjoined++; example = part[1] " " part[2] " n=" part[3] }
    if (unjoined) printf "results: %d simulated rows have no timed row (e.g. %s): they stay in cachesim.csv only\n", unjoined, example > "/dev/stderr"
    gsub(/"/, "", compiler)
    print "compiler_recorded," compiler > out
    for (s in flags) { v = flags[s]; gsub(/"/, "", v); sub(/ +$/, "", v); print "flags:" s "," v > out }
    exit bad
}' merged="$tmp/merged.csv" "$sim" "$tmp/merged.csv" >"$tmp/results.csv"

# metadata.csv completed with what the binaries recorded (once: a second run of this script replaces them).
{
    grep -v '^compiler_recorded,\|^flags:' "$dir/metadata.csv"
    grep '^compiler_recorded,' "$tmp/flags"
    grep '^flags:' "$tmp/flags" | sort
} >"$tmp/metadata.csv"

# results.json: {"schema", "metadata": {key: value}, "columns": [names], "rows": [[values], ...]}, numbers as
# numbers, empty fields as null.
awk -F, '
function js(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); gsub(/\t/, "\\t", s); return "\"" s "\"" }
function unq(s) { if (s ~ /^".*"$/) { s = substr(s, 2, length(s) - 2); gsub(/""/, "\"", s) } return s }
function val(v, name) {
    if (v == "" || v == "null") return "null"
    if (!(name in text) && v ~ /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/) return v
    return js(unq(v))
}
BEGIN { split("strategy scenario unit query_kind checksum memory counter_events", t, " "); for (i in t) text[t[i]] }
FILENAME == meta {
    if (FNR == 1) next
    k = $1; v = substr($0, length($1) + 2)
    mline = mline (mline == "" ? "" : ",\n") "    " js(k) ": " js(unq(v))
    next
}
FNR == 1 {
    for (i = 1; i <= NF; i++) { name[i] = $i; cols = cols (i > 1 ? ", " : "") js($i) }
    printf "{\n  \"schema\": \"ecs-storage-bench/results/1\",\n  \"metadata\": {\n%s\n  },\n  \"columns\": [%s],\n  \"rows\": [", mline, cols
    next
}
{
    line = ""
    for (i = 1; i <= NF; i++) line = line (i > 1 ? "," : "") val($i, name[i])
    printf "%s\n    [%s]", (FNR > 2 ? "," : ""), line
}
END { print "\n  ]\n}" }' meta="$tmp/metadata.csv" "$tmp/metadata.csv" "$tmp/results.csv" >"$tmp/results.json"

sh "$here/csv-check.sh" "$tmp/results.csv" results
mv "$tmp/metadata.csv" "$dir/metadata.csv.partial" && mv "$dir/metadata.csv.partial" "$dir/metadata.csv"
mv "$tmp/results.csv" "$dir/results.csv.partial" && mv "$dir/results.csv.partial" "$dir/results.csv"
mv "$tmp/results.json" "$dir/results.json.partial" && mv "$dir/results.json.partial" "$dir/results.json"
echo "results: wrote $dir/results.csv and $dir/results.json ($(($(wc -l <"$dir/results.csv") - 1)) rows)" >&2
