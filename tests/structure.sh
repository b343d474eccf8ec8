#!/bin/sh
# The tree's structure (tests/structure.py): no macro in platform/, strategies/, scenarios/ or harness/ writes a
# function, no top-level folder includes from a layer above it (platform/, strategies/, scenarios/, harness/), the
# data structures of strategies/_common/ include nothing of strategies/_core/, no #if in strategies/ reads a
# variant's flag, and make help lists every target and setting.
# Each check passes on the tree and fails on a copy with one violation planted, so that none passes for want of
# looking.
# Ends with "structure: N passed, M failed".
# Usage (from the repository root): sh tests/structure.sh
set -u
test_name=structure
. tests/lib.sh

check() { python3 tests/structure.py "$@" >"$tmp/out" 2>&1; }

if check macros; then ok "no macro in platform/, strategies/, scenarios/ or harness/ expands to a function definition"
else ko "no macro in platform/, strategies/, scenarios/ or harness/ expands to a function definition" \
    "$(tail_of "$tmp/out")"; fi

# A planted macro in each folder, each of a kind the folder would be tempted to: an accessor family, a setup per
# scenario of a family (a name joined with ##), a printer per output format.
planted_macro() {
    case $1 in
    scenarios) printf '%s\n' '#define PLANTED_FAMILY(id, rate) \' \
        '    static void *id##_setup(size_t n, const char **error) { return setup(n, rate, error); }' ;;
    harness) printf '%s\n' '#define PLANTED_PRINTER(format) \' \
        '    void print_##format(FILE *out, const result *r) { print_row(out, r, #format); }' ;;
    *) printf '%s\n' '#define PLANTED_API(prefix) \' \
        '    static inline int prefix##_get(const int *p) { return *p; }' ;;
    esac
}
for top in platform strategies scenarios harness; do
    rm -rf "$tmp/macro" && mkdir -p "$tmp/macro/$top"
    planted_macro "$top" >"$tmp/macro/$top/planted.h"
    if ! check macros "$tmp/macro" && grep -q "^$top/planted\.h:1: PLANTED_[A-Z]* expands to a function definition" \
        "$tmp/out"; then
        ok "a planted function-writing macro in $top/ is named"
    else ko "a planted function-writing macro in $top/ is named" "$(tail_of "$tmp/out")"; fi
done

if check variant-ifs; then ok "no #if in strategies/ reads a variant's flag"
else ko "no #if in strategies/ reads a variant's flag" "$(tail_of "$tmp/out")"; fi

mkdir -p "$tmp/ifs/strategies/_common"
printf '%s\n' '#ifndef PLANTED_H' '#define PLANTED_H' '#ifndef PLANTED_ROWS' '#define PLANTED_ROWS 4u' '#endif' \
    '#ifdef ESB_CHECKED' '#endif' '#if defined(__GNUC__) && !defined(__clang__)' '#endif' '#endif' \
    >"$tmp/ifs/strategies/_common/planted.h"
printf '#include "planted.h"\n# ifdef PLANTED_FAST\n#elif PLANTED_ROWS > 2\n#endif\n' >"$tmp/ifs/strategies/planted.c"
if ! check variant-ifs "$tmp/ifs" && [ "$(wc -l <"$tmp/out")" -eq 3 ] &&
    grep -q '^strategies/_common/planted.h:3: #ifndef on PLANTED_ROWS:' "$tmp/out" &&
    grep -q '^strategies/planted.c:2: #ifdef on PLANTED_FAST:' "$tmp/out" &&
    grep -q '^strategies/planted.c:3: #elif on PLANTED_ROWS:' "$tmp/out"; then
    ok "a planted variant #ifdef, #elif and default are named, a header's guard and the build modes are not"
else ko "a planted variant #ifdef, #elif and default are named, a header's guard and the build modes are not" \
    "$(tail_of "$tmp/out")"; fi

if check includes; then ok "no top-level folder includes from a layer above it"
else ko "no top-level folder includes from a layer above it" "$(tail_of "$tmp/out")"; fi

for case in "scenarios/planted.c runner.h" "strategies/_common/planted.c ../harness/runner.h" \
    "platform/planted.c runner.h" "platform/planted.c contract.h" "strategies/planted.c scenario.h" \
    "strategies/_common/table-aos/planted.c world_core.h"; do
    set -- $case
    rm -rf "$tmp/layers" && mkdir -p "$tmp/layers/platform" "$tmp/layers/scenarios" "$tmp/layers/harness" \
        "$tmp/layers/strategies/_common/table-aos" "$tmp/layers/strategies/_core"
    : >"$tmp/layers/harness/runner.h"
    : >"$tmp/layers/strategies/contract.h"
    : >"$tmp/layers/scenarios/scenario.h"
    : >"$tmp/layers/strategies/_core/world_core.h"
    printf '#include "%s"\n' "$2" >"$tmp/layers/$1"
    if ! check includes "$tmp/layers" && grep -q "^$1:1: " "$tmp/out"; then ok "a planted include of $2 in $1 is named"
    else ko "a planted include of $2 in $1 is named" "$(tail_of "$tmp/out")"; fi
done
if check help; then ok "make help lists every target and setting, and every make target the docs name"
else ko "make help lists every target and setting, and every make target the docs name" "$(tail_of "$tmp/out")"; fi
make -s help >"$tmp/help.txt" 2>&1
if grep -q '^  bench  ' "$tmp/help.txt" && grep -q '^  BENCH_BUDGET_S  ' "$tmp/help.txt"; then ok "make help prints them"
else ko "make help prints them" "$(tail_of "$tmp/help.txt")"; fi

mkdir -p "$tmp/help"
printf '## all  everything\nall:\n\t@true\nundocumented:\n\t@true\nKNOB ?= 1\n' >"$tmp/help/Makefile"
printf 'Run `make all`, then `make missing`.\n' >"$tmp/help/README.md"
if ! check help "$tmp/help" && grep -q 'target undocumented has no' "$tmp/out" && grep -q 'setting KNOB has no' "$tmp/out" &&
    grep -q '`make missing`' "$tmp/out" && ! grep -q '`make all`' "$tmp/out"; then
    ok "an undocumented target and setting, and a target the README names that make help lacks, are named"
else ko "an undocumented target and setting, and a target the README names that make help lacks, are named" \
    "$(tail_of "$tmp/out")"; fi
tally
