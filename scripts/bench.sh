#!/bin/sh
# Measures every strategy x scenario x N (x memory mode for the creation scenarios) in many independent
# processes, as many per cell as its interval needs, and writes every process's rows to OUT_DIR/runs.csv
# (scripts/analysis.sh results merges them).
# Usage: scripts/bench.sh BUILD_DIR OUT_DIR MIN_N MAX_N STEP "BENCH_OPTIONS" NAME...
#   STEP: of the powers of two declared, every STEP-th from 2^10 (1: all; 2: 2^10, 2^12, ...); other declared
#   sizes (a scenario's own) always run. BENCH_OPTIONS go to every bench binary (--reps, --row-budget-ms,
#   --warmup-ms, ...). The stopping rule comes from the environment, every variable required (make bench passes
#   them through scripts/pipeline.sh; their defaults are in scripts/defaults.mk, this script has none):
#     BENCH_MIN_PROCS   processes every cell gets, one per round
#     BENCH_MAX_PROCS   the most a cell gets
#     BENCH_TARGET_CI   a cell is done once the 95% intervals of its time, of its ratio to the raw floor
#                       and of the A/A ratio are within +/- this fraction
#     BENCH_BUDGET_S    seconds the measurement may take before no further process is added for precision
#                       (the minimum rounds always run)
#     BENCH_SIZES       only these entity counts (comma-separated), of those MIN_N .. MAX_N and STEP give;
#                       empty: all of them
#     BENCH_JOB_TIMEOUT_S   a process is stopped after this many seconds plus 20 times what it is expected to
#                       take (the plan's estimate, from the processes so far)
#     PROGRESS_EVERY    seconds between status lines where stderr is not a terminal
# (scripts/analysis.sh plan, plan.py, says how the rounds are planned.)
#
# Why many processes: every cell draws its memory layout from a seed of its own (platform/layout.h), and
# layout alone moves some results by 2x on these machines, while the samples within a process agree to a few
# percent. The process is the unit of sampling; the merge takes a trimmed geometric mean over processes and
# its interval over them (scripts/analysis/stats.py).
#
# Progress: one status line on stderr (round, process, N, strategy, cells, elapsed, budget left), redrawn in
# place on a terminal, else printed every PROGRESS_EVERY seconds. Every process's duration goes to
# OUT_DIR/costs.tsv, from which the plan estimates what the next round costs.
set -eu
build=$1
out_dir=$2
min_n=$3
max_n=$4
step_of_sizes=$5
options=$6
shift 6
here=$(dirname "$0")
. "$here/exit-reason.sh"
for setting in BENCH_MIN_PROCS BENCH_MAX_PROCS BENCH_TARGET_CI BENCH_BUDGET_S BENCH_SIZES BENCH_JOB_TIMEOUT_S \
    PROGRESS_EVERY; do
    printenv "$setting" >/dev/null || {
        echo "bench: $setting is not set (make bench passes every setting; the defaults are in scripts/defaults.mk)" >&2
        exit 2
    }
done
min_procs=$BENCH_MIN_PROCS
max_procs=$BENCH_MAX_PROCS
target=$BENCH_TARGET_CI
budget=$BENCH_BUDGET_S
every=$PROGRESS_EVERY
floor=$BENCH_JOB_TIMEOUT_S
for v in "$min_procs" "$max_procs" "$budget" "$step_of_sizes" "$floor" "$every"; do
    case $v in
    '' | *[!0-9]*)
        echo "bench: process counts, the budget, the time limits and STEP must be integers, not \"$v\"" >&2
        exit 2
        ;;
    esac
done
mkdir -p "$out_dir"
runs=$out_dir/runs.csv
tmp=$runs.partial
costs=$out_dir/costs.tsv
cells=$(mktemp)
jobs=$(mktemp)
err=$(mktemp)
rows=$(mktemp)
# Interrupted (Ctrl-C, kill), the run removes what it was writing and stops: earlier results stay as they were.
cleanup() { rm -f "$tmp" "$cells" "$jobs" "$err" "$rows" "$costs"; }
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM

# The cells: every binary's scenarios and the sizes each declares within MIN_N .. MAX_N and STEP (BENCH_SIZES).
sh "$here/cells.sh" "$build" "$min_n" "$max_n" "$step_of_sizes" "$BENCH_SIZES" "$@" >"$cells"
[ -s "$cells" ] || { echo "bench: no scenario declares an entity count within $min_n .. $max_n" >&2; exit 2; }
if [ "$min_procs" -eq "$max_procs" ]; then
    echo "bench: every cell in $min_procs processes; creation also into untouched memory, memory=fresh" >&2
else
    echo "bench: every cell in $min_procs to $max_procs processes (more while an interval of it is wider than" \
        "+/-$(awk -v t="$target" 'BEGIN { print 100 * t }')% and the budget of ${budget} s lasts); creation also into" \
        "untouched memory, memory=fresh" >&2
fi

# The scenarios that also run in fresh memory, as their descriptors say (scenarios/catalogue.h).
sh "$here/describe.sh" "$build" "$@" >"$rows"
fresh_scenarios=$("$here/analysis.sh" scenarios fresh "$rows")

# Where the machine has no hardware counters every process would find that out again (PAPI's probe costs a few
# ms): ask once, say why once, and run the jobs without them.
first_scenario=$("$build/bench-$1" --list | head -n 1 | cut -f1)
probe=$("$build/bench-$1" --scenario "$first_scenario" --n 1024 --reps 1 --target-ms 1 --no-header 2>&1 >/dev/null |
    sed -n 's/^bench: hardware counters off: //p' | head -n 1)
if [ -n "$probe" ]; then
    echo "bench: hardware counters off: $probe" >&2
    options="$options --no-hw-counters"
fi

minutes() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
now_ms() { date +%s%N | cut -c1-13; }
tty=0
[ -t 2 ] && tty=1
start=$(date +%s)
last_said=$start
header=""
: >"$tmp"
: >"$costs"
round=1
processes=0
while :; do
    elapsed=$(($(date +%s) - start))
    "$here/analysis.sh" plan --cells "$cells" --runs "$tmp" --costs "$costs" --round "$round" \
        --min-procs "$min_procs" --max-procs "$max_procs" --target "$target" --budget-s $((budget - elapsed)) \
        --fresh "$fresh_scenarios" >"$jobs" 2>"$err" ||
        { cat "$err" >&2; exit 1; }
    [ "$tty" = 1 ] && printf '\r\033[K' >&2
    sed 's/^plan: /bench: /' "$err" >&2
    [ -s "$jobs" ] || break
    # Read through descriptor 3, so that the bench binaries' standard input is left alone.
    while read -r name memory n scenarios expected <&3; do
        if [ "$name" = -- ]; then
            # "-- round R" opens a round: R, and how many processes it has
            round=$n
            total=$(awk -v r="$n" '$1 == "--" { on = ($3 == r) } $1 != "--" && on { k++ } END { print k + 0 }' "$jobs")
            done_jobs=0
            continue
        fi
        now=$(date +%s)
        elapsed=$((now - start))
        count=$(echo "$scenarios" | tr ',' '\n' | wc -l)
        status=$(printf 'bench: round %d  %d/%d  n=%s%s  %s  %d cells  elapsed %s  budget left %s' "$round" \
            "$done_jobs" "$total" "$n" "$([ "$memory" = fresh ] && echo @fresh)" "$name" "$count" \
            "$(minutes "$elapsed")" "$(minutes $((budget > elapsed ? budget - elapsed : 0)))")
        if [ "$tty" = 1 ]; then
            printf '\r\033[K%s' "$status" >&2
        elif [ $((now - last_said)) -ge "$every" ] || [ "$done_jobs" = 0 ]; then
            echo "$status" >&2
            last_said=$now
        fi
        set --
        for s in $(echo "$scenarios" | tr ',' ' '); do set -- "$@" --scenario "$s"; done
        # A process that runs far beyond what it is expected to take is stuck: stopped, and the run with it.
        limit=$(awk -v e="${expected:-0}" -v f="$floor" 'BEGIN { printf "%d", f + 20 * e + 0.999 }')
        t0=$(now_ms)
        rc=0
        timeout --foreground --kill-after=5 "$limit" \
            "$build/bench-$name" "$@" --n "$n" --memory "$memory" $options $header >"$rows" 2>"$err" || rc=$?
        printf '%s\t%s\t%s\t%s\t%s\n' "$(awk -v a="$t0" -v b="$(now_ms)" 'BEGIN { printf "%.3f", (b - a) / 1000 }')" \
            "$name" "$memory" "$n" "$scenarios" >>"$costs"
        if [ -s "$err" ]; then
            [ "$tty" = 1 ] && printf '\r\033[K' >&2
            cat "$err" >&2
        fi
        if [ "$rc" -ne 0 ]; then
            running=$(running_scenario "$rows" $(echo "$scenarios" | tr ',' ' '))
            cell="bench-$name ${running:-($scenarios)} n=$n memory=$memory"
            echo "bench: $cell: $(exit_reason "$rc" "$limit")$(case $rc in 124 | 137)
                echo " (the process was expected to take about $expected s)" ;; esac)" >&2
            [ "$rc" -eq 3 ] && exit 3
            exit 1
        fi
        cat "$rows" >>"$tmp"
        header="--no-header"
        done_jobs=$((done_jobs + 1))
        processes=$((processes + 1))
    done 3<"$jobs"
    round=$((round + 1))
done
[ "$tty" = 1 ] && printf '\r\033[K' >&2
"$here/analysis.sh" check "$tmp" runs
mv "$tmp" "$runs"
trap - EXIT INT TERM
rm -f "$cells" "$jobs" "$err" "$rows"
echo "bench: $processes processes in $(minutes $(($(date +%s) - start))); every process's rows in $runs" >&2
