#!/bin/sh
# Writes what a results folder needs to be read later and elsewhere: the machine, the software, the source and
# the run's settings, one "key,value" line each (CSV with a header; values with commas or quotes are quoted).
# Usage: scripts/metadata.sh OUT_CSV BUILD_DIR [KEY=VALUE]...
#   KEY=VALUE pairs (the run's settings, from the Makefile) are written after the facts gathered here.
#        scripts/metadata.sh --add OUT_CSV KEY=VALUE...   appends facts learnt later (the load at the end)
#        scripts/metadata.sh --commit   prints the source's commit, "(with uncommitted changes)" after it if any
#        scripts/metadata.sh --steal    prints the steal time of every CPU so far, in ms ("unknown" if unreadable)
# The hardware-counter status comes from one short run of BUILD_DIR/bench-raw: "on: EVENTS" or "off: REASON".
set -eu
row() {
    case "$2" in
    *[,\"]*) printf '%s,"%s"\n' "$1" "$(printf '%s' "$2" | sed 's/"/""/g')" ;;
    *) printf '%s,%s\n' "$1" "$2" ;;
    esac
}
# The source's commit; results written by a run do not make the source dirty.
source_commit() {
    c=$(git rev-parse HEAD 2>/dev/null || echo unknown)
    if [ "$c" != unknown ] && [ -n "$(git status --porcelain --untracked-files=all -- . ':!results' 2>/dev/null)" ]
    then c="$c (with uncommitted changes)"; fi
    echo "$c"
}
# The time the hypervisor ran something else while the guest's CPUs wanted to run, summed over the CPUs, from
# /proc/stat's first line (its 8th value, in clock ticks): a neighbour on the host, seen from inside.
steal_ms() {
    awk -v hz="$(getconf CLK_TCK 2>/dev/null || echo 100)" '/^cpu / && NF >= 9 { printf "%.0f\n", $9 * 1000 / hz; found = 1 }
        END { if (!found) print "unknown" }' /proc/stat 2>/dev/null || echo unknown
}
if [ "$1" = --commit ]; then
    source_commit
    exit 0
fi
if [ "$1" = --steal ]; then
    steal_ms
    exit 0
fi
if [ "$1" = --add ]; then
    out=$2
    shift 2
    for pair; do row "${pair%%=*}" "${pair#*=}"; done >>"$out"
    exit 0
fi
out=$1
build=$2
shift 2

first_line() { "$@" 2>&1 | head -n 1 || true; }
cpuinfo() { awk -F': *' -v k="$1" '$1 ~ "^" k "[ \t]*$" { print $2; exit }' /proc/cpuinfo 2>/dev/null || true; }

# Each cache level of CPU 0 as sysfs describes it: "L1d 48K 12-way 64B line; L1i ...".
caches() {
    for d in /sys/devices/system/cpu/cpu0/cache/index*; do
        [ -r "$d/size" ] || continue
        level=$(cat "$d/level")
        case $(cat "$d/type") in Data) t=d ;; Instruction) t=i ;; *) t="" ;; esac
        printf 'L%s %s %s-way %sB line; ' "$level$t" "$(cat "$d/size")" \
            "$(cat "$d/ways_of_associativity" 2>/dev/null || echo '?')" "$(cat "$d/coherency_line_size" 2>/dev/null || echo '?')"
    done | sed 's/; $//'
}

hypervisor() {
    if grep -q '^flags.* hypervisor' /proc/cpuinfo 2>/dev/null; then
        v=$(lscpu 2>/dev/null | sed -n 's/^Hypervisor vendor: *//p')
        echo "yes${v:+ ($v)}"
    else
        echo "none detected"
    fi
}

counters() {
    if [ ! -x "$build/bench-raw" ]; then echo "unknown (no $build/bench-raw)"; return; fi
    line=$("$build/bench-raw" --scenario simple_iter --n 1024 --reps 1 --target-ms 1 --no-header 2>&1 >/dev/null |
        sed -n 's/^bench: hardware counters off: //p' | head -n 1)
    if [ -n "$line" ]; then echo "off: $line"; return; fi
    events=$("$build/bench-raw" --scenario simple_iter --n 1024 --reps 1 --target-ms 1 --no-header 2>/dev/null |
        head -n 1 | awk -F, '{ print $NF }' | tr -d '"')
    if [ -n "$events" ]; then echo "on: $events"; else echo "off: this build has no PAPI (libpapi-dev missing)"; fi
}

# What else moves timings on a shared VM: transparent huge pages, the CPU frequency governor (VMs often expose
# none), and the load the run started under (the pipeline adds the load it ended under).
readable() { if [ -r "$1" ]; then cat "$1"; else echo "not readable here"; fi; }
loadavg() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown; }

commit=$(source_commit)

tmp=$out.partial
{
    echo "key,value"
    row machine_id "$(sh "$(dirname "$0")/machine-id.sh")"
    row cpu_model "$(cpuinfo 'model name')"
    row cpu_family_model "$(cpuinfo 'cpu family')/$(cpuinfo model)"
    row cores "$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)"
    row caches "$(caches)"
    row memory_total "$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)"
    row hypervisor "$(hypervisor)"
    row transparent_hugepages "$(readable /sys/kernel/mm/transparent_hugepage/enabled)"
    row cpufreq_governor "$(readable /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor)"
    row loadavg_start "$(loadavg)"
    row steal_ms_start "$(steal_ms)"
    row kernel "$(uname -sr)"
    row os "$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}" || echo unknown)"
    row compiler "$(first_line "${CC:-cc}" --version)"
    row hardware_counters "$(counters)"
    row valgrind "$(first_line valgrind --version)"
    row hyperfine "$(first_line hyperfine --version)"
    row gnuplot "$(first_line gnuplot --version)"
    row git_commit "$commit"
    row date "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    for pair; do row "${pair%%=*}" "${pair#*=}"; done
} >"$tmp"
mv "$tmp" "$out"
