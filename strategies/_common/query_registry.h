/* The bookkeeping every strategy keeps for queries and iterators, whatever its design: the world's list of
 * live queries (so destroying the world frees them), the number of live iterators (non-zero locks out
 * structural operations) and each query's one live iterator.
 *
 * A strategy embeds an esb_query_registry in its world and an esb_query_node as the FIRST member of its
 * struct esb_query, so a node converts back to its query with a cast, and an iterator's query to its node.
 *
 * Liveness of an iterator. The contract lets a caller hand esb_iter_begin an iterator that was never begun
 * (any bytes), one that ended, or one that is live on a query of any world; the last must be refused and left
 * live, wherever it lives. A live iterator is recognised from itself, with no world at hand: its query's node
 * names it as the live iterator, and its live_mark is a value derived from its own address and its query,
 * which esb_qr_end clears. The mark is read before the query pointer is followed, so leftover bytes are never
 * dereferenced unless they equal the mark this very address would carry (only a live iterator's do: a copy
 * sits elsewhere, an ended one was cleared). */
#ifndef ESB_QUERY_REGISTRY_H
#define ESB_QUERY_REGISTRY_H

#include "check.h"
#include "contract.h"

struct esb_query_registry;

typedef struct esb_query_node {
    struct esb_query_node *prev, *next;
    struct esb_query_registry *registry; /* the world's (set by esb_qr_link) */
    esb_iter *live_iter;                 /* the iterator holding this query, or NULL */
} esb_query_node;

/* Invariants (esb_qr_check_invariants):
 *  R1 The list is doubly linked (head->prev NULL, n->next->prev == n), ends, and each node names this registry.
 *  R2 live_iterators is the number of nodes holding a live iterator, and each such iterator names the query
 *     of its node (whose first member the node is) and carries its live mark (esb_qr_iter_live). */
typedef struct esb_query_registry {
    esb_query_node *head;
    uint32_t live_iterators;
} esb_query_registry;

static inline bool esb_qr_locked(const esb_query_registry *r) { return r->live_iterators != 0; }

void esb_qr_link(esb_query_registry *r, esb_query_node *n);
void esb_qr_unlink(esb_query_registry *r, esb_query_node *n);

/* True iff `it` is the live iterator of some query (of any world). `it` may hold any bytes. */
bool esb_qr_iter_live(const esb_iter *it);

/* esb_iter_begin's checks and locking, for the query whose node is n (NULL for a NULL query), in the
 * contract's order: INVALID (it or n NULL), LOCKED (`it` live elsewhere, or n already has a live iterator).
 * A live `it` is left untouched whatever the error; after any other failure `it` is ended. On success `it` is
 * zeroed, holds the query and marked live, and the query's world is locked. */
esb_status esb_qr_begin(esb_query_node *n, esb_iter *it);

/* The most rows a batch holds where a design builds index arrays for it (a scan's matches, positions looked up
 * in sparse sets): enough that a batch's fixed cost (a call, each field's pointers) is spread over thousands of
 * elements, few enough that its index arrays (4 bytes a row) stay in L1 beside the data they index. The designs
 * that fill one array per field for every batch (sparse views, hybrid archetypes with sparse fields) take a
 * quarter of it, so that (fields + 1) arrays fit as well. */
#define ESB_BATCH_ROWS 4096u

/* A design's iterator state is a struct of its own whose fields are all uint64_t, laid over esb_iter.state (zero
 * when esb_iter_begin succeeds): ESB_ITER_STATE(type, it) is iterator it's, and ESB_ITER_STATE_FITS(type), written
 * once beside the type, asserts at compile time that it fits. */
#define ESB_ITER_STATE(type, it) ((type *)(void *)(it)->state)
#define ESB_ITER_STATE_FITS(type)                                                                            \
    _Static_assert(sizeof(type) <= sizeof(((esb_iter *)0)->state) && sizeof(type) % sizeof(uint64_t) == 0 && \
                       _Alignof(type) == _Alignof(uint64_t),                                                 \
                   #type " fits esb_iter.state")

/* esb_iter_end's bookkeeping, idempotent: ends `it` in every case; unlocks its world only if `it` is the
 * iterator holding its query (not a copy, not an ended one). NULL is ignored. */
void esb_qr_end(esb_iter *it);

#ifdef ESB_CHECKED
/* Asserts R1-R2. O(queries). */
void esb_qr_check_invariants(const esb_query_registry *r);
#endif

#endif
