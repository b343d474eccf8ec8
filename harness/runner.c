#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cachesim.h"
#include "clock.h"
#include "memory.h"

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

static const char *const short_run = "a run completed fewer units than the scenario asked for";

/* One timed run, counted into hw if that is not NULL; -1 if it completed fewer than n units. */
static int timed_run(const scenario *s, void *ctx, size_t n, hw_tally *hw, double *ns, const char **error) {
    hw_counters_start(hw);
    uint64_t t0 = clock_ns();
    uint64_t units = s->run(ctx);
    uint64_t t1 = clock_ns();
    hw_counters_stop(hw, n);
    *ns = (double)(t1 - t0);
    if (units != n) return *error = short_run, -1;
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

/* Setup, one checked run (the checksum and memory figures come from it). Leaves *ctx alive. Memory is
 * measured before the checksum, which may create objects of its own. With a label, the run is the simulated
 * one instead of a timed one. */
static int first_run(const scenario *s, size_t n, const char *label, result *out, void **ctx, const char **error) {
    size_t base = esb_mem_get_stats().live_bytes;
    esb_mem_reset_peak();
    if (!(*ctx = s->setup(n, error))) return -1;
    size_t after_setup = esb_mem_get_stats().live_bytes;
    double ns;
    if ((label ? simulated_run(s, *ctx, n, label, error) : timed_run(s, *ctx, n, NULL, &ns, error)) != 0) {
        s->teardown(*ctx);
        return -1;
    }
    size_t after_run = esb_mem_get_stats().live_bytes;
    size_t settled = after_setup > after_run ? after_setup : after_run;
    out->bytes_per_entity = (double)(settled - base) / (double)n;
    out->peak_bytes_per_entity = (double)(esb_mem_get_stats().peak_bytes - base) / (double)n;
    out->checksum = s->checksum(*ctx);
    out->query_kind = s->query_kind ? s->query_kind(*ctx) : NULL;
    return 0;
}

static void capture_counters(const scenario *s, void *ctx, result *out) {
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

static int verify(const scenario *s, void *ctx, uint64_t runs, const char **error) {
    return !s->verify || s->verify(ctx, runs, error) ? 0 : -1;
}

/* Reusable scenarios run again and again on one world: a sample times `inner` back-to-back runs. */
static int measure_reusable(const scenario *s, size_t n, void *ctx, const run_options *opt, result *out,
                            double *samples, hw_tally *hw, const char **error) {
    uint64_t runs = 1;
    double one_ns = 0; /* the first run paid for cold caches and page faults: calibrate on a second */
    int rc = timed_run(s, ctx, n, NULL, &one_ns, error);
    runs++;
    size_planned(opt, one_ns, one_ns, out);
    for (size_t i = 0; rc == 0 && i < out->samples; ++i) {
        hw_counters_start(hw);
        uint64_t units = 0, t0 = clock_ns();
        for (uint64_t r = 0; r < out->inner; ++r) units += s->run(ctx);
        uint64_t t1 = clock_ns();
        hw_counters_stop(hw, out->inner * n);
        runs += out->inner;
        if (units != out->inner * n) rc = (*error = short_run, -1);
        samples[i] = (double)(t1 - t0) / ((double)out->inner * (double)n);
    }
    if (rc == 0) rc = verify(s, ctx, runs, error);
    return rc;
}

/* Consuming scenarios need a fresh world per run. Each run gets its world built right before it (so small
 * worlds are as warm in cache as a reusable scenario's) and is timed alone; a sample sums `inner` of them. The
 * clock reads add ~40 ns per run, under 1.5% of the smallest run measured (n = 1024). */
static int consuming_run(const scenario *s, size_t n, uint64_t checksum, hw_tally *hw, double *ns,
                         const char **error) {
    void *ctx = s->setup(n, error);
    if (!ctx) return -1;
    int rc = timed_run(s, ctx, n, hw, ns, error);
    if (rc == 0 && s->checksum(ctx) != checksum)
        rc = (*error = "checksum differs between runs of the same scenario", -1);
    if (rc == 0) rc = verify(s, ctx, 1, error);
    s->teardown(ctx);
    return rc;
}

static int measure_consuming(const scenario *s, size_t n, const run_options *opt, result *out, double *samples,
                             hw_tally *hw, const char **error) {
    double one_ns = 0;
    uint64_t t0 = clock_ns();
    int rc = consuming_run(s, n, out->checksum, NULL, &one_ns, error);
    double whole_ns = (double)(clock_ns() - t0); /* a run with its setup, checks and teardown */
    size_planned(opt, one_ns, whole_ns, out);
    for (size_t i = 0; rc == 0 && i < out->samples; ++i) {
        double total = 0, ns = 0;
        for (uint64_t r = 0; rc == 0 && r < out->inner; ++r) {
            rc = consuming_run(s, n, out->checksum, hw, &ns, error);
            total += ns;
        }
        samples[i] = total / ((double)out->inner * (double)n);
    }
    return rc;
}

/* The cache simulator's pass: the run it counts is the one a timed sample would repeat. A reusable scenario
 * gets one uncounted pass first (its checksum is the one the bench binaries report), so the counted pass
 * starts from the same warm state as every run of a sample; a consuming scenario's world is built uncounted
 * and its one run is counted. Setup is never inside the marks. */
static int simulate_here(const scenario *s, size_t n, result *out, const char **error) {
    char label[256];
    snprintf(label, sizeof label, "%s %s %zu", out->strategy, s->name, n);
    out->samples = 0;
    out->inner = 1;
    void *ctx;
    int rc = first_run(s, n, s->consumes_state ? label : NULL, out, &ctx, error);
    if (rc != 0) return rc;
    rc = verify(s, ctx, 1, error);
    if (rc == 0 && !s->consumes_state) {
        rc = simulated_run(s, ctx, n, label, error);
        if (rc == 0) rc = verify(s, ctx, 2, error);
    }
    capture_counters(s, ctx, out);
    s->teardown(ctx);
    return rc;
}

/* Where the stack begins depends on the path and environment the binary was started with, and the cache sets
 * the stack's lines map to depend on where it is: a gap that puts the simulated frames at the same offset in
 * a page, wherever the stack began, gives the same figures wherever the binary lives. */
static int simulate(const scenario *s, size_t n, result *out, const char **error) {
    char here;
    volatile char gap[(uintptr_t)&here % 4096 + 1];
    gap[0] = 0;
    int rc = simulate_here(s, n, out, error);
    gap[0] = 1; /* a store after the call keeps the gap in place until simulate_here returns */
    (void)gap;
    return rc;
}

/* Said once per process, so that empty counter columns are never a mystery. */
static void explain_missing_counters(void) {
    static bool told;
    if (told || hw_counters_ready()) return;
    told = true;
    fprintf(stderr, "bench: hardware counters off: %s\n", hw_counters_reason());
}

int run_scenario(const scenario *s, size_t n, const run_options *opt, result *out, const char **error) {
    out->strategy = strategy_of(s);
    out->scenario = s->name;
    out->unit = s->unit;
    out->n = n;
    out->samples = opt->samples;
    out->ns_per_unit = (summary){0, 0, 0, 0};
    out->counters[0] = 0;
    out->hw = (hw_figures){.events = NULL};
    if (CACHESIM_BUILD) return simulate(s, n, out, error);
    if (!opt->hw_counters_off) explain_missing_counters();
    hw_tally hw = hw_tally_begin(!opt->hw_counters_off);
    double *samples = calloc(opt->samples, sizeof *samples);
    if (!samples) return *error = "out of memory in the harness", -1;
    void *ctx;
    int rc = first_run(s, n, NULL, out, &ctx, error);
    if (rc == 0) {
        if (verify(s, ctx, 1, error) != 0) rc = -1;
        else if (s->consumes_state) {
            capture_counters(s, ctx, out);
            s->teardown(ctx);
            ctx = NULL;
            rc = measure_consuming(s, n, opt, out, samples, &hw, error);
        } else
            rc = measure_reusable(s, n, ctx, opt, out, samples, &hw, error);
        if (ctx) {
            capture_counters(s, ctx, out);
            s->teardown(ctx);
        }
    }
    if (rc == 0) {
        out->ns_per_unit = summarise(samples, out->samples);
        out->hw = hw_tally_figures(&hw);
    }
    free(samples);
    return rc;
}
