/* Runs one scenario at one N (a cell): setup, a checked first run, warm-up by time, timed samples, verification,
 * all in the memory layout drawn from the cell's seed (layout.h). A build for the cache simulator
 * (ESB_CACHESIM, cachesim.h) instead runs each scenario once under the simulator's marks, untimed, in the same
 * layout. */
#ifndef HARNESS_RUNNER_H
#define HARNESS_RUNNER_H

#include "hwcounters.h"
#include "scenario.h"
#include "stats.h"
#include "timer.h"

typedef struct run_options {
    size_t samples;         /* timed samples per result */
    double target_ms;       /* each sample repeats the work until it lasts about this long */
    double warmup_ms;       /* before the first sample, runs go on until this long after the cell began (setup
                          included, so a large world's setup is its warm-up), at least one */
    double first_warmup_ms; /* the same for the first cell of a process, which warms the process up as well */
    double row_budget_ms;   /* > 0: take fewer samples (at least 3) where `samples` of them would take longer
                             than this, setup of consuming scenarios included (large N); 0: no limit */
    bool hw_counters_off;   /* no hardware counts even where they work (zero: count them when possible; they are
                             started and stopped outside the clock reads) */
    uint64_t fixed_inner;   /* > 0: every sample is exactly this many runs, and exactly `samples` samples are
                             taken (no calibration, no row budget), so that two processes differing only in
                             `samples` differ by a known amount of timed work (whole-process cross-checks);
                             0: calibrate to target_ms */
    bool frames;            /* a cache-simulation build: a framed scenario's cells are simulated frame by frame, a
                             dump per frame (its label the cell's and the frame); nothing in a timed build */
} run_options;

typedef struct result {
    const char *strategy, *scenario, *unit, *query_kind;
    const char *flags; /* the flags the design was compiled with (its unit's, ESB_BUILD_FLAGS) */
    size_t n,
        samples; /* samples taken (fewer than asked where the row budget binds); 0: an untimed cache-simulator run, ns_per_unit means nothing */
    uint64_t inner; /* runs per sample */
    summary ns_per_unit;
    double bytes_per_entity;      /* live bytes the world holds, per entity, at its largest settled point */
    double peak_bytes_per_entity; /* high-water mark during setup and the runs, per entity */
    uint64_t checksum;
    const char *memory;          /* heap mode the run used: "warm" or "fresh" (heap.h) */
    char counters[512];          /* the strategy's counters, "name=value ..." (empty if it keeps none), taken
                                     when the first run's world is torn down: after every timed run of a
                                     reusable scenario, after the first run of a consuming one */
    hw_figures hw;               /* hardware counts per unit over the timed samples, where available */
    uint64_t layout_seed;        /* the seed the cell's memory layout was drawn from (layout.h) */
    double warmup_ms;            /* time from the start of the cell (setup included) to its first sample */
    double observed_ns_per_unit; /* of the timed samples' time, what the scenario's read-back passes took
                                     (scenario.h, observed_ns), per unit; negative: the scenario has none */
    double reported_per_change;  /* over the timed samples, entities the change term's passes handed out per
                                     entity they had to (scenario.h, change_report); negative: none */
} result;

/* run_scenario's outcomes. */
enum {
    RUN_OK = 0,
    RUN_FAILED = -1,       /* setup failure, a run that skipped work, disagreeing checksums, a failed check */
    RUN_OUT_OF_MEMORY = -2 /* the cell failed after an allocator refused a block (memory.h, scratch.h), whatever
                              the scenario made of it */
};

/* Returns RUN_OK and fills *out, or a failure with *error set to a one-line reason (for RUN_OUT_OF_MEMORY:
 * "out of memory (the allocator refused a block of B bytes)"). The cell's layout is drawn from seed. */
int run_scenario(const scenario *s, size_t n, const run_options *opt, uint64_t seed, result *out, const char **error);

/* A cell measured a sample at a time, so that the cells of several designs can take turns in one process
 * (harness/paired.c): open builds its world in the layout of seed and makes the checked first run (memory,
 * checksum), warm runs the workload once untimed for the figures, sample times `inner` runs followed by a spot
 * check, close checks every entity, takes the counters, frees the world and gives the row (its times the
 * samples' median, min, max, MAD per unit). Each returns RUN_OK or a failure as run_scenario does; after a
 * failure only close may follow, and close frees the cell whatever it returns. A cell takes at most max_samples
 * samples, all of the same `inner`. */
typedef struct cell cell;
int cell_open(const scenario *s, size_t n, uint64_t seed, size_t max_samples, cell **opened, const char **error);
int cell_warm(cell *c, sample_time *t, const char **error);
int cell_sample(cell *c, uint64_t inner, sample_time *t, const char **error);
int cell_close(cell *c, result *out, const char **error);

/* The clock's floor in this build (bench-NAME --clock-floor): the read cost a cell of scenario s would take out of
 * its intervals, and the median of many empty intervals with it taken out, which should be about zero. RUN_OK or
 * RUN_OUT_OF_MEMORY. */
int clock_floor(const scenario *s, sample_time *read_cost, sample_time *empty);

/* One frame of a recorded sequence: its wall and thread CPU time in ns, the units it completed, and what it asked
 * of the allocator hooks (memory.h), which is deterministic whatever the machine does. */
typedef struct frame_record {
    double wall_ns, cpu_ns;
    uint64_t units;
    uint64_t allocations;     /* successful alloc, calloc and realloc calls */
    uint64_t bytes_allocated; /* bytes they asked for */
    uint64_t bytes_retired;   /* old sizes of the blocks reallocated or freed: what growth copied, and blocks dropped */
    unsigned planted_percent; /* CPU time the planted control added to this frame, in percent of its own (0: none) */
} frame_record;

/* Records a sequence of a framed scenario's frames (scenario.h, frames) on an open cell, each frame timed on its
 * own into frames[0 .. frames), on a new world of the sequence's own built untimed: a consuming scenario's frames
 * from its start, checked against the cell's checksum; a reusable one's after `frames` untimed runs (its steady
 * state), so that frame f is the same run of the same world in every sequence. Then a spot check, which for a
 * framed scenario must ask nothing of the allocator (every check and checksum of it, in every program): a design
 * that left work of its frames for later calls to finish would do it inside the check, untimed, and fails there.
 * The sequence is one of the cell's samples (its runs: 1, or `frames` for a reusable scenario). Returns RUN_OK or
 * a failure as cell_sample does. */
int cell_frames(cell *c, frame_record *frames, const char **error);

#endif
