/* The raw baselines: the iteration scenarios on plain arrays, built as bench-raw. */
#include <stddef.h>

#include "scenario.h"

extern const scenario raw_simple_iter_soa, raw_simple_iter_aos;

const scenario *const catalog_scenarios[] = {&raw_simple_iter_soa, &raw_simple_iter_aos, NULL};

const char *catalog_strategy_name(void) { return "raw"; }

/* Plain arrays keep no counters. */
size_t catalog_counters(const scenario *s, void *ctx, const char **names, uint64_t *values, size_t cap) {
    (void)s, (void)ctx, (void)names, (void)values, (void)cap;
    return 0;
}
