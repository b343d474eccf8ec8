#!/bin/sh
# Runs every bench binary over its scenarios at the entity counts each scenario declares (within MIN_N ..
# MAX_N), PROCS times over, and writes every process's rows to OUT_DIR/runs.csv (scripts/results.sh merges
# them). The creation scenarios run a second time with --memory fresh, so creation into untouched memory (page
# faults included) is reported beside creation into memory the process already touched.
# Usage: scripts/bench.sh BUILD_DIR OUT_DIR MIN_N MAX_N STEP PROCS "BENCH_OPTIONS" NAME...
#   STEP: of the powers of two declared, every STEP-th from 2^10 (1: all; 2: 2^10, 2^12, ...); other declared
#   sizes (a scenario's own) always run. BENCH_OPTIONS go to every bench binary (--reps, --row-budget-ms).
#
# Each job is one process measuring one strategy x scenario x N. Rounds are outermost, then entity counts, then
# scenarios, and within a scenario the strategies take turns in an order that rotates from one scenario to the
# next: drift of the machine over the run spreads over every strategy instead of landing on whichever runs last.
# Why several rounds, each in fresh processes: where the stack and heap land in memory changes from one process
# to the next (address-space randomisation), and with it whether hot loads and stores alias in the CPU's 4 KiB
# store-forwarding check. On these machines that alone moves some results by 2x, constantly within a process, so
# samples of one process cannot see it. Every process is one draw of the layout; the merged median is taken
# over rounds, and the spread between them is reported.
#
# Progress: one status line on stderr (round, N, scenario, strategy, jobs done of all, elapsed, time left),
# redrawn in place on a terminal, else printed every PROGRESS_EVERY seconds (default 30).
set -eu
build=$1
out_dir=$2
min_n=$3
max_n=$4
step_of_sizes=$5
procs=$6
options=$7
shift 7
mkdir -p "$out_dir"
runs=$out_dir/runs.csv
tmp=$runs.partial
jobs=$(mktemp)
err=$(mktemp)
# Interrupted (Ctrl-C, kill), the run removes what it was writing and stops: earlier results stay as they were.
cleanup() { rm -f "$tmp" "$jobs" "$err"; }
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM
fresh_scenarios="create create_bulk scatter_create"
every=${PROGRESS_EVERY:-30}

# The job list, one per line: "round n scenario strategy memory weight". Sizes come from each binary's --list
# (scenario, unit, label, sizes); weight is a rough cost in ms (a process and its samples, plus setup that grows
# with n, as measured on a 2-core VM) for the estimate of the time left. Once a round is done, the estimate
# rests on measured time, as every round runs the same jobs.
for name; do
    "$build/bench-$name" --list --min-n "$min_n" --max-n "$max_n" | awk -F'\t' -v name="$name" '{print name "\t" $1 "\t" $4}'
done | awk -F'\t' -v procs="$procs" -v step="$step_of_sizes" -v fresh="$fresh_scenarios" '
function kept(n,    e, m) {
    e = 0; m = n
    while (m > 1 && m % 2 == 0) { m /= 2; e++ }
    return m != 1 || e < 10 || (e - 10) % step == 0
}
{
    if (!($2 in seen)) { seen[$2]; order[++nscen] = $2 }
    k = split($3, ns, ",")
    for (i = 1; i <= k; i++) {
        if (!kept(ns[i])) continue
        if (!(ns[i] in size)) { size[ns[i]]; sizes[++nsizes] = ns[i] + 0 }
        # a binary may list a scenario twice (raw: SoA and AoS under one name); one process runs both
        if (($1, $2, ns[i]) in listed) continue
        listed[$1, $2, ns[i]]
        if (!(($2, ns[i]) in who)) who[$2, ns[i]] = $1; else who[$2, ns[i]] = who[$2, ns[i]] " " $1
    }
}
END {
    for (i = 2; i <= nsizes; i++) {
        t = sizes[i]
        for (j = i - 1; j >= 1 && sizes[j] > t; j--) sizes[j + 1] = sizes[j]
        sizes[j + 1] = t
    }
    split(fresh, f, " ")
    for (i in f) is_fresh[f[i]]
    turn = 0
    for (p = 1; p <= procs; p++)
        for (i = 1; i <= nsizes; i++) {
            n = sizes[i]
            for (s = 1; s <= nscen; s++) {
                if (!((order[s], n) in who)) continue
                count = split(who[order[s], n], names, " ")
                for (m = 0; m < (order[s] in is_fresh ? 2 : 1); m++) {
                    for (k = 0; k < count; k++)
                        printf "%d %d %s %s %s %d\n", p, n, order[s], names[(k + turn) % count + 1],
                               m ? "fresh" : "warm", 30 + int(360 * (n / 1048576) ^ 0.75)
                    turn++
                }
            }
        }
}' >"$jobs"
total=$(wc -l <"$jobs")
total_weight=$(awk '{ s += $6 } END { print s + 0 }' "$jobs")
[ "$total" -gt 0 ] || { echo "bench: no scenario declares an entity count within $min_n .. $max_n" >&2; exit 2; }
sizes=$(awk '$1 == 1 { print $2 }' "$jobs" | sort -n -u | tr '\n' ',' | sed 's/,$//')
echo "bench: $total jobs ($procs rounds; entity counts $sizes; creation also into untouched memory, memory=fresh)" >&2

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
tty=0
[ -t 2 ] && tty=1
start=$(date +%s)
last_said=$start
done_jobs=0
done_weight=0
header=""
status=""
: >"$tmp"
# Read through descriptor 3, so that the bench binaries' standard input is left alone.
while read -r round n scenario name memory weight <&3; do
    now=$(date +%s)
    elapsed=$((now - start))
    left="?"
    [ "$done_weight" -gt 0 ] && left=$(minutes $((elapsed * (total_weight - done_weight) / done_weight)))
    status=$(printf 'bench: %d/%d  round %d/%d  n=%s  %s%s  %s  elapsed %s  left %s' "$done_jobs" "$total" \
        "$round" "$procs" "$n" "$scenario" "$([ "$memory" = fresh ] && echo @fresh)" "$name" \
        "$(minutes "$elapsed")" "$left")
    if [ "$tty" = 1 ]; then
        printf '\r\033[K%s' "$status" >&2
    elif [ $((now - last_said)) -ge "$every" ] || [ "$done_jobs" = 0 ]; then
        echo "$status" >&2
        last_said=$now
    fi
    rc=0
    "$build/bench-$name" --scenario "$scenario" --n "$n" --memory "$memory" $options $header >>"$tmp" 2>"$err" ||
        rc=$?
    header="--no-header"
    if [ -s "$err" ]; then
        [ "$tty" = 1 ] && printf '\r\033[K' >&2
        cat "$err" >&2
    fi
    if [ "$rc" -ne 0 ]; then
        echo "bench: bench-$name --scenario $scenario --n $n --memory $memory failed (exit $rc)" >&2
        exit 1
    fi
    done_jobs=$((done_jobs + 1))
    done_weight=$((done_weight + weight))
done 3<"$jobs"
[ "$tty" = 1 ] && printf '\r\033[K' >&2
sh "$(dirname "$0")/csv-check.sh" "$tmp" runs
mv "$tmp" "$runs"
trap - EXIT INT TERM
rm -f "$jobs" "$err"
echo "bench: $total jobs in $(minutes $(($(date +%s) - start))); every process's rows in $runs" >&2
