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

void esb_edges_free(esb_edges *e) {
    esb_mem_free(e->edge, e->count * sizeof *e->edge);
    memset(e, 0, sizeof *e);
}
