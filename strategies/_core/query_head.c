#include "query_head.h"

#include <string.h>

#include "validate.h"

void esb_query_head_init(esb_query_head *h, esb_query_registry *r, const esb_query_desc *desc) {
    h->registry = r;
    if (desc->field_count) memcpy(h->fields, desc->fields, desc->field_count * sizeof *desc->fields);
    h->field_count = desc->field_count;
    for (uint32_t k = 0; k < desc->field_count; ++k) h->access[k] = desc->access ? desc->access[k] : ESB_WRITE;
    h->change = desc->change;
    h->change_component = desc->change == ESB_CHANGE_NONE ? 0 : desc->change_component;
    esb_query_masks(desc, &h->include, &h->exclude);
    h->matches_nothing = !esb_bitset_disjoint(&h->include, &h->exclude);
    h->cached = desc->cached;
    esb_qr_link(r, &h->node, h->field_count);
}

void *esb_query_head_create(esb_world_core *core, const esb_component_info *components, const esb_query_desc *desc,
                            esb_query **out, size_t size, size_t align, esb_status *status) {
    *status = esb_core_check_query_create(core, desc, out, components ? &components[0].size : NULL, sizeof *components);
    if (*status != ESB_OK) return NULL;
    esb_query_head *h = esb_mem_calloc(size, align);
    if (!h) {
        *status = ESB_ERR_NOMEM;
        return NULL;
    }
    esb_query_head_init(h, &core->queries, desc);
    return h;
}

#ifdef ESB_CHECKED
void esb_query_terms_check_invariants(const esb_component *fields, uint32_t field_count, const esb_bitset *include,
                                      const esb_bitset *exclude, bool matches_nothing, const esb_bitset *with_data,
                                      uint32_t component_count) {
    ESB_ASSERT(field_count <= ESB_MAX_FIELDS);
    for (esb_component c = component_count; c < ESB_MAX_COMPONENTS; ++c)
        ESB_ASSERT_MSG(!esb_bitset_test(include, c) && !esb_bitset_test(exclude, c),
                       "a term of an unregistered component");
    for (uint32_t k = 0; k < field_count; ++k) {
        ESB_ASSERT_MSG(fields[k] < component_count && esb_bitset_test(include, fields[k]), "a field outside include");
        ESB_ASSERT_MSG(esb_bitset_test(with_data, fields[k]), "a tag as a field");
        for (uint32_t j = 0; j < k; ++j) ESB_ASSERT_MSG(fields[j] != fields[k], "a field listed twice");
    }
    ESB_ASSERT_MSG(matches_nothing == !esb_bitset_disjoint(include, exclude), "matches_nothing is wrong");
}

void esb_query_head_check_invariants(const esb_query_head *h, const esb_component_info *components,
                                     uint32_t component_count) {
    esb_bitset with_data = esb_components_with_data(components, component_count);
    esb_query_terms_check_invariants(h->fields, h->field_count, &h->include, &h->exclude, h->matches_nothing,
                                     &with_data, component_count);
}

void esb_query_heads_check_invariants(const esb_query_registry *r, const esb_component_info *components,
                                      uint32_t component_count,
                                      void (*check_query)(const void *world, const esb_query_head *h),
                                      const void *world) {
    esb_qr_check_invariants(r);
    for (const esb_query_node *n = r->head; n; n = n->next) {
        const esb_query_head *h = (const esb_query_head *)n;
        ESB_ASSERT_MSG(h->registry == r, "a query of another world");
        esb_query_head_check_invariants(h, components, component_count);
        if (check_query) check_query(world, h);
    }
}
#endif
