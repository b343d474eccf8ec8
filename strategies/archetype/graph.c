/* Archetype creation, the index by component set, and the add/remove edges. */
#include "graph.h"

#include <string.h>

static esb_status list_make_room(esb_world *w) {
    if (w->archetype_count < w->archetype_capacity) return ESB_OK;
    uint32_t capacity = w->archetype_capacity ? w->archetype_capacity * 2 : 16;
    at_archetype **list = esb_mem_realloc(w->archetypes, w->archetype_capacity * sizeof *list,
                                          capacity * sizeof *list, 0);
    if (!list) return ESB_ERR_NOMEM;
    w->archetypes = list;
    w->archetype_capacity = capacity;
    return ESB_OK;
}

static void archetype_free(at_archetype *a) {
    esb_table_free(&a->table);
    esb_mem_free(a->edges, a->edge_count * sizeof *a->edges);
    esb_mem_free(a, sizeof *a);
}

/* Room in the list and the index comes first: if making the archetype then fails, they are merely roomier. */
static esb_status archetype_make(esb_world *w, const esb_bitset *signature, uint32_t *out) {
    esb_status s = list_make_room(w);
    if (s == ESB_OK) s = esb_set_index_reserve(&w->index);
    if (s != ESB_OK) return s;
    at_archetype *a = esb_mem_calloc(sizeof *a, _Alignof(at_archetype));
    if (!a) return ESB_ERR_NOMEM;
    a->signature = *signature;
    if ((s = esb_table_init(&a->table, signature, w->components, w->component_count)) != ESB_OK) {
        archetype_free(a);
        return s;
    }
    uint32_t id = w->archetype_count++;
    w->archetypes[id] = a;
    esb_set_index_insert(&w->index, signature, id);
    *out = id;
    return ESB_OK;
}

esb_status at_graph_init(esb_world *w) {
    esb_bitset none;
    memset(&none, 0, sizeof none);
    uint32_t root;
    return archetype_make(w, &none, &root);
}

void at_graph_free(esb_world *w) {
    for (uint32_t i = 0; i < w->archetype_count; ++i) archetype_free(w->archetypes[i]);
    esb_mem_free(w->archetypes, w->archetype_capacity * sizeof *w->archetypes);
    esb_set_index_free(&w->index);
}

esb_status at_archetype_find(esb_world *w, const esb_bitset *signature, uint32_t *out) {
    uint32_t found = esb_set_index_find(&w->index, signature);
    if (found == ESB_SET_NONE) return archetype_make(w, signature, out);
    *out = found;
    return ESB_OK;
}

/* The edge of archetype a for component c, growing a's edge array to every registered component first; NULL
 * if that allocation fails. */
static at_edge *edge_of(esb_world *w, at_archetype *a, esb_component c) {
    if (c >= a->edge_count) {
        uint32_t count = w->component_count;
        at_edge *edges = esb_mem_realloc(a->edges, a->edge_count * sizeof *edges, count * sizeof *edges, 0);
        if (!edges) return NULL;
        memset(edges + a->edge_count, 0xFF, (count - a->edge_count) * sizeof *edges);
        a->edges = edges;
        a->edge_count = count;
    }
    return &a->edges[c];
}

esb_status at_archetype_step(esb_world *w, uint32_t from, esb_component c, bool add, uint32_t *out) {
    at_archetype *a = w->archetypes[from];
    if (c < a->edge_count) {
        uint32_t to = add ? a->edges[c].add : a->edges[c].remove;
        if (to != AT_NONE) {
            w->edge_hits++;
            *out = to;
            return ESB_OK;
        }
    }
    w->edge_misses++;
    esb_bitset signature = a->signature;
    if (add) esb_bitset_set(&signature, c);
    else esb_bitset_clear(&signature, c);
    esb_status s = at_archetype_find(w, &signature, out);
    if (s != ESB_OK) return s;
    at_edge *forward = edge_of(w, a, c), *back = forward ? edge_of(w, w->archetypes[*out], c) : NULL;
    if (!back) return ESB_ERR_NOMEM; /* the move has not started: nothing observable changed */
    *(add ? &forward->add : &forward->remove) = *out;
    *(add ? &back->remove : &back->add) = from;
    return ESB_OK;
}
