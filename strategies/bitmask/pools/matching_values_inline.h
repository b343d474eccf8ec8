/* The value set pools/: what the query-wide calls need of it (matching_values.h declares and describes these).
 * The pool's room for every entity that gains c, and the sparse page of each one's index, are made before any
 * is appended; a removal erases each element as esb_remove does. */
#ifndef BITMASK_MATCHING_VALUES_INLINE_H
#define BITMASK_MATCHING_VALUES_INLINE_H

#include <string.h>

#include "values.h"

static inline bool bm_matching_walk_first(const esb_world *w, esb_component c) {
    return w->components[c].values.pool.size != 0; /* a tag has no pool to fill */
}

_Static_assert(ESB_SPARSE_PAGE >= 64, "a step's run of at most 64 indices spans at most two pages");

/* A run's pages are those of its ends. */
static inline esb_status bm_matching_reserve_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first,
                                                  uint32_t n) {
    esb_sparse_set *p = &w->components[c].values.pool;
    esb_status s = rows ? ESB_OK : esb_sparse_reserve_index(p, first); /* a step holds one entity at least */
    if (!rows) return s == ESB_OK ? esb_sparse_reserve_index(p, first + n - 1) : s;
    for (uint32_t i = 0; s == ESB_OK && i < n; ++i) s = esb_sparse_reserve_index(p, rows[i]);
    return s;
}

static inline esb_status bm_matching_reserve_count(esb_world *w, esb_component c, size_t count) {
    esb_sparse_set *p = &w->components[c].values.pool;
    return p->size ? esb_sparse_reserve(p, (uint32_t)count) : ESB_OK;
}

/* A run's entities are appended side by side, their values written as one stretch of the pool. */
static inline void bm_matching_add_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first, uint32_t n,
                                        const void *value) {
    esb_sparse_set *p = &w->components[c].values.pool;
    if (!p->size) return;
    const esb_entity_word *slots = w->core.entities.slots;
    if (rows) {
        for (uint32_t i = 0; i < n; ++i) esb_sparse_emplace(p, esb_entity_of(slots[rows[i]]), value);
        return;
    }
    uint32_t at = p->count;
    for (uint32_t i = 0; i < n; ++i) esb_sparse_append(p, esb_entity_of(slots[first + i]));
    unsigned char *run = esb_sparse_value(p, at);
    if (!value)
        memset(run, 0, (size_t)n * p->size);
    else
        for (uint32_t i = 0; i < n; ++i) esb_copy_element(run + (size_t)i * p->size, value, p->size);
}

static inline void bm_matching_remove_rows(esb_world *w, esb_component c, const uint32_t *rows, uint32_t first,
                                           uint32_t n) {
    const esb_entity_word *slots = w->core.entities.slots;
    for (uint32_t i = 0; i < n; ++i) bm_values_remove(w, c, esb_entity_of(slots[rows ? rows[i] : first + i]));
}

/* Every holder losing c empties the pool, as EnTT's storage.clear() does: one pass over its handles instead of a
 * swap with the last element per entity. */
static inline bool bm_matching_remove_all(esb_world *w, esb_component c, size_t count) {
    esb_sparse_set *p = &w->components[c].values.pool;
    if (!p->size || count != p->count) return false;
    esb_sparse_clear(p);
    return true;
}

#endif
