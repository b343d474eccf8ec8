#!/bin/sh
# Links the paired program in link order L (Makefile: bench-paired-L): its main objects, then every design unit
# in an order drawn from L with a gap of a drawn size (0 to 4 KiB, a multiple of 16 bytes) before each, so that
# each link order places every design's code at other addresses modulo the 4 KiB of a page and of the L1I's
# ways. The table of units (paired_units, in the units' names' order, the same in every link order) and the
# link order's number are generated into WORK_DIR. The draws come from L and the build's link seed (WORK_DIR/link-seed,
# drawn once per build folder, the Makefile's; a run records it as paired_link_seed), so that each build places the
# code in link orders of its own rather than every build in the same sixteen.
# Usage: scripts/paired-link.sh L WORK_DIR "CC FLAGS..." "LIBS..." OUTPUT MAIN_OBJECT... -- UNIT_OBJECT...
#   (FLAGS include the harness's include paths: the table is compiled against harness/unit.h)
#   (a unit's object is NAME.o, its table renamed esb_design_unit_HEX, HEX the name's bytes in hexadecimal)
set -eu
order=$1
work=$2
cc=$3
libs=$4
out=$5
shift 5
mains=""
while [ $# -gt 0 ] && [ "$1" != -- ]; do mains="$mains $1"; shift; done
[ $# -gt 1 ] || { echo "paired-link: no unit objects after --" >&2; exit 2; }
shift
mkdir -p "$work"
link_seed=$(cat "$work/link-seed" 2>/dev/null) || link_seed=
case $link_seed in
'' | *[!0-9]*) echo "paired-link: $work/link-seed does not hold a whole number" >&2; exit 2 ;;
esac
# A unit's table, as the Makefile renamed it (unit_symbol).
symbol() { printf 'esb_design_unit_%s' "$(basename "$1" .o | tr -d '\n' | od -An -tx1 | tr -d ' \n')"; }
table=$work/order-$order.c
{
    echo '#include "unit.h"'
    for unit; do
        echo "extern const design_unit $(symbol "$unit");"
    done
    echo 'const design_unit *const paired_units[] = {'
    for unit; do
        echo "    &$(symbol "$unit"),"
    done
    echo '    0,'
    echo '};'
    echo "const unsigned paired_link_order = $order;"
} >"$table.tmp"
mv "$table.tmp" "$table"
# shellcheck disable=SC2086 # CC FLAGS and LIBS are word lists
$cc -c "$table" -o "$work/order-$order.o"
# The units in a drawn order, each with its gap: lines "GAP UNIT".
printf '%s\n' "$@" | awk -v seed="$order" -v build="$link_seed" 'BEGIN { srand(build * 64 + seed + 1) }
    { unit[NR] = $0 }
    END {
        for (i = NR; i > 1; i--) { j = int(rand() * i) + 1; t = unit[i]; unit[i] = unit[j]; unit[j] = t }
        for (i = 1; i <= NR; i++) print 16 * (1 + int(rand() * 256)), unit[i]
    }' >"$work/order-$order.list"
objects=""
k=0
while read -r gap unit; do
    printf '\t.text\n\t.skip %d\n\t.section .note.GNU-stack,"",@progbits\n' "$gap" | $cc -c -x assembler - -o "$work/gap-$order-$k.o"
    objects="$objects $work/gap-$order-$k.o $unit"
    k=$((k + 1))
done <"$work/order-$order.list"
# shellcheck disable=SC2086
$cc $mains "$work/order-$order.o" $objects $libs -o "$out"
