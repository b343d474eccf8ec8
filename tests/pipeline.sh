#!/bin/sh
# Tests of the make bench pipeline (scripts/pipeline.sh and the scripts it runs), run by `make test`:
#  - every setting is checked before the first process: a wrong one stops the run with exit 2 and one line
#    naming it, and nothing is created;
#  - the pipeline end to end at tiny N, into a folder whose path has spaces: the stopping rule adds processes
#    where intervals are wide, the A/A twin is measured, results CSV and JSON with intervals and metadata,
#    simulated misses of the timed layouts, hyperfine cross-check, plots, the run's report copy, and a manifest
#    that records every file; a staging folder a killed run left behind is removed;
#  - failures name their cell: a crash in the cache simulation or the cross-check, a process stuck in a loop
#    (stopped by its time limit), a process out of memory (reported as out of memory);
#  - plots that gnuplot wrote empty or cut short are refused, and the previous ones stay;
#  - every reader refuses malformed, truncated, duplicated or unrecorded results, reads columns by name, and
#    never drops a table from a report; results of several machines merge; the comparison refuses a forgotten
#    output file; an interrupted run leaves the previous results as they were.
# The faults that need root or minutes (a full disk, a signal at every step) are in tests/faults.sh (make
# test-faults). No timing is asserted anywhere.
# Usage: sh tests/pipeline.sh BUILD_DIR AA_VARIANT VARIANT...
set -u
test_name=pipeline
. tests/lib.sh
bench_test_arguments "$@"
test_cleanup() { umount "$tmp/mounted" 2>/dev/null; }
# (lib.sh's scratch folder has a space in its name, so every path the pipeline is given does.)
# The tiny run's settings (lib.sh; 1000: the own size of the random-table scenarios; 1024: every scenario), with
# up to five processes per cell and the layouts of one cell simulated each; a test gives its own VAR=VALUE after
# them to override one.
tiny() { (tiny_export && exec env BENCH_MAX_PROCS=5 CACHESIM_SPREAD=0.1 CACHESIM_ALL_LAYOUTS="$first_variant:add_remove" "$@"); }

# make bench measures side by side by default (PAIRED=1) up to 2^20, the catalogue to 2^14; QUICK=1 gives it its short settings and its
# own results folder, PAIRED=0 the separate processes and theirs; every setting and the folder are passed quoted,
# so a value with spaces stays one value.
dry() { make -s -n bench "$@" 2>/dev/null | tr '\n' ' '; }
if dry QUICK=1 | grep -q 'BENCH_MIN_N="4096" BENCH_MAX_N="4096" .*BENCH_MIN_PROCS="3" BENCH_MAX_PROCS="3"' &&
    dry QUICK=1 | grep -q "PAIRED=\"1\" .*pipeline.sh build \"results/[a-z0-9._-]*-quick\" raw .*$aa" &&
    dry | grep -q 'BENCH_MAX_N="1048576" .*BENCH_MIN_PROCS="5" BENCH_MAX_PROCS="21" .*BENCH_BUDGET_S="2520" .*FIXED_N="16384"' &&
    dry | grep -q 'PAIRED="1" .*pipeline.sh build "results/[a-z0-9._-]*[a-z0-9]" raw' &&
    dry PAIRED=0 | grep -q 'BENCH_MAX_N="1048576" .*BENCH_BUDGET_S="1740" .*FIXED_N="65536" .*PAIRED="0" .*pipeline.sh build "results/[a-z0-9._-]*-separate" raw' &&
    dry PAIRED=0 QUICK=1 | grep -q 'BENCH_MAX_N="16384" .*pipeline.sh build "results/[a-z0-9._-]*-separate-quick" raw' &&
    make -s -n bench RESULTS_DIR="my results/x" 2>/dev/null | grep -q 'pipeline.sh build "my results/x" raw'
then ok "make bench is paired by default; QUICK=1 and PAIRED=0 select their runs"
else ko "make bench is paired by default; QUICK=1 and PAIRED=0 select their runs"; fi
# A plug-in author's loop: STRATEGIES and SCENARIOS narrow the run (raw, the reference and the A/A pair stay);
# a name that is not a variant, or a setting make bench does not know, is refused before anything is done.
if dry STRATEGIES="$first_variant" SCENARIOS=simple_iter QUICK=1 | tr -d '\\' | tr -s ' ' |
        grep -q "BENCH_SCENARIOS=\"simple_iter\" .*pipeline.sh build \"[^\"]*\" raw .*$first_variant.* $aa *\$" &&
    ! dry STRATEGIES="$first_variant" QUICK=1 | grep -q "pipeline.sh .* bitmask-cached" &&
    ! make -n bench STRATEGIES=nosuchstrategy >/dev/null 2>"$tmp/err" && grep -q 'STRATEGIES names nosuchstrategy' "$tmp/err" &&
    ! make -n bench BENCH_TARGETCI=0.05 >"$tmp/out" 2>"$tmp/err" && grep -q 'knows no setting BENCH_TARGETCI' "$tmp/err" &&
    ! grep -q 'pipeline.sh' "$tmp/out"
then ok "STRATEGIES and SCENARIOS narrow make bench; an unknown name or setting is refused"
else ko "STRATEGIES and SCENARIOS narrow make bench; an unknown name or setting is refused" "$(head -n 1 "$tmp/err")"; fi
# A narrowed run publishes beside the machine's full run, never over it; make test's singular names are refused.
if dry STRATEGIES="$first_variant" | grep -q 'pipeline.sh build "results/[a-z0-9._-]*[a-z0-9]-subset" raw' &&
    dry SCENARIOS=simple_iter QUICK=1 | grep -q 'pipeline.sh build "results/[a-z0-9._-]*-quick-subset" raw' &&
    dry BENCH_SIZES=1024 | grep -q 'pipeline.sh build "results/[a-z0-9._-]*-subset" raw' &&
    dry STRATEGIES="$first_variant" RESULTS_DIR=mine | grep -q 'pipeline.sh build "mine" raw' &&
    ! make -n bench STRATEGY="$first_variant" >"$tmp/out" 2>"$tmp/err" && grep -q 'STRATEGIES=NAME' "$tmp/err" &&
    ! grep -q 'pipeline.sh' "$tmp/out" &&
    ! make -n bench SCENARIO=simple_iter >"$tmp/out" 2>"$tmp/err" && grep -q 'SCENARIOS=NAME' "$tmp/err" &&
    ! grep -q 'pipeline.sh' "$tmp/out"
then ok "a narrowed make bench publishes into its own -subset folder; STRATEGY= and SCENARIO= are refused"
else ko "a narrowed make bench publishes into its own -subset folder; STRATEGY= and SCENARIO= are refused" "$(head -n 1 "$tmp/err")"; fi
# A narrowed run simulates in every layout only the default cells it measures (the others would be refused);
# one named on the command line stays as named.
if dry SCENARIOS=simple_iter | grep -q 'CACHESIM_ALL_LAYOUTS="" ' &&
    dry SCENARIOS=simple_iter,add_remove_large | grep -q 'CACHESIM_ALL_LAYOUTS="archetype:add_remove_large" ' &&
    dry STRATEGIES="$first_variant" | grep -q 'CACHESIM_ALL_LAYOUTS="archetype:add_remove_large" ' &&
    dry | grep -q 'CACHESIM_ALL_LAYOUTS="archetype:add_remove_large" ' &&
    dry SCENARIOS=simple_iter CACHESIM_ALL_LAYOUTS="$first_variant:simple_iter" |
        grep -q "CACHESIM_ALL_LAYOUTS=\"$first_variant:simple_iter\" "
then ok "a narrowed make bench keeps only the simulated-in-every-layout cells it measures"
else ko "a narrowed make bench keeps only the simulated-in-every-layout cells it measures" \
    "$(dry SCENARIOS=simple_iter | grep -o 'CACHESIM_ALL_LAYOUTS="[^"]*"')"; fi

# Every setting is checked before anything runs or is created: exit 2, one line that names it (PATTERN).
refuse() { # WHAT PATTERN VAR=VALUE...
    what=$1 pattern=$2
    shift 2
    rm -rf "$tmp/refused"
    tiny "$@" sh scripts/pipeline.sh "$build" "$tmp/refused/out" raw "$first_variant" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$pattern" "$tmp/err" && [ ! -s "$tmp/out" ] &&
        [ ! -e "$tmp/refused" ]
    then ok "$what is refused before the run"
    else ko "$what is refused before the run" "exit $rc: $(head -n 2 "$tmp/err" | tr '\n' ' ')"; fi
}
refuse "a process count that is not a number" 'BENCH_MIN_PROCS must be a whole number, not "abc"' BENCH_MIN_PROCS=abc
refuse "a process cap that is not a number" 'BENCH_MAX_PROCS' BENCH_MAX_PROCS=abc
refuse "no processes per cell" 'BENCH_MIN_PROCS must be between 1' BENCH_MIN_PROCS=0
refuse "one process per cell (an interval of zero width)" 'BENCH_MIN_PROCS must be at least 3, not 1: an interval' \
    BENCH_MIN_PROCS=1 BENCH_MAX_PROCS=1
refuse "two processes per cell" 'BENCH_MIN_PROCS must be at least 3, not 2' BENCH_MIN_PROCS=2
refuse "a cap below the minimum" 'BENCH_MAX_PROCS (2) is below BENCH_MIN_PROCS (3)' BENCH_MAX_PROCS=2
refuse "HYPERFINE_RUNS=0 (hyperfine would never end)" 'HYPERFINE_RUNS must be between 1' HYPERFINE_RUNS=0
refuse "a size step of 0" 'BENCH_STEP must be at least 1' BENCH_STEP=0
refuse "a size step the binaries refuse" '--step must be between 1 and 12' BENCH_STEP=13
refuse "a bound beyond the entity handle space" '--max-n 4294967296 exceeds the entity handle space' \
    BENCH_MAX_N=4294967296
refuse "FRAMES_N beyond the entity handle space" 'FRAMES_N=4294967296 is not an entity count' FRAMES_N=4294967296
refuse "a size step that is not a number" 'BENCH_STEP must be a whole number, not "abc"' BENCH_STEP=abc
refuse "bounds in the wrong order" 'BENCH_MIN_N (2048) is above BENCH_MAX_N (1024)' BENCH_MIN_N=2048
refuse "an interval target of 0" 'BENCH_TARGET_CI' BENCH_TARGET_CI=0
refuse "a budget that is not a number" 'BENCH_BUDGET_S' BENCH_BUDGET_S=1h
refuse "FIXED_N at a size the run does not measure" 'FIXED_N=5000 is not a size the run measures' FIXED_N=5000
refuse "a negative FIXED_N" 'FIXED_N must be a whole number, not "-1"' FIXED_N=-1
refuse "BENCH_SIZES naming a size not measured" 'BENCH_SIZES names 4096' BENCH_SIZES=4096
refuse "FIXED_N outside BENCH_SIZES" 'FIXED_N=1024 is not a size' BENCH_SIZES=1000
refuse "an unknown cross-check scenario" 'CROSSCHECK_SCENARIOS names nope' CROSSCHECK_SCENARIOS=simple_iter,nope
refuse "an unknown strategy for the simulated layouts" 'CACHESIM_ALL_LAYOUTS names "nope:add_remove"' \
    CACHESIM_ALL_LAYOUTS=nope:add_remove
refuse "a size beyond the caches that is the fixed one" 'CACHESIM_LARGE_N=1024 is not above FIXED_N=1024' \
    CACHESIM_LARGE_N=1024
refuse "a size beyond the caches the run does not measure" 'CACHESIM_LARGE_N=4096 is not a size the run measures' \
    CACHESIM_LARGE_N=4096
refuse "a bench option the binaries refuse" '--reps must be between' BENCH_OPTIONS="--reps 0"
refuse "QUICK=yes" 'QUICK is 0 or 1' QUICK=yes
refuse "SCENARIOS naming no scenario" 'SCENARIOS names nope' BENCH_SCENARIOS=simple_iter,nope
rm -rf "$tmp/refused"
if tiny sh scripts/pipeline.sh "$build" "" raw "$first_variant" >/dev/null 2>"$tmp/err"; then
    ko "an empty RESULTS_DIR is refused" "exit 0"
elif grep -q 'RESULTS_DIR is empty' "$tmp/err" && [ ! -e raw ]; then ok "an empty RESULTS_DIR is refused"
else ko "an empty RESULTS_DIR is refused" "$(head -n 1 "$tmp/err")"; fi
# A RESULTS_DIR that is a link or a file (or inside a file) is refused before anything runs, and left as it was.
mkdir -p "$tmp/elsewhere" && ln -sfn "$tmp/elsewhere" "$tmp/linked" && echo kept >"$tmp/afile"
for out in "$tmp/linked" "$tmp/afile" "$tmp/afile/x"; do
    tiny sh scripts/pipeline.sh "$build" "$out" raw "$first_variant" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'is a link or a file' "$tmp/err" &&
        [ -z "$(ls -A "$tmp/elsewhere")" ] && [ "$(cat "$tmp/afile")" = kept ] && [ ! -e "$tmp/.linked.lock" ]
    then ok "RESULTS_DIR=$(basename "$(dirname "$out")")/$(basename "$out") (a link or a file) is refused before the run"
    else ko "RESULTS_DIR=$out (a link or a file) is refused before the run" "exit $rc: $(head -n 1 "$tmp/err")"; fi
done
# A folder name too long for the run's siblings (.NAME.previous: 255 bytes at most) is refused before anything is
# made, no lock left behind.
long=$(printf '%0246d' 0 | tr 0 a)
tiny sh scripts/pipeline.sh "$build" "$tmp/$long" raw "$first_variant" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'is 246 characters long: at most 245' "$tmp/err" &&
    [ -z "$(ls -A "$tmp" | grep "$long")" ]
then ok "a RESULTS_DIR name too long for the run's siblings is refused before the run, no lock left"
else ko "a RESULTS_DIR name too long for the run's siblings is refused before the run, no lock left" "exit $rc: $(head -n 1 "$tmp/err")"; fi
# A RESULTS_DIR that is a mount point cannot be published onto (a rename across file systems): refused before
# anything runs, the mounted folder left empty (root mounts a tmpfs for it; skipped without).
mkdir -p "$tmp/mounted"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=64k tmpfs "$tmp/mounted" 2>/dev/null; then
    skip "RESULTS_DIR on a mount point is refused before the run" "mounting a tmpfs needs root"
else
    tiny sh scripts/pipeline.sh "$build" "$tmp/mounted" raw "$first_variant" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q 'is a mount point' "$tmp/err" &&
        [ -z "$(ls -A "$tmp/mounted")" ] && [ ! -e "$tmp/.mounted.staging" ] && [ ! -e "$tmp/.mounted.lock" ]
    then ok "RESULTS_DIR on a mount point is refused before the run"
    else ko "RESULTS_DIR on a mount point is refused before the run" "exit $rc: $(head -n 1 "$tmp/err")"; fi
    umount "$tmp/mounted"
fi
if make -s bench BUILD="$build" RESULTS_DIR= >/dev/null 2>"$tmp/err"; then ko "make bench RESULTS_DIR= is refused" "exit 0"
elif grep -q 'RESULTS_DIR is empty' "$tmp/err" && [ ! -e raw ] && [ ! -e results/raw ]; then ok "make bench RESULTS_DIR= is refused"
else ko "make bench RESULTS_DIR= is refused" "$(head -n 1 "$tmp/err")"; fi

# The whole make bench pipeline at tiny N, with the A/A twin: three processes per cell, then up to five where
# the interval is wider than +/-3%; every file it publishes is produced, well formed and recorded. A killed
# run's leftovers are there first: a staging folder (removed) and the previous results moved aside by a
# publication cut short (restored, then replaced by this run).
res=$tmp/res
mkdir -p "$tmp/.res.staging" "$tmp/.res.previous"
echo stale >"$tmp/.res.staging/stale"
echo previous >"$tmp/.res.previous/previous"
if tiny sh scripts/pipeline.sh "$build" "$res" raw $variants "$aa" >"$tmp/pipe.log" 2>&1; then
    ok "the make bench pipeline runs end to end"
else ko "the make bench pipeline runs end to end" "$(grep -v '^bench: round' "$tmp/pipe.log" | tail -n 3 | tr '\n' ' ')"; fi
if [ ! -e "$tmp/.res.staging" ] && [ ! -e "$tmp/.res.previous" ] && [ ! -e "$res/previous" ] &&
    grep -q "restored .*res, which an interrupted publication had moved aside" "$tmp/pipe.log"
then ok "what a killed run left is cleaned up or restored"; else ko "what a killed run left is cleaned up or restored"; fi
if scripts/analysis.sh verify "$res" >/dev/null 2>"$tmp/err" &&
    [ "$(cd "$res" && find . -type f ! -name manifest.csv | wc -l)" -eq "$(($(wc -l <"$res/manifest.csv") - 2))" ]
then ok "the published folder's manifest records every file"
else ko "the published folder's manifest records every file" "$(head -n 1 "$tmp/err")"; fi
if [ -s "$res/results.csv" ]; then
    # every process's rows are published compressed
    if [ -s "$res/runs.columns.xz" ] && [ ! -e "$res/runs.csv" ] && scripts/analysis.sh table "$res" runs >"$tmp/runs.csv"
    then ok "every process's rows are published (runs.columns.xz)"; else ko "every process's rows are published (runs.columns.xz)"; fi
    cells=$(csvcheck count "$res/results.csv")
    runs=$(csvcheck count "$tmp/runs.csv")
    counted=$(csvcheck sum "$res/results.csv" processes)
    fewest=$(csvcheck column "$res/results.csv" processes | sort -n | head -n 1)
    more=$(csvcheck count "$res/results.csv" --where 'processes>3')
    if [ "$cells" -gt 0 ] && [ "$runs" -eq "$counted" ] && [ "$fewest" -ge 3 ] && [ "$more" -gt 0 ] &&
        grep -q '^checksums: all strategies agree' "$tmp/pipe.log"
    then ok "bench pipeline gives every cell its processes, and more where its interval is wide"
    else ko "bench pipeline gives every cell its processes, and more where its interval is wide" \
        "$cells cells, $runs runs, $counted counted, fewest $fewest, $more with more"; fi
    if [ "$(csvcheck column "$tmp/runs.csv" layout_seed | sort | uniq -d | wc -l)" -eq 0 ]
    then ok "every process of every cell has a layout of its own"; else ko "every process of every cell has a layout of its own"; fi
    if csvcheck assert-all "$res/results.csv" 'time_lo_ns<=@time_ns' 'time_ns<=@time_hi_ns' \
            'stopped~^(ci|cap|budget)$' &&
        csvcheck assert-all "$res/results.csv" 'raw_ratio_lo<=@raw_ratio' 'raw_ratio<=@raw_ratio_hi' --where 'raw_ratio!=' &&
        csvcheck assert-all "$res/results.csv" 'aa_ratio!=' --where "strategy=$aa" &&
        [ "$(csvcheck count "$res/results.csv" --where "strategy=$aa")" -gt 0 ] &&
        grep -q "^aa_variant,$aa\$" "$res/metadata.csv" && grep -q '^a/a: ' "$tmp/pipe.log"
    then ok "every cell has its interval, every ratio to raw and every A/A ratio theirs"
    else ko "every cell has its interval, every ratio to raw and every A/A ratio theirs"; fi
    fresh=$(csvcheck column "$res/results.csv" scenario --where memory=fresh | sort -u | tr '\n' ' ')
    warm=$(csvcheck count "$res/results.csv" --where memory=warm --where scenario=create)
    if [ "$fresh" = "create create_bulk scatter_create " ] && [ "$warm" -eq $(($(echo "$variants" | wc -w) + 1)) ] &&
        grep -q 'memory=fresh' "$tmp/pipe.log" && grep -q 'create@fresh' "$tmp/pipe.log"
    then ok "creation is reported into touched and into fresh memory, labelled"
    else ko "creation is reported into touched and into fresh memory, labelled" "fresh: $fresh; warm create rows: $warm"; fi
    if csvcheck column "$res/results.csv" n --where scenario=random_tables_q1 | sort -u | tr '\n' ' ' | grep -qx '1000 1024 '
    then ok "bench runs the scenarios' own sizes"; else ko "bench runs the scenarios' own sizes"; fi
    if [ "$(grep -c 'hardware counters off' "$tmp/pipe.log")" -le 1 ]
    then ok "the bench run says at most once why counters are off"
    else ko "the bench run says at most once why counters are off"; fi
    if grep -Eq '^bench: round [0-9]+  [0-9]+/[0-9]+  n=10(00|24)(@fresh)?  [a-z0-9~-]+  [0-9]+ cells  elapsed [0-9]+:[0-9]{2}  budget left [0-9]+:[0-9]{2}$' "$tmp/pipe.log"
    then ok "bench shows its progress"; else ko "bench shows its progress"; fi
    # The cache simulation replays timed layouts: every simulated layout is a timed process's, and the cell named
    # for all its layouts has one per process.
    timed=$(csvcheck count "$tmp/runs.csv" --where "strategy=$first_variant" --where scenario=add_remove --where n=1024)
    simulated=$(csvcheck count "$res/cachesim.csv" --where "strategy=$first_variant" --where scenario=add_remove)
    if csvcheck within "$res/cachesim.csv" "$tmp/runs.csv" layout_seed && [ "$timed" -gt 0 ] && [ "$simulated" -eq "$timed" ]
    then ok "the cache simulation replays the timed processes' layouts"
    else ko "the cache simulation replays the timed processes' layouts"; fi
    # The simulated misses are joined to every warm row at FIXED_N, and only there (not the A/A twin's: its
    # code is its original's, and the simulation leaves it out).
    if csvcheck assert-all "$res/results.csv" 'sim_d1_misses_per_unit!=' --where n=1024 --where memory=warm --where "strategy!=$aa" &&
        csvcheck assert-all "$res/results.csv" n=1024 memory=warm "strategy!=$aa" --where 'sim_d1_misses_per_unit!=' &&
        [ "$(csvcheck count "$res/results.csv" --where 'sim_d1_misses_per_unit!=')" -gt 0 ]
    then ok "results carry the simulated misses at FIXED_N"; else ko "results carry the simulated misses at FIXED_N"; fi
fi
# Beyond the caches (CACHESIM_LARGE_N): the designs each first-page workload's why compares at that size, and
# they alone, simulated there once each in a timed process's layout, their misses in the results; the fixed size's
# simulation has every design as before. Two sizes of two scenarios, every variant.
large=$tmp/large
if tiny BENCH_MIN_N=1024 BENCH_MAX_N=4096 BENCH_STEP=2 BENCH_SCENARIOS=simple_iter,scatter_iter CACHESIM_LARGE_N=4096 \
    CACHESIM_SPREAD=1e9 CACHESIM_ALL_LAYOUTS= \
    CROSSCHECK_SCENARIOS=simple_iter sh scripts/pipeline.sh "$build" "$large" raw $variants >"$tmp/large.log" 2>&1
then
    explained=$(scripts/analysis.sh explained "$large/results.csv" --n 4096 | tr ',' '\n' | sort)
    simulated=$(csvcheck column "$large/cachesim.csv" strategy scenario --where n=4096 | tr '\t' ':' | sort)
    joined=$(csvcheck column "$large/results.csv" strategy scenario --where n=4096 --where 'sim_d1_misses_per_unit!=' |
        tr '\t' ':' | sort)
    scripts/analysis.sh table "$large" runs >"$tmp/large-runs.csv"
    if [ -n "$explained" ] && [ "$simulated" = "$explained" ] && [ "$joined" = "$explained" ] &&
        csvcheck within "$large/cachesim.csv" "$tmp/large-runs.csv" strategy scenario n layout_seed --where n=4096 &&
        [ "$(csvcheck count "$large/cachesim.csv" --where n=1024 --where scenario=simple_iter)" -eq \
            "$(csvcheck count "$large/results.csv" --where n=1024 --where scenario=simple_iter --where "strategy!=$aa")" ] &&
        grep -q '^cachesim_large_n,4096$' "$large/metadata.csv" &&
        grep -q 'cache simulation at n=4096 of the designs the first page' "$tmp/large.log"
    then ok "beyond the caches, the designs the first page's why compares are simulated once each"
    else ko "beyond the caches, the designs the first page's why compares are simulated once each" \
        "explained: $(echo $explained); simulated: $(echo $simulated); joined: $(echo $joined)"; fi
else ko "beyond the caches, the designs the first page's why compares are simulated once each" \
    "$(grep -v '^bench: round' "$tmp/large.log" | tail -n 3 | tr '\n' ' ')"; fi

# The programs the run used: a copy of each, its SHA-256 in metadata.csv, equal to the build's (nothing was
# relinked during this run).
sums_ok=1
for program in "$build"/bench-raw "$build/bench-$first_variant" "$build"/cachesim-raw; do
    want=$(sha256sum "$program" | cut -d' ' -f1)
    grep -q "^sha256:$(basename "$program"),$want\$" "$res/metadata.csv" || sums_ok=0
done
if [ "$sums_ok" -eq 1 ]; then ok "metadata.csv records the SHA-256 of every program the run used"
else ko "metadata.csv records the SHA-256 of every program the run used" "$(grep -c '^sha256:' "$res/metadata.csv") recorded"; fi
# The commit a run cites: a file git does not track yet (a new strategy's folder) makes it "with uncommitted
# changes", as a modified one does; the run's own results do not. In a repository of its own, with metadata.sh.
if command -v git >/dev/null 2>&1; then
    mkdir -p "$tmp/repo/scripts" "$tmp/repo/results" && cp scripts/metadata.sh "$tmp/repo/scripts/"
    (cd "$tmp/repo" && git init -q && git add scripts && git -c user.name=t -c user.email=t@t commit -qm t) >/dev/null 2>&1
    clean=$(cd "$tmp/repo" && touch results/run.csv && sh scripts/metadata.sh --commit)
    dirty=$(cd "$tmp/repo" && mkdir -p strategies/mine && touch strategies/mine/world.c && sh scripts/metadata.sh --commit)
    case "$clean|$dirty" in
    *"(with uncommitted changes)"*"|"*) ko "an untracked file makes the cited commit uncommitted" "clean: $clean" ;;
    *"|"*"(with uncommitted changes)") ok "an untracked file makes the cited commit uncommitted, the run's results do not" ;;
    *) ko "an untracked file makes the cited commit uncommitted" "with strategies/mine: $dirty" ;;
    esac
fi
# results.json: the rows of results.csv and the metadata, as JSON that parses.
if command -v jq >/dev/null 2>&1; then
    if [ -s "$res/results.json" ] &&
        jq -e --argjson rows "$(($(wc -l <"$res/results.csv") - 1))" --argjson cols "$(csvcheck header "$res/results.csv" | wc -l)" \
        '.schema and (.rows | length) == $rows and (.columns | length) == $cols and all(.rows[]; length == $cols)
         and (.metadata | .machine_id and .cpu_model and .cores and .caches and .kernel and .compiler
              and .compiler_recorded and .git_commit and .date and .hardware_counters and .cachesim_geometry
              and .transparent_hugepages and .loadavg_start and .loadavg_end and .aa_variant and .aa_band
              and .bench_min_procs and .bench_processes and (keys | any(startswith("flags:"))))' "$res/results.json" >/dev/null
    then ok "results.json holds the rows and the metadata"; else ko "results.json holds the rows and the metadata"; fi
    hf=0
    for v in $variants; do
        jq -e '.results | length == 4' "$res/hyperfine/bench-$v.json" >/dev/null 2>&1 && [ -s "$res/hyperfine/bench-$v.md" ] ||
            hf=1
    done
    if [ "$hf" = 0 ] && [ "$(csvcheck count "$res/crosscheck.csv" --where 'in_process_ns>0' \
        --where 'whole_process_ns~^-?[0-9.]+$')" -eq $((2 * $(echo "$variants" | wc -w))) ]
    then ok "hyperfine cross-checks every strategy"; else ko "hyperfine cross-checks every strategy"; fi
    # The cross-check's two processes differ only in the runs their one sample holds (K and (1 + D) x K): a
    # second sample would add the check after it (add_remove's runs the adds and removes once more). A stand-in
    # hyperfine records the commands it is given and exports equal medians.
    mkdir -p "$tmp/hf-bin" "$tmp/hf-dir"
    cat >"$tmp/hf-bin/hyperfine" <<'EOF'
#!/bin/sh
names=""
while [ $# -gt 0 ]; do
    case $1 in
    -n) printf 'name\t%s\n' "$2" >>"$HF_LOG"; names="$names$2
"; shift ;;
    --export-csv) csv=$2; shift ;;
    --export-json | --export-markdown) echo '{}' >"$2"; shift ;;
    --style | --shell | --warmup | --runs) shift ;;
    -*) ;;
    *) printf 'command\t%s\n' "$1" >>"$HF_LOG" ;;
    esac
    shift
done
{ echo "command,mean,stddev,median,user,system,min,max"; printf '%s' "$names" | sed 's/$/,1,0,1,0,0,1,1/'; } >"$csv"
EOF
    chmod +x "$tmp/hf-bin/hyperfine"
    cp "$res/results.csv" "$tmp/hf-dir/"
    if HF_LOG=$tmp/hf.log PATH="$tmp/hf-bin:$PATH" sh scripts/crosscheck.sh "$build" "$tmp/hf-dir" 1024 3 5 \
        simple_iter,add_remove "$first_variant" >/dev/null 2>"$tmp/err" &&
        awk -F'\t' '$1 == "name" { name = $2; next }
            { inner = $2; sub(/.* --inner /, "", inner); rest = $2; sub(/ --inner [0-9]+$/, "", rest)
              if ($2 !~ / --reps 1 / || inner !~ /^[0-9]+$/) bad = 1
              if (name ~ / base$/) { k = inner; base = rest; pairs++ }
              else { d = name; sub(/.* plus /, "", d); if (rest != base || inner != k * (1 + d)) bad = 1 } }
            END { exit bad || pairs != 2 }' "$tmp/hf.log"
    then ok "the cross-check's pairs differ only in the runs of their one sample"
    else ko "the cross-check's pairs differ only in the runs of their one sample" "$(head -n 2 "$tmp/err")"; fi
else ko "results.json holds the rows and the metadata" "jq is not installed (scripts/setup.sh test installs it)"; fi
# Plots: SVG documents, for every kind the pipeline draws, and no PNG beside them.
bad=""
for p in n-simple_iter n-create@fresh family-iteration family-structural ops cachesim memory churn-sweep change-sweep heatmap; do
    svg=$res/plots/$p.svg
    [ -f "$svg" ] && grep -q '<svg' "$svg" && tail -c 20 "$svg" | grep -q '</svg>' || bad="$bad $p.svg"
done
bad="$bad$(cd "$res/plots" && ls | grep -v '\.svg$' | sed 's/^/ /' | tr -d '\n')"
if [ -z "$bad" ]; then ok "plots are drawn as SVG only"; else ko "plots are drawn as SVG only" "bad, missing or extra:$bad"; fi
# This run's copy of the report: every generated table of REPORT.md refreshed and well formed (or, where it asks
# for sizes this tiny run did not measure, one line saying so), the prose kept, the plots linked to this run's.
if [ -s "$res/report.md" ] &&
    [ "$(grep -c '^<!-- table: ' "$res/report.md")" -eq "$(grep -c '^<!-- table: ' REPORT.md)" ] &&
    awk '/^<!-- table: / {t = 1; rows = 0; note = 0; next}
         /^<!-- end table -->/ {if (note ? rows != 1 : rows < 2) bad = 1; if (!note) tables++; t = 0; next}
         t && /^\*Not measured in this run: .*\.\*$/ {note = 1; rows++; next}
         t {rows++; n = gsub(/\|/, "|"); if (rows == 1) cells = n; else if (n != cells) bad = 1}
         END {exit bad || tables == 0}' "$res/report.md" &&
    case "$(head -n 1 "$res/report.md")" in "> **A QUICK run**"*) true ;; *) false ;; esac &&
    [ "$(sed -n 3p "$res/report.md")" = "$(head -n 1 REPORT.md)" ] &&
    ! grep -q '](results/' "$res/report.md" &&
    [ "$(grep -c '^<!-- table: ' "$res/results.md")" -eq "$(grep -c '^<!-- table: ' docs/results.md)" ] &&
    ! grep -q '](\.\./results/' "$res/results.md"
then ok "the run's report and detail copies have every table, well formed, and say first that it is a QUICK run"
else ko "the run's report and detail copies have every table, well formed, and say first that it is a QUICK run"; fi

# A checksum that differs between two processes of one cell is an error, not an average: nothing is written.
mkdir -p "$tmp/badsum"
cp "$res/metadata.csv" "$tmp/badsum/"
csvcheck rewrite "$tmp/runs.csv" --row 2 --set checksum=0000000000000bad >"$tmp/badsum/runs.csv"
if scripts/analysis.sh results "$tmp/badsum" >/dev/null 2>"$tmp/err" || [ -e "$tmp/badsum/results.csv" ] ||
    ! grep -q 'checksum' "$tmp/err"
then ko "merge rejects disagreeing checksums"; else ok "merge rejects disagreeing checksums"; fi

# The report's generated tables, from that pipeline's results: every kind of table is produced, well formed
# (a header, a rule and at least one row, each with the header's cell count), the prose around them is kept,
# and a second refresh changes nothing.
printf '%s\n' '# Report' 'prose' '<!-- table: iter simple_iter raw-soa 1024 -->' 'stale' '<!-- end table -->' \
    '<!-- table: ops 1024 create,create@fresh,destroy,add_remove -->' '<!-- end table -->' 'more prose' \
    '<!-- table: sweep random_tables_q1 1000,1024 -->' '<!-- end table -->' >"$tmp/report.md"
if [ -s "$res/results.csv" ] && scripts/analysis.sh report "$res/results.csv" "$tmp/report.md" >/dev/null 2>"$tmp/rep.err" &&
    awk '/^<!-- table: / {t = 1; rows = 0; next}
         /^<!-- end table -->/ {if (rows < 3) bad = 1; t = 0; tables++; next}
         t {rows++; n = gsub(/\|/, "|"); if (rows == 1) cells = n; else if (n != cells) bad = 1}
         END {exit bad || tables != 3}' "$tmp/report.md" && ! grep -q stale "$tmp/report.md" &&
    grep -q '^more prose$' "$tmp/report.md"; then
    cp "$tmp/report.md" "$tmp/report2.md"
    scripts/analysis.sh report "$res/results.csv" "$tmp/report2.md" >/dev/null 2>&1
    if cmp -s "$tmp/report.md" "$tmp/report2.md"; then ok "report tables are generated and stable"
    else ko "report tables are generated and stable" "a second refresh changed them"; fi
else ko "report tables are generated and stable" "$(head -n 2 "$tmp/rep.err" | tr '\n' ' ')"; fi

# A full disk makes gnuplot write empty or cut-short files and still exit 0: a stand-in gnuplot that runs the
# real one and then empties (or halves) one of its figures must make the plots step fail, naming the figure, and
# leave the figures already there as they were.
if [ -d "$res/plots" ] && real=$(command -v gnuplot); then
    mkdir -p "$tmp/fakebin"
    cat >"$tmp/fakebin/gnuplot" <<'EOF_SH'
#!/bin/sh
"$REAL_GNUPLOT" "$@" || exit
f=$(ls out/*.svg | head -n 1)
case $FAKE in
empty) : >"$f" ;;
cut) head -c $(($(wc -c <"$f") / 2)) "$f" >"$f.cut" && mv "$f.cut" "$f" ;;
esac
exit 0
EOF_SH
    chmod +x "$tmp/fakebin/gnuplot"
    for fake in empty cut; do
        rm -rf "$tmp/plotfail"
        mkdir "$tmp/plotfail"
        cp -r "$res/results.csv" "$res/metadata.csv" "$res/cachesim.csv" "$res/plots" "$tmp/plotfail/"
        before=$(cat "$tmp/plotfail/plots"/* | cksum)
        if PATH="$tmp/fakebin:$PATH" REAL_GNUPLOT=$real FAKE=$fake sh scripts/plots.sh "$tmp/plotfail" 1024 \
            >/dev/null 2>"$tmp/err"; then ko "plots that gnuplot wrote $fake are refused" "exit 0"
        elif grep -Eq '^plots: gnuplot wrote no whole [a-z0-9_@-]+\.svg \(is the disk full\?\)$' "$tmp/err" &&
            [ "$(cat "$tmp/plotfail/plots"/* | cksum)" = "$before" ] && [ -z "$(ls -A "$tmp/plotfail" | grep '^\.plots')" ]
        then ok "plots that gnuplot wrote $fake are refused"
        else ko "plots that gnuplot wrote $fake are refused" "$(head -n 1 "$tmp/err")"; fi
    done
fi

# Failures outside the timing phase name their cell. A copy of bitmask ("faulty") plants them in
# esb_query_create, keyed on its own command line (it is test code: /proc/self/cmdline):
#  - its cache-simulator build crashes (SIGSEGV) in a process run at --n 2048;
#  - its bench build crashes in a process run with --inner (the cross-check's), when FAULTY=crash;
#  - its bench build spins forever when FAULTY=hang (the time limit must stop it).
mkdir -p "$tmp/tree/build"
cp -r Makefile harness platform scenarios scripts strategies tests REPORT.md "$tmp/tree/"
mkdir "$tmp/tree/strategies/faulty"
copy_bitmask "$tmp/tree/strategies/faulty"
sed -i 's/^esb_status esb_query_create(/static esb_status honest_query_create(/' "$tmp/tree/strategies/faulty/query.c"
cat >>"$tmp/tree/strategies/faulty/query.c" <<'EOF_C'

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether this process's command line holds the argument a (followed by b, if b is given). */
static bool faulty_arg(const char *a, const char *b) {
    static char line[4096];
    static size_t len;
    if (!len) {
        FILE *f = fopen("/proc/self/cmdline", "rb");
        if (!f) return false;
        len = fread(line, 1, sizeof line - 1, f);
        fclose(f);
    }
    for (size_t at = 0; at < len; at += strlen(line + at) + 1) {
        if (strcmp(line + at, a)) continue;
        size_t next = at + strlen(line + at) + 1;
        if (!b || (next < len && !strcmp(line + next, b))) return true;
    }
    return false;
}

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    const char *mode = getenv("FAULTY");
#ifdef ESB_CACHESIM
    if (faulty_arg("--n", "2048")) raise(SIGSEGV);
#endif
    if (mode && !strcmp(mode, "crash") && faulty_arg("--inner", NULL)) raise(SIGSEGV);
    if (mode && !strcmp(mode, "hang"))
        for (volatile int spin = 1; spin;) {
        }
    return honest_query_create(w, desc, out);
}
EOF_C
cp "$build/bench-raw" "$build/cachesim-raw" "$tmp/tree/build/"
if ! grep -q 'static esb_status honest_query_create(' "$tmp/tree/strategies/faulty/query.c" ||
    ! (cd "$tmp/tree" && make -s build/bench-faulty build/cachesim-faulty >"$tmp/build.log" 2>&1); then
    ko "a faulty strategy builds" "$(tail -n 3 "$tmp/build.log" | tr '\n' ' ')"
else
    faulty() { # OUT_NAME VAR=VALUE...: the tiny run of raw and faulty, in the copied tree
        out=$tmp/faulty-$1
        shift
        (cd "$tmp/tree" && tiny CACHESIM_ALL_LAYOUTS= "$@" sh scripts/pipeline.sh build "$out" raw faulty) \
            >"$tmp/faulty.log" 2>&1
    }
    # a crash in the cache simulation
    if faulty sim BENCH_MAX_N=2048 FIXED_N=2048; then ko "a crash in the cache simulation names its cell" "exit 0"
    elif grep -Eq '^cachesim: cachesim-faulty [a-z_0-9]+ n=2048 layout [0-9a-f,]+: killed by signal SIGSEGV$' "$tmp/faulty.log" &&
        [ ! -e "$tmp/faulty-sim" ] && [ ! -e "$tmp/.faulty-sim.staging" ]
    then ok "a crash in the cache simulation names its cell"
    else ko "a crash in the cache simulation names its cell" "$(grep -v '^bench: ' "$tmp/faulty.log" | head -n 2 | tr '\n' ' ')"; fi
    # a crash in the whole-process cross-check
    if faulty xcheck FAULTY=crash; then ko "a crash in the cross-check names its cell" "exit 0"
    elif grep -Eq '^crosscheck: bench-faulty (simple_iter|add_remove) n=1024 \(--inner [0-9]+ --reps 1\): killed by signal SIGSEGV$' "$tmp/faulty.log" &&
        [ ! -e "$tmp/faulty-xcheck" ]
    then ok "a crash in the cross-check names its cell"
    else ko "a crash in the cross-check names its cell" "$(grep -v '^bench: ' "$tmp/faulty.log" | head -n 2 | tr '\n' ' ')"; fi
    # a process stuck in a loop: stopped at its time limit (1 s here, plus 20 times what it should take)
    if faulty hang FAULTY=hang BENCH_JOB_TIMEOUT_S=1; then ko "a process stuck in a loop is stopped and named" "exit 0"
    elif grep -Eq '^bench: bench-faulty [a-z_0-9]+ n=10(00|24) memory=warm: stopped after [0-9]+ s: stuck\? \(the process was expected to take about [0-9.]+ s\)$' "$tmp/faulty.log" &&
        [ ! -e "$tmp/faulty-hang" ]
    then ok "a process stuck in a loop is stopped and named"
    else ko "a process stuck in a loop is stopped and named" "$(grep -v '^bench: round' "$tmp/faulty.log" | tail -n 2 | tr '\n' ' ')"; fi
fi

# Out of memory is reported as out of memory, for the cell, and the run stops there (exit 3): every strategy
# allocates far more than 300 MB for a world of 2^22 entities.
if (ulimit -v 300000 && tiny BENCH_MIN_N=4194304 BENCH_MAX_N=4194304 FIXED_N=4194304 CROSSCHECK_SCENARIOS=simple_iter CACHESIM_ALL_LAYOUTS= \
    sh scripts/pipeline.sh "$build" "$tmp/oom" raw "$first_variant") >"$tmp/oom.log" 2>&1; then
    ko "out of memory is reported as out of memory" "exit 0"
else
    rc=$?
    if [ "$rc" -eq 3 ] && grep -Eq "^bench: bench-(raw|$first_variant) [a-z_0-9]+ n=4194304 memory=(warm|fresh): out of memory$" "$tmp/oom.log" &&
        ! grep -q "fewer units" "$tmp/oom.log" &&
        [ ! -e "$tmp/oom" ]
    then ok "out of memory is reported as out of memory"
    else ko "out of memory is reported as out of memory" "exit $rc: $(grep -v '^bench: round' "$tmp/oom.log" | tail -n 2 | tr '\n' ' ')"; fi
fi

# Several machines: a second folder, as from a machine twice as slow across the board, merges with the first into
# one CSV with the machine as a column, and relative to each machine's own floor the two agree.
mkdir -p "$tmp/slow"
sed 's/^machine_id,.*/machine_id,slow-box-4c/' "$res/metadata.csv" >"$tmp/slow/metadata.csv"
csvcheck rewrite "$res/results.csv" --times time_ns=2 --times time_lo_ns=2 --times time_hi_ns=2 >"$tmp/slow/results.csv"
scripts/analysis.sh record "$tmp/slow" metadata.csv results.csv 2>/dev/null
if scripts/analysis.sh compare "$tmp/cmp.csv" "$res" "$tmp/slow" >"$tmp/cmp.out" 2>&1 &&
    [ "$(csvcheck count "$tmp/cmp.csv")" -eq $((2 * $(csvcheck count "$res/results.csv"))) ] &&
    csvcheck within "$tmp/cmp.csv" "$tmp/cmp.csv" strategy scenario n memory x_floor --where machine_id!=slow-box-4c \
        --other-where machine_id=slow-box-4c &&
    grep -q 'slow-box-4c' "$tmp/cmp.out"
then ok "results of several machines merge, each relative to its own floor"
else ko "results of several machines merge, each relative to its own floor" "$(tail -n 1 "$tmp/cmp.out")"; fi

# An interrupted make bench leaves no partial file, and the results of the run before it as they were.
mkdir -p "$tmp/int"
cp "$res/results.csv" "$res/runs.columns.xz" "$res/metadata.csv" "$tmp/int/" 2>/dev/null
ls -A "$tmp/int" >"$tmp/int.before"
cat "$tmp/int"/* | cksum >"$tmp/int.sum"
if command -v setsid >/dev/null 2>&1; then
    BENCH_MIN_N=1024 BENCH_MAX_N=4194304 BENCH_STEP=1 BENCH_MIN_PROCS=3 BENCH_MAX_PROCS=3 BENCH_TARGET_CI=0.03 \
        BENCH_BUDGET_S=0 BENCH_OPTIONS="--reps 5" FIXED_N=1024 HYPERFINE_RUNS=2 HYPERFINE_EXTRA_MS=5 \
        CROSSCHECK_SCENARIOS=simple_iter QUICK=0 \
        setsid sh scripts/pipeline.sh "$build" "$tmp/int" raw $variants >/dev/null 2>&1 &
    pid=$!
    sleep 4
    kill -TERM "-$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    if [ "$(ls -A "$tmp/int")" = "$(cat "$tmp/int.before")" ] && [ "$(cat "$tmp/int"/* | cksum)" = "$(cat "$tmp/int.sum")" ]
    then ok "an interrupted bench run leaves no partial file"
    else ko "an interrupted bench run leaves no partial file" "left: $(ls -A "$tmp/int" | tr '\n' ' ')"; fi
fi

# Malformed results are refused with a message naming the file and line, by every program that reads them. Each
# malformed file stands in for results.csv (and runs.csv) in a copy of the published folder, recorded in its
# manifest where `record` takes it (so that only its content is wrong): a row two fields short, a time_ns that is
# text, no header, a file cut mid-row, an empty file.
good="$res/results.csv"
csvcheck rewrite "$good" --row 2 --drop-fields 2 >"$tmp/short.csv"
csvcheck rewrite "$good" --row 1 --set time_ns=fast >"$tmp/text.csv"
csvcheck rewrite "$good" --no-header >"$tmp/headless.csv"
head -c 2000 "$good" >"$tmp/cut.csv"
: >"$tmp/empty.csv"
cp REPORT.md "$tmp/R.md"
for f in short text headless cut empty; do
    all=1
    why=""
    rm -rf "$tmp/bad" && cp -r "$res" "$tmp/bad" && cp "$tmp/$f.csv" "$tmp/bad/results.csv" &&
        cp "$tmp/$f.csv" "$tmp/bad/runs.csv"
    scripts/analysis.sh record "$tmp/bad" results.csv runs.csv >/dev/null 2>&1
    plots=$(cat "$tmp/bad/plots"/* | cksum)
    scripts/analysis.sh summary "$tmp/bad/results.csv" >/dev/null 2>"$tmp/err" && all=0
    grep -qF "$tmp/bad/results.csv" "$tmp/err" || { all=0; why="summary"; }
    scripts/analysis.sh report "$tmp/bad/results.csv" "$tmp/R.md" >/dev/null 2>"$tmp/err" && all=0
    grep -qF "$tmp/bad/results.csv" "$tmp/err" && cmp -s REPORT.md "$tmp/R.md" || { all=0; why="$why report"; }
    sh scripts/plots.sh "$tmp/bad" 1024 >/dev/null 2>"$tmp/err" && all=0
    grep -qF "$tmp/bad/results.csv" "$tmp/err" && [ "$(cat "$tmp/bad/plots"/* | cksum)" = "$plots" ] ||
        { all=0; why="$why plots"; }
    scripts/analysis.sh compare "$tmp/cmp-bad.csv" "$tmp/bad" >/dev/null 2>"$tmp/err" && all=0
    grep -qF "$tmp/bad/results.csv" "$tmp/err" && [ ! -e "$tmp/cmp-bad.csv" ] || { all=0; why="$why compare"; }
    scripts/analysis.sh results "$tmp/bad" >/dev/null 2>"$tmp/err" && all=0
    grep -qF "$tmp/bad/runs.csv" "$tmp/err" && cmp -s "$tmp/$f.csv" "$tmp/bad/results.csv" ||
        { all=0; why="$why results"; }
    if [ "$all" = 1 ]; then ok "malformed results ($f) are refused"
    else ko "malformed results ($f) are refused" "by$why: $(head -n 1 "$tmp/err")"; fi
done

# Every program that reads a published folder checks it against its manifest and reads columns by name:
# summary, report and compare refuse (naming the file and the reason, writing nothing) a results file cut short
# at a line break, a cell given twice (recorded, so that only the duplicate is wrong), a folder without its
# manifest, and a file the manifest does not list.
readers_refuse() { # WHAT TEXT...: every reader of $tmp/rd refuses it with each TEXT in its message
    what=$1
    shift
    why=""
    scripts/analysis.sh summary "$tmp/rd/results.csv" >/dev/null 2>"$tmp/err.summary" && why="summary"
    scripts/analysis.sh report "$tmp/rd/results.csv" "$tmp/R.md" >/dev/null 2>"$tmp/err.report" && why="$why report"
    cmp -s REPORT.md "$tmp/R.md" || why="$why report(changed)"
    rm -f "$tmp/cmp-rd.csv"
    scripts/analysis.sh compare "$tmp/cmp-rd.csv" "$tmp/rd" >/dev/null 2>"$tmp/err.compare" && why="$why compare"
    [ -e "$tmp/cmp-rd.csv" ] && why="$why compare(wrote)"
    for text; do
        for r in summary report compare; do grep -qF -- "$text" "$tmp/err.$r" || why="$why $r($(head -n 1 "$tmp/err.$r"))"; done
    done
    if [ -z "$why" ]; then ok "every reader refuses $what"; else ko "every reader refuses $what" "$why"; fi
}
fresh_copy() { rm -rf "$tmp/rd" && cp -r "$res" "$tmp/rd"; }
fresh_copy
head -n -1 "$res/results.csv" >"$tmp/rd/results.csv"
readers_refuse "a results file cut short at a line break" "$tmp/rd/results.csv: " "rows where manifest.csv recorded"
fresh_copy
sed -n 2p "$res/results.csv" >>"$tmp/rd/results.csv"
scripts/analysis.sh record "$tmp/rd" results.csv 2>/dev/null
readers_refuse "a cell given twice" "$tmp/rd/results.csv:" "a second row for"
fresh_copy
rm "$tmp/rd/manifest.csv"
readers_refuse "a folder without its manifest" "$tmp/rd has no manifest.csv"
fresh_copy
csvcheck rewrite "$res/manifest.csv" --where file=results.csv --drop >"$tmp/unlisted.csv"
csvcheck rewrite "$tmp/unlisted.csv" --where file=manifest.csv --add rows=-1 >"$tmp/rd/manifest.csv"
readers_refuse "a file its manifest does not list" "$tmp/rd/results.csv: not listed in $tmp/rd/manifest.csv"

# Columns are found by name: results.csv with time_ns and min_ns swapped in place gives the same summary.
fresh_copy
csvcheck rewrite "$res/results.csv" --swap-columns time_ns,min_ns >"$tmp/rd/results.csv"
scripts/analysis.sh record "$tmp/rd" results.csv 2>/dev/null
scripts/analysis.sh summary "$res/results.csv" >"$tmp/sum.a" 2>&1
scripts/analysis.sh summary "$tmp/rd/results.csv" >"$tmp/sum.b" 2>&1
if [ -s "$tmp/sum.a" ] && cmp -s "$tmp/sum.a" "$tmp/sum.b" && ! cmp -s "$res/results.csv" "$tmp/rd/results.csv"
then ok "the summary reads columns by name"; else ko "the summary reads columns by name" "$(diff "$tmp/sum.a" "$tmp/sum.b" | head -n 3 | tr '\n' ' ')"; fi

# The report never drops a table: a metadata.csv with CRLF line ends keeps the meta table's rows, and an empty
# crosscheck.csv (recorded as it is) is refused by name, REPORT.md untouched.
fresh_copy
sed 's/$/\r/' "$res/metadata.csv" >"$tmp/rd/metadata.csv"
scripts/analysis.sh record "$tmp/rd" metadata.csv 2>/dev/null
printf '%s\n' '# R' '<!-- table: meta machine_id,cpu_model -->' '<!-- end table -->' >"$tmp/meta.md"
if scripts/analysis.sh report "$tmp/rd/results.csv" "$tmp/meta.md" >/dev/null 2>"$tmp/err" &&
    grep -q "^| machine_id | $(sed -n 's/^machine_id,//p' "$res/metadata.csv") |\$" "$tmp/meta.md" &&
    grep -q '^| cpu_model | ' "$tmp/meta.md"
then ok "a metadata.csv with CRLF line ends keeps the meta table"
else ko "a metadata.csv with CRLF line ends keeps the meta table" "$(head -n 1 "$tmp/err")"; fi
for empty in "" "$(head -n 1 "$res/crosscheck.csv")"; do
    fresh_copy
    printf '%s' "${empty:+$empty
}" >"$tmp/rd/crosscheck.csv"
    scripts/analysis.sh record "$tmp/rd" crosscheck.csv 2>/dev/null
    printf '%s\n' '# R' '<!-- table: xcheck -->' 'kept' '<!-- end table -->' >"$tmp/x.md"
    cp "$tmp/x.md" "$tmp/x.before"
    if scripts/analysis.sh report "$tmp/rd/results.csv" "$tmp/x.md" >/dev/null 2>"$tmp/err"; then
        ko "an empty crosscheck.csv${empty:+ (a header only)} is refused, not dropped" "exit 0"
    elif grep -qF "$tmp/rd/crosscheck.csv" "$tmp/err" && cmp -s "$tmp/x.md" "$tmp/x.before"
    then ok "an empty crosscheck.csv${empty:+ (a header only)} is refused, not dropped"
    else ko "an empty crosscheck.csv${empty:+ (a header only)} is refused, not dropped" "$(head -n 1 "$tmp/err")"; fi
done

# compare with its output file forgotten (two results folders) writes nothing anywhere and says why.
fresh_copy
: >"$tmp/err"
before_tmp=$(ls -A "$tmp")
before_rd=$(ls -A "$tmp/rd")
rc=0
scripts/analysis.sh compare "$tmp/rd" "$res" >/dev/null 2>"$tmp/err" || rc=$?
if [ "$rc" -eq 2 ] && grep -q 'output file' "$tmp/err" && [ "$(ls -A "$tmp")" = "$before_tmp" ] &&
    [ "$(ls -A "$tmp/rd")" = "$before_rd" ]
then ok "compare refuses a forgotten output file"
else ko "compare refuses a forgotten output file" "exit $rc: $(head -n 1 "$tmp/err")"; fi

# make reanalyse: the same analysis of the same processes gives the same results; the measurements stay as they
# were, the commit the analysis ran from is recorded beside the measured one, and a folder that is not a
# published run is refused with nothing written.
fresh_copy
rc=0
REANALYSE=1 sh scripts/pipeline.sh "$build" "$tmp/rd" raw $variants "$aa" >"$tmp/rea.log" 2>&1 || rc=$?
if [ "$rc" -eq 0 ] && cmp -s "$res/results.csv" "$tmp/rd/results.csv" && cmp -s "$res/runs.columns.xz" "$tmp/rd/runs.columns.xz" &&
    cmp -s "$res/cachesim.csv" "$tmp/rd/cachesim.csv" && cmp -s "$res/crosscheck.csv" "$tmp/rd/crosscheck.csv" &&
    grep -q "^git_commit,$(csvcheck column "$res/metadata.csv" value --where key=git_commit)\$" "$tmp/rd/metadata.csv" &&
    [ "$(grep -c '^reanalysed_commit,' "$tmp/rd/metadata.csv")" -eq 1 ] &&
    scripts/analysis.sh verify "$tmp/rd" >/dev/null 2>&1 && ! grep -q 'bench: round' "$tmp/rea.log"
then ok "make reanalyse analyses a published run again from its own measurements"
else ko "make reanalyse analyses a published run again from its own measurements" "exit $rc: $(tail -n 1 "$tmp/rea.log")"; fi
# An analysis that fails on a published run (its runs table cut to one process, recorded as published) says
# where the staging copies its messages name came from, and leaves the run as it was.
fresh_copy
scripts/analysis.sh table "$res" runs | head -n 2 >"$tmp/rd/runs.csv"
scripts/analysis.sh publish-tables "$tmp/rd" >/dev/null 2>&1
scripts/analysis.sh record "$tmp/rd" runs.columns.xz >/dev/null 2>&1
cp "$tmp/rd/runs.columns.xz" "$tmp/cut-runs.columns.xz"
rc=0
REANALYSE=1 sh scripts/pipeline.sh "$build" "$tmp/rd" raw $variants "$aa" >"$tmp/rea.log" 2>&1 || rc=$?
if [ "$rc" -ne 0 ] && grep -q 'measured in 1 process(es); an interval needs at least 3' "$tmp/rea.log" &&
    tail -n 1 "$tmp/rea.log" | grep -q "^bench: the files named above under .*staging are copies of those in $tmp/rd, which is left as it was\$" &&
    cmp -s "$tmp/rd/runs.columns.xz" "$tmp/cut-runs.columns.xz" && [ ! -e "$tmp/.rd.staging" ]
then ok "a failed make reanalyse names the staging copies' origin and leaves the run as it was"
else ko "a failed make reanalyse names the staging copies' origin and leaves the run as it was" "exit $rc: $(tail -n 2 "$tmp/rea.log" | tr '\n' ' ')"; fi
fresh_copy
rm -f "$tmp/rd/manifest.csv"
before_rd=$(ls -A "$tmp/rd")
rc=0
REANALYSE=1 sh scripts/pipeline.sh "$build" "$tmp/rd" raw $variants "$aa" >"$tmp/rea.log" 2>&1 || rc=$?
if [ "$rc" -eq 2 ] && grep -q 'not a published run' "$tmp/rea.log" && [ "$(ls -A "$tmp/rd")" = "$before_rd" ]
then ok "make reanalyse refuses a folder that is not a published run"
else ko "make reanalyse refuses a folder that is not a published run" "exit $rc: $(tail -n 1 "$tmp/rea.log")"; fi

tally
