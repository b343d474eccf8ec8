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
