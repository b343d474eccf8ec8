#!/bin/sh
# What make bench builds, in a copy of the tree with a strategy folder that does not compile (a copy of
# strategies/_template with a syntax error), run by `make test`:
#  a. a run narrowed by STRATEGIES to other strategies builds and measures (QUICK, one scenario), and compiles
#     nothing of the broken folder;
#  b. its dry run (make -n) compiles the objects of the designs it measures and of their controls alone, fewer
#     than the full run's, and links the paired program from their units alone;
#  c. the full run refuses before measuring, naming the folder that did not compile in one line after the
#     compiler's messages.
# The copy's build folder starts from BUILD_DIR's bench and cache-simulator objects and units, so that only what
# they lack is compiled.
# Ends with "subset: N passed, M failed". Usage (from the repository root): sh tests/subset.sh BUILD_DIR
set -u
build=${1:?usage: sh tests/subset.sh BUILD_DIR}
test_name=subset
. tests/lib.sh
# The strategy the narrowed run names (a twin of the paired program's, so that its control is built too).
named=sparse

# (Build folders are named inside the tree: make's targets cannot hold the space lib.sh's scratch folder has.)
mkdir -p "$tmp/tree/build"
cp -Rp Makefile REPORT.md docs harness platform scenarios scripts strategies tests "$tmp/tree/"
rm -rf "$tmp/tree/strategies/broken"
cp -Rp strategies/_template "$tmp/tree/strategies/broken"
printf 'int broken_on_purpose(void) { return }\n' >>"$tmp/tree/strategies/broken/world.c"
mkdir -p "$tmp/tree/build/obj"
for kept in obj/bench obj/cachesim units; do [ ! -d "$build/$kept" ] || cp -Rp "$build/$kept" "$tmp/tree/build/$kept"; done
in_tree() { (cd "$tmp/tree" && "$@"); }
narrowed="STRATEGIES=$named SCENARIOS=simple_iter QUICK=1"

# b. The dry runs: the compile commands of a build folder without objects, narrowed and full.
# shellcheck disable=SC2086 # the settings are words
in_tree make -n bench $narrowed BUILD=dry RESULTS_DIR="$tmp/dry-results" >"$tmp/narrowed.n" 2>&1
narrowed_rc=$?
rm -rf "$tmp/tree/dry"
in_tree make -n bench BUILD=dry RESULTS_DIR="$tmp/dry-results" >"$tmp/full.n" 2>&1
compiles() { grep -c -- ' -MMD -MP -c ' "$1"; }
# The strategies whose objects a dry run compiles (a variant's key var-NAME, its controls NAME~... by NAME's).
families() { grep -o 'obj/[a-z]*/var-[^/]*/' "$1" | sed -e 's|.*/var-||' -e 's|/$||' -e 's|~.*||' | sort -u | tr '\n' ' '; }
# The units the first link order of the paired program links, by design.
linked() { sed -n '/paired-link.sh 0 /,/ -- /p' "$1" | sed -n 's/.* -- //p' | tr ' ' '\n' | sed 's|.*/||; s|\.o$||' |
    grep . | sort | tr '\n' ' '; }
run_families=$(printf '%s\n' archetype "$named" | sort -u | tr '\n' ' ')
if [ "$narrowed_rc" -eq 0 ] && [ "$(families "$tmp/narrowed.n")" = "$run_families" ] &&
    [ "$(compiles "$tmp/narrowed.n")" -lt "$(compiles "$tmp/full.n")" ] &&
    ! linked "$tmp/narrowed.n" | tr ' ' '\n' | grep . | grep -qv -e '^raw$' -e '^archetype' -e "^$named\$" -e "^$named~" &&
    linked "$tmp/narrowed.n" | grep -q "$named~aa" && ! grep -q 'strategies/broken/' "$tmp/narrowed.n"
then ok "a narrowed dry run compiles $(compiles "$tmp/narrowed.n") objects of $run_families(the full run: $(compiles "$tmp/full.n")), and links their units alone"
else ko "a narrowed dry run compiles the objects of its designs alone" "exit $narrowed_rc; compiles $(compiles "$tmp/narrowed.n") \
of $(families "$tmp/narrowed.n")(full: $(compiles "$tmp/full.n")); links $(linked "$tmp/narrowed.n")"; fi
if [ "$(families "$tmp/full.n" | grep -c broken)" = 1 ] && linked "$tmp/full.n" | grep -q 'broken' &&
    [ "$(linked "$tmp/full.n" | wc -w)" -gt "$(linked "$tmp/narrowed.n" | wc -w)" ]
then ok "the full dry run compiles and links every design, the broken one included"
else ko "the full dry run compiles and links every design, the broken one included" "links $(linked "$tmp/full.n")"; fi

# a. The narrowed run, measured.
# shellcheck disable=SC2086
in_tree make bench $narrowed BUILD=build RESULTS_DIR="$tmp/narrowed" >"$tmp/narrowed.log" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && [ -s "$tmp/narrowed/results.csv" ] &&
    csvcheck column "$tmp/narrowed/results.csv" strategy | grep -qx "$named" &&
    [ -z "$(find "$tmp/tree/build/obj" -path '*strategies/broken/*' 2>/dev/null)" ]
then ok "a run narrowed to $named builds and measures beside a strategy folder that does not compile"
else ko "a run narrowed to $named builds and measures beside a strategy folder that does not compile" \
    "exit $rc: $(tail_of "$tmp/narrowed.log")"; fi

# c. The full run stops at the build, before anything is measured, naming the folder in the line before make's own
# "*** [bench] Error 2".
in_tree make bench BUILD=build RESULTS_DIR="$tmp/full" >"$tmp/full.log" 2>"$tmp/full.err"
rc=$?
if [ "$rc" -ne 0 ] && tail -n 2 "$tmp/full.err" | head -n 1 | grep -q '^make bench: strategies/broken/ did not build' &&
    [ ! -e "$tmp/full" ] && ! grep -q 'bench: == ' "$tmp/full.err"
then ok "the full run refuses before measuring, naming strategies/broken/ after the compiler's messages"
else ko "the full run refuses before measuring, naming strategies/broken/ after the compiler's messages" \
    "exit $rc: $(tail -n 2 "$tmp/full.err" | tr '\n' ' ')"; fi
tally
