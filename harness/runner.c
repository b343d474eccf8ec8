#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"
#include "memory.h"

static const char *strategy_of(const scenario *s) { return s->label ? s->label : catalog_strategy_name(); }

static uint64_t runs_for(double target_ns, double one_run_ns) {
    double k = ceil(target_ns / (one_run_ns > 1 ? one_run_ns : 1));
    return k < 1 ? 1 : k > 1e9 ? 1000000000u : (uint64_t)k;
}

static const char *const short_run = "a run completed fewer units than the scenario asked for";

/* One timed run; -1 if it completed fewer than n units. */
static int timed_run(const scenario *s, void *ctx, size_t n, double *ns, const char **error) {
    uint64_t t0 = clock_ns();
    uint64_t units = s->run(ctx);
    *ns = (double)(clock_ns() - t0);
    if (units != n) return *error = short_run, -1;
    return 0;
}

/* Setup, one checked run (the checksum and memory figures come from it). Leaves *ctx alive. Memory is
 * measured before the checksum, which may create objects of its own. */
static int first_run(const scenario *s, size_t n, result *out, void **ctx, const char **error) {
    size_t base = esb_mem_get_stats().live_bytes;
    esb_mem_reset_peak();
    if (!(*ctx = s->setup(n, error))) return -1;
    size_t after_setup = esb_mem_get_stats().live_bytes;
    double ns;
    if (timed_run(s, *ctx, n, &ns, error) != 0) {
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
                            double *samples, const char **error) {
    uint64_t runs = 1;
    double one_ns = 0; /* the first run paid for cold caches and page faults: calibrate on a second */
    int rc = timed_run(s, ctx, n, &one_ns, error);
    runs++;
    out->inner = runs_for(opt->target_ms * 1e6, one_ns);
    for (size_t i = 0; rc == 0 && i < opt->samples; ++i) {
        uint64_t units = 0, t0 = clock_ns();
        for (uint64_t r = 0; r < out->inner; ++r) units += s->run(ctx);
        uint64_t t1 = clock_ns();
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
static int consuming_run(const scenario *s, size_t n, uint64_t checksum, double *ns, const char **error) {
    void *ctx = s->setup(n, error);
    if (!ctx) return -1;
    int rc = timed_run(s, ctx, n, ns, error);
    if (rc == 0 && s->checksum(ctx) != checksum)
        rc = (*error = "checksum differs between runs of the same scenario", -1);
    if (rc == 0) rc = verify(s, ctx, 1, error);
    s->teardown(ctx);
    return rc;
}

static int measure_consuming(const scenario *s, size_t n, const run_options *opt, result *out, double *samples,
                             const char **error) {
    double one_ns = 0;
    int rc = consuming_run(s, n, out->checksum, &one_ns, error);
    out->inner = runs_for(opt->target_ms * 1e6, one_ns);
    for (size_t i = 0; rc == 0 && i < opt->samples; ++i) {
        double total = 0, ns = 0;
        for (uint64_t r = 0; rc == 0 && r < out->inner; ++r) {
            rc = consuming_run(s, n, out->checksum, &ns, error);
            total += ns;
        }
        samples[i] = total / ((double)out->inner * (double)n);
    }
    return rc;
}

int run_scenario(const scenario *s, size_t n, const run_options *opt, result *out, const char **error) {
    out->strategy = strategy_of(s);
    out->scenario = s->name;
    out->unit = s->unit;
    out->n = n;
    out->samples = opt->samples;
    out->counters[0] = 0;
    double *samples = calloc(opt->samples, sizeof *samples);
    if (!samples) return *error = "out of memory in the harness", -1;
    void *ctx;
    int rc = first_run(s, n, out, &ctx, error);
    if (rc == 0) {
        if (verify(s, ctx, 1, error) != 0) rc = -1;
        else if (s->consumes_state) {
            capture_counters(s, ctx, out);
            s->teardown(ctx);
            ctx = NULL;
            rc = measure_consuming(s, n, opt, out, samples, error);
        } else
            rc = measure_reusable(s, n, ctx, opt, out, samples, error);
        if (ctx) {
            capture_counters(s, ctx, out);
            s->teardown(ctx);
        }
    }
    if (rc == 0) out->ns_per_unit = summarise(samples, opt->samples);
    free(samples);
    return rc;
}
