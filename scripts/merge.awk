# Merges the rows several processes wrote for the same strategy, scenario, N and heap mode into one row:
#   median_ns   the median of the processes' medians
#   min_ns, max_ns   over every sample of every process
#   mad_ns      the median of the processes' MADs (spread within a process)
#   process_spread_ns   largest minus smallest process median (spread between memory layouts)
#   processes   how many processes measured it
#   hardware counts per unit (where present)   the median of the processes' figures
# Other columns come from the first process; a checksum that differs between processes is an error.
# Usage: awk -F, -f merge.awk RUNS_CSV   (header line first, as bench-<strategy> prints it)

function median(list, n,    i, j, t, a) {
    split(list, a, " ")
    for (i = 2; i <= n; i++) {          # insertion sort: n is the process count
        t = a[i] + 0
        for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]
        a[j + 1] = t
    }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}

NR == 1 {
    header = $0
    fields = NF
    for (i = 1; i <= NF; i++)
        if ($i ~ /^(instructions|cycles|l1d_misses|llc_misses)_per_unit$/) hw_cols[++hw_count] = i
    next
}
NF != fields {
    printf "merge: line %d has %d fields where the header has %d: not a results CSV\n", NR, NF, fields > "/dev/stderr"
    bad = 1
    exit 1
}
{
    key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $15
    if (!(key in count)) {
        order[++keys] = key
        row[key] = $0
        lo[key] = $9; hi[key] = $10
        pmin[key] = $8; pmax[key] = $8
        csum[key] = $14
    }
    if ($14 != csum[key]) {
        printf "merge: %s %s n=%s memory=%s: checksum %s in one process, %s in another\n", $1, $2, $3, $15, csum[key], $14 > "/dev/stderr"
        bad = 1
    }
    count[key]++
    meds[key] = meds[key] " " $8
    for (h = 1; h <= hw_count; h++) {
        c = hw_cols[h]
        if ($c == "") hw_missing[key, c] = 1
        else hw[key, c] = hw[key, c] " " $c
    }
    mads[key] = mads[key] " " $11
    if ($9 + 0 < lo[key] + 0) lo[key] = $9
    if ($10 + 0 > hi[key] + 0) hi[key] = $10
    if ($8 + 0 < pmin[key] + 0) pmin[key] = $8
    if ($8 + 0 > pmax[key] + 0) pmax[key] = $8
}
END {
    if (bad) exit 1
    print header ",process_spread_ns,processes"
    for (i = 1; i <= keys; i++) {
        key = order[i]
        n = split(row[key], f, ",")
        f[8] = sprintf("%.6g", median(meds[key], count[key]))
        f[9] = lo[key]
        f[10] = hi[key]
        f[11] = sprintf("%.6g", median(mads[key], count[key]))
        for (h = 1; h <= hw_count; h++) {
            c = hw_cols[h]
            if (!((key, c) in hw_missing)) f[c] = sprintf("%.6g", median(hw[key, c], count[key]))
        }
        line = f[1]
        for (j = 2; j <= n; j++) line = line "," f[j]
        printf "%s,%.6g,%d\n", line, pmax[key] - pmin[key], count[key]
    }
}
