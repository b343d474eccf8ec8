/* Every scenario written against the contract, in the order reports list them. */
#include "contract.h"
#include "scenario.h"

extern const scenario scenario_create, scenario_create_bulk, scenario_destroy, scenario_simple_iter,
    scenario_add_remove, scenario_add_remove_cached, scenario_random_get, scenario_seq_get, scenario_scatter_create,
    scenario_scatter_iter, scenario_tag_churn, scenario_sparse_churn,
    scenario_tag_toggle, scenario_sparse_toggle;

const scenario *const catalog_scenarios[] = {
    &scenario_create,     &scenario_create_bulk, &scenario_destroy, &scenario_simple_iter,
    &scenario_add_remove, &scenario_add_remove_cached, &scenario_random_get, &scenario_seq_get,
    &scenario_scatter_create, &scenario_scatter_iter, &scenario_tag_churn, &scenario_sparse_churn,
    &scenario_tag_toggle, &scenario_sparse_toggle, NULL,
};

const char *catalog_strategy_name(void) { return esb_strategy_name(); }

size_t catalog_counters(const scenario *s, void *ctx, const char **names, uint64_t *values, size_t cap) {
    return s->world ? esb_world_counters(s->world(ctx), names, values, cap) : 0;
}
