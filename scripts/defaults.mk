# The defaults of make bench's settings, each written once, here. The Makefile includes this file and sets every
# setting as NAME ?= $(call default,NAME) (make help prints the values a run would take); the analysis package
# reads it with scripts/analysis/defaults.py for the defaults of its commands' options (scripts/analysis.sh
# defaults prints them). The shell scripts hold no default: scripts/pipeline.sh and scripts/bench.sh require every
# setting from their caller (make bench passes them all) and refuse a missing one with a line naming it.
#
# Format (defaults.py refuses any other line, naming it; tests/analysis/test_defaults.py checks that no other file
# gives one of these settings a value of its own):
#   DEFAULT_NAME := VALUE                  the value of make bench, paired (PAIRED=1, QUICK=0)
#   DEFAULT_NAME.separate := VALUE         with PAIRED=0, where it differs
#   DEFAULT_NAME.quick := VALUE            with QUICK=1, where it differs
#   DEFAULT_NAME.quick-separate := VALUE   with QUICK=1 and PAIRED=0, where that differs from .quick
# A run takes the first of these its mode has: .quick-separate, .quick, .separate, then the plain value. VALUE is
# the rest of the line, possibly empty, without blanks at its end, and without $ # ' " \ or ` (Make would read
# them, or the quoted command lines that pass the settings on would). Lines that begin with # are comments.

# The mode: the quick run and the designs side by side (the mode's own settings have one value each).
DEFAULT_QUICK := 0
DEFAULT_PAIRED := 1

# The sizes. Paired, the first page's workloads run to 2^20, beyond the last-level cache, and the rest of the
# catalogue to FIXED_N, 2^14, where every design's world is in cache and the catalogue is read (blocks.py): a
# process holds every design's world at once, and the whole catalogue at 2^16 and beyond does not fit the hour
# (docs/decisions.md).
DEFAULT_BENCH_MIN_N := 1
DEFAULT_BENCH_MIN_N.quick := 4096
DEFAULT_BENCH_MIN_N.quick-separate := 1
DEFAULT_BENCH_MAX_N := 1048576
DEFAULT_BENCH_MAX_N.quick := 4096
DEFAULT_BENCH_MAX_N.quick-separate := 16384
DEFAULT_BENCH_STEP := 2
DEFAULT_BENCH_SIZES :=
DEFAULT_FIXED_N := 16384
DEFAULT_FIXED_N.separate := 65536
DEFAULT_FIXED_N.quick := 4096

# The stopping rule. The budget is seconds of measuring alone; the simulation, the cross-check and the analysis
# come after it. Paired, it is what keeps the whole run within an hour at the sizes above; PAIRED=0 keeps the
# budget its runs have had (docs/decisions.md).
DEFAULT_BENCH_MIN_PROCS := 5
DEFAULT_BENCH_MIN_PROCS.quick := 3
DEFAULT_BENCH_MAX_PROCS := 21
DEFAULT_BENCH_MAX_PROCS.quick := 3
DEFAULT_BENCH_TARGET_CI := 0.03
DEFAULT_BENCH_BUDGET_S := 2520
DEFAULT_BENCH_BUDGET_S.separate := 1740
DEFAULT_BENCH_BUDGET_S.quick := 60
# A process is stopped after this many seconds plus 20 times what it is expected to take: the floor covers the
# processes the plan has no cost for yet.
DEFAULT_BENCH_JOB_TIMEOUT_S := 60
# Seconds between the progress lines where stderr is not a terminal.
DEFAULT_PROGRESS_EVERY := 30

# Within a process of its own (PAIRED=0): samples, their length, the most a cell's samples may last (fewer, at least
# 3, beyond), the warm-up of each cell and of a process's first cell, all in ms.
DEFAULT_BENCH_REPS := 5
DEFAULT_BENCH_REPS.quick := 3
DEFAULT_BENCH_ROW_MS := 250
DEFAULT_BENCH_ROW_MS.quick := 100
DEFAULT_BENCH_TARGET_MS := 2
DEFAULT_BENCH_TARGET_MS.quick := 1
DEFAULT_BENCH_WARMUP_MS := 10
DEFAULT_BENCH_WARMUP_MS.quick := 5
DEFAULT_BENCH_FIRST_WARMUP_MS := 200
DEFAULT_BENCH_FIRST_WARMUP_MS.quick := 50

# The paired program's processes: the pilot's, three layouts of two rounds, the fewest that show the variance at each
# level; a block's later processes take the layouts and rounds its pilot says (allocation.py, docs/decisions.md).
# The CPU clock: a sample preempted in the middle is wall time but not CPU time
# (docs/pipeline.md).
DEFAULT_PAIRED_LAYOUTS := 3
DEFAULT_PAIRED_LAYOUTS.quick := 1
DEFAULT_PAIRED_ROUNDS := 2
DEFAULT_PAIRED_ROUNDS.quick := 5
DEFAULT_PAIRED_TARGET_MS := 2
DEFAULT_PAIRED_TARGET_MS.quick := 1
DEFAULT_PAIRED_REFERENCE := archetype
DEFAULT_PAIRED_CLOCK := cpu
DEFAULT_PAIRED_ORDERS := 16

# The framed scenarios measured frame by frame (scripts/analysis/frames.py): their entity count, and the processes of
# the paired program that record them, each of one layout of FRAMES_ROUNDS rounds. A hitch is chosen on the even
# rounds and measured on the odd ones, a figure per process, so that its interval spans processes (each its own
# layout) as every other interval of a run does: two processes and two rounds at least.
DEFAULT_FRAMES_N := 65536
DEFAULT_FRAMES_N.quick := 4096
DEFAULT_FRAMES_PROCESSES := 8
DEFAULT_FRAMES_PROCESSES.quick := 2
DEFAULT_FRAMES_ROUNDS := 6
DEFAULT_FRAMES_ROUNDS.quick := 2

# The controls: the A/A twins and the planted slowdown, whose framed sequences also stall in one frame: a hitch of
# known frame and size, half as long again (beyond how much a frame's height over its neighbours varies between
# sequences, far below what growth costs: docs/decisions.md), away from the frames where grow's columns double and
# new_sets meets new component sets.
DEFAULT_AA_STRATEGY := archetype
DEFAULT_PAIRED_TWINS := archetype sparse
DEFAULT_PLANTED_STRATEGY := archetype
DEFAULT_PLANTED_PERCENT := 3
DEFAULT_PLANTED_HITCH_FRAME := 100
DEFAULT_PLANTED_HITCH_PERCENT := 50

# The cache simulation. Paired, the median process alone (a spread no cell reaches): a paired run's processes carry
# code placement as well, so most cells spread, and their extreme layouts would triple the simulation's time
# (docs/decisions.md).
DEFAULT_CACHESIM_SPREAD := 1e9
DEFAULT_CACHESIM_SPREAD.separate := 0.1
DEFAULT_CACHESIM_SPREAD.quick := 1e9
DEFAULT_CACHESIM_ALL_LAYOUTS := archetype:add_remove_large
DEFAULT_CACHESIM_ALL_LAYOUTS.quick :=
DEFAULT_CACHESIM_N := 65536
# Beyond the caches: a size above FIXED_N at which the first page's why names last-level misses (at 2^20 every
# design's world exceeds the simulated 32 MiB last level but four of the smallest, which the why names); empty,
# none. Every design there would take about 23 minutes on two lanes, so the pipeline simulates the two designs each
# workload's why compares, one run each: 5 CPU minutes (docs/decisions.md). QUICK=1 measures no such size.
DEFAULT_CACHESIM_LARGE_N := 1048576
DEFAULT_CACHESIM_LARGE_N.quick :=

# The whole-process cross-check (make bench SCENARIOS=... times those scenarios instead).
DEFAULT_CROSSCHECK_SCENARIOS := simple_iter,add_remove,random_get
DEFAULT_HYPERFINE_RUNS := 7
DEFAULT_HYPERFINE_RUNS.quick := 3
DEFAULT_HYPERFINE_EXTRA_MS := 150
DEFAULT_HYPERFINE_EXTRA_MS.quick := 30
