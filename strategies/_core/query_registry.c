#include "query_registry.h"

#include <string.h>

void esb_qr_link(esb_query_registry *r, esb_query_node *n, uint32_t field_count) {
    ESB_ASSERT(field_count <= ESB_MAX_FIELDS);
    n->field_count = field_count;
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

esb_status esb_qr_begin(esb_query_node *n, esb_iter *it) {
    if (!it) return ESB_ERR_INVALID;
    esb_status refused = !n ? ESB_ERR_INVALID : ESB_ERR_LOCKED;
    if (esb_qr_iter_live(it)) return refused; /* it stays live on its own query, in whichever world */
    if (!n || n->live_iter) {
        esb_qr_mark_ended(it);
        return refused;
    }
    /* Not all of esb_iter is cleared (that would be most of a small pass's fixed cost): the state, and of the
     * batch its header and the strides, which the designs that never stride leave as they are; every design
     * writes each of its fields' base and rows into every batch it hands out, and the slots beyond the query's
     * fields are never read (contract.h). */
    it->batch.count = 0;
    it->batch.field_count = n->field_count;
    it->batch.entities = NULL;
    it->batch.entity_rows = NULL;
    memset(it->batch.stride, 0, sizeof it->batch.stride);
    memset(it->state, 0, sizeof it->state);
    it->query = (struct esb_query *)n;
    it->live_mark = esb_qr_live_mark(it, it->query);
    n->live_iter = it;
    n->registry->live_iterators++;
    return ESB_OK;
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
