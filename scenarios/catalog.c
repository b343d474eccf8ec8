/* Every scenario written against the contract: one per line of catalogue.h, in its order. */
#include "contract.h"
#include "info.h"

#define SCENARIO(id, family, unit, sizes, memory, shown, description) extern const scenario scenario_##id;
#include "catalogue.h"
#undef SCENARIO

const scenario *const catalog_scenarios[] = {
#define SCENARIO(id, family, unit, sizes, memory, shown, description) &scenario_##id,
#include "catalogue.h"
#undef SCENARIO
    NULL,
};

const char *catalog_strategy_name(void) { return esb_strategy_name(); }

size_t catalog_counters(const scenario *s, void *ctx, const char **names, uint64_t *values, size_t cap) {
    return s->world ? esb_world_counters(s->world(ctx), names, values, cap) : 0;
}
