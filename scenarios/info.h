/* The scenarios' descriptors (scenario_info_ID, one per line of catalogue.h, defined in info.c), for the
 * implementations to point at: the contract scenarios here and the raw baselines in scenarios/raw/. */
#ifndef SCENARIOS_INFO_H
#define SCENARIOS_INFO_H

#include "scenario.h"

#define SCENARIO(id, family, unit, sizes, memory, description) extern const scenario_info scenario_info_##id;
#include "catalogue.h"
#undef SCENARIO

#endif
