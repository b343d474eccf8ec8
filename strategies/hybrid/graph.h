/* Archetypes and tables: found by component set through hash indices, made on first need; archetypes linked
 * by add/remove edges; an archetype's own rows (entity, table row). */
#ifndef HYBRID_GRAPH_H
#define HYBRID_GRAPH_H

#include "hybrid.h"

/* Makes the empty archetype and the table without columns. */
esb_status hy_graph_init(esb_world *w);

/* Frees every archetype and table, and the indices. */
void hy_graph_free(esb_world *w);

/* Find by component set and step along an edge (_common/archetype_graph.h); a new archetype is empty, and its
 * table is made with it if that is new too (NOMEM may leave a new empty table behind, which nothing observes). */
esb_status hy_archetype_find(esb_world *w, const esb_bitset *signature, uint32_t *out);
esb_status hy_archetype_step(esb_world *w, uint32_t from, esb_component c, bool add, uint32_t *out);

/* Room for `extra` more rows in an archetype's own lists (all or nothing). */
esb_status hy_archetype_reserve(hy_archetype *a, uint64_t extra);

static inline uint32_t hy_archetype_push(hy_archetype *a, esb_entity e, uint32_t table_row) {
    uint32_t row = a->count++;
    a->entities[row] = e;
    a->table_rows[row] = table_row;
    return row;
}

/* Removes an archetype row by moving the last one into it; returns the handle that moved into `row`, or
 * ESB_ENTITY_NULL when `row` was the last. */
static inline esb_entity hy_archetype_swap_remove(hy_archetype *a, uint32_t row) {
    uint32_t last = --a->count;
    if (row == last) return ESB_ENTITY_NULL;
    a->entities[row] = a->entities[last];
    a->table_rows[row] = a->table_rows[last];
    return a->entities[row];
}

#endif
