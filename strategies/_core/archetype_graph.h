/* The archetype graph of the designs that keep one group per component set (archetype, chunks, hybrid), as flecs
 * and Bevy do: every archetype the world has made, found by its component set through a hash index, and linked to
 * its neighbours (one component more or less) through edges filled the first time that move happens.
 *
 * Each design's archetype struct begins with an esb_graph_node (its set and edges; asserted beside the struct),
 * so the graph holds the nodes and the design reaches its archetype from a node with a cast. The design makes
 * its archetypes (esb_graph_make: reserve, allocate, append) and frees them; the graph finds, steps and checks.
 *
 * Invariants (esb_graph_check_invariants):
 *  H1 count <= capacity; node `root` is the empty set and no other node is.
 *  H2 The set index holds every node under its signature, and nothing else.
 *  H3 Signatures name registered components only.
 *  H4 Every cached edge leads to the node one component away (edges.h, G1-G2). */
#ifndef ESB_ARCHETYPE_GRAPH_H
#define ESB_ARCHETYPE_GRAPH_H

#include "bitset.h"
#include "edges.h"
#include "inline.h"
#include "set_index.h"

typedef struct esb_graph_node {
    esb_bitset signature; /* every component, tags included */
    esb_edges edges;      /* the archetypes one component more or less away, cached on first use */
} esb_graph_node;

typedef struct esb_archetype_graph {
    esb_graph_node **nodes; /* archetype id -> the node its archetype begins with; pointers stay put as it grows */
    uint32_t count, capacity;
    esb_set_index index; /* archetype id by signature */
    uint64_t edge_hits, edge_misses;
} esb_archetype_graph;

/* A design's maker of an empty archetype with component set `signature` in world w: esb_graph_reserve, then the
 * archetype, then esb_graph_append, whose id it writes to *out. */
typedef esb_status (*esb_graph_make)(esb_world *w, const esb_bitset *signature, uint32_t *out);

/* Makes the root archetype (no component), archetype 0 of a new world. */
static inline esb_status esb_graph_make_root(esb_world *w, esb_graph_make make) {
    esb_bitset none = {{0}};
    uint32_t root;
    return make(w, &none, &root);
}

/* Room for one more archetype in the list and the index (growth only: if making it then fails, they are merely
 * roomier). */
esb_status esb_graph_reserve(esb_archetype_graph *g);

/* Appends a made archetype's node (room reserved), indexed under its signature; returns its id. */
static ESB_ALWAYS_INLINE uint32_t esb_graph_append(esb_archetype_graph *g, esb_graph_node *node) {
    uint32_t id = g->count++;
    g->nodes[id] = node;
    esb_set_index_insert(&g->index, &node->signature, id);
    return id;
}

/* The archetype whose component set is `signature`, made by make(w, ...) if it does not exist yet (O(1)
 * expected). */
esb_status esb_graph_find(esb_archetype_graph *g, esb_world *w, esb_graph_make make, const esb_bitset *signature,
                          uint32_t *out);

/* The miss of esb_graph_step: find (or make) the archetype one component away, then cache the edge and its
 * reverse. Out of line: it runs once per pair of archetypes. */
esb_status esb_graph_step_miss(esb_archetype_graph *g, esb_world *w, esb_graph_make make, uint32_t from,
                               esb_component c, esb_edge_kind kind, uint32_t *out);

/* The archetype reached from `from` by adding or removing c (kind): the cached edge (a hit, inline in every add
 * and remove), else esb_graph_step_miss. NOMEM changes nothing observable. */
static inline esb_status esb_graph_step(esb_archetype_graph *g, esb_world *w, esb_graph_make make, uint32_t from,
                                        esb_component c, esb_edge_kind kind, uint32_t *out) {
    uint32_t to = esb_edges_get(&g->nodes[from]->edges, c, kind);
    if (to == ESB_EDGE_NONE) return esb_graph_step_miss(g, w, make, from, c, kind, out);
    g->edge_hits++;
    *out = to;
    return ESB_OK;
}

/* Frees every archetype (free_archetype, given its node), the list and the index. */
void esb_graph_free(esb_archetype_graph *g, void (*free_archetype)(esb_graph_node *node));

#ifdef ESB_CHECKED
/* Asserts H1-H4 for a world of component_count registered components, whatever the design adds to its
 * archetypes. O(archetypes x registered components). */
void esb_graph_check_invariants(const esb_archetype_graph *g, uint32_t component_count, uint32_t root);
#endif

#endif
