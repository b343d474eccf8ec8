#!/bin/sh
# Whole-process cross-check of the in-process timer, with hyperfine. For each strategy binary and each key
# scenario it times two processes that differ only in the amount of timed work: both build the world, warm
# up, take one sample and check it alike; one sample is K runs (--inner K, K as the timed run calibrated it),
# the other's (1 + D) x K. The difference of their median wall times is D x K runs of the workload, so
# (difference) / (D x K x N) is the cost per unit measured from outside the process, clock, harness and all.
# D is chosen so that the extra work lasts about EXTRA_MS. (Both take one sample because the check after each
# sample can cost as much as a run: add_remove's runs the adds and removes once more.)
# Writes DIR/hyperfine/bench-NAME.{json,md,csv} (hyperfine's own exports) and DIR/crosscheck.csv:
#   strategy,scenario,n,unit,inner,extra_runs,in_process_ns,whole_process_ns,ratio,hyperfine_runs
# (ratio = whole_process_ns / in_process_ns).
# Reads DIR/results.csv for the in-process figures (scripts/analysis.sh crosscheck-plan and crosscheck-join,
# crosscheck.py, compute the plan and the figures). The raw baselines and the A/A twin are left out.
# CROSSCHECK_OPTIONS (the timed run's bench options) go to every process too, so that the whole processes warm
# up as the timed ones did (--inner and --reps override what they say of samples).
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
[ -r "$dir/results.csv" ] || { echo "crosscheck: $dir/results.csv is missing (scripts/analysis.sh results writes it)" >&2; exit 1; }
here=$(dirname "$0")
. "$here/exit-reason.sh"
tmp=$(mktemp -d)
cleanup() { rm -rf "$tmp" "$dir/crosscheck.csv.partial"; }
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM
mkdir -p "$tmp/hyperfine"

"$here/analysis.sh" crosscheck-plan --results "$dir/results.csv" --n "$n" --extra-ms "$extra_ms" \
    --scenarios "$(echo "$scenarios" | tr ' ' ',')" "$@" >"$tmp/plan"
now_ms() { date +%s%N | cut -c1-13; }
# One process of each command first, under a time limit (CROSSCHECK_TIMEOUT_S, default 120 s): a failure is
# named by its cell and its signal or message here, where hyperfine would say only that a command failed; what
# they took sets hyperfine's own limit (60 s plus 20 times the runs' expected time).
limit=${CROSSCHECK_TIMEOUT_S:-120}
for name; do
    set --
    expected_ms=0
    while read -r who s inner extra inproc unit; do
        [ "$who" = "$name" ] || continue
        cmd="$build/bench-$name --scenario $s --n $n ${CROSSCHECK_OPTIONS:-} --reps 1 --no-header --no-hw-counters"
        more=$((inner * (1 + extra)))
        for runs_per_sample in "$inner" "$more"; do
            t0=$(now_ms)
            rc=0
            timeout --foreground --kill-after=5 "$limit" $cmd --inner "$runs_per_sample" </dev/null >/dev/null \
                2>"$tmp/err" || rc=$?
            expected_ms=$((expected_ms + $(now_ms) - t0))
            [ "$rc" -eq 0 ] && continue
            echo "crosscheck: bench-$name $s n=$n (--inner $runs_per_sample --reps 1): $(exit_reason "$rc" "$limit")" >&2
            grep -v 'hardware counters off' "$tmp/err" | head -n 5 >&2
            exit 1
        done
        set -- "$@" -n "$s base" "$cmd --inner $inner" -n "$s plus $extra" "$cmd --inner $more"
    done <"$tmp/plan"
    [ $# -gt 0 ] || continue
    echo "crosscheck: hyperfine bench-$name (n=$n, $runs runs each)" >&2
    rc=0
    hyperfine_limit=$((60 + 20 * (runs + 1) * expected_ms / 1000))
    timeout --foreground --kill-after=5 "$hyperfine_limit" \
        hyperfine --style none --shell=none --warmup 1 --runs "$runs" \
        --export-json "$tmp/hyperfine/bench-$name.json" --export-markdown "$tmp/hyperfine/bench-$name.md" \
        --export-csv "$tmp/hyperfine/bench-$name.csv" "$@" >"$tmp/log" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "crosscheck: hyperfine on bench-$name at n=$n: $(exit_reason "$rc" "$hyperfine_limit")" >&2
        tail -n 5 "$tmp/log" >&2
        exit 1
    fi
done
"$here/analysis.sh" crosscheck-join --plan "$tmp/plan" --hyperfine "$tmp/hyperfine" --n "$n" --runs "$runs" \
    "$tmp/cross.csv" >"$tmp/table"
mkdir -p "$dir/hyperfine"
rm -f "$dir"/hyperfine/bench-*.json "$dir"/hyperfine/bench-*.md "$dir"/hyperfine/bench-*.csv
mv "$tmp"/hyperfine/* "$dir/hyperfine/" 2>/dev/null || true
mv "$tmp/cross.csv" "$dir/crosscheck.csv.partial"
mv "$dir/crosscheck.csv.partial" "$dir/crosscheck.csv"
cat "$tmp/table"
trap - EXIT INT TERM
rm -rf "$tmp"
echo "crosscheck: wrote $dir/crosscheck.csv and hyperfine's exports in $dir/hyperfine/" >&2
