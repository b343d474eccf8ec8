/* World lifetime, component registration, counters and growth of the entity index. */
#include <string.h>

#include "graph.h"
#include "validate.h"
#include "archetype.h"

esb_status esb_world_create(esb_world **out) {
    if (!out) return ESB_ERR_INVALID;
    esb_world *w = esb_mem_calloc(sizeof *w, _Alignof(esb_world));
    if (!w) return ESB_ERR_NOMEM;
    esb_et_init(&w->entities);
    if (at_graph_init(w) != ESB_OK) {
        at_graph_free(w);
        esb_mem_free(w, sizeof *w);
        return ESB_ERR_NOMEM;
    }
    *out = w;
    return ESB_OK;
}

void esb_world_destroy(esb_world *w) {
    if (!w) return;
    while (w->queries.head) at_query_free((esb_query *)w->queries.head);
    at_graph_free(w);
    esb_mem_free(w->locations, (size_t)w->capacity * sizeof *w->locations);
    esb_et_free(&w->entities);
    esb_mem_free(w, sizeof *w);
}

size_t esb_world_counters(const esb_world *w, const char **names, uint64_t *values, size_t cap) {
    const char *n[] = {"archetypes", "edge_hits", "edge_misses", "moves"};
    uint64_t v[] = {w ? w->archetype_count : 0, w ? w->edge_hits : 0, w ? w->edge_misses : 0, w ? w->moves : 0};
    return esb_copy_counters(n, v, sizeof n / sizeof *n, names, values, cap);
}

esb_status esb_component_register(esb_world *w, const esb_component_desc *desc, esb_component *out) {
    if (!w || !out || esb_check_component_desc(desc) != ESB_OK) return ESB_ERR_INVALID;
    if (esb_qr_locked(&w->queries)) return ESB_ERR_LOCKED;
    if (w->component_count == ESB_MAX_COMPONENTS) return ESB_ERR_FULL;
    esb_component c = w->component_count++;
    w->components[c] = (esb_component_info){desc->name, (uint32_t)desc->size, (uint32_t)desc->align, desc->hint};
    *out = c;
    return ESB_OK;
}
