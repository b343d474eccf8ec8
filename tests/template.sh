#!/bin/sh
# Tests of the strategy template (strategies/_template), run by `make test`:
#  a. the template itself is not a variant: the real tree's `make list` does not mention it; a STRATEGY that
#     names no folder is refused;
#  b. a copy of it under another name is discovered with no file edited outside the new folder: the copy,
#     NAME-wrap4 and NAME-retire4 are listed; a folder name that cannot be a target, file or CSV field, or
#     that the suite's own programs use, is refused;
#  c. the copy passes the conformance suite;
#  d. the copy is benchmarked under its name, with the same checksum as an existing strategy;
#  e. a second copy with a planted bug fails its suite, and what make test prints of the failure
#     (scripts/test-failures.sh) names the seed and the operation to replay.
# Everything but (a) happens in a copy of the tree in a temporary directory, removed on exit.
# Prints "PASS name" / "FAIL name: reason" per check and ends with "template: N passed, M failed".
# Usage (from the repository root): sh tests/template.sh BUILD_DIR (KEEP_TMP=1 keeps the copy, for a look at a failure)
set -u
build=${1:?usage: sh tests/template.sh BUILD_DIR}
name=fromtemplate
test_name=template
. tests/lib.sh
# Checksums of every file of the copied tree outside the new folder and the build directory.
snapshot() {
    (cd "$tmp/tree" && find Makefile platform harness scenarios scripts strategies tests -type f \
        ! -path "strategies/$name/*" | LC_ALL=C sort | xargs cksum)
}
# Runs bench binary $1 on the scenario the checksum is compared on.
bench_simple_iter() { "$1" --scenario simple_iter --n 4096 --reps 1; }
# The checksum of the row of VARIANT, simple_iter and 4096 entities in a bench output file (the first, if several).
checksum_of() { csvcheck column "$2" checksum --where "strategy=$1" --where scenario=simple_iter --where n=4096 | head -n 1; }

if [ ! -d strategies/_template ]; then
    ko "template present" "no strategies/_template (run from the repository root)"
    tally
    exit 1
fi

# a. Not a variant in the real tree. (BUILD names the real build directory, where make keeps variants.mk.)
if make -s list BUILD="$build" >"$tmp/list" 2>&1 && grep -q '^variants: ' "$tmp/list"; then
    if grep -q '_template' "$tmp/list"
    then ko "the template is not a variant" "listed: $(grep -o '[^ ]*_template[^ ]*' "$tmp/list" | tr '\n' ' ' | sed 's/ *$//')"
    else ok "the template is not a variant"; fi
else ko "the template is not a variant" "make list failed: $(tail_of "$tmp/list")"; fi
# A STRATEGY that names no folder is refused before anything is built or run, for test and fuzz alike.
for target in test fuzz; do
    make -n "$target" STRATEGY=nosuchstrategy BUILD="$build" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne 0 ] && ! grep -q '^cc \|CC ' "$tmp/out" &&
        grep -q 'STRATEGY=nosuchstrategy: no strategies/nosuchstrategy/' "$tmp/err"
    then ok "make $target STRATEGY=nosuchstrategy is refused, naming it"
    else ko "make $target STRATEGY=nosuchstrategy is refused, naming it" "exit $rc: $(tail_of "$tmp/err")"; fi
done

# b. The copy is discovered.
mkdir "$tmp/tree"
cp -r Makefile platform harness scenarios scripts strategies tests "$tmp/tree/"
rm -rf "$tmp/tree/build" "$tmp/tree/strategies/$name"
snapshot >"$tmp/before"
cp -r strategies/_template "$tmp/tree/strategies/$name"
listed=$( (cd "$tmp/tree" && make -s list BUILD=build) 2>&1)
words=" $(printf '%s\n' "$listed" | tr '\n' ' ') "
missing=""
for v in "$name" "$name-wrap4" "$name-retire4"; do
    case "$words" in *" $v "*) ;; *) missing="$missing $v" ;; esac
done
snapshot >"$tmp/after"
if [ -n "$missing" ]; then ko "a copy of the template is discovered" "not listed:$missing"
elif ! cmp -s "$tmp/before" "$tmp/after"; then ko "a copy of the template is discovered" "files outside the copy changed"
else ok "a copy of the template is discovered"; fi

# A folder name that cannot name make targets, files and CSV fields, or that the suite uses for its own programs,
# stops make at discovery with one line naming the folder (the copy's make list, so nothing is built).
for bad in "my strat" "my,strat" raw common; do
    cp -r strategies/_template "$tmp/tree/strategies/$bad"
    (cd "$tmp/tree" && make -s list BUILD=build) >"$tmp/out" 2>"$tmp/err"
    rc=$?
    rm -rf "$tmp/tree/strategies/$bad"
    if [ "$rc" -ne 0 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q "strategies/$bad: " "$tmp/err"
    then ok "a strategy folder named \"$bad\" is refused at discovery, naming it"
    else ko "a strategy folder named \"$bad\" is refused at discovery, naming it" "exit $rc: $(tail_of "$tmp/err")"; fi
done

# The reference strategy for the checksum: bitmask if there is one, else the first other variant listed.
others=$(echo "$listed" | sed -n 's/^variants: //p' | tr ' ' '\n' | grep -v -e "^$name\$" -e "^$name-" -e '^$')
ref=$(echo "$others" | grep -x bitmask)
[ -n "$ref" ] || ref=$(echo "$others" | sed -n 1p)

# The planted bug: entity index 5 is never alive, which the seeded random runs find.
cp -r strategies/_template "$tmp/tree/strategies/planted"
sed -i 's/return w \&\& esb_et_alive(&w->core.entities, e);/return w \&\& esb_et_alive(\&w->core.entities, e) \&\& esb_entity_index(e) != 5;/' \
    "$tmp/tree/strategies/planted/entity.c"

# Only the binaries the checks need; -k so one failing build does not hide the others' results.
(cd "$tmp/tree" && make -k -s -j2 BUILD=build "build/test-$name" "build/bench-$name" ${ref:+"build/bench-$ref"} \
    build/test-planted) >"$tmp/build.log" 2>&1

# c. Tested: the conformance suite passes. (Its counts are not another variant's: keep them out of make test's
# tally.)
if [ ! -x "$tmp/tree/build/test-$name" ]; then
    ko "the copy passes the conformance suite" "build failed: $(tail_of "$tmp/build.log")"
else
    unset CONF_TALLY
    run=""
    command -v timeout >/dev/null 2>&1 && run="timeout 900"
    (cd "$tmp/tree" && $run "build/test-$name" --jobs 2) >"$tmp/test.log" 2>&1
    rc=$?
    line=$(grep 'Synthesis:' "$tmp/test.log" | tail -n 1)
    tested=$(printf '%s' "$line" | sed -n 's/.*Tested: \([0-9]*\).*/\1/p')
    failing=$(printf '%s' "$line" | sed -n 's/.*Failing: \([0-9]*\).*/\1/p')
    crashing=$(printf '%s' "$line" | sed -n 's/.*Crashing: \([0-9]*\).*/\1/p')
    if [ "$rc" -eq 0 ] && [ "${tested:-0}" -gt 0 ] && [ "$failing" = 0 ] && [ "$crashing" = 0 ]
    then ok "the copy passes the conformance suite"
    else ko "the copy passes the conformance suite" "exit $rc, ${line:-no Synthesis line}"; fi
fi

# d. Benchmarked under its name, with an existing strategy's checksum.
if [ ! -x "$tmp/tree/build/bench-$name" ]; then
    ko "the copy is benchmarked" "build failed: $(tail_of "$tmp/build.log")"
elif [ -z "$ref" ] || [ ! -x "$tmp/tree/build/bench-$ref" ]; then
    ko "the copy is benchmarked" "no reference strategy built (${ref:-none listed}): $(tail_of "$tmp/build.log")"
elif ! bench_simple_iter "$tmp/tree/build/bench-$name" >"$tmp/mine.csv" 2>"$tmp/bench.err"; then
    ko "the copy is benchmarked" "bench-$name failed: $(tail_of "$tmp/bench.err")"
elif ! bench_simple_iter "$tmp/tree/build/bench-$ref" >"$tmp/ref.csv" 2>"$tmp/bench.err"; then
    ko "the copy is benchmarked" "bench-$ref failed: $(tail_of "$tmp/bench.err")"
else
    mine=$(checksum_of "$name" "$tmp/mine.csv")
    theirs=$(checksum_of "$ref" "$tmp/ref.csv")
    if [ -z "$mine" ]; then ko "the copy is benchmarked" "no row $name,simple_iter,4096"
    elif [ "$mine" != "$theirs" ]; then ko "the copy is benchmarked" "checksum $mine, $ref has ${theirs:-none}"
    else ok "the copy is benchmarked"; fi
fi

# e. The planted bug is reported with its seed and operation.
if ! grep -q 'esb_entity_index(e) != 5' "$tmp/tree/strategies/planted/entity.c"; then
    ko "a failure names its seed and operation" "the bug could not be planted (strategies/_template/entity.c changed?)"
elif [ ! -x "$tmp/tree/build/test-planted" ]; then
    ko "a failure names its seed and operation" "build failed: $(tail_of "$tmp/build.log")"
else
    (cd "$tmp/tree" && build/test-planted --jobs 2 --filter 'conf_random/*') >"$tmp/planted.log" 2>&1
    rc=$?
    scripts/test-failures.sh "$tmp/planted.log" >"$tmp/planted.report"
    if [ "$rc" -eq 0 ]; then ko "a failure names its seed and operation" "the planted bug was not found"
    elif ! grep -q '^\[conformance\] strategy=planted seed=0x[0-9a-f]* step=[0-9]* op=esb_alive' "$tmp/planted.report"
    then ko "a failure names its seed and operation" "report: $(head -n 3 "$tmp/planted.report" | tr '\n' ' ')"
    elif ! grep -q 'Assertion Failed' "$tmp/planted.report"
    then ko "a failure names its seed and operation" "no assertion place in: $(head -n 3 "$tmp/planted.report" | tr '\n' ' ')"
    else ok "a failure names its seed and operation"; fi
fi

# A crash keeps the line that caused it: an invariant check's message survives the filter of the passing chatter.
printf '%s\n' '[----] conf_memory.c:120: a message of a passing test' \
    'strategies/_common/check.c:61: invariant broken: rows == count (table 3)' \
    '[FAIL] conf_memory::oom_create_at_every_fill_level: CRASH!' >"$tmp/crash.log"
scripts/test-failures.sh "$tmp/crash.log" >"$tmp/crash.report"
if grep -q '^strategies/_common/check.c:61: invariant broken: rows == count' "$tmp/crash.report" &&
    grep -q 'CRASH!' "$tmp/crash.report"
then ok "a crash's report keeps the invariant that broke"
else ko "a crash's report keeps the invariant that broke" "$(tr '\n' ' ' <"$tmp/crash.report")"; fi

tally
