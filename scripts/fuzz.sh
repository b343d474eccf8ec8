#!/bin/sh
# Fuzzes every given variant for SECONDS (two at a time): first replays the regression inputs
# (tests/fuzz/regressions), then runs libFuzzer from the committed corpus (tests/fuzz/corpus) plus the inputs
# earlier runs found (BUILD/fuzz-corpus/VARIANT, where new ones are kept). With FUZZ_MERGE=1 the inputs that add
# coverage are merged into the committed corpus afterwards (libFuzzer's -merge=1 keeps only those). Prints per
# variant its counts and what the run added: coverage edges (libFuzzer's cov), features (ft) and corpus inputs
# (corp) once the corpus was loaded (its INITED line) and at the end (its DONE line, or the last status line of
# a run that failed); with FUZZ_MERGE=1 also the inputs each merge added and the committed corpus's size before
# and after. Then the tally
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
    if [ ! -x "$bin" ]; then
        echo "no $bin: build it first (make $bin, or make fuzz)" >"$logs/$v.failed"
        return
    fi
    set -- "$regressions"/*
    # The regressions were recorded before the batched operations: their bytes choose from the older table.
    if [ -e "$1" ] && ! ESB_FUZZ_OPS=classic "$bin" "$@" >"$log" 2>&1; then
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

# "EDGES FEATURES INPUTS" from a libFuzzer status line ("#N  INITED cov: E ft: F corp: I/SIZE ..."); empty if the
# log has none.
coverage_at() { # LOG WHICH (INITED, or last: the last status line)
    if [ "$2" = INITED ]; then grep -E '^#[0-9]+[[:space:]]+INITED .*cov: ' "$1" | head -n 1
    else grep -E '^#[0-9]+[[:space:]].* cov: [0-9]+ ft: [0-9]+ corp: ' "$1" | tail -n 1; fi |
        sed -n 's/.* cov: \([0-9]*\) ft: \([0-9]*\) corp: \([0-9]*\)\/.*/\1 \2 \3/p'
}

# "BEFORE -> AFTER (+DIFFERENCE)"
change() { echo "$1 -> $2 ($(if [ "$2" -ge "$1" ]; then echo "+$(($2 - $1))"; else echo "-$(($1 - $2))"; fi))"; }

# Inputs and bytes of the committed corpus.
corpus_size() { echo "$(ls "$corpus" | wc -l) inputs, $(cat "$corpus"/* | wc -c) bytes"; }

ops=0
inputs=0
injected=0
failed=0
for v in $variants; do
    log=$logs/$v.log
    line=$(sed -n "s/^fuzz $v: \([0-9]*\) operations in \([0-9]*\) inputs, \([0-9]*\) allocation.*/\1 \2 \3/p" \
        "$log" 2>/dev/null | tail -n 1)
    if [ -f "$logs/$v.failed" ] || [ -z "$line" ]; then
        failed=$((failed + 1))
        printf 'fuzz %-24s FAIL (%s)\n' "$v" "$(cat "$logs/$v.failed" 2>/dev/null || echo 'no tally')"
        grep -E 'ERROR|SUMMARY|runtime error|\.c:[0-9]+: |Test unit written|\[conformance\]' "$log" 2>/dev/null | head -n 20
        continue
    fi
    set -- $line
    ops=$((ops + $1))
    inputs=$((inputs + $2))
    injected=$((injected + $3))
    printf 'fuzz %-24s ok: %s operations in %s inputs, %s allocation failures injected\n' "$v" "$1" "$2" "$3"
    before=$(coverage_at "$log" INITED)
    after=$(coverage_at "$log" last)
    if [ -n "$before" ] && [ -n "$after" ]; then
        set -- $before $after
        printf 'fuzz %-24s edges %s, features %s, corpus inputs %s\n' "$v" "$(change "$1" "$4")" \
            "$(change "$2" "$5")" "$(change "$3" "$6")"
    else
        printf 'fuzz %-24s coverage not reported (no INITED or final status line)\n' "$v"
    fi
done

# libFuzzer's summary of a merge: "MERGE-OUTER: N new files with F new features added; E new coverage edges".
merged='^MERGE-OUTER: \([0-9]*\) new files with \([0-9]*\) new features added; \([0-9]*\) new coverage edges.*'
if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    echo "fuzz: the committed corpus ($corpus) holds $(corpus_size) before the merge"
    for v in $variants; do
        if "$build/fuzz-$v" -merge=1 -use_counters=0 -max_len=4096 "$corpus" "$build/fuzz-corpus/$v" \
            >"$logs/$v.merge" 2>&1; then
            added=$(sed -n "s/$merged/inputs added: \\1, new edges: \\3, new features: \\2/p" "$logs/$v.merge" | tail -n 1)
            printf 'fuzz %-24s merge: %s\n' "$v" "${added:-no merge summary}"
        else
            echo "fuzz.sh: merging $v's inputs failed" >&2
        fi
    done
    echo "fuzz: the committed corpus holds $(corpus_size) after the merge"
fi

echo "fuzz: $ops operations in $inputs inputs ($injected allocation failures injected) over $(echo $variants | wc -w) variants ($seconds s each), $failed failed"
[ "$failed" -eq 0 ]
