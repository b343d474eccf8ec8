#!/bin/sh
# Prints this machine's id, the name of its folder under results/: the CPU model as a lower-case slug, its
# family and model numbers where the name alone carries no digits (a virtual machine that says only "AMD EPYC"),
# and the number of online CPUs, e.g. "amd-epyc-fam26m2-2c" or "intel-core-i7-9750h-12c". Machines of one type
# get one id, so their runs replace each other; MACHINE_ID in the environment overrides it.
set -eu
if [ -n "${MACHINE_ID:-}" ]; then
    case "$MACHINE_ID" in
    *[!a-z0-9._-]* | .* | '') echo "machine-id.sh: MACHINE_ID may hold only a-z 0-9 . _ - (and not start with .)" >&2; exit 2 ;;
    esac
    echo "$MACHINE_ID"
    exit 0
fi
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc 2>/dev/null || echo 1)
awk -v cores="$cores" -F': *' '
$1 ~ /^model name/ && model == "" { model = $2 }
$1 ~ /^cpu family/ && family == "" { family = $2 }
$1 ~ /^model[ \t]*$/ && number == "" { number = $2 }
END {
    if (model == "") model = "unknown-cpu"
    s = tolower(model)
    gsub(/\((r|tm)\)/, "", s)
    sub(/ @ .*/, "", s)
    gsub(/ [0-9]+-core/, "", s)
    gsub(/ (cpu|processor)( |$)/, " ", s)
    gsub(/[^a-z0-9]+/, "-", s)
    gsub(/^-+|-+$/, "", s)
    if (s !~ /[0-9]/ && family != "") s = s "-fam" family "m" number
    print s "-" cores "c"
}' /proc/cpuinfo 2>/dev/null || echo "unknown-cpu-${cores}c"
