#!/bin/sh
# REPORT.md and docs/results.md against their reference run: no number and no verdict of their prose is typed by
# hand (scripts/analysis/prose.py: every figure and every outcome word comes from a generated table or an inline
# figure, apart from the constants it allows and prints, and the verdicts it names as words), and `make report`
# from the reference run's folder (the one REPORT.md names in its machine_id figure) changes nothing in either, so
# every generated table, figure and verdict (faster, slower, equivalent, inconclusive, parity claims included) is
# what the decision rule makes of that run's data. Ends with "report: N passed, M failed".
# Usage (from the repository root): sh tests/report.sh
set -u
test_name=report
. tests/lib.sh

for text in REPORT.md docs/results.md; do
    what="no figure or verdict of $text's prose is typed by hand"
    if scripts/analysis.sh prose "$text" >"$tmp/prose" 2>&1; then
        ok "$what ($(grep -c '^allowed:' "$tmp/prose") kinds of constant allowed)"
    else
        typed=$(grep 'typed by hand$' "$tmp/prose")
        ko "$what" "$(printf '%s\n' "$typed" | grep -c .) typed: $(printf '%s\n' "$typed" | head -n 3 | tr '\n' ' ')"
    fi
done

machine=$(sed -n 's/.*<!-- v: meta machine_id -->\([^<]*\)<!-- \/v -->.*/\1/p' REPORT.md | head -n 1)
if [ -z "$machine" ] || [ ! -f "results/$machine/results.csv" ]; then
    ko "REPORT.md names its reference run" "no '<!-- v: meta machine_id -->' figure naming a folder of results/"
else
    for text in REPORT.md docs/results.md; do
        mkdir -p "$tmp/$(dirname "$text")"
        cp "$text" "$tmp/$text"
        if scripts/analysis.sh report "results/$machine/results.csv" "$tmp/$text" >"$tmp/log" 2>&1 &&
            cmp -s "$text" "$tmp/$text"; then
            ok "$text is what make report makes of results/$machine"
        else
            ko "$text is what make report makes of results/$machine" \
                "$(tail_of "$tmp/log") $(diff "$text" "$tmp/$text" 2>/dev/null | head -n 4 | tr '\n' ' ')"
        fi
    done
fi
tally
