# Checks that the rows of a results CSV for the same scenario and N all carry one checksum: every strategy,
# every round, every memory mode and the cache simulation must leave the same data for the same workload, or
# one of them skipped or misplaced work. Columns are found by name. Each disagreement is said on stderr as
#   PREFIX: checksum mismatch in SCENARIO n=N: STRATEGY=SUM vs STRATEGY=SUM
# and the exit status is 1.
# Usage: awk -F, -v prefix=NAME -f scripts/checksums.awk FILE
NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
{
    key = $c["scenario"] " n=" $c["n"]
    if ((key in sum) && sum[key] != $c["checksum"]) {
        printf "%s: checksum mismatch in %s: %s=%s vs %s=%s\n", prefix, key, who[key], sum[key], $c["strategy"],
            $c["checksum"] > "/dev/stderr"
        bad = 1
    }
    sum[key] = $c["checksum"]; who[key] = $c["strategy"]
}
END { exit bad }
