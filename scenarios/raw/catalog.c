/* The raw baselines: the iteration scenarios, the game frames and the framed scenarios on plain arrays, built as
 * bench-raw. */
#include <stddef.h>

#include "scenario.h"

extern const scenario raw_simple_iter_soa, raw_simple_iter_aos, raw_iter_half, raw_iter_one, raw_packed_5,
    raw_whole_iter_soa, raw_whole_iter_aos, raw_padded_iter_soa, raw_padded_iter_aos, raw_frag_iter, raw_selectivity_1,
    raw_selectivity_10, raw_selectivity_50, raw_selectivity_100, raw_query_exclude, raw_game_frame_0, raw_game_frame_1,
    raw_game_frame_10, raw_game_frame_50, raw_grow, raw_new_sets;

/* In the order of the contract scenarios' catalogue (scenarios/catalog.c). */
const scenario *const catalog_scenarios[] = {
    &raw_simple_iter_soa, &raw_simple_iter_aos,
    &raw_iter_half,       &raw_iter_one,
    &raw_packed_5,        &raw_whole_iter_soa,
    &raw_whole_iter_aos,  &raw_padded_iter_soa,
    &raw_padded_iter_aos, &raw_frag_iter,
    &raw_selectivity_1,   &raw_selectivity_10,
    &raw_selectivity_50,  &raw_selectivity_100,
    &raw_query_exclude,   &raw_game_frame_0,
    &raw_game_frame_1,    &raw_game_frame_10,
    &raw_game_frame_50,   &raw_grow,
    &raw_new_sets,        NULL,
};

const char *catalog_strategy_name(void) { return "raw"; }

/* Plain arrays keep no counters. */
size_t catalog_counters(const scenario *s, void *ctx, const char **names, uint64_t *values, size_t cap) {
    (void)s, (void)ctx, (void)names, (void)values, (void)cap;
    return 0;
}
