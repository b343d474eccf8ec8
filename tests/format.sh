#!/bin/sh
# The C sources follow .clang-format: `clang-format --dry-run` finds nothing to change in any .c or .h file of the
# tree, tracked or not (git's ignored files aside). Skipped where clang-format is missing or not version 14 (another version lays some lines out otherwise).
# `make format` applies the layout. Ends with "format: N passed, M failed, S skipped".
# Usage (from the repository root): sh tests/format.sh
set -u
test_name=format
. tests/lib.sh

version=$(clang-format --version 2>/dev/null | sed -n 's/.*clang-format version \([0-9]*\)\..*/\1/p')
if [ "$version" != 14 ]; then
    skip "the sources follow .clang-format" "needs clang-format 14 (found: ${version:-none})"
else
    # Untracked files too (not ignored ones): a new strategy folder is checked before it is ever added.
    git ls-files --cached --others --exclude-standard '*.c' '*.h' >"$tmp/files" 2>/dev/null ||
        find harness scenarios strategies tests -name '*.[ch]' >"$tmp/files"
    : >"$tmp/off"
    while read -r f; do
        clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || echo "$f" >>"$tmp/off"
    done <"$tmp/files"
    if [ ! -s "$tmp/off" ]; then ok "the sources follow .clang-format ($(wc -l <"$tmp/files") files)"
    else ko "the sources follow .clang-format" "make format would change $(wc -l <"$tmp/off") files: $(head -n 5 "$tmp/off" | tr '\n' ' ')..."; fi
fi
tally with-skipped
