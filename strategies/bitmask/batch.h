/* The two batch layouts this design hands out. */
#ifndef BITMASK_BATCH_H
#define BITMASK_BATCH_H

#include "values.h"

/* An iterator's state: the scan's next block of 64 entity indices (scan.c), or the next block of ESB_BATCH_ROWS
 * positions in a cached filter's list (query.c). */
typedef struct bm_iter_state {
    uint64_t next;
} bm_iter_state;
ESB_ITER_STATE_FITS(bm_iter_state);

/* The entity table's slots are the contract's handles in this design's builds (no ESB_COMPACT_ENTITIES): a batch
 * hands the slots out as its entities. */
_Static_assert(sizeof(esb_entity_word) == sizeof(esb_entity), "bitmask needs the contract's handles as entity words");

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

/* Through an index list: rows[i] is the entity index of element i, for the entities and every field (each field
 * as its value set hands it out, values.h). */
static inline void bm_batch_indexed(esb_iter *it, const esb_query *q, const uint32_t *rows, uint32_t count) {
    const esb_world *w = q->world;
    for (uint32_t k = 0; k < q->field_count; ++k) bm_values_field_indexed(it, q, k, rows, count);
    it->batch.entities = w->core.entities.slots;
    it->batch.entity_rows = rows;
    it->batch.count = count;
    bm_mark_written(q, rows, 0, count);
}

/* Over consecutive entity indices first .. first + count - 1: the entities are a slice of the slots, and each
 * field whatever its value set makes of a run (values.h). */
static inline void bm_batch_contiguous(esb_iter *it, const esb_query *q, uint32_t first, uint32_t count) {
    const esb_world *w = q->world;
    for (uint32_t k = 0; k < q->field_count; ++k) bm_values_field_contiguous(it, q, k, first, count);
    it->batch.entities = w->core.entities.slots + first;
    it->batch.entity_rows = NULL;
    it->batch.count = count;
    bm_mark_written(q, NULL, first, count);
}

/* The scan's next batch (scan.c); false when the scan is done. */
bool bm_next_scan_batch(esb_iter *it, esb_query *q);

#endif
