# Prints one Markdown table from a results folder's files (results.csv, or the file its mode names): the tables
# REPORT.md cites.
# Usage: awk -F, -v spec="MODE ARG..." -f scripts/report-table.awk results/MACHINE/results.csv
#   iter SCENARIO BASELINE N1,N2,...   one row per strategy: median ns (process spread) and ratio to BASELINE
#                                      at each N; rows ordered by median at the last N
#   ops N SCENARIO,SCENARIO,... [raw]  one row per scenario, one column per strategy (raw excluded, or with
#                                      "raw" the raw-soa floor first): median ns (process spread) at N
#   bytes N SCENARIO,SCENARIO,... [raw] the same layout with bytes per entity at N
#   sweep SCENARIO N1,N2,...           one row per strategy: median ns (process spread) at each N, and bytes per
#                                      entity at the last N
#   sim SCENARIO,SCENARIO,...          from the cache simulation's CSV (cachesim.csv): one row per
#                                      strategy, per scenario its D1 misses per unit (and LL misses when any)
#   meta [KEY,KEY,...]                 from the run's metadata.csv: key | value (all keys if none are named)
#   xcheck                             from the run's crosscheck.csv: in-process against whole-process figures
# Cells with no measurement print "-". Spread = largest minus smallest process median, relative to the median.
function cell(key) {
    if (!(key in med)) return "-"
    return sprintf("%." digits_for(med[key]) "f (%.0f%%)", med[key], spread[key])
}
function digits_for(v) { return v < 1 ? 3 : v < 10 ? 2 : v < 100 ? 1 : 0 }
function pow2(n, e) { e = 0; while (n > 1 && n % 2 == 0) { n /= 2; e++ } return n == 1 ? "2^" e : "" }
function label(n) { return pow2(n) != "" ? pow2(n) : n }
NR == 1 {
    for (i = 1; i <= NF; i++) col[$i] = i
    if ($0 == "key,value") { described = 1; next }
    if ("whole_process_ns" in col) { crosschecked = 1; next }
    if ("d1_misses_per_unit" in col) { simulated = 1; next }
    if (!("process_spread_ns" in col)) { print "report-table: not a merged results CSV (no process_spread_ns)" > "/dev/stderr"; exit 2 }
    next
}
described {
    k = $1; v = substr($0, length($1) + 2)
    if (v ~ /^".*"$/) { v = substr(v, 2, length(v) - 2); gsub(/""/, "\"", v) }
    gsub(/\|/, "\\|", v)
    fact[k] = v; facts[++ns] = k
    next
}
crosschecked {
    xrow[++ns] = "| " $col["strategy"] " | " $col["scenario"] " | " label($col["n"] + 0) " | " sprintf("%.3f | %.3f | %.2fx", $col["in_process_ns"], $col["whole_process_ns"], $col["ratio"]) " |"
    next
}
simulated {
    s = $col["strategy"]; key = s SUBSEP $col["scenario"]
    d1[key] = $col["d1_misses_per_unit"] + 0; ll[key] = $col["ll_misses_per_unit"] + 0
    if (!(s in seen)) { seen[s] = 1; strategies[++ns] = s }
    next
}
{
    # rows measured into untouched memory (--memory fresh) are the scenario NAME@fresh
    s = $col["strategy"]; sc = $col["scenario"] ($col["memory"] == "fresh" ? "@fresh" : ""); n = $col["n"] + 0
    key = s SUBSEP sc SUBSEP n
    med[key] = $col["median_ns"] + 0
    spread[key] = med[key] > 0 ? 100 * $col["process_spread_ns"] / med[key] : 0
    bpe[key] = $col["bytes_per_entity"] + 0
    kind[s SUBSEP sc] = $col["query_kind"]
    if (!(s in seen)) { seen[s] = 1; strategies[++ns] = s }
}
END {
    if (ns == 0) exit 0
    m = split(spec, a, " ")
    mode = a[1]
    if (mode == "iter") {
        sc = a[2]; base = a[3]; k = split(a[4], N, ",")
        header = "| strategy | how"; rule = "|---|---"
        for (j = 1; j <= k; j++) { header = header " | " label(N[j]) " | ratio"; rule = rule "|---:|---:" }
        print header " |"; print rule "|"
        # order by median at the last N (insertion sort over the strategies measured there)
        c = 0
        for (i = 1; i <= ns; i++) if ((strategies[i] SUBSEP sc SUBSEP N[k]) in med) order[++c] = strategies[i]
        for (i = 2; i <= c; i++) for (j = i; j > 1 && med[order[j] SUBSEP sc SUBSEP N[k]] < med[order[j-1] SUBSEP sc SUBSEP N[k]]; j--) { t = order[j]; order[j] = order[j-1]; order[j-1] = t }
        for (i = 1; i <= c; i++) {
            s = order[i]; how = kind[s SUBSEP sc]; line = "| " s " | " (how == "" ? "-" : how)
            for (j = 1; j <= k; j++) {
                key = s SUBSEP sc SUBSEP N[j]; ref = base SUBSEP sc SUBSEP N[j]
                ratio = (key in med) && (ref in med) && med[ref] > 0 ? sprintf("%.2fx", med[key] / med[ref]) : "-"
                line = line " | " cell(key) " | " ratio
            }
            print line " |"
        }
    } else if (mode == "ops" || mode == "bytes") {
        n = a[2] + 0; k = split(a[3], S, ",")
        header = "| scenario"; rule = "|---"; c = 0
        for (i = 1; i <= ns; i++) if (strategies[i] !~ /^raw/) { cols[++c] = strategies[i] }
        for (i = 2; i <= c; i++) for (j = i; j > 1 && cols[j] < cols[j-1]; j--) { t = cols[j]; cols[j] = cols[j-1]; cols[j-1] = t }
        # "raw": the raw-soa floor as the first column, where the listed scenarios have one
        if (a[4] == "raw") { for (i = c; i >= 1; i--) cols[i + 1] = cols[i]; cols[1] = "raw-soa"; c++ }
        for (i = 1; i <= c; i++) { header = header " | " cols[i]; rule = rule "|---:" }
        print header " |"; print rule "|"
        for (j = 1; j <= k; j++) {
            line = "| " S[j]
            for (i = 1; i <= c; i++) {
                key = cols[i] SUBSEP S[j] SUBSEP n
                line = line " | " (mode == "ops" ? cell(key) : (key in bpe) ? sprintf("%.0f", bpe[key]) : "-")
            }
            print line " |"
        }
    } else if (mode == "sweep") {
        sc = a[2]; k = split(a[3], N, ",")
        header = "| strategy"; rule = "|---"
        for (j = 1; j <= k; j++) { header = header " | " label(N[j]); rule = rule "|---:" }
        print header " | bytes/entity at " label(N[k]) " |"; print rule "|---:|"
        c = 0
        for (i = 1; i <= ns; i++) if ((strategies[i] SUBSEP sc SUBSEP N[k]) in med) order[++c] = strategies[i]
        for (i = 2; i <= c; i++) for (j = i; j > 1 && order[j] < order[j-1]; j--) { t = order[j]; order[j] = order[j-1]; order[j-1] = t }
        for (i = 1; i <= c; i++) {
            s = order[i]; line = "| " s
            for (j = 1; j <= k; j++) { key = s SUBSEP sc SUBSEP N[j]; line = line " | " cell(key) }
            key = s SUBSEP sc SUBSEP N[k]
            print line " | " ((key in bpe) ? sprintf("%.0f", bpe[key]) : "-") " |"
        }
    } else if (mode == "sim") {
        if (!simulated) { print "report-table: sim tables read the cache simulation's CSV" > "/dev/stderr"; exit 2 }
        k = split(a[2], S, ",")
        header = "| strategy"; rule = "|---"
        for (j = 1; j <= k; j++) { header = header " | " S[j]; rule = rule "|---:" }
        print header " |"; print rule "|"
        c = 0
        for (i = 1; i <= ns; i++) order[++c] = strategies[i]
        for (i = 2; i <= c; i++) for (j = i; j > 1 && order[j] < order[j-1]; j--) { t = order[j]; order[j] = order[j-1]; order[j-1] = t }
        for (i = 1; i <= c; i++) {
            s = order[i]; line = "| " s
            for (j = 1; j <= k; j++) {
                key = s SUBSEP S[j]
                line = line " | " (!(key in d1) ? "-" : ll[key] > 0.0005 ? sprintf("%.3f (LL %.3f)", d1[key], ll[key]) : sprintf("%.3f", d1[key]))
            }
            print line " |"
        }
    } else if (mode == "meta") {
        if (!described) { print "report-table: meta tables read the run's metadata.csv" > "/dev/stderr"; exit 2 }
        print "| | |"; print "|---|---|"
        k = split(a[2], K, ",")
        if (k == 0) for (i = 1; i <= ns; i++) K[++k] = facts[i]
        for (j = 1; j <= k; j++) print "| " K[j] " | " ((K[j] in fact) ? fact[K[j]] : "-") " |"
    } else if (mode == "xcheck") {
        if (!crosschecked) { print "report-table: xcheck tables read the run's crosscheck.csv" > "/dev/stderr"; exit 2 }
        print "| strategy | scenario | N | in-process ns/unit | whole-process ns/unit | ratio |"
        print "|---|---|---:|---:|---:|---:|"
        for (i = 1; i <= ns; i++) print xrow[i]
    } else { print "report-table: unknown mode '" mode "'" > "/dev/stderr"; exit 2 }
}
