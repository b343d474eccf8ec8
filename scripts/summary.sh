#!/bin/sh
# Checks a results CSV (every strategy agrees on every checksum) and prints, per scenario at the largest N,
# each strategy's median ns per unit, its spreads (within and between processes) and its ratio to the fastest
# raw baseline or, where the scenario has none, to the fastest strategy.
# Usage: scripts/summary.sh RESULTS_CSV
set -eu
csv=$1
sh "$(dirname "$0")/csv-check.sh" "$csv" merged
awk -F, -v prefix=summary -f "$(dirname "$0")/checksums.awk" "$csv"
echo "checksums: all strategies agree"

printf "%-18s %8s %-15s %-14s %10s %8s %8s %8s %8s\n" scenario n strategy query median_ns mad_ns spread ratio bytes/e
awk -F, '
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ lab = $2 ($15 == "fresh" ? "@fresh" : ""); if ($3 + 0 > maxn[lab]) maxn[lab] = $3 + 0; row[NR] = $0 }
END {
    sp = col["process_spread_ns"]
    for (r in row) {
        split(row[r], f, ",")
        s = f[2] (f[15] == "fresh" ? "@fresh" : ""); n = f[1]
        if (f[3] + 0 != maxn[s]) continue
        med[s, n] = f[8]; mad[s, n] = f[11]; bpe[s, n] = f[12]; kind[s, n] = (f[5] == "" ? "-" : f[5])
        spread[s, n] = (!sp || f[sp] == "" ? "-" : sprintf("%.0f%%", 100 * f[sp] / (f[8] > 0 ? f[8] : 1)))
        names[s] = names[s] " " n
        if (n ~ /^raw/ && (!(s in rawbest) || f[8] + 0 < rawbest[s])) rawbest[s] = f[8] + 0
        if (!(s in best) || f[8] + 0 < best[s]) best[s] = f[8] + 0
    }
    for (s in names) {
        ref = (s in rawbest) ? rawbest[s] : best[s]
        m = split(names[s], list, " ")
        for (j = 1; j <= m; j++) {
            n = list[j]
            printf "%-18s %8d %-15s %-14s %10.3f %8.3f %8s %7.2fx %8.1f\n", s, maxn[s], n, kind[s, n], med[s, n], mad[s, n], spread[s, n], med[s, n] / ref, bpe[s, n]
        }
    }
}' "$csv" | sort -k1,1 -k8,8n
echo "mad: spread of samples within a process; spread: largest minus smallest process median, relative to the"
echo "median (memory layouts differ between processes); ratio: to the fastest raw baseline where the scenario"
echo "has one, else to the fastest strategy; NAME@fresh: creation into memory the process never touched"
echo "(--memory fresh: first-touch page faults included), the others reuse memory already touched"
