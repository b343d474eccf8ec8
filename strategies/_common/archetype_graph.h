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
#include "grow.h"
#include "inline.h"
#include "memory.h"
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

/* ESB_ARCHETYPE_LIST(prefix, index, free_one), in the design's graph.c after its free_one(archetype) and before
 * its `make`, defines what making and freeing archetypes do with the world's list of them and its set index:
 *   esb_status prefix_list_reserve(esb_world *w)
 *       room for one more archetype in both (growth only: if making it then fails, they are merely roomier);
 *   uint32_t prefix_list_append(esb_world *w, void *a, const esb_bitset *signature)
 *       appends a made archetype (room reserved), indexed under signature; returns its id;
 *   void prefix_list_free(esb_world *w)
 *       frees every archetype (free_one), the list and the index. */
#define ESB_ARCHETYPE_LIST(prefix, index, free_one)                                                              \
    static ESB_ALWAYS_INLINE esb_status prefix##_list_reserve(esb_world *w) {                                    \
        esb_status s = esb_grow_one((void **)&w->archetypes, w->archetype_count, &w->archetype_capacity,         \
                                    sizeof *w->archetypes, 16, 0);                                               \
        return s == ESB_OK ? esb_set_index_reserve(&w->index) : s;                                               \
    }                                                                                                            \
    static ESB_ALWAYS_INLINE uint32_t prefix##_list_append(esb_world *w, void *a, const esb_bitset *signature) { \
        uint32_t id = w->archetype_count++;                                                                      \
        w->archetypes[id] = a;                                                                                   \
        esb_set_index_insert(&w->index, signature, id);                                                          \
        return id;                                                                                               \
    }                                                                                                            \
    static void prefix##_list_free(esb_world *w) {                                                               \
        for (uint32_t i = 0; i < w->archetype_count; ++i) free_one(w->archetypes[i]);                            \
        esb_mem_free(w->archetypes, w->archetype_capacity * sizeof *w->archetypes);                              \
        esb_set_index_free(&w->index);                                                                           \
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

#ifdef ESB_CHECKED
#include <string.h>

#include "check.h"

/* ESB_ARCHETYPE_GRAPH_CHECK(prefix, index, root), in the design's check.c, defines prefix_graph_check(w), which
 * asserts what every archetype graph keeps, whatever the design adds to it: archetype `root` is the empty set and
 * there is no other archetype without it; the set index holds every archetype under its signature and nothing
 * else; signatures name registered components only; every cached edge leads to the archetype one component away
 * (edges.h). O(archetypes x registered components). */
#define ESB_ARCHETYPE_GRAPH_CHECK(prefix, index, root)                                                                 \
    static const esb_bitset *prefix##_signature_of(const void *world, uint32_t id) {                                   \
        return &((const esb_world *)world)->archetypes[id]->signature;                                                 \
    }                                                                                                                  \
    static void prefix##_graph_check(const esb_world *w) {                                                             \
        esb_bitset registered = {{0}}, none = {{0}};                                                                   \
        for (esb_component c = 0; c < w->component_count; ++c) esb_bitset_set(&registered, c);                         \
        ESB_ASSERT(w->archetype_count >= 1 && w->archetype_count <= w->archetype_capacity);                            \
        ESB_ASSERT_MSG(!memcmp(&w->archetypes[root]->signature, &none, sizeof none), "the root is not the empty set"); \
        esb_set_index_check_invariants(&w->index);                                                                     \
        ESB_ASSERT_MSG(w->index.count == w->archetype_count, "the set index holds other than the archetypes");         \
        for (uint32_t id = 0; id < w->archetype_count; ++id) {                                                         \
            const esb_bitset *signature = &w->archetypes[id]->signature;                                               \
            ESB_ASSERT_MSG(esb_bitset_contains(&registered, signature), "a signature of an unregistered component");   \
            ESB_ASSERT_MSG(esb_set_index_find(&w->index, signature) == id,                                             \
                           "an archetype the set index does not find");                                                \
            esb_edges_check_invariants(&w->archetypes[id]->edges, signature, w->component_count, w->archetype_count,   \
                                       prefix##_signature_of, w);                                                      \
        }                                                                                                              \
    }
#endif

#endif
