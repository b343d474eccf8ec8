#!/bin/sh
# Runs every given variant's conformance suite (the plain build: -O2 -g, no sanitizer) under valgrind memcheck,
# following Criterion's test processes. A variant passes with zero errors (invalid reads and writes, uses of
# uninitialised values, bad frees) and zero bytes definitely or indirectly lost; memcheck.supp lists the one read
# of uninitialised bytes the contract asks for. Prints one line per variant and
#   memcheck: K variants, T tests, E errors, L bytes leaked, F failed
# Usage: scripts/memcheck.sh BUILD VARIANT...
set -u
build=$1
shift
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
total_tests=0
total_errors=0
total_leaked=0
failed=0
for v in "$@"; do
    log=$logs/$v
    # --error-exitcode makes every process with an error fail its test; the log is parsed for the totals anyway.
    valgrind --tool=memcheck --trace-children=yes --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --suppressions="$(dirname "$0")/memcheck.supp" --error-exitcode=99 --log-file="$log.%p" "$build/test-$v" --jobs 2 >"$log.out" 2>&1
    rc=$?
    tests=$(sed -n 's/.*Tested: \([0-9]*\) .*/\1/p' "$log.out" | tail -n 1)
    pass=$(sed -n 's/.*Passing: \([0-9]*\) .*/\1/p' "$log.out" | tail -n 1)
    errors=$(cat "$log".[0-9]* | awk '/ERROR SUMMARY:/ {s += $4} END {print s + 0}')
    leaked=$(cat "$log".[0-9]* | awk '/definitely lost:|indirectly lost:/ {gsub(/,/, "", $4); s += $4} END {print s + 0}')
    total_tests=$((total_tests + ${tests:-0}))
    total_errors=$((total_errors + errors))
    total_leaked=$((total_leaked + leaked))
    if [ "$rc" -ne 0 ] || [ -z "$tests" ] || [ "$pass" != "$tests" ] || [ "$errors" -ne 0 ] || [ "$leaked" -ne 0 ]; then
        failed=$((failed + 1))
        printf 'memcheck %-24s FAIL: %s of %s tests passed, %s errors, %s bytes leaked\n' "$v" "${pass:-0}" \
            "${tests:-?}" "$errors" "$leaked"
        cat "$log".[0-9]* | grep -E -A12 'Invalid|uninitialised|definitely lost in|Mismatched' | head -n 40
    else
        printf 'memcheck %-24s ok: %s tests, 0 errors, 0 bytes leaked\n' "$v" "$tests"
    fi
done
echo "memcheck: $# variants, $total_tests tests, $total_errors errors, $total_leaked bytes leaked, $failed failed"
[ "$failed" -eq 0 ]
