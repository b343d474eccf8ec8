/* The value set pools/: its inline operations (values.h declares and describes them). */
#ifndef BITMASK_VALUES_INLINE_H
#define BITMASK_VALUES_INLINE_H

#include <string.h>

#include "validate.h"
#include "bitmask.h"

/* Entity idx's position in pool p (which holds it: its mask says so). */
static inline uint32_t bm_position(const esb_sparse_set *p, uint32_t idx) {
    return esb_word_low(esb_sparse_slot(p, idx));
}

/* Whether pool p holds the entities of indices first .. first + count - 1 side by side from position at: its
 * packed handles are the entity table's slots of those indices (both the contract's handles, batch.h's
 * assertion), compared by the C library, vectorised. */
static inline bool bm_pool_in_step(const esb_world *w, const esb_sparse_set *p, uint32_t at, uint32_t first,
                                   uint32_t count) {
    return p->count - at >= count &&
           !memcmp(p->dense + at, w->core.entities.slots + first, (size_t)count * sizeof *p->dense);
}

/* Field k's positions for the count entities whose indices rows gives (first + i where rows is NULL), into the
 * query's array for field k. */
static inline const uint32_t *bm_field_positions(const esb_query *q, uint32_t k, const uint32_t *rows, uint32_t first,
                                                 uint32_t count) {
    const esb_sparse_set *p = &q->world->components[q->fields[k]].values.pool;
    uint32_t *out = q->field_rows + (size_t)k * ESB_BATCH_ROWS;
    for (uint32_t i = 0; i < count; ++i) out[i] = bm_position(p, rows ? rows[i] : first + i);
    return out;
}

static inline esb_status bm_values_add(esb_world *w, esb_component c, esb_entity e, const void *value) {
    bm_component *comp = &w->components[c];
    if (!comp->size) return ESB_OK; /* a tag: its mask bit alone */
    esb_sparse_set *p = &comp->values.pool;
    esb_status s;
    if ((s = esb_sparse_reserve(p, 1)) != ESB_OK || (s = esb_sparse_reserve_index(p, esb_entity_index(e))) != ESB_OK)
        return s;
    esb_sparse_emplace(p, e, value);
    return ESB_OK;
}

static inline esb_status bm_values_reserve(esb_world *w, esb_component c, esb_entity e) {
    esb_sparse_set *p = &w->components[c].values.pool;
    if (!p->size) return ESB_OK; /* a tag: its mask bit alone */
    esb_status s = esb_sparse_reserve(p, 1);
    return s == ESB_OK ? esb_sparse_reserve_index(p, esb_entity_index(e)) : s;
}

static inline void bm_values_write(esb_world *w, esb_component c, esb_entity e, const void *value) {
    esb_sparse_set *p = &w->components[c].values.pool;
    if (p->size) esb_sparse_emplace(p, e, value);
}

/* A value's slot in its pool holding the handle's version proves the entity alive and holding the component (a
 * pool holds the alive entities whose mask has it, B3), as in the sparse design; a tag (whose pool stays empty),
 * or a miss, asks the entity table and the mask. */
static inline esb_status bm_values_get(esb_world *w, esb_entity e, esb_component c, void **out) {
    esb_status s = esb_check_get_args(w, out);
    if (s != ESB_OK) return s;
    if (c < w->core.component_count && esb_sparse_get(&w->components[c].values.pool, e, out)) return ESB_OK;
    s = esb_et_check(&w->core.entities, e, c, w->core.component_count);
    if (s != ESB_OK) return s;
    return bm_has(w, esb_entity_index(e), c) ? ESB_OK : ESB_ERR_ABSENT; /* a tag has no value to hand out */
}

static inline void bm_values_remove(esb_world *w, esb_component c, esb_entity e) {
    esb_sparse_set *p = &w->components[c].values.pool;
    uint32_t pos;
    if (p->size && esb_sparse_find(p, e, &pos)) esb_sparse_erase(p, pos);
}

/* The pools of the values the mask word names. */
static inline void bm_values_destroy_word(esb_world *w, esb_entity e, uint32_t k, uint64_t mask_word) {
    for (uint64_t m = mask_word; m; m &= m - 1) bm_values_remove(w, k * 64 + (uint32_t)__builtin_ctzll(m), e);
}

static inline void bm_values_field_indexed(esb_iter *it, const esb_query *q, uint32_t k, const uint32_t *rows,
                                           uint32_t count) {
    it->batch.base[k] = q->world->components[q->fields[k]].values.pool.data;
    it->batch.rows[k] = bm_field_positions(q, k, rows, 0, count);
}

/* A slice of the pool where it holds those entities in that order side by side (one lookup, then
 * bm_pool_in_step), else through positions looked up. */
static inline void bm_values_field_contiguous(esb_iter *it, const esb_query *q, uint32_t k, uint32_t first,
                                              uint32_t count) {
    const esb_sparse_set *p = &q->world->components[q->fields[k]].values.pool;
    ESB_ASSERT(count <= ESB_BATCH_ROWS);
    uint32_t at = bm_position(p, first);
    if (bm_pool_in_step(q->world, p, at, first, count)) {
        it->batch.base[k] = esb_sparse_value(p, at);
        it->batch.rows[k] = NULL;
    } else {
        it->batch.base[k] = p->data;
        it->batch.rows[k] = bm_field_positions(q, k, NULL, first, count);
    }
}

/* Up to what the position arrays hold. */
static inline bool bm_values_contiguous_room(uint32_t count, uint32_t len) { return count <= ESB_BATCH_ROWS - len; }

#endif
