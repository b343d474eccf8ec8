/* The table of a design unit (unit.h): the only symbol its object exports. */
#include "unit.h"

#include "index_space.h"

static bool holds(size_t n) { return index_space_holds(n); }

/* gcc's whole-program partial link keeps exactly the symbols marked externally visible (Makefile: units). */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((externally_visible))
#endif
const design_unit esb_design_unit = {
    .strategy_name = catalog_strategy_name,
    .scenarios = catalog_scenarios,
    .holds = holds,
    .run = run_scenario,
    .open = cell_open,
    .warm = cell_warm,
    .sample = cell_sample,
    .close = cell_close,
    .frames = cell_frames,
    .clock_floor = clock_floor,
};
