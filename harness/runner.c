#include "runner.h"

#include <math.h>
#include <stdlib.h>

#include "clock.h"
#include "memory.h"

/* A consuming scenario keeps this many entities alive at most while one sample's worlds wait to be timed. */
#define CONSUMING_ENTITY_BUDGET ((size_t)1 << 22)

static const char *strategy_of(const scenario *s) { return s->label ? s->label : catalog_strategy_name(); }

static uint64_t runs_for(double target_ns, double one_run_ns, uint64_t cap) {
    double k = ceil(target_ns / (one_run_ns > 1 ? one_run_ns : 1));
    if (k < 1) k = 1;
    return k > (double)cap ? cap : (uint64_t)k;
}

/* Setup, one checked run (warm-up and checksum), memory figures. Leaves *ctx alive. */
static int first_run(const scenario *s, size_t n, result *out, void **ctx, double *run_ns, const char **error) {
    size_t base = esb_mem_get_stats().live_bytes;
    esb_mem_reset_peak();
    *ctx = s->setup(n, error);
    if (!*ctx) return -1;
    size_t after_setup = esb_mem_get_stats().live_bytes;
    uint64_t t0 = clock_ns();
    uint64_t units = s->run(*ctx);
    *run_ns = (double)(clock_ns() - t0);
    if (units != n) {
        *error = "the run completed fewer units than the scenario asked for";
        s->teardown(*ctx);
        return -1;
    }
    out->checksum = s->checksum(*ctx);
    out->query_kind = s->query_kind ? s->query_kind(*ctx) : NULL;
    size_t after_run = esb_mem_get_stats().live_bytes;
    size_t settled = after_setup > after_run ? after_setup : after_run;
    out->bytes_per_entity = (double)(settled - base) / (double)n;
    out->peak_bytes_per_entity = (double)(esb_mem_get_stats().peak_bytes - base) / (double)n;
    return 0;
}

static int sample_reusable(const scenario *s, size_t n, void *ctx, uint64_t inner, double *ns, const char **error) {
    uint64_t t0 = clock_ns();
    uint64_t units = 0;
    for (uint64_t r = 0; r < inner; ++r) units += s->run(ctx);
    uint64_t t1 = clock_ns();
    if (units != inner * n) {
        *error = "a timed run completed fewer units than the scenario asked for";
        return -1;
    }
    *ns = (double)(t1 - t0) / ((double)inner * (double)n);
    return 0;
}

static int sample_consuming(const scenario *s, size_t n, uint64_t inner, uint64_t expected_checksum, double *ns,
                            const char **error) {
    void **ctxs = calloc(inner, sizeof *ctxs);
    if (!ctxs) {
        *error = "out of memory in the harness";
        return -1;
    }
    int rc = 0;
    uint64_t made = 0;
    for (; made < inner; ++made)
        if (!(ctxs[made] = s->setup(n, error))) {
            rc = -1;
            break;
        }
    uint64_t units = 0;
    if (rc == 0) {
        uint64_t t0 = clock_ns();
        for (uint64_t r = 0; r < inner; ++r) units += s->run(ctxs[r]);
        uint64_t t1 = clock_ns();
        *ns = (double)(t1 - t0) / ((double)inner * (double)n);
        if (units != inner * n) {
            *error = "a timed run completed fewer units than the scenario asked for";
            rc = -1;
        }
        for (uint64_t r = 0; rc == 0 && r < inner; ++r)
            if (s->checksum(ctxs[r]) != expected_checksum) {
                *error = "checksum differs between runs of the same scenario";
                rc = -1;
            }
    }
    for (uint64_t r = 0; r < made; ++r) s->teardown(ctxs[r]);
    free(ctxs);
    return rc;
}

int run_scenario(const scenario *s, size_t n, const run_options *opt, result *out, const char **error) {
    out->strategy = strategy_of(s);
    out->scenario = s->name;
    out->unit = s->unit;
    out->n = n;
    out->samples = opt->samples;
    double *samples = calloc(opt->samples, sizeof *samples);
    if (!samples) {
        *error = "out of memory in the harness";
        return -1;
    }
    void *ctx;
    double first_ns;
    int rc = first_run(s, n, out, &ctx, &first_ns, error);
    if (rc == 0) {
        double target_ns = opt->target_ms * 1e6;
        if (s->consumes_state) {
            s->teardown(ctx);
            uint64_t cap = CONSUMING_ENTITY_BUDGET / n ? CONSUMING_ENTITY_BUDGET / n : 1;
            out->inner = runs_for(target_ns, first_ns, cap);
            for (size_t i = 0; rc == 0 && i < opt->samples; ++i)
                rc = sample_consuming(s, n, out->inner, out->checksum, &samples[i], error);
        } else {
            /* A second single run calibrates: the first also paid for cold caches and page faults. */
            uint64_t t0 = clock_ns();
            uint64_t units = s->run(ctx);
            double one_ns = (double)(clock_ns() - t0);
            if (units != n) {
                *error = "the run completed fewer units than the scenario asked for";
                rc = -1;
            }
            out->inner = runs_for(target_ns, one_ns, UINT64_MAX / 2);
            for (size_t i = 0; rc == 0 && i < opt->samples; ++i)
                rc = sample_reusable(s, n, ctx, out->inner, &samples[i], error);
            s->teardown(ctx);
        }
    }
    if (rc == 0) out->ns_per_unit = summarise(samples, opt->samples);
    free(samples);
    return rc;
}
