/* The bookkeeping every strategy keeps for queries and iterators, whatever its design: the world's list of
 * live queries (so destroying the world frees them), the number of live iterators (non-zero locks out
 * structural operations) and each query's one live iterator.
 *
 * A strategy embeds an esb_query_registry in its world and an esb_query_node as the FIRST member of its
 * struct esb_query, so a node converts back to its query with a cast. */
#ifndef ESB_QUERY_REGISTRY_H
#define ESB_QUERY_REGISTRY_H

#include "check.h"
#include "contract.h"

typedef struct esb_query_node {
    struct esb_query_node *prev, *next;
    esb_iter *live_iter; /* the iterator holding this query, or NULL */
} esb_query_node;

/* Invariants (esb_qr_check_invariants):
 *  R1 The list is doubly linked (head->prev NULL, n->next->prev == n) and ends.
 *  R2 live_iterators is the number of nodes holding a live iterator, and each such iterator names the query
 *     of its node (whose first member the node is). */
typedef struct esb_query_registry {
    esb_query_node *head;
    uint32_t live_iterators;
} esb_query_registry;

static inline bool esb_qr_locked(const esb_query_registry *r) { return r->live_iterators != 0; }

void esb_qr_link(esb_query_registry *r, esb_query_node *n);
void esb_qr_unlink(esb_query_registry *r, esb_query_node *n);

/* esb_iter_begin's checks and locking for query (whose node is n). ESB_ERR_LOCKED when `it` is itself live on
 * a query of this registry (then left untouched) or n already has a live iterator (then `it` is ended).
 * On success `it` is zeroed, holds the query and the registry is locked. */
esb_status esb_qr_begin(esb_query_registry *r, esb_query_node *n, esb_query *query, esb_iter *it);

/* esb_iter_end's bookkeeping (idempotent); n is the node of it->query. Ends `it` in every case; unlocks only
 * if `it` is the iterator holding the query (not a copy of it). */
void esb_qr_end(esb_query_registry *r, esb_query_node *n, esb_iter *it);

#ifdef ESB_CHECKED
/* Asserts R1-R2. O(queries). */
void esb_qr_check_invariants(const esb_query_registry *r);
#endif

#endif
