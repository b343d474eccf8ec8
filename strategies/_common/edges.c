#include "edges.h"

#include <string.h>

esb_status esb_edges_set(esb_edges *e, esb_component c, esb_edge_kind kind, uint32_t target, uint32_t component_count) {
    ESB_ASSERT_MSG(c < component_count, "an edge of a component never registered");
    if (c >= e->count) {
        esb_edge *edge = esb_mem_realloc(e->edge, e->count * sizeof *edge, component_count * sizeof *edge, 0);
        if (!edge) return ESB_ERR_NOMEM;
        memset(edge + e->count, 0xFF, (component_count - e->count) * sizeof *edge); /* ESB_EDGE_NONE */
        e->edge = edge;
        e->count = component_count;
    }
    *(kind == ESB_EDGE_ADD ? &e->edge[c].add : &e->edge[c].remove) = target;
    return ESB_OK;
}

esb_status esb_edges_link(esb_edges *from_edges, uint32_t from, esb_edges *to_edges, uint32_t to, esb_component c,
                          esb_edge_kind kind, uint32_t component_count) {
    esb_status s = esb_edges_set(from_edges, c, kind, to, component_count);
    return s == ESB_OK ? esb_edges_set(to_edges, c, esb_edge_reverse(kind), from, component_count) : s;
}

void esb_edges_free(esb_edges *e) {
    esb_mem_free(e->edge, e->count * sizeof *e->edge);
    memset(e, 0, sizeof *e);
}

#ifdef ESB_CHECKED
/* Whether `to` is `from` with exactly c added or removed (kind). */
static bool one_step(const esb_bitset *from, const esb_bitset *to, esb_component c, esb_edge_kind kind) {
    esb_bitset expected = *from;
    if (kind == ESB_EDGE_ADD)
        esb_bitset_set(&expected, c);
    else
        esb_bitset_clear(&expected, c);
    return esb_bitset_test(from, c) != (kind == ESB_EDGE_ADD) && memcmp(&expected, to, sizeof expected) == 0;
}

void esb_edges_check_invariants(const esb_edges *e, const esb_bitset *from, uint32_t component_count,
                                uint32_t archetype_count, esb_edges_set_of set_of, const void *graph) {
    ESB_ASSERT_MSG(e->count <= component_count, "edges for components never registered");
    ESB_ASSERT(e->count == 0 || e->edge != NULL);
    for (esb_component c = 0; c < e->count; ++c)
        for (esb_edge_kind kind = ESB_EDGE_REMOVE; kind <= ESB_EDGE_ADD; ++kind) {
            uint32_t to = esb_edges_get(e, c, kind);
            if (to == ESB_EDGE_NONE) continue;
            ESB_ASSERT_MSG(to < archetype_count, "an edge to an archetype that does not exist");
            ESB_ASSERT_MSG(one_step(from, set_of(graph, to), c, kind),
                           "an edge to an archetype that is not the neighbour");
        }
}
#endif
