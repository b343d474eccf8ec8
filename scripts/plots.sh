#!/bin/sh
# Draws the figures of a benchmark run from its results.csv, as SVG (for pages) and PNG (for quick viewing):
#   n-SCENARIO        median ns per unit against N (log-log), one line per strategy, the raw-soa/raw-aos
#                     plain-array baselines dashed where the scenario has them: how each design scales, and how
#                     far it stays from the physical floor. SCENARIO@fresh is the creation scenario on fresh memory.
#   family-FAMILY     at FIXED_N, each scenario of a family a cluster of bars, one per strategy, normalised to
#                     raw-soa where the scenario has it, else to its fastest strategy: who wins where, at a glance.
#   ops               absolute ns per operation of the structural scenarios at FIXED_N.
#   cachesim          simulated (callgrind) D1 and LL misses per unit, iteration and access scenarios;
#   cachesim-FAMILY   the same for the other families: the memory traffic behind the timings.
#   memory            bytes per entity at FIXED_N for a few representative scenarios.
#   churn-sweep       game_frame_R against the churn rate R: where paying for structural change stops paying off.
# Strategies and scenarios are read from the CSV, never listed here, so new ones appear by themselves; each
# strategy keeps one colour and point type in every figure (by sorted name). Bar charts use, for a scenario
# without a row at FIXED_N, its largest N below it (and say so under its cluster).
# Everything is drawn in a temporary directory and moved into DIR/plots at the end, so an interrupted run
# leaves the previous figures whole; figures of this kind that the run no longer draws are removed.
# Usage: scripts/plots.sh DIR FIXED_N   (reads DIR/results.csv and DIR/metadata.csv, writes DIR/plots/)
set -eu

# Scenario families: one line per family, its scenarios as names or NAME* prefixes, in the order their clusters
# take. SCENARIO@fresh goes with SCENARIO. A scenario no line names goes to the family "other", so that nothing
# measured is left out of the bar charts.
FAMILIES='
iteration      simple_iter iter_half iter_one packed_5 query_exclude selectivity_* frag_iter
access         random_get seq_get
structural     create create_bulk create_warm destroy add_remove add_remove_cached add_remove_large entity_cycle
transient      tag_churn sparse_churn tag_toggle sparse_toggle
fragmentation  scatter_create scatter_iter random_tables_* empty_tables
history        churn_then_iter churn_fresh_iter
frame          game_frame_*
'
# The structural operations whose absolute cost per operation the "ops" chart compares (with their @fresh rows).
OPS_SCENARIOS='create create_bulk destroy add_remove add_remove_large entity_cycle'
# The scenarios whose bytes per entity the "memory" chart shows: plain storage, a wide archetype, scattered
# tables, the two churn hints and a mixed frame.
MEMORY_SCENARIOS='simple_iter packed_5 scatter_iter tag_churn sparse_churn game_frame_10'
# The families drawn together in cachesim; every other family with simulated values gets its own cachesim-FAMILY.
CACHESIM_MAIN='iteration access'

usage() { echo "usage: scripts/plots.sh DIR FIXED_N" >&2; exit 2; }
[ $# -eq 2 ] || usage
shown=$1
fixed_n=$2
[ -d "$shown" ] || { echo "plots: no directory $shown" >&2; exit 1; }
# Absolute, as the figures are drawn from inside the temporary directory.
dir=$(cd "$shown" && pwd)
case $fixed_n in '' | *[!0-9]* | 0*) echo "plots: FIXED_N must be a positive integer, not \"$fixed_n\"" >&2; exit 2 ;; esac
here=$(dirname "$0")

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "plots: gnuplot is not installed (scripts/setup.sh bench installs it)" >&2
    exit 1
fi
sh "$here/csv-check.sh" "$dir/results.csv" results || exit 1

tmp=$(mktemp -d "$dir/.plots.XXXXXX")
pids=
cleanup() {
    for p in $pids; do kill "$p" 2>/dev/null || :; done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM
mkdir "$tmp/out"

cat >"$tmp/plots.awk" <<'EOF'
# Reads results.csv (the metadata through getline), writes NAME.dat and NAME.gp for every figure into the
# current directory, main-1.gp and main-2.gp that draw them all, and "list" with one figure name a line.

function floor_(x,   i) { i = int(x); return i > x ? i - 1 : i }
function ceil_(x,   i) { i = int(x); return i < x ? i + 1 : i }
function log10(x) { return log(x) / log(10) }
function log2(x) { return log(x) / log(2) }
function num(v) { return sprintf("%.6g", v) }
# A gnuplot string: double quotes (so that \n starts a new line); no name here needs quotes or backslashes.
function q(s) { gsub(/"/, "'", s); gsub(/\\/, "/", s); return "\"" s "\"" }
function fname(s) { gsub(/[^A-Za-z0-9_.@+-]/, "_", s); return s }
function field(name,   v) { if (!(name in C)) return ""; v = $(C[name]); gsub(/"/, "", v); return v }
function empty(v) { return v == "" || v == "null" }
function israw(s) { return s ~ /^raw-/ }
function ispow2(n,   k) { k = int(log2(n) + 0.5); return n == 2 ^ k }
function sup(k,   s, i) { s = ""; k = k ""; for (i = 1; i <= length(k); i++) s = s SUP[substr(k, i, 1) + 1]; return s }
function nlabel(n) { return ispow2(n) ? "2" sup(int(log2(n) + 0.5)) : n "" }
function nfull(n) { return ispow2(n) ? "N = " n " (" nlabel(n) ")" : "N = " n }

# Scenario order: family, then the family line's order, then names with a numeric tail by that number
# (selectivity_1 before selectivity_10), then the warm row before its @fresh forms.
function stem(s) { sub(/[0-9]+$/, "", s); return s }
function tail(s) { return match(s, /[0-9]+$/) ? substr(s, RSTART) + 0 : -1 }
function kbefore(a, b) {
    if (FORD[FAM[a]] != FORD[FAM[b]]) return FORD[FAM[a]] < FORD[FAM[b]]
    if (PORD[a] != PORD[b]) return PORD[a] < PORD[b]
    if (BASE[a] != BASE[b]) {
        if (stem(BASE[a]) != stem(BASE[b])) return stem(BASE[a]) < stem(BASE[b])
        if (tail(BASE[a]) != tail(BASE[b])) return tail(BASE[a]) < tail(BASE[b])
        return BASE[a] < BASE[b]
    }
    if ((a == BASE[a]) != (b == BASE[b])) return a == BASE[a]
    return a < b
}
# Strategy order: designs by name, then the raw baselines, raw-soa (the floor) first.
function sbefore(a, b) {
    if (israw(a) != israw(b)) return !israw(a)
    if ((a == "raw-soa") != (b == "raw-soa")) return a == "raw-soa"
    return a < b
}
function sort_keys(arr, n,   i, j, v) {
    for (i = 2; i <= n; i++) { v = arr[i]; for (j = i - 1; j >= 1 && kbefore(v, arr[j]); j--) arr[j + 1] = arr[j]; arr[j + 1] = v }
}
function sort_strats(arr, n,   i, j, v) {
    for (i = 2; i <= n; i++) { v = arr[i]; for (j = i - 1; j >= 1 && sbefore(v, arr[j]); j--) arr[j + 1] = arr[j]; arr[j + 1] = v }
}
function sort_nums(arr, n,   i, j, v) {
    for (i = 2; i <= n; i++) { v = arr[i]; for (j = i - 1; j >= 1 && v < arr[j]; j--) arr[j + 1] = arr[j]; arr[j + 1] = v }
}

# The N a bar chart uses for a scenario: FIXED_N, else the largest N below it, else its smallest N.
function pick_n(key, sim,   j, n, best) {
    best = ""
    for (j = 1; j <= NN[key]; j++) {
        n = NV[key, j]
        if (sim && !((key, n) in SIMN)) continue
        if (n <= fixed && (best == "" || n > best)) best = n
    }
    if (best != "") return best
    for (j = 1; j <= NN[key]; j++) {
        n = NV[key, j]
        if (sim && !((key, n) in SIMN)) continue
        if (best == "" || n < best) best = n
    }
    return best
}

# Log-axis tics at 1-2-5 steps (or decades on wide ranges), since gnuplot labels too few on a short range.
function logtics(axis, lo, hi,   span, nm, m, k, j, v, s, cnt, step) {
    span = log10(hi / lo)
    if (span < 0.45) nm = split("1 1.2 1.5 2 2.5 3 4 5 6 8", m, " ")
    else if (span < 1.1) nm = split("1 1.5 2 3 5 7", m, " ")
    else if (span <= 3.2) nm = split("1 2 5", m, " ")
    else nm = split("1", m, " ")
    step = span > 7 ? 2 : 1
    s = ""; cnt = 0
    for (k = floor_(log10(lo)) - 1; k <= ceil_(log10(hi)) + 1; k++) {
        if (k % step) continue
        for (j = 1; j <= nm; j++) {
            v = m[j] * 10 ^ k
            if (v < lo || v > hi) continue
            s = s (cnt++ ? ", " : "") "\"" sprintf("%g", v) "\" " num(v)
        }
    }
    if (cnt < 2) s = s (cnt ? ", " : "") "\"" sprintf("%.3g", lo * 1.05) "\" " num(lo * 1.05) ", \"" sprintf("%.3g", hi / 1.05) "\" " num(hi / 1.05)
    return "set " axis "tics (" s ")"
}

function style_line(s) {
    if (s == "raw-soa") return "lc rgb \"#000000\" dt 2 lw 1.6 pt 1 ps 0.8"
    if (israw(s)) return "lc rgb \"#7f7f7f\" dt " DT[s] " lw 1.6 pt 2 ps 0.8"
    return "lc rgb \"" COLOR[s] "\" lw 1.6 pt " PT[s] " ps 0.9"
}
function style_fill(s) {
    if (s == "raw-soa") return "fc rgb \"#000000\""
    if (israw(s)) return "fc rgb \"#8c8c8c\""
    return "fc rgb \"" COLOR[s] "\""
}

# The settings every figure shares; the caption says which machine the figure comes from.
function common(gp, title) {
    print "set encoding utf8" > gp
    print "set border 3" > gp
    print "set tics nomirror out scale 0.6" > gp
    print "set grid ytics lc rgb \"#e0e0e0\" lw 1 dt 1" > gp
    print "set key outside right top vertical Left reverse samplen 2.5 spacing 1.1 width 1" > gp
    print "set title " q(title) " font \",11\"" > gp
    print "set label 100 " q(CAPTION) " at screen 0.995, 0.015 right font \",8\" textcolor rgb \"#707070\"" > gp
}

# Returns the file name the figure gets: two scenarios whose names differ only in characters a file name
# cannot hold would otherwise draw over each other.
function new_plot(name, w, h,   k) {
    if (name in USED) { k = 2; while ((name "-" k) in USED) k++; name = name "-" k }
    USED[name] = 1
    NPLOT++; PNAME[NPLOT] = name; PW[NPLOT] = w; PH[NPLOT] = h
    printf "" > (name ".gp"); printf "" > (name ".dat")
    return name
}
function end_plot(name) { close(name ".gp"); close(name ".dat") }

# A line figure from LN[s] points (LX[s, j], LY[s, j]) per strategy; xtics/xrange are given, y is log.
function line_plot(name, title, xlabel, ylabel, xset,   gp, dat, i, s, j, lo, hi, blk, cmd) {
    lo = ""; hi = ""
    for (i = 1; i <= NS; i++) { s = STRATS[i]; for (j = 1; j <= LN[s]; j++) {
        if (lo == "" || LY[s, j] < lo) lo = LY[s, j]; if (hi == "" || LY[s, j] > hi) hi = LY[s, j] } }
    if (lo == "") return 0
    name = new_plot(name, 960, 600); gp = name ".gp"; dat = name ".dat"
    if (hi / lo < 1.5) { lo /= 1.25; hi *= 1.25 } else { lo /= 1.12; hi *= 1.12 }
    common(gp, title)
    print xset > gp
    print "set bmargin 4.2" > gp
    print "set xlabel " q(xlabel) > gp
    print "set ylabel " q(ylabel) > gp
    print "set logscale y 10" > gp
    print "set yrange [" num(lo) ":" num(hi) "]" > gp
    print logtics("y", lo, hi) > gp
    blk = 0; cmd = ""
    for (i = 1; i <= NS; i++) {
        s = STRATS[i]
        if (!LN[s]) continue
        for (j = 1; j <= LN[s]; j++) print num(LX[s, j]), num(LY[s, j]) > dat
        printf "\n\n" > dat
        cmd = cmd (blk ? ", \\\n    " : "plot ") "\"" dat "\" index " blk " using 1:2 with linespoints " style_line(s) " title " q(s)
        blk++
    }
    print cmd > gp
    end_plot(name)
    return 1
}

# Bar positions for clusters 1..BC_N, a slot for each strategy with a value in BP[c, s] (so that no cluster
# keeps holes for strategies it never measured); sets BX[c, s], BCX[c] and BLAST.
function layout(   c, i, s, x, k) {
    x = 0
    for (c = 1; c <= BC_N; c++) {
        k = 0
        for (i = 1; i <= NS; i++) { s = STRATS[i]; if ((c, s) in BP) { BX[c, s] = x + k; k++ } }
        BCX[c] = x + (k - 1) / 2
        BCK[c] = k
        x += k + 1.4
    }
    BLAST = x - 1.4
}

# Cluster BC_N: its name, a second line, and the N it was taken at; finish_labels() writes the labels.
function cluster_label(a, b, n) { BCA[BC_N] = a; BCB[BC_N] = b; BCNN[BC_N] = n }
# Sets TITLE_N, the N the title names: pref when a cluster is at pref, else the N most clusters are at; a
# cluster at another N shows it as a third line. BCW (widest line) and BCNL (lines) size the bottom margin.
# gnuplot reads tic labels as formats, hence %%.
function finish_labels(pref,   c, cnt, n, part, np, i, t) {
    split("", cnt); TITLE_N = ""
    for (c = 1; c <= BC_N; c++) { cnt[BCNN[c]]++; if (BCNN[c] == pref) TITLE_N = pref }
    if (TITLE_N == "") for (n in cnt) if (TITLE_N == "" || cnt[n] > cnt[TITLE_N] || (cnt[n] == cnt[TITLE_N] && n + 0 > TITLE_N + 0)) TITLE_N = n
    TITLE_N += 0
    for (c = 1; c <= BC_N; c++) {
        np = split(BCA[c] "\001" BCB[c] "\001" (BCNN[c] != TITLE_N ? "N = " BCNN[c] : ""), part, "\001")
        BCL[c] = ""; BCW[c] = 0; BCNL[c] = 0
        for (i = 1; i <= np; i++) {
            if (part[i] == "") continue
            t = q(part[i]); gsub(/%/, "%%", t)
            BCL[c] = BCL[c] == "" ? t : substr(BCL[c], 1, length(BCL[c]) - 1) "\\n" substr(t, 2)
            if (length(part[i]) > BCW[c]) BCW[c] = length(part[i])
            BCNL[c]++
        }
    }
    return TITLE_N
}

# Cluster labels wider than their cluster (about 6 px a character, the plot PLOTW px wide) are turned by 30
# degrees; BLINES (text lines, one left for the caption) is the bottom margin they need.
function label_fit(   c, wmax, lmax) {
    ROT = 0; wmax = 0; lmax = 1
    for (c = 1; c <= BC_N; c++) {
        if (BCW[c] * 6 > PLOTW * (BCK[c] + 1.4) / (BLAST + 1.8)) ROT = 1
        if (BCW[c] > wmax) wmax = BCW[c]
        if (BCNL[c] > lmax) lmax = BCNL[c]
    }
    BLINES = ROT ? ceil_((wmax * 6 * 0.5 + lmax * 13 * 0.87) / 13) + 1 : lmax + 2
}

# One bar panel of the values V[c, s] at the positions of layout(). scale: "log", or "auto" (log when the values
# span more than 30x and none is 0, else linear from 0). ref: draw y = 1 (normalised charts).
function bar_panel(gp, dat, V, scale, ylabel, ref, labels, keyed, blk0,   c, i, s, lo, hi, n0, blk, cmd, tics, yb, v, pres) {
    lo = ""; hi = ""; n0 = 0
    for (c = 1; c <= BC_N; c++) for (i = 1; i <= NS; i++) {
        s = STRATS[i]
        if (!((c, s) in V)) continue
        v = V[c, s]
        if (v <= 0) { n0++; continue }
        if (lo == "" || v < lo) lo = v; if (hi == "" || v > hi) hi = v
    }
    if (hi == "") { lo = 1; hi = 1 }
    if (scale == "auto") scale = (n0 == 0 && hi / lo > 30) ? "log" : "linear"
    if (scale == "log") {
        if (ref && lo > 0.8) lo = 0.8
        lo /= 1.3; hi *= 1.3
        if (hi / lo < 3) { lo /= 1.5; hi *= 1.5 }
        print "set logscale y 10" > gp
        print logtics("y", lo, hi) > gp
        yb = lo
    } else {
        if (ref && hi < 1) hi = 1
        lo = 0; hi = hi * 1.08
        if (hi <= 0) hi = 1
        print "unset logscale y" > gp
        print "set ytics auto" > gp
        yb = 0
    }
    print "set yrange [" num(lo) ":" num(hi) "]" > gp
    print "set xrange [-0.9:" num(BLAST + 0.9) "]" > gp
    print "set ylabel " q(ylabel) > gp
    tics = ""
    for (c = 1; c <= BC_N; c++) tics = tics (c > 1 ? ", " : "") (labels ? BCL[c] : "\"\"") " " num(BCX[c])
    print "set xtics (" tics ") scale 0 font \",9\"" (ROT ? " rotate by 30 right offset 1,0" : " norotate") > gp
    if (labels && !FIXED_MARGINS) print "set bmargin " BLINES > gp
    if (ref) print "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead front dt 2 lw 1 lc rgb \"#404040\"" > gp
    else print "unset arrow 1" > gp
    # The clusters are told apart by faint bands rather than by gaps alone.
    print "unset object" > gp
    for (c = 2; c <= BC_N; c += 2)
        print "set object " c " rect from first " num(BCX[c] - BCK[c] / 2 - 0.2) ", graph 0 to first " \
            num(BCX[c] + BCK[c] / 2 + 0.2) ", graph 1 back fillstyle solid 1 noborder fillcolor rgb \"#f4f4f4\"" > gp
    if (!keyed) print "set key off" > gp
    blk = blk0; cmd = ""
    for (i = 1; i <= NS; i++) {
        s = STRATS[i]
        pres = 0
        for (c = 1; c <= BC_N; c++) if ((c, s) in V && (scale != "log" || V[c, s] > 0)) {
            print num(BX[c, s]), num(V[c, s]), num(BX[c, s] - 0.43), num(BX[c, s] + 0.43), num(yb), num(V[c, s]) > dat
            pres = 1
        }
        if (!pres) continue
        printf "\n\n" > dat
        cmd = cmd (blk > blk0 ? ", \\\n    " : "plot ") "\"" dat "\" index " blk " using 1:2:3:4:5:6 with boxxyerror " \
            style_fill(s) " fillstyle solid 1 noborder title " q(s)
        blk++
    }
    if (cmd == "") cmd = "plot 1/0 notitle"
    print cmd > gp
    return blk
}

# A one-panel bar chart of BV[c, s] for the clusters BCL[1..BC_N].
function bar_chart(name, title, ylabel, scale, ref,   gp) {
    name = new_plot(name, 960, 600); gp = name ".gp"
    common(gp, title)
    layout()
    PLOTW = 690; FIXED_MARGINS = 0
    label_fit()
    bar_panel(gp, name ".dat", BV, scale, ylabel, ref, 1, 1, 0)
    end_plot(name)
}

function reset_bars() { BC_N = 0; split("", BV); split("", BV2); split("", BP); split("", BX); split("", BCX); split("", BCL) }

function in_list(word, list,   w, n, i) { n = split(list, w, " "); for (i = 1; i <= n; i++) if (w[i] == word) return 1; return 0 }

BEGIN {
    FS = ","
    split("⁰ ¹ ² ³ ⁴ ⁵ ⁶ ⁷ ⁸ ⁹", SUP, " ")
    # Twelve colours that stay apart in print; black and grey belong to the raw baselines.
    NPAL = split("#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #17becf #bcbd22 #003f5c #f4a261 #6a3d9a", PAL, " ")
    NPTS = split("7 5 9 11 13 15 6 4 8 10 12 14", PTS, " ")
    fixed = ENVIRON["PLOTS_FIXED_N"] + 0
    meta = ENVIRON["PLOTS_METADATA"]
    while ((getline line < meta) > 0) {
        sub(/\r$/, "", line)
        i = index(line, ",")
        if (!i) continue
        v = substr(line, i + 1); gsub(/^"|"$/, "", v)
        META[substr(line, 1, i - 1)] = v
    }
    close(meta)
    CAPTION = "machine: " (META["machine_id"] != "" ? META["machine_id"] : "unknown")
    if (META["cpu_model"] != "") CAPTION = CAPTION " (" META["cpu_model"] ")"
    if (META["date"] != "") CAPTION = CAPTION ", " substr(META["date"], 1, 10)

    NF_ = split(ENVIRON["PLOTS_FAMILIES"], lines, "\n")
    NFAM = 0
    for (i = 1; i <= NF_; i++) {
        nw = split(lines[i], w, " ")
        if (!nw) continue
        NFAM++; FAMS[NFAM] = w[1]; FORD[w[1]] = NFAM
        for (j = 2; j <= nw; j++) { NPAT++; PAT[NPAT] = w[j]; PFAM[NPAT] = w[1] }
    }
    NFAM++; FAMS[NFAM] = "other"; FORD["other"] = NFAM
}

FNR == 1 { sub(/\r$/, ""); for (i = 1; i <= NF; i++) { h = $i; gsub(/"/, "", h); C[h] = i }; next }
{
    sub(/\r$/, "")
    s = field("strategy"); sc = field("scenario"); mem = field("memory"); n = field("n") + 0
    # Rows on fresh memory are a scenario of their own: their cost includes the first touch of the pages.
    key = (mem == "warm" || mem == "") ? sc : sc "@" mem
    if (!(s in SEENS)) { SEENS[s] = 1; NS++; STRATS[NS] = s }
    if (!(key in SEENK)) { SEENK[key] = 1; NK++; KEYS[NK] = key; BASE[key] = sc; UNIT[key] = field("unit") }
    if (!((key, n) in HASN)) { HASN[key, n] = 1; NN[key]++; NV[key, NN[key]] = n }
    HAS[key, s, n] = 1
    MED[key, s, n] = field("median_ns") + 0
    BPE[key, s, n] = field("bytes_per_entity") + 0
    v = field("sim_d1_misses_per_unit"); if (!empty(v)) { D1[key, s, n] = v + 0; SIMN[key, n] = 1 }
    v = field("sim_ll_misses_per_unit"); if (!empty(v)) { LL[key, s, n] = v + 0; SIMN[key, n] = 1 }
}

END {
    if (!NK) exit 0
    # Families and orders.
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]; FAM[key] = "other"; PORD[key] = NPAT + 1
        for (p = 1; p <= NPAT; p++) {
            pat = PAT[p]
            if (pat ~ /\*$/ ? index(BASE[key], substr(pat, 1, length(pat) - 1)) == 1 : BASE[key] == pat) {
                FAM[key] = PFAM[p]; PORD[key] = p; break
            }
        }
    }
    sort_keys(KEYS, NK)
    sort_strats(STRATS, NS)
    nd = 0; nr = 0
    for (i = 1; i <= NS; i++) {
        s = STRATS[i]
        if (israw(s)) { if (s != "raw-soa") DT[s] = 2 + (nr++ % 4) }
        else { COLOR[s] = PAL[nd % NPAL + 1]; PT[s] = PTS[nd % NPTS + 1]; nd++ }
    }
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]; split("", tmp)
        for (j = 1; j <= NN[key]; j++) tmp[j] = NV[key, j]
        sort_nums(tmp, NN[key])
        for (j = 1; j <= NN[key]; j++) NV[key, j] = tmp[j]
    }
    uf = "(fresh memory: first touch of the pages included)"

    # 1. Each scenario against N.
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        split("", LN); split("", LX); split("", LY)
        xlo = NV[key, 1]; xhi = NV[key, NN[key]]
        for (i = 1; i <= NS; i++) {
            s = STRATS[i]; LN[s] = 0
            for (j = 1; j <= NN[key]; j++) {
                n = NV[key, j]
                if (!((key, s, n) in HAS) || MED[key, s, n] <= 0) continue
                LN[s]++; LX[s, LN[s]] = n; LY[s, LN[s]] = MED[key, s, n]
            }
        }
        # Tics at the measured Ns (every other one when they are many): a scenario measured at N = 1000 is
        # not labelled 2^10.
        xlo /= 1.4; xhi *= 1.4
        step = NN[key] > 10 ? 2 : 1
        tics = ""
        for (j = 1; j <= NN[key]; j += step) tics = tics (j > 1 ? ", " : "") "\"" nlabel(NV[key, j]) "\" " NV[key, j]
        xset = "set logscale x 2\nset xrange [" num(xlo) ":" num(xhi) "]\nset xtics (" tics ")"
        u = UNIT[key]
        title = key ": median ns per " u " against N" (key != BASE[key] ? " " uf : "")
        line_plot("n-" fname(key), title, "entities (N)", "ns per " u " (median, log scale)", xset)
    }

    # 2. Each family at FIXED_N, normalised.
    for (f = 1; f <= NFAM; f++) {
        fam = FAMS[f]
        reset_bars()
        for (k = 1; k <= NK; k++) {
            key = KEYS[k]
            if (FAM[key] != fam) continue
            n = pick_n(key, 0)
            ref = ""; how = ""
            if ((key, "raw-soa", n) in HAS && MED[key, "raw-soa", n] > 0) { ref = MED[key, "raw-soa", n]; how = "× raw-soa" }
            else {
                for (i = 1; i <= NS; i++) { s = STRATS[i]
                    if ((key, s, n) in HAS && MED[key, s, n] > 0 && (ref == "" || MED[key, s, n] < ref)) ref = MED[key, s, n] }
                how = "× fastest"
            }
            if (ref == "") continue
            BC_N++
            cluster_label(key, how, n)
            for (i = 1; i <= NS; i++) { s = STRATS[i]
                if ((key, s, n) in HAS && MED[key, s, n] > 0) { BV[BC_N, s] = MED[key, s, n] / ref; BP[BC_N, s] = 1 } }
        }
        if (!BC_N) continue
        finish_labels(fixed)
        bar_chart("family-" fname(fam), fam " scenarios at " nfull(TITLE_N) ": median time relative to raw-soa or to the fastest", \
            "median time, × the reference under each cluster", "log", 1)
    }

    # 3. Structural operations, absolute.
    reset_bars()
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        if (!in_list(BASE[key], ENVIRON["PLOTS_OPS"])) continue
        n = pick_n(key, 0)
        BC_N++
        cluster_label(key, "ns per " UNIT[key], n)
        for (i = 1; i <= NS; i++) { s = STRATS[i]
            if ((key, s, n) in HAS) { BV[BC_N, s] = MED[key, s, n]; BP[BC_N, s] = 1 } }
    }
    if (BC_N) {
        finish_labels(fixed)
        bar_chart("ops", "Structural operations at " nfull(TITLE_N) ": median ns per operation", \
            "ns per operation (the unit under each cluster)", "auto", 0)
    }

    # 4. Simulated cache misses.
    nsim = 0; split("", cnt)
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        n = pick_n(key, 1)
        if (n == "" || !((key, n) in SIMN)) continue
        SIMAT[key] = n; cnt[n]++; nsim++
    }
    if (!nsim) print "plots: no simulated cache misses (sim_* columns) in the CSV: no cachesim plots" > "/dev/stderr"
    else {
        simn = ""; for (n in cnt) if (simn == "" || cnt[n] > cnt[simn] || (cnt[n] == cnt[simn] && n + 0 > simn + 0)) simn = n
        simn += 0
        # The families drawn in "cachesim" first, then one figure per other family.
        nset = 0
        split("", SETNAME)
        nset++; SETNAME[nset] = "cachesim"; SETFAMS[nset] = ENVIRON["PLOTS_CACHESIM_MAIN"]
        for (f = 1; f <= NFAM; f++) if (!in_list(FAMS[f], ENVIRON["PLOTS_CACHESIM_MAIN"])) {
            nset++; SETNAME[nset] = "cachesim-" fname(FAMS[f]); SETFAMS[nset] = FAMS[f] }
        for (t = 1; t <= nset; t++) {
            reset_bars()
            for (k = 1; k <= NK; k++) {
                key = KEYS[k]
                if (!(key in SIMAT) || !in_list(FAM[key], SETFAMS[t])) continue
                n = SIMAT[key]
                BC_N++
                cluster_label(key, "per " UNIT[key], n)
                for (i = 1; i <= NS; i++) { s = STRATS[i]
                    if ((key, s, n) in D1) { BV[BC_N, s] = D1[key, s, n]; BP[BC_N, s] = 1 }
                    if ((key, s, n) in LL) { BV2[BC_N, s] = LL[key, s, n]; BP[BC_N, s] = 1 } }
            }
            if (!BC_N) continue
            finish_labels(simn)
            name = new_plot(SETNAME[t], 960, 720); gp = name ".gp"
            layout()
            PLOTW = 715; FIXED_MARGINS = 1
            label_fit()
            # Two panels on one x axis: the same bar is the same strategy and scenario in both. The labels
            # under the lower one take BLINES lines of about 13 px.
            bot = BLINES * 13 / 720; mid = bot + (0.91 - bot) / 2
            print "set multiplot" > gp
            fams = SETFAMS[t]; gsub(/ /, " and ", fams)
            common(gp, "Simulated (callgrind) cache misses per unit at " nfull(TITLE_N) ": " fams " scenarios")
            print "unset label 100" > gp
            print "set lmargin at screen 0.1\nset rmargin at screen 0.83" > gp
            print "set tmargin at screen 0.91\nset bmargin at screen " num(mid + 0.03) > gp
            print "set key at screen 0.995, 0.91 right top" > gp
            b = bar_panel(gp, name ".dat", BV, "auto", "D1 misses per unit", 0, 0, 1, 0)
            print "unset title\nunset label\nset key off" > gp
            print "set tmargin at screen " num(mid - 0.03) "\nset bmargin at screen " num(bot) > gp
            print "set label 100 " q(CAPTION) " at screen 0.995, 0.015 right font \",8\" textcolor rgb \"#707070\"" > gp
            print "set label 101 \"no bar: 0 misses, or not simulated\" at screen 0.995, " num(mid + 0.005) " right font \",8\" textcolor rgb \"#707070\"" > gp
            bar_panel(gp, name ".dat", BV2, "auto", "LL misses per unit", 0, 1, 0, b)
            print "unset multiplot" > gp
            end_plot(name)
        }
    }

    # 5. Bytes per entity.
    reset_bars()
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        if (key != BASE[key] || !in_list(key, ENVIRON["PLOTS_MEMORY"])) continue
        n = pick_n(key, 0)
        BC_N++
        cluster_label(key, "", n)
        for (i = 1; i <= NS; i++) { s = STRATS[i]
            if ((key, s, n) in HAS) { BV[BC_N, s] = BPE[key, s, n]; BP[BC_N, s] = 1 } }
    }
    if (BC_N) {
        finish_labels(fixed)
        bar_chart("memory", "Memory at " nfull(TITLE_N) ": bytes per entity", "bytes per entity", "auto", 0)
    }

    # 6. The churn sweep of game_frame_R, at the largest N where every strategy has every rate.
    nr = 0; split("", gs); ngs = 0
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        if (key !~ /^game_frame_[0-9]+$/) continue
        nr++; RK[nr] = key
        for (i = 1; i <= NS; i++) { s = STRATS[i]
            for (j = 1; j <= NN[key]; j++) if ((key, s, NV[key, j]) in HAS && !(s in gs)) { gs[s] = 1; ngs++ } }
    }
    if (nr) {
        # Rates in numeric order (KEYS sorts them so already; kept explicit as the x axis depends on it).
        for (a = 2; a <= nr; a++) { v = RK[a]; for (b = a - 1; b >= 1 && tail(v) < tail(RK[b]); b--) RK[b + 1] = RK[b]; RK[b + 1] = v }
        split("", rows); best = ""; bestc = -1
        for (a = 1; a <= nr; a++) { key = RK[a]
            for (i = 1; i <= NS; i++) { s = STRATS[i]; if (!(s in gs)) continue
                for (j = 1; j <= NN[key]; j++) if ((key, s, NV[key, j]) in HAS) rows[NV[key, j]]++ } }
        for (n in rows) if (rows[n] > bestc || (rows[n] == bestc && n + 0 > best + 0)) { best = n; bestc = rows[n] }
        best += 0
        note = bestc == nr * ngs ? "" : " (not every strategy has every rate)"
        split("", LN); split("", LX); split("", LY)
        tics = ""
        for (a = 1; a <= nr; a++) tics = tics (a > 1 ? ", " : "") "\"" tail(RK[a]) "%%\" " (a - 1)
        for (i = 1; i <= NS; i++) { s = STRATS[i]; LN[s] = 0
            for (a = 1; a <= nr; a++) { key = RK[a]
                if ((key, s, best) in HAS && MED[key, s, best] > 0) { LN[s]++; LX[s, LN[s]] = a - 1; LY[s, LN[s]] = MED[key, s, best] } } }
        xset = "set xrange [-0.25:" (nr - 0.75) "]\nset xtics (" tics ")"
        line_plot("churn-sweep", "game_frame churn sweep at " nfull(best) note ": one frame, per entity", \
            "churn rate R: % of the entities changed per frame (the measured rates, evenly spaced)", \
            "ns per " UNIT[RK[1]] " per frame (median, log scale)", xset)
    }

    # Two gnuplot scripts of about equal work: PNGs take ten times as long as SVGs to draw.
    for (p = 1; p <= NPLOT; p++) {
        name = PNAME[p]
        print name > "list"
        gps = "main-1.gp"; gpp = p % 2 ? "main-1.gp" : "main-2.gp"
        print "set terminal svg size " PW[p] "," PH[p] " fixed noenhanced font \"sans-serif,10\" background rgb \"white\"" > gps
        print "set output \"out/" name ".svg\"\nload \"" name ".gp\"\nunset output\nreset" > gps
        print "set terminal pngcairo size " PW[p] "," PH[p] " noenhanced font \"sans-serif,10\" background rgb \"white\"" > gpp
        print "set output \"out/" name ".png\"\nload \"" name ".gp\"\nunset output\nreset" > gpp
    }
}
EOF

cd "$tmp"
PLOTS_FIXED_N=$fixed_n PLOTS_METADATA=$dir/metadata.csv PLOTS_FAMILIES=$FAMILIES PLOTS_OPS=$OPS_SCENARIOS \
PLOTS_MEMORY=$MEMORY_SCENARIOS PLOTS_CACHESIM_MAIN=$CACHESIM_MAIN \
    awk -f plots.awk "$dir/results.csv"
if [ ! -s list ]; then echo "plots: nothing to draw in $shown/results.csv" >&2; exit 1; fi
# Two gnuplot processes at once: the figures are many and small, and a run has at least two cores to itself.
gnuplot main-1.gp & one=$!
gnuplot main-2.gp & two=$!
pids="$one $two"
failed=0
wait "$one" || failed=1
wait "$two" || failed=1
pids=
if [ "$failed" != 0 ]; then echo "plots: gnuplot failed (see its message above)" >&2; exit 1; fi

mkdir -p "$dir/plots"
# Figures this run did not draw (a scenario or family that is gone) would otherwise outlive their data.
for f in "$dir"/plots/n-*.svg "$dir"/plots/n-*.png "$dir"/plots/family-*.svg "$dir"/plots/family-*.png \
    "$dir"/plots/cachesim*.svg "$dir"/plots/cachesim*.png "$dir"/plots/ops.svg "$dir"/plots/ops.png \
    "$dir"/plots/memory.svg "$dir"/plots/memory.png "$dir"/plots/churn-sweep.svg "$dir"/plots/churn-sweep.png; do
    [ -e "$f" ] || continue
    [ -e "out/${f##*/}" ] || rm -f "$f"
done
count=0
while IFS= read -r name; do
    mv "out/$name.svg" "out/$name.png" "$dir/plots/"
    count=$((count + 1))
done <list
echo "plots: wrote $count plots (SVG and PNG) in ${shown%/}/plots" >&2
