# What a failed process says, in words, for the scripts that run bench, simulator and hyperfine processes under a
# time limit (timeout(1)): sourced, it defines
#   exit_reason STATUS LIMIT_S   prints "stopped after LIMIT_S s: stuck?" (timeout's 124, or 137 once it had to
#                                kill), "out of memory" (the bench binaries' exit code 3), "killed by signal
#                                SIGNAME", or "exit STATUS"
#   running_scenario ROWS_CSV SCENARIO...   the scenario the process was running when it stopped: the first of
#                                its scenarios (in the order it ran them) with no row in ROWS_CSV yet; nothing if
#                                every one has its row
exit_reason() {
    case $1 in
    124 | 137) echo "stopped after $2 s: stuck?" ;;
    3) echo "out of memory" ;;
    *) if [ "$1" -gt 128 ]; then echo "killed by signal SIG$(kill -l $(($1 - 128)) 2>/dev/null || echo $(($1 - 128)))"
       else echo "exit $1"; fi ;;
    esac
}

running_scenario() {
    running_rows=$1
    shift
    for s; do
        awk -F, -v s="$s" '$2 == s { found = 1 } END { exit !found }' "$running_rows" || { echo "$s"; return; }
    done
}
