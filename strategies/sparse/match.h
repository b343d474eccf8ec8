/* Finding a query's matches among a chunk of the driving pool, two ways: as a view (entity by entity, every
 * pool per entity) or by pool-by-pool filtering (pool by pool, every entity per pool). Both write the
 * matches' driving positions to drive_rows and each non-driving field's positions to its index array
 * (field_rows + k * SP_VIEW_CHUNK), and return the match count. The build picks one (ESB_SPARSE_FILTER). */
#ifndef SPARSE_MATCH_H
#define SPARSE_MATCH_H

#include "sparse.h"

/* One pool a chunk looks entities up in, copied to the stack so the loops keep it in registers (stores
 * to the uint32_t index arrays could otherwise alias the pool's fields and force reloads). */
typedef struct sp_pool_view {
    uint64_t *const *pages;
    uint32_t page_count;
    uint32_t *rows; /* where the positions go (a field), or NULL (a with term) */
} sp_pool_view;

/* Whether the entity (idx, version) is in the viewed pool; *pos receives its packed position. (esb_sparse_find
 * through the copy; a missing page returns before any store.) */
static inline bool sp_view_find(const sp_pool_view *l, uint32_t idx, uint32_t version, uint32_t *pos) {
    uint32_t page = idx >> ESB_SPARSE_PAGE_BITS;
    if (page >= l->page_count || !l->pages[page]) return false;
    uint64_t slot = l->pages[page][idx & (ESB_SPARSE_PAGE - 1)];
    *pos = (uint32_t)slot;
    return slot != ESB_SPARSE_EMPTY && (uint32_t)(slot >> 32) == version;
}

uint32_t sp_view_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                       uint32_t *field_rows);
uint32_t sp_filter_chunk(const esb_query *q, esb_component driver, uint32_t start, uint32_t end, uint32_t *drive_rows,
                         uint32_t *field_rows);

#endif
