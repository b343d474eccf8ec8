#!/bin/sh
# The scenarios' descriptors (scenarios/catalogue.h) as the given bench binaries print them (--describe): one CSV,
# its header once, a row per scenario each binary implements (scripts/analysis/scenarios.py reads it).
# Usage: scripts/describe.sh BUILD_DIR NAME...   (NAME: raw, a variant; bench-NAME must exist)
set -eu
build=$1
shift
header=1
for name in "$@"; do
    if [ "$header" = 1 ]; then "$build/bench-$name" --describe
    else "$build/bench-$name" --describe | tail -n +2; fi
    header=0
done
