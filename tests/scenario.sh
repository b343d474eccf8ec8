#!/bin/sh
# A scenario is its file and its catalogue line: in a copy of the tree, a new scenario (scenarios/planted_pass.c
# and one line in scenarios/catalogue.h, in a family of its own) is run by the bench pipeline at tiny N and
# appears, with nothing else edited,
#  a. in the binaries' --list and --describe;
#  b. in results.csv, with its declared unit;
#  c. in a plot of its family (plots/family-planted.svg);
#  d. in the scenario table of docs/scenarios.md that `make docs` generates;
#  e. and nothing outside the new file and its line changed but what make docs generates (docs/scenarios.md).
# Prints "PASS name" / "FAIL name: reason" per check and ends with "scenario: N passed, M failed".
# Usage (from the repository root): sh tests/scenario.sh BUILD_DIR VARIANT
set -u
build=${1:?usage: sh tests/scenario.sh BUILD_DIR VARIANT}
variant=${2:?usage: sh tests/scenario.sh BUILD_DIR VARIANT}
test_name=scenario
. tests/lib.sh

mkdir "$tmp/tree"
cp -r Makefile README.md REPORT.md docs harness platform scenarios scripts strategies tests "$tmp/tree/"
# The real tree's objects, so that only what the new scenario changes is compiled (make compares their times).
if [ -d "$build/obj" ]; then mkdir -p "$tmp/tree/build" && cp -rp "$build/obj" "$tmp/tree/build/"; fi
snapshot() {
    (cd "$tmp/tree" && find Makefile README.md docs harness platform scenarios scripts strategies tests -type f \
        ! -path scenarios/planted_pass.c ! -path scenarios/catalogue.h ! -path docs/scenarios.md | LC_ALL=C sort |
        xargs cksum)
}
snapshot >"$tmp/before"
cat >"$tmp/tree/scenarios/planted_pass.c" <<'C'
/* planted_pass: simple_iter's world without its extra components; one pass of pos += vel. */
#include "info.h"
#include "kernels.h"
#include "movers.h"

static void *planted_setup(size_t n, const void *params, const char **error) {
    (void)params;
    return movers_new(n, MOVERS_HANDLES | MOVERS_POPULATE | MOVERS_CACHED_QUERY, error);
}

static uint64_t planted_run(void *p) {
    movers *m = p;
    return scn_pass(m->query, kernel_move) == m->n ? m->n : 0;
}

DEFINE_SCENARIO(planted_pass, .setup = planted_setup, .run = planted_run, .checksum = movers_checksum,
                .verify = movers_verify_moved, .world = movers_world, .teardown = movers_delete);
C
printf '%s\n' \
    'SCENARIO(planted_pass, "planted", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN, "a pass the scenario test adds")' \
    >>"$tmp/tree/scenarios/catalogue.h"

(cd "$tmp/tree" && make -s -j2 BUILD=build build/bench-raw "build/bench-$variant" build/cachesim-raw \
    "build/cachesim-$variant") >"$tmp/build.log" 2>&1
if [ ! -x "$tmp/tree/build/bench-$variant" ]; then
    ko "the new scenario builds" "$(tail_of "$tmp/build.log")"
    tally
    exit 1
fi

# a. Listed and described.
if "$tmp/tree/build/bench-$variant" --list | grep -q '^planted_pass	entity	' &&
    "$tmp/tree/build/bench-$variant" --describe | grep -q '^planted_pass,planted,entity,'
then ok "the new scenario is listed and described"
else ko "the new scenario is listed and described" "$("$tmp/tree/build/bench-$variant" --list | tail -n 1)"; fi

# b, c. The pipeline at tiny N.
out=$tmp/tree/results/planted
if (cd "$tmp/tree" && tiny HYPERFINE_RUNS=1 sh scripts/pipeline.sh build "$out" raw "$variant") \
    >"$tmp/pipeline.log" 2>&1; then
    if grep -q "^$variant,planted_pass,1024,entity," "$out/results.csv"
    then ok "the new scenario's cells are in results.csv"
    else ko "the new scenario's cells are in results.csv" "no row $variant,planted_pass,1024,entity"; fi
    if [ -s "$out/plots/family-planted.svg" ] && grep -q 'planted_pass' "$out/plots/family-planted.svg"
    then ok "the new scenario has its family's plot"
    else ko "the new scenario has its family's plot" "$(ls "$out/plots" | grep family | tr '\n' ' ')"; fi
else
    ko "the pipeline runs the new scenario" "$(tail_of "$tmp/pipeline.log")"
fi

# d. The generated scenario table.
if (cd "$tmp/tree" && make -s BUILD=build docs) >"$tmp/docs.log" 2>&1 &&
    grep -q '^| `planted_pass` | planted | a pass the scenario test adds | entity | - |$' "$tmp/tree/docs/scenarios.md"
then ok "make docs lists the new scenario in docs/scenarios.md"
else ko "make docs lists the new scenario in docs/scenarios.md" "$(tail_of "$tmp/docs.log")"; fi

# e. Nothing else edited.
snapshot >"$tmp/after"
if cmp -s "$tmp/before" "$tmp/after"; then ok "nothing but the scenario's file and line was edited"
else ko "nothing but the scenario's file and line was edited" "$(diff "$tmp/before" "$tmp/after" | head -n 3 | tr '\n' ' ')"; fi

tally
