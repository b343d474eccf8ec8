#!/bin/sh
# What a failing Criterion suite's log says about its failures, in at most MAX lines (default 60): each failed
# assertion's place and message, the conformance context printed before it ("[conformance] strategy=... seed=...
# step=... op=...", which names the seed and operation to replay), crashes with the line that caused them (an
# invariant check's "FILE:LINE: invariant broken: ...", a sanitizer's report) and the failing tests' names; the
# passing tests' chatter is left out.
# Usage: scripts/test-failures.sh LOG [MAX]
log=${1:?usage: scripts/test-failures.sh LOG [MAX]}
max=${2:-60}
# Criterion prints an assertion as "[----] FILE:LINE: Assertion Failed", then its message on "[----]   ..."
# lines; a test's end as "[FAIL] suite::test" (or "CRASH!"); a signal as "Unexpected signal caught below ...".
awk '
    /^\[conformance\] / { print; next }
    /^\[----\] .*: (Assertion Failed|Unexpected signal)/ { print; inmsg = 1; next }
    inmsg && /^\[----\]   / { line = $0; sub(/^\[----\] +/, "    ", line); if (line !~ /^ *$/) print line; next }
    { inmsg = 0 }
    /^\[FAIL\]|^\[ERR \]|CRASH|ERROR: AddressSanitizer|runtime error:|^SUMMARY: |: invariant broken: / { print }
' "$log" | head -n "$max"
