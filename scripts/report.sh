#!/bin/sh
# Refreshes the generated tables of a report from a merged results CSV. Every block
#     <!-- table: SPEC -->
#     ...
#     <!-- end table -->
# is replaced by the table scripts/report-table.awk prints for SPEC (see that file); the prose around the
# blocks is left as it is; "sim" tables come from the cache simulation's cachesim.csv beside RESULTS_CSV. The
# report is rewritten through a temporary file, so a failure leaves it intact.
# Usage: scripts/report.sh RESULTS_CSV REPORT_MD
set -eu
csv=$1
report=$2
here=$(dirname "$0")
[ -r "$csv" ] || { echo "report: no results at $csv (run make bench first)" >&2; exit 1; }
sh "$here/csv-check.sh" "$csv" merged
sim="$(dirname "$csv")/cachesim.csv"
if grep -q '^<!-- table: sim ' "$report"; then sh "$here/csv-check.sh" "$sim" cachesim; fi
tmp="$report.tmp.$$"
trap 'rm -f "$tmp"' EXIT
trap 'rm -f "$tmp"; trap - EXIT; exit 130' INT
trap 'rm -f "$tmp"; trap - EXIT; exit 143' TERM
awk -v csv="$csv" -v sim="$sim" -v gen="$here/report-table.awk" '
function quote(s) { gsub(/'\''/, "'\''\\'\'''\''", s); return "'\''" s "'\''" }
/^<!-- table: .* -->$/ {
    print
    spec = $0; sub(/^<!-- table: /, "", spec); sub(/ -->$/, "", spec)
    cmd = "awk -F, -v spec=" quote(spec) " -f " quote(gen) " " quote(spec ~ /^sim / ? sim : csv)
    while ((cmd | getline line) > 0) print line
    if (close(cmd) != 0) { print "report: table \"" spec "\" failed" > "/dev/stderr"; failed = 1 }
    skipping = 1
    next
}
/^<!-- end table -->$/ { skipping = 0; print; next }
!skipping { print }
END {
    if (skipping) { print "report: a table block is not closed" > "/dev/stderr"; exit 1 }
    exit failed
}' "$report" >"$tmp"
mv "$tmp" "$report"
trap - EXIT INT TERM
echo "report: tables in $report refreshed from $csv"
