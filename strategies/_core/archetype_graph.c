#include "archetype_graph.h"

#include <string.h>

#include "grow.h"
#include "memory.h"
#include "world_core.h"

esb_status esb_graph_reserve(esb_archetype_graph *g) {
    esb_status s = esb_grow_one((void **)&g->nodes, g->count, &g->capacity, sizeof *g->nodes, 16, 0);
    return s == ESB_OK ? esb_set_index_reserve(&g->index) : s;
}

ESB_NOINLINE esb_status esb_graph_find(esb_archetype_graph *g, esb_world *w, esb_graph_make make,
                                       const esb_bitset *signature, uint32_t *out) {
    uint32_t found = esb_set_index_find(&g->index, signature);
    if (found == ESB_SET_NONE) return make(w, signature, out);
    *out = found;
    return ESB_OK;
}

ESB_NOINLINE esb_status esb_graph_step_miss(esb_archetype_graph *g, esb_world *w, esb_graph_make make, uint32_t from,
                                            esb_component c, esb_edge_kind kind, uint32_t *out) {
    g->edge_misses++;
    esb_bitset signature = g->nodes[from]->signature;
    if (kind == ESB_EDGE_ADD)
        esb_bitset_set(&signature, c);
    else
        esb_bitset_clear(&signature, c);
    esb_status s = esb_graph_find(g, w, make, &signature, out);
    return s == ESB_OK ? esb_edges_link(&g->nodes[from]->edges, from, &g->nodes[*out]->edges, *out, c, kind,
                                        esb_core_of(w)->component_count)
                       : s;
}

void esb_graph_free(esb_archetype_graph *g, void (*free_archetype)(esb_graph_node *node)) {
    for (uint32_t i = 0; i < g->count; ++i) free_archetype(g->nodes[i]);
    esb_mem_free(g->nodes, g->capacity * sizeof *g->nodes);
    esb_set_index_free(&g->index);
}

#ifdef ESB_CHECKED
#include "check.h"

static const esb_bitset *signature_of(const void *graph, uint32_t id) {
    return &((const esb_archetype_graph *)graph)->nodes[id]->signature;
}

void esb_graph_check_invariants(const esb_archetype_graph *g, uint32_t component_count, uint32_t root) {
    esb_bitset registered = {{0}}, none = {{0}};
    for (esb_component c = 0; c < component_count; ++c) esb_bitset_set(&registered, c);
    ESB_ASSERT(g->count >= 1 && g->count <= g->capacity); /* H1 */
    ESB_ASSERT_MSG(!memcmp(&g->nodes[root]->signature, &none, sizeof none), "the root is not the empty set");
    esb_set_index_check_invariants(&g->index); /* H2 */
    ESB_ASSERT_MSG(g->index.count == g->count, "the set index holds other than the archetypes");
    for (uint32_t id = 0; id < g->count; ++id) {
        const esb_bitset *signature = &g->nodes[id]->signature;
        ESB_ASSERT_MSG(esb_bitset_contains(&registered, signature),
                       "a signature of an unregistered component"); /* H3 */
        ESB_ASSERT_MSG(esb_set_index_find(&g->index, signature) == id, "an archetype the set index does not find");
        esb_edges_check_invariants(&g->nodes[id]->edges, signature, component_count, g->count, signature_of,
                                   g); /* H4 */
    }
}
#endif
