#!/bin/sh
# make bench, after the build: measures, simulates, cross-checks, publishes and draws, into one results folder.
#   1. metadata.csv     the machine, the software, the source and these settings (scripts/metadata.sh);
#      scenarios.csv    the scenarios' descriptors (scripts/describe.sh): families, units, sizes, descriptions
#   2. runs.csv         every block (scenario x N x memory mode) in as many processes of the paired program as
#      samples.csv      the stopping rule asks, every design of the block side by side in each
#                       (scripts/analysis.sh blocks): the designs' rows, and every sample; both published column by
#                       column, xz-compressed (runs.columns.xz), in parts (runs-1.columns.xz, ...) where one file
#                       would exceed 1 MB
#      costs.tsv        with PAIRED=1, where each process's time went (blocks.py: COST_COLUMNS)
#                       With PAIRED=0, every cell in as many processes of its own as the stopping rule asks
#                       (scripts/bench.sh), runs.csv alone
#      frames.csv       with PAIRED=1, every frame of the framed scenarios' sequences at FRAMES_N, every design side by
#                       side in FRAMES_PROCESSES processes of FRAMES_ROUNDS rounds (scripts/analysis.sh frames measure)
#   3. cachesim.csv     simulated cache misses at FIXED_N, replaying the timed processes' layouts (scripts/cachesim.sh)
#      framesim.csv     with the frames, the framed scenarios simulated frame by frame at FRAMES_N: every frame's
#                       instructions and misses (scripts/cachesim.sh --frames)
#   4. results.csv/.json   one row per cell with its interval, its ratio to the raw floor, the A/A control and the
#                       simulated misses; pairs.csv, the paired ratios; metadata completed (scripts/analysis.sh
#                       results); hitches.csv, the framed scenarios' frames per design (scripts/analysis.sh frames)
#      cachesim.csv     beyond the caches: where CACHESIM_LARGE_N is set, the designs the first page's why compares
#                       there (each workload's fastest and next, by these results: scripts/analysis.sh explained),
#                       simulated at that size in their median process's layout, their rows added; then the results
#                       are made again with them
#   5. crosscheck.csv, hyperfine/   whole-process timing of key scenarios at FIXED_N (scripts/crosscheck.sh)
#   6. plots/           gnuplot SVG (scripts/plots.sh)
#   7. report.md        REPORT.md with its generated tables from this run, and results.md the same of
#      results.md       docs/results.md (the per-scenario detail); both are refreshed themselves only by `make report`,
#                       and the run they are made from gets no copy
#   8. manifest.csv     every file with its size, rows and checksum (scripts/analysis.sh record), then the
#                       whole folder is checked and swapped in (scripts/analysis.sh publish)
#   9. the summary (scripts/analysis.sh summary), read from the published folder
# A published folder is the previous complete run or the new complete run, never a mix: every step works in a
# staging folder beside it (.NAME.staging), and publication checks every file (non-empty, whole, recorded; plots
# that parse) and exchanges the two folders in one rename with the signals blocked. An interrupted run leaves
# the previous one as it was; a staging folder left by a killed run is removed when the next one starts. Every
# setting is checked before the first process (scripts/analysis.sh settings), and one run at a time
# publishes into a folder (a lock beside it, .NAME.lock, removed when the run ends).
# With REANALYSE=1 nothing is measured: steps 4 to 9 run again on the published run in OUT_DIR, from its own
# measurements (metadata.csv, scenarios.csv, runs and samples, cachesim.csv, hyperfine/), so that a
# change of the analysis (statistics, report, plots) reaches a run without measuring it again; crosscheck.csv
# keeps its commands and hyperfine's times and takes the new in-process figures, and metadata.csv records the
# commit the analysis ran from as reanalysed_commit (git_commit stays the one that was measured).
# Usage: scripts/pipeline.sh BUILD_DIR OUT_DIR NAME...   with the settings in the environment:
#   BENCH_MIN_N BENCH_MAX_N BENCH_STEP BENCH_SIZES BENCH_OPTIONS BENCH_MIN_PROCS BENCH_MAX_PROCS BENCH_TARGET_CI
#   BENCH_BUDGET_S BENCH_JOB_TIMEOUT_S PROGRESS_EVERY PAIRED PAIRED_LAYOUTS PAIRED_ROUNDS PAIRED_TARGET_MS
#   PAIRED_REFERENCE PAIRED_CLOCK FRAMES_N FRAMES_PROCESSES FRAMES_ROUNDS FIXED_N HYPERFINE_RUNS HYPERFINE_EXTRA_MS
#   CROSSCHECK_SCENARIOS CACHESIM_SPREAD CACHESIM_ALL_LAYOUTS CACHESIM_LARGE_N QUICK, and BENCH_SCENARIOS where the run
#   is narrowed to some scenarios.
# Each one is required (make bench passes them all; their defaults are in scripts/defaults.mk, the script has
# none): one left out is refused before anything runs, as a wrong one is. REANALYSE=1 needs none of them.
# Exit codes: 0 published; 1 a step failed (the message names it, and the cell where there is one); 2 a setting
# or argument is wrong (nothing was run); 3 a bench process ran out of memory; 130/143 interrupted.
set -eu
[ $# -ge 3 ] || { echo "usage: scripts/pipeline.sh BUILD_DIR OUT_DIR NAME..." >&2; exit 2; }
build=$1
out=$2
shift 2
here=$(dirname "$0")
start=$(date +%s)
if [ -z "$out" ]; then
    echo "bench: RESULTS_DIR is empty: name the folder the run publishes into" >&2
    exit 2
fi
# "results/x/" and "results/x" are one folder; the staging folder is its sibling, on the same file system.
while [ "$out" != / ] && [ "${out%/}" != "$out" ]; do out=${out%/}; done
case $(basename "$out") in
/ | . | ..) echo "bench: RESULTS_DIR=\"$out\" does not name a folder of its own" >&2; exit 2 ;;
esac
parent=$(dirname "$out")
name=$(basename "$out")
# Published by renaming a sibling folder onto it: a link or a file there would be found only at the end of the run.
if [ -L "$out" ] || { [ -e "$out" ] && [ ! -d "$out" ]; } || { [ -e "$parent" ] && [ ! -d "$parent" ]; }; then
    echo "bench: RESULTS_DIR=\"$out\" is a link or a file, or lies in one: name a folder or a path not made yet" >&2
    exit 2
fi
# Beside it the run keeps .NAME.staging, .NAME.previous and .NAME.lock, each a name of at most 255 bytes.
if [ "${#name}" -gt 245 ]; then
    echo "bench: RESULTS_DIR's folder name is ${#name} characters long: at most 245, as .NAME.previous is kept beside it" >&2
    exit 2
fi
# Nor can a folder be renamed onto a mount point (another file system than its parent's): refused now, not after
# the hour of measuring.
if [ -d "$out" ] && [ "$(stat -c %d "$out")" != "$(stat -c %d "$parent")" ]; then
    echo "bench: RESULTS_DIR=\"$out\" is a mount point, which a run cannot be published onto: name a folder inside it" >&2
    exit 2
fi
stage=$parent/.$name.staging
previous=$parent/.$name.previous

reanalyse=${REANALYSE:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ -n "$reanalyse" ]; then
    [ -f "$out/manifest.csv" ] || { echo "bench: $out is not a published run (no manifest.csv) to analyse again" >&2; exit 2; }
else
    # The programs as they are now, run from a copy of the run's own: a relink in the build folder during the run
    # (make test STRATEGY=...) neither stops it nor mixes two builds into it; metadata.csv records each SHA-256.
    mkdir "$scratch/bin"
    for program in "$build"/bench-* "$build"/cachesim-*; do
        [ ! -f "$program" ] || cp -p "$program" "$scratch/bin/"
    done
    link_seed=$(cat "$build/paired/link-seed" 2>/dev/null) || link_seed=
    built=$build build=$scratch/bin
    # Settings, before anything is created: every one set, the numbers, the bench options and the entity counts
    # (the binary parses them and knows its index space), then the sizes and names against the cells the binaries
    # declare. The cells are the binaries' own lists (scripts/cells.sh): sizes_for in harness/main.c is the one
    # place that decides which entity counts a run takes.
    "$here/analysis.sh" settings
    "$build/bench-$1" $BENCH_OPTIONS --list --min-n "$BENCH_MIN_N" --max-n "$BENCH_MAX_N" --step "$BENCH_STEP" \
        >/dev/null
    "$build/bench-$1" --list --n "$FRAMES_N" >/dev/null 2>&1 ||
        { echo "bench: FRAMES_N=$FRAMES_N is not an entity count the programs take (bench-$1 --n refuses it)" >&2; exit 2; }
    sh "$here/cells.sh" "$build" "$BENCH_MIN_N" "$BENCH_MAX_N" "$BENCH_STEP" "" "$@" >"$scratch/declared"
    "$here/analysis.sh" settings --cells "$scratch/declared"
    sh "$here/cells.sh" "$build" "$BENCH_MIN_N" "$BENCH_MAX_N" "$BENCH_STEP" "$BENCH_SIZES" "$@" >"$scratch/cells"
fi

mkdir -p "$parent"
# The lock is removed when the run ends, so that locks do not pile up beside the results; a run that opened the
# file before its removal then holds a lock on a file no longer there, hence the check that the path is its file.
lock=$parent/.$name.lock
exec 9>"$lock"
if ! flock -n 9 || [ "$(stat -c %d:%i "$lock" 2>/dev/null)" != "$(stat -L -c %d:%i /proc/$$/fd/9)" ]; then
    echo "bench: another run is publishing into $out (it holds $lock)" >&2
    exit 1
fi
# What a killed run left: a staging folder (removed), or the previous run moved aside by a publication without
# an atomic exchange (restored if the new one never arrived, else removed).
if [ ! -e "$out" ] && [ -d "$previous" ]; then
    mv "$previous" "$out"
    echo "bench: restored $out, which an interrupted publication had moved aside" >&2
fi
rm -rf "$stage" "$previous"
mkdir "$stage"
# A failed analysis of a published run names its files in the staging folder, removed as the run ends: the
# last line says where they came from.
trap 'rc=$?; if [ "$rc" != 0 ] && [ -n "$reanalyse" ]; then
    echo "bench: the files named above under $stage are copies of those in $out, which is left as it was" >&2; fi
    rm -rf "$stage" "$scratch" "$lock"' EXIT
trap 'rm -rf "$stage" "$scratch" "$lock"; trap - EXIT; exit 129' HUP
trap 'rm -rf "$stage" "$scratch" "$lock"; trap - EXIT; exit 130' INT
trap 'rm -rf "$stage" "$scratch" "$lock"; trap - EXIT; exit 143' TERM
elapsed() { t=$(($(date +%s) - start)); printf '%d:%02d' $((t / 60)) $((t % 60)); }
step() { echo "bench: == $1 ($(elapsed) elapsed)" >&2; }

if [ -n "$reanalyse" ]; then
    step "analysing $out again (nothing measured)"
    "$here/analysis.sh" verify "$out"
    cp -R "$out/scenarios.csv" "$out/cachesim.csv" "$out/crosscheck.csv" "$out/hyperfine" "$stage/"
    tables=$("$here/analysis.sh" table-files "$out" runs samples frames framesim)
    for table in $tables; do cp "$out/$table" "$stage/"; done
    [ ! -f "$out/costs.tsv" ] || cp "$out/costs.tsv" "$stage/"
    grep -v '^reanalysed_commit,' "$out/metadata.csv" >"$stage/metadata.csv"
    sh "$here/metadata.sh" --add "$stage/metadata.csv" "reanalysed_commit=$(sh "$here/metadata.sh" --commit)"
    FIXED_N=$(awk -F, '$1 == "fixed_n" { print $2 }' "$stage/metadata.csv")
else
    step "metadata"
    sh "$here/metadata.sh" "$stage/metadata.csv" "$build" \
        "variants=$*" "bench_min_n=$BENCH_MIN_N" "bench_max_n=$BENCH_MAX_N" "bench_step=$BENCH_STEP" \
        "bench_min_procs=$BENCH_MIN_PROCS" "bench_max_procs=$BENCH_MAX_PROCS" "bench_target_ci=$BENCH_TARGET_CI" \
        "bench_budget_s=$BENCH_BUDGET_S" "bench_sizes=$BENCH_SIZES" "bench_options=$BENCH_OPTIONS" \
        "fixed_n=$FIXED_N" "bench_scenarios=${BENCH_SCENARIOS:-}" \
        "cachesim_geometry=$(sh "$here/cachesim.sh" --geometry)" "cachesim_spread=$CACHESIM_SPREAD" \
        "cachesim_all_layouts=$CACHESIM_ALL_LAYOUTS" "cachesim_large_n=$CACHESIM_LARGE_N" \
        "hyperfine_runs=$HYPERFINE_RUNS" "crosscheck_scenarios=$CROSSCHECK_SCENARIOS" "quick=$QUICK" \
        "paired_layouts=$PAIRED_LAYOUTS" "paired_rounds=$PAIRED_ROUNDS" "paired_target_ms=$PAIRED_TARGET_MS" \
        "paired=$PAIRED" "paired_reference=$PAIRED_REFERENCE" "paired_clock=$PAIRED_CLOCK" \
        "frames_n=$FRAMES_N" "frames_processes=$FRAMES_PROCESSES" "frames_rounds=$FRAMES_ROUNDS" \
        "paired_orders=$(ls "$build"/bench-paired-* 2>/dev/null | wc -l | tr -d ' ')" \
        "paired_link_seed=$link_seed"
    (cd "$build" && sha256sum -- *) | awk '{ print "sha256:" $2 "=" $1 }' >"$scratch/sums"
    # shellcheck disable=SC2046
    (IFS='
'; sh "$here/metadata.sh" --add "$stage/metadata.csv" $(cat "$scratch/sums"))

    # The scenarios' descriptors, from which the plots take their families (scripts/analysis/scenarios.py).
    sh "$here/describe.sh" "$build" "$@" >"$stage/scenarios.csv"

    measured=$(date +%s)
    # PAIRED=1: every block's designs side by side in the paired program (scripts/analysis.sh blocks); PAIRED=0:
    # every cell in processes of its own design (scripts/bench.sh).
    if [ "$PAIRED" = 1 ]; then
        step "timing every block (scenario x N), its designs side by side"
        "$here/analysis.sh" blocks "$build" "$stage" --cells "$scratch/cells" \
            --fresh "$("$here/analysis.sh" scenarios fresh "$stage/scenarios.csv")" \
            --catalogue-max-n "$FIXED_N" \
            --first-page "$("$here/analysis.sh" scenarios headline "$stage/scenarios.csv")" --min-procs "$BENCH_MIN_PROCS" --max-procs "$BENCH_MAX_PROCS" --target "$BENCH_TARGET_CI" \
            --budget-s "$BENCH_BUDGET_S" --layouts "$PAIRED_LAYOUTS" --rounds "$PAIRED_ROUNDS" \
            --target-ms "$PAIRED_TARGET_MS" --reference "$PAIRED_REFERENCE" --clock "$PAIRED_CLOCK" \
            --job-timeout-s "$BENCH_JOB_TIMEOUT_S" --shown-build "$built"
        "$here/analysis.sh" check "$stage/runs.csv" runs
        framed=$("$here/analysis.sh" scenarios framed "$stage/scenarios.csv" --only "${BENCH_SCENARIOS:-}")
        if [ -n "$framed" ]; then
            step "recording the frames of $framed at n=$FRAMES_N, every design side by side"
            "$here/analysis.sh" frames measure "$build" "$stage/frames.csv" --scenarios "$framed" --n "$FRAMES_N" \
                --processes "$FRAMES_PROCESSES" --rounds "$FRAMES_ROUNDS"
        fi
    else
        step "timing every strategy x scenario x N"
        BENCH_MIN_PROCS=$BENCH_MIN_PROCS BENCH_MAX_PROCS=$BENCH_MAX_PROCS BENCH_TARGET_CI=$BENCH_TARGET_CI \
            BENCH_BUDGET_S=$BENCH_BUDGET_S BENCH_SIZES=$BENCH_SIZES BENCH_JOB_TIMEOUT_S=$BENCH_JOB_TIMEOUT_S \
            PROGRESS_EVERY=$PROGRESS_EVERY \
            sh "$here/bench.sh" "$build" "$stage" "$BENCH_MIN_N" "$BENCH_MAX_N" "$BENCH_STEP" "$BENCH_OPTIONS" "$@"
    fi
    sh "$here/metadata.sh" --add "$stage/metadata.csv" \
        "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)" \
        "steal_ms_end=$(sh "$here/metadata.sh" --steal)" \
        "bench_processes=$(grep -c '^[0-9]' "$stage/costs.tsv")" "bench_seconds=$(($(date +%s) - measured))"
    # The paired run publishes where each process's time went (blocks.py: COST_COLUMNS); the plan's own file of a
    # run of separate processes is its working state alone.
    [ "$PAIRED" = 1 ] || rm -f "$stage/costs.tsv"

    step "cache simulation at n=$FIXED_N (the timed processes' layouts)"
    CACHESIM_ALL_LAYOUTS=$CACHESIM_ALL_LAYOUTS CACHESIM_SPREAD=$CACHESIM_SPREAD \
        sh "$here/cachesim.sh" "$build" "$stage/cachesim.csv" "$FIXED_N" "$stage/runs.csv" "$@" >/dev/null
    if [ -f "$stage/frames.csv" ]; then
        step "cache simulation of $framed frame by frame at n=$FRAMES_N"
        sh "$here/cachesim.sh" --frames "$build" "$stage/framesim.csv" "$FRAMES_N" "$framed" "$@"
    fi
fi

step "results"
"$here/analysis.sh" results "$stage"
if [ -z "$reanalyse" ] && [ -n "$CACHESIM_LARGE_N" ]; then
    # Every design simulated at this size would cost several times the hour's remainder (docs/decisions.md): the
    # two whose mechanism the first page's why compares, per workload, one run each (the counts are deterministic).
    explained=$("$here/analysis.sh" explained "$stage/results.csv" --n "$CACHESIM_LARGE_N")
    if [ -n "$explained" ]; then
        step "cache simulation at n=$CACHESIM_LARGE_N of the designs the first page's why compares"
        CACHESIM_CELLS=$explained sh "$here/cachesim.sh" "$build" "$scratch/cachesim-large.csv" "$CACHESIM_LARGE_N" \
            "$stage/runs.csv" "$@" >/dev/null
        tail -n +2 "$scratch/cachesim-large.csv" >>"$stage/cachesim.csv"
        "$here/analysis.sh" results "$stage"
    fi
fi
if [ -n "$("$here/analysis.sh" table-files "$stage" frames)" ]; then
    "$here/analysis.sh" frames summary "$stage/hitches.csv" "$stage"
fi

if [ -n "$reanalyse" ]; then
    step "whole-process cross-check: the run's hyperfine times beside the new in-process figures"
    "$here/analysis.sh" crosscheck-rejoin "$stage"
else
    step "whole-process cross-check (hyperfine) at n=$FIXED_N"
    CROSSCHECK_OPTIONS=$BENCH_OPTIONS \
        sh "$here/crosscheck.sh" "$build" "$stage" "$FIXED_N" "$HYPERFINE_RUNS" "$HYPERFINE_EXTRA_MS" \
        "$CROSSCHECK_SCENARIOS" "$@"
fi

step "plots"
sh "$here/plots.sh" "$stage" "$FIXED_N"

step "report tables"
# runs.csv and samples.csv as published (without the build columns every row of runs.csv repeats), compressed,
# in parts under 1 MB where larger; a run published before the parts is split anew when analysed again.
"$here/analysis.sh" publish-tables "$stage"
tables=$("$here/analysis.sh" table-files "$stage" runs samples frames framesim)
# A run measured before the paired program has no samples and no pairs; one measured with PAIRED=0, or before the
# framed scenarios, no frames and no hitches.
paired_files=""
[ ! -f "$stage/pairs.csv" ] || paired_files="pairs.csv"
[ ! -f "$stage/hitches.csv" ] || paired_files="$paired_files hitches.csv"
[ ! -f "$stage/costs.tsv" ] || paired_files="$paired_files costs.tsv"
# shellcheck disable=SC2086
"$here/analysis.sh" record "$stage" metadata.csv scenarios.csv $tables $paired_files cachesim.csv \
    results.csv results.json crosscheck.csv hyperfine plots
# The run REPORT.md is made from (the folder its machine_id figure names) keeps no copy: REPORT.md and
# docs/results.md are that run's texts, refreshed by make report.
reference=$(sed -n 's/.*<!-- v: meta machine_id -->\([^<]*\)<!-- \/v -->.*/\1/p' REPORT.md | head -n 1)
out_real=$(cd "$out" 2>/dev/null && pwd -P) || out_real=""
reference_real=$(cd "results/$reference" 2>/dev/null && pwd -P) || reference_real=""
texts=", report.md, results.md"
if [ -n "$reference" ] && [ -n "$out_real" ] && [ "$out_real" = "$reference_real" ]; then
    echo "bench: $out is the run REPORT.md is made from: no copy of REPORT.md or docs/results.md (make report)" >&2
    texts=""
else
    "$here/analysis.sh" report "$stage/results.csv" REPORT.md "$stage/report.md" --shown-as "$out"
    "$here/analysis.sh" report "$stage/results.csv" docs/results.md "$stage/results.md" --shown-as "$out"
    "$here/analysis.sh" record "$stage" report.md results.md
fi

step "publish"
"$here/analysis.sh" publish "$stage" "$out"
trap - HUP INT TERM
trap 'rm -f "$lock"' EXIT
rm -rf "$stage" "$scratch"

step "summary"
"$here/analysis.sh" summary "$out/results.csv"
echo "bench: done in $(elapsed): $out/results.csv, results.json, runs and samples (.columns.xz), plots/$texts" >&2
