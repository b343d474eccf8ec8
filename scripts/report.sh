#!/bin/sh
# Refreshes the generated tables of a report from a results folder. Every block
#     <!-- table: SPEC -->
#     ...
#     <!-- end table -->
# is replaced by the table scripts/report-table.awk prints for SPEC (see that file); the prose around the
# blocks is left as it is. Tables read RESULTS_CSV, except "sim" (cachesim.csv), "meta" (metadata.csv) and
# "xcheck" (crosscheck.csv), the files beside it. The report is rewritten through a temporary file, so a
# failure leaves it intact.
# Usage: scripts/report.sh RESULTS_CSV REPORT_MD [OUT_MD]
#   With OUT_MD the refreshed report is written there instead and REPORT_MD is left alone; its links are
#   rewritten to work from OUT_MD's folder, and links to any results folder's plots point to the plots beside
#   RESULTS_CSV (make bench: results/MACHINE/report.md, the report with this machine's tables and plots).
set -eu
csv=$1
report=$2
out=${3:-$2}
here=$(dirname "$0")
[ -r "$csv" ] || { echo "report: no results at $csv (run make bench first)" >&2; exit 1; }
sh "$here/csv-check.sh" "$csv" merged
dir=$(dirname "$csv")
sim="$dir/cachesim.csv"
meta="$dir/metadata.csv"
xcheck="$dir/crosscheck.csv"
if grep -q '^<!-- table: sim ' "$report"; then sh "$here/csv-check.sh" "$sim" cachesim; fi
for f in meta xcheck; do
    if grep -q "^<!-- table: $f" "$report"; then
        eval "file=\$$f"
        [ -r "$file" ] || { echo "report: $report has $f tables and $file is missing" >&2; exit 1; }
    fi
done
# Relative paths from the output's folder to the report's folder (the repository) and to the plots.
rel() { realpath -m --relative-to="$(dirname "$out")" "$1"; }
root=$(rel "$(dirname "$report")")
plots=$(rel "$dir/plots")
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
trap 'rm -f "$tmp"; trap - EXIT; exit 130' INT
trap 'rm -f "$tmp"; trap - EXIT; exit 143' TERM
awk -v csv="$csv" -v sim="$sim" -v meta="$meta" -v xcheck="$xcheck" -v gen="$here/report-table.awk" \
    -v relink="$([ "$out" = "$report" ] && echo 0 || echo 1)" -v root="$root" -v plots="$plots" '
function quote(s) { gsub(/'\''/, "'\''\\'\'''\''", s); return "'\''" s "'\''" }
/^<!-- table: .* -->$/ {
    print
    spec = $0; sub(/^<!-- table: /, "", spec); sub(/ -->$/, "", spec)
    file = spec ~ /^sim / ? sim : spec ~ /^meta/ ? meta : spec ~ /^xcheck/ ? xcheck : csv
    cmd = "awk -F, -v spec=" quote(spec) " -f " quote(gen) " " quote(file)
    while ((cmd | getline line) > 0) print line
    if (close(cmd) != 0) { print "report: table \"" spec "\" failed" > "/dev/stderr"; failed = 1 }
    skipping = 1
    next
}
/^<!-- end table -->$/ { skipping = 0; print; next }
# Markdown links and images: plots of a results folder become the plots beside the CSV; other relative
# links are made relative to the output.
function relinked(line,    head, target, rest, out) {
    out = ""
    while (match(line, /\]\([^)]*\)/)) {
        head = substr(line, 1, RSTART + 1); target = substr(line, RSTART + 2, RLENGTH - 3); rest = substr(line, RSTART + RLENGTH)
        if (target ~ /^results\/[^\/]+\/plots\//) { sub(/^results\/[^\/]+\/plots/, plots, target) }
        else if (target !~ /^([a-z]+:|#|\/)/ && root != ".") target = root "/" target
        out = out head target ")"
        line = rest
    }
    return out line
}
!skipping { print (relink ? relinked($0) : $0) }
END {
    if (skipping) { print "report: a table block is not closed" > "/dev/stderr"; exit 1 }
    exit failed
}' "$report" >"$tmp"
mv "$tmp" "$out"
trap - EXIT INT TERM
echo "report: tables in $out refreshed from $csv" >&2
