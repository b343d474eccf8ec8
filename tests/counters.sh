#!/bin/sh
# Tests of the hardware-counter columns and of the cache simulation, run by `make test`:
#  - the counter columns come after every other column, so scripts that index columns by position still work;
#  - where the machine has counters, they hold plausible positive figures; where it has none, the binary says
#    why once and leaves them empty (never zero), in CSV and JSON alike;
#  - a cache-simulator binary under the pinned callgrind geometry gives the same figures on every run, with
#    D1 misses, and the same checksum as the bench binary.
# A test that cannot run on this machine is reported as "SKIP name: reason" and counted apart.
# Usage: sh tests/counters.sh BUILD_DIR VARIANT...
set -u
build=$1
shift
variant=$1
test_name=counters
. tests/lib.sh

bench="$build/bench-$variant"
counter_cols="instructions_per_unit,cycles_per_unit,l1d_misses_per_unit,llc_misses_per_unit,counter_events"

# Column NAME of the first data row of CSV, by the header's names (quoted fields here hold no commas).
column() {
    awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
                          NR == 2 && c { print $c }' "$1"
}

"$bench" --scenario simple_iter --n 4096 --reps 2 --target-ms 1 >"$tmp/row.csv" 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 0 ]; then ko "bench-$variant runs simple_iter" "exit $rc: $(head -n 1 "$tmp/err")"; fi

if head -n 1 "$tmp/row.csv" | grep -q ",flags,$counter_cols\$"; then ok "counter columns come last, after flags"
else ko "counter columns come last, after flags" "$(head -n 1 "$tmp/row.csv")"; fi

reason=$(sed -n 's/^bench: hardware counters off: //p' "$tmp/err")
values=""
for c in instructions_per_unit cycles_per_unit l1d_misses_per_unit llc_misses_per_unit counter_events; do
    values="$values[$(column "$tmp/row.csv" "$c")]"
done
if [ -n "$reason" ]; then
    skip "hardware counters count simple_iter" "$reason"
    if [ "$values" = "[][][][][]" ]; then ok "without counters the counter columns are empty, not zero"
    else ko "without counters the counter columns are empty, not zero" "$values"; fi
    "$bench" --scenario simple_iter --n 256 --reps 1 --target-ms 1 --format json >"$tmp/row.json" 2>/dev/null
    nulls=$(grep -Eo '"(instructions_per_unit|cycles_per_unit|l1d_misses_per_unit|llc_misses_per_unit|counter_events)": null' \
        "$tmp/row.json" | wc -l)
    if [ "$nulls" -eq 5 ]; then ok "without counters the JSON counter fields are null"
    else ko "without counters the JSON counter fields are null" "$nulls of 5"; fi
    # Said once per process, not once per result.
    "$bench" --scenario simple_iter --scenario destroy --n 64,128 --reps 1 --target-ms 1 >/dev/null 2>"$tmp/err2"
    said=$(grep -c '^bench: hardware counters off: ' "$tmp/err2")
    if [ "$said" -eq 1 ]; then ok "the reason is said once per process"
    else ko "the reason is said once per process" "$said times"; fi
else
    # Each role's figure is a non-negative number, or empty where the CPU has no event for it; one pass of
    # pos += vel is a few instructions per entity, nowhere near a thousand.
    bad=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        NR == 2 {
            n = 0
            split("instructions_per_unit cycles_per_unit l1d_misses_per_unit llc_misses_per_unit", roles, " ")
            for (r = 1; r <= 4; r++) {
                v = $col[roles[r]]
                if (v == "") continue
                n++
                if (v !~ /^[0-9.e+-]+$/ || v + 0 < 0) print roles[r] "=" v
            }
            if (n == 0) print "no figure"
            ins = $col["instructions_per_unit"]
            if (ins != "" && !(ins + 0 > 0 && ins + 0 < 1000)) print "instructions_per_unit=" ins
            cyc = $col["cycles_per_unit"]
            if (cyc != "" && !(cyc + 0 > 0)) print "cycles_per_unit=" cyc
            if ($col["counter_events"] == "") print "no events named"
        }' "$tmp/row.csv" | tr '\n' ' ')
    if [ -z "$bad" ]; then ok "hardware counters count simple_iter: $values"
    else ko "hardware counters count simple_iter" "$bad"; fi
fi

# The cache simulation: one binary, every scenario at a size whose Position and Velocity arrays (96 KiB)
# overflow the simulated 48 KiB L1, run twice.
if ! command -v valgrind >/dev/null 2>&1; then
    skip "cache simulation is deterministic" "valgrind is not installed (scripts/setup.sh bench installs it)"
elif ! make -s BUILD="$build" "$build/cachesim-$variant" >"$tmp/build.log" 2>&1; then
    ko "cache simulation builds" "$(tail -n 2 "$tmp/build.log" | tr '\n' ' ')"
elif ! sh scripts/cachesim.sh "$build" "$tmp/sim1.csv" 4096 - "$variant" >/dev/null 2>"$tmp/sim.err" ||
    ! sh scripts/cachesim.sh "$build" "$tmp/sim2.csv" 4096 - "$variant" >/dev/null 2>>"$tmp/sim.err"; then
    ko "cache simulation runs" "$(grep -v '^cachesim: n=' "$tmp/sim.err" | head -n 2 | tr '\n' ' ')"
else
    if cmp -s "$tmp/sim1.csv" "$tmp/sim2.csv"; then ok "cache simulation gives the same figures twice"
    else ko "cache simulation gives the same figures twice" "$(diff "$tmp/sim1.csv" "$tmp/sim2.csv" | head -n 2)"; fi
    d1=$(awk -F, -v s="$variant" '$1 == s && $2 == "simple_iter" { print $7 }' "$tmp/sim1.csv")
    if [ -n "$d1" ] && awk -v d="$d1" 'BEGIN { exit !(d + 0 > 0) }'; then
        ok "simulated simple_iter misses D1 ($d1 per entity)"
    else ko "simulated simple_iter misses D1" "d1_misses_per_unit='$d1'"; fi
    simsum=$(awk -F, -v s="$variant" '$1 == s && $2 == "simple_iter" { print $11 }' "$tmp/sim1.csv")
    benchsum=$(column "$tmp/row.csv" checksum)
    if [ -n "$simsum" ] && [ "$simsum" = "$benchsum" ]; then ok "simulated and timed runs agree on the checksum"
    else ko "simulated and timed runs agree on the checksum" "'$simsum' vs '$benchsum'"; fi
fi

tally with-skipped
