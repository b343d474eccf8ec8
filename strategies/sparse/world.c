/* World lifetime and component registration. */
#include <string.h>

#include "validate.h"
#include "sparse.h"

esb_status esb_world_create(esb_world **out) {
    if (!out) return ESB_ERR_INVALID;
    if (!(*out = esb_mem_calloc(sizeof **out, _Alignof(esb_world)))) return ESB_ERR_NOMEM;
    esb_et_init(&(*out)->entities);
    return ESB_OK;
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->queries.head) sp_query_free((esb_query *)w->queries.head);
    for (uint32_t c = 0; c < w->component_count; ++c) esb_sparse_free(&w->components[c].pool);
    esb_et_free(&w->entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"owned_groups", "partial_groups", "non_owned_groups", "group_moves"};
    uint64_t v[] = {0, 0, 0, w ? w->group_moves : 0};
    for (const esb_query *q = w ? w->groups : NULL; q; q = q->next_group) v[q->kind - SP_OWNED]++;
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    if (!w || !out || esb_check_component_desc(desc) != ESB_OK) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->queries)) return ESB_ERR_LOCKED;
    if (w->component_count == ESB_MAX_COMPONENTS) return ESB_ERR_FULL;
    sp_component *comp = &w->components[w->component_count];
    memset(comp, 0, sizeof *comp);
    comp->name = desc->name;
    comp->pool.size = (uint32_t)desc->size;
    comp->pool.align = (uint32_t)desc->align;
    *out = w->component_count++;
    return ESB_OK;
}
