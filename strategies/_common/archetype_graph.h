/* Finding an archetype by its component set and stepping along the graph's add/remove edges (flecs and Bevy),
 * written once for the designs with an archetype graph (archetype, hybrid). The design's world keeps
 * `archetypes` (pointers to archetypes that have a `signature` bitset and `edges`), the set index named by the
 * `index` argument, and the counters `edge_hits` and `edge_misses`; it supplies `make(w, signature, out)`, which
 * makes an empty archetype. ESB_ARCHETYPE_GRAPH_DECLARE(prefix), in the design's header, declares and
 * ESB_ARCHETYPE_GRAPH(prefix, index, make), in its graph.c, defines:
 *
 *   esb_status prefix_graph_root(esb_world *w)
 *       makes the root archetype (no component), as archetype 0; for a new world;
 *   esb_status prefix_archetype_find(esb_world *w, const esb_bitset *signature, uint32_t *out)
 *       the archetype whose component set is `signature`, made if it does not exist yet (O(1) expected);
 *   esb_status prefix_archetype_step(esb_world *w, uint32_t from, esb_component c, bool add, uint32_t *out)
 *       the archetype reached from `from` by adding (add) or removing c: the cached edge (a hit), else `find`
 *       (a miss), after which the edge and its reverse are cached. NOMEM changes nothing observable.
 *
 * They are the design's own functions, so its add/remove path inlines them as before. */
#ifndef ESB_ARCHETYPE_GRAPH_H
#define ESB_ARCHETYPE_GRAPH_H

#include "edges.h"
#include "inline.h"
#include "set_index.h"

#define ESB_ARCHETYPE_GRAPH_DECLARE(prefix)                                                                         \
    esb_status prefix##_graph_root(esb_world *w);                                                                   \
    esb_status prefix##_archetype_find(esb_world *w, const esb_bitset *signature, uint32_t *out);                   \
    esb_status prefix##_archetype_step_miss(esb_world *w, uint32_t from, esb_component c, bool add, uint32_t *out); \
    /* the hit inline, in every add and remove; the miss (find, then cache the edges) out of line */                \
    static inline esb_status prefix##_archetype_step(esb_world *w, uint32_t from, esb_component c, bool add,        \
                                                     uint32_t *out) {                                               \
        uint32_t to = esb_edges_get(&w->archetypes[from]->edges, c, add);                                           \
        if (to == ESB_EDGE_NONE) return prefix##_archetype_step_miss(w, from, c, add, out);                         \
        w->edge_hits++;                                                                                             \
        *out = to;                                                                                                  \
        return ESB_OK;                                                                                              \
    }

#define ESB_ARCHETYPE_GRAPH(prefix, index, make)                                                                     \
    esb_status prefix##_graph_root(esb_world *w) {                                                                   \
        esb_bitset none = {{0}};                                                                                     \
        uint32_t root;                                                                                               \
        return make(w, &none, &root);                                                                                \
    }                                                                                                                \
                                                                                                                     \
    esb_status prefix##_archetype_find(esb_world *w, const esb_bitset *signature, uint32_t *out) {                   \
        uint32_t found = esb_set_index_find(&w->index, signature);                                                   \
        if (found == ESB_SET_NONE) return make(w, signature, out);                                                   \
        *out = found;                                                                                                \
        return ESB_OK;                                                                                               \
    }                                                                                                                \
                                                                                                                     \
    ESB_NOINLINE esb_status prefix##_archetype_step_miss(esb_world *w, uint32_t from, esb_component c, bool add,     \
                                                         uint32_t *out) {                                            \
        w->edge_misses++;                                                                                            \
        esb_bitset signature = w->archetypes[from]->signature;                                                       \
        if (add)                                                                                                     \
            esb_bitset_set(&signature, c);                                                                           \
        else                                                                                                         \
            esb_bitset_clear(&signature, c);                                                                         \
        esb_status s = prefix##_archetype_find(w, &signature, out);                                                  \
        return s == ESB_OK ? esb_edges_link(&w->archetypes[from]->edges, from, &w->archetypes[*out]->edges, *out, c, \
                                            add, w->component_count)                                                 \
                           : s;                                                                                      \
    }

#endif
