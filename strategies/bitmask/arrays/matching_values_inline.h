/* The value set arrays/: what the query-wide calls need of it (matching_values.h declares and describes these).
 * The array is made once, for the first entity that gains c; a run's slots are written as one stretch of the
 * array; a removed value stays behind as a hole. */
#ifndef BITMASK_MATCHING_VALUES_INLINE_H
#define BITMASK_MATCHING_VALUES_INLINE_H

#include <string.h>

#include "values.h"

static inline bool bm_matching_walk_first(const esb_world *w, esb_component c) {
    const bm_component *comp = &w->components[c];
    return comp->size && !comp->values.data;
}

static inline esb_status bm_matching_reserve_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first,
                                                  uint32_t n) {
    return (void)w, (void)c, (void)rows, (void)first, (void)n, ESB_OK;
}

static inline esb_status bm_matching_reserve_count(esb_world *w, esb_component c, size_t count) {
    return count && bm_matching_walk_first(w, c) ? bm_values_make_array(w, c) : ESB_OK;
}

static inline void bm_matching_add_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first, uint32_t n,
                                        const void *value) {
    const bm_component *comp = &w->components[c];
    uint32_t size = comp->size;
    if (!size) return;
    if (rows) {
        for (uint32_t i = 0; i < n; ++i) esb_write_value(bm_value_at(comp, rows[i]), value, size);
    } else if (!value) {
        memset(bm_value_at(comp, first), 0, (size_t)n * size);
    } else {
        unsigned char *run = bm_value_at(comp, first);
        for (uint32_t i = 0; i < n; ++i) esb_copy_element(run + (size_t)i * size, value, size);
    }
}

static inline void bm_matching_remove_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first,
                                           uint32_t n) {
    (void)w, (void)c, (void)rows, (void)first, (void)n;
}

static inline bool bm_matching_remove_all(esb_world *w, esb_component c, size_t count) {
    return (void)w, (void)c, (void)count, false; /* nothing to forget: the steps' removals are no-ops */
}

#endif
