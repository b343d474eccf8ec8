#!/bin/sh
# Merges the results folders of several machines (each a make bench run: results.csv and metadata.csv) into one
# comparison, so that runs on other CPUs can be read side by side. Absolute times do not compare across machines,
# so every figure is also given relative to its own machine's floor: the median of that machine's raw-soa
# simple_iter at the same N (the nearest N it measured, when it has none at that N), the cost of streaming plain
# arrays there. A strategy that is 3x its machine's floor on one CPU and 6x on another has a design that suits
# the first CPU less well, whatever the clock rates.
# Writes OUT_CSV:
#   machine_id,cpu_model,strategy,scenario,n,unit,memory,median_ns,process_spread_ns,floor_n,floor_ns,x_floor
# and prints, for the N every machine measured closest to COMPARE_N (default 65536), one line per scenario and
# strategy with each machine's x_floor.
# Usage: scripts/compare-machines.sh OUT_CSV RESULTS_DIR RESULTS_DIR...
set -eu
[ $# -ge 2 ] || { echo "usage: scripts/compare-machines.sh OUT_CSV RESULTS_DIR..." >&2; exit 2; }
out=$1
shift
here=$(dirname "$0")
compare_n=${COMPARE_N:-65536}
for d; do
    [ -r "$d/results.csv" ] && [ -r "$d/metadata.csv" ] ||
        { echo "compare-machines: $d has no results.csv and metadata.csv (a make bench results folder)" >&2; exit 1; }
    sh "$here/csv-check.sh" "$d/results.csv" results
done
tmp=$out.partial
trap 'rm -f "$tmp"' EXIT
trap 'rm -f "$tmp"; trap - EXIT; exit 130' INT
trap 'rm -f "$tmp"; trap - EXIT; exit 143' TERM

{
    echo "machine_id,cpu_model,strategy,scenario,n,unit,memory,median_ns,process_spread_ns,floor_n,floor_ns,x_floor"
    for d; do
        awk -F, '
        FILENAME ~ /metadata\.csv$/ {
            v = substr($0, length($1) + 2); gsub(/^"|"$/, "", v); gsub(/,/, ";", v)
            if ($1 == "machine_id") id = v
            if ($1 == "cpu_model") cpu = v
            next
        }
        FNR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            row[++rows] = $0
            if ($c["strategy"] == "raw-soa" && $c["scenario"] == "simple_iter") { floor[$c["n"] + 0] = $c["median_ns"]; fn[++nf] = $c["n"] + 0 }
        }
        END {
            if (id == "") { print "compare-machines: " FILENAME ": metadata has no machine_id" > "/dev/stderr"; exit 1 }
            if (nf == 0) { print "compare-machines: " FILENAME " has no raw-soa simple_iter rows to normalise by" > "/dev/stderr"; exit 1 }
            for (r = 1; r <= rows; r++) {
                split(row[r], f, ",")
                n = f[c["n"]] + 0; best = fn[1]
                for (i = 2; i <= nf; i++) if ((fn[i] > n ? fn[i] - n : n - fn[i]) < (best > n ? best - n : n - best)) best = fn[i]
                printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.3f\n", id, cpu, f[c["strategy"]], f[c["scenario"]], n,
                    f[c["unit"]], f[c["memory"]], f[c["median_ns"]], f[c["process_spread_ns"]], best, floor[best],
                    (floor[best] > 0 ? f[c["median_ns"]] / floor[best] : 0)
            }
        }' "$d/metadata.csv" "$d/results.csv"
    done
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT INT TERM
echo "compare-machines: wrote $out ($(($(wc -l <"$out") - 1)) rows from $# folders)" >&2

# The side-by-side view: per machine, the N nearest COMPARE_N among those it measured for each scenario.
awk -F, -v want="$compare_n" '
NR == 1 { next }
{
    m = $1; sc = $4 ($7 == "fresh" ? "@fresh" : ""); key = m SUBSEP sc SUBSEP $3
    d = $5 > want ? $5 - want : want - $5
    if (!((m, sc) in bestd) || d < bestd[m, sc]) { bestd[m, sc] = d; bestn[m, sc] = $5 }
    x[key, $5] = $12
    if (!(m in seen)) { seen[m]; machines[++nm] = m }
    if (!((sc, $3) in pair)) { pair[sc, $3]; pairs[++np] = sc SUBSEP $3 }
}
END {
    printf "%-20s %-16s", "scenario", "strategy"
    for (i = 1; i <= nm; i++) printf " %22s", substr(machines[i], 1, 22)
    printf "\n"
    for (i = 2; i <= np; i++) { t = pairs[i]; for (j = i - 1; j >= 1 && pairs[j] > t; j--) pairs[j + 1] = pairs[j]; pairs[j + 1] = t }
    for (p = 1; p <= np; p++) {
        split(pairs[p], a, SUBSEP)
        printf "%-20s %-16s", a[1], a[2]
        for (i = 1; i <= nm; i++) {
            m = machines[i]; n = bestn[m, a[1]]
            k = m SUBSEP a[1] SUBSEP a[2] SUBSEP n
            printf " %22s", ((k in x) ? sprintf("%.2fx @%s", x[k], n) : "-")
        }
        printf "\n"
    }
    print "x: median relative to the machine'"'"'s own raw-soa simple_iter at that N (its floor); @N: the entity count"
}' "$out"
