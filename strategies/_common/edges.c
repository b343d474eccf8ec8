#include "edges.h"

#include <string.h>

esb_status esb_edges_set(esb_edges *e, esb_component c, bool add, uint32_t target, uint32_t component_count) {
    if (c >= e->count) {
        esb_edge *edge = esb_mem_realloc(e->edge, e->count * sizeof *edge, component_count * sizeof *edge, 0);
        if (!edge) return ESB_ERR_NOMEM;
        memset(edge + e->count, 0xFF, (component_count - e->count) * sizeof *edge); /* ESB_EDGE_NONE */
        e->edge = edge;
        e->count = component_count;
    }
    *(add ? &e->edge[c].add : &e->edge[c].remove) = target;
    return ESB_OK;
}

esb_status esb_edges_link(esb_edges *from_edges, uint32_t from, esb_edges *to_edges, uint32_t to, esb_component c,
                          bool add, uint32_t component_count) {
    esb_status s = esb_edges_set(from_edges, c, add, to, component_count);
    return s == ESB_OK ? esb_edges_set(to_edges, c, !add, from, component_count) : s;
}

void esb_edges_free(esb_edges *e) {
    esb_mem_free(e->edge, e->count * sizeof *e->edge);
    memset(e, 0, sizeof *e);
}
