#!/bin/sh
# Draws the figures of a benchmark run as SVG into DIR/plots (one format: the pages link SVG, and a run's folder
# stays small enough to commit; a PNG an earlier run drew is removed with the figures it no longer draws): the data
# and the scripts come from scripts/analysis.sh plots (plots.py, which lists the figures), gnuplot draws
# them from the templates in scripts/plots/. Everything is drawn in a temporary directory, every file is checked
# to be non-empty, and only then moved into DIR/plots, so an interrupted or failed run leaves the previous
# figures whole; figures of these kinds that the run no longer draws are removed.
# Usage: scripts/plots.sh DIR FIXED_N   (reads DIR/results.csv, DIR/metadata.csv and DIR/cachesim.csv)
set -eu
usage() { echo "usage: scripts/plots.sh DIR FIXED_N" >&2; exit 2; }
[ $# -eq 2 ] || usage
shown=$1
fixed_n=$2
[ -d "$shown" ] || { echo "plots: no directory $shown" >&2; exit 1; }
dir=$(cd "$shown" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v gnuplot >/dev/null 2>&1; then
    echo "plots: gnuplot is not installed (scripts/setup.sh bench installs it)" >&2
    exit 1
fi
tmp=$(mktemp -d "$dir/.plots.XXXXXX")
pids=
cleanup() {
    for p in $pids; do kill "$p" 2>/dev/null || :; done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'cleanup; trap - EXIT; exit 130' INT
trap 'cleanup; trap - EXIT; exit 143' TERM
mkdir "$tmp/out"
"$here/analysis.sh" plots "$dir" "$fixed_n" "$tmp"
cd "$tmp"
gnuplot main-svg.gp 2>"$tmp/svg.log" & one=$!
pids="$one"
failed=0
wait "$one" || failed=1
pids=
# gnuplot warns about nothing worse than figures it could not fill; a failure stops here with its message.
if [ "$failed" != 0 ]; then
    grep -v '^$' "$tmp/svg.log" | tail -n 5 >&2
    echo "plots: gnuplot failed" >&2
    exit 1
fi
# A full disk makes gnuplot write empty or cut-short files and still succeed: every figure must be there and
# whole, an SVG ending with its closing tag.
while IFS= read -r name; do
    [ -s "out/$name.svg" ] && tail -c 16 "out/$name.svg" | grep -q '</svg>' ||
        { echo "plots: gnuplot wrote no whole $name.svg (is the disk full?)" >&2; exit 1; }
done <list
mkdir -p "$dir/plots"
for f in "$dir"/plots/n-*.svg "$dir"/plots/n-*.png "$dir"/plots/family-*.svg "$dir"/plots/family-*.png \
    "$dir"/plots/cachesim*.svg "$dir"/plots/cachesim*.png "$dir"/plots/ops.svg "$dir"/plots/ops.png \
    "$dir"/plots/memory.svg "$dir"/plots/memory.png "$dir"/plots/churn-sweep.svg "$dir"/plots/churn-sweep.png \
    "$dir"/plots/change-sweep.svg "$dir"/plots/change-sweep.png "$dir"/plots/heatmap.svg "$dir"/plots/heatmap.png \
    "$dir"/plots/frames-*.svg "$dir"/plots/frames-*.png; do
    [ -e "$f" ] || continue
    [ -e "out/${f##*/}" ] || rm -f "$f"
done
count=0
while IFS= read -r name; do
    mv "out/$name.svg" "$dir/plots/"
    count=$((count + 1))
done <list
echo "plots: wrote $count plots (SVG) in ${shown%/}/plots" >&2
