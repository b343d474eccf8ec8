#!/bin/sh
# The analysis (the Python package scripts/analysis, its commands listed in scripts/analysis/__main__.py), run as
# "python3 -m analysis COMMAND ARGS..." with scripts/ on the import path, from whatever folder the caller is in:
#     scripts/analysis.sh COMMAND ARGS...
# Every script and test that runs the analysis runs it through here, so that how it is found is said once.
scripts=$(cd "$(dirname "$0")" && pwd) || exit 2
PYTHONPATH="$scripts${PYTHONPATH:+:$PYTHONPATH}" exec python3 -m analysis "$@"
