# What the shell tests share, sourced by each from the repository root ("test_name=NAME; . tests/lib.sh": not
# every shell passes arguments to a sourced file): a temporary folder $tmp removed on exit (kept with KEEP_TMP=1,
# for a look at a failure; a test adds its own clean-up in test_cleanup), PASS/FAIL/SKIP lines with their counts,
# the closing tally "NAME: N passed, M failed[, S skipped]" (run-tests.sh folds it into make test's), csvcheck (the
# pipeline's CSV files read by column name), and the tiny pipeline settings the pipeline tests run under.
test_name=${test_name:?set test_name before sourcing tests/lib.sh}
passed=0
failed=0
skipped=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$test_name tests.XXXXXX")
test_cleanup() { :; }
trap 'test_cleanup; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A copy of bitmask's base variant in one folder, DEST (existing), for a test to plant a fault in: its own sources
# and those of its value set arrays/ and its cache set uncached/ side by side, so that the copy builds as a strategy
# without a variants file.
copy_bitmask() {
    cp strategies/bitmask/*.c strategies/bitmask/*.h strategies/bitmask/arrays/*.c strategies/bitmask/arrays/*.h \
        strategies/bitmask/uncached/*.h "$1/"
}

ok() { passed=$((passed + 1)); echo "PASS $1"; }
ko() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }
skip() { skipped=$((skipped + 1)); echo "SKIP $1: $2"; }
# The last lines of a log, on one line.
tail_of() { tail -n 3 "$1" 2>/dev/null | tr '\n' ' '; }
# The pipeline's CSV files, read by column name (tests/csvcheck.py lists its commands): a column added or moved
# then changes no check's meaning.
csvcheck() { python3 tests/csvcheck.py "$@"; }

# The arguments of the tests of the bench binaries, BUILD_DIR AA_VARIANT VARIANT...: sets build, aa, variants (all
# of them, space-separated) and first_variant.
bench_test_arguments() {
    build=$1 aa=$2
    shift 2
    variants="$*" first_variant=${1:-}
}

# Prints the tally (the skipped count only where the test can skip) and returns its verdict.
tally() {
    if [ "${1:-}" = with-skipped ]; then echo "$test_name: $passed passed, $failed failed, $skipped skipped"
    else echo "$test_name: $passed passed, $failed failed"; fi
    [ "$failed" -eq 0 ]
}

# The pipeline at tiny N: one size near 1000, three processes per cell, single short samples, one simulated
# layout per cell, each strategy in processes of its own (PAIRED=0; tests/paired.sh runs it with PAIRED=1). tiny_export sets it in this shell; `tiny [VAR=VALUE...] COMMAND...` runs one command under it
# (its own VAR=VALUE override the settings). The pipeline has no defaults of its own, so every setting is here.
tiny_export() {
    export PAIRED=0 BENCH_MIN_N=1000 BENCH_MAX_N=1024 BENCH_STEP=1 BENCH_SIZES= BENCH_MIN_PROCS=3 BENCH_MAX_PROCS=3 \
        BENCH_TARGET_CI=0.03 BENCH_BUDGET_S=60 BENCH_OPTIONS="--reps 1 --target-ms 1 --warmup-ms 1 --first-warmup-ms 5" \
        BENCH_JOB_TIMEOUT_S=60 PROGRESS_EVERY=30 \
        FIXED_N=1024 HYPERFINE_RUNS=2 HYPERFINE_EXTRA_MS=5 CROSSCHECK_SCENARIOS=simple_iter,add_remove QUICK=1 \
        CACHESIM_SPREAD=1e9 CACHESIM_ALL_LAYOUTS= CACHESIM_LARGE_N= \
        PAIRED_LAYOUTS=3 PAIRED_ROUNDS=4 PAIRED_TARGET_MS=2 PAIRED_REFERENCE=archetype PAIRED_CLOCK=cpu \
        FRAMES_N=4096 FRAMES_PROCESSES=2 FRAMES_ROUNDS=2
}
tiny() { (tiny_export && exec env "$@"); }
