/* The set batch-widened (sparse-compact): the packed handles are 32-bit entity words (_common/entity-compact/),
 * so a batch's handles are widened into the query's array, which holds SP_BATCH_MAX of them; sparse.h says what
 * a batch set defines. */
#ifndef SPARSE_BATCH_HANDLES_H
#define SPARSE_BATCH_HANDLES_H

#include "sparse.h"

#define SP_BATCH_MAX ESB_BATCH_ROWS

static inline bool sp_handles_alloc(esb_query *q) {
    q->handles = esb_mem_alloc(SP_BATCH_MAX * sizeof *q->handles, 0);
    return q->handles != NULL;
}
static inline void sp_handles_free(esb_query *q) {
    esb_mem_free(q->handles, q->handles ? SP_BATCH_MAX * sizeof *q->handles : 0);
}

/* A batch's entity handles: count of them (at most SP_BATCH_MAX) from position start of the driving pool, or
 * those at the positions rows gives, widened into the query's array. */
static void sp_batch_entities(esb_batch *b, const esb_query *q, const esb_sparse_set *drive, uint32_t start,
                              uint32_t count, const uint32_t *rows) {
    ESB_ASSERT(count <= SP_BATCH_MAX);
    esb_entity *out = q->handles;
    if (rows)
        for (uint32_t i = 0; i < count; ++i) out[i] = esb_sparse_handle(drive, rows[i]);
    else { /* a loop of its own, which the compiler vectorises */
        const esb_entity_word *in = drive->dense + start;
        for (uint32_t i = 0; i < count; ++i) out[i] = esb_entity_of(in[i]);
    }
    b->entities = q->handles;
    b->entity_rows = NULL;
}

#endif
