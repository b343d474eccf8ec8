#!/bin/sh
# make bench, after the build: measures, simulates, cross-checks, publishes and draws, into one results folder.
#   1. metadata.csv     the machine, the software, the source and these settings (scripts/metadata.sh)
#   2. runs.csv(.gz)    every cell in as many independent processes as the stopping rule asks (scripts/bench.sh);
#                       published compressed
#   3. cachesim.csv     simulated cache misses at FIXED_N, replaying the timed processes' layouts (scripts/cachesim.sh)
#   4. results.csv/.json   one row per cell with its interval, its ratio to the raw floor, the A/A control and the
#                       simulated misses; metadata completed (python3 scripts/analysis results)
#   5. crosscheck.csv, hyperfine/   whole-process timing of key scenarios at FIXED_N (scripts/crosscheck.sh)
#   6. plots/           gnuplot SVG and PNG (scripts/plots.sh)
#   7. report.md        REPORT.md with its generated tables from this run; REPORT.md itself is refreshed only by
#                       `make report`
#   8. the summary (python3 scripts/analysis summary)
# Steps 1-6 work in a staging folder (OUT_DIR/.partial) published at the end: an interrupted run leaves the
# previous run's files as they were.
# Usage: scripts/pipeline.sh BUILD_DIR OUT_DIR NAME...   with the settings in the environment:
#   BENCH_MIN_N BENCH_MAX_N BENCH_STEP BENCH_SIZES BENCH_OPTIONS BENCH_MIN_PROCS BENCH_MAX_PROCS BENCH_TARGET_CI
#   BENCH_BUDGET_S
#   FIXED_N HYPERFINE_RUNS HYPERFINE_EXTRA_MS CROSSCHECK_SCENARIOS CACHESIM_SPREAD CACHESIM_ALL_LAYOUTS QUICK
set -eu
build=$1
out=$2
shift 2
here=$(dirname "$0")
start=$(date +%s)
# The run works in a staging folder and publishes only when every file is complete, so the results folder
# always holds one whole run: an interrupted run leaves the previous one as it was.
stage=$out/.partial
mkdir -p "$out"
rm -rf "$stage"
mkdir "$stage"
trap 'rm -rf "$stage"' EXIT
trap 'rm -rf "$stage"; trap - EXIT; exit 130' INT
trap 'rm -rf "$stage"; trap - EXIT; exit 143' TERM
elapsed() { t=$(($(date +%s) - start)); printf '%d:%02d' $((t / 60)) $((t % 60)); }
step() { echo "bench: == $1 ($(elapsed) elapsed)" >&2; }

step "metadata"
sh "$here/metadata.sh" "$stage/metadata.csv" "$build" \
    "variants=$*" "bench_min_n=$BENCH_MIN_N" "bench_max_n=$BENCH_MAX_N" "bench_step=$BENCH_STEP" \
    "bench_min_procs=$BENCH_MIN_PROCS" "bench_max_procs=$BENCH_MAX_PROCS" "bench_target_ci=$BENCH_TARGET_CI" \
    "bench_budget_s=$BENCH_BUDGET_S" "bench_sizes=${BENCH_SIZES:-}" "bench_options=$BENCH_OPTIONS" "fixed_n=$FIXED_N" \
    "cachesim_geometry=$(sh "$here/cachesim.sh" --geometry)" "cachesim_spread=${CACHESIM_SPREAD:-0.1}" \
    "cachesim_all_layouts=${CACHESIM_ALL_LAYOUTS:-}" \
    "hyperfine_runs=$HYPERFINE_RUNS" "crosscheck_scenarios=$CROSSCHECK_SCENARIOS" "quick=$QUICK"

step "timing every strategy x scenario x N"
measured=$(date +%s)
BENCH_MIN_PROCS=$BENCH_MIN_PROCS BENCH_MAX_PROCS=$BENCH_MAX_PROCS BENCH_TARGET_CI=$BENCH_TARGET_CI \
    BENCH_BUDGET_S=$BENCH_BUDGET_S BENCH_SIZES=${BENCH_SIZES:-} \
    sh "$here/bench.sh" "$build" "$stage" "$BENCH_MIN_N" "$BENCH_MAX_N" "$BENCH_STEP" "$BENCH_OPTIONS" "$@"
sh "$here/metadata.sh" --add "$stage/metadata.csv" "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)" \
    "bench_processes=$(wc -l <"$stage/costs.tsv" | tr -d ' ')" "bench_seconds=$(($(date +%s) - measured))"
rm -f "$stage/costs.tsv"

step "cache simulation at n=$FIXED_N (the timed processes' layouts)"
CACHESIM_ALL_LAYOUTS=${CACHESIM_ALL_LAYOUTS:-} CACHESIM_SPREAD=${CACHESIM_SPREAD:-0.1} \
    sh "$here/cachesim.sh" "$build" "$stage/cachesim.csv" "$FIXED_N" "$stage/runs.csv" "$@" >/dev/null

step "results"
python3 "$here/analysis" results "$stage"

step "whole-process cross-check (hyperfine) at n=$FIXED_N"
CROSSCHECK_OPTIONS=$BENCH_OPTIONS \
    sh "$here/crosscheck.sh" "$build" "$stage" "$FIXED_N" "$HYPERFINE_RUNS" "$HYPERFINE_EXTRA_MS" "$CROSSCHECK_SCENARIOS" "$@"

step "plots"
sh "$here/plots.sh" "$stage" "$FIXED_N"

# Publish: runs.csv.gz (runs.csv without the build columns every row repeats, metadata.csv has them once), then
# the files, then the folders in one move each.
python3 "$here/analysis" publish-runs "$stage/runs.csv"
rm -f "$out/runs.csv"
for f in metadata.csv runs.csv.gz cachesim.csv results.csv results.json crosscheck.csv; do
    mv "$stage/$f" "$out/$f"
done
for d in hyperfine plots; do
    rm -rf "$out/$d.old"
    [ -d "$out/$d" ] && mv "$out/$d" "$out/$d.old"
    mv "$stage/$d" "$out/$d"
    rm -rf "$out/$d.old"
done
trap - EXIT INT TERM
rm -rf "$stage"

step "report tables"
python3 "$here/analysis" report "$out/results.csv" REPORT.md "$out/report.md"

step "summary"
python3 "$here/analysis" summary "$out/results.csv"
echo "bench: done in $(elapsed): $out/results.csv, results.json, runs.csv.gz, plots/, report.md" >&2
