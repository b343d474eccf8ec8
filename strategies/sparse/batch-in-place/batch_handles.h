/* The set batch-in-place (every sparse variant but sparse-compact): the packed handles are the contract's own, so
 * a batch points at them and holds any number of entities; sparse.h says what a batch set defines. */
#ifndef SPARSE_BATCH_HANDLES_H
#define SPARSE_BATCH_HANDLES_H

#include "sparse.h"

#define SP_BATCH_MAX UINT32_MAX

/* Nothing to widen: the query keeps no array of handles. */
static inline bool sp_handles_alloc(esb_query *q) {
    (void)q;
    return true;
}
static inline void sp_handles_free(esb_query *q) { (void)q; }

/* A batch's entity handles: count of them from position start of the driving pool, or those at the positions
 * rows gives, where the pool holds them. */
static void sp_batch_entities(esb_batch *b, const esb_query *q, const esb_sparse_set *drive, uint32_t start,
                              uint32_t count, const uint32_t *rows) {
    (void)q, (void)count;
    b->entities = rows ? drive->dense : drive->dense + start;
    b->entity_rows = rows;
}

#endif
