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
    uint32_t field_count;                /* the query's fields: what esb_qr_begin clears of a batch */
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

/* Links n, the node of a query of field_count fields, into r. */
void esb_qr_link(esb_query_registry *r, esb_query_node *n, uint32_t field_count);
void esb_qr_unlink(esb_query_registry *r, esb_query_node *n);

/* The mark a live iterator at this address over this query carries. The constant keeps the common leftovers
 * (zeros, a copy of the address or of the query pointer alone) from ever equalling it. */
static inline uint64_t esb_qr_live_mark(const esb_iter *it, const struct esb_query *query) {
    return (uint64_t)(uintptr_t)it ^ (uint64_t)(uintptr_t)query ^ 0x9e3779b97f4a7c15ull;
}

/* True iff `it` is the live iterator of some query (of any world). `it` may hold any bytes.
 * An iterator that was never begun may hold no value at all (an uninitialised local), which the contract
 * allows. Its bytes are read as whatever memory holds: the empty asm tells GCC and Clang that the memory
 * behind `it` may have been written, so inlining into a caller's uninitialised local is not reported as a
 * use of an uninitialised variable. */
static inline bool esb_qr_iter_live(const esb_iter *it) {
#if defined(__GNUC__)
    __asm__ volatile("" : : "r"(it) : "memory");
#endif
    if (it->live_mark != esb_qr_live_mark(it, it->query) || !it->query) return false;
    return ((const esb_query_node *)it->query)->live_iter == it;
}

static inline void esb_qr_mark_ended(esb_iter *it) {
    it->query = NULL;
    it->live_mark = 0;
}

/* esb_iter_begin's checks and locking, for the query whose node is n (NULL for a NULL query), in the
 * contract's order: INVALID (it or n NULL), LOCKED (`it` live elsewhere, or n already has a live iterator).
 * A live `it` is left untouched whatever the error; after any other failure `it` is ended. On success `it`
 * holds the query and is marked live, its state is zero, its batch is empty with the query's field count and
 * zero strides (its bases and index arrays are left as they were: a design writes them for each of its fields
 * into every batch), and the query's world is locked. */
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
 * iterator holding its query (not a copy, not an ended one). NULL is ignored. Inline: every pass ends here. */
static inline void esb_qr_end(esb_iter *it) {
    if (!it) return;
    if (esb_qr_iter_live(it)) {
        esb_query_node *n = (esb_query_node *)it->query;
        n->live_iter = NULL;
        n->registry->live_iterators--;
    }
    esb_qr_mark_ended(it);
}

/* esb_query_destroy for every design: NULL is nothing to do, LOCKED while q's world is iterated (registry: that
 * world's, NULL with q), else free_query(q), which unlinks and frees it. */
static inline esb_status esb_qr_destroy_query(esb_query *q, const esb_query_registry *registry,
                                              void (*free_query)(esb_query *q)) {
    if (!q) return ESB_OK;
    if (esb_qr_locked(registry)) return ESB_ERR_LOCKED;
    free_query(q);
    return ESB_OK;
}

#ifdef ESB_CHECKED
/* Asserts R1-R2. O(queries). */
void esb_qr_check_invariants(const esb_query_registry *r);
#endif

#endif
