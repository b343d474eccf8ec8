/* World lifetime and component registration. */
#include <string.h>

#include "sparse.h"

esb_status esb_world_create(esb_world **out) {
    return esb_core_create_world(out, sizeof(esb_world), _Alignof(esb_world), NULL);
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->core.queries.head) sp_query_free((esb_query *)w->core.queries.head);
    for (uint32_t c = 0; c < w->core.component_count; ++c) esb_sparse_free(&w->components[c].pool);
    esb_et_free(&w->core.entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"owned_groups", "partial_groups", "non_owned_groups", "group_moves"};
    uint64_t v[] = {0, 0, 0, w ? w->group_moves : 0};
    for (const esb_query *q = w ? w->groups : NULL; q; q = q->next_group) v[q->kind - SP_OWNED]++;
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    esb_status s = esb_core_check_register(esb_core_of(w), desc, out);
    if (s != ESB_OK) return s;
    sp_component *comp = &w->components[w->core.component_count];
    memset(comp, 0, sizeof *comp);
    comp->name = desc->name;
    comp->pool.size = (uint32_t)desc->size;
    comp->pool.align = (uint32_t)desc->align;
    *out = w->core.component_count++;
    return ESB_OK;
}
