#!/bin/sh
# Tests of the harness and the build, run by `make test`:
#  - every bad command line gets one line on stderr and exit code 2; running out of memory gets one line naming
#    the cell and exit code 3, and ends the run;
#  - --list, CSV and JSON output are well formed;
#  - every strategy (and raw) gives the same checksum for the same scenario and N;
#  - every cell's memory layout comes from a seed printed in its row, and the simulated figures of a cell depend
#    on that seed only, not on the environment or the command line;
#  - a copied strategy folder is discovered, built, tested and benchmarked with nothing else edited;
#  - strategies that skip or fake work are caught, and the fuzz target catches a planted bug.
# (The make bench pipeline around the binaries has its own tests: tests/pipeline.sh.)
# Usage: sh tests/harness.sh BUILD_DIR AA_VARIANT VARIANT...
set -u
test_name=harness
. tests/lib.sh
bench_test_arguments "$@"

bench="$build/bench-$first_variant"

# One line on stderr, nothing on stdout, exit code 2.
expect_usage_error() {
    name=$1
    shift
    "$bench" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    lines=$(wc -l <"$tmp/err")
    if [ "$rc" -eq 2 ] && [ "$lines" -eq 1 ] && [ ! -s "$tmp/out" ]; then ok "$name"
    else ko "$name" "exit $rc, $lines stderr lines"; fi
}

expect_usage_error "unknown scenario" --scenario no_such_scenario
expect_usage_error "n = 0" --n 0
expect_usage_error "n beyond the handle space" --n 4294967296
expect_usage_error "n not a number" --n 12abc
expect_usage_error "negative n" --n -5
expect_usage_error "empty n list" --n ,
expect_usage_error "empty n in a list" --n 64,,128
expect_usage_error "signed n" --n +64
expect_usage_error "n with a space" --n " 64"
expect_usage_error "reps = 0" --reps 0
expect_usage_error "unknown format" --format xml
expect_usage_error "unknown memory mode" --memory lukewarm
expect_usage_error "unknown option" --frobnicate
expect_usage_error "missing value" --scenario
expect_usage_error "min-n = 0" --min-n 0
expect_usage_error "max-n not a number" --max-n 4M
expect_usage_error "min-n above max-n" --min-n 4096 --max-n 1024
expect_usage_error "n with bounds" --n 64 --max-n 1024
expect_usage_error "--frames outside the cache-simulation build" --scenario grow --n 64 --frames
expect_usage_error "target-ms = 0" --target-ms 0
expect_usage_error "target-ms not a number" --target-ms fast
expect_usage_error "row budget not a number" --row-budget-ms 1.5
expect_usage_error "reps above the limit" --reps 100001
expect_usage_error "empty format" --format ""
expect_usage_error "a stray argument" simple_iter
expect_usage_error "a single-dash option" -n 64
expect_usage_error "a layout seed that is not hexadecimal" --layout-seed xyz
expect_usage_error "an empty layout seed" --layout-seed ""
expect_usage_error "a layout seed of 17 digits" --layout-seed 12345678901234567
expect_usage_error "an empty seed in a list" --layout-seed 1,,2
expect_usage_error "a negative warm-up" --warmup-ms -1
expect_usage_error "a warm-up over a minute" --first-warmup-ms 60001
expect_usage_error "a scenario named twice" --scenario create --scenario create
expect_usage_error "step = 0" --step 0
expect_usage_error "step above 12" --step 13
expect_usage_error "n with a step" --n 64 --step 2
expect_usage_error "n with only-n" --n 64 --only-n 64
expect_usage_error "an empty count in only-n" --only-n 1024,,4096
expect_usage_error "only-n beyond the handle space" --only-n 4294967296
expect_usage_error "among outside a listing" --among simple_iter --n 64

# The bounds take the same values, so their messages name the option they are about.
for option in --min-n --max-n; do
    expect_usage_error "$option beyond the handle space" "$option" 4294967296
    if grep -q -- "^bench: $option 4294967296 exceeds the entity handle space" "$tmp/err"
    then ok "$option beyond the handle space is named in the message"
    else ko "$option beyond the handle space is named in the message" "$(cat "$tmp/err")"; fi
done

# --list names the scenarios (the whole catalogue, each line of scenarios/catalogue.h) with the entity counts each
# declares; raw offers simple_iter twice (SoA and AoS).
catalogue=$(sed -n 's/^SCENARIO(\([a-z0-9_]*\),.*/\1/p' scenarios/catalogue.h | sort | tr '\n' ' ')
[ "$(echo "$catalogue" | wc -w)" -ge 50 ] || ko "the catalogue's lines are read" "$catalogue"
for v in $variants; do
    if [ "$("$build/bench-$v" --list | cut -f1 | sort | tr '\n' ' ')" = "$catalogue" ]
    then ok "--list on $v names the whole catalogue"; else ko "--list on $v names the whole catalogue"; fi
done
# Iteration and access scenarios sweep 2^10 .. 2^22, structural ones 2^10 .. 2^20; some add their own sizes; the
# framed hitch scenarios run at 2^16 alone, the new_sets query-count series at 2^14, the wide family at 2^12.
sweep="1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576"
if "$bench" --list | awk -F'\t' -v s="$sweep" '{ sub(/,(520|1000)$/, "", $4) }
        $4 != s && $4 != s ",2097152,4194304" && !(($1 == "grow" || $1 == "new_sets") && $4 == "65536") &&
        !($1 ~ /^new_sets_q/ && $4 == "16384") && !($1 ~ /^wide_/ && $4 == "4096") {bad = 1}
        END {exit bad}' &&
    "$bench" --list | awk -F'\t' -v s="$sweep" '$1 == "frag_iter" && $4 == s ",2097152,4194304,520" {f++}
        $1 == "create" && $4 == s {f++} $1 == "random_tables_q1" && $4 == s ",1000" {f++} END {exit f != 3}'
then ok "scenarios declare their sweeps and own sizes"
else ko "scenarios declare their sweeps and own sizes" "$("$bench" --list | head -n 1)"; fi
if [ "$("$bench" --list --min-n 1000 --max-n 2048 | awk -F'\t' '$1 == "random_tables_q1" || $1 == "simple_iter" {print $4}' | tr '\n' ' ')" = "1024,2048 1024,2048,1000 " ] &&
    "$bench" --list --max-n 16777216 | awk -F'\t' '$1 == "simple_iter" && $4 ~ /,16777216$/ {f = 1} END {exit !f}'
then ok "--min-n and --max-n bound the declared sizes"
else ko "--min-n and --max-n bound the declared sizes"; fi
# The step thins the sweep from 2^10 and leaves an own size; --only-n keeps the listed counts of those; --among
# keeps the named scenarios and passes over a name this build lacks. make bench's cells are this list
# (scripts/cells.sh), so this is the rule that decides a run's sizes.
step_sizes=$("$bench" --list --min-n 512 --max-n 8192 --step 2 | awk -F'\t' '$1 == "random_tables_q1" {print $4}')
only_sizes=$("$bench" --list --min-n 512 --max-n 8192 --step 2 --only-n 1000,2048,4096 |
    awk -F'\t' '$1 == "random_tables_q1" {print $4}')
among=$("$bench" --list --among simple_iter,no_such_scenario,create | cut -f1 | tr '\n' ' ')
if [ "$step_sizes" = "1024,4096,1000" ] && [ "$only_sizes" = "4096,1000" ] && [ "$among" = "create simple_iter " ]
then ok "--step, --only-n and --among choose the listed cells"
else ko "--step, --only-n and --among choose the listed cells" "[$step_sizes] [$only_sizes] [$among]"; fi
if "$bench" --scenario iter_one --min-n 1024 --max-n 2048 --reps 1 --target-ms 1 | awk -F, 'NR > 1 {print $3}' |
    tr '\n' ' ' | grep -qx '1024 2048 '
then ok "without --n a scenario runs at its declared sizes"; else ko "without --n a scenario runs at its declared sizes"; fi

# --counters reports every strategy's own counters on stderr, one line per result, named as the row is.
for v in $variants; do
    if "$build/bench-$v" --scenario add_remove --n 64 --reps 1 --counters 2>&1 >/dev/null |
        grep -Eq "^counters $v add_remove n=64: [a-z_]+=[0-9]+"
    then ok "--counters on $v"; else ko "--counters on $v"; fi
done
if "$build/bench-raw" --n 64 --reps 1 --counters 2>&1 >/dev/null | grep -q '^counters '
then ko "raw has no counters to print"; else ok "raw has no counters to print"; fi
if [ "$("$build/bench-raw" --list | awk -F'\t' '$1 == "simple_iter" {print $3}' | tr '\n' ' ')" = "raw-soa raw-aos " ] &&
    [ "$("$build/bench-raw" --list | awk -F'\t' '$3 != "raw-soa" && $3 != "raw-aos"' | wc -l)" -eq 0 ]
then ok "raw lists SoA and AoS"; else ko "raw lists SoA and AoS"; fi

# The clock reads are taken out of every timed interval (harness/timer.h): an empty interval, the reads alone, then
# measures about nothing, a small share of what the reads cost. Two figures of one process, neither a threshold of
# time: a build that left the reads in, or took them out twice, would measure the whole cost.
if "$bench" --clock-floor >"$tmp/floor.csv" 2>"$tmp/err" &&
    csvcheck assert-all "$tmp/floor.csv" 'read_cost_cpu_ns>0' 2>/dev/null &&
    awk -F, 'NR == 2 { cpu = ($3 < 0 ? -$3 : $3); wall = ($4 < 0 ? -$4 : $4)
        exit !(cpu < $1 / 4 && wall <= $2 / 2) }' "$tmp/floor.csv"
then ok "an empty interval measures about nothing ($(sed -n 2p "$tmp/floor.csv"): reads, then empty, cpu and wall ns)"
else ko "an empty interval measures about nothing" "$(sed -n 2p "$tmp/floor.csv") $(tail_of "$tmp/err")"; fi

# A result that cannot be written is a failure, not a silently short file.
if [ -w /dev/full ]; then
    if "$bench" --scenario destroy --n 64 --reps 1 >/dev/full 2>/dev/null; then ko "write errors fail the run"
    else ok "write errors fail the run"; fi
fi

# Out of memory is reported as out of memory: exit code 3, one line naming the cell, the words "out of memory"
# and the block refused, never the message for skipped work, and no further cell (the n=1024 after it). Under
# an address-space limit of 160000 KiB (set in a subshell, so that it ends with it), creating 1300000 entities
# one by one runs out in the strategy's storage, the hooks refusing a block and the run then completing fewer
# units than asked: on this suite's reference machine archetype needs about 224000 KiB for it and sparse 200000
# (the least of the designs, bitmask, 178000), while the scenario's own arrays (32 bytes per entity) fit, and
# both get past 2^20 entities (128000 and 116000 KiB) before a growth is refused, so few doomed creations follow.
# A world of 2^32 - 1 entities cannot even be set up: its handle array alone is refused.
# expect_oom NAME BINARY CELL ARGS...: the binary exits 3 with the one line for CELL and prints no row (a CSV row
# starts with its strategy's name).
expect_oom() {
    name=$1 oom_bin=$2 cell=$3
    shift 3
    (ulimit -v 160000 && exec "$oom_bin" --no-hw-counters --reps 1 "$@") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 3 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
        grep -Eq "^bench: $cell failed: out of memory \(the allocator refused a block of [0-9]+ bytes\)\$" "$tmp/err" &&
        ! grep -q 'fewer units' "$tmp/err" && ! grep -q '^[a-z]' "$tmp/out"
    then ok "$name"
    else ko "$name" "exit $rc: $(head -n 2 "$tmp/err" | tr '\n' ' ')$(grep -m 1 '^[a-z]' "$tmp/out")"; fi
}
oom_variants=""
for v in archetype sparse; do case " $variants " in *" $v "*) oom_variants="$oom_variants $v" ;; esac; done
for v in ${oom_variants:-$first_variant}; do
    expect_oom "out of memory while creating exits 3 naming the cell ($v)" "$build/bench-$v" "$v create n=1300000" \
        --scenario create --n 1300000,1024 --no-header
    if [ -x "$build/cachesim-$v" ]; then
        expect_oom "out of memory in the cache-simulation build exits 3 too ($v)" "$build/cachesim-$v" \
            "$v create n=1300000" --scenario create --n 1300000,1024 --no-header
    fi
done
expect_oom "out of memory while setting up a world exits 3" "$bench" "$first_variant destroy n=4294967295" \
    --scenario destroy --n 4294967295,1024 --no-header
expect_oom "out of memory in raw's arrays exits 3 before the next scenario" "$build/bench-raw" \
    "raw-soa simple_iter n=4294967295" --scenario simple_iter --n 4294967295 --no-header
expect_oom "out of memory leaves well-formed JSON" "$bench" "$first_variant destroy n=4294967295" \
    --scenario destroy --n 4294967295 --format json
if command -v jq >/dev/null 2>&1; then
    if jq -e 'length == 0' "$tmp/out" >/dev/null 2>&1; then ok "the JSON of a run that ran out of memory parses"
    else ko "the JSON of a run that ran out of memory parses" "$(head -c 200 "$tmp/out")"; fi
fi

# Every binary, every scenario it has, two sizes: collect rows.
: >"$tmp/all.csv"
for b in raw $variants; do
    if ! "$build/bench-$b" --n 1000,4096 --reps 2 --target-ms 1 --no-header >>"$tmp/all.csv" 2>"$tmp/err"; then
        ko "bench-$b runs every scenario" "$(head -n 1 "$tmp/err")"
    else ok "bench-$b runs every scenario"; fi
done

# CSV: every row has the header's number of fields (quoted fields hold no commas).
cols=$("$bench" --scenario create --n 64 --reps 1 | head -n 1 | awk -F, '{print NF}')
bad=$(awk -F, -v c="$cols" 'NF != c' "$tmp/all.csv" | wc -l)
if [ "$cols" -ge 17 ] && [ "$bad" -eq 0 ]; then ok "CSV rows have $cols fields"; else ko "CSV shape" "$cols cols, $bad bad rows"; fi

# No field ends with a blank or holds two in a row: the flags are joined from parts that can be empty (a
# variant's own flags, the inline budget under clang), and clang's version string ends with a blank.
blank=$(awk -F, '{ for (i = 1; i <= NF; i++) if ($i ~ / "?$/ || $i ~ /  /) { print "row " NR " field " i ": [" $i "]"; exit } }' \
    "$tmp/all.csv")
if [ -z "$blank" ]; then ok "no CSV field ends with a blank"; else ko "no CSV field ends with a blank" "$blank"; fi

# Checksums agree per (scenario, n) across strategies.
disagree=$(awk -F, '{k = $2 "," $3; if (k in sum && sum[k] != $14) print k; sum[k] = $14}' "$tmp/all.csv")
if [ -z "$disagree" ]; then ok "checksums agree across strategies"; else ko "checksums agree" "$disagree"; fi
rows=$(awk -F, '$2 == "simple_iter"' "$tmp/all.csv" | wc -l)
expected=$(( (2 + $(echo "$variants" | wc -w)) * 2 ))
if [ "$rows" -eq "$expected" ]; then ok "simple_iter measured for raw and every strategy"
else ko "simple_iter rows" "$rows, expected $expected"; fi

# Every row carries its layout seed: given ones in order, then derived ones, all distinct; a random one otherwise.
seeds=$("$bench" --scenario iter_one --scenario create --n 64,128 --reps 1 --layout-seed a,b,c --no-header |
    cut -d, -f16 | tr '\n' ' ')
case "$seeds" in
"000000000000000a 000000000000000b 000000000000000c "????????????????" ") ok "every row names its layout seed" ;;
*) ko "every row names its layout seed" "$seeds" ;;
esac
s1=$("$bench" --scenario iter_one --n 64 --reps 1 --no-header | cut -d, -f16)
s2=$("$bench" --scenario iter_one --n 64 --reps 1 --no-header | cut -d, -f16)
if [ -n "$s1" ] && [ "$s1" != "$s2" ]; then ok "each process draws its own layout"; else ko "each process draws its own layout"; fi
# Scenarios run in the order asked for.
if [ "$("$bench" --scenario iter_one --scenario create --n 64 --reps 1 --no-header | cut -d, -f2 | tr '\n' ' ')" = \
    "iter_one create " ]
then ok "scenarios run in the order asked for"; else ko "scenarios run in the order asked for"; fi
# A cell's simulated figures are a function of its seed: the same twice, and another seed another layout.
if command -v valgrind >/dev/null 2>&1 && [ -x "$build/cachesim-$first_variant" ]; then
    simulate() {
        (cd "$build" && env -i valgrind --tool=callgrind --cache-sim=yes --collect-atstart=no --D1=49152,12,64 \
            --callgrind-out-file="$tmp/cg.$1" "./cachesim-$first_variant" --scenario add_remove --n 2048 \
            --layout-seed "$2" >/dev/null 2>&1) &&
            grep '^summary:' "$tmp/cg.$1".1 | cut -d' ' -f2-
    }
    a=$(simulate a 5)
    b=$(simulate b 5)
    c=$(simulate c 6)
    if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "a layout seed gives the same simulated figures twice"
    else ko "a layout seed gives the same simulated figures twice" "$a / $b"; fi
    if [ -n "$c" ] && [ "$a" != "$c" ]; then ok "another seed is another layout"
    else ko "another seed is another layout" "$a / $c"; fi
fi

# JSON: an array of objects with the same fields.
"$bench" --scenario add_remove --n 100,200 --reps 1 --format json >"$tmp/out.json"
if head -n 1 "$tmp/out.json" | grep -qx '\[' && tail -n 1 "$tmp/out.json" | grep -qx '\]' &&
    [ "$(grep -c '"checksum"' "$tmp/out.json")" -eq 2 ]; then ok "JSON output"; else ko "JSON output"; fi

# --inner fixes the runs per sample and --reps the samples exactly (the whole-process cross-check relies on it).
if [ "$("$bench" --scenario simple_iter --n 512 --inner 7 --reps 3 --no-header | cut -d, -f6,7)" = "3,7" ]
then ok "--inner and --reps fix the timed work"; else ko "--inner and --reps fix the timed work"; fi

# Discovery: a copy of a strategy folder builds, passes and benchmarks under its own name.
dir=$(sed -n "s/^$first_variant\_DIR := //p" "$build/variants.mk")
mkdir -p "$tmp/tree"
cp -r Makefile harness platform scenarios scripts strategies tests "$tmp/tree/"
rm -rf "$tmp/tree/strategies/mycopy"
cp -r "strategies/$dir" "$tmp/tree/strategies/mycopy"
if (cd "$tmp/tree" && make -s build/bench-mycopy build/test-mycopy >"$tmp/build.log" 2>&1) &&
    "$tmp/tree/build/test-mycopy" --jobs 2 >"$tmp/test.log" 2>&1 &&
    "$tmp/tree/build/bench-mycopy" --scenario simple_iter --n 256 --reps 1 | grep -q '^mycopy,simple_iter,256,'
then ok "a copied strategy folder is discovered, tested and benchmarked"
else ko "discovery of a copied strategy" "$(tail -n 3 "$tmp/build.log" "$tmp/test.log" 2>/dev/null | tr '\n' ' ')"; fi
# ... and gets the same reliability machinery with no list edited: narrow-limit test variants and a fuzz target.
if (cd "$tmp/tree" && make -s list | grep 'mycopy-wrap4 mycopy-retire4' >/dev/null &&
    make -s build/test-mycopy-retire4 build/fuzz-mycopy >"$tmp/build.log" 2>&1) &&
    "$tmp/tree/build/test-mycopy-retire4" --jobs 2 --filter 'conf_limits/*' >"$tmp/test.log" 2>&1 &&
    "$tmp/tree/build/fuzz-mycopy" -runs=50 tests/fuzz/corpus >"$tmp/fuzz.log" 2>&1 &&
    grep -q '^fuzz mycopy: [0-9]* operations' "$tmp/fuzz.log"
then ok "a copied strategy gets narrow-limit tests and a fuzz target"
else ko "a copied strategy gets narrow-limit tests and a fuzz target" "$(tail -n 3 "$tmp/build.log" "$tmp/test.log" "$tmp/fuzz.log" 2>/dev/null | tr '\n' ' ')"; fi

# A strategy that skips work must be caught: a copy of the bitmask strategy whose esb_add silently drops
# add_remove's component (the second one, in a world of two) still returns ESB_OK, so only the harness's
# verification can notice.
rm -rf "$tmp/tree/strategies/mycopy"
mkdir "$tmp/tree/strategies/skipper"
copy_bitmask "$tmp/tree/strategies/skipper"
sed -i 's/^esb_status esb_add(/static esb_status honest_add(/' "$tmp/tree/strategies/skipper/entity.c"
cat >>"$tmp/tree/strategies/skipper/entity.c" <<'EOF_C'

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    if (w && c == 1 && w->core.component_count == 2) return ESB_OK;
    return honest_add(w, e, c, value);
}
EOF_C
if ! grep -q 'static esb_status honest_add(' "$tmp/tree/strategies/skipper/entity.c"; then
    ko "a strategy that skips work is caught" "could not build the skipping copy (esb_add not found)"
elif ! (cd "$tmp/tree" && make -s build/bench-skipper >"$tmp/build.log" 2>&1); then
    ko "a strategy that skips work is caught" "$(tail -n 3 "$tmp/build.log" | tr '\n' ' ')"
elif "$tmp/tree/build/bench-skipper" --scenario add_remove --n 1000 --reps 1 >/dev/null 2>"$tmp/err"; then
    ko "a strategy that skips work is caught" "bench-skipper exited 0"
elif grep -q "add_remove n=1000 failed" "$tmp/err"; then ok "a strategy that skips work is caught"
else ko "a strategy that skips work is caught" "$(head -n 1 "$tmp/err")"; fi

# Three more ways to be fast without doing the work, each a copy of bitmask whose named functions are wrapped
# (sed renames the honest ones), and each must be rejected with a message naming the scenario and what failed:
#  - deferrer: esb_remove only notes the removal (has and get then report the component absent) and the next
#    esb_add of the same component cancels it, so add_remove's pairs cost nothing; only a read-back inside the
#    timed run that the notes do not cover (the pass over the query of A and B) can tell.
#  - stale-getter: every other esb_get hands out the pointer it handed out last time for that component;
#  - lane-zero: after its first 4096 adds, esb_add fills the component with zeros instead of its value for every
#    entity but those of index 0 mod 64, the only ones a spot check at a fixed stride of n/256 ever reads.
#  - change-dropper: every other esb_set writes the value through esb_get's pointer and records no change, so a
#    pass over a change term skips half of what it must recompute.
#  - lazy-grower: esb_create_bulk leaves a copy of what it spawned for later, finished at the next esb_get (a
#    block of the values' size allocated, filled and freed), as a design that does its growth's copying in the
#    background of later calls would; grow's frames never read an entity, so the copy lands in the check's reads.
#  - bundle-dropper: after its first 4096 bundles, esb_add_bundle leaves out the last component of each (and says
#    ESB_OK), as a batched path that lost one column's copy would; the run's pass over the bundle's components
#    misses every entity it dropped one from.
#  - matching-idler: every esb_add_matching after the first reports the count of the first and changes nothing, as
#    a query-wide path that left its moves for later would; the remove that follows finds no B to take, so the run
#    completes fewer pairs than it reports adds.
#  - live-narrower: a cached query that excludes one tag (as every other live query of add_remove_q* does) is made
#    to require it instead, so it matches nothing and would cost a design that keeps its matches no upkeep; the
#    full check's pass over the live queries (scenarios/ecs.h, scn_live_hold) sees it answer wrong.
#  - wide-skipper: for a bulk creation of more than 4096 entities, esb_create_bulk zero-fills every component after
#    the first four instead of copying its values, then copies them for the first 4096 entities alone, so a wide
#    world (scenarios/wide.h) costs it a fraction of its bytes; the check of the entities' components sees zeros.
cheat() { # NAME FUNCTIONS... (the wrapper's C text on stdin; CHEAT_FILE: the source they are in, entity.c)
    name=$1
    shift
    rm -rf "$tmp/tree/strategies/$name"
    mkdir "$tmp/tree/strategies/$name"
    copy_bitmask "$tmp/tree/strategies/$name"
    target=$tmp/tree/strategies/$name/${CHEAT_FILE:-entity.c}
    for fn in "$@"; do
        sed -i "s/^\(ESB_FLATTEN \)\{0,1\}\(esb_status\|int\) esb_$fn(/static \2 honest_$fn(/" "$target"
    done
    cat >>"$target"
}
cheat deferrer add remove get has <<'EOF_C'

static uint32_t deferred[1u << 16]; /* per entity index: 1 + the component whose removal is only noted */
static bool noted(esb_entity e, esb_component c) {
    return esb_entity_index(e) < (1u << 16) && deferred[esb_entity_index(e)] == c + 1;
}
esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    if (esb_entity_index(e) >= (1u << 16) || deferred[esb_entity_index(e)] || honest_has(w, e, c) != 1)
        return honest_remove(w, e, c);
    deferred[esb_entity_index(e)] = c + 1;
    return ESB_OK;
}
esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    if (!noted(e, c)) return honest_add(w, e, c, value);
    deferred[esb_entity_index(e)] = 0; /* cancelled; the value is the one it had */
    return ESB_OK;
}
esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    if (!noted(e, c)) return honest_get(w, e, c, out);
    if (out) *out = NULL;
    return ESB_ERR_ABSENT;
}
int esb_has(const esb_world *w, esb_entity e, esb_component c) { return noted(e, c) ? 0 : honest_has(w, e, c); }
EOF_C
cheat stale-getter get <<'EOF_C'

esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    static void *last[ESB_MAX_COMPONENTS];
    static uint64_t calls;
    if (c < ESB_MAX_COMPONENTS && last[c] && out && ++calls % 2 == 0) return *out = last[c], ESB_OK;
    esb_status s = honest_get(w, e, c, out);
    if (s == ESB_OK && c < ESB_MAX_COMPONENTS) last[c] = *out;
    return s;
}
EOF_C
cheat lane-zero add <<'EOF_C'

esb_status esb_add(esb_world *w, esb_entity e, esb_component c, const void *value) {
    static uint64_t adds;
    if (++adds > 4096 && esb_entity_index(e) % 64 != 0) value = NULL;
    return honest_add(w, e, c, value);
}
EOF_C
cheat change-dropper set <<'EOF_C'

esb_status esb_set(esb_world *w, esb_entity e, esb_component c, const void *value) {
    static uint64_t sets;
    void *p;
    if (++sets % 2 || esb_get(w, e, c, &p) != ESB_OK) return honest_set(w, e, c, value);
    memcpy(p, value, w->components[c].size);
    return ESB_OK;
}
EOF_C
cheat lazy-grower create_bulk get <<'EOF_C'

static size_t owed; /* bytes of copying left for later calls */
esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    esb_status s = honest_create_bulk(w, n, ids, count, values, out);
    if (s == ESB_OK) owed += n * count * sizeof(float);
    return s;
}
esb_status esb_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    if (owed) {
        void *copy = esb_mem_alloc(owed, 0);
        if (copy) memset(copy, 1, owed), esb_mem_free(copy, owed);
        owed = 0;
    }
    return honest_get(w, e, c, out);
}
EOF_C
CHEAT_FILE=bundle.c
cheat bundle-dropper add_bundle <<'EOF_C'

esb_status esb_add_bundle(esb_world *w, esb_entity e, const esb_component *ids, uint32_t count,
                          const void *const *values) {
    static uint64_t bundles;
    if (++bundles > 4096 && count > 1) --count;
    return honest_add_bundle(w, e, ids, count, values);
}
EOF_C
CHEAT_FILE=matching.c
cheat matching-idler add_matching <<'EOF_C'

esb_status esb_add_matching(esb_query *q, esb_component c, const void *value, size_t *out_count) {
    static uint64_t calls;
    static size_t first;
    if (++calls == 1) {
        esb_status s = honest_add_matching(q, c, value, &first);
        if (out_count) *out_count = first;
        return s;
    }
    if (out_count) *out_count = first;
    return ESB_OK;
}
EOF_C
CHEAT_FILE=
cheat wide-skipper create_bulk <<'EOF_C'

esb_status esb_create_bulk(esb_world *w, size_t n, const esb_component *ids, uint32_t count, const void *const *values,
                           esb_entity *out) {
    enum { copied = 4096, kept = 4 };
    const void *skipped[ESB_MAX_COMPONENTS];
    if (!w || !values || !out || n <= copied || count <= kept || count > ESB_MAX_COMPONENTS)
        return honest_create_bulk(w, n, ids, count, values, out);
    for (uint32_t k = 0; k < count; ++k) skipped[k] = k < kept ? values[k] : NULL;
    esb_status s = honest_create_bulk(w, n, ids, count, skipped, out);
    for (uint32_t k = kept; s == ESB_OK && k < count; ++k)
        for (size_t i = 0; values[k] && i < copied; ++i) {
            size_t size = w->components[ids[k]].size;
            void *p;
            if (size && esb_get(w, out[i], ids[k], &p) == ESB_OK) memcpy(p, (const char *)values[k] + i * size, size);
        }
    return s;
}
EOF_C
CHEAT_FILE=query.c
cheat live-narrower query_create <<'EOF_C'

esb_status esb_query_create(esb_world *w, const esb_query_desc *desc, esb_query **out) {
    if (!desc || !desc->cached || desc->with_count != 0 || desc->without_count != 1)
        return honest_query_create(w, desc, out);
    esb_query_desc narrowed = *desc;
    narrowed.with = desc->without, narrowed.with_count = 1, narrowed.without = NULL, narrowed.without_count = 0;
    return honest_query_create(w, &narrowed, out);
}
EOF_C
CHEAT_FILE=
for case in "deferrer add_remove 1000 the pass over A and B after the removes still saw entities with B" \
    "live-narrower add_remove_q10 1000 after the adds a live query does not see the entities it matches" \
    "bundle-dropper spawn_bundle_4 16384 the pass after the spawns did not see every entity with its S0 value" \
    "matching-idler add_remove_matching 1000 a run completed fewer units than the scenario asked for" \
    "stale-getter random_get 1000 a timed run read a value that is not its entity's own" \
    "lane-zero sparse_churn 16384 the transient component does not hold the value of its frame" \
    "change-dropper changed_10 1000 the pass over the change term did not see the entities the frame changed" \
    "lazy-grower grow 4096 the check's reads allocated or freed memory: work of the frames was left for later calls" \
    "wide-skipper wide_create_s64_w8 8192 an entity's components do not hold the values it was created with"; do
    set -- $case
    name=$1 scenario=$2 n=$3
    shift 3
    what="$*"
    if ! (cd "$tmp/tree" && make -s "build/bench-$name" >"$tmp/build.log" 2>&1); then
        ko "a strategy that cheats ($name) is caught" "$(tail -n 3 "$tmp/build.log" | tr '\n' ' ')"
    elif "$tmp/tree/build/bench-$name" --scenario "$scenario" --n "$n" --reps 3 >/dev/null 2>"$tmp/err"; then
        ko "a strategy that cheats ($name) is caught" "bench-$name exited 0 on $scenario"
    elif grep -qF "$scenario n=$n failed: $what" "$tmp/err"; then ok "a strategy that cheats ($name) is caught in $scenario"
    else ko "a strategy that cheats ($name) is caught in $scenario" "$(grep -v 'counters off' "$tmp/err" | head -n 1)"; fi
    rm -rf "$tmp/tree/strategies/$name" "$tmp/tree/build/bench-$name"
done

# The fuzz target catches a planted bug: a copy of bitmask whose esb_remove of component 3 leaves it in place (and
# returns ESB_OK) for every fourth entity index. Fixed seed and corpus, so the run is the same every time.
rm -rf "$tmp/tree/strategies/skipper"
mkdir "$tmp/tree/strategies/planted"
copy_bitmask "$tmp/tree/strategies/planted"
sed -i 's/^esb_status esb_remove(/static esb_status honest_remove(/' "$tmp/tree/strategies/planted/entity.c"
cat >>"$tmp/tree/strategies/planted/entity.c" <<'EOF_C'

esb_status esb_remove(esb_world *w, esb_entity e, esb_component c) {
    if (w && c == 3 && esb_entity_index(e) % 4 == 1 && !esb_qr_locked(&w->core.queries) && esb_has(w, e, c) == 1)
        return ESB_OK;
    return honest_remove(w, e, c);
}
EOF_C
if ! grep -q 'static esb_status honest_remove(' "$tmp/tree/strategies/planted/entity.c" ||
    ! (cd "$tmp/tree" && make -s build/fuzz-planted >"$tmp/build.log" 2>&1); then
    ko "the fuzz target catches a planted bug" "could not build it: $(tail -n 2 "$tmp/build.log" | tr '\n' ' ')"
elif (cd "$tmp/tree" && mkdir -p fz && build/fuzz-planted -seed=1 -runs=300000 -max_total_time=120 \
        -artifact_prefix=fz/ fz tests/fuzz/corpus >"$tmp/fuzz.log" 2>&1); then
    ko "the fuzz target catches a planted bug" "it ran clean"
elif grep -q '^\[conformance\] strategy=planted' "$tmp/fuzz.log" && ls "$tmp/tree/fz"/crash-* >/dev/null 2>&1
then ok "the fuzz target catches a planted bug"
else ko "the fuzz target catches a planted bug" "$(grep -m 1 -E 'ERROR|\.c:[0-9]+' "$tmp/fuzz.log")"; fi

# The scenario table of docs/scenarios.md is the one the descriptors give (make docs writes it).
if sh scripts/describe.sh "$build" raw "$first_variant" >"$tmp/scenarios.csv" 2>"$tmp/err" &&
    scripts/analysis.sh scenarios table "$tmp/scenarios.csv" docs/scenarios.md --check 2>"$tmp/err"
then ok "the documented scenario table is what the descriptors give"
else ko "the documented scenario table is what the descriptors give" "$(head -n 1 "$tmp/err")"; fi

tally
