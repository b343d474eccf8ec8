/* The two batch layouts this design hands out. */
#ifndef BITMASK_BATCH_H
#define BITMASK_BATCH_H

#include "bitmask.h"

/* An iterator's state: the scan's next block of 64 entity indices (scan.c), or the next block of ESB_BATCH_ROWS
 * positions in a cached filter's list (query.c). */
typedef struct bm_iter_state {
    uint64_t next;
} bm_iter_state;
ESB_ITER_STATE_FITS(bm_iter_state);

/* Through an index list: rows[i] is the entity index of element i, for every field and the entities. */
static inline void bm_batch_indexed(esb_iter *it, const esb_query *q, const uint32_t *rows, uint32_t count) {
    const esb_world *w = q->world;
    for (uint32_t k = 0; k < q->field_count; ++k) {
        it->batch.base[k] = w->components[q->fields[k]].data;
        it->batch.rows[k] = rows;
    }
    it->batch.entities = w->entities.slots;
    it->batch.entity_rows = rows;
    it->batch.count = count;
}

/* Over consecutive entity indices first .. first + count - 1: every field is a plain array slice. */
static inline void bm_batch_contiguous(esb_iter *it, const esb_query *q, uint32_t first, uint32_t count) {
    const esb_world *w = q->world;
    for (uint32_t k = 0; k < q->field_count; ++k) {
        const bm_component *comp = &w->components[q->fields[k]];
        it->batch.base[k] = comp->data + (size_t)first * comp->size;
        it->batch.rows[k] = NULL;
    }
    it->batch.entities = w->entities.slots + first;
    it->batch.entity_rows = NULL;
    it->batch.count = count;
}

/* The scan's next batch (scan.c); false when the scan is done. */
bool bm_next_scan_batch(esb_iter *it, esb_query *q);

#endif
