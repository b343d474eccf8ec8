#include "query_registry.h"

#include <string.h>

void esb_qr_link(esb_query_registry *r, esb_query_node *n) {
    n->prev = NULL;
    n->next = r->head;
    if (r->head) r->head->prev = n;
    r->head = n;
}

void esb_qr_unlink(esb_query_registry *r, esb_query_node *n) {
    if (n->prev) n->prev->next = n->next;
    else r->head = n->next;
    if (n->next) n->next->prev = n->prev;
    n->prev = n->next = NULL;
}

esb_status esb_qr_begin(esb_query_registry *r, esb_query_node *n, esb_query *query, esb_iter *it) {
    /* The list is short and this runs once per iteration, not per entity. */
    for (const esb_query_node *other = r->head; other; other = other->next)
        if (other->live_iter == it) return ESB_ERR_LOCKED;
    if (n->live_iter) {
        it->query = NULL;
        return ESB_ERR_LOCKED;
    }
    memset(it, 0, sizeof *it);
    it->query = query;
    n->live_iter = it;
    r->live_iterators++;
    return ESB_OK;
}

void esb_qr_end(esb_query_registry *r, esb_query_node *n, esb_iter *it) {
    it->query = NULL;
    if (n->live_iter != it) return;
    n->live_iter = NULL;
    r->live_iterators--;
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
        if (n->live_iter) {
            holding++;
            ESB_ASSERT_MSG(n->live_iter->query == (const esb_query *)n, "a query held by an iterator of another query");
        }
        if (++steps % 2 == 0) behind = behind->next;
        ESB_ASSERT_MSG(n->next != behind || !n->next, "a query list that loops");
    }
    ESB_ASSERT_MSG(holding == r->live_iterators, "live_iterators differs from the iterators holding queries");
}
#endif
