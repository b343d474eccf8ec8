#!/bin/sh
# The pipeline's faults that need root or minutes, run by `make test-faults` (not part of make test):
#  - a nearly full disk: at several sizes of a tmpfs, a run either fails loudly or publishes a whole run; it
#    never publishes empty or cut-short files and never reports success over them;
#  - a signal at every step: for every step marker of scripts/pipeline.sh, SIGINT, SIGTERM and SIGKILL sent to
#    the whole run as the step starts and a moment later; the published folder is always one whole run (its
#    manifest verifies), the previous one or the new one, never a mix; what a killed run leaves is gone after
#    the next run.
# Usage: sh tests/faults.sh BUILD_DIR AA_VARIANT VARIANT...   (root for the tmpfs cases; they are skipped
# otherwise, with a line saying so)
set -u
test_name=faults
. tests/lib.sh
# Three strategies are enough for the pipeline's faults: raw, the first variant and the A/A twin.
bench_test_arguments "$@"
test_cleanup() { umount "$tmp/disk" 2>/dev/null; }
run() { tiny "$@" sh scripts/pipeline.sh "$build" "$out" raw "$first_variant" "$aa"; }
# A published folder is whole: its manifest verifies and every file in it is recorded.
whole() {
    scripts/analysis.sh verify "$1" >/dev/null 2>"$tmp/verify.err" &&
        [ "$(cd "$1" && find . -type f ! -name manifest.csv | wc -l)" -eq "$(($(wc -l <"$1/manifest.csv") - 2))" ]
}

# A nearly full disk.
mkdir "$tmp/disk"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=64k tmpfs "$tmp/disk" 2>/dev/null; then
    skipped=$((skipped + 1))
    echo "SKIP a nearly full disk: mounting a tmpfs needs root"
else
    umount "$tmp/disk"
    for size in 40k 100k 200k 700k 1450k 2600k 3000k 8m; do
        mount -t tmpfs -o size=$size tmpfs "$tmp/disk"
        out=$tmp/disk/res
        rc=0
        run >"$tmp/disk.log" 2>&1 || rc=$?
        at=$(sed -n 's/^bench: == \([a-z-]*\).*/\1/p' "$tmp/disk.log" | tail -n 1)
        said=$(grep -v '^bench: ' "$tmp/disk.log" | grep -iE 'space|error|fail|cannot|refus|whole|full' | head -n 1)
        if [ "$rc" -ne 0 ] && [ ! -e "$out" ]
        then ok "a disk of $size: the run fails loudly at \"$at\" (exit $rc: $said), nothing published"
        elif [ "$rc" -eq 0 ] && whole "$out"; then ok "a disk of $size: the run publishes a whole run"
        else ko "a disk of $size" "exit $rc, published: $(ls "$out" 2>/dev/null | tr '\n' ' ') $(head -n 1 "$tmp/verify.err" 2>/dev/null)"; fi
        umount "$tmp/disk"
    done
fi

# A signal at every step. First a complete run to be the previous one.
out=$tmp/pub/res
if ! run >"$tmp/first.log" 2>&1 || ! whole "$out"; then
    ko "a first complete run" "$(tail -n 2 "$tmp/first.log" | tr '\n' ' ')"
else
    # the first word of each step's marker: "bench: == metadata", "bench: == timing ...", ...
    markers=$(sed -n 's/^step "\([a-z-]*\).*/\1/p' scripts/pipeline.sh)
    old=0 new=0 bad=0
    for marker in $markers; do
        for sig in INT TERM KILL; do
            for delay in 0 0.4; do
                before=$(cksum <"$out/manifest.csv")
                : >"$tmp/sig.log"
                # (a background job ignores SIGINT: the run gets it back, as a Ctrl-C at a terminal would find it;
                # the run leads its own session, so that one kill reaches every process of it: the subshell execs
                # setsid itself, so $! is the session's id)
                (tiny_export && exec env --default-signal=INT,QUIT setsid sh scripts/pipeline.sh "$build" "$out" \
                    raw "$first_variant" "$aa") >"$tmp/sig.log" 2>&1 &
                pid=$!
                waited=0
                while ! grep -q "^bench: == $marker" "$tmp/sig.log" && kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 1200 ]; do
                    sleep 0.1
                    waited=$((waited + 1))
                done
                sleep "$delay"
                kill -"$sig" "-$pid" 2>/dev/null # (gone already where the run ended first)
                wait "$pid" 2>/dev/null
                # Before the report step the new run cannot have been published, after it (the summary) it must
                # have been; signalled at the report or the publication, either is right.
                if ! whole "$out"; then
                    bad=$((bad + 1))
                    echo "  $marker +${delay}s $sig: the published folder is not one whole run: $(head -n 1 "$tmp/verify.err")"
                elif [ "$(cksum <"$out/manifest.csv")" = "$before" ]; then
                    old=$((old + 1))
                    [ "$marker" = summary ] && bad=$((bad + 1)) && echo "  $marker +${delay}s $sig: the run was not published"
                else
                    new=$((new + 1))
                    case $marker in report | publish | summary) ;; *)
                        bad=$((bad + 1))
                        echo "  $marker +${delay}s $sig: the run was published although it was stopped before its report" ;;
                    esac
                fi
            done
        done
    done
    if [ "$bad" -eq 0 ] && [ -n "$markers" ]
    then ok "a signal at every step ($(echo $markers | wc -w) steps x 3 signals x 2 moments) leaves one whole run: the previous in $old cases, the new in $new"
    else ko "a signal at every step leaves one whole run" "$bad mixed or broken"; fi
    if run >"$tmp/last.log" 2>&1 && whole "$out" && [ -z "$(ls -A "$tmp/pub" | grep -v '^res$')" ]
    then ok "the next run removes what killed runs left, and its own lock"
    else ko "the next run removes what killed runs left" "$(ls -A "$tmp/pub" | tr '\n' ' ')"; fi
fi

tally with-skipped
