#include "runner.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cachesim.h"
#include "cell.h"
#include "clock.h"
#include "layout.h"
#include "memory.h" /* the allocator hooks' accounting (platform/memory.c implements them) */
#include "scratch.h"

#ifndef ESB_BUILD_FLAGS
#define ESB_BUILD_FLAGS "unknown"
#endif

static const char *strategy_of(const scenario *s) { return s->label ? s->label : catalog_strategy_name(); }

static uint64_t runs_for(double target_ns, double one_run_ns) {
    double k = ceil(target_ns / (one_run_ns > 1 ? one_run_ns : 1));
    return k < 1 ? 1 : k > 1e9 ? 1000000000u : (uint64_t)k;
}

/* Samples to take when one costs sample_ns of wall time: all asked for, unless that would exceed the row's
 * time budget; then as many as fit, but never fewer than 3 (a median still needs a middle). */
static size_t samples_within_budget(const run_options *opt, double sample_ns) {
    if (opt->row_budget_ms <= 0 || sample_ns <= 0) return opt->samples;
    double fit = floor(opt->row_budget_ms * 1e6 / sample_ns);
    size_t floor_count = opt->samples < 3 ? opt->samples : 3;
    return fit >= (double)opt->samples ? opt->samples : fit < (double)floor_count ? floor_count : (size_t)fit;
}

/* Runs per sample and samples per row: calibrated from one run (run_ns timed, whole_ns with what surrounds it),
 * or as fixed by the caller. */
static void size_planned(const run_options *opt, double run_ns, double whole_ns, result *out) {
    if (opt->fixed_inner) {
        out->inner = opt->fixed_inner;
        out->samples = opt->samples;
        return;
    }
    out->inner = runs_for(opt->target_ms * 1e6, run_ns);
    out->samples = samples_within_budget(opt, whole_ns * (double)out->inner);
}

const char *const short_run = "a run completed fewer units than the scenario asked for";

/* Every timed run of the workload goes through this one function (first run, warm-up, samples, each world of a
 * consuming scenario), never inlined or cloned, so that callgrind counts exactly the timed work of any binary
 * with --toggle-collect=run_timed (scripts/analysis/fidelity.py): `inner` back-to-back runs and the planted
 * control's work between two clock reads, counted into hw if that is not NULL, the thread's CPU time read outside
 * the clock reads; the reads' cost taken out and the planted work timed alone afterwards (timer.h). Returns the
 * units completed. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noinline, noclone))
#else
__attribute__((noinline))
#endif
static uint64_t
run_timed(const scenario *s, void *ctx, uint64_t inner, size_t n, hw_tally *hw, timer *tm, sample_time *t) {
    uint64_t planted = timer_planted_iterations(tm, inner);
    clock_primed();
    uint64_t c0 = thread_cpu_ns();
    hw_counters_start(hw);
    uint64_t units = 0, t0 = clock_ns();
    for (uint64_t r = 0; r < inner; ++r) units += s->run(ctx);
    planted_work(planted);
    uint64_t t1 = clock_ns();
    hw_counters_stop(hw, inner * n);
    uint64_t c1 = thread_cpu_ns();
    *t = timer_settled(tm, (sample_time){(double)(t1 - t0), (double)(c1 - c0), 0}, inner, planted);
    return units;
}

/* Empty intervals (no run) whose median is taken out of every interval of the cell: the same code as a timed
 * run's, so that what the reads cost in it is what is measured. */
enum { READ_COST_TRIALS = 63, CLOCK_FLOOR_TRIALS = 1001 };

static sample_time empty_interval_median(const scenario *s, timer *tm, size_t trials, double *wall, double *cpu) {
    for (size_t i = 0; i < trials; ++i) {
        sample_time t;
        run_timed(s, NULL, 0, 0, NULL, tm, &t);
        wall[i] = t.wall_ns;
        cpu[i] = t.cpu_ns;
    }
    return (sample_time){summarise(wall, trials).median, summarise(cpu, trials).median, 0};
}

/* A cell's timer: the planted work sized as the build asks, the read cost measured. */
static timer timer_measured(const scenario *s) {
    timer tm = timer_begin();
    double wall[READ_COST_TRIALS], cpu[READ_COST_TRIALS];
    tm.read_cost = empty_interval_median(s, &tm, READ_COST_TRIALS, wall, cpu);
    return tm;
}

int clock_floor(const scenario *s, sample_time *read_cost, sample_time *empty) {
    timer tm = timer_measured(s);
    double *wall = scratch_calloc(CLOCK_FLOOR_TRIALS, sizeof *wall),
           *cpu = scratch_calloc(CLOCK_FLOOR_TRIALS, sizeof *cpu);
    int rc = wall && cpu ? RUN_OK : RUN_OUT_OF_MEMORY;
    if (rc == RUN_OK) {
        *read_cost = tm.read_cost;
        *empty = empty_interval_median(s, &tm, CLOCK_FLOOR_TRIALS, wall, cpu);
    }
    free(wall);
    free(cpu);
    return rc;
}

/* One timed run; -1 if it completed fewer than n units. */
static int timed_run(const scenario *s, void *ctx, size_t n, hw_tally *hw, timer *tm, sample_time *t,
                     const char **error) {
    if (run_timed(s, ctx, 1, n, hw, tm, t) != n) return *error = short_run, -1;
    return 0;
}

/* One run under the cache simulator's marks, dumped under label; nothing else is inside them. */
static int simulated_run(const scenario *s, void *ctx, size_t n, const char *label, const char **error) {
    cachesim_begin();
    uint64_t units = s->run(ctx);
    cachesim_end(label);
    if (units != n) return *error = short_run, -1;
    return 0;
}

/* A framed scenario's checksum and checks only read, and must ask nothing of the allocator: a design that left
 * work of its frames for later calls to finish (a copy begun in a frame and completed on a read) would do it
 * there, untimed, and is refused. Returns -1 with *error set if the reads since `before` allocated or freed. */
static int reads_only(const scenario *s, esb_mem_stats before, const char **error) {
    esb_mem_stats after = esb_mem_get_stats();
    if (s->info->frames && (after.allocations != before.allocations || after.bytes_retired != before.bytes_retired))
        return *error = "the check's reads allocated or freed memory: work of the frames was left for later calls", -1;
    return 0;
}

/* Builds a world of the cell: each world restarts the layout stream of the cell's seed, so every world a cell
 * builds (a consuming scenario builds one per run) has the same layout. */
void *setup_world(const scenario *s, size_t n, uint64_t seed, const char **error) {
    layout_begin(seed);
    return s->setup(n, s->params, error);
}

/* Setup, one checked run (the checksum and memory figures come from it). Leaves *ctx alive and the run's time
 * in *run_ns. Memory is measured before the checksum, which may create objects of its own. With a label, the
 * run is the simulated one instead of a timed one. */
int first_run(const scenario *s, size_t n, const char *label, result *out, void **ctx, timer *tm, double *run_ns,
              const char **error) {
    size_t base = esb_mem_get_stats().live_bytes;
    esb_mem_reset_peak();
    if (!(*ctx = setup_world(s, n, out->layout_seed, error))) return -1;
    size_t after_setup = esb_mem_get_stats().live_bytes;
    sample_time t = {0, 0, 0};
    int rc = label ? simulated_run(s, *ctx, n, label, error) : timed_run(s, *ctx, n, NULL, tm, &t, error);
    *run_ns = t.wall_ns;
    if (rc != 0) {
        s->teardown(*ctx);
        *ctx = NULL;
        return -1;
    }
    size_t after_run = esb_mem_get_stats().live_bytes;
    size_t settled = after_setup > after_run ? after_setup : after_run;
    out->bytes_per_entity = (double)(settled - base) / (double)n;
    out->peak_bytes_per_entity = (double)(esb_mem_get_stats().peak_bytes - base) / (double)n;
    esb_mem_stats before_checksum = esb_mem_get_stats();
    out->checksum = s->checksum(*ctx);
    out->query_kind = s->query_kind ? s->query_kind(*ctx) : NULL;
    if (reads_only(s, before_checksum, error) != 0) {
        s->teardown(*ctx);
        *ctx = NULL;
        return -1;
    }
    return 0;
}

void capture_counters(const scenario *s, void *ctx, result *out) {
    const char *names[32];
    uint64_t values[32];
    size_t count = catalog_counters(s, ctx, names, values, 32), used = 0;
    out->counters[0] = 0;
    for (size_t i = 0; i < count && i < 32; ++i) {
        int len = snprintf(out->counters + used, sizeof out->counters - used, "%s%s=%llu", i ? " " : "", names[i],
                           (unsigned long long)values[i]);
        if (len < 0 || (size_t)len >= sizeof out->counters - used) break;
        used += (size_t)len;
    }
}

/* The seed of the cell's next spot check: a new sample of entities every time (scenarios/data.h), reproducible
 * from the cell's layout seed. */
static uint64_t next_spots(checks *c) {
    uint64_t spots = layout_next_seed(c->seed ^ layout_next_seed(++c->made));
    return spots == SPOT_EVERY_ENTITY ? 1 : spots;
}

/* Checks the state `runs` runs leave: every entity (full) or a new spot sample. */
int verify(const scenario *s, void *ctx, uint64_t runs, bool full, checks *c, const char **error) {
    esb_mem_stats before = esb_mem_get_stats();
    if (s->verify && !s->verify(ctx, runs, full ? SPOT_EVERY_ENTITY : next_spots(c), error)) return -1;
    return reads_only(s, before, error);
}

/* A consuming scenario's new world after its run or frames against the checksum of the cell's first world: the
 * same, and read without asking anything of the allocator (reads_only). Returns -1 with *error set otherwise. */
int same_checksum(const scenario *s, void *ctx, uint64_t expected, const char **error) {
    esb_mem_stats before = esb_mem_get_stats();
    if (s->checksum(ctx) != expected) return *error = "checksum differs between runs of the same scenario", -1;
    return reads_only(s, before, error);
}

/* A reusable framed scenario's world before its frames are recorded: as many untimed runs as the sequence has
 * frames, so that every structure has reached its steady state and frame f of every sequence, timed or simulated,
 * in any process, is the same run of the same world (a sequence continuing a world that had run for as long as
 * its calibration took would put each round's frame f elsewhere). */
int settle_world(const scenario *s, void *ctx, size_t n, const char **error) {
    for (unsigned r = 0; r < s->info->frames; ++r)
        if (s->run(ctx) != n) return *error = short_run, -1;
    return 0;
}

static double ms_since(uint64_t t0) { return (double)(clock_ns() - t0) / 1e6; }

/* The last WARMUP_KEPT warm-up runs' times, whose median calibrates the runs per sample: under load the last run
 * alone is the one most likely to have been preempted, and one preempted run would set a sample of a single
 * run. */
#define WARMUP_KEPT 15u
typedef struct warmup_times {
    double ns[WARMUP_KEPT];
    size_t count; /* runs recorded, of which the last min(count, WARMUP_KEPT) are kept */
} warmup_times;

static void warmup_record(warmup_times *w, double ns) { w->ns[w->count++ % WARMUP_KEPT] = ns; }

static double warmup_median(const warmup_times *w) {
    double kept[WARMUP_KEPT];
    size_t count = w->count < WARMUP_KEPT ? w->count : WARMUP_KEPT;
    for (size_t i = 0; i < count; ++i) kept[i] = w->ns[i];
    return count ? summarise(kept, count).median : 0;
}

/* Reusable scenarios run again and again on one world: warm-up runs until warmup_ms have passed since the cell
 * began (setup included; at least one), then samples of `inner` back-to-back runs, each followed by a spot
 * check (untimed), and a check of every entity after the last. */
static int measure_reusable(const scenario *s, size_t n, void *ctx, const run_options *opt, double warmup_ms,
                            uint64_t began, result *out, double *samples, hw_tally *hw, timer *tm, checks *checked,
                            const char **error) {
    uint64_t runs = 1;
    warmup_times warm = {.count = 0};
    int rc;
    do {
        sample_time t;
        rc = timed_run(s, ctx, n, NULL, tm, &t, error);
        warmup_record(&warm, t.wall_ns);
        runs++;
    } while (rc == 0 && ms_since(began) < warmup_ms);
    out->warmup_ms = ms_since(began);
    double one_ns = warmup_median(&warm);
    size_planned(opt, one_ns, one_ns, out);
    uint64_t observed_before = s->observed_ns ? s->observed_ns(ctx) : 0, reported_before = 0, changed_before = 0;
    if (s->change_report) s->change_report(ctx, &reported_before, &changed_before);
    for (size_t i = 0; rc == 0 && i < out->samples; ++i) {
        sample_time t;
        uint64_t units = run_timed(s, ctx, out->inner, n, hw, tm, &t);
        runs += out->inner;
        if (units != out->inner * n) rc = (*error = short_run, -1);
        samples[i] = t.wall_ns / ((double)out->inner * (double)n);
        if (rc == 0) rc = verify(s, ctx, runs, false, checked, error);
    }
    if (s->observed_ns)
        out->observed_ns_per_unit =
            (double)(s->observed_ns(ctx) - observed_before) / ((double)out->inner * (double)out->samples * (double)n);
    if (s->change_report) {
        uint64_t reported, changed;
        s->change_report(ctx, &reported, &changed);
        if (changed > changed_before)
            out->reported_per_change = (double)(reported - reported_before) / (double)(changed - changed_before);
    }
    if (rc == 0) rc = verify(s, ctx, runs, true, checked, error);
    return rc;
}

/* Consuming scenarios need a fresh world per run. Each run gets its world built right before it (so small
 * worlds are as warm in cache as a reusable scenario's) and is timed alone, the clock reads' cost taken out of it
 * (timer.h: a quarter of a 2.5 µs run otherwise); a sample sums `inner` of them. */
static int consuming_run(const scenario *s, size_t n, uint64_t seed, uint64_t checksum, hw_tally *hw, timer *tm,
                         checks *checked, sample_time *t, const char **error) {
    void *ctx = setup_world(s, n, seed, error);
    if (!ctx) return -1;
    int rc = timed_run(s, ctx, n, hw, tm, t, error);
    if (rc == 0) rc = same_checksum(s, ctx, checksum, error);
    if (rc == 0) rc = verify(s, ctx, 1, false, checked, error);
    s->teardown(ctx);
    return rc;
}

/* Warm-up runs (each with its own world) until warmup_ms have passed since the cell began, none where the first
 * run already took that long (large N), then samples. Runs per sample are calibrated on the median warm-up run
 * (the first run where there was no warm-up): one_ns its timed part, whole_ns with its setup, checks and
 * teardown. */
static int measure_consuming(const scenario *s, size_t n, const run_options *opt, double warmup_ms, uint64_t began,
                             double one_ns, double whole_ns, result *out, double *samples, hw_tally *hw, timer *tm,
                             checks *checked, const char **error) {
    int rc = 0;
    warmup_times warm = {.count = 0}, whole = {.count = 0};
    while (rc == 0 && ms_since(began) < warmup_ms) {
        uint64_t t0 = clock_ns();
        sample_time t;
        rc = consuming_run(s, n, out->layout_seed, out->checksum, NULL, tm, checked, &t, error);
        warmup_record(&warm, t.wall_ns);
        warmup_record(&whole, (double)(clock_ns() - t0));
    }
    out->warmup_ms = ms_since(began);
    if (warm.count) one_ns = warmup_median(&warm), whole_ns = warmup_median(&whole);
    size_planned(opt, one_ns, whole_ns, out);
    for (size_t i = 0; rc == 0 && i < out->samples; ++i) {
        double total = 0;
        for (uint64_t r = 0; rc == 0 && r < out->inner; ++r) {
            sample_time t;
            rc = consuming_run(s, n, out->layout_seed, out->checksum, hw, tm, checked, &t, error);
            total += t.wall_ns;
        }
        samples[i] = total / ((double)out->inner * (double)n);
    }
    return rc;
}

/* The cache simulator's pass: the run it counts is the one a timed sample would repeat. A reusable scenario
 * gets one uncounted pass first (its checksum is the one the bench binaries report), so the counted pass
 * starts from the same warm state as every run of a sample; a consuming scenario's world is built uncounted
 * and its one run is counted. Setup is never inside the marks. */
static int simulate(const scenario *s, size_t n, result *out, checks *checked, const char **error) {
    char label[256];
    snprintf(label, sizeof label, "%s %s %zu %016llx", out->strategy, s->info->name, n,
             (unsigned long long)out->layout_seed);
    out->samples = 0;
    out->inner = 1;
    void *ctx;
    double ignored;
    timer tm = timer_begin();
    int rc = first_run(s, n, s->consumes_state ? label : NULL, out, &ctx, &tm, &ignored, error);
    if (rc != 0) return rc;
    rc = verify(s, ctx, 1, true, checked, error);
    if (rc == 0 && !s->consumes_state) {
        rc = simulated_run(s, ctx, n, label, error);
        if (rc == 0) rc = verify(s, ctx, 2, true, checked, error);
    }
    capture_counters(s, ctx, out);
    s->teardown(ctx);
    return rc;
}

/* Said once per process, so that empty counter columns are never a mystery. */
static void explain_missing_counters(void) {
    static bool told;
    if (told || hw_counters_ready()) return;
    told = true;
    fprintf(stderr, "bench: hardware counters off: %s\n", hw_counters_reason());
}

/* Times one cell: setup, a checked first run, warm-up, samples, verification. */
static int measure(const scenario *s, size_t n, const run_options *opt, result *out, checks *checked,
                   const char **error) {
    static bool process_warm; /* the first cell of a process warms the process up too */
    double warmup_ms = process_warm ? opt->warmup_ms : opt->first_warmup_ms;
    process_warm = true;
    uint64_t began = clock_ns();
    if (!opt->hw_counters_off) explain_missing_counters();
    hw_tally tally = hw_tally_begin(!opt->hw_counters_off), *hw = opt->hw_counters_off ? NULL : &tally;
    double *samples = scratch_calloc(opt->samples, sizeof *samples);
    if (!samples) return *error = "out of memory", -1;
    void *ctx;
    double one_ns = 0;
    timer tm = timer_measured(s);
    int rc = first_run(s, n, NULL, out, &ctx, &tm, &one_ns, error);
    if (rc == 0) {
        /* A consuming scenario's first world is the one checked in full; its later ones get spot checks. */
        if (verify(s, ctx, 1, s->consumes_state, checked, error) != 0)
            rc = -1;
        else if (s->consumes_state) {
            capture_counters(s, ctx, out);
            s->teardown(ctx);
            ctx = NULL;
            double whole_ns = (double)(clock_ns() - began); /* the first run with its setup */
            rc =
                measure_consuming(s, n, opt, warmup_ms, began, one_ns, whole_ns, out, samples, hw, &tm, checked, error);
        } else
            rc = measure_reusable(s, n, ctx, opt, warmup_ms, began, out, samples, hw, &tm, checked, error);
        if (ctx) {
            capture_counters(s, ctx, out);
            s->teardown(ctx);
        }
    }
    if (rc == 0) {
        out->ns_per_unit = summarise(samples, out->samples);
        out->hw = hw_tally_figures(&tally);
    }
    free(samples);
    return rc;
}

/* Places the stack frames of the measurement at the seed's remainder modulo 4 KiB (layout.h), then measures
 * or simulates. */
static int placed(const scenario *s, size_t n, const run_options *opt, result *out, const char **error) {
    char here;
    size_t gap = ((uintptr_t)&here - layout_stack_residue(out->layout_seed)) % LAYOUT_WINDOW;
    volatile char pad[gap + 1];
    pad[0] = 0;
    checks checked = {.seed = out->layout_seed, .made = 0};
    int rc = !CACHESIM_BUILD                      ? measure(s, n, opt, out, &checked, error)
             : opt->frames && s->info->frames > 0 ? simulate_frames(s, n, out, &checked, error)
                                                  : simulate(s, n, out, &checked, error);
    pad[0] = 1; /* a store after the call keeps the gap in place until the measurement returns */
    (void)pad;
    return rc;
}

/* Both allocators' refusals so far (cell.h, refusals). */
refusals refusals_so_far(void) { return (refusals){esb_mem_get_stats().refusals, scratch_refusals()}; }

/* A cell that failed after an allocator refused a block failed for want of memory, whatever the scenario made
 * of the refusal (a short run, a setup error, a failed check): said as such, with the size asked for (the
 * hooks' where both refused, as the cell's storage is what it measures). */
int out_of_memory(refusals before, const char **error) {
    static char message[128];
    refusals now = refusals_so_far();
    if (now.hooks == before.hooks && now.scratch == before.scratch) return RUN_FAILED;
    size_t bytes = now.hooks != before.hooks ? esb_mem_get_stats().last_refused_bytes : scratch_last_refused_bytes();
    snprintf(message, sizeof message, "out of memory (the allocator refused a block of %zu bytes)", bytes);
    *error = message;
    return RUN_OUT_OF_MEMORY;
}

/* A result before anything is measured: who and what, no figures yet. */
static void result_begin(const scenario *s, size_t n, uint64_t seed, size_t samples, result *out) {
    out->strategy = strategy_of(s);
    out->scenario = s->info->name;
    out->unit = s->info->unit;
    out->query_kind = NULL;
    out->flags = ESB_BUILD_FLAGS;
    out->n = n;
    out->samples = samples;
    out->inner = 0;
    out->ns_per_unit = (summary){0, 0, 0, 0};
    out->bytes_per_entity = out->peak_bytes_per_entity = 0;
    out->checksum = 0;
    out->memory = NULL;
    out->counters[0] = 0;
    out->hw = (hw_figures){.events = NULL};
    out->layout_seed = seed;
    out->warmup_ms = 0;
    out->observed_ns_per_unit = -1;
    out->reported_per_change = -1;
}

int run_scenario(const scenario *s, size_t n, const run_options *opt, uint64_t seed, result *out, const char **error) {
    refusals before = refusals_so_far();
    result_begin(s, n, seed, opt->samples, out);
    layout_begin(seed);
    return placed(s, n, opt, out, error) == 0 ? RUN_OK : out_of_memory(before, error);
}

/* ---- a cell a sample at a time ---- */

int cell_open(const scenario *s, size_t n, uint64_t seed, size_t max_samples, cell **opened, const char **error) {
    refusals before = refusals_so_far();
    *opened = NULL;
    cell *c = scratch_calloc(1, sizeof *c);
    double *samples = c ? scratch_calloc(max_samples ? max_samples : 1, sizeof *samples) : NULL;
    if (!samples) {
        free(c);
        *error = "out of memory";
        return out_of_memory(before, error);
    }
    *c = (cell){.s = s,
                .n = n,
                .runs = 1,
                .checked = {.seed = seed, .made = 0},
                .began = clock_ns(),
                .samples = samples,
                .max_samples = max_samples,
                .tm = timer_measured(s)};
    result_begin(s, n, seed, 0, &c->out);
    double one_ns;
    int rc = first_run(s, n, NULL, &c->out, &c->ctx, &c->tm, &one_ns, error);
    /* A consuming scenario's first world is the one checked in full; its later ones get spot checks. */
    if (rc == 0) rc = verify(s, c->ctx, 1, s->consumes_state, &c->checked, error);
    if (rc == 0 && s->consumes_state) {
        capture_counters(s, c->ctx, &c->out);
        s->teardown(c->ctx);
        c->ctx = NULL;
    }
    if (rc != 0) {
        if (c->ctx) s->teardown(c->ctx);
        free(samples);
        free(c);
        return out_of_memory(before, error);
    }
    *opened = c;
    return RUN_OK;
}

/* One run on the cell's world, or on a new world of its own. */
static int cell_run(cell *c, sample_time *t, const char **error) {
    if (c->s->consumes_state)
        return consuming_run(c->s, c->n, c->out.layout_seed, c->out.checksum, NULL, &c->tm, &c->checked, t, error);
    c->runs++;
    return timed_run(c->s, c->ctx, c->n, NULL, &c->tm, t, error);
}

int cell_warm(cell *c, sample_time *t, const char **error) {
    refusals before = refusals_so_far();
    return cell_run(c, t, error) == 0 ? RUN_OK : out_of_memory(before, error);
}

static int cell_timed_once(cell *c, uint64_t inner, sample_time *t, const char **error) {
    const scenario *s = c->s;
    *t = (sample_time){0, 0, 0};
    c->tm.pending = 0; /* what the warm-ups planted is not the sample's */
    if (s->consumes_state) {
        for (uint64_t r = 0; r < inner; ++r) {
            sample_time one;
            if (cell_run(c, &one, error) != 0) return -1;
            t->wall_ns += one.wall_ns;
            t->cpu_ns += one.cpu_ns;
        }
        t->planted_ns = timer_planted_alone(&c->tm, t->cpu_ns, inner);
        return 0;
    }
    uint64_t observed = s->observed_ns ? s->observed_ns(c->ctx) : 0, reported = 0, changed = 0;
    if (s->change_report) s->change_report(c->ctx, &reported, &changed);
    uint64_t units = run_timed(s, c->ctx, inner, c->n, NULL, &c->tm, t);
    t->planted_ns = timer_planted_alone(&c->tm, t->cpu_ns, inner);
    c->runs += inner;
    if (s->observed_ns) c->observed_ns += s->observed_ns(c->ctx) - observed;
    if (s->change_report) {
        uint64_t reported_after, changed_after;
        s->change_report(c->ctx, &reported_after, &changed_after);
        c->reported += reported_after - reported;
        c->changed += changed_after - changed;
    }
    if (units != inner * c->n) return *error = short_run, -1;
    return verify(s, c->ctx, c->runs, false, &c->checked, error);
}

static int cell_timed(cell *c, uint64_t inner, sample_time *t, const char **error) {
    /* The planted control's first sample is sized by one of the same runs, untimed: a warm-up's single run costs
     * more than a run among many, and would plant too much. */
    if (!c->tm.sampled && timer_plants() && cell_timed_once(c, inner, t, error) != 0) return -1;
    return cell_timed_once(c, inner, t, error);
}

/* Whether the cell takes another sample of `inner` runs: within the samples it was opened for, every one of the
 * same runs (the first fixes them, and ends the warm-up). RUN_OK, or RUN_FAILED with *error set. */
int sample_admitted(cell *c, uint64_t inner, const char **error) {
    if (c->out.samples == c->max_samples) return *error = "more samples than the cell was opened for", RUN_FAILED;
    if (c->out.samples == 0) c->out.warmup_ms = ms_since(c->began), c->out.inner = inner;
    if (inner != c->out.inner) return *error = "a cell's samples must all have the same runs", RUN_FAILED;
    return RUN_OK;
}

/* Records a sample of `inner` runs that took wall_ns, per unit, for the row's summary. */
void sample_recorded(cell *c, double wall_ns, uint64_t inner) {
    c->samples[c->out.samples++] = wall_ns / ((double)inner * (double)c->n);
}

int cell_sample(cell *c, uint64_t inner, sample_time *t, const char **error) {
    refusals before = refusals_so_far();
    if (sample_admitted(c, inner, error) != RUN_OK) return RUN_FAILED;
    char here;
    size_t gap = ((uintptr_t)&here - layout_stack_residue(c->out.layout_seed)) % LAYOUT_WINDOW;
    volatile char pad[gap + 1];
    pad[0] = 0;
    int rc = cell_timed(c, inner, t, error);
    pad[0] = 1; /* a store after the call keeps the gap in place until the sample returns */
    (void)pad;
    if (rc != 0) return out_of_memory(before, error);
    sample_recorded(c, t->wall_ns, inner);
    return RUN_OK;
}

int cell_close(cell *c, result *out, const char **error) {
    refusals before = refusals_so_far();
    const scenario *s = c->s;
    int rc = 0;
    *out = c->out;
    if (c->ctx) {
        rc = verify(s, c->ctx, c->runs, true, &c->checked, error);
        capture_counters(s, c->ctx, out);
        s->teardown(c->ctx);
    }
    double timed_units = (double)out->inner * (double)out->samples * (double)c->n;
    if (s->observed_ns && !s->consumes_state && timed_units > 0)
        out->observed_ns_per_unit = (double)c->observed_ns / timed_units;
    if (s->change_report && c->changed > 0) out->reported_per_change = (double)c->reported / (double)c->changed;
    if (out->samples) out->ns_per_unit = summarise(c->samples, out->samples);
    free(c->samples);
    free(c);
    return rc == 0 ? RUN_OK : out_of_memory(before, error);
}
