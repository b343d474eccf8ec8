#!/bin/sh
# Simulated cache misses per unit: runs each cachesim-NAME binary (make cachesim) once under valgrind's
# callgrind, every scenario at N entities, and writes one row per strategy and scenario to OUT_CSV:
#   instructions_per_unit   instructions executed
#   d1_misses_per_unit      L1 data-cache misses, reads + writes (d1_read_..., d1_write_... apart)
#   ll_misses_per_unit      last-level misses of data accesses, reads + writes
# counted over exactly one run of the scenario's timed work (harness/cachesim.h), divided by its N units.
# Then it checks that every strategy agrees on every checksum and prints D1 misses per unit.
# Usage: scripts/cachesim.sh BUILD_DIR OUT_CSV N NAME...   (CACHESIM_JOBS=2: binaries simulated at once)
#        scripts/cachesim.sh --geometry   prints the pinned geometry as the rows record it
#
# The geometry is pinned, not detected (valgrind misreads these VMs' caches), so that figures compare across
# machines: that of the AMD EPYC VMs the reference results come from (sysfs: a 48 KiB 12-way L1D, a 32 KiB
# 8-way L1I and a 32 MiB 16-way L3, with 64-byte lines). Callgrind models two
# levels (L1, then the last level) and no prefetcher, so a sequential scan that hardware would prefetch still
# counts one miss per line: these figures are the traffic a layout causes, not its stalls. It also counts an
# access that straddles two lines as one miss even when both lines miss, so 32-byte vector loads from an
# array not aligned to 32 bytes, issued out of address order as unrolled loops do, would show fewer misses
# than the lines they bring in: the cachesim binaries keep vectors 128 bits wide (Makefile, CACHESIM_FLAGS).
set -eu
i1=32768,8,64
d1=49152,12,64
ll=33554432,16,64
# As written in each row, without the commas that would split its field.
geometry=$(printf 'I1=%s D1=%s LL=%s (bytes/ways/line)' "$i1" "$d1" "$ll" | tr , /)
if [ "${1:-}" = --geometry ]; then echo "$geometry"; exit 0; fi
build=$1
out=$2
n=$3
shift 3
jobs=${CACHESIM_JOBS:-2}

if ! valgrind=$(command -v valgrind); then
    echo "cachesim: valgrind is not installed (scripts/setup.sh bench installs it)" >&2
    exit 1
fi
for name; do
    if [ ! -x "$build/cachesim-$name" ]; then
        echo "cachesim: $build/cachesim-$name is missing (make cachesim builds it)" >&2
        exit 1
    fi
done
mkdir -p "$(dirname "$out")"
tmp=$(cd "$(mktemp -d)" && pwd)
# Interrupted, the run removes what it was writing and stops: an earlier results file stays as it was.
cleanup() { rm -rf "$tmp" "$out.partial"; }
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM

# One process per binary runs all its scenarios; each scenario's counted run is dumped on its own
# (dump.1, dump.2, ...), labelled "strategy scenario n".
run_one() {
    mkdir -p "$tmp/$1"
    echo "cachesim: n=$n $1" >&2
    # An empty environment and the same command line wherever the build directory is: the client's stack
    # begins below its arguments and environment strings, so any difference there would move every stack
    # address and, with them, the cache sets the stack maps to. Same binary, same figures.
    if ! (cd "$build" && env -i "$valgrind" --tool=callgrind --cache-sim=yes --collect-atstart=no \
        --I1=$i1 --D1=$d1 --LL=$ll --callgrind-out-file="$tmp/$1/dump" \
        "./cachesim-$1" --n "$n") >"$tmp/$1/rows.csv" 2>"$tmp/$1/log"; then
        echo "cachesim: $1 failed:" >&2
        grep -v '^==\|^--' "$tmp/$1/log" | head -n 5 >&2
        : >"$tmp/$1/failed"
    fi
}

# The binaries are independent: `jobs` lanes each take every jobs-th one.
lane=0
while [ "$lane" -lt "$jobs" ]; do
    (
        k=0
        for name; do
            if [ $((k % jobs)) -eq "$lane" ]; then run_one "$name"; fi
            k=$((k + 1))
        done
    ) &
    lane=$((lane + 1))
done
wait
for name; do
    if [ -e "$tmp/$name/failed" ]; then exit 1; fi
done

# Each dump: "desc: Trigger: Client Request: LABEL", "events: NAME...", then "summary:" (or "totals:") with
# one count per event. Emits "strategy scenario n Ir D1mr D1mw DLmr DLmw".
for name; do
    for dump in "$tmp/$name"/dump.*; do
        [ -e "$dump" ] || continue
        awk '
        /^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $0 }
        /^events: / { for (i = 2; i <= NF; i++) col[$i] = i }
        /^(summary|totals): / && !done { for (i = 2; i <= NF; i++) v[i] = $i; done = 1 }
        END {
            if (label == "" || !done) exit 1
            printf "%s %s %s %s %s %s\n", label, v[col["Ir"]], v[col["D1mr"]], v[col["D1mw"]], v[col["DLmr"]], v[col["DLmw"]]
        }' "$dump" || { echo "cachesim: cannot read $dump" >&2; exit 1; }
    done
done >"$tmp/counts"
for name; do grep -v '^strategy,' "$tmp/$name/rows.csv"; done >"$tmp/rows"

# Joins the counts with the binaries' rows (unit, checksum, flags) by strategy, scenario and n; every row
# needs its dump and every dump its row.
{
    printf '%s%s\n' "strategy,scenario,n,unit,instructions_per_unit,d1_misses_per_unit,ll_misses_per_unit," \
        "d1_read_misses_per_unit,d1_write_misses_per_unit,checksum,geometry,flags"
    awk -v geometry="$geometry" '
    FNR == NR { key = $1 "," $2 "," $3; ir[key] = $4; d1r[key] = $5; d1w[key] = $6; llr[key] = $7; llw[key] = $8
                dumps++; next }
    {
        split($0, f, ",")
        key = f[1] "," f[2] "," f[3]
        if (!(key in ir)) { print "cachesim: no dump for " key > "/dev/stderr"; bad = 1; next }
        u = f[3] + 0
        printf "%s,%s,%.6g,%.6g,%.6g,%.6g,%.6g,%s,\"%s\",%s\n", key, f[4], ir[key] / u, (d1r[key] + d1w[key]) / u,
               (llr[key] + llw[key]) / u, d1r[key] / u, d1w[key] / u, f[14], geometry, f[17]
        rows++
    }
    END { if (bad || rows != dumps) { printf "cachesim: %d rows for %d dumps\n", rows, dumps > "/dev/stderr"; exit 1 } }
    ' "$tmp/counts" FS=, "$tmp/rows"
} >"$out.partial"

# The same workload must leave the same data in every strategy.
awk -F, -v prefix=cachesim -f "$(dirname "$0")/checksums.awk" "$out.partial"
mv "$out.partial" "$out"
echo "cachesim: wrote $out" >&2

printf '%-18s %-16s %-6s %10s %10s %12s\n' scenario strategy unit d1/unit ll/unit instr/unit
awk -F, 'NR > 1 { printf "%-18s %-16s %-6s %10.4f %10.4f %12.1f\n", $2, $1, $4, $6, $7, $5 }' "$out" | sort -k1,1 -k4,4n
