#!/bin/sh
# REPORT.md against its reference run: no number of its prose is typed by hand (scripts/analysis/prose.py: every
# figure comes from a generated table or an inline figure, apart from the constants it allows and prints), and
# `make report` from the reference run's folder (the one REPORT.md names in its machine_id figure) changes
# nothing in it, so every generated table, figure and verdict is that run's. Ends with "report: N passed, M failed".
# Usage (from the repository root): sh tests/report.sh
set -u
test_name=report
. tests/lib.sh

if python3 scripts/analysis prose REPORT.md >"$tmp/prose" 2>&1; then
    ok "no figure of REPORT.md's prose is typed by hand ($(grep -c '^allowed:' "$tmp/prose") kinds of constant allowed)"
else
    ko "no figure of REPORT.md's prose is typed by hand" "$(grep -c 'typed by hand$' "$tmp/prose") typed: $(grep 'typed by hand$' "$tmp/prose" | head -n 3 | tr '\n' ' ')"
fi

machine=$(sed -n 's/.*<!-- v: meta machine_id -->\([^<]*\)<!-- \/v -->.*/\1/p' REPORT.md | head -n 1)
if [ -z "$machine" ] || [ ! -f "results/$machine/results.csv" ]; then
    ko "REPORT.md names its reference run" "no '<!-- v: meta machine_id -->' figure naming a folder of results/"
else
    cp REPORT.md "$tmp/REPORT.md"
    if python3 scripts/analysis report "results/$machine/results.csv" "$tmp/REPORT.md" >"$tmp/log" 2>&1 &&
        cmp -s REPORT.md "$tmp/REPORT.md"; then
        ok "REPORT.md is what make report makes of results/$machine"
    else
        ko "REPORT.md is what make report makes of results/$machine" \
            "$(tail_of "$tmp/log") $(diff REPORT.md "$tmp/REPORT.md" 2>/dev/null | head -n 4 | tr '\n' ' ')"
    fi
fi
tally
