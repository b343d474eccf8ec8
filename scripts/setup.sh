#!/bin/sh
# Makes sure the packages a target needs are installed: `scripts/setup.sh test` or `scripts/setup.sh bench`.
# Installs missing Debian/Ubuntu packages with apt-get (through sudo when not root and sudo works without a
# password); otherwise stops and prints the exact command to run.
set -eu
target=${1:-test}
CC=${CC:-cc}

missing=""
need() {
    case " $missing " in *" $1 "*) ;; *) missing="$missing $1" ;; esac
}

# A header check works on any distribution; the package names are Debian's.
has_header() { printf '#include <%s>\n' "$1" | "$CC" -E -x c - >/dev/null 2>&1; }
# Links a program with libFuzzer and the sanitizers.
has_fuzzer() {
    dir=$(mktemp -d)
    printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
        >"$dir/f.c"
    "$1" -fsanitize=fuzzer,address,undefined "$dir/f.c" -o "$dir/f" >/dev/null 2>&1
    rc=$?
    rm -rf "$dir"
    return $rc
}

# make bench draws with gnuplot (the build without X11 has the svg and pngcairo terminals), cross-checks the
# in-process timer with hyperfine, and analyses its runs with Python 3 (the standard library only:
# scripts/analysis).
bench_tools() {
    command -v gnuplot >/dev/null 2>&1 || need gnuplot-nox
    command -v hyperfine >/dev/null 2>&1 || need hyperfine
    # the pipeline's time limits and its lock on a results folder
    command -v timeout >/dev/null 2>&1 || need coreutils
    command -v flock >/dev/null 2>&1 || need util-linux
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null || need python3
}

# A compiler alone is not enough: Debian's gcc only recommends the C library headers.
if ! command -v "$CC" >/dev/null 2>&1 || ! has_header stdio.h; then need build-essential; fi
command -v make >/dev/null 2>&1 || need make
# PAPI for both: the tests build the bench binaries too, so CI compiles the hardware-counter path even where
# the machine has no counters to give it.
case "$target" in
test)
    has_header criterion/criterion.h || need libcriterion-dev
    has_header papi.h || need libpapi-dev
    # the cache-simulation test runs a binary under callgrind; make memcheck runs the suites under memcheck
    command -v valgrind >/dev/null 2>&1 || need valgrind
    # the whole make bench pipeline runs at tiny N, and the analysis has unit tests; jq checks the JSON it writes
    bench_tools
    command -v jq >/dev/null 2>&1 || need jq
    # the analysis's type hints are checked (scripts/analysis/mypy.ini)
    command -v mypy >/dev/null 2>&1 || need mypy
    # the fuzz targets: clang, and its libFuzzer and sanitizer runtimes (a package of their own on Debian 12)
    fuzz_cc=${FUZZ_CC:-clang}
    # (Ubuntu before 23.04 ships them with clang itself and has no such package.)
    rt=""
    if ! command -v apt-cache >/dev/null 2>&1 || apt-cache show libclang-rt-dev >/dev/null 2>&1; then
        rt=libclang-rt-dev
    fi
    if ! command -v "$fuzz_cc" >/dev/null 2>&1; then
        need clang
        [ -n "$rt" ] && need "$rt"
    elif ! has_fuzzer "$fuzz_cc"; then
        if [ -z "$rt" ]; then
            echo "setup.sh: $fuzz_cc cannot link a libFuzzer target; install its compiler-rt runtime" >&2
            exit 1
        fi
        need "$rt"
    fi
    ;;
bench)
    has_header papi.h || need libpapi-dev
    # make cachesim: valgrind runs the simulation, and its package ships the callgrind.h the binaries include.
    command -v valgrind >/dev/null 2>&1 || need valgrind
    has_header valgrind/callgrind.h || need valgrind
    bench_tools
    ;;
*)
    echo "setup.sh: unknown target '$target' (test or bench)" >&2
    exit 2
    ;;
esac

[ -z "$missing" ] && exit 0

cmd="apt-get install -y --no-install-recommends$missing"
if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup.sh: missing packages:$missing (Debian names); install them with your package manager." >&2
    exit 1
fi
if [ "$(id -u)" = 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo="sudo"
else
    echo "setup.sh: missing packages:$missing. Run: sudo apt-get update && sudo $cmd" >&2
    exit 1
fi
echo "setup.sh: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo $cmd
