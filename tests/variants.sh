#!/bin/sh
# The variants' discovery (scripts/variants.sh) on planted trees: a variant's source sets (@SET) resolve to the
# strategy's folder or to strategies/_common/, the base line's sets reach every line naming none and the narrow
# test variants, the base line's constants reach every line not setting its own, a set of _common/ replaces the
# default of its family, and every line that cannot work is refused with a make error naming the file and the word,
# before anything is built.
# Ends with "variants: N passed, M failed".
# Usage (from the repository root): sh tests/variants.sh
set -u
test_name=variants
. tests/lib.sh

# A tree with scripts/variants.sh, a strategy "demo" with the sets "one" and "two", and _common/ with the family
# "layout" (layout-a by default, layout-b beside it); $1 is demo's variants file.
plant() {
    rm -rf "$tmp/tree" && mkdir -p "$tmp/tree/scripts" "$tmp/tree/strategies/demo/one" "$tmp/tree/strategies/demo/two" \
        "$tmp/tree/strategies/_common/layout-a" "$tmp/tree/strategies/_common/layout-b"
    cp scripts/variants.sh "$tmp/tree/scripts/"
    : >"$tmp/tree/strategies/demo/world.c"
    printf 'base @layout-a\n' >"$tmp/tree/strategies/_common/variants"
    printf '%s\n' "$1" >"$tmp/tree/strategies/demo/variants"
    sh "$tmp/tree/scripts/variants.sh" >"$tmp/out" 2>&1
}
has() { grep -qxF "$1" "$tmp/out"; }

plant "$(printf 'base @one\nfast -DFAST\nother @two -DOTHER\naos @layout-b')"
reach="the base line's sets and _common/'s default reach every line naming none and the narrow variants (retire4 \
with versions-retire in place of its family's default)"
if has 'demo_SETS := demo/one _common/layout-a' && has 'demo-fast_SETS := demo/one _common/layout-a' &&
    has 'demo-fast_FLAGS := -DFAST' && has 'demo-wrap4_SETS := demo/one _common/layout-a' &&
    has 'demo-retire4_SETS := demo/one _common/versions-retire _common/layout-a' &&
    has 'COMMON_SETS := _common/layout-a'; then
    ok "$reach"
else ko "$reach" \
    "$(tail_of "$tmp/out")"; fi
if has 'demo-other_SETS := demo/two _common/layout-a' && has 'demo-other_FLAGS := -DOTHER'; then
    ok "a line's own set replaces the base line's, its flags stay flags"
else ko "a line's own set replaces the base line's, its flags stay flags" "$(tail_of "$tmp/out")"; fi
if has 'demo-aos_SETS := _common/layout-b' && ! grep -q '^demo-aos_SETS.*layout-a' "$tmp/out"; then
    ok "a set of _common/ replaces the default of its family"
else ko "a set of _common/ replaces the default of its family" "$(tail_of "$tmp/out")"; fi

# The base line's constants: the base's and the narrow variants' values, and every line's that sets no value of its
# own; a line's own value replaces the base line's.
plant "$(printf 'base @one -DROWS=128u -DPAGE=12\nfull -DROWS=0\nfast -DFAST')"
if has 'demo_FLAGS := -DROWS=128u -DPAGE=12' && has 'demo-full_FLAGS := -DROWS=0 -DPAGE=12' &&
    has 'demo-fast_FLAGS := -DFAST -DROWS=128u -DPAGE=12' &&
    has 'demo-wrap4_FLAGS := -DESB_VERSION_BITS=4 -DESB_INDEX_LIMIT=16384 -DROWS=128u -DPAGE=12' &&
    grep -qx 'demo-retire4_FLAGS := .*-DROWS=128u -DPAGE=12 -DESB_RETIRE_EXHAUSTED' "$tmp/out"; then
    ok "the base line's constants reach every variant that does not set its own value"
else ko "the base line's constants reach every variant that does not set its own value" "$(tail_of "$tmp/out")"; fi

# Each line that cannot work, and the words the refusal must name.
for case in "bad @missing|'@missing' of 'bad' is neither strategies/demo/missing/ nor strategies/_common/missing/" \
    "bad @Two|'@Two' of 'bad' is not a folder name" "bad @tests|'@tests' of 'bad' is not a folder name" \
    "base @one -O2|the base line's flags are constants, each -DNAME with" "base -DFLAG|the base line's flags are constants" \
    "Bad -DX|the suffix 'Bad' is not lower-case"; do
    line=${case%%|*} why=${case#*|}
    plant "$line"
    if grep -q '^$(error strategies/demo/variants: ' "$tmp/out" && grep -qF "$why" "$tmp/out"; then
        ok "the line \"$line\" is refused, naming what is wrong"
    else ko "the line \"$line\" is refused, naming what is wrong" "$(tail_of "$tmp/out")"; fi
done
plant "" && printf 'base @nowhere\n' >"$tmp/tree/strategies/_common/variants"
sh "$tmp/tree/scripts/variants.sh" >"$tmp/out" 2>&1
if grep -qF '$(error strategies/_common/variants: the source set '"'@nowhere'"' of '"'base'"' is no folder' "$tmp/out"; then
    ok "a default set of _common/ that is no folder is refused"
else ko "a default set of _common/ that is no folder is refused" "$(tail_of "$tmp/out")"; fi

# A variant declared twice: a folder named like another strategy's variant (refused whichever folder the glob
# reads first), or two folders' variants of one name.
for case in "demo-fast|fast -DFAST|" "demo-x|x-fast -DFAST|fast -DX"; do
    folder=${case%%|*} rest=${case#*|}
    plant "${rest%%|*}" && mkdir -p "$tmp/tree/strategies/$folder" && : >"$tmp/tree/strategies/$folder/world.c"
    [ -n "${rest#*|}" ] && printf '%s\n' "${rest#*|}" >"$tmp/tree/strategies/$folder/variants"
    sh "$tmp/tree/scripts/variants.sh" >"$tmp/out" 2>&1
    if grep -q "^\$(error strategies/[a-z-]*: the variant demo-[a-z-]* is declared by strategies/" "$tmp/out" &&
        grep -q "strategies/$folder/" "$tmp/out" && grep -q "strategies/demo/" "$tmp/out"; then
        ok "a variant declared twice (by $folder/) is refused, naming both folders"
    else ko "a variant declared twice (by $folder/) is refused, naming both folders" "$(tail_of "$tmp/out")"; fi
done

# The real tree: the variants whose sets differ are the ones the variants files name.
make -s list >/dev/null 2>&1
mk=build/variants.mk
entity='_common/entity-wide _common/versions-wrap'
if grep -qx "bitmask-pools_SETS := bitmask/pools bitmask/cached _common/table-soa $entity" "$mk" &&
    grep -qx "bitmask-cached_SETS := bitmask/arrays bitmask/cached _common/table-soa $entity" "$mk" &&
    grep -qx "bitmask_SETS := bitmask/arrays bitmask/uncached _common/table-soa $entity" "$mk" &&
    grep -qx "archetype-aos_SETS := _common/table-aos $entity" "$mk" &&
    grep -qx "archetype_SETS := _common/table-soa $entity" "$mk"; then
    ok "in this tree: each bitmask variant compiles its value and cache sets, archetype-aos table-aos/ alone"
else ko "in this tree: each bitmask variant compiles its value and cache sets, archetype-aos table-aos/ alone" \
    "$(grep -E '^(bitmask|archetype)' "$mk" | grep SETS | tr '\n' ' ')"; fi
views='sparse/cached-views sparse/view-best' table='_common/table-soa' retire='_common/versions-retire'
if grep -qx "sparse-compact_SETS := $views sparse/chunk-view sparse/batch-widened _common/entity-compact $table \
_common/versions-wrap" "$mk" && grep -qx "sparse-filter_SETS := $views sparse/chunk-filter sparse/batch-in-place $table $entity" "$mk" &&
    grep -qx "sparse-retire4_SETS := $views sparse/chunk-view sparse/batch-in-place $retire $table _common/entity-wide" "$mk" &&
    grep -qx "archetype-retire4_SETS := $retire $table _common/entity-wide" "$mk"; then
    ok "in this tree: sparse-compact compiles entity-compact/, sparse-filter chunk-filter/, retire4 versions-retire/"
else ko "in this tree: sparse-compact compiles entity-compact/, sparse-filter chunk-filter/, retire4 versions-retire/" \
    "$(grep -E '^(sparse|archetype-retire4)' "$mk" | grep SETS | tr '\n' ' ')"; fi
tally
