#!/bin/sh
# Prints the Makefile fragment that declares every strategy variant.
# A strategy is a folder strategies/NAME/ holding .c files; folders whose name starts with '_' are shared code
# (strategies/_common) or templates and are skipped. Its base variant is NAME; each non-comment line
# "SUFFIX FLAGS..." of strategies/NAME/variants adds the variant NAME-SUFFIX built with FLAGS, and a line
# "test:SUFFIX FLAGS..." a variant built for the tests only (no bench binary), e.g. with narrow versions.
set -eu
cd "$(dirname "$0")/.."
for dir in strategies/*/; do
    name=$(basename "$dir")
    case "$name" in _*) continue ;; esac
    ls "$dir"*.c >/dev/null 2>&1 || continue
    printf 'VARIANTS += %s\n%s_DIR := %s\n%s_FLAGS :=\n' "$name" "$name" "$name" "$name"
    [ -f "$dir/variants" ] || continue
    sed -e 's/#.*//' "$dir/variants" | while read -r suffix flags; do
        [ -n "$suffix" ] || continue
        list=VARIANTS
        case "$suffix" in test:*) list=TEST_VARIANTS suffix=${suffix#test:} ;; esac
        printf '%s += %s-%s\n%s-%s_DIR := %s\n%s-%s_FLAGS := %s\n' \
            "$list" "$name" "$suffix" "$name" "$suffix" "$name" "$name" "$suffix" "$flags"
    done
done
