/* The edges of an archetype graph (flecs, Bevy): per component id, the archetype reached by adding that
 * component and the one reached by removing it, cached the first time that move happens. The array is sized to
 * the registered components when first needed and regrown for components registered later. */
#ifndef ESB_EDGES_H
#define ESB_EDGES_H

#include "bitset.h"
#include "check.h"
#include "contract.h"

#define ESB_EDGE_NONE UINT32_MAX /* not cached yet */

/* Which way an edge goes: by adding its component, or by removing it. */
typedef enum esb_edge_kind { ESB_EDGE_REMOVE, ESB_EDGE_ADD } esb_edge_kind;

static inline esb_edge_kind esb_edge_reverse(esb_edge_kind kind) {
    return kind == ESB_EDGE_ADD ? ESB_EDGE_REMOVE : ESB_EDGE_ADD;
}

typedef struct esb_edge {
    uint32_t add, remove; /* target archetype ids, or ESB_EDGE_NONE */
} esb_edge;

/* Invariants (esb_edges_check_invariants, given the archetype the edges leave from and the graph):
 *  G1 count is at most the registered components (the array is sized to them when first needed).
 *  G2 A cached add edge of c leaves an archetype without c for the existing archetype whose set is its own plus
 *     c; a cached remove edge of c leaves one with c for the one whose set is its own minus c. */
typedef struct esb_edges {
    esb_edge *edge; /* count entries indexed by component id */
    uint32_t count;
} esb_edges;

/* The cached target of adding or removing c (kind), or ESB_EDGE_NONE. */
static inline uint32_t esb_edges_get(const esb_edges *e, esb_component c, esb_edge_kind kind) {
    if (c >= e->count) return ESB_EDGE_NONE;
    return kind == ESB_EDGE_ADD ? e->edge[c].add : e->edge[c].remove;
}

/* Caches a target; ESB_ERR_NOMEM (nothing cached, nothing changed) if the array had to grow and could not.
 * component_count is the world's number of registered components (> c). */
esb_status esb_edges_set(esb_edges *e, esb_component c, esb_edge_kind kind, uint32_t target, uint32_t component_count);

/* Caches a move found by lookup in both directions: adding or removing c (kind) leads from archetype `from` to
 * `to`, and the opposite change leads back. ESB_ERR_NOMEM leaves at most one of the two cached. */
esb_status esb_edges_link(esb_edges *from_edges, uint32_t from, esb_edges *to_edges, uint32_t to, esb_component c,
                          esb_edge_kind kind, uint32_t component_count);

void esb_edges_free(esb_edges *e);

#ifdef ESB_CHECKED
/* The component set of archetype `id` in a design's graph. */
typedef const esb_bitset *(*esb_edges_set_of)(const void *graph, uint32_t id);

/* Asserts G1-G2 for the edges of an archetype with component set `from`, in a graph of archetype_count
 * archetypes whose sets set_of gives. O(count). */
void esb_edges_check_invariants(const esb_edges *e, const esb_bitset *from, uint32_t component_count,
                                uint32_t archetype_count, esb_edges_set_of set_of, const void *graph);
#endif

#endif
