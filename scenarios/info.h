/* The scenarios' descriptors (scenario_info_ID, one per line of catalogue.h, defined in info.c), for the
 * implementations to point at: the contract scenarios here and the raw baselines in scenarios/raw/. */
#ifndef SCENARIOS_INFO_H
#define SCENARIOS_INFO_H

#include "scenario.h"

#define SCENARIO(id, family, unit, sizes, memory, shown, description) extern const scenario_info scenario_info_##id;
#include "catalogue.h"
#undef SCENARIO

/* Defines scenario_ID, the implementation against the contract of catalogue.h's scenario ID; the arguments after
 * the id are designated initialisers of its hooks and params (scenarios/scenario.h). The id names both the
 * implementation and the descriptor it points at, so the two cannot drift apart. Scenarios that differ only in
 * what their world holds (changed_R, game_frame_R, ...) share one setup, each descriptor giving its own params:
 *   DEFINE_SCENARIO(game_frame_10, .params = &(const frame_params){.rate = 10}, .setup = frame_setup, ...) */
#define DEFINE_SCENARIO(id, ...) const scenario scenario_##id = {.info = &scenario_info_##id, __VA_ARGS__}

/* Defines raw_NAME, a baseline of the scenario ID on plain arrays, reported under label ("raw-soa"), pointing at
 * the same descriptor; then its hooks, as DEFINE_SCENARIO's. */
#define DEFINE_RAW_BASELINE(name, id, label_, ...) \
    const scenario raw_##name = {.info = &scenario_info_##id, .label = label_, __VA_ARGS__}

#endif
