#!/bin/sh
# Prints the Makefile fragment that declares every strategy variant.
# A strategy is a folder strategies/NAME/ holding .c files; folders whose name starts with '_' are shared code
# (strategies/_common) or templates and are skipped. Its base variant is NAME; each non-comment line
# "SUFFIX FLAGS..." of strategies/NAME/variants adds the variant NAME-SUFFIX built with FLAGS, and a line
# "test:SUFFIX FLAGS..." a variant built for the tests only (no bench binary).
# Every strategy also gets two test-only variants with narrow limits, so that what takes billions of operations
# at full width happens within a few thousand: 4-bit versions that wrap (NAME-wrap4, as EnTT) or retire their
# index (NAME-retire4, as Shipyard), both with an index space of 2^14 entities.
set -eu
cd "$(dirname "$0")/.."
for dir in strategies/*/; do
    name=$(basename "$dir")
    case "$name" in _*) continue ;; esac
    ls "$dir"*.c >/dev/null 2>&1 || continue
    printf 'VARIANTS += %s\n%s_DIR := %s\n%s_FLAGS :=\n' "$name" "$name" "$name" "$name"
    narrow="-DESB_VERSION_BITS=4 -DESB_INDEX_LIMIT=16384"
    printf 'TEST_VARIANTS += %s-wrap4\n%s-wrap4_DIR := %s\n%s-wrap4_FLAGS := %s\n' \
        "$name" "$name" "$name" "$name" "$narrow"
    printf 'TEST_VARIANTS += %s-retire4\n%s-retire4_DIR := %s\n%s-retire4_FLAGS := %s -DESB_RETIRE_EXHAUSTED\n' \
        "$name" "$name" "$name" "$name" "$narrow"
    [ -f "$dir/variants" ] || continue
    sed -e 's/#.*//' "$dir/variants" | while read -r suffix flags; do
        [ -n "$suffix" ] || continue
        list=VARIANTS
        case "$suffix" in test:*) list=TEST_VARIANTS suffix=${suffix#test:} ;; esac
        printf '%s += %s-%s\n%s-%s_DIR := %s\n%s-%s_FLAGS := %s\n' \
            "$list" "$name" "$suffix" "$name" "$suffix" "$name" "$name" "$suffix" "$flags"
    done
done
