#include "query_head.h"

#include <string.h>

#include "validate.h"

void esb_query_head_init(esb_query_head *h, esb_query_registry *r, const esb_query_desc *desc) {
    h->registry = r;
    if (desc->field_count) memcpy(h->fields, desc->fields, desc->field_count * sizeof *desc->fields);
    h->field_count = desc->field_count;
    esb_query_masks(desc, &h->include, &h->exclude);
    h->matches_nothing = !esb_bitset_disjoint(&h->include, &h->exclude);
    h->cached = desc->cached;
    esb_qr_link(r, &h->node);
}

esb_status esb_query_head_begin(esb_query_head *h, esb_iter *it) {
    if (!it) return ESB_ERR_INVALID;
    if (!h) {
        it->query = NULL;
        return ESB_ERR_INVALID;
    }
    return esb_qr_begin(h->registry, &h->node, (esb_query *)h, it);
}

void esb_query_head_end(esb_iter *it) {
    if (!it || !it->query) return;
    esb_query_head *h = (esb_query_head *)it->query;
    esb_qr_end(h->registry, &h->node, it);
}
