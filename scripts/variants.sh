#!/bin/sh
# Prints the Makefile fragment that declares every strategy variant.
# A strategy is a folder strategies/NAME/ holding .c files; folders whose name starts with '_' are shared code
# (strategies/_common) or templates and are skipped. Its base variant is NAME; each non-comment line
# "SUFFIX FLAGS..." of strategies/NAME/variants adds the variant NAME-SUFFIX built with FLAGS, and a line
# "test:SUFFIX FLAGS..." a variant built for the tests only (no bench binary).
# Every strategy also gets two test-only variants with narrow limits, so that what takes billions of operations
# at full width happens within a few thousand: 4-bit versions that wrap (NAME-wrap4, as EnTT) or retire their
# index (NAME-retire4, as Shipyard), both with an index space of 2^14 entities.
# A name becomes a make target, a file name and a CSV field: lower-case letters, digits and inner hyphens only, and
# none of the programs the suite builds for itself (bench-raw, test-common, bench-paired-L, the units folder) or a
# narrow variant's suffix. A name that breaks this gives the fragment a make error naming the folder, so that make
# stops before anything is built.
set -eu
cd "$(dirname "$0")/.."
refuse() { # NAME WHY (what make cannot print as written becomes '?')
    printf '$(error %s)\n' "$(printf 'strategies/%s: %s' "$1" "$2" | tr -c "a-zA-Z0-9._ ~,:'/-" '?')"
}
for dir in strategies/*/; do
    name=$(basename "$dir")
    case "$name" in _*) continue ;; esac
    ls "$dir"*.c >/dev/null 2>&1 || continue
    if ! printf '%s' "$name" | grep -Eqx '[a-z][a-z0-9]*(-[a-z0-9]+)*'; then
        refuse "$name" "a strategy's folder name is lower-case letters, digits and inner hyphens, as it names make targets, files and CSV fields"
        continue
    fi
    case "$name" in
    raw | common | paired | units | obj | main | *-wrap4 | *-retire4)
        refuse "$name" "the suite uses this name for its own programs or variants, choose another"
        continue ;;
    esac
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
        if ! printf '%s' "$suffix" | grep -Eqx '[a-z0-9]+(-[a-z0-9]+)*'; then
            refuse "$name/variants" "the suffix '$suffix' is not lower-case letters, digits and inner hyphens"
            continue
        fi
        printf '%s += %s-%s\n%s-%s_DIR := %s\n%s-%s_FLAGS := %s\n' \
            "$list" "$name" "$suffix" "$name" "$suffix" "$name" "$name" "$suffix" "$flags"
    done
done
