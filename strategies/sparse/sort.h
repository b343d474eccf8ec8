/* Sorting, beyond the contract (EnTT offers it; a scenario may use it by building against this header).
 *
 * A comparator orders two entities; it may read them with esb_get/esb_has. Sorting is a structural operation:
 * it reorders packed arrays, so data pointers handed out before it are invalid after it. */
#ifndef SPARSE_SORT_H
#define SPARSE_SORT_H

#include "contract.h"

/* Negative, zero or positive as a sorts before, with or after b. */
typedef int (*esb_entity_order)(esb_world *world, esb_entity a, esb_entity b, void *ctx);

/* Sorts component c's pool so iterating it (a query over c alone) visits entities in `order`. Errors: INVALID
 * (NULL world or order, or c's pool is owned by a group: sort the group instead, which keeps its pools aligned),
 * LOCKED, UNKNOWN_COMPONENT, NOMEM. O(n log n) comparisons in the pool's size. */
esb_status esb_sparse_sort_pool(esb_world *world, esb_component c, esb_entity_order order, void *ctx);

/* Sorts a group's members (a query made with the cached hint in sparse-groups): every owned pool's front
 * [0, len) together, or a non-owned group's member set. Errors: INVALID (NULL, or the query has no group),
 * LOCKED, NOMEM. */
esb_status esb_sparse_sort_group(esb_query *query, esb_entity_order order, void *ctx);

#endif
