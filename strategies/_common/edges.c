#include "edges.h"

#include <string.h>

esb_status esb_edges_set(esb_edges *e, esb_component c, bool add, uint32_t target, uint32_t component_count) {
    ESB_ASSERT_MSG(c < component_count, "an edge of a component never registered");
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

#ifdef ESB_CHECKED
/* Whether `to` is `from` with exactly c added (add) or removed (!add). */
static bool one_step(const esb_bitset *from, const esb_bitset *to, esb_component c, bool add) {
    esb_bitset expected = *from;
    if (add)
        esb_bitset_set(&expected, c);
    else
        esb_bitset_clear(&expected, c);
    return esb_bitset_test(from, c) != add && memcmp(&expected, to, sizeof expected) == 0;
}

void esb_edges_check_invariants(const esb_edges *e, const esb_bitset *from, uint32_t component_count,
                                uint32_t archetype_count, esb_edges_set_of set_of, const void *graph) {
    ESB_ASSERT_MSG(e->count <= component_count, "edges for components never registered");
    ESB_ASSERT(e->count == 0 || e->edge != NULL);
    for (esb_component c = 0; c < e->count; ++c)
        for (int add = 0; add <= 1; ++add) {
            uint32_t to = add ? e->edge[c].add : e->edge[c].remove;
            if (to == ESB_EDGE_NONE) continue;
            ESB_ASSERT_MSG(to < archetype_count, "an edge to an archetype that does not exist");
            ESB_ASSERT_MSG(one_step(from, set_of(graph, to), c, add),
                           "an edge to an archetype that is not the neighbour");
        }
}
#endif
