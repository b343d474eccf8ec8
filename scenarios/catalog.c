/* Every scenario written against the contract, in the order reports list them. */
#include "contract.h"
#include "scenario.h"

extern const scenario scenario_create, scenario_create_bulk, scenario_destroy, scenario_simple_iter,
    scenario_add_remove, scenario_add_remove_cached, scenario_random_get, scenario_seq_get;

const scenario *const catalog_scenarios[] = {
    &scenario_create,     &scenario_create_bulk, &scenario_destroy, &scenario_simple_iter,
    &scenario_add_remove, &scenario_add_remove_cached, &scenario_random_get, &scenario_seq_get, NULL,
};

const char *catalog_strategy_name(void) { return esb_strategy_name(); }
