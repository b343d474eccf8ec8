#!/bin/sh
# After a failed build of make bench: names in one line the folders that failed to build, below the compiler's
# messages, so that a build of many designs does not end in a wall of output alone. FILE holds what the Makefile
# recorded (record_failure): each source that did not compile, or the folder of a design whose link failed, one a
# line; a strategy's source stands for its folder, strategies/NAME/.
# Usage: scripts/build-failures.sh FILE   Exit code: 2 (nothing was measured).
set -u
failures=$1
folders=""
if [ -s "$failures" ]; then
    folders=$(sed -e 's|^\(strategies/[^/]*/\).*|\1|' -e t -e 's|[^/]*$||' "$failures" | sort -u | tr '\n' ' ')
fi
if [ -n "$folders" ]; then
    echo "make bench: ${folders% } did not build (the messages above): nothing was measured; a run narrowed by" \
        "STRATEGIES=NAME,... to other strategies does not build it" >&2
else
    echo "make bench: the build failed (the messages above): nothing was measured" >&2
fi
exit 2
