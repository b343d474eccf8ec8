/* The runner's internals shared by its two sources: harness/runner.c (the timed runs and samples, the whole-cell
 * measurement and the cache simulator's pass) and harness/frames_recorded.c (a framed scenario's frames, timed or
 * simulated one by one). A frame sequence builds, settles, checks and accounts its world exactly as a sample does,
 * so it reaches the same functions through this header rather than a copy of them. Not part of the runner's
 * interface (runner.h): nothing outside the two sources includes it. */
#ifndef HARNESS_CELL_H
#define HARNESS_CELL_H

#include "runner.h"

/* The error of a run that completed fewer units than the scenario asked for: frames are runs too. */
extern const char *const short_run;

/* The checks of one cell: its seed, and how many spot checks it has made. A sequence's check is one of them. */
typedef struct checks {
    uint64_t seed, made;
} checks;

/* What the allocators have refused so far: the hooks (a strategy's storage, raw's arrays) and the C library
 * (the scenarios' and the harness's own memory, scratch.h). A frame sequence fails for want of memory as a
 * sample does. */
typedef struct refusals {
    uint64_t hooks, scratch;
} refusals;

/* A cell opened a sample at a time (runner.h); a frame sequence is one of its samples, so it reads and records
 * the same fields. */
struct cell {
    const scenario *s;
    size_t n;
    void *ctx;       /* the world of a reusable scenario; NULL for a consuming one, which builds one per run */
    uint64_t runs;   /* runs the world has had (reusable), which its checks are told */
    checks checked;  /* the cell's spot checks */
    uint64_t began;  /* when the cell was opened */
    double *samples; /* wall ns per unit of each sample taken, for the row's summary */
    size_t max_samples;
    uint64_t observed_ns, reported, changed; /* over the timed samples: read-back time, change reports */
    timer tm;                                /* the clock reads taken out of its intervals, its planted work */
    result out;
};

/* Builds a world of the cell: each world restarts the layout stream of the cell's seed, so every world a cell
 * builds (a consuming scenario builds one per run) has the same layout. A sequence's world is one of them. */
void *setup_world(const scenario *s, size_t n, uint64_t seed, const char **error);

/* A reusable framed scenario's world before its frames are recorded or simulated: as many untimed runs as the
 * sequence has frames (harness/runner.c says why), the same in both sources. */
int settle_world(const scenario *s, void *ctx, size_t n, const char **error);

/* Setup, one checked run (the checksum and memory figures come from it); with a label, the simulated run instead
 * of a timed one. The cache simulator's frames begin with it as its whole-cell pass does. */
int first_run(const scenario *s, size_t n, const char *label, result *out, void **ctx, timer *tm, double *run_ns,
              const char **error);

/* Checks the state `runs` runs leave: every entity (full) or a new spot sample. Frames are checked as runs are. */
int verify(const scenario *s, void *ctx, uint64_t runs, bool full, checks *c, const char **error);

/* A consuming scenario's new world after its run or frames against the checksum of the cell's first world: the
 * same, and read without asking anything of the allocator. Returns -1 with *error set otherwise. */
int same_checksum(const scenario *s, void *ctx, uint64_t expected, const char **error);

/* The strategy's counters into out->counters, taken from the world a row's figures come from, framed or not. */
void capture_counters(const scenario *s, void *ctx, result *out);

/* The refusals so far, and the failure a cell reports after them (RUN_OUT_OF_MEMORY where an allocator refused a
 * block since `before`, RUN_FAILED otherwise): every entry point of a cell reports its failures the same way. */
refusals refusals_so_far(void);
int out_of_memory(refusals before, const char **error);

/* Whether the cell takes another sample of `inner` runs, and a sample's time recorded for the row: a frame
 * sequence is admitted and recorded as a sample. */
int sample_admitted(cell *c, uint64_t inner, const char **error);
void sample_recorded(cell *c, double wall_ns, uint64_t inner);

/* The cache simulator's pass over a framed scenario's frames (harness/frames_recorded.c), which the whole-cell
 * path chooses where the run's options ask for frames. */
int simulate_frames(const scenario *s, size_t n, result *out, checks *checked, const char **error);

#endif
