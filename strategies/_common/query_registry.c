#include "query_registry.h"

#include <string.h>

void esb_qr_link(esb_query_registry *r, esb_query_node *n) {
    n->prev = NULL;
    n->next = r->head;
    n->registry = r;
    if (r->head) r->head->prev = n;
    r->head = n;
}

void esb_qr_unlink(esb_query_registry *r, esb_query_node *n) {
    if (n->prev)
        n->prev->next = n->next;
    else
        r->head = n->next;
    if (n->next) n->next->prev = n->prev;
    n->prev = n->next = NULL;
}

/* The mark a live iterator at this address over this query carries. The constant keeps the common leftovers
 * (zeros, a copy of the address or of the query pointer alone) from ever equalling it. */
static uint64_t live_mark(const esb_iter *it, const struct esb_query *query) {
    return (uint64_t)(uintptr_t)it ^ (uint64_t)(uintptr_t)query ^ 0x9e3779b97f4a7c15ull;
}

/* An iterator that was never begun may hold no value at all (an uninitialised local), which the contract
 * allows. Its bytes are read as whatever memory holds: the empty asm tells GCC and Clang that the memory
 * behind `it` may have been written, so inlining into a caller's uninitialised local is not reported as a
 * use of an uninitialised variable. */
bool esb_qr_iter_live(const esb_iter *it) {
#if defined(__GNUC__)
    __asm__ volatile("" : : "r"(it) : "memory");
#endif
    if (it->live_mark != live_mark(it, it->query) || !it->query) return false;
    return ((const esb_query_node *)it->query)->live_iter == it;
}

static void mark_ended(esb_iter *it) {
    it->query = NULL;
    it->live_mark = 0;
}

esb_status esb_qr_begin(esb_query_node *n, esb_iter *it) {
    if (!it) return ESB_ERR_INVALID;
    esb_status refused = !n ? ESB_ERR_INVALID : ESB_ERR_LOCKED;
    if (esb_qr_iter_live(it)) return refused; /* it stays live on its own query, in whichever world */
    if (!n || n->live_iter) {
        mark_ended(it);
        return refused;
    }
    memset(it, 0, sizeof *it);
    it->query = (struct esb_query *)n;
    it->live_mark = live_mark(it, it->query);
    n->live_iter = it;
    n->registry->live_iterators++;
    return ESB_OK;
}

void esb_qr_end(esb_iter *it) {
    if (!it) return;
    if (esb_qr_iter_live(it)) {
        esb_query_node *n = (esb_query_node *)it->query;
        n->live_iter = NULL;
        n->registry->live_iterators--;
    }
    mark_ended(it);
}

#ifdef ESB_CHECKED
void esb_qr_check_invariants(const esb_query_registry *r) {
    ESB_ASSERT_MSG(!r->head || !r->head->prev, "the first query has a predecessor");
    uint32_t holding = 0;
    /* `behind` walks at half speed: meeting it again means the list loops. */
    const esb_query_node *behind = r->head;
    uint64_t steps = 0;
    for (const esb_query_node *n = r->head; n; n = n->next) {
        ESB_ASSERT_MSG(!n->next || n->next->prev == n, "a query list whose links disagree");
        ESB_ASSERT_MSG(n->registry == r, "a query of another registry in the list");
        if (n->live_iter) {
            holding++;
            ESB_ASSERT_MSG(n->live_iter->query == (const esb_query *)n, "a query held by an iterator of another query");
            ESB_ASSERT_MSG(esb_qr_iter_live(n->live_iter), "a query held by an iterator without its live mark");
        }
        if (++steps % 2 == 0) behind = behind->next;
        ESB_ASSERT_MSG(n->next != behind || !n->next, "a query list that loops");
    }
    ESB_ASSERT_MSG(holding == r->live_iterators, "live_iterators differs from the iterators holding queries");
}
#endif
