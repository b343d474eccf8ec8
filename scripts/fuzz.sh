#!/bin/sh
# Fuzzes every given variant for SECONDS (two at a time): first replays the regression inputs
# (tests/fuzz/regressions), then runs libFuzzer from the committed corpus (tests/fuzz/corpus) plus the inputs
# earlier runs found (BUILD/fuzz-corpus/VARIANT, where new ones are kept). With FUZZ_MERGE=1 the inputs that add
# coverage are merged into the committed corpus afterwards. Prints one line per variant and the tally
#   fuzz: N operations in M inputs (I allocation failures injected) over K variants (S s each), F failed
# Usage: scripts/fuzz.sh BUILD SECONDS VARIANT...
set -u
build=$1
seconds=$2
shift 2
variants=$*
case "$seconds" in '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
jobs=${FUZZ_JOBS:-2}
unset CONF_TALLY # the targets print their own counts (the conformance suites' tally file is not theirs)
corpus=tests/fuzz/corpus
regressions=tests/fuzz/regressions
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
mkdir -p "$build/fuzz-artifacts"

fuzz_one() {
    v=$1
    bin=$build/fuzz-$v
    log=$logs/$v.log
    mkdir -p "$build/fuzz-corpus/$v"
    set -- "$regressions"/*
    if [ -e "$1" ] && ! "$bin" "$@" >"$log" 2>&1; then
        echo "regression" >"$logs/$v.failed"
        return
    fi
    # -timeout: one input that runs this long is a hang. -rss_limit_mb: a runaway allocation is a failure.
    if ! "$bin" -max_total_time="$seconds" -max_len=4096 -timeout=30 -rss_limit_mb=2048 \
        -artifact_prefix="$build/fuzz-artifacts/$v-" "$build/fuzz-corpus/$v" "$corpus" >"$log" 2>&1; then
        echo "fuzzing" >"$logs/$v.failed"
    fi
}

running=0
for v in "$@"; do
    fuzz_one "$v" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait
        running=0
    fi
done
wait

ops=0
inputs=0
injected=0
failed=0
for v in $variants; do
    log=$logs/$v.log
    line=$(sed -n "s/^fuzz $v: \([0-9]*\) operations in \([0-9]*\) inputs, \([0-9]*\) allocation.*/\1 \2 \3/p" \
        "$log" | tail -n 1)
    if [ -f "$logs/$v.failed" ] || [ -z "$line" ]; then
        failed=$((failed + 1))
        printf 'fuzz %-24s FAIL (%s)\n' "$v" "$(cat "$logs/$v.failed" 2>/dev/null || echo 'no tally')"
        grep -E 'ERROR|SUMMARY|runtime error|\.c:[0-9]+: |Test unit written|\[conformance\]' "$log" | head -n 20
        continue
    fi
    set -- $line
    ops=$((ops + $1))
    inputs=$((inputs + $2))
    injected=$((injected + $3))
    printf 'fuzz %-24s ok: %s operations in %s inputs, %s allocation failures injected\n' "$v" "$1" "$2" "$3"
done

if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    for v in $variants; do
        "$build/fuzz-$v" -merge=1 -use_counters=0 -max_len=4096 "$corpus" "$build/fuzz-corpus/$v" >/dev/null 2>&1 ||
            echo "fuzz.sh: merging $v's inputs failed" >&2
    done
    echo "fuzz: corpus now holds $(ls "$corpus" | wc -l) inputs"
fi

echo "fuzz: $ops operations in $inputs inputs ($injected allocation failures injected) over $(echo $variants | wc -w) variants ($seconds s each), $failed failed"
[ "$failed" -eq 0 ]
