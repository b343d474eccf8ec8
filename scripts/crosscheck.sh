#!/bin/sh
# Whole-process cross-check of the in-process timer, with hyperfine. For each strategy binary and each key
# scenario it times two processes that differ only in the amount of timed work: both build the world, warm
# up and verify alike, with every sample exactly K runs (--inner K, K as the timed run calibrated it); one
# takes 1 sample, the other 1 + D. The difference of their median wall times is D x K runs of the workload,
# so (difference) / (D x K x N) is the cost per unit measured from outside the process, clock, harness and
# all. D is chosen so that the extra work lasts about EXTRA_MS.
# Writes DIR/hyperfine/bench-NAME.{json,md,csv} (hyperfine's own exports) and DIR/crosscheck.csv:
#   strategy,scenario,n,unit,inner,extra_runs,in_process_ns,whole_process_ns,ratio,hyperfine_runs
# (ratio = whole_process_ns / in_process_ns). The raw baselines are not strategies and are left out.
# Reads DIR/results.csv (scripts/results.sh) for the in-process figures.
# Usage: scripts/crosscheck.sh BUILD DIR N RUNS EXTRA_MS SCENARIO[,SCENARIO...] NAME...
set -eu
build=$1
dir=$2
n=$3
runs=$4
extra_ms=$5
scenarios=$(echo "$6" | tr ',' ' ')
shift 6
if ! command -v hyperfine >/dev/null 2>&1; then
    echo "crosscheck: hyperfine is not installed (scripts/setup.sh bench installs it)" >&2
    exit 1
fi
[ -r "$dir/results.csv" ] || { echo "crosscheck: $dir/results.csv is missing (scripts/results.sh writes it)" >&2; exit 1; }
sh "$(dirname "$0")/csv-check.sh" "$dir/results.csv" results
tmp=$(mktemp -d)
cleanup() { rm -rf "$tmp" "$dir/crosscheck.csv.partial"; }
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM
mkdir -p "$tmp/hyperfine"

# The in-process figures of this run, as results.csv has them (median over the rounds; runs per sample as the
# first round calibrated them): "strategy scenario median_ns inner unit" per cell at n in warm memory.
awk -F, -v n="$n" '
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
$c["n"] == n && $c["memory"] == "warm" {
    print $c["strategy"], $c["scenario"], $c["median_ns"], $c["inner"], $c["unit"]
}' "$dir/results.csv" >"$tmp/inprocess"

printf '%s\n' "strategy,scenario,n,unit,inner,extra_runs,in_process_ns,whole_process_ns,ratio,hyperfine_runs" >"$tmp/cross.csv"
for name; do
    case "$name" in raw*) continue ;; esac
    set --
    plan=""
    for s in $scenarios; do
        line=$(awk -v k="$name $s" '$1 " " $2 == k' "$tmp/inprocess")
        if [ -z "$line" ]; then
            echo "crosscheck: no in-process row for $name $s at n=$n: left out" >&2
            continue
        fi
        # D extra samples of K runs each, about extra_ms of work in all (at least 2 samples).
        extra=$(echo "$line" | awk -v n="$n" -v ms="$extra_ms" '{ d = ms * 1e6 / ($3 * $4 * n); d = int(d + 0.5); if (d < 2) d = 2; if (d > 99999) d = 99999; print d }')
        inner=$(echo "$line" | awk '{ print $4 }')
        cmd="$build/bench-$name --scenario $s --n $n --inner $inner --no-header --no-hw-counters"
        set -- "$@" -n "$s base" "$cmd --reps 1" -n "$s plus $extra" "$cmd --reps $((1 + extra))"
        plan="$plan$s $inner $extra $(echo "$line" | awk '{ print $3, $5 }')
"
    done
    [ $# -gt 0 ] || continue
    echo "crosscheck: hyperfine bench-$name ($(echo "$plan" | awk 'NF { printf "%s%s", sep, $1; sep = ", " }'), n=$n, $runs runs each)" >&2
    if ! hyperfine --style none --shell=none --warmup 1 --runs "$runs" \
        --export-json "$tmp/hyperfine/bench-$name.json" --export-markdown "$tmp/hyperfine/bench-$name.md" \
        --export-csv "$tmp/hyperfine/bench-$name.csv" "$@" >"$tmp/log" 2>&1; then
        echo "crosscheck: hyperfine failed on bench-$name:" >&2
        tail -n 5 "$tmp/log" >&2
        exit 1
    fi
    # hyperfine's CSV: command,mean,stddev,median,user,system,min,max (seconds); our commands are named
    # "SCENARIO base" and "SCENARIO plus D".
    echo "$plan" | awk -v name="$name" -v n="$n" -v runs="$runs" -v csv="$tmp/hyperfine/bench-$name.csv" '
    BEGIN { FS = "," ; while ((getline l < csv) > 0) { split(l, f, ","); med[f[1]] = f[4] } FS = " " }
    NF {
        s = $1; inner = $2; extra = $3; inproc = $4; unit = $5
        base = med[s " base"]; plus = med[s " plus " extra]
        if (base == "" || plus == "") { print "crosscheck: no hyperfine figure for " name " " s > "/dev/stderr"; exit 1 }
        whole = (plus - base) * 1e9 / (extra * inner * n)
        printf "%s,%s,%s,%s,%s,%s,%.6g,%.6g,%.3f,%s\n", name, s, n, unit, inner, extra, inproc, whole, (inproc > 0 ? whole / inproc : 0), runs
    }' >>"$tmp/cross.csv"
done
mkdir -p "$dir/hyperfine"
rm -f "$dir"/hyperfine/bench-*.json "$dir"/hyperfine/bench-*.md "$dir"/hyperfine/bench-*.csv
mv "$tmp"/hyperfine/* "$dir/hyperfine/" 2>/dev/null || true
mv "$tmp/cross.csv" "$dir/crosscheck.csv.partial"
mv "$dir/crosscheck.csv.partial" "$dir/crosscheck.csv"
trap - EXIT INT TERM
rm -rf "$tmp"
echo "crosscheck: wrote $dir/crosscheck.csv and hyperfine's exports in $dir/hyperfine/" >&2
printf '%-16s %-14s %8s %12s %14s %7s\n' strategy scenario n in-process whole-process ratio
awk -F, 'NR > 1 { printf "%-16s %-14s %8s %12.3f %14.3f %6.2fx\n", $1, $2, $3, $7, $8, $9 }' "$dir/crosscheck.csv"
