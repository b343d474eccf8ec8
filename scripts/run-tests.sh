#!/bin/sh
# Runs every test binary (plain and sanitized), the fuzz targets for FUZZ_SECONDS each (0: not at all), the
# analysis module's unit tests, the harness tests, the bench pipeline's tests (at tiny N), the template test and
# the counter tests, then prints what was exercised and one closing tally:
#   checked: R random operations, F fuzzed operations in I inputs, A allocation failures injected
#   tests: N passed, M failed, S skipped
# (skipped: tests this machine cannot run, such as hardware counters in a VM without them; each is listed as
# "SKIP name: reason").
# With TEST_STRATEGY=NAME (make test STRATEGY=NAME) only the given variants' suites and fuzz targets run, then
# tests/strategy.sh (every scenario's checksum against STRATEGY_REFERENCE and raw) instead of the project-wide
# tests.
# Usage: scripts/run-tests.sh BUILD_DIR "TEST_ONLY_VARIANT..." AA_VARIANT VARIANT...
set -u
build=$1
test_only=$2
aa=$3
shift 3
variants_all=$*
passed=0
failed=0
skipped=0
failures=""
# The conformance suites add their counts (operations checked, failures injected) to this file.
CONF_TALLY=$(mktemp)
export CONF_TALLY
trap 'rm -f "$CONF_TALLY"' EXIT

# Criterion ends with "Synthesis: Tested: T | Passing: P | Failing: F | Crashing: C".
run_criterion() {
    bin=$1
    log=$(mktemp)
    # A hung test must fail the run, not stall it: the limit is far above any suite's time (the sanitized and
    # narrow-limit suites take the longest), so only a hang reaches it.
    if command -v timeout >/dev/null 2>&1; then timeout 900 "$bin" --jobs 2 >"$log" 2>&1; else "$bin" --jobs 2 >"$log" 2>&1; fi
    rc=$?
    line=$(grep 'Synthesis:' "$log" | tail -n 1)
    p=$(printf '%s' "$line" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
    f=$(printf '%s' "$line" | sed -n 's/.*Failing: \([0-9]*\).*/\1/p')
    c=$(printf '%s' "$line" | sed -n 's/.*Crashing: \([0-9]*\).*/\1/p')
    if [ -z "$p" ]; then p=0; f=1; c=0; fi
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && [ "$c" -eq 0 ]; then f=1; fi
    printf '%-40s %s\n' "$(basename "$bin")" "$line"
    if [ "$((f + c))" -ne 0 ]; then
        scripts/test-failures.sh "$log"
        failures="$failures $(basename "$bin")"
    fi
    passed=$((passed + p))
    failed=$((failed + f + c))
    rm -f "$log"
}

for v in "$@" $test_only; do
    run_criterion "$build/test-$v"
    run_criterion "$build/test-$v-asan"
done
# The unit tests of strategies/_common/ and _core/ (tests/common/), project-wide.
if [ -z "${TEST_STRATEGY:-}" ] && ls tests/common/*.c >/dev/null 2>&1; then
    run_criterion "$build/test-common"
    run_criterion "$build/test-common-asan"
fi

# The fuzz targets: one pass or failure per variant, and their counts.
fuzz_ops=0
fuzz_inputs=0
fuzz_injected=0
if [ "${FUZZ_SECONDS:-0}" -gt 0 ]; then
    log=$(mktemp)
    scripts/fuzz.sh "$build" "$FUZZ_SECONDS" "$@" $test_only >"$log" 2>&1
    rc=$?
    cat "$log"
    tally='^fuzz: \([0-9]*\) operations in \([0-9]*\) inputs (\([0-9]*\) allocation failures injected) over \([0-9]*\) variants .*, \([0-9]*\) failed$'
    line=$(sed -n "s/$tally/\1 \2 \3 \4 \5/p" "$log")
    if [ -z "$line" ]; then
        failed=$((failed + 1))
        failures="$failures fuzz"
    else
        set -- $line
        fuzz_ops=$1 fuzz_inputs=$2 fuzz_injected=$3
        passed=$((passed + $4 - $5))
        failed=$((failed + $5))
        [ "$5" -ne 0 ] && failures="$failures fuzz"
        [ "$rc" -ne 0 ] && [ "$5" -eq 0 ] && failed=$((failed + 1)) && failures="$failures fuzz"
        set -- $variants_all
    fi
    rm -f "$log"
fi

# A test script that ends with its own "WHAT: N passed, M failed" line (", S skipped" after it where the script
# can skip a test): run it and fold that into the tally.
run_script() {
    what=$1
    shift
    log=$(mktemp)
    sh "$@" >"$log" 2>&1
    rc=$?
    cat "$log"
    tally="^$what: \([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)\{0,1\}\$"
    p=$(sed -n "s/$tally/\1/p" "$log")
    f=$(sed -n "s/$tally/\2/p" "$log")
    s=$(sed -n "s/$tally/\4/p" "$log")
    if [ -z "$p" ]; then p=0; f=1; s=0; fi
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    [ "$f" -ne 0 ] && failures="$failures $what"
    passed=$((passed + p))
    failed=$((failed + f))
    skipped=$((skipped + ${s:-0}))
    rm -f "$log"
}
if [ -n "${TEST_STRATEGY:-}" ]; then
    # Every scenario of the strategy's measured variants, with the reference's and raw's checksums.
    run_script strategy tests/strategy.sh "$build" "${STRATEGY_REFERENCE:?STRATEGY_REFERENCE is not set}" "$@"
    # A check that never aborts passes every suite; only the strategy's own tests can show that it does.
    if ! ls "strategies/$TEST_STRATEGY/tests/"*.c >/dev/null 2>&1; then
        echo "note: strategies/$TEST_STRATEGY has no tests of its own (strategies/$TEST_STRATEGY/tests/*.c), so nothing" \
            "shows that its esb_world_check can fail; strategies/_template/tests/invariants.c is one to copy"
    fi
else
    # The analysis module (statistics, merging, the stopping rule, tables): unittest ends with "Ran N tests" and "OK"
    # or "FAILED (failures=F, errors=E)".
    log=$(mktemp)
    python3 -m unittest discover -s tests/analysis >"$log" 2>&1
    rc=$?
    grep -E '^(FAIL|ERROR):|^Ran |^OK|^FAILED' "$log"
    ran=$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\} in.*/\1/p' "$log")
    bad=$(sed -n 's/^FAILED (\(.*\))$/\1/p' "$log" | tr ',' '\n' | sed -n 's/.*=\([0-9]*\)/\1/p' | awk '{ s += $1 } END { print s + 0 }')
    if [ -z "$ran" ] || { [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; }; then ran=${ran:-0}; bad=$((bad + 1)); fi
    echo "analysis: $((ran - (bad > ran ? ran : bad))) passed, $bad failed"
    passed=$((passed + ran - (bad > ran ? ran : bad)))
    failed=$((failed + bad))
    [ "$bad" -ne 0 ] && failures="$failures analysis"
    rm -f "$log"
    # The type hints of the analysis and of its tests, checked by mypy with scripts/analysis/mypy.ini: a test each,
    # failed by any error mypy reports in it (or by a machine without mypy: scripts/setup.sh test installs it).
    for typed in scripts/analysis tests/analysis; do
        log=$(mktemp)
        if command -v mypy >/dev/null 2>&1; then
            mypy --config-file scripts/analysis/mypy.ini "$typed" >"$log" 2>&1
            rc=$?
        else
            echo "mypy is not installed (scripts/setup.sh test installs it)" >"$log"
            rc=1
        fi
        if [ "$rc" -eq 0 ]; then
            echo "types of $typed: 1 passed, 0 failed"
            passed=$((passed + 1))
        else
            head -n 20 "$log"
            echo "types of $typed: 0 passed, 1 failed"
            failed=$((failed + 1))
            failures="$failures types:$typed"
        fi
        rm -f "$log"
    done

    # The harness and the bench binaries; the bench pipeline and the programs that read its results.
    run_script harness tests/harness.sh "$build" "$aa" "$@"
    # The paired program: its units, their code against bench-NAME's, a cell side by side, its controls.
    run_script paired tests/paired.sh "$build" "$aa" "$@"
    run_script pipeline tests/pipeline.sh "$build" "$aa" "$@"
    # The template strategy: copied under a new name, it is discovered, passes the conformance suite and benchmarks.
    run_script template tests/template.sh "$build"
    # What make bench builds: a narrowed run its designs alone, beside a strategy folder that does not compile.
    run_script subset tests/subset.sh "$build"
    # A new scenario: its file and catalogue line are all it takes to appear in results, plots and tables.
    run_script scenario tests/scenario.sh "$build" "$1"
    # REPORT.md: no figure typed by hand, and every generated one that of its reference run.
    run_script report tests/report.sh
    # The C sources follow .clang-format (skipped without clang-format 14).
    run_script format tests/format.sh
    # The layers and the shared code's form: no function-writing macro, no include past a layer, no #if on a
    # variant's flag (tests/structure.py).
    run_script structure tests/structure.sh
    # The variants' discovery: source sets resolved, defaulted and refused as docs/structure.md says.
    run_script variants tests/variants.sh
    # The hardware-counter columns and the cache simulation (skipped where the machine cannot count or simulate).
    run_script counters tests/counters.sh "$build" "$@"
fi

# Counts the suites tallied: "N what" lines, summed per what.
count() { awk -v what="$1" '{ n = $1; $1 = ""; sub(/^ /, ""); if ($0 == what) s += n } END { print s + 0 }' "$CONF_TALLY"; }
random_ops=$(count "random operations checked")
injected=$(count "allocation failures injected")
echo "checked: $random_ops random operations, $fuzz_ops fuzzed operations in $fuzz_inputs inputs," \
    "$((injected + fuzz_injected)) allocation failures injected ($fuzz_injected of them while fuzzing)"
[ -n "$failures" ] && echo "failing:$failures"
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
