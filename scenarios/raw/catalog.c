/* The raw baselines: the iteration scenarios on plain arrays, built as bench-raw. */
#include <stddef.h>

#include "scenario.h"

extern const scenario raw_simple_iter_soa, raw_simple_iter_aos;

const scenario *const catalog_scenarios[] = {&raw_simple_iter_soa, &raw_simple_iter_aos, NULL};

const char *catalog_strategy_name(void) { return "raw"; }
