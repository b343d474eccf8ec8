/* The two batch layouts this design hands out. */
#ifndef BITMASK_BATCH_H
#define BITMASK_BATCH_H

#include <string.h>

#include "bitmask.h"

/* An iterator's state: the scan's next block of 64 entity indices (scan.c), or the next block of ESB_BATCH_ROWS
 * positions in a cached filter's list (query.c). */
typedef struct bm_iter_state {
    uint64_t next;
} bm_iter_state;
ESB_ITER_STATE_FITS(bm_iter_state);

/* The entity table's slots (and bitmask-pools' packed handles) are the contract's handles in this design's
 * builds (no ESB_COMPACT_ENTITIES): a batch hands the slots out as its entities, and bm_pool_in_step compares
 * the two. */
_Static_assert(sizeof(esb_entity_word) == sizeof(esb_entity), "bitmask needs the contract's handles as entity words");

#ifdef ESB_BITMASK_POOLS
/* bitmask-pools: entity idx's position in pool p (which holds it: its mask says so). */
static inline uint32_t bm_position(const esb_sparse_set *p, uint32_t idx) {
    return esb_word_low(esb_sparse_slot(p, idx));
}

/* Whether pool p holds the entities of indices first .. first + count - 1 side by side from position at: its
 * packed handles are the entity table's handles of those indices (compared by the C library, vectorised). */
static inline bool bm_pool_in_step(const esb_world *w, const esb_sparse_set *p, uint32_t at, uint32_t first,
                                   uint32_t count) {
    return p->count - at >= count &&
           !memcmp(p->dense + at, w->core.entities.slots + first, (size_t)count * sizeof *p->dense);
}

/* Field k's positions for the count entities whose indices rows gives, into the query's array for field k. */
static inline const uint32_t *bm_field_positions(const esb_query *q, uint32_t k, const uint32_t *rows, uint32_t first,
                                                 uint32_t count) {
    const esb_sparse_set *p = &q->world->components[q->fields[k]].pool;
    uint32_t *out = q->field_rows + (size_t)k * ESB_BATCH_ROWS;
    for (uint32_t i = 0; i < count; ++i) out[i] = bm_position(p, rows ? rows[i] : first + i);
    return out;
}
#endif

/* Handing a field out with write access changes it for every entity of the batch (contract.h), as a specs join
 * over a flagged storage's &mut marks every entity it visits: rows[i], or first + i where rows is NULL. */
static inline void bm_mark_written(const esb_query *q, const uint32_t *rows, uint32_t first, uint32_t count) {
    const esb_change_sets *cs = &q->world->changes;
    for (uint32_t k = 0; k < q->field_count; ++k) {
        esb_component c = q->fields[k];
        if (q->access[k] != ESB_WRITE || !cs->watching[c]) continue;
        esb_change_mark_rows(cs, c, rows, first, count, false);
    }
}

/* Through an index list: rows[i] is the entity index of element i, for every field and the entities (in
 * bitmask-pools each field's pool positions, looked up for the batch). */
static inline void bm_batch_indexed(esb_iter *it, const esb_query *q, const uint32_t *rows, uint32_t count) {
    const esb_world *w = q->world;
    for (uint32_t k = 0; k < q->field_count; ++k) {
#ifdef ESB_BITMASK_POOLS
        it->batch.base[k] = w->components[q->fields[k]].pool.data;
        it->batch.rows[k] = bm_field_positions(q, k, rows, 0, count);
#else
        it->batch.base[k] = w->components[q->fields[k]].data;
        it->batch.rows[k] = rows;
#endif
    }
    it->batch.entities = w->core.entities.slots;
    it->batch.entity_rows = rows;
    it->batch.count = count;
    bm_mark_written(q, rows, 0, count);
}

/* Over consecutive entity indices first .. first + count - 1: every field is a plain array slice. In
 * bitmask-pools (count <= ESB_BATCH_ROWS), a field is a slice of its pool where the pool holds those entities
 * in that order side by side (one lookup, then bm_pool_in_step), else through positions looked up. */
static inline void bm_batch_contiguous(esb_iter *it, const esb_query *q, uint32_t first, uint32_t count) {
    const esb_world *w = q->world;
    for (uint32_t k = 0; k < q->field_count; ++k) {
#ifdef ESB_BITMASK_POOLS
        const esb_sparse_set *p = &w->components[q->fields[k]].pool;
        ESB_ASSERT(count <= ESB_BATCH_ROWS);
        uint32_t at = bm_position(p, first);
        if (bm_pool_in_step(w, p, at, first, count)) {
            it->batch.base[k] = esb_sparse_value(p, at);
            it->batch.rows[k] = NULL;
        } else {
            it->batch.base[k] = p->data;
            it->batch.rows[k] = bm_field_positions(q, k, NULL, first, count);
        }
#else
        const bm_component *comp = &w->components[q->fields[k]];
        it->batch.base[k] = comp->data + (size_t)first * comp->size;
        it->batch.rows[k] = NULL;
#endif
    }
    it->batch.entities = w->core.entities.slots + first;
    it->batch.entity_rows = NULL;
    it->batch.count = count;
    bm_mark_written(q, NULL, first, count);
}

/* Whether a contiguous batch of count entities has room for len more: in bitmask-pools up to what its position
 * arrays hold, else always (a slice has no limit). */
#ifdef ESB_BITMASK_POOLS
#define BM_CONTIGUOUS_ROOM(count, len) ((count) <= ESB_BATCH_ROWS - (len))
#else
#define BM_CONTIGUOUS_ROOM(count, len) true
#endif

/* The scan's next batch (scan.c); false when the scan is done. */
bool bm_next_scan_batch(esb_iter *it, esb_query *q);

#endif
