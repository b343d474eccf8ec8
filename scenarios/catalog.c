/* Every scenario written against the contract, in the order reports list them. */
#include "contract.h"
#include "scenario.h"

extern const scenario scenario_create, scenario_create_bulk, scenario_create_warm, scenario_destroy,
    scenario_simple_iter, scenario_iter_half, scenario_iter_one, scenario_packed_5, scenario_frag_iter,
    scenario_selectivity_1, scenario_selectivity_10, scenario_selectivity_50, scenario_selectivity_100,
    scenario_query_exclude, scenario_random_tables_q1, scenario_random_tables_q4, scenario_random_tables_q8,
    scenario_empty_tables, scenario_scatter_create, scenario_scatter_iter, scenario_add_remove,
    scenario_add_remove_cached, scenario_add_remove_large, scenario_entity_cycle, scenario_random_get,
    scenario_seq_get, scenario_tag_churn, scenario_sparse_churn, scenario_tag_toggle, scenario_sparse_toggle,
    scenario_churn_then_iter, scenario_churn_fresh_iter, scenario_game_frame_0, scenario_game_frame_1,
    scenario_game_frame_10, scenario_game_frame_50;

const scenario *const catalog_scenarios[] = {
    &scenario_create,          &scenario_create_bulk,       &scenario_create_warm,
    &scenario_destroy,         &scenario_simple_iter,       &scenario_iter_half,
    &scenario_iter_one,        &scenario_packed_5,          &scenario_frag_iter,
    &scenario_selectivity_1,   &scenario_selectivity_10,    &scenario_selectivity_50,
    &scenario_selectivity_100, &scenario_query_exclude,     &scenario_random_tables_q1,
    &scenario_random_tables_q4, &scenario_random_tables_q8, &scenario_empty_tables,
    &scenario_scatter_create,  &scenario_scatter_iter,      &scenario_add_remove,
    &scenario_add_remove_cached, &scenario_add_remove_large, &scenario_entity_cycle,
    &scenario_random_get,      &scenario_seq_get,           &scenario_tag_churn,
    &scenario_sparse_churn,    &scenario_tag_toggle,        &scenario_sparse_toggle,
    &scenario_churn_then_iter, &scenario_churn_fresh_iter,  &scenario_game_frame_0,
    &scenario_game_frame_1,    &scenario_game_frame_10,     &scenario_game_frame_50,
    NULL,
};

const char *catalog_strategy_name(void) { return esb_strategy_name(); }

size_t catalog_counters(const scenario *s, void *ctx, const char **names, uint64_t *values, size_t cap) {
    return s->world ? esb_world_counters(s->world(ctx), names, values, cap) : 0;
}
