/* What a value set provides the query-wide calls (matching.c): each set's matching_values_inline.h defines the
 * functions below over its store (arrays/ or pools/, values.h), for the entities of one step of the call's walk
 * at a time: n of them, whose indices are rows[0 .. n), or first .. first + n - 1 where rows is NULL (a run). */
#ifndef BITMASK_MATCHING_VALUES_H
#define BITMASK_MATCHING_VALUES_H

#include "values.h"

/* Whether the add's reservation for c needs the entities that gain it walked first, their number and indices: the
 * reservation then takes bm_matching_reserve_rows for each step of the walk and bm_matching_reserve_count at its
 * end. */
static inline bool bm_matching_walk_first(const esb_world *w, esb_component c);

/* Room for the values of a step's entities, which gain c (NOMEM: some room may stay made, unobserved). */
static inline esb_status bm_matching_reserve_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first,
                                                  uint32_t n);

/* Room for the values of the `count` entities that gain c, once the walk counted them. */
static inline esb_status bm_matching_reserve_count(esb_world *w, esb_component c, size_t count);

/* The values of a step's entities, which lack c, before their masks change: value's bytes (zeros where NULL) for
 * each, in the room reserved. */
static inline void bm_matching_add_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first, uint32_t n,
                                        const void *value);

/* c's store forgets the values of a step's entities, whose masks still have c. */
static inline void bm_matching_remove_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first,
                                           uint32_t n);

/* Where the `count` entities about to lose c are every entity whose store holds a value of c, the store forgets
 * them all at once and says true; else false, and each step forgets its own (bm_matching_remove_rows). */
static inline bool bm_matching_remove_all(esb_world *w, esb_component c, size_t count);

/* The variant's value set's: arrays/matching_values_inline.h or pools/matching_values_inline.h. */
#include "matching_values_inline.h"

#endif
