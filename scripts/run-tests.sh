#!/bin/sh
# Runs every test binary (plain and sanitized), the harness tests and the counter tests, then prints one
# closing tally:
#   tests: N passed, M failed, S skipped
# (skipped: tests this machine cannot run, such as hardware counters in a VM without them; each is listed as
# "SKIP name: reason").
# Usage: scripts/run-tests.sh BUILD_DIR "TEST_ONLY_VARIANT..." VARIANT...
set -u
build=$1
test_only=$2
shift 2
passed=0
failed=0
skipped=0
failures=""

# Criterion ends with "Synthesis: Tested: T | Passing: P | Failing: F | Crashing: C".
run_criterion() {
    bin=$1
    log=$(mktemp)
    # A hung test must fail the run, not stall it: no suite here takes more than a minute.
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
        grep -E 'FAIL|CRASH|ERROR|error|Assertion' "$log" | head -n 40
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

# The harness tests print their own "N passed, M failed" line; fold it into the tally.
log=$(mktemp)
sh tests/harness.sh "$build" "$@" >"$log" 2>&1
rc=$?
cat "$log"
hp=$(sed -n 's/^harness: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log")
hf=$(sed -n 's/^harness: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log")
if [ -z "$hp" ]; then hp=0; hf=1; fi
if [ "$rc" -ne 0 ] && [ "$hf" -eq 0 ]; then hf=1; fi
[ "$hf" -ne 0 ] && failures="$failures harness"
passed=$((passed + hp))
failed=$((failed + hf))
rm -f "$log"

# The counter tests add a skipped count to theirs.
log=$(mktemp)
sh tests/counters.sh "$build" "$@" >"$log" 2>&1
rc=$?
cat "$log"
tally='^counters: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$'
cpass=$(sed -n "s/$tally/\1/p" "$log")
cfail=$(sed -n "s/$tally/\2/p" "$log")
cskip=$(sed -n "s/$tally/\3/p" "$log")
if [ -z "$cpass" ]; then cpass=0; cfail=1; cskip=0; fi
if [ "$rc" -ne 0 ] && [ "$cfail" -eq 0 ]; then cfail=1; fi
[ "$cfail" -ne 0 ] && failures="$failures counters"
passed=$((passed + cpass))
failed=$((failed + cfail))
skipped=$((skipped + cskip))
rm -f "$log"

[ -n "$failures" ] && echo "failing:$failures"
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
