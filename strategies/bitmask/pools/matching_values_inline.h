/* The value set pools/: what the query-wide calls need of it (matching_values.h declares and describes these).
 * The pool's room for every entity that gains c, and the sparse page of each one's index, are made before any
 * is appended; a removal erases each element as esb_remove does. */
#ifndef BITMASK_MATCHING_VALUES_INLINE_H
#define BITMASK_MATCHING_VALUES_INLINE_H

#include "values.h"

static inline bool bm_matching_walk_first(const esb_world *w, esb_component c) {
    return w->components[c].values.pool.size != 0; /* a tag has no pool to fill */
}

static inline esb_status bm_matching_reserve_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t n) {
    esb_sparse_set *p = &w->components[c].values.pool;
    esb_status s = ESB_OK;
    for (uint32_t i = 0; s == ESB_OK && i < n; ++i) s = esb_sparse_reserve_index(p, rows[i]);
    return s;
}

static inline esb_status bm_matching_reserve_count(esb_world *w, esb_component c, size_t count) {
    esb_sparse_set *p = &w->components[c].values.pool;
    return p->size ? esb_sparse_reserve(p, (uint32_t)count) : ESB_OK;
}

static inline void bm_matching_add_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t n,
                                        const void *value) {
    esb_sparse_set *p = &w->components[c].values.pool;
    if (!p->size) return;
    for (uint32_t i = 0; i < n; ++i) esb_sparse_emplace(p, w->core.entities.slots[rows[i]], value);
}

static inline void bm_matching_remove_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) bm_values_remove(w, c, w->core.entities.slots[rows[i]]);
}

#endif
